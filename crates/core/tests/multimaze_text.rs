//! A solved MultiMaze's text picture is its answer key, read back from the characters:
//! every start `S<k>` is joined to an end `E<…>` by an unbroken line of its route's
//! symbol (or of a shared part's letter whose legend names route k), cell by cell and
//! through every gap between them, dots included; and that end is the one the answer key
//! pairs it with. Checked on every shape with a character picture, in both styles.

use std::collections::{HashMap, HashSet, VecDeque};

use maze_core::imperfect::place_starts_and_ends;
use maze_core::shape::{Hex, HexDoor, Sigma, SigmaDoor, SquareDoor, Triangle, TriangleDoor};
use maze_core::solve::answer_key;
use maze_core::text::{self, ROUTE_SYMBOLS, Style};
use maze_core::{Algorithm, CellId, Maze, Options, Shape, Solver, Square, Xoshiro};

/// (line, column) of a character in a picture.
type At = (usize, usize);

/// Where a shape's picture puts each cell's inside and the gap through each of its doors:
/// the layout text.rs documents, written out again here to read pictures back.
trait Layout: Shape {
    /// The characters inside `cell`.
    fn inside(&self, cell: CellId) -> Vec<At>;
    /// The characters a step through `door` of `cell` fills.
    fn gap(&self, cell: CellId, door: Self::Door) -> Vec<At>;
}

impl Layout for Square {
    fn inside(&self, c: CellId) -> Vec<At> {
        let (x, y) = ((c.0 % self.width()) as usize, (c.0 / self.width()) as usize);
        vec![(2 * y + 1, 3 * x + 1), (2 * y + 1, 3 * x + 2)]
    }
    fn gap(&self, c: CellId, d: SquareDoor) -> Vec<At> {
        let (x, y) = ((c.0 % self.width()) as usize, (c.0 / self.width()) as usize);
        match d {
            SquareDoor::North => vec![(2 * y, 3 * x + 1), (2 * y, 3 * x + 2)],
            SquareDoor::South => vec![(2 * y + 2, 3 * x + 1), (2 * y + 2, 3 * x + 2)],
            SquareDoor::West => vec![(2 * y + 1, 3 * x)],
            SquareDoor::East => vec![(2 * y + 1, 3 * x + 3)],
        }
    }
}

impl Layout for Hex {
    fn inside(&self, c: CellId) -> Vec<At> {
        let (x, y) = ((c.0 % self.width()) as usize, (c.0 / self.width()) as usize);
        let (row, col) = (2 * y, 4 * x + 2 * (y % 2));
        (1..=3).map(|k| (row + 1, col + k)).collect()
    }
    fn gap(&self, c: CellId, d: HexDoor) -> Vec<At> {
        let (x, y) = ((c.0 % self.width()) as usize, (c.0 / self.width()) as usize);
        let (row, col) = (2 * y, 4 * x + 2 * (y % 2));
        vec![match d {
            HexDoor::NorthWest => (row, col + 1),
            HexDoor::NorthEast => (row, col + 3),
            HexDoor::West => (row + 1, col),
            HexDoor::East => (row + 1, col + 4),
            HexDoor::SouthWest => (row + 2, col + 1),
            HexDoor::SouthEast => (row + 2, col + 3),
        }]
    }
}

impl Layout for Sigma {
    fn inside(&self, c: CellId) -> Vec<At> {
        let (x, y) = ((c.0 % self.width()) as usize, (c.0 / self.width()) as usize);
        let (row, col) = (2 * y + x % 2, 3 * x);
        vec![(row + 1, col + 1), (row + 1, col + 2)]
    }
    fn gap(&self, c: CellId, d: SigmaDoor) -> Vec<At> {
        let (x, y) = ((c.0 % self.width()) as usize, (c.0 / self.width()) as usize);
        let (row, col) = (2 * y + x % 2, 3 * x);
        match d {
            SigmaDoor::North => vec![(row, col + 1), (row, col + 2)],
            SigmaDoor::South => vec![(row + 2, col + 1), (row + 2, col + 2)],
            SigmaDoor::NorthWest => vec![(row + 1, col)],
            SigmaDoor::NorthEast => vec![(row + 1, col + 3)],
            SigmaDoor::SouthWest => vec![(row + 2, col)],
            SigmaDoor::SouthEast => vec![(row + 2, col + 3)],
        }
    }
}

impl Layout for Triangle {
    fn inside(&self, c: CellId) -> Vec<At> {
        let (x, y) = self.xy(c);
        let (top, col) = (3 * y as usize, 3 * x as usize);
        vec![(top + 2, col + 2), (top + 2, col + 3)]
    }
    fn gap(&self, c: CellId, d: TriangleDoor) -> Vec<At> {
        let (x, y) = self.xy(c);
        let (top, col) = (3 * y as usize, 3 * x as usize);
        match d {
            TriangleDoor::West => vec![(top + 2, col + 1)],
            TriangleDoor::East => vec![(top + 2, col + 4)],
            TriangleDoor::Base if self.points_up(c) => vec![(top + 3, col + 2), (top + 3, col + 3)],
            TriangleDoor::Base => vec![(top, col + 2), (top, col + 3)],
        }
    }
}

/// The picture read back: each start's route symbol and the end it reaches.
fn read_back<S: Layout>(maze: &Maze<S>, picture: &str, what: &str) -> HashMap<CellId, CellId> {
    let (grid, legend): (Vec<&str>, Vec<&str>) = {
        let at = picture.find("Answer key:").unwrap_or_else(|| panic!("{what}: no legend\n{picture}"));
        (picture[..at].lines().collect(), picture[at..].lines().collect())
    };
    let grid: Vec<Vec<char>> = grid.iter().map(|l| l.chars().collect()).collect();
    let ch = |(r, c): At| grid.get(r).and_then(|l| l.get(c)).copied().unwrap_or(' ');
    // The legend's shared parts: letter -> the routes' numbers.
    let mut shared: HashMap<char, Vec<usize>> = HashMap::new();
    for line in &legend {
        if let Some(list) = line.strip_prefix("Shared: ") {
            for part in list.split(", ") {
                let (letter, routes) = part.split_once(" = routes ").expect("A = routes 1+2");
                let routes = routes.split('+').map(|n| n.parse().expect("a route number")).collect();
                shared.insert(letter.chars().next().expect("a letter"), routes);
            }
        }
    }
    let shape = maze.shape();
    let inside = |c: CellId| -> String { shape.inside(c).into_iter().map(ch).collect() };
    // The dots: `S<symbol>` and `E<symbol>` in a cell's inside.
    let dot = |c: CellId, letter: char| -> Option<char> {
        let s = inside(c);
        let s = s.trim();
        let mut chars = s.chars();
        (chars.next() == Some(letter)).then(|| chars.next()).flatten()
    };
    let mut pairs = HashMap::new();
    for start in (0..maze.cell_count()).map(CellId).filter(|&c| dot(c, 'S').is_some()) {
        let symbol = dot(start, 'S').expect("a start");
        let k = ROUTE_SYMBOLS.find(symbol).unwrap_or_else(|| panic!("{what}: S{symbol}")) + 1;
        // What draws route k: its symbol and the letters of the parts it shares.
        let mine = |c: char| c == symbol || shared.get(&c).is_some_and(|r| r.contains(&k));
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        let mut reached = None;
        while let Some(c) = queue.pop_front() {
            if c != start && dot(c, 'E').is_some_and(mine) {
                reached = Some(c);
                break;
            }
            for d in shape.doors(c).iter() {
                let Some(b) = shape.neighbour(c, d) else { continue };
                // A step is drawn through the gap, and onto a cell of the route or a dot
                // (which a route may pass through: its gaps say so).
                let through = shape.gap(c, d).into_iter().all(|at| mine(ch(at)));
                let onto = inside(b).chars().all(mine) || dot(b, 'S').is_some() || dot(b, 'E').is_some();
                if through && onto && seen.insert(b) {
                    assert!(maze.is_open(c, d), "{what}: route {k} drawn through a wall\n{picture}");
                    queue.push_back(b);
                }
            }
        }
        let end = reached.unwrap_or_else(|| panic!("{what}: S{symbol}'s route is broken\n{picture}"));
        pairs.insert(start, end);
    }
    pairs
}

/// Solved pictures of MultiMazes on `shape`, read back against the answer key; the number
/// of pictures with shared parts.
fn check<S: Layout>(shape: S, seeds: std::ops::Range<u64>) -> usize {
    let mut shared = 0;
    for seed in seeds {
        for (starts, ends) in [(2, 2), (3, 2), (2, 3), (4, 4), (6, 5)] {
            let mut maze = Maze::new(shape.clone());
            let mut rng = Xoshiro::seed_from_u64(seed);
            if maze.cell_count() < starts + ends {
                continue;
            }
            let alg = if seed % 2 == 0 { Algorithm::RecursiveBacktracker } else { Algorithm::Kruskal };
            alg.generate(&mut maze, &Options::default(), &mut rng, &mut ()).expect("generates");
            place_starts_and_ends(&mut maze, starts, ends, &mut rng).expect("dots");
            let solution = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
            let key: HashMap<CellId, CellId> =
                answer_key(&maze).into_iter().map(|r| (r.start, r.end)).collect();
            for style in [Style::Ascii, Style::Unicode] {
                let what = format!("{:?} seed {seed}, {starts} starts {ends} ends, {style:?}", shape.spec());
                let picture = text::render(&maze, Some(&solution), style);
                assert_eq!(read_back(&maze, &picture, &what), key, "{what}: the pairing\n{picture}");
                shared += usize::from(picture.contains("\nShared: A = routes "));
                // The puzzle gives nothing away: no route symbols, no numbered dots.
                let puzzle = text::render(&maze, None, style);
                assert!(!puzzle.contains("Answer key") && !puzzle.contains("S1"), "{what}\n{puzzle}");
            }
        }
    }
    shared
}

#[test]
fn every_pair_s_route_is_drawn_unbroken_from_its_start_to_its_end() {
    for (w, h) in [(3, 2), (4, 4), (7, 5), (10, 8)] {
        let shared = check(Square::new(w, h), 0..6)
            + check(Hex::new(w, h), 0..6)
            + check(Sigma::new(w, h), 0..6)
            + check(Triangle::new(w, h), 0..6);
        assert!(shared > 0, "{w} x {h}: some routes share a corridor, and the legend names them");
    }
}

/// More routes than symbols: the rest are drawn `#`, and the legend says which.
#[test]
fn routes_past_the_symbols_are_drawn_alike_and_said_so() {
    let mut maze = Maze::new(Square::new(12, 12));
    let mut rng = Xoshiro::seed_from_u64(7);
    Algorithm::Kruskal.generate(&mut maze, &Options::default(), &mut rng, &mut ()).expect("generates");
    place_starts_and_ends(&mut maze, 40, 40, &mut rng).expect("dots");
    let solution = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
    let picture = text::render(&maze, Some(&solution), Style::Ascii);
    assert!(picture.contains("S#") && picture.contains("\n# = routes 36 to 40 "), "{picture}");
    assert!(picture.contains("Sz"), "route 35 has the last symbol\n{picture}");
}

/// The maze: 0 -> 1 -> 2 -> 5 goes through the second start, and the picture says
/// so (every step drawn, the second start's own route numbered 2), instead of
/// `|S  S ***|`, which seemed to start at the second S.
#[test]
fn a_route_through_another_start_is_drawn_through_it() {
    let mut maze = Maze::new(Square::new(3, 2));
    for (c, d) in
        [(0, SquareDoor::East), (1, SquareDoor::East), (1, SquareDoor::South), (2, SquareDoor::South)]
    {
        maze.carve(CellId(c), d);
    }
    maze.carve(CellId(0), SquareDoor::South);
    maze.starts = vec![CellId(0), CellId(1)];
    maze.ends = vec![CellId(5), CellId(4)];
    let solution = Solver::Bfs.solve(&maze, CellId(0), CellId(5), &mut ()).expect("solves");
    let picture = text::render(&maze, Some(&solution), Style::Ascii);
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(
        lines[..5],
        ["+--+--+--+", "|S11S2111|", "+  +22+11+", "|  |E2|E1|", "+--+--+--+"],
        "{picture}"
    );
    assert!(lines[5].starts_with("Answer key:"), "{picture}");
}
