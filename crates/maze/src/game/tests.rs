//! The game model on every shape, wrapped, stacked in levels and woven: moves go exactly
//! through the maze's open doors, the fog shows what lies within reach, the goal ends the
//! game at the par.

use maze_core::{CellId, Door, Erased, Maze, Shape, ShapeKind, Solver};

use super::{Fog, Moved, Walk, door_of};
use crate::{MazeRequest, Plan};

/// A request from its JSON object (as Python and the web API send them).
pub(crate) fn request(json: serde_json::Value) -> MazeRequest {
    serde_json::from_value(json).expect("a request")
}

/// Small mazes of every shape, and of every topology (wrap, levels, weave) where one applies.
pub(crate) fn mazes() -> Vec<(String, Maze<Erased>)> {
    let mut requests: Vec<serde_json::Value> = ShapeKind::ALL
        .iter()
        .map(|k| serde_json::json!({"shape": k.name(), "width": 6, "height": 5, "algorithm": "kruskal"}))
        .collect();
    requests.extend([
        serde_json::json!({"shape": "square", "width": 6, "height": 5, "wrap": "xy"}),
        serde_json::json!({"shape": "hex", "width": 6, "height": 5, "wrap": "x"}),
        serde_json::json!({"shape": "square", "width": 4, "height": 4, "levels": 3}),
        serde_json::json!({"shape": "hex", "width": 4, "height": 3, "levels": 2}),
        serde_json::json!({"shape": "square", "width": 7, "height": 6, "weave": 0.5, "algorithm": "kruskal"}),
        serde_json::json!({"shape": "square", "width": 6, "height": 6, "braid": 0.5}),
    ]);
    requests
        .into_iter()
        .map(|mut json| {
            json["format"] = "json".into();
            let name = json.to_string();
            let plan = Plan::new(&request(json)).expect("a plan");
            (name, plan.build(3).expect("a maze").maze().clone())
        })
        .collect()
}

#[test]
fn every_move_goes_through_an_open_door_and_nowhere_else() {
    for (name, maze) in mazes() {
        let shape = maze.shape().clone();
        let walk = Walk::new(maze.clone(), Fog::Off);
        let doors = shape.door_count();
        assert!(doors >= 3, "{name}: {doors} doors");
        for c in 0..maze.cell_count() {
            let cell = CellId(c);
            for index in 0..<Erased as Shape>::Door::COUNT {
                let mut w = walk.clone();
                w.place_player(cell);
                let door = door_of(&shape, cell, index);
                let expected = door.filter(|&d| maze.is_open(cell, d)).and_then(|d| shape.neighbour(cell, d));
                let moved = match door {
                    Some(d) => w.move_through(d),
                    None => Moved::Blocked,
                };
                assert!(door.is_none() || index < doors, "{name}: door {index} beyond the shape's {doors}");
                match expected {
                    Some(next) => {
                        assert_ne!(moved, Moved::Blocked, "{name}: cell {c} door {index}");
                        assert_eq!(w.moves(), 1);
                        // The player is on the neighbour, unless it was the goal (solved: it
                        // stays there too).
                        assert_eq!(w.player(), next, "{name}: cell {c} door {index}");
                        assert_eq!(moved == Moved::Finished, walk.ends().contains(&next));
                    }
                    None => {
                        assert_eq!(moved, Moved::Blocked, "{name}: cell {c} door {index}");
                        assert_eq!((w.player(), w.moves()), (cell, 0));
                    }
                }
            }
        }
    }
}

#[test]
fn the_shortest_route_reaches_the_goal_at_the_par() {
    for (name, maze) in mazes() {
        let mut walk = Walk::new(maze, Fog::Off);
        let goal = walk.goals()[0];
        let route = Solver::Bfs.solve(walk.maze(), walk.player(), goal, &mut ()).expect("route").path;
        for (i, pair) in route.windows(2).enumerate() {
            assert!(!walk.finished(), "{name}: finished early");
            let door = walk.maze().shape().door_between(pair[0], pair[1]).expect("a door");
            let moved = walk.move_through(door);
            let last = i + 2 == route.len();
            assert_eq!(moved, if last { Moved::Finished } else { Moved::Steps(1) }, "{name} step {i}");
        }
        assert!(walk.finished(), "{name}");
        assert_eq!(walk.moves(), walk.shortest(), "{name}");
        assert_eq!(walk.connected(), (1, 1));
        // Solved, nothing moves; restarted, it plays again.
        let any = walk.maze().shape().doors(walk.player()).iter().next().expect("a door");
        assert_eq!(walk.move_through(any), Moved::Finished);
        walk.restart();
        assert!(!walk.finished() && walk.moves() == 0 && walk.player() == walk.starts()[0]);
    }
}

#[test]
fn fog_near_shows_exactly_the_cells_within_reach_and_keeps_them() {
    for (name, maze) in mazes() {
        for k in [1, 3] {
            let mut walk = Walk::new(maze.clone(), Fog::Near(k));
            let d = maze_core::analyze::distances(walk.maze(), walk.player());
            for (c, &seen) in walk.seen().iter().enumerate() {
                assert_eq!(seen, d[c] <= k, "{name} Near({k}): cell {c} at {}", d[c]);
            }
            let before = walk.seen().to_vec();
            let Some((door, _)) = walk.maze().open_adjacent(walk.player()).iter().next() else { continue };
            walk.move_through(door);
            assert!(before.iter().zip(walk.seen()).all(|(b, n)| !b || *n), "{name}: a seen cell hid again");
        }
        let walk = Walk::new(maze.clone(), Fog::Off);
        assert!(walk.seen().is_empty(), "{name}: no fog, nothing tracked");
        let walk = Walk::new(maze, Fog::Sight);
        assert!(walk.seen()[walk.player().index()], "{name}: the player's cell is seen");
    }
}

#[test]
fn a_multimaze_pairs_each_start_with_an_end() {
    let plan = Plan::new(&request(serde_json::json!({"width": 8, "height": 8, "starts": 2, "ends": 2})))
        .expect("plan");
    let mut walk = Walk::new(plan.build(5).expect("maze").maze().clone(), Fog::Off);
    assert_eq!(walk.connected(), (0, 2));
    let mut moves = 0;
    while !walk.finished() {
        let goals = walk.goals();
        let route = goals
            .iter()
            .map(|&g| Solver::Bfs.solve(walk.maze(), walk.player(), g, &mut ()).expect("route").path)
            .min_by_key(Vec::len)
            .expect("a goal");
        for pair in route.windows(2) {
            let door = walk.maze().shape().door_between(pair[0], pair[1]).expect("door");
            assert_ne!(walk.move_through(door), Moved::Blocked);
            moves += 1;
        }
        assert!(moves < 1000);
    }
    assert_eq!(walk.connected(), (2, 2));
    assert_eq!(walk.moves(), moves);
}

#[test]
fn square_actions_are_the_move_letters_in_order() {
    // Action i on square cells is door i: north, east, south, west, as U R D L spell them.
    let spec = maze_core::ShapeSpec::plain(ShapeKind::Square, 3, 3);
    let names = spec.move_names();
    let square = maze_core::Square::new(3, 3);
    let letters: Vec<String> =
        (0..4u8).map(|i| names.format(&[door_of(&square, CellId(4), i).expect("a door").index()])).collect();
    assert_eq!(letters, ["U", "R", "D", "L"]);
}

/// `maze play --shifting`: on every shape (not woven), the walls change as the player
/// moves, the maze stays perfect (or keeps its loops) with every cell in reach, and a player
/// who takes the shortest route again after each move reaches the goal.
#[test]
fn a_shifting_maze_changes_as_it_is_played_and_stays_whole() {
    let mut changed = 0;
    for (name, maze) in mazes() {
        let woven = maze.shape().woven();
        let passages = maze.passages().count_open();
        let mut walk = Walk::new(maze.clone(), Fog::Off);
        walk.shift_every(3, 7);
        assert_eq!(walk.shifting(), !woven, "{name}");
        for _ in 0..4 * maze.cell_count() {
            if walk.finished() {
                break;
            }
            let goal = walk.goals()[0];
            let route = Solver::Bfs.solve(walk.maze(), walk.player(), goal, &mut ()).expect("in reach").path;
            let door = walk.maze().shape().door_between(route[0], route[1]).expect("adjacent");
            let moved = walk.move_through(door);
            assert!(matches!(moved, Moved::Steps(1) | Moved::Finished), "{name}: {moved:?}");
            // One wall opened and one closed; a braided maze's loops may close (a step can
            // open a wall that was open already), never open.
            let open = walk.maze().passages().count_open();
            if name.contains("braid") {
                assert!(open <= passages, "{name}: {open} passages from {passages}");
            } else {
                assert_eq!(open, passages, "{name}: one wall opened, one closed");
            }
            let reached = maze_core::analyze::distances(walk.maze(), walk.player());
            assert!(reached.iter().all(|&d| d != u32::MAX), "{name}: a cell cut off");
        }
        assert!(walk.finished(), "{name}: the goal reached");
        changed += usize::from(walk.maze().passages() != maze.passages());
    }
    assert!(changed >= 10, "only {changed} mazes changed");
}
