//! Document 003's MultiMaze answer key, readable: every route in its own lane (routes that
//! share a corridor run side by side, never over each other), a fifth of a cell wide, in
//! colours that stand out from the bare floor they are drawn on; every start and its end
//! numbered alike on the key (and on the puzzle only when asked: the pairing is the
//! player's to find); and a closed border.

use maze_core::imperfect::place_starts_and_ends;
use maze_core::solve::answer_key;
use maze_core::{Algorithm, Hex, Maze, Point, Shape, Solver, Square, Triangle, Xoshiro};
use maze_render::scene::{Fill, Overlay, ROUTE_WIDTH, lanes, numbers, offset_line, scene};
use maze_render::style::{Colour, ROUTE_COLOURS, Style, contrast};

/// A MultiMaze of `starts` and `ends` on `shape`, made by Aldous-Broder as document 003.
fn multimaze<S: Shape>(shape: S, starts: u32, ends: u32, seed: u64) -> Maze<S> {
    let mut maze = Maze::new(shape);
    let mut rng = Xoshiro::seed_from_u64(seed);
    Algorithm::AldousBroder.generate(&mut maze, &Default::default(), &mut rng, &mut ()).expect("generates");
    place_starts_and_ends(&mut maze, starts, ends, &mut rng).expect("dots");
    maze.open_entrance_and_exit();
    maze
}

/// Whether two segments lie on one line and overlap over more than a point.
fn overlap(a: [Point; 2], b: [Point; 2]) -> bool {
    let (dx, dy) = (a[1].x - a[0].x, a[1].y - a[0].y);
    let len = dx.hypot(dy);
    if len < 1e-9 {
        return false;
    }
    let across = |p: Point| ((p.x - a[0].x) * dy - (p.y - a[0].y) * dx) / len;
    if across(b[0]).abs() > 1e-6 || across(b[1]).abs() > 1e-6 {
        return false;
    }
    let along = |p: Point| ((p.x - a[0].x) * dx + (p.y - a[0].y) * dy) / len;
    let (lo, hi) = (along(b[0]).min(along(b[1])), along(b[0]).max(along(b[1])));
    hi.min(len) - lo.max(0.0) > 1e-6
}

fn check<S: Shape>(shape: S) {
    let kind = shape.spec().kind;
    let mut shared_seen = false;
    for seed in 0..12 {
        let maze = multimaze(shape.clone(), 4, 4, seed);
        let key = answer_key(&maze);
        assert_eq!(key.len(), 4, "{kind:?} seed {seed}");
        let sol = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
        let solved = scene(&maze, &Overlay { solution: Some(&sol), ..Overlay::default() });
        assert_eq!(solved.routes.len(), 4);
        // Routes that share a corridor (a passage used by two of them) ...
        let steps = |r: &maze_core::solve::Route| -> Vec<(u32, u32)> {
            r.path.windows(2).map(|w| (w[0].0.min(w[1].0), w[0].0.max(w[1].0))).collect()
        };
        for i in 0..key.len() {
            for j in i + 1..key.len() {
                let shared = steps(&key[i]).iter().any(|s| steps(&key[j]).contains(s));
                shared_seen |= shared;
                // ... are never drawn over each other: no piece of one lies on a piece of
                // the other.
                for a in solved.routes[i].windows(2) {
                    for b in solved.routes[j].windows(2) {
                        assert!(
                            !overlap([a[0], a[1]], [b[0], b[1]]),
                            "{kind:?} seed {seed}: routes {} and {} overlap at {a:?} / {b:?}",
                            i + 1,
                            j + 1
                        );
                    }
                }
            }
        }
        // Four lines side by side do not touch: lanes are wider apart than a line, which is
        // a fifth of a cell.
        let (spacing, width) = lanes(4);
        assert!(width < spacing && (solved.route_width - width * solved.cell).abs() < 1e-9);
        assert!(solved.route_width >= 0.2 * solved.cell - 1e-12, "{kind:?}: {}", solved.route_width);
        // The puzzle leaves the pairing to the player: plain dots, no numbers.
        let puzzle = scene(&maze, &Overlay::default());
        assert!(puzzle.labels.is_empty(), "{kind:?} seed {seed}: the puzzle gives the pairing away");
        // Every start and its end are numbered alike on the key, and on a puzzle numbered on
        // request.
        let numbered = scene(&maze, &Overlay { numbered: true, ..Overlay::default() });
        assert_eq!(numbered.labels, solved.labels, "{kind:?} seed {seed}");
        for (i, route) in key.iter().enumerate() {
            let n = (i + 1).to_string();
            let label_at =
                |c| solved.labels.iter().find(|(p, _)| *p == maze.shape().centre(c)).map(|(_, t)| t);
            assert_eq!(label_at(route.start), Some(&n));
            assert!(
                label_at(route.end).is_some_and(|t| t.split(',').any(|m| m == n)),
                "{kind:?} seed {seed}"
            );
        }
        // Without dots there are no numbers; a one-route maze has none either.
        let bare = Overlay { no_markers: true, numbered: true, ..Overlay::default() };
        assert!(scene(&maze, &bare).labels.is_empty());
        assert!(
            scene(&maze, &Overlay { solution: Some(&sol), no_markers: true, ..Overlay::default() })
                .labels
                .is_empty()
        );
        let mut single = Maze::new(shape.clone());
        single.open_entrance_and_exit();
        assert!(scene(&single, &Overlay::default()).labels.is_empty());
    }
    assert!(shared_seen, "{kind:?}: no seed made two routes share a corridor; the test proves nothing");
}

#[test]
fn routes_run_in_their_own_lanes_and_dots_are_numbered() {
    check(Square::new(10, 8));
    check(Hex::new(9, 7));
    check(Triangle::new(12, 7));
}

#[test]
fn an_end_shared_by_several_starts_has_all_their_numbers() {
    let maze = multimaze(Square::new(8, 6), 5, 1, 2);
    let key = answer_key(&maze);
    let labels = numbers(&key);
    let end = labels.iter().find(|(c, _)| *c == maze.exit()).map(|(_, t)| t.as_str());
    assert_eq!(end, Some("1,2,3,4,5"));
}

#[test]
fn an_offset_line_keeps_its_distance_and_direction() {
    let p = |x, y| Point { x, y };
    let line = [p(0.5, 0.5), p(2.5, 0.5), p(2.5, 3.5), p(0.5, 3.5)];
    let moved = offset_line(&line, 0.1);
    // Level segments move down, upright ones right, whichever way the line runs.
    assert_eq!(moved, vec![p(0.5, 0.6), p(2.6, 0.6), p(2.6, 3.6), p(0.5, 3.6)]);
    let back: Vec<Point> = line.iter().rev().copied().collect();
    let mut again = offset_line(&back, 0.1);
    again.reverse();
    assert_eq!(again, moved, "the same side whichever way the line runs");
    assert_eq!(offset_line(&line, 0.0), line.to_vec());
    assert_eq!(offset_line(&[p(1.0, 1.0), p(1.0, 1.0)], 0.3), vec![p(1.0, 1.0)]);
}

/// Every lane is a fifth of a cell wide whatever the number of routes, and the lanes of a
/// corridor stay clear of its walls (the outer lines' edges within 0.44 of a cell of its
/// middle); lines side by side touch only above four routes.
#[test]
fn lanes_are_a_fifth_of_a_cell_and_stay_between_the_walls() {
    for routes in 1..=64 {
        let (spacing, width) = lanes(routes);
        assert!(width >= 0.2 && width == ROUTE_WIDTH, "{routes}: {width}");
        let outer = (routes as f64 - 1.0) / 2.0 * spacing + width / 2.0;
        assert!(outer <= 0.44 + 1e-12, "{routes} routes reach {outer} from the middle");
        assert!(spacing > 0.0 && spacing <= 0.25);
        if routes <= 4 {
            assert!(spacing > width, "{routes} routes: lines side by side touch");
        }
    }
}

/// Every route colour has at least WCAG's 3:1 contrast (for graphics) with what it is drawn
/// on: the key shades no cells under its lines (dark grey under them hid olive and brown),
/// so that is the page's background, on every shape.
#[test]
fn every_route_colour_stands_out_on_what_it_is_drawn_on() {
    let colour = |s: &str| s.parse::<Colour>().expect("a colour");
    let style = Style::default();
    let page = colour(&style.background);
    for c in ROUTE_COLOURS {
        let ratio = contrast(colour(c), page);
        assert!(ratio >= 3.0, "{c} on {}: {ratio:.2}", style.background);
    }
    fn shading<S: Shape>(shape: S) -> Vec<Fill> {
        let mut under = Vec::new();
        for seed in 0..6 {
            let maze = multimaze(shape.clone(), 5, 5, seed);
            let sol = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
            // Shading asked for (as by default): none under the route lines all the same ...
            let key = scene(&maze, &Overlay { solution: Some(&sol), visited: true, ..Overlay::default() });
            assert_eq!(key.routes.len(), 5);
            under.extend(key.fills.iter().map(|(_, f)| *f));
            // ... while the documents' style, which has no lines, shades the route cells.
            let document =
                Overlay { solution: Some(&sol), visited: true, no_line: true, ..Overlay::default() };
            let shaded = scene(&maze, &document);
            assert!(shaded.routes.is_empty() && shaded.fills.iter().any(|(_, f)| *f == Fill::Path));
        }
        under
    }
    for under in [shading(Square::new(10, 8)), shading(Hex::new(9, 7)), shading(Triangle::new(12, 7))] {
        assert!(under.is_empty(), "cells shaded under the routes: {under:?}");
    }
}
