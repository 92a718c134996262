//! [`maze::AnyMaze`], the maze of any shape as a value: [`Plan::build`] makes the maze
//! [`Plan::to_vec`] writes, byte for byte, on every shape and format (wrapped, stacked,
//! woven, masked, braided, MultiMaze, solved, animated); its passages are the file's; its
//! statistics are those of the shape's own type; a saved maze read back is the maze saved;
//! solving it later draws the same as solving it at once.

use std::collections::BTreeSet;

use maze::{AnyMaze, Format, MazeRequest, Plan};
use maze_core::{ShapeKind, Solver};
use maze_render::json::MazeFile;

fn request(edit: impl FnOnce(&mut MazeRequest)) -> MazeRequest {
    let mut r =
        MazeRequest { width: Some(6), height: Some(5), format: Format::Svg, ..MazeRequest::default() };
    edit(&mut r);
    r
}

/// The cases: every shape plain and braided, and the variants a shape can have.
fn cases() -> Vec<(String, MazeRequest)> {
    let mut cases = Vec::new();
    for &kind in ShapeKind::ALL {
        cases.push((format!("{kind}"), request(|r| r.shape = kind)));
        cases.push((
            format!("{kind} braided, solved"),
            request(|r| {
                (r.shape, r.braid, r.solve) = (kind, Some(0.5), Some(Solver::Bfs));
            }),
        ));
    }
    let parse = |s: &str| s.parse().expect("wrap");
    cases.extend([
        ("square wrapped".into(), request(|r| r.wrap = parse("xy"))),
        ("hex wrapped".into(), request(|r| (r.shape, r.wrap) = (ShapeKind::Hex, parse("x")))),
        ("square levels".into(), request(|r| r.levels = 3)),
        ("square woven".into(), request(|r| (r.width, r.height, r.weave) = (Some(9), Some(9), Some(0.5)))),
        ("masked".into(), request(|r| r.mask_data = Some("XXX.XX/XXXXXX/.XXXXX/XXXX..".into()))),
        ("multimaze".into(), request(|r| (r.starts, r.ends) = (Some(3), Some(2)))),
        ("dfs solved".into(), request(|r| r.solve = Some(Solver::Dfs))),
    ]);
    cases
}

fn plan(r: &MazeRequest, what: &str) -> Plan {
    Plan::new(r).unwrap_or_else(|e| panic!("{what}: {e}"))
}

#[test]
fn a_built_maze_writes_the_bytes_of_its_plan_in_every_format() {
    let mut checked = 0;
    for (what, base) in cases() {
        for &format in Format::ALL {
            let r = MazeRequest { format, ..base.clone() };
            // Formats a shape cannot take (a text picture of a circle) are the plan's to refuse.
            let Ok(plan) = Plan::new(&r) else { continue };
            for seed in [1, 2] {
                let want = plan.to_vec(seed).unwrap_or_else(|e| panic!("{what} {format:?}: {e}"));
                let maze = plan.build(seed).unwrap_or_else(|e| panic!("{what} {format:?}: {e}"));
                let got = maze.to_vec().unwrap_or_else(|e| panic!("{what} {format:?}: {e}"));
                assert!(got == want, "{what}, {format:?}, seed {seed}: the built maze wrote other bytes");
                checked += 1;
            }
        }
    }
    assert!(checked > 200, "only {checked} cases ran");
}

#[test]
fn an_animation_is_the_plans_when_the_plan_records() {
    for (what, base) in cases().into_iter().take(6) {
        let r = MazeRequest { format: Format::Gif, ..base };
        let Ok(plan) = Plan::new(&r) else { continue };
        let built = plan.build(4).expect("built");
        assert!(built.to_vec().expect("gif") == plan.to_vec(4).expect("gif"), "{what}");
    }
    // A plan that does not animate records no steps: a GIF of its maze is refused in words.
    let still = plan(&request(|_| {}), "still").build(1).expect("built");
    let e = still.write_as(Format::Gif, &mut Vec::new()).expect_err("no recording");
    assert!(e.to_string().contains("did not record"), "{e}");
}

#[test]
fn passages_are_the_files_and_a_perfect_maze_is_a_tree() {
    for (what, base) in cases() {
        let r = MazeRequest { format: Format::Json, ..base };
        let plan = plan(&r, &what);
        let maze = plan.build(3).expect("built");
        let ours: Vec<(u32, u32)> = maze.passages().map(|(a, b)| (a.0, b.0)).collect();
        let set: BTreeSet<(u32, u32)> = ours.iter().copied().collect();
        assert_eq!(set.len(), ours.len(), "{what}: a passage listed twice");
        assert!(ours.iter().all(|(a, b)| a < b), "{what}: lower id first");
        let file = MazeFile::parse(std::str::from_utf8(&plan.to_vec(3).expect("json")).expect("utf-8"))
            .expect("parses");
        let theirs: BTreeSet<(u32, u32)> = file.passages.iter().map(|&[a, b]| (a.min(b), a.max(b))).collect();
        assert_eq!(set, theirs, "{what}");
        if r.braid.is_none() && r.mask_data.is_none() {
            assert_eq!(ours.len() as u32 + 1, maze.maze().cell_count(), "{what}: a perfect maze is a tree");
        }
    }
}

/// The statistics a batch computes on the shape's own type.
struct Statistics;

impl maze::Keep for Statistics {
    type Item = maze_core::stats::Stats;
    fn keep<S: maze_core::Shape>(
        &self,
        built: maze::Built<S>,
        _: Option<maze_core::stats::Stats>,
    ) -> maze::Result<Self::Item> {
        Ok(maze_core::stats::stats(&built.maze))
    }
}

#[test]
fn statistics_are_those_of_the_shapes_own_type() {
    for (what, base) in cases() {
        let plan = plan(&base, &what);
        let maze: AnyMaze = plan.build(5).expect("built");
        let concrete = plan.collect_seeds(&[5], false, &Statistics).expect("collected").remove(0);
        assert_eq!(maze.stats().expect("stats"), concrete, "{what}");
    }
}

#[test]
fn a_saved_maze_is_the_maze_that_was_saved() {
    for (what, base) in cases() {
        for format in [Format::Json, Format::Maze] {
            let plan = plan(&MazeRequest { format, ..base.clone() }, &what);
            let bytes = plan.to_vec(6).expect("written");
            let file = maze::read_maze_files(&mut &bytes[..], "saved", &maze::Limits::default())
                .expect("read")
                .remove(0);
            let saved = AnyMaze::from_file(&file, &maze::Limits::default()).expect("laid out");
            let made = plan.build(6).expect("built");
            let edges = |m: &AnyMaze| m.passages().collect::<Vec<_>>();
            assert_eq!(edges(&saved), edges(&made), "{what} {format:?}");
            assert_eq!(saved.maze().entrance(), made.maze().entrance(), "{what}");
            assert_eq!(saved.maze().exit(), made.maze().exit(), "{what}");
            assert_eq!(
                saved.solution().map(|(_, s)| &s.path),
                made.solution().map(|(_, s)| &s.path),
                "{what}"
            );
            assert!(saved.to_vec().expect("json") == plan_json(&base, 6), "{what} {format:?}: written again");
        }
    }
    let tiny = maze::Limits { max_cells: 10, ..maze::Limits::default() };
    let bytes =
        plan(&MazeRequest { format: Format::Json, ..request(|_| {}) }, "json").to_vec(1).expect("json");
    let file =
        maze::read_maze_files(&mut &bytes[..], "saved", &maze::Limits::default()).expect("read").remove(0);
    let e = AnyMaze::from_file(&file, &tiny).expect_err("over the cell limit");
    assert!(e.to_string().contains("exceeds the limit of 10"), "{e}");
}

/// The JSON file of the case's maze for `seed`.
fn plan_json(base: &MazeRequest, seed: u64) -> Vec<u8> {
    plan(&MazeRequest { format: Format::Json, ..base.clone() }, "json").to_vec(seed).expect("json")
}

#[test]
fn solving_later_draws_what_solving_at_once_draws() {
    for &kind in ShapeKind::ALL {
        for &format in &[Format::Svg, Format::Json, Format::Text] {
            let solved = request(|r| (r.shape, r.format, r.solve) = (kind, format, Some(Solver::Bfs)));
            let Ok(at_once) = Plan::new(&solved) else { continue };
            let mut later =
                plan(&MazeRequest { solve: None, ..solved.clone() }, "unsolved").build(9).expect("built");
            assert!(later.solution().is_none());
            let route = later.solve(Solver::Bfs).expect("solved").path.clone();
            assert_eq!(route.first(), Some(&later.maze().entrance()), "{kind}");
            assert_eq!(route.last(), Some(&later.maze().exit()), "{kind}");
            assert!(
                later.to_vec().expect("written") == at_once.to_vec(9).expect("written"),
                "{kind} {format:?}: solving later drew otherwise"
            );
        }
    }
}

#[test]
fn options_that_do_not_apply_to_another_format_are_refused() {
    let maze = plan(&request(|r| r.cell_size = "30".parse().ok()), "sized").build(1).expect("built");
    let mut out = Vec::new();
    maze.write_as(Format::Png, &mut out).expect("cell size applies to png");
    assert!(out.starts_with(b"\x89PNG"));
    let e = maze.write_as(Format::Text, &mut Vec::new()).expect_err("no cell size in text");
    assert!(e.to_string().contains("--cell-size"), "{e}");
}
