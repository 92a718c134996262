//! Animations: every generator on every shape it supports, and every solver, recorded and
//! written as a GIF, decoded by the `gif` crate and composited frame by frame. The first
//! frame is pixel for pixel a PNG of the starting maze (all walls closed for generators),
//! the last a PNG of the finished maze, the frame count is within the budget, and a replay
//! of the trace rebuilds the maze. `gifsicle --info` must count the same frames (it exits 0
//! on truncated files, so the count is the check); animated SVGs pass `xmllint` and show
//! the finished maze in viewers without animation (`rsvg-convert`). Missing tools skip with
//! a note unless MAZE_REQUIRE_VALIDATORS=1.

use std::collections::BTreeSet;
use std::process::Command;

use maze_core::{
    Algorithm, CellId, Event, Hex, Maze, Point, Random, Shape, Solution, Solver, Square, Trace, Triangle,
    Xoshiro,
};
use maze_render::animate::{self, Animation, Player, Recording, Timing};
use maze_render::png;
use maze_render::scene::{Overlay, scene};
use maze_render::style::{Colour, Style};
use maze_testkit::{have, tempdir};

/// Thick walls for pixel checks.
fn style() -> Style {
    Style { cell_size: 20.0, wall_width: 4.0, margin: 10.0, ..Style::default() }
}

/// A decoded GIF: every frame composited onto the ones before, as RGB.
struct Decoded {
    width: u32,
    height: u32,
    frames: Vec<Vec<[u8; 3]>>,
    /// Each frame's delay, in centiseconds.
    delays: Vec<u16>,
    repeat: gif::Repeat,
}

fn decode(bytes: &[u8]) -> Decoded {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("gif header");
    let (w, h) = (u32::from(decoder.width()), u32::from(decoder.height()));
    let palette = decoder.global_palette().expect("a global palette").to_vec();
    let colour = |i: u8| {
        let i = usize::from(i) * 3;
        [palette[i], palette[i + 1], palette[i + 2]]
    };
    let mut screen = vec![colour(0); (w * h) as usize];
    let mut frames = Vec::new();
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("gif frame") {
        assert!(frame.palette.is_none(), "frames use the global palette");
        assert!(
            matches!(frame.dispose, gif::DisposalMethod::Keep | gif::DisposalMethod::Any),
            "frames build on the one before"
        );
        let (left, top) = (u32::from(frame.left), u32::from(frame.top));
        assert!(left + u32::from(frame.width) <= w && top + u32::from(frame.height) <= h);
        for y in 0..u32::from(frame.height) {
            for x in 0..u32::from(frame.width) {
                let i = frame.buffer[(y * u32::from(frame.width) + x) as usize];
                if Some(i) != frame.transparent {
                    screen[((top + y) * w + left + x) as usize] = colour(i);
                }
            }
        }
        frames.push(screen.clone());
        delays.push(frame.delay);
    }
    Decoded { width: w, height: h, frames, delays, repeat: decoder.repeat() }
}

/// Decodes a PNG into RGB.
fn png_rgb(bytes: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(::png::Transformations::EXPAND | ::png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("png frame");
    let n = info.color_type.samples();
    let px = buf[..info.buffer_size()].chunks(n).map(|p| [p[0], p[1], p[2]]).collect();
    (info.width, info.height, px)
}

/// Asserts a frame is pixel for pixel the PNG of a maze with an overlay.
fn same_as_png<S: Shape>(frame: &[[u8; 3]], g: &Decoded, maze: &Maze<S>, overlay: &Overlay<'_>, what: &str) {
    let (w, h, px) = png_rgb(&png::png(&scene(maze, overlay), &style()).expect("png"));
    assert_eq!((w, h), (g.width, g.height), "{what}: size");
    let differ = frame.iter().zip(&px).filter(|(a, b)| a != b).count();
    assert_eq!(differ, 0, "{what}: {differ} pixels differ from the PNG");
}

/// Checks every wall midpoint: dark exactly where the maze has a closed wall.
fn walls_match<S: Shape>(frame: &[[u8; 3]], width: u32, maze: &Maze<S>, what: &str) {
    let s = style();
    let shape = maze.shape();
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            let [a, b] = shape.wall_segment(cell, d);
            let mid = Point { x: (a.x + b.x) / 2.0, y: (a.y + b.y) / 2.0 };
            let x = (s.margin + mid.x * s.cell_size).floor() as u32;
            let y = (s.margin + mid.y * s.cell_size).floor() as u32;
            let [r, g, b] = frame[(y * width + x) as usize];
            let dark = u32::from(r) + u32::from(g) + u32::from(b) < 300;
            assert_eq!(dark, !maze.is_open(cell, d), "{what}: cell {c} door {d:?}");
        }
    }
}

fn options(frames: usize) -> Animation {
    Animation { frames, markers: false, ..Animation::default() }
}

/// Generates with a full trace; returns the start, the trace and the finished maze.
fn record<S: Shape>(shape: &S, alg: Algorithm, seed: u64) -> (Maze<S>, Trace, Maze<S>) {
    let start = Maze::new(shape.clone());
    let mut maze = start.clone();
    let mut trace = Trace::with_limit(usize::MAX);
    alg.generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(seed), &mut trace)
        .expect("supported");
    (start, trace, maze)
}

fn check_generators<S: Shape>(shape: S) {
    const BUDGET: usize = 30;
    let spec = shape.spec();
    for &alg in Algorithm::ALL.iter().filter(|a| a.supports(&shape)) {
        let what = format!("{alg} on {:?}", spec.kind);
        let (start, trace, mut maze) = record(&shape, alg, 7);
        // Replaying the trace forwards from the start rebuilds the maze exactly.
        let mut player = Player::new(&start);
        for &e in &trace.events {
            player.apply(e);
        }
        assert_eq!(player.maze().passages(), maze.passages(), "{what}: replay differs");
        maze.open_entrance_and_exit();
        let rec = Recording { start: &start, events: &trace.events, end: &maze, solution: None };
        let bytes = animate::gif(&rec, &style(), &options(BUDGET)).expect("gif");
        let g = decode(&bytes);
        let n = g.frames.len();
        assert!((2..=BUDGET).contains(&n), "{what}: {n} frames for a budget of {BUDGET}");
        assert!(n > 10, "{what}: only {n} frames of {} events", trace.events.len());
        let plain = Overlay { no_markers: true, ..Overlay::default() };
        // The first frame is the field the generator starts from: the closed grid, or the
        // open field for a wall adder (its leading reset).
        let mut opening = Player::new(&start);
        for &e in trace.events.iter().take_while(|e| matches!(e, Event::Reset { .. })) {
            opening.apply(e);
        }
        let first = opening.maze();
        same_as_png(&g.frames[0], &g, first, &plain, &format!("{what}, first frame"));
        walls_match(&g.frames[0], g.width, first, &format!("{what}, first frame"));
        let adds_walls = matches!(alg, Algorithm::QuadDivision | Algorithm::RecursiveDivision);
        assert_eq!(first.passage_count() > maze.passage_count(), adds_walls, "{what}: first frame");
        same_as_png(&g.frames[n - 1], &g, &maze, &plain, &format!("{what}, last frame"));
        walls_match(&g.frames[n - 1], g.width, &maze, &format!("{what}, last frame"));
        assert_eq!(g.repeat, gif::Repeat::Infinite, "{what}: loops");
        // Deterministic.
        assert_eq!(bytes, animate::gif(&rec, &style(), &options(BUDGET)).expect("gif"), "{what}");
    }
}

#[test]
fn every_generator_animates_from_its_starting_field_to_the_finished_maze_on_every_shape() {
    check_generators(Square::new(8, 6));
    check_generators(Hex::new(8, 6));
    check_generators(Triangle::new(8, 6));
}

fn check_solvers<S: Shape>(shape: S) {
    const BUDGET: usize = 30;
    let (_, _, mut maze) = record(&shape, Algorithm::Wilson, 3);
    maze.open_entrance_and_exit();
    for &solver in Solver::ALL {
        let what = format!("{solver} on {:?}", shape.spec().kind);
        let mut trace = Trace::with_limit(usize::MAX);
        let sol = solver.solve(&maze, maze.entrance(), maze.exit(), &mut trace).expect("solvable");
        let rec = Recording { start: &maze, events: &trace.events, end: &maze, solution: Some(&sol) };
        // With the start and end dots this time.
        let opts = Animation { markers: true, ..options(BUDGET) };
        let g = decode(&animate::gif(&rec, &style(), &opts).expect("gif"));
        let n = g.frames.len();
        assert!((3..=BUDGET).contains(&n), "{what}: {n} frames");
        same_as_png(&g.frames[0], &g, &maze, &Overlay::default(), &format!("{what}, first frame"));
        let solved = Overlay { solution: Some(&sol), visited: true, ..Overlay::default() };
        same_as_png(&g.frames[n - 1], &g, &maze, &solved, &format!("{what}, last frame"));
        // In between, explored cells are shaded in the visited colour.
        let visited: Colour = style().visited.parse().expect("colour");
        let visited = [visited.r, visited.g, visited.b];
        assert!(g.frames[n / 2].contains(&visited), "{what}: no explored cell half way");
        assert!(!g.frames[0].contains(&visited), "{what}: shaded cells at the start");
    }
}

#[test]
fn every_solver_animates_from_the_maze_to_its_solution() {
    check_solvers(Square::new(9, 7));
    check_solvers(Hex::new(8, 6));
    check_solvers(Triangle::new(10, 6));
}

/// The number of images `gifsicle --info` reports.
fn gifsicle_count(path: &std::path::Path) -> usize {
    let out = Command::new("gifsicle").arg("--info").arg(path).output().expect("gifsicle runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let first = text.lines().next().unwrap_or_default();
    // "* x.gif 30 images"
    let words: Vec<&str> = first.split_whitespace().collect();
    let at = words.iter().position(|w| w.starts_with("image")).expect("an image count");
    words[at - 1].parse().expect("a number")
}

#[test]
fn gifsicle_counts_the_frames_we_wrote() {
    if !have("gifsicle") {
        return;
    }
    let dir = tempdir("gifsicle");
    for (name, budget) in [("backtracker", 25), ("few", 200)] {
        let (start, trace, mut maze) = record(&Hex::new(9, 7), Algorithm::RecursiveBacktracker, 2);
        maze.open_entrance_and_exit();
        let rec = Recording { start: &start, events: &trace.events, end: &maze, solution: None };
        let bytes = animate::gif(&rec, &style(), &options(budget)).expect("gif");
        let frames = decode(&bytes).frames.len();
        assert!(frames <= budget);
        let path = dir.join(format!("{name}.gif"));
        std::fs::write(&path, &bytes).expect("write");
        assert_eq!(gifsicle_count(&path), frames, "{name}: gifsicle disagrees");
        let info = Command::new("gifsicle").arg("--info").arg(&path).output().expect("runs");
        assert!(String::from_utf8_lossy(&info.stdout).contains("loop forever"));
        // A cut file: gifsicle still exits 0, but counts fewer frames.
        let cut = dir.join(format!("{name}-cut.gif"));
        std::fs::write(&cut, &bytes[..bytes.len() / 2]).expect("write");
        assert!(gifsicle_count(&cut) < frames, "{name}: a truncated file should count fewer frames");
    }
}

#[test]
fn budgets_timing_and_sizes_are_respected() {
    let (start, trace, mut maze) = record(&Square::new(6, 4), Algorithm::Kruskal, 1);
    maze.open_entrance_and_exit();
    let rec = Recording { start: &start, events: &trace.events, end: &maze, solution: None };
    // The smallest budget: the start and the end.
    let g = decode(&animate::gif(&rec, &style(), &options(2)).expect("gif"));
    assert_eq!(g.frames.len(), 2);
    // 3 seconds over the frames, then a 1-second pause.
    let opts = Animation { timing: Timing::Total(3000), hold_ms: 1000, ..options(10) };
    let g = decode(&animate::gif(&rec, &style(), &opts).expect("gif"));
    assert!(g.frames.len() <= 10);
    assert_eq!(g.delays.iter().map(|&d| u32::from(d)).sum::<u32>(), 400);
    assert!(*g.delays.last().expect("frames") >= 100, "the last frame holds");
    // Per-frame delays.
    let opts = Animation { timing: Timing::PerFrame(50), hold_ms: 0, ..options(10) };
    let g = decode(&animate::gif(&rec, &style(), &opts).expect("gif"));
    assert!(g.delays.iter().all(|&d| d % 5 == 0 && d >= 5), "{:?}", g.delays);
    // Play once.
    let once = Animation { repeat: false, ..options(10) };
    assert_eq!(decode(&animate::gif(&rec, &style(), &once).expect("gif")).repeat, gif::Repeat::Finite(0));
    // Budgets out of range, and too many pixel-frames, are refused with what to lower.
    for bad in [0, 1, animate::MAX_FRAMES + 1] {
        assert!(animate::gif(&rec, &style(), &options(bad)).is_err(), "budget {bad}");
        assert!(animate::animated_svg(&rec, &style(), &options(bad)).is_err(), "budget {bad}");
    }
    let big = Maze::new(Square::new(300, 300));
    let rec_big = Recording { start: &big, events: &[], end: &big, solution: None };
    let err = animate::gif(&rec_big, &style(), &options(100)).expect_err("too large").to_string();
    assert!(err.contains("--frames") && err.contains("--cell-size"), "{err}");
    assert_eq!(err.lines().count(), 1);
    let huge = Maze::new(Square::new(600, 600));
    let rec_huge = Recording { start: &huge, events: &[], end: &huge, solution: None };
    let err = animate::animated_svg(&rec_huge, &style(), &options(100)).expect_err("too many cells");
    assert!(err.to_string().contains("smaller maze"), "{err}");
    // Mazes of different shapes cannot be the start and end of one animation.
    let other = Maze::new(Square::new(4, 6));
    let mixed = Recording { start: &other, events: &[], end: &maze, solution: None };
    assert!(animate::gif(&mixed, &style(), &options(10)).is_err());
    // A bad colour is an error, not a panic.
    let bad_colour = Animation { frontier: "puce".into(), ..options(10) };
    assert!(animate::gif(&rec, &style(), &bad_colour).is_err());
}

#[test]
fn a_100x100_animation_in_200_frames_is_small() {
    // The command line's defaults for gif: 8 pixels a cell, 1-pixel walls, 4-pixel margin.
    let style = Style { cell_size: 8.0, wall_width: 1.0, margin: 4.0, ..Style::default() };
    let (start, trace, mut maze) = record(&Square::new(100, 100), Algorithm::RecursiveBacktracker, 1);
    maze.open_entrance_and_exit();
    let rec = Recording { start: &start, events: &trace.events, end: &maze, solution: None };
    let bytes = animate::gif(&rec, &style, &Animation { frames: 200, ..Animation::default() }).expect("gif");
    // Documented bound: under 2 MB (it is about 0.25 MB: frames store only what changed).
    assert!(bytes.len() < 2_000_000, "{} bytes", bytes.len());
    let g = decode(&bytes);
    assert!((190..=200).contains(&g.frames.len()), "{} frames", g.frames.len());
    let svg =
        animate::animated_svg(&rec, &style, &Animation { frames: 200, ..Animation::default() }).expect("svg");
    // Documented: at most about 200 bytes a cell.
    assert!(svg.len() < 2_000_000, "{} bytes", svg.len());
}

#[test]
fn truncated_and_malformed_traces_still_end_on_the_finished_maze() {
    let (start, trace, mut maze) = record(&Triangle::new(8, 6), Algorithm::HuntAndKill, 5);
    maze.open_entrance_and_exit();
    let plain = Overlay { no_markers: true, ..Overlay::default() };
    // The first third of the events.
    let cut = &trace.events[..trace.events.len() / 3];
    let rec = Recording { start: &start, events: cut, end: &maze, solution: None };
    let g = decode(&animate::gif(&rec, &style(), &options(20)).expect("gif"));
    same_as_png(g.frames.last().expect("frames"), &g, &maze, &plain, "truncated");
    // Nonsense events are ignored.
    let junk = [
        Event::Carve(CellId(u32::MAX), 0),
        Event::Carve(CellId(0), 255),
        Event::Wall(CellId(1000), 1),
        Event::Visit(CellId(u32::MAX)),
        Event::OnPath(CellId(96)),
        Event::Reset { open: true },
        Event::Reset { open: false },
        Event::Dead(CellId(3)),
    ];
    let rec = Recording { start: &start, events: &junk, end: &maze, solution: None };
    let g = decode(&animate::gif(&rec, &style(), &options(20)).expect("gif"));
    // Frames that change nothing are merged into the one before.
    assert!((3..=junk.len() + 2).contains(&g.frames.len()), "{} frames", g.frames.len());
    same_as_png(&g.frames[0], &g, &start, &plain, "junk, first");
    same_as_png(g.frames.last().expect("frames"), &g, &maze, &plain, "junk, last");
    assert!(animate::animated_svg(&rec, &style(), &options(20)).is_ok());
    // Random events, in range and out: never a panic, and the ends are still exact.
    let mut rng = Xoshiro::seed_from_u64(99);
    for round in 0..20 {
        let events: Vec<Event> = (0..rng.below(200))
            .map(|_| {
                let c = CellId(rng.below(60) as u32);
                let d = rng.below(8) as u8;
                match rng.below(8) {
                    0 => Event::Reset { open: rng.below(2) == 0 },
                    1 => Event::Visit(c),
                    2 => Event::Carve(c, d),
                    3 => Event::Wall(c, d),
                    4 => Event::Frontier(c),
                    5 => Event::Backtrack(c),
                    6 => Event::OnPath(c),
                    _ => Event::Dead(c),
                }
            })
            .collect();
        let rec = Recording { start: &start, events: &events, end: &maze, solution: None };
        let budget = 2 + rng.below(40) as usize;
        let g = decode(&animate::gif(&rec, &style(), &options(budget)).expect("gif"));
        assert!((2..=budget).contains(&g.frames.len()), "round {round}");
        same_as_png(g.frames.last().expect("frames"), &g, &maze, &plain, &format!("random round {round}"));
        let svg = animate::animated_svg(&rec, &style(), &options(budget)).expect("svg");
        assert!(key_times(&svg).len() <= budget, "round {round}");
    }
    // A solution naming cells outside the maze is refused.
    let bad = Solution { path: vec![CellId(0), CellId(10_000)], visited: vec![] };
    let rec = Recording { start: &maze, events: &[], end: &maze, solution: Some(&bad) };
    assert!(animate::gif(&rec, &style(), &options(5)).is_err());
    assert!(animate::animated_svg(&rec, &style(), &options(5)).is_err());
    // A one-cell maze: nothing to carve, still two frames.
    let (start, trace, mut one) = record(&Square::new(1, 1), Algorithm::Kruskal, 1);
    one.open_entrance_and_exit();
    let rec = Recording { start: &start, events: &trace.events, end: &one, solution: None };
    assert_eq!(decode(&animate::gif(&rec, &style(), &options(10)).expect("gif")).frames.len(), 2);
}

/// The distinct `keyTimes` values of an SVG: one per frame that changes something.
fn key_times(svg: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for part in svg.split("keyTimes=\"").skip(1) {
        let list = part.split('"').next().expect("closing quote");
        out.extend(list.split(';').map(str::to_string));
    }
    out
}

#[test]
fn animated_svgs_are_valid_bounded_and_show_the_finished_maze_without_animation() {
    const BUDGET: usize = 25;
    let dir = tempdir("svg");
    let xmllint = have("xmllint");
    let rsvg = have("rsvg-convert");
    let check = |name: &str, svg: String, finished: &dyn Fn(&[[u8; 3]], u32)| {
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{name}");
        assert!(svg.contains("<animate attributeName=\"visibility\""), "{name}: no animation");
        assert!(svg.contains("repeatCount=\"indefinite\""), "{name}: does not loop");
        let times = key_times(&svg);
        assert!((2..=BUDGET).contains(&times.len()), "{name}: {} frame times", times.len());
        assert!(!svg.contains("<script") && !svg.contains("href="), "{name}: not self-contained");
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, &svg).expect("write");
        if xmllint {
            let ok = Command::new("xmllint").arg("--noout").arg(&path).status().expect("xmllint");
            assert!(ok.success(), "{name}: xmllint rejects the SVG");
        }
        if rsvg {
            let png_path = dir.join(format!("{name}.png"));
            let ok = Command::new("rsvg-convert")
                .arg("-o")
                .arg(&png_path)
                .arg(&path)
                .status()
                .expect("rsvg-convert");
            assert!(ok.success(), "{name}: rsvg-convert failed");
            let (w, _, px) = png_rgb(&std::fs::read(&png_path).expect("png"));
            finished(&px, w);
        }
    };
    fn generated<S: Shape>(shape: S, alg: Algorithm) -> (Maze<S>, Trace, Maze<S>) {
        let (start, trace, mut maze) = record(&shape, alg, 11);
        maze.open_entrance_and_exit();
        (start, trace, maze)
    }
    let (s, t, m) = generated(Square::new(8, 6), Algorithm::RecursiveBacktracker);
    let rec = Recording { start: &s, events: &t.events, end: &m, solution: None };
    check("square", animate::animated_svg(&rec, &style(), &options(BUDGET)).expect("svg"), &|px, w| {
        walls_match(px, w, &m, "square svg")
    });
    let (s, t, m) = generated(Hex::new(8, 6), Algorithm::Wilson);
    let rec = Recording { start: &s, events: &t.events, end: &m, solution: None };
    check("hex", animate::animated_svg(&rec, &style(), &options(BUDGET)).expect("svg"), &|px, w| {
        walls_match(px, w, &m, "hex svg")
    });
    let (s, t, m) = generated(Triangle::new(8, 6), Algorithm::Kruskal);
    let rec = Recording { start: &s, events: &t.events, end: &m, solution: None };
    check("triangle", animate::animated_svg(&rec, &style(), &options(BUDGET)).expect("svg"), &|px, w| {
        walls_match(px, w, &m, "triangle svg")
    });
    // A wall adder: walls appear (start closed, then the open field, then walls).
    let (s, t, m) = generated(Square::new(8, 6), Algorithm::RecursiveDivision);
    let rec = Recording { start: &s, events: &t.events, end: &m, solution: None };
    check("division", animate::animated_svg(&rec, &style(), &options(BUDGET)).expect("svg"), &|px, w| {
        walls_match(px, w, &m, "division svg")
    });
    // A solver, with its dots and path line.
    let (_, _, m) = generated(Square::new(8, 6), Algorithm::Prim);
    let mut t = Trace::with_limit(usize::MAX);
    let sol = Solver::Bfs.solve(&m, m.entrance(), m.exit(), &mut t).expect("solvable");
    let rec = Recording { start: &m, events: &t.events, end: &m, solution: Some(&sol) };
    let svg =
        animate::animated_svg(&rec, &style(), &Animation { markers: true, ..options(BUDGET) }).expect("svg");
    assert!(svg.contains("<polyline") && svg.contains("<circle"));
    check("bfs", svg, &|_, _| {});
    // Played once, it stops on the last frame.
    let once =
        animate::animated_svg(&rec, &style(), &Animation { repeat: false, ..options(BUDGET) }).expect("svg");
    assert!(once.contains("fill=\"freeze\"") && !once.contains("indefinite"));
}
