//! Document 003's MultiMaze answer key, readable: every route in its own lane (routes that
//! share a corridor run side by side, never over each other), every start and its end
//! numbered alike on the puzzle and on the key, and a closed border.

use maze_core::imperfect::place_starts_and_ends;
use maze_core::solve::answer_key;
use maze_core::{Algorithm, Hex, Maze, Point, Shape, Solver, Square, Triangle, Xoshiro};
use maze_render::scene::{Overlay, lanes, numbers, offset_line, scene};

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
        // Lines side by side do not touch: lanes are wider apart than a line.
        let (spacing, width) = lanes(4);
        assert!(width < spacing && (solved.route_width - width * solved.cell).abs() < 1e-9);
        // Every start and its end are numbered alike, on the puzzle and on the key.
        let puzzle = scene(&maze, &Overlay::default());
        assert_eq!(puzzle.labels, solved.labels, "{kind:?} seed {seed}");
        for (i, route) in key.iter().enumerate() {
            let n = (i + 1).to_string();
            let label_at =
                |c| puzzle.labels.iter().find(|(p, _)| *p == maze.shape().centre(c)).map(|(_, t)| t);
            assert_eq!(label_at(route.start), Some(&n));
            assert!(
                label_at(route.end).is_some_and(|t| t.split(',').any(|m| m == n)),
                "{kind:?} seed {seed}"
            );
        }
        // Without dots there are no numbers; a one-route maze has none either.
        assert!(scene(&maze, &Overlay { no_markers: true, ..Overlay::default() }).labels.is_empty());
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
