//! Document 000 asks `solve` for a list of doors: a saved solution lists each step's move in
//! the one spelling of routes (U/D/L/R on square cells, the shape's own door names
//! elsewhere), on every shape, read back and checked.

use maze_core::moves::MoveNames;
use maze_core::{Algorithm, CellId, Door, Maze, Options, Shape, Solver, Xoshiro};
use maze_render::json::{MazeFile, Provenance, to_json};

fn check<S: Shape>(shape: S) {
    for seed in 0..5 {
        let mut maze = Maze::new(shape.clone());
        let mut rng = Xoshiro::seed_from_u64(seed);
        Algorithm::Kruskal.generate(&mut maze, &Options::default(), &mut rng, &mut ()).expect("generates");
        let (from, to) = (CellId(0), CellId(maze.cell_count() - 1));
        let sol = Solver::Bfs.solve(&maze, from, to, &mut ()).expect("solves");
        let text = to_json(&maze, &Provenance::default(), Some(("bfs", &sol)), false);
        let file = MazeFile::parse(&text).expect("parses");
        let saved = file.solution.clone().expect("a solution");
        assert_eq!(saved.moves.len() + 1, saved.path.len(), "{:?}: one move per step", shape.spec());
        for (step, name) in saved.path.windows(2).zip(&saved.moves) {
            let (a, b) = (CellId(step[0]), CellId(step[1]));
            let door = shape.doors(a).iter().find(|&d| shape.neighbour(a, d) == Some(b)).expect("adjacent");
            let want = MoveNames::of(&shape).name(door.index());
            assert_eq!(name, want, "{:?}: the door from {a:?} to {b:?}", shape.spec());
            if shape.door_count() == 4 && shape.door_name(S::Door::from_index(0)) == "north" {
                assert!(
                    ["U", "D", "L", "R"].contains(&name.as_str()),
                    "square cells move by letters: {name}"
                );
            }
            assert!(maze.is_open(a, door), "the move goes through a passage");
        }
        let (_, read) = file.to_maze(shape.clone()).expect("reads back");
        assert_eq!(read.expect("solution").1.path, sol.path);
        // A wrong move is refused in one line.
        if let Some(first) = saved.moves.first() {
            let names = MoveNames::of(&shape);
            let wrong = names.names().iter().find(|&&n| n != first).expect("another move");
            let tampered =
                text.replacen(&format!("\"moves\":[\"{first}\""), &format!("\"moves\":[\"{wrong}\""), 1);
            assert_ne!(tampered, text);
            let err = MazeFile::parse(&tampered).and_then(|f| f.to_maze(shape.clone()).map(|_| ()));
            assert!(
                err.is_err_and(|e| e.to_string().contains("moves")),
                "{:?}: tampered moves accepted",
                shape.spec()
            );
        }
    }
}

#[test]
fn saved_solutions_list_their_doors_on_every_shape() {
    check(maze_core::Square::new(7, 5));
    check(maze_core::Hex::new(6, 5));
    check(maze_core::Triangle::new(7, 4));
    check(maze_core::Polar::new(6, 4));
    check(maze_core::Upsilon::new(5, 5));
    check(maze_core::WrapSquare::new(6, 5, "xy".parse().expect("wrap")));
    check(maze_core::Levels::new(maze_core::Square::new(4, 4), 3));
    check(maze_core::Levels::new(maze_core::Hex::new(4, 4), 2));
}

/// Files written when moves were the door names (`east`, `south`) on square cells still read.
#[test]
fn a_solution_in_door_names_still_reads() {
    let new = r#"{"format":"maze","version":1,"shape":{"kind":"square","width":2,"height":2},"cells":4,"passages":[[0,1],[1,3]],"solution":{"algorithm":"bfs","path":[0,1,3],"moves":["R","D"],"visited":[0,1,3]}}"#;
    let old = new.replace(r#"["R","D"]"#, r#"["east","south"]"#);
    for text in [new, old.as_str()] {
        let file = MazeFile::parse(text).expect("parses");
        let (_, sol) = file.to_maze(maze_core::Square::new(2, 2)).expect("reads");
        assert_eq!(sol.expect("solution").1.path, [CellId(0), CellId(1), CellId(3)]);
    }
    let wrong = new.replace(r#"["R","D"]"#, r#"["D","R"]"#);
    assert!(MazeFile::parse(&wrong).expect("parses").to_maze(maze_core::Square::new(2, 2)).is_err());
}

/// Files written before `moves` existed still read.
#[test]
fn a_solution_without_moves_still_reads() {
    let text = r#"{"format":"maze","version":1,"shape":{"kind":"square","width":2,"height":1},"cells":2,"passages":[[0,1]],"solution":{"algorithm":"bfs","path":[0,1],"visited":[0,1]}}"#;
    let file = MazeFile::parse(text).expect("parses");
    assert!(file.to_maze(maze_core::Square::new(2, 1)).expect("reads").1.is_some());
}
