//! Every solver on every shape, on perfect and braided mazes: paths are real routes, visit
//! lists are honest, shortest solvers are shortest, wall followers terminate (and fail on an
//! island instead of circling), unreachable goals and bad ids are errors. Also braiding and
//! MultiMaze start/end placement.

#[macro_use]
mod common;

use std::collections::HashSet;
use std::sync::mpsc;
use std::time::Duration;

use common::{grid_distances, maze_distances};
use maze_core::imperfect::{braid, place_starts_and_ends};
use maze_core::observe::Trace;
use maze_core::{
    Algorithm, CellId, Error, Event, Maze, Options, Random, Shape, Solution, Solver, Square, Xoshiro, analyze,
};

const GENERATORS: &[Algorithm] = &[
    Algorithm::Kruskal,
    Algorithm::RecursiveBacktracker,
    Algorithm::Wilson,
    Algorithm::Prim,
    Algorithm::HuntAndKill,
    Algorithm::GrowingTree,
    Algorithm::BinaryTree,
    Algorithm::Sidewinder,
    Algorithm::Eller,
    Algorithm::RecursiveDivision,
    Algorithm::QuadDivision,
];

fn is_wall_follower(solver: Solver) -> bool {
    matches!(solver, Solver::WallFollower | Solver::WallFollowerRight)
}

/// The solvers allowed to give up (with NoPath) on a maze with loops: the wall followers and
/// the Pledge walker, which is made to get out, not to find a cell.
fn may_give_up(solver: Solver) -> bool {
    is_wall_follower(solver) || solver == Solver::Pledge
}

fn perfect<S: Shape>(shape: &S, alg: Algorithm, seed: u64) -> Maze<S> {
    let mut maze = Maze::new(shape.clone());
    alg.generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut ()).unwrap();
    maze
}

/// Start/goal pairs: entrance to exit, the reverse, a cell to itself, and random pairs.
fn pairs(n: u32, seed: u64) -> Vec<(CellId, CellId)> {
    let mut rng = Xoshiro::seed_from_u64(seed ^ 0xface);
    let mut out =
        vec![(CellId(0), CellId(n - 1)), (CellId(n - 1), CellId(0)), (CellId(n / 2), CellId(n / 2))];
    for _ in 0..8 {
        out.push((CellId(rng.below(u64::from(n)) as u32), CellId(rng.below(u64::from(n)) as u32)));
    }
    out
}

/// The checks every successful solution must pass.
fn check_solution<S: Shape>(maze: &Maze<S>, from: CellId, to: CellId, sol: &Solution, what: &str) {
    let n = maze.cell_count();
    assert_eq!(sol.path.first(), Some(&from), "{what}: path does not start at {from:?}");
    assert_eq!(sol.path.last(), Some(&to), "{what}: path does not end at {to:?}");
    for pair in sol.path.windows(2) {
        assert!(maze.connected(pair[0], pair[1]), "{what}: no open passage {:?}-{:?}", pair[0], pair[1]);
    }
    let on_path: HashSet<CellId> = sol.path.iter().copied().collect();
    assert_eq!(on_path.len(), sol.path.len(), "{what}: a cell repeats in the path");
    let visited: HashSet<CellId> = sol.visited.iter().copied().collect();
    assert_eq!(visited.len(), sol.visited.len(), "{what}: a cell repeats in the visit list");
    assert!(sol.visited.iter().all(|c| c.0 < n), "{what}: visited cell out of range");
    for c in &sol.path {
        assert!(visited.contains(c), "{what}: path cell {c:?} was never visited");
    }
}

/// Solves with an observer and checks the events against the solution: the path is reported
/// in order at the end.
fn solve_traced<S: Shape>(
    solver: Solver,
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
) -> Result<Solution, Error> {
    let mut trace = Trace::with_limit(usize::MAX);
    let result = solver.solve(maze, from, to, &mut trace);
    let plain = solver.solve(maze, from, to, &mut ());
    assert_eq!(result, plain, "{solver}: the observer changed the result");
    if let Ok(sol) = &result {
        let on_path: Vec<CellId> = trace
            .events
            .iter()
            .filter_map(|e| if let Event::OnPath(c) = e { Some(*c) } else { None })
            .collect();
        assert_eq!(on_path, sol.path, "{solver}: OnPath events differ from the path");
    }
    result
}

fn check_perfect<S: Shape>(shape: S) {
    let spec = shape.spec();
    for &alg in GENERATORS.iter().filter(|a| a.supports(&shape)) {
        for seed in 0..3 {
            let maze = perfect(&shape, alg, seed);
            for (from, to) in pairs(maze.cell_count(), seed) {
                let bfs = Solver::Bfs.solve(&maze, from, to, &mut ()).unwrap();
                let dist = analyze::distances(&maze, from)[to.index()];
                assert_eq!(maze_distances(&maze, from)[to.index()], dist);
                assert_eq!(bfs.path.len() as u32, dist + 1);
                for &solver in Solver::ALL {
                    let what = format!("{solver} on {alg} {spec:?} seed {seed} {from:?}->{to:?}");
                    let sol = solve_traced(solver, &maze, from, to).unwrap_or_else(|e| panic!("{what}: {e}"));
                    check_solution(&maze, from, to, &sol, &what);
                    // One route between two cells of a tree: everyone finds the same.
                    assert_eq!(sol.path, bfs.path, "{what}: not the unique path");
                }
            }
        }
    }
}

#[test]
fn every_solver_finds_the_unique_path_in_perfect_mazes() {
    for_each_shape!(12, 9, |s| check_perfect(s));
    for_each_shape!(1, 6, |s| check_perfect(s));
    for_each_shape!(6, 1, |s| check_perfect(s));
    for_each_shape!(2, 2, |s| check_perfect(s));
    for_each_shape!(1, 1, |s| check_perfect(s));
}

fn braided<S: Shape>(shape: &S, alg: Algorithm, fraction: f64, seed: u64) -> Maze<S> {
    let mut maze = perfect(shape, alg, seed);
    braid(&mut maze, fraction, &mut Xoshiro::seed_from_u64(seed + 77), &mut ()).unwrap();
    maze
}

fn check_braided<S: Shape>(shape: S) {
    let spec = shape.spec();
    for &alg in
        &[Algorithm::Kruskal, Algorithm::RecursiveBacktracker, Algorithm::Wilson, Algorithm::Sidewinder]
    {
        if !alg.supports(&shape) {
            continue;
        }
        for fraction in [0.5, 1.0] {
            for seed in 0..3 {
                let maze = braided(&shape, alg, fraction, seed);
                assert!(maze.passage_count() >= u64::from(maze.cell_count()), "braiding added no loop");
                let n = maze.cell_count();
                for (from, to) in pairs(n, seed) {
                    let dist = maze_distances(&maze, from)[to.index()];
                    assert_eq!(analyze::distances(&maze, from)[to.index()], dist);
                    for &solver in Solver::ALL {
                        let what = format!(
                            "{solver} on {alg}+braid {fraction} {spec:?} seed {seed} {from:?}->{to:?}"
                        );
                        match solve_traced(solver, &maze, from, to) {
                            Ok(sol) => {
                                check_solution(&maze, from, to, &sol, &what);
                                if solver.shortest() {
                                    assert_eq!(sol.path.len() as u32, dist + 1, "{what}: not shortest");
                                }
                            }
                            // Only a wall follower or Pledge may give up, and only by saying NoPath.
                            Err(Error::NoPath(_)) if may_give_up(solver) => {}
                            Err(e) => panic!("{what}: {e:?}"),
                        }
                    }
                    // The route alone: bfs_route takes the very path bfs takes, loops or not.
                    let full = Solver::Bfs.solve(&maze, from, to, &mut ()).unwrap();
                    let route = Solver::Bfs.solve_route(&maze, from, to).unwrap();
                    assert_eq!(
                        route.path, full.path,
                        "bfs_route on {alg}+braid {fraction} {spec:?} seed {seed}"
                    );
                    assert!(route.visited.is_empty());
                    // From the entrance, on the outer wall, a wall follower traces the outer
                    // wall and so reaches every cell on it, loops or not: the exit too. (Not on
                    // polar mazes: cell 0 lies on the centre's rim, the last cell on the outer
                    // one, two different walls; nor on cylinders, tori and levels, whose ends
                    // lie on different rims or levels; nor on woven mazes, whose passages
                    // under others break the planar argument.)
                    if (from, to) == (CellId(0), CellId(n - 1))
                        && spec.kind != maze_core::ShapeKind::Polar
                        && !spec.wrap.any()
                        && spec.levels == 1
                        && spec.weave.is_none()
                    {
                        for solver in [Solver::WallFollower, Solver::WallFollowerRight] {
                            let sol = solver.solve(&maze, from, to, &mut ());
                            assert!(
                                sol.is_ok(),
                                "{solver} on {alg}+braid {fraction} {spec:?} seed {seed}: {sol:?}"
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_solver_copes_with_braided_mazes() {
    for_each_shape!(12, 9, |s| check_braided(s));
    for_each_shape!(7, 7, |s| check_braided(s));
}

#[test]
fn dead_end_filling_is_also_shortest_on_braided_mazes() {
    // Filling removes only cells on no simple route, so the breadth-first search that reads
    // off the path works on a graph holding every route: its path is a shortest one.
    for_each_shape!(15, 11, |s| {
        for seed in 0..4 {
            let maze = braided(&s, Algorithm::Kruskal, 0.7, seed);
            for (from, to) in pairs(maze.cell_count(), seed) {
                let sol = Solver::DeadEndFiller.solve(&maze, from, to, &mut ()).unwrap();
                assert_eq!(sol.path.len() as u32, maze_distances(&maze, from)[to.index()] + 1);
            }
        }
    });
}

/// Runs a solve on another thread and fails if it takes longer than `limit`.
fn solve_within<S: Shape>(
    solver: Solver,
    maze: &Maze<S>,
    from: CellId,
    to: CellId,
    limit: Duration,
) -> Result<Solution, Error> {
    let maze = maze.clone();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(solver.solve(&maze, from, to, &mut ()));
    });
    rx.recv_timeout(limit).unwrap_or_else(|_| panic!("{solver} did not finish within {limit:?}"))
}

/// An open field (every inner wall open) with a ring of walls around the cells within one
/// step of the middle cell, which is the goal; with `gap` one wall of the ring stays open, so
/// the goal is reachable but its walls form an island detached from the outer wall.
fn island<S: Shape>(shape: S, gap: bool) -> (Maze<S>, CellId) {
    let spec = shape.spec();
    let goal = CellId(spec.height / 2 * spec.width + spec.width / 2);
    let dist = grid_distances(&shape, goal);
    // The ring must stay clear of the outer wall: every cell near it has all its neighbours.
    for c in (0..shape.cell_count()).map(CellId).filter(|c| dist[c.index()] <= 3) {
        assert_eq!(
            shape.inner_doors(c),
            shape.doors(c),
            "{spec:?}: the island touches the boundary at {c:?}"
        );
    }
    let mut maze = Maze::new(shape.clone());
    maze.open_all_inner();
    let mut ring = Vec::new();
    for c in (0..shape.cell_count()).map(CellId).filter(|c| dist[c.index()] <= 1) {
        for d in shape.inner_doors(c).iter() {
            let b = shape.neighbour(c, d).unwrap();
            if dist[b.index()] == 2 {
                maze.build_wall(c, d);
                ring.push((c, d));
            }
        }
    }
    assert!(ring.len() >= 3, "{spec:?}: ring of {} walls", ring.len());
    if gap {
        maze.carve(ring[ring.len() / 2].0, ring[ring.len() / 2].1);
    }
    (maze, goal)
}

#[test]
fn wall_followers_give_up_on_an_island_goal_in_bounded_time() {
    fn check<S: Shape>(shape: S) {
        let spec = shape.spec();
        let (maze, goal) = island(shape, true);
        let start = CellId(0);
        let dist = maze_distances(&maze, start)[goal.index()];
        assert_ne!(dist, u32::MAX, "the goal must be reachable");
        for &solver in Solver::ALL {
            let result = solve_within(solver, &maze, start, goal, Duration::from_secs(30));
            if is_wall_follower(solver) {
                assert!(matches!(result, Err(Error::NoPath(_))), "{solver} on {spec:?} island: {result:?}");
            } else if solver == Solver::Pledge {
                // Pledge gets out of islands, but a goal inside one it may miss: either way it
                // stops, and a route it gives is a real one.
                match result {
                    Ok(sol) => {
                        check_solution(&maze, start, goal, &sol, &format!("pledge on {spec:?} island"))
                    }
                    Err(Error::NoPath(_)) => {}
                    Err(e) => panic!("pledge on {spec:?} island: {e:?}"),
                }
            } else {
                let sol = result.unwrap_or_else(|e| panic!("{solver} on {spec:?} island: {e}"));
                check_solution(&maze, start, goal, &sol, &format!("{solver} on {spec:?} island"));
                if solver.shortest() {
                    assert_eq!(sol.path.len() as u32, dist + 1);
                }
            }
        }
    }
    check(maze_core::Square::new(11, 11));
    check(maze_core::Hex::new(11, 11));
    check(maze_core::Triangle::new(20, 11));
    check(maze_core::Square::new(60, 40));
}

#[test]
fn a_goal_behind_a_closed_ring_is_unreachable_for_every_solver() {
    fn check<S: Shape>(shape: S) {
        let (maze, goal) = island(shape, false);
        for &solver in Solver::ALL {
            let result = solve_within(solver, &maze, CellId(0), goal, Duration::from_secs(30));
            assert!(matches!(result, Err(Error::NoPath(_))), "{solver}: {result:?}");
            let back = solve_within(solver, &maze, goal, CellId(0), Duration::from_secs(30));
            assert!(matches!(back, Err(Error::NoPath(_))), "{solver} from inside: {back:?}");
        }
    }
    check(maze_core::Square::new(11, 11));
    check(maze_core::Hex::new(11, 11));
    check(maze_core::Triangle::new(20, 11));
}

#[test]
fn two_components_built_by_hand_have_no_path_between_them() {
    // 2x2 square: 0-1 and 2-3 joined, nothing between the rows.
    let mut maze = Maze::new(Square::new(2, 2));
    maze.connect(CellId(0), CellId(1)).unwrap();
    maze.connect(CellId(2), CellId(3)).unwrap();
    assert!(maze.connect(CellId(0), CellId(3)).is_err(), "0 and 3 are not adjacent");
    assert!(maze.connect(CellId(0), CellId(4)).is_err(), "4 is out of range");
    for &solver in Solver::ALL {
        for (from, to) in [(CellId(0), CellId(3)), (CellId(3), CellId(0)), (CellId(1), CellId(2))] {
            let result = solver.solve(&maze, from, to, &mut ());
            assert!(matches!(result, Err(Error::NoPath(_))), "{solver} {from:?}->{to:?}: {result:?}");
        }
        // Within a component there is a path.
        let sol = solver.solve(&maze, CellId(0), CellId(1), &mut ()).unwrap();
        assert_eq!(sol.path, vec![CellId(0), CellId(1)], "{solver}");
    }
    // And on every shape: a perfect maze with one passage on the entrance-exit route closed.
    for_each_shape!(9, 7, |s| {
        let mut maze = perfect(&s, Algorithm::Kruskal, 5);
        let (a, z) = (CellId(0), CellId(maze.cell_count() - 1));
        let route = Solver::Bfs.solve(&maze, a, z, &mut ()).unwrap().path;
        let (p, q) = (route[route.len() / 2 - 1], route[route.len() / 2]);
        let door = maze.shape().door_between(p, q).unwrap();
        maze.build_wall(p, door);
        for &solver in Solver::ALL {
            let result = solve_within(solver, &maze, a, z, Duration::from_secs(30));
            assert!(matches!(result, Err(Error::NoPath(_))), "{solver} on {:?}: {result:?}", s.spec());
        }
    });
}

#[test]
fn out_of_range_cells_are_parameter_errors() {
    for_each_shape!(4, 3, |s| {
        let maze = perfect(&s, Algorithm::Kruskal, 1);
        let n = maze.cell_count();
        for &solver in Solver::ALL {
            for (from, to) in
                [(CellId(n), CellId(0)), (CellId(0), CellId(n)), (CellId(u32::MAX), CellId(u32::MAX))]
            {
                let result = solver.solve(&maze, from, to, &mut ());
                assert!(matches!(result, Err(Error::Parameter(_))), "{solver} {from:?}->{to:?}: {result:?}");
            }
        }
    });
}

#[test]
fn a_cell_to_itself_is_a_one_cell_path() {
    for_each_shape!(5, 4, |s| {
        let maze = perfect(&s, Algorithm::Wilson, 2);
        for &solver in Solver::ALL {
            for c in [CellId(0), CellId(7), CellId(maze.cell_count() - 1)] {
                let sol = solver.solve(&maze, c, c, &mut ()).unwrap();
                assert_eq!(sol.path, vec![c], "{solver}");
                assert!(sol.visited.contains(&c), "{solver}");
            }
        }
    });
}

#[test]
fn solver_names_round_trip_and_shortest_flags_are_as_documented() {
    for &solver in Solver::ALL {
        assert_eq!(solver.name().parse::<Solver>().unwrap(), solver);
        assert_eq!(solver.to_string(), solver.name());
        assert!(!solver.about().is_empty());
    }
    let shortest: Vec<Solver> = Solver::ALL.iter().copied().filter(|s| s.shortest()).collect();
    assert_eq!(shortest, vec![Solver::Bfs, Solver::AStar, Solver::DeadEndFiller]);
    assert!(matches!("nonsense".parse::<Solver>(), Err(Error::Parameter(_))));
    assert_eq!("A*".parse::<Solver>().unwrap(), Solver::AStar);
    assert_eq!("left-hand".parse::<Solver>().unwrap(), Solver::WallFollower);
}

#[test]
fn a_star_explores_fewer_cells_than_breadth_first_search_in_perfect_mazes() {
    for_each_shape!(30, 30, |s| {
        let (a, z) = (CellId(0), CellId(s.cell_count() - 1));
        let (mut bfs, mut astar) = (0, 0);
        for seed in 0..20 {
            let maze = perfect(&s, Algorithm::Kruskal, seed);
            bfs += Solver::Bfs.solve(&maze, a, z, &mut ()).unwrap().visited.len();
            astar += Solver::AStar.solve(&maze, a, z, &mut ()).unwrap().visited.len();
        }
        assert!(10 * astar < 9 * bfs, "{:?}: A* explored {astar} cells, BFS {bfs}", s.spec());
    });
}

#[test]
fn a_star_heads_for_the_goal_in_an_open_field() {
    // The documented point of A*: "it heads for the goal and explores fewer cells". In an open
    // field where the shape's bound is the exact distance (square and hex), every cell of every
    // shortest route has the same f = g + h, so A* goes straight to the goal only if it breaks
    // ties towards the goal (larger g first); otherwise it expands the whole plateau, which on
    // a rectangle from corner to corner is every cell, as many as BFS.
    for_each_shape!(30, 30, |s| {
        let mut maze = common::fresh(&s);
        maze.open_all_inner();
        let (a, z) = (CellId(0), CellId(maze.cell_count() - 1));
        let bfs = Solver::Bfs.solve(&maze, a, z, &mut ()).unwrap();
        let astar = Solver::AStar.solve(&maze, a, z, &mut ()).unwrap();
        assert_eq!(bfs.path.len(), astar.path.len());
        let to_goal = grid_distances(&s, z);
        let exact = (0..s.cell_count()).all(|c| s.min_steps(CellId(c), z) == to_goal[c as usize]);
        let spec = s.spec();
        let (explored, bfs_explored, path) = (astar.visited.len(), bfs.visited.len(), astar.path.len());
        if exact {
            assert!(
                explored <= 2 * path,
                "{spec:?}: A* explored {explored} cells for a {path}-cell path (BFS {bfs_explored})"
            );
        }
        assert!(explored < bfs_explored, "{spec:?}: A* explored {explored} cells, BFS {bfs_explored}");
    });
}

#[test]
fn a_star_keeps_the_first_of_equal_routes() {
    // 0 1 2 3    a loop 0-1-5-4 (two routes of 2 steps from 0 to 5), then 5-6-2-3-7.
    // 4 5 6 7    From 0, cells 1 and 4 tie (f = 1 + 3); 1 has the lower id and is expanded
    //            first, so 5 is reached from 1, and stays so when 4 reaches it in as many
    //            steps. 4 is still explored (its f ties with the cells after 5).
    let mut maze = Maze::new(Square::new(4, 2));
    for (a, b) in [(0, 1), (0, 4), (1, 5), (4, 5), (5, 6), (6, 2), (2, 3), (3, 7)] {
        maze.connect(CellId(a), CellId(b)).unwrap();
    }
    let ids = |v: &[CellId]| v.iter().map(|c| c.0).collect::<Vec<_>>();
    let s = Solver::AStar.solve(&maze, CellId(0), CellId(7), &mut ()).unwrap();
    assert_eq!(ids(&s.path), [0, 1, 5, 6, 2, 3, 7]);
    assert_eq!(ids(&s.visited), [0, 1, 5, 6, 4, 2, 3, 7]);
    // Breadth-first search keeps the first parent too: the same path.
    let b = Solver::Bfs.solve(&maze, CellId(0), CellId(7), &mut ()).unwrap();
    assert_eq!(ids(&b.path), [0, 1, 5, 6, 2, 3, 7]);
}

#[test]
fn the_left_hand_keeps_the_left_hand_on_the_wall() {
    // Entering the top-left cell of an open 5x5 field from above (facing south), the left hand
    // touches the wall to the east: the walk runs along the top row, then down the right side.
    // The right hand runs down the left side, then along the bottom.
    let mut maze = Maze::new(Square::new(5, 5));
    maze.open_all_inner();
    let ids = |v: &[u32]| v.iter().copied().map(CellId).collect::<Vec<_>>();
    let left = Solver::WallFollower.solve(&maze, CellId(0), CellId(24), &mut ()).unwrap();
    assert_eq!(left.path, ids(&[0, 1, 2, 3, 4, 9, 14, 19, 24]));
    let right = Solver::WallFollowerRight.solve(&maze, CellId(0), CellId(24), &mut ()).unwrap();
    assert_eq!(right.path, ids(&[0, 5, 10, 15, 20, 21, 22, 23, 24]));
}

#[test]
fn pledge_walks_straight_on_until_a_wall_then_follows_it() {
    // Entering the top-left cell of an open 5x5 field from above, the walker faces south and
    // walks straight down the left column. At the bottom the wall ahead and the wall to the
    // right turn it round (left hand on the left wall, turns -90 then -90: sum -180), up
    // the left column, right along the top (-270) and down the right side (-360) to the goal.
    let mut maze = Maze::new(Square::new(5, 5));
    maze.open_all_inner();
    let ids = |v: &[u32]| v.iter().copied().map(CellId).collect::<Vec<_>>();
    let sol = Solver::Pledge.solve(&maze, CellId(0), CellId(24), &mut ()).unwrap();
    assert_eq!(sol.visited, ids(&[0, 5, 10, 15, 20, 1, 2, 3, 4, 9, 14, 19, 24]));
    assert_eq!(sol.path, ids(&[0, 1, 2, 3, 4, 9, 14, 19, 24]));
    // From the middle it keeps going south, follows the bottom wall round the corner and
    // back up the left side: at the top-left corner the sum is -180, along the top -270,
    // down the right side -360, and so reaches the bottom-right goal.
    let sol = Solver::Pledge.solve(&maze, CellId(12), CellId(24), &mut ()).unwrap();
    assert_eq!(&sol.visited[..3], &ids(&[12, 17, 22])[..]);
    check_solution(&maze, CellId(12), CellId(24), &sol, "pledge from the middle");
}

/// The first braided maze (Kruskal, braid 0.5, seeds from 0) on which the left-hand wall
/// follower, starting from `start`, circles an island and gives up, while Pledge reaches
/// the exit (the last cell).
fn braided_island_maze<S: Shape>(shape: &S, start: CellId) -> Option<(u64, Maze<S>)> {
    let exit = CellId(shape.cell_count() - 1);
    (0..400).map(|seed| (seed, braided(shape, Algorithm::Kruskal, 0.5, seed))).find(|(_, maze)| {
        matches!(Solver::WallFollower.solve(maze, start, exit, &mut ()), Err(Error::NoPath(_)))
            && Solver::Pledge.solve(maze, start, exit, &mut ()).is_ok()
    })
}

#[test]
fn pledge_escapes_an_island_that_traps_the_wall_follower() {
    fn check<S: Shape>(shape: S, start: CellId) {
        let spec = shape.spec();
        let exit = CellId(shape.cell_count() - 1);
        let (seed, maze) =
            braided_island_maze(&shape, start).unwrap_or_else(|| panic!("{spec:?}: no such braided maze"));
        let what = format!("{spec:?} braided seed {seed} from {start:?}");
        let trapped = solve_within(Solver::WallFollower, &maze, start, exit, Duration::from_secs(30));
        assert!(matches!(trapped, Err(Error::NoPath(_))), "{what}: wall follower {trapped:?}");
        let sol = solve_traced(Solver::Pledge, &maze, start, exit).unwrap_or_else(|e| panic!("{what}: {e}"));
        check_solution(&maze, start, exit, &sol, &what);
        // The start really lies on an island: its walls do not reach the outer wall, or the
        // wall follower would have traced them out to the exit.
        assert!(maze.passage_count() >= u64::from(maze.cell_count()), "{what}: no loops");
    }
    check(Square::new(15, 15), CellId(7 * 15 + 7));
    check(maze_core::Hex::new(15, 15), CellId(7 * 15 + 7));
    check(maze_core::Triangle::new(25, 13), CellId(6 * 25 + 12));
}

// ---- braid ----

/// Cells left as dead ends although they have a closed wall to another cell: braid(1.0)
/// must leave none.
fn removable_dead_ends<S: Shape>(maze: &Maze<S>) -> Vec<CellId> {
    (0..maze.cell_count())
        .map(CellId)
        .filter(|&c| maze.degree(c) == 1 && maze.shape().inner_doors(c).iter().any(|d| !maze.is_open(c, d)))
        .collect()
}

#[test]
fn braid_one_removes_every_dead_end() {
    for &alg in &[Algorithm::RecursiveBacktracker, Algorithm::Kruskal, Algorithm::BinaryTree] {
        for seed in 0..5 {
            let mut maze = perfect(&Square::new(20, 20), alg, seed);
            let before = analyze::dead_ends(&maze);
            assert!(before > 10);
            let removed = braid(&mut maze, 1.0, &mut Xoshiro::seed_from_u64(seed), &mut ()).unwrap();
            assert_eq!(analyze::dead_ends(&maze), 0, "{alg} seed {seed}");
            assert_eq!(removed, before, "{alg} seed {seed}: reported {removed} removed of {before}");
            assert!(analyze::is_connected(&maze));
        }
    }
    for_each_shape!(15, 12, |s| {
        for seed in 0..3 {
            let mut maze = perfect(&s, Algorithm::Wilson, seed);
            braid(&mut maze, 1.0, &mut Xoshiro::seed_from_u64(seed), &mut ()).unwrap();
            assert_eq!(removable_dead_ends(&maze), vec![], "{:?} seed {seed}", s.spec());
        }
    });
}

#[test]
fn braid_skips_dead_ends_that_cannot_be_removed() {
    // A one-wide corridor: its two ends are dead ends with no closed inner wall.
    for_each_shape!(1, 2, |s| {
        let mut maze = perfect(&s, Algorithm::Kruskal, 0);
        let before = maze.passages().clone();
        assert_eq!(braid(&mut maze, 1.0, &mut Xoshiro::seed_from_u64(0), &mut ()).unwrap(), 0);
        assert_eq!(maze.passages(), &before);
    });
    let mut maze = perfect(&Square::new(1, 6), Algorithm::Kruskal, 0);
    assert_eq!(braid(&mut maze, 1.0, &mut Xoshiro::seed_from_u64(0), &mut ()).unwrap(), 0);
    assert_eq!(analyze::dead_ends(&maze), 2);
}

#[test]
fn braid_removes_the_requested_share_and_reports_it() {
    for_each_shape!(16, 12, |s| {
        for fraction in [0.1, 0.25, 0.5, 0.9, 1.0] {
            for seed in 0..3 {
                let mut maze = perfect(&s, Algorithm::Prim, seed);
                let before_passages = maze.passage_count();
                let before = analyze::dead_ends(&maze);
                let target = (fraction * before as f64).round() as u64;
                // Dead ends with no closed inner wall (corners of the triangle grid, whose
                // only neighbour is through the open passage) cannot be removed.
                let stuck = (0..maze.cell_count())
                    .map(CellId)
                    .filter(|&c| maze.degree(c) == 1 && maze.shape().inner_doors(c).len() == 1)
                    .count() as u64;
                let mut trace = Trace::with_limit(usize::MAX);
                let removed =
                    braid(&mut maze, fraction, &mut Xoshiro::seed_from_u64(seed), &mut trace).unwrap();
                let after = analyze::dead_ends(&maze);
                let what = format!("{:?} braid {fraction} seed {seed}", s.spec());
                assert_eq!(removed, before - after, "{what}: reported count");
                // Each step removes one or two dead ends, stopping at the target (or when only
                // the stuck ones are left).
                let reachable = target.min(before - stuck);
                assert!(
                    removed >= reachable && removed <= target + 1,
                    "{what}: removed {removed}, target {target}, {stuck} cannot be removed"
                );
                if fraction == 1.0 {
                    assert_eq!(after, stuck, "{what}: braid(1.0) left removable dead ends");
                }
                // Every carve event opened one new inner wall, and nothing else changed.
                let carves = trace.events.iter().filter(|e| matches!(e, Event::Carve(..))).count() as u64;
                assert_eq!(trace.events.len() as u64, carves, "{what}: unexpected events");
                assert_eq!(maze.passage_count(), before_passages + carves, "{what}");
                assert_eq!(maze.passages().count_open(), maze.passage_count(), "{what}: outer wall opened");
                assert!(analyze::is_connected(&maze));
            }
        }
    });
}

#[test]
fn braid_zero_changes_nothing_and_bad_fractions_are_refused() {
    for_each_shape!(10, 8, |s| {
        let original = perfect(&s, Algorithm::Kruskal, 4);
        let mut maze = original.clone();
        assert_eq!(braid(&mut maze, 0.0, &mut Xoshiro::seed_from_u64(1), &mut ()).unwrap(), 0);
        assert_eq!(maze.passages(), original.passages());
        for bad in [1.5, -0.1, f64::NAN, f64::INFINITY] {
            let result = braid(&mut maze, bad, &mut Xoshiro::seed_from_u64(1), &mut ());
            assert!(matches!(result, Err(Error::Parameter(_))), "braid({bad}): {result:?}");
            assert_eq!(maze.passages(), original.passages(), "braid({bad}) changed the maze");
        }
    });
}

#[test]
fn braid_is_deterministic() {
    let base = perfect(&Square::new(20, 20), Algorithm::Kruskal, 8);
    let run = |seed| {
        let mut m = base.clone();
        braid(&mut m, 0.5, &mut Xoshiro::seed_from_u64(seed), &mut ()).unwrap();
        m
    };
    assert_eq!(run(3).passages(), run(3).passages());
    assert_ne!(run(3).passages(), run(4).passages());
}

// ---- MultiMaze starts and ends ----

#[test]
fn starts_and_ends_are_distinct_and_anchored() {
    for_each_shape!(5, 5, |s| {
        for seed in 0..20 {
            let mut maze = common::fresh(&s);
            let n = maze.cell_count();
            let (entrance, exit) = (maze.entrance(), maze.exit());
            place_starts_and_ends(&mut maze, 3, 4, &mut Xoshiro::seed_from_u64(seed)).unwrap();
            assert_eq!(maze.starts.len(), 3);
            assert_eq!(maze.ends.len(), 4);
            // The first start and end are the maze's own entrance and exit.
            assert_eq!(maze.starts[0], entrance);
            assert_eq!(maze.ends[0], exit);
            let all: HashSet<CellId> = maze.starts.iter().chain(&maze.ends).copied().collect();
            assert_eq!(all.len(), 7, "seed {seed}: {:?} {:?}", maze.starts, maze.ends);
            assert!(all.iter().all(|c| c.0 < n));
        }
    });
    // Exactly as many marks as cells: every cell is used once.
    let mut maze = Maze::new(Square::new(2, 3));
    place_starts_and_ends(&mut maze, 2, 4, &mut Xoshiro::seed_from_u64(0)).unwrap();
    let mut all: Vec<u32> = maze.starts.iter().chain(&maze.ends).map(|c| c.0).collect();
    all.sort_unstable();
    assert_eq!(all, (0..6).collect::<Vec<_>>());
    // Placing again replaces the marks.
    place_starts_and_ends(&mut maze, 1, 1, &mut Xoshiro::seed_from_u64(0)).unwrap();
    assert_eq!((maze.starts.clone(), maze.ends.clone()), (vec![CellId(0)], vec![CellId(5)]));
}

/// Document 003's MultiMaze has a closed border: with several dots no outer wall is open
/// (an opened entrance or exit would single out one pair), whatever the order of the calls.
#[test]
fn a_multimaze_keeps_its_border_closed() {
    fn outer_open<S: Shape>(maze: &Maze<S>) -> bool {
        (0..maze.cell_count()).map(CellId).any(|c| {
            maze.shape().doors(c).iter().any(|d| maze.shape().neighbour(c, d).is_none() && maze.is_open(c, d))
        })
    }
    for_each_shape!(5, 5, |s| {
        let mut maze = common::fresh(&s);
        maze.open_entrance_and_exit();
        let wrapped = s.spec().wrap.x || s.spec().wrap.y;
        assert!(outer_open(&maze) || wrapped, "{:?}: a one-route maze has its openings", s.spec());
        place_starts_and_ends(&mut maze, 3, 2, &mut Xoshiro::seed_from_u64(1)).unwrap();
        assert!(!outer_open(&maze), "{:?}: the openings are walled again", s.spec());
        maze.open_entrance_and_exit();
        let (entrance, exit) = (maze.entrance(), maze.exit());
        maze.set_end(false, exit, None);
        maze.set_end(true, entrance, None);
        assert!(!outer_open(&maze), "{:?}: and stay closed", s.spec());
    });
}

#[test]
fn too_many_starts_and_ends_are_refused() {
    let mut maze = Maze::new(Square::new(2, 3));
    for (starts, ends) in [(4, 3), (1, 6), (0, 1), (1, 0), (u32::MAX, u32::MAX)] {
        let result = place_starts_and_ends(&mut maze, starts, ends, &mut Xoshiro::seed_from_u64(0));
        assert!(matches!(result, Err(Error::Parameter(_))), "{starts}+{ends}: {result:?}");
    }
    // A single cell cannot be both the first start and the last end.
    let mut one = Maze::new(Square::new(1, 1));
    assert!(place_starts_and_ends(&mut one, 1, 1, &mut Xoshiro::seed_from_u64(0)).is_err());
    assert!(one.starts.is_empty() && one.ends.is_empty());
}

/// Pledge on braided hex and sigma mazes (its doc says why and when it may cycle there):
/// from the entrance to the exit, on the outer wall, it arrives; from inside, it arrives
/// or gives up cleanly with NoPath at its step bound, never circling for ever.
#[test]
fn pledge_on_braided_hex_and_sigma_arrives_from_the_entrance_and_gives_up_cleanly_inside() {
    fn check<S: Shape>(shape: S) -> usize {
        let mut gave_up = 0;
        for alg in [Algorithm::Kruskal, Algorithm::RecursiveBacktracker, Algorithm::Wilson] {
            for seed in 0..10 {
                let mut maze = braided(&shape, alg, 1.0, seed);
                maze.open_entrance_and_exit();
                let n = maze.cell_count();
                let what = format!("{alg} {:?} seed {seed}", shape.spec());
                let sol = Solver::Pledge.solve(&maze, maze.entrance(), maze.exit(), &mut ());
                let sol = sol.unwrap_or_else(|e| panic!("{what}: entrance to exit: {e}"));
                check_solution(&maze, maze.entrance(), maze.exit(), &sol, &what);
                match Solver::Pledge.solve(&maze, CellId(n / 2), maze.exit(), &mut ()) {
                    Ok(sol) => check_solution(&maze, CellId(n / 2), maze.exit(), &sol, &what),
                    Err(Error::NoPath(m)) => {
                        assert!(m.contains("gave up after") && m.contains("try tremaux or bfs"), "{m}");
                        gave_up += 1;
                    }
                    Err(e) => panic!("{what}: {e:?}"),
                }
            }
        }
        gave_up
    }
    let cycled = check(maze_core::Hex::new(12, 9)) + check(maze_core::Sigma::new(12, 9));
    // The doc's numbers: some runs from inside do cycle (if none did, the doc is stale).
    assert!(cycled > 0, "no Pledge run from inside cycled: update pledge's doc");
    assert_eq!(check(maze_core::Square::new(12, 9)), 0, "on squares the walker never cycles");
}
