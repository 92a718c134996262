//! `--unreachable P` (issue 49): a share of the mazes, drawn from each maze's seed, has
//! its goal cut off by a minimum cut, on every shape (wrapped, in levels, woven, masked,
//! braided); the rest of each maze is the one the seed makes without the option; the file
//! says `"reachable": false`; tasks and the verifier agree that no moves is the answer.

use std::collections::BTreeSet;

use maze::verify::verify;
use maze::{Format, MazeRequest, Plan};
use maze_core::{ShapeKind, Solver};

fn request(edit: impl FnOnce(&mut MazeRequest)) -> MazeRequest {
    let mut r =
        MazeRequest { width: Some(7), height: Some(6), format: Format::Json, ..MazeRequest::default() };
    edit(&mut r);
    r
}

fn cases() -> Vec<(String, MazeRequest)> {
    let mut cases = Vec::new();
    for &kind in ShapeKind::ALL {
        cases.push((format!("{kind}"), request(|r| r.shape = kind)));
        cases.push((format!("{kind} braided"), request(|r| (r.shape, r.braid) = (kind, Some(0.7)))));
    }
    let parse = |s: &str| s.parse().expect("wrap");
    cases.extend([
        ("square wrapped".into(), request(|r| r.wrap = parse("xy"))),
        ("square levels".into(), request(|r| r.levels = 3)),
        ("square woven".into(), request(|r| (r.width, r.height, r.weave) = (Some(9), Some(9), Some(0.5)))),
        ("masked".into(), request(|r| r.mask_data = Some("XXX.XXX/XXXXXXX/.XXXXXX/XXXX..X".into()))),
    ]);
    cases
}

/// The number of parts the maze's passages join its cells into.
fn parts(maze: &maze::AnyMaze) -> usize {
    let n = maze.maze().cell_count() as usize;
    let mut up: Vec<usize> = (0..n).collect();
    fn find(up: &mut [usize], mut a: usize) -> usize {
        while up[a] != a {
            up[a] = up[up[a]];
            a = up[a];
        }
        a
    }
    let mut count = n;
    for (a, b) in maze.passages() {
        let (ra, rb) = (find(&mut up, a.index()), find(&mut up, b.index()));
        if ra != rb {
            up[ra] = rb;
            count -= 1;
        }
    }
    count
}

#[test]
fn every_shape_cut_off_is_the_same_maze_less_a_minimum_cut() {
    for (what, base) in cases() {
        let plain = Plan::new(&base).unwrap_or_else(|e| panic!("{what}: {e}"));
        let cut = Plan::new(&MazeRequest { unreachable: Some(1.0), ..base.clone() }).expect("plan");
        for seed in 1..=12 {
            let whole = plain.build(seed).expect("made");
            let maze = cut.build(seed).expect("made");
            let (start, goal) = (maze.maze().entrance(), maze.maze().exit());
            assert_eq!((whole.maze().entrance(), whole.maze().exit()), (start, goal), "{what}");
            assert_eq!(maze_core::routes::shortest_length(maze.maze(), start, goal), None, "{what} {seed}");
            let before: BTreeSet<_> = whole.passages().collect();
            let after: BTreeSet<_> = maze.passages().collect();
            assert!(after.is_subset(&before), "{what} {seed}: only walls are closed");
            let closed = before.len() - after.len();
            assert!(closed >= 1, "{what} {seed}");
            if base.braid.is_none() && base.weave.is_none() && !base.wrap.any() {
                assert_eq!(closed, 1, "{what} {seed}: a perfect maze loses one wall of its route");
            }
            // As connected as it can be: two parts where there was one.
            assert_eq!(parts(&maze), parts(&whole) + 1, "{what} {seed}");
            let json = String::from_utf8(maze.to_vec().expect("json")).expect("utf-8");
            assert!(json.contains("\"reachable\": false"), "{what}: {json}");
            // Read back, the file keeps the flag and the cut.
            let file = maze_render::json::MazeFile::parse(&json).expect("reads");
            assert_eq!(file.reachable, Some(false));
            let v = verify(maze.maze(), "", None, None).expect("verdict");
            assert!(v.accepted() && v.optimal && !v.reachable, "{what}: {v:?}");
        }
    }
}

#[test]
fn the_share_is_drawn_from_each_seed_and_the_others_are_untouched() {
    let base = request(|r| r.braid = Some(0.3));
    let plain = Plan::new(&base).expect("plan");
    let some = Plan::new(&MazeRequest { unreachable: Some(0.3), ..base.clone() }).expect("plan");
    let mut cut = 0;
    for seed in 0..1000 {
        let a = plain.to_vec(seed).expect("json");
        let b = some.to_vec(seed).expect("json");
        if a == b {
            continue;
        }
        cut += 1;
        assert!(String::from_utf8_lossy(&b).contains("\"reachable\": false"), "seed {seed}");
    }
    assert!((250..=350).contains(&cut), "{cut} of 1000 cut off for a share of 0.3");
    // A batch holds, for each seed, the maze made alone (the draw is the seed's).
    let batch =
        Plan::new(&MazeRequest { count: 20, seed: Some(40), ..some.request().clone() }).expect("plan");
    let written = String::from_utf8(batch.to_vec(40).expect("batch")).expect("utf-8");
    // A batch's JSON is one line a maze.
    let flagged = written.matches("\"reachable\":false").count();
    let alone = (40..60).filter(|&s| some.to_vec(s).map(|b| b != plain.to_vec(s).unwrap()).unwrap()).count();
    assert_eq!(flagged, alone);
}

#[test]
fn solving_drawing_and_tasks_take_an_unreachable_goal() {
    let r = request(|r| (r.unreachable, r.solve) = (Some(1.0), Some(Solver::Bfs)));
    for format in [Format::Svg, Format::Png, Format::Text, Format::Json, Format::Pdf] {
        let plan = Plan::new(&MazeRequest { format, ..r.clone() }).expect("plan");
        assert!(!plan.to_vec(3).expect("drawn").is_empty(), "{format:?}");
    }
    let tasks = Plan::new(&MazeRequest { format: Format::Tasks, count: 5, ..r.clone() }).expect("plan");
    let out = String::from_utf8(tasks.to_vec(9).expect("records")).expect("utf-8");
    for line in out.lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        assert_eq!(v["reachable"], false, "{line}");
        assert_eq!(v["moves"], "", "{line}");
        assert_eq!(v["answer"], "", "{line}");
        assert!(v["shortest_length"].is_null(), "{line}");
        assert_eq!(v["shortest_count"], 0, "{line}");
        assert!(v["prompt"].as_str().expect("prompt").contains("cannot be reached"), "{line}");
    }
}

#[test]
fn a_share_outside_0_to_1_and_a_multimaze_are_refused() {
    for bad in [-0.1, 1.5, f64::NAN] {
        let e = Plan::new(&request(|r| r.unreachable = Some(bad))).expect_err("refused").to_string();
        assert!(e.contains("--unreachable") && !e.contains('\n'), "{e}");
    }
    let e = Plan::new(&request(|r| (r.unreachable, r.starts, r.ends) = (Some(0.5), Some(2), Some(2))))
        .expect_err("refused")
        .to_string();
    assert!(e.contains("MultiMaze"), "{e}");
}
