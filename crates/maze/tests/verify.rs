//! Issue 49's verifier and shortest-route facts: on 1,000 braided 10 x 10 mazes a
//! brute-force enumeration of shortest routes equals `ShortestRoutes` and every route is
//! accepted as optimal; routes through walls, longer routes and answers to unreachable goals
//! get the right verdicts; and on every shape (wrapped, levelled, woven where it can be) the
//! solver's route, turned into moves, verifies as optimal.

use std::sync::Mutex;

use maze::verify::{Verifier, verify};
use maze::{Built, Keep, MazeRequest, Plan, Result};
use maze_core::moves::{MoveNames, route_doors};
use maze_core::routes::ShortestRoutes;
use maze_core::stats::Stats;
use maze_core::{CellId, Door, Maze, Shape, ShapeKind, Solver};

fn request(json: serde_json::Value) -> MazeRequest {
    serde_json::from_value(json).expect("a request")
}

/// Runs `check` on every maze of the request.
struct Check<F>(F);

impl<F: Fn(&Maze<maze_core::Erased>) + Sync> Keep for Check<F> {
    type Item = ();
    fn keep<S: Shape>(&self, built: Built<S>, _: Option<Stats>) -> Result<()> {
        (self.0)(&built.maze.into_erased());
        Ok(())
    }
}

fn each_maze(mut json: serde_json::Value, check: impl Fn(&Maze<maze_core::Erased>) + Sync) -> usize {
    json["format"] = "json".into();
    let r = request(json);
    Plan::new(&r).expect("planned").collect(r.seed.unwrap_or(0), false, &Check(check)).expect("made").len()
}

/// Every shortest route by brute force: a depth-first walk over open doors, never longer
/// than `len` moves (the shortest length, from a plain search) and never revisiting a cell of
/// the walk, keeping the walks of exactly `len` moves that end on the goal.
fn brute_force<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId, len: usize) -> Vec<Vec<u8>> {
    fn walk<S: Shape>(
        maze: &Maze<S>,
        at: CellId,
        to: CellId,
        len: usize,
        on: &mut Vec<bool>,
        doors: &mut Vec<u8>,
        out: &mut Vec<Vec<u8>>,
    ) {
        if doors.len() == len {
            if at == to {
                out.push(doors.clone());
            }
            return;
        }
        for (d, next) in maze.open_adjacent(at).iter() {
            if !on[next.index()] {
                on[next.index()] = true;
                doors.push(d.index());
                walk(maze, next, to, len, on, doors, out);
                doors.pop();
                on[next.index()] = false;
            }
        }
    }
    let mut on = vec![false; maze.cell_count() as usize];
    on[from.index()] = true;
    let mut out = Vec::new();
    walk(maze, from, to, len, &mut on, &mut Vec::new(), &mut out);
    out.sort();
    out
}

/// The length of a shortest route by a plain breadth-first search (not `ShortestRoutes`).
fn bfs_length<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId) -> Option<usize> {
    let d = maze_core::analyze::distances(maze, from)[to.index()];
    (d != u32::MAX).then_some(d as usize)
}

#[test]
fn braided_mazes_every_shortest_route_by_brute_force_is_counted_listed_and_accepted() {
    let stats = Mutex::new((0usize, 0u64, 0usize)); // mazes with several routes, most routes, +2 detours
    let made = each_maze(
        serde_json::json!({"width": 10, "height": 10, "count": 1000, "seed": 4900, "braid": 0.6}),
        |maze| {
            let (a, b) = (maze.entrance(), maze.exit());
            let len = bfs_length(maze, a, b).expect("a braided maze is connected");
            let brute = brute_force(maze, a, b, len);
            let r = ShortestRoutes::of(maze, a, b);
            assert_eq!(r.length(), Some(len as u32));
            assert_eq!(r.count(), brute.len() as u64, "count");
            assert!(!r.saturated());
            let mut listed = r.routes(maze, usize::MAX);
            listed.sort();
            assert_eq!(listed, brute, "listed routes");
            assert_eq!(r.routes(maze, 1).len(), 1);
            let names = MoveNames::of(maze.shape());
            let mut verifier = Verifier::new();
            for route in &brute {
                let v = verifier.verify(maze, &names.format(route), None, None).expect("well formed");
                assert!(v.valid && v.reaches_goal && v.optimal, "{v:?}");
                assert_eq!((v.excess_steps, v.first_error), (Some(0), None));
            }
            let route = &brute[0];
            // Through a wall: at the first step where the cell has a closed inner door, take it.
            let mut at = a;
            for (i, &d) in route.iter().enumerate() {
                let shape = maze.shape();
                let wall = shape
                    .doors(at)
                    .iter()
                    .find(|&w| shape.neighbour(at, w).is_some() && !maze.is_open(at, w));
                if let Some(w) = wall {
                    let mut bad = route.clone();
                    bad[i] = w.index();
                    let v = verifier.verify(maze, &names.format(&bad), None, None).expect("well formed");
                    assert!(!v.valid && !v.reaches_goal && !v.optimal, "{v:?}");
                    assert_eq!(v.first_error, Some(i));
                    assert!(v.reason.contains("wall"), "{}", v.reason);
                    break;
                }
                at = shape.neighbour(at, maze_core::AnyDoor::from_index(d)).expect("on the maze");
            }
            // Longer: a detour into a neighbour off the route and back. Square cells are a
            // bipartite grid, so every route between two cells has the same parity: no route
            // is exactly one longer, the nearest longer are two longer.
            let mut at = a;
            for (i, &d) in route.iter().enumerate() {
                let open = maze.open_adjacent(at);
                if let Some((side, _)) = open.iter().find(|&(x, _)| x.index() != d) {
                    let back = maze.shape().opposite(at, side).index();
                    let mut long = route.clone();
                    long.splice(i..i, [side.index(), back]);
                    let v = verifier.verify(maze, &names.format(&long), None, None).expect("well formed");
                    assert!(v.valid && v.reaches_goal && !v.optimal, "{v:?}");
                    assert_eq!(v.excess_steps, Some(2), "{v:?}");
                    stats.lock().unwrap().2 += 1;
                    break;
                }
                at = open.cell(maze_core::AnyDoor::from_index(d));
            }
            // One step short: valid, not at the goal.
            if !route.is_empty() {
                let v =
                    verifier.verify(maze, &names.format(&route[..route.len() - 1]), None, None).expect("ok");
                assert!(v.valid && !v.reaches_goal && !v.optimal && v.excess_steps.is_none(), "{v:?}");
            }
            let mut s = stats.lock().unwrap();
            s.0 += usize::from(brute.len() > 1);
            s.1 = s.1.max(brute.len() as u64);
        },
    );
    assert_eq!(made, 1000);
    let (several, most, detours) = *stats.lock().unwrap();
    assert!(
        several > 300,
        "braided mazes have several shortest routes: {several} of 1000 do, at most {most}"
    );
    assert!(detours > 900, "{detours}");
}

#[test]
fn an_unreachable_goal_accepts_only_no_moves() {
    each_maze(serde_json::json!({"width": 8, "height": 8, "count": 50, "seed": 1}), |maze| {
        let (a, b) = (maze.entrance(), maze.exit());
        let sol = Solver::Bfs.solve(maze, a, b, &mut ()).expect("solves");
        let doors: Vec<u8> = route_doors(maze, &sol.path).into_iter().map(|d| d.expect("open")).collect();
        // Close the route's last wall: a perfect maze is then cut in two.
        let mut cut = maze.clone();
        let last = sol.path.len() - 2;
        cut.build_wall(sol.path[last], maze_core::AnyDoor::from_index(doors[last]));
        let names = MoveNames::of(maze.shape());
        let v = verify(&cut, "", None, None).expect("ok");
        assert!(v.valid && !v.reaches_goal && v.optimal && !v.reachable && v.accepted(), "{v:?}");
        assert_eq!(v.excess_steps, Some(0));
        // The route up to the cut is still legal, but no answer but none is right.
        let v = verify(&cut, &names.format(&doors[..last]), None, None).expect("ok");
        assert!(v.valid && !v.optimal && !v.accepted(), "{v:?}");
        assert_eq!(v.excess_steps, Some(last as u64));
        assert!(v.reason.contains("cannot be reached"), "{}", v.reason);
        let v = verify(&cut, &names.format(&doors), None, None).expect("ok");
        assert!(!v.valid && v.first_error == Some(last) && !v.optimal, "{v:?}");
        // The same route on the maze before the cut is right.
        assert!(verify(maze, &names.format(&doors), None, None).expect("ok").optimal);
    });
}

#[test]
fn malformed_moves_and_bad_cells_are_one_line_errors() {
    each_maze(serde_json::json!({"width": 4, "height": 4, "count": 1}), |maze| {
        let e = verify(maze, "RRQ", None, None).unwrap_err().to_string();
        assert!(e.contains("'Q'") && e.contains("index 2") && !e.contains('\n'), "{e}");
        let e = verify(maze, "east,south", None, None).unwrap_err().to_string();
        assert!(e.contains("index 0"), "{e}");
        let e = verify(maze, "R", Some(CellId(99)), None).unwrap_err().to_string();
        assert!(e.contains("start") && e.contains("99"), "{e}");
        // Leaving the maze is illegal, the entrance's opening included.
        let v = verify(maze, "U", Some(CellId(0)), None).expect("ok");
        assert_eq!((v.valid, v.first_error), (false, Some(0)));
        assert!(v.reason.contains("leaves the maze"), "{}", v.reason);
    });
    each_maze(serde_json::json!({"shape": "hex", "width": 4, "height": 4, "count": 1}), |maze| {
        let e = verify(maze, "east RRDD", None, None).unwrap_err().to_string();
        assert!(e.contains("'RRDD'") && e.contains("index 1"), "{e}");
    });
}

/// Every shape, with wrap, levels and weave where the shape has them: the solver's route as
/// moves is an optimal answer, between the entrance and exit and between other cells.
#[test]
fn the_solvers_route_verifies_as_optimal_on_every_shape() {
    let mut requests = Vec::new();
    for &kind in ShapeKind::ALL {
        let has = maze::capabilities::Topologies::of(kind);
        let base = serde_json::json!({"shape": kind.name(), "width": 7, "height": 6, "count": 20, "seed": 3});
        requests.push(base.clone());
        requests.push(
            serde_json::json!({"shape": kind.name(), "width": 7, "height": 6, "count": 20, "braid": 1.0}),
        );
        if has.wrap {
            requests.push(
                serde_json::json!({"shape": kind.name(), "width": 8, "height": 6, "count": 20, "wrap": "xy"}),
            );
        }
        if has.levels {
            requests.push(
                serde_json::json!({"shape": kind.name(), "width": 5, "height": 4, "count": 20, "levels": 3}),
            );
        }
        if has.weave {
            requests.push(
                serde_json::json!({"shape": kind.name(), "width": 9, "height": 9, "count": 20, "weave": 0.8}),
            );
        }
    }
    for json in requests {
        let shown = json.to_string();
        let made = each_maze(json, |maze| {
            let names = MoveNames::of(maze.shape());
            let n = maze.cell_count();
            for (from, to) in [(maze.entrance(), maze.exit()), (CellId(n / 3), CellId(n - 1 - n / 5))] {
                let sol = Solver::Bfs.solve(maze, from, to, &mut ()).expect("solves");
                let doors: Vec<u8> =
                    route_doors(maze, &sol.path).into_iter().map(|d| d.expect("open")).collect();
                let text = names.format(&doors);
                assert_eq!(names.parse(&text).expect("reads back"), doors);
                let v = verify(maze, &text, Some(from), Some(to)).expect("well formed");
                assert!(v.valid && v.reaches_goal && v.optimal, "{shown}: {v:?}");
                let r = ShortestRoutes::of(maze, from, to);
                assert!(r.count() >= 1);
                for route in r.routes(maze, 5) {
                    let v = verify(maze, &names.format(&route), Some(from), Some(to)).expect("ok");
                    assert!(v.optimal, "{shown}: {v:?}");
                }
            }
        });
        assert_eq!(made, 20, "{shown}");
    }
}

/// The verifier's speed (BENCHMARKS.md): 100,000 answers, one per 10 x 10 maze (a shortest
/// route, as moves), verified on every core. Run with
/// `cargo test --release -p maze --test verify -- --ignored --nocapture verify_speed`.
#[test]
#[ignore = "a measurement: run it alone"]
fn verify_speed() {
    use rayon::prelude::*;
    struct Keep10;
    impl Keep for Keep10 {
        type Item = (Maze<maze_core::Erased>, String);
        fn keep<S: Shape>(&self, built: Built<S>, _: Option<Stats>) -> Result<Self::Item> {
            let maze = built.maze;
            let sol = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
            let doors: Vec<u8> =
                route_doors(&maze, &sol.path).into_iter().map(|d| d.expect("open")).collect();
            let text = MoveNames::of(maze.shape()).format(&doors);
            Ok((maze.into_erased(), text))
        }
    }
    let r = request(serde_json::json!({"width": 10, "height": 10, "count": 100_000, "seed": 1}));
    let mazes = Plan::new(&r).expect("planned").collect(1, false, &Keep10).expect("made");
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = std::time::Instant::now();
        let right: usize = mazes
            .par_iter()
            .map_init(Verifier::new, |v, (_, (maze, moves))| {
                usize::from(v.verify(maze, moves, None, None).expect("ok").optimal)
            })
            .sum();
        best = best.min(t.elapsed().as_secs_f64());
        assert_eq!(right, mazes.len());
    }
    println!(
        "verify: {} answers of 10x10 in {:.1} ms on {} threads: {:.0} answers/s",
        mazes.len(),
        best * 1e3,
        rayon::current_num_threads(),
        mazes.len() as f64 / best
    );
}
