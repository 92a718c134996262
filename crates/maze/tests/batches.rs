//! Batches that never overlap and endpoint rules (issue 48): maze `i` of a filtered batch of
//! `count` tries seeds `seed + i`, `seed + i + count`, ...; `part`/`parts` cut one batch;
//! `deadend-start`, `deadend-end`, `allowed-start`, `allowed-end` and `min-distance` place
//! the ends of every maze, drawn from its seed; and a condition on one figure computes that
//! figure alone, keeping the same mazes as the whole statistics did.

use std::collections::HashSet;

use maze::{Built, Keep, MazeRequest, Plan, Result};
use maze_core::stats::Stats;
use maze_core::{Shape, analyze};

/// What each test reads of a maze: its ends, their degrees, the steps between them, the
/// passages (to compare mazes), and the statistics when computed.
#[derive(Clone, Debug, PartialEq)]
struct Ends {
    entrance: u32,
    exit: u32,
    degrees: (u32, u32),
    steps: Option<u32>,
    passages: Vec<(u32, u32)>,
    stats: bool,
}

struct Record;

impl Keep for Record {
    type Item = Ends;
    fn keep<S: Shape>(&self, built: Built<S>, stats: Option<Stats>) -> Result<Ends> {
        let maze = &built.maze;
        let (a, b) = (maze.entrance(), maze.exit());
        let d = analyze::distances(maze, a)[b.index()];
        Ok(Ends {
            entrance: a.0,
            exit: b.0,
            degrees: (maze.degree(a), maze.degree(b)),
            steps: (d != u32::MAX).then_some(d),
            passages: maze.passage_pairs().map(|(x, y)| (x.0, y.0)).collect(),
            stats: stats.is_some(),
        })
    }
}

fn request(json: serde_json::Value) -> MazeRequest {
    serde_json::from_value(json).expect("a request")
}

fn collect(json: serde_json::Value) -> Vec<(u64, Ends)> {
    let r = request(json);
    let seed = r.seed.unwrap_or(0);
    Plan::new(&r).expect("planned").collect(seed, false, &Record).expect("made")
}

fn refusal(json: serde_json::Value) -> String {
    Plan::new(&request(json)).expect_err("refused").to_string()
}

/// Eight filtered parts of 1,000 hold 8,000 distinct seeds and are one filtered batch of
/// 8,000 cut in eight; maze i's seed is seed + i + k * count.
#[test]
fn filtered_parts_never_overlap_and_join_into_the_batch() {
    let base =
        serde_json::json!({"width": 8, "height": 8, "seed": 5, "count": 8000, "where": ["solution>=40"]});
    let whole = collect(base.clone());
    assert_eq!(whole.len(), 8000);
    for (i, (seed, _)) in whole.iter().enumerate() {
        assert_eq!((seed - 5) % 8000, i as u64, "maze {i} has seed {seed}");
    }
    let mut joined = Vec::new();
    for k in 0..8 {
        let mut part = base.clone();
        part["part"] = k.into();
        part["parts"] = 8.into();
        let made = collect(part);
        assert_eq!(made.len(), 1000);
        joined.extend(made);
    }
    let seeds: HashSet<u64> = joined.iter().map(|(s, _)| *s).collect();
    assert_eq!(seeds.len(), 8000, "8 parts of 1,000 hold 8,000 distinct seeds");
    assert_eq!(joined, whole, "the parts joined are the batch");
    // Parts of uneven size: 10 mazes in 3 parts are 3, 3 and 4.
    let small =
        serde_json::json!({"width": 6, "height": 6, "seed": 1, "count": 10, "where": ["solution>=15"]});
    let whole = collect(small.clone());
    let mut sizes = Vec::new();
    let mut joined = Vec::new();
    for k in 0..3 {
        let mut part = small.clone();
        part["part"] = k.into();
        part["parts"] = 3.into();
        let made = collect(part);
        sizes.push(made.len());
        joined.extend(made);
    }
    assert_eq!(sizes, [3, 3, 4]);
    assert_eq!(joined, whole);
}

/// Without filters a batch is seeds seed, seed + 1, ... as ever, and parts cut it too.
#[test]
fn unfiltered_batches_keep_their_seeds() {
    let whole = collect(serde_json::json!({"width": 5, "height": 5, "seed": 9, "count": 7}));
    assert_eq!(whole.iter().map(|(s, _)| *s).collect::<Vec<_>>(), (9..16).collect::<Vec<_>>());
    let part =
        collect(serde_json::json!({"width": 5, "height": 5, "seed": 9, "count": 7, "part": 1, "parts": 2}));
    assert_eq!(part, whole[3..]);
}

/// The same batch whatever the threads: the speculation that keeps cores busy when few
/// mazes are missing does not change which seed each maze keeps, nor the tries counted.
#[test]
fn few_missing_mazes_keep_the_serial_seeds() {
    let r = request(
        serde_json::json!({"width": 12, "height": 12, "seed": 3, "count": 3, "where": ["solution>=90"]}),
    );
    let made = Plan::new(&r).expect("planned").collect(3, false, &Record).expect("made");
    // The serial rule, tried by hand: maze i keeps the first of 3+i, 3+i+3, ... that passes.
    let one = |seed: u64| {
        let r = request(serde_json::json!({"width": 12, "height": 12, "seed": seed}));
        Plan::new(&r).expect("planned").collect_seeds(&[seed], true, &StatsOf).expect("made")[0].clone()
    };
    for (i, (seed, _)) in made.iter().enumerate() {
        let mut s = 3 + i as u64;
        while one(s).solution_length.unwrap_or(0) < 90 {
            s += 3;
        }
        assert_eq!(*seed, s, "maze {i}");
    }
}

struct StatsOf;

impl Keep for StatsOf {
    type Item = Stats;
    fn keep<S: Shape>(&self, _: Built<S>, stats: Option<Stats>) -> Result<Stats> {
        Ok(stats.expect("asked for"))
    }
}

#[test]
fn bad_parts_are_refused() {
    let base = serde_json::json!({"width": 5, "height": 5, "count": 4});
    for (part, parts, says) in [
        (
            serde_json::json!(4),
            serde_json::json!(4),
            "--part 4 is not a part of --parts 4 (parts are numbered 0 to 3)",
        ),
        (serde_json::json!(0), serde_json::json!(5), "--parts 5 is more than --count 4"),
        (serde_json::json!(0), serde_json::json!(0), "--parts must be at least 1"),
        (serde_json::json!(1), serde_json::Value::Null, "--part and --parts go together"),
        (serde_json::Value::Null, serde_json::json!(2), "--part and --parts go together"),
    ] {
        let mut r = base.clone();
        r["part"] = part;
        r["parts"] = parts;
        let err = refusal(r);
        assert!(err.contains(says), "{err}");
    }
}

/// A condition on one figure computes that figure alone (no statistics come back), and
/// keeps exactly the mazes the whole statistics kept.
#[test]
fn a_condition_on_one_figure_keeps_the_same_mazes() {
    for condition in [
        "solution>=30",
        "solution_share<0.3",
        "dead_ends<=14",
        "dead_end_share>0.2",
        "junctions_3>=5",
        "junctions>3",
        "corridor_cells>30",
        "passages=63",
        "direct_distance=14",
        "isolated=0",
        "cells=64",
    ] {
        let base =
            serde_json::json!({"width": 8, "height": 8, "seed": 2, "count": 300, "where": [condition]});
        let quick = collect(base.clone());
        assert!(quick.iter().all(|(_, e)| !e.stats), "{condition}: no statistics computed");
        // The whole statistics, asked for, with the same condition.
        let r = request(base);
        let full = Plan::new(&r).expect("planned").collect(2, true, &Record).expect("made");
        assert!(full.iter().all(|(_, e)| e.stats));
        let strip = |v: Vec<(u64, Ends)>| v.into_iter().map(|(s, e)| (s, e.passages)).collect::<Vec<_>>();
        assert_eq!(strip(quick), strip(full), "{condition}");
    }
    // Mixed shapes and loops: the quick figure is the statistics' own.
    for line in [
        serde_json::json!({"shape": "hex", "width": 7, "height": 6, "braid": 0.5, "seed": 4, "count": 50}),
        serde_json::json!({"shape": "polar", "width": 6, "height": 4, "seed": 4, "count": 50, "format": "json"}),
        serde_json::json!({"width": 6, "height": 6, "wrap": "xy", "seed": 4, "count": 50, "exit": "random"}),
    ] {
        let r = request(line);
        let plan = Plan::new(&r).expect("planned");
        let seeds: Vec<u64> = (0..50).collect();
        let stats = plan.collect_seeds(&seeds, true, &StatsOf).expect("made");
        let figures = plan.collect_seeds(&seeds, false, &Quick).expect("made");
        for (s, q) in stats.iter().zip(figures) {
            for (key, value) in q {
                let want = s.values().into_iter().find(|(k, _)| *k == key).map(|(_, v)| v);
                assert_eq!(value, want, "{key}");
            }
        }
    }
}

/// Every quick figure of a maze.
struct Quick;

impl Keep for Quick {
    type Item = Vec<(&'static str, Option<maze_core::stats::Value>)>;
    fn keep<S: Shape>(&self, built: Built<S>, _: Option<Stats>) -> Result<Self::Item> {
        let keys = [
            "cells",
            "passages",
            "isolated",
            "dead_ends",
            "dead_end_share",
            "corridor_cells",
            "junctions",
            "junctions_3",
            "junctions_4",
            "junctions_6",
            "solution_length",
            "solution_share",
            "direct_distance",
        ];
        Ok(keys
            .into_iter()
            .filter(|k| maze_core::stats::quick(k))
            .map(|k| (k, maze_core::stats::quick_figure(&built.maze, k)))
            .collect())
    }
}

/// `deadend-start` and `deadend-end`: both ends at dead ends, drawn per maze (many pairs).
#[test]
fn dead_end_rules_put_both_ends_at_dead_ends() {
    let made = collect(serde_json::json!({
        "width": 10, "height": 10, "seed": 1, "count": 500, "deadend-start": true, "deadend-end": true
    }));
    assert_eq!(made.len(), 500);
    assert!(made.iter().all(|(_, e)| e.degrees == (1, 1) && e.entrance != e.exit), "every end a dead end");
    let pairs: HashSet<(u32, u32)> = made.iter().map(|(_, e)| (e.entrance, e.exit)).collect();
    assert!(pairs.len() > 400, "ends drawn per maze: {} pairs", pairs.len());
    // One rule alone moves its end only: the exit stays the last cell.
    let made = collect(
        serde_json::json!({"width": 10, "height": 10, "seed": 1, "count": 200, "deadend-start": true}),
    );
    assert!(made.iter().all(|(_, e)| e.degrees.0 == 1 && e.exit == 99));
    // On braided mazes, mazes without two dead ends are tried again.
    let made = collect(serde_json::json!({
        "width": 6, "height": 6, "braid": 0.5, "seed": 1, "count": 50, "deadend-start": true, "deadend-end": true
    }));
    assert!(made.iter().all(|(_, e)| e.degrees == (1, 1)));
    // The same seed, the same ends: the draw is the seed's.
    let again = collect(serde_json::json!({
        "width": 6, "height": 6, "braid": 0.5, "seed": 1, "count": 50, "deadend-start": true, "deadend-end": true
    }));
    assert_eq!(made, again);
}

/// `min-distance`: the route between random ends has at least that many steps.
#[test]
fn min_distance_keeps_the_ends_apart() {
    for (json, least) in [
        (
            serde_json::json!({"width": 10, "height": 10, "seed": 3, "count": 500, "entrance": "random", "exit": "random", "min-distance": 30}),
            30,
        ),
        (
            serde_json::json!({"width": 10, "height": 10, "seed": 3, "count": 300, "exit": "random", "min-distance": 50}),
            50,
        ),
        (
            serde_json::json!({"width": 9, "height": 9, "seed": 3, "count": 300, "deadend-start": true, "deadend-end": true, "min-distance": 20}),
            20,
        ),
        (
            serde_json::json!({"shape": "hex", "width": 8, "height": 8, "seed": 3, "count": 200, "entrance": "random", "exit": "farthest", "min-distance": 25}),
            25,
        ),
        (
            serde_json::json!({"width": 8, "height": 8, "braid": 0.5, "seed": 3, "count": 200, "entrance": "random", "exit": "random", "min-distance": 10}),
            10,
        ),
    ] {
        let made = collect(json.clone());
        assert!(!made.is_empty());
        for (seed, e) in &made {
            assert!(
                e.steps.is_some_and(|s| s >= least),
                "{json}: seed {seed} has ends {} steps apart",
                e.steps.unwrap_or(0)
            );
        }
        let pairs: HashSet<(u32, u32)> = made.iter().map(|(_, e)| (e.entrance, e.exit)).collect();
        assert!(pairs.len() > 20, "{json}: ends drawn per maze");
    }
    // A fixed entrance: the exit is drawn far enough from it.
    let made = collect(
        serde_json::json!({"width": 10, "height": 10, "seed": 3, "count": 300, "exit": "random", "min-distance": 50}),
    );
    assert!(made.iter().all(|(_, e)| e.entrance == 0));
}

/// `allowed-start` and `allowed-end`: each end is one of its cells (by `x,y` or id).
#[test]
fn allowed_cells_hold_the_ends() {
    let starts = ["0,0", "9,0", "0,9", "4,4"];
    let ends = ["9,9", "5,5", "42"];
    let made = collect(serde_json::json!({
        "width": 10, "height": 10, "seed": 7, "count": 400, "allowed-start": starts, "allowed-end": ends
    }));
    let start_ids: HashSet<u32> = [0, 9, 90, 44].into();
    let end_ids: HashSet<u32> = [99, 55, 42].into();
    assert!(made.iter().all(|(_, e)| start_ids.contains(&e.entrance) && end_ids.contains(&e.exit)));
    let seen: HashSet<(u32, u32)> = made.iter().map(|(_, e)| (e.entrance, e.exit)).collect();
    assert_eq!(seen.len(), 12, "every allowed pair drawn: {seen:?}");
    // With dead ends: the allowed cells that are dead ends.
    let made = collect(serde_json::json!({
        "width": 10, "height": 10, "seed": 7, "count": 200, "deadend-end": true,
        "allowed-end": (0..10).map(|x| format!("{x},9")).collect::<Vec<_>>()
    }));
    assert!(made.iter().all(|(_, e)| e.exit >= 90 && e.degrees.1 == 1));
    // Allowed sets that overlap: the ends still differ.
    let made = collect(serde_json::json!({
        "width": 4, "height": 4, "seed": 7, "count": 200, "allowed-start": ["0,0", "1,0"], "allowed-end": ["0,0", "1,0"]
    }));
    assert!(made.iter().all(|(_, e)| e.entrance != e.exit && e.entrance <= 1 && e.exit <= 1));
}

#[test]
fn impossible_endpoint_rules_are_refused() {
    for (json, says) in [
        (
            serde_json::json!({"deadend-start": true, "entrance": "3,3"}),
            "--deadend-start draws the entrance at random",
        ),
        (
            serde_json::json!({"allowed-end": ["1,1"], "exit": "farthest"}),
            "--allowed-end draws the exit at random",
        ),
        (serde_json::json!({"min-distance": 5}), "--min-distance draws random ends"),
        (serde_json::json!({"min-distance": 5, "entrance": "0,0", "exit": "top"}), "use --where solution>=5"),
        (
            serde_json::json!({"width": 5, "height": 4, "exit": "random", "min-distance": 20}),
            "--min-distance 20 can never be met: a route of a 20-cell maze has at most 19 steps",
        ),
        (
            serde_json::json!({"width": 5, "height": 4, "allowed-start": ["9,9"]}),
            "--allowed-start: cell 9,9 (x,y) is not in the maze",
        ),
        (serde_json::json!({"allowed-start": ["top"]}), "--allowed-start takes cells"),
        (
            serde_json::json!({"allowed-start": ["2,2"], "allowed-end": ["2,2", "2,2"]}),
            "could only be the cell 2,2",
        ),
        (serde_json::json!({"allowed-end": ["0,0"], "entrance": "0,0"}), "could only be the cell 0,0"),
        (
            serde_json::json!({"width": 8, "height": 8, "unicursal": true, "deadend-start": true}),
            "--unicursal cannot be used with endpoint rules",
        ),
        (serde_json::json!({"width": 1, "height": 1, "deadend-start": true}), "single cell"),
    ] {
        let err = refusal(json.clone());
        assert!(err.contains(says), "{json}: {err}");
    }
    // A single maze whose seed has no ends that fit is tried again from the next seeds.
    let made = collect(serde_json::json!({
        "width": 4, "height": 4, "seed": 1, "entrance": "random", "exit": "random", "min-distance": 14
    }));
    assert!(made[0].1.steps.is_some_and(|s| s >= 14));
}
