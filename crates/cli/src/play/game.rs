//! One maze being played or watched, for any shape: the state behind `maze play`, with no
//! terminal in sight (the view draws it; tests drive it directly).

use std::borrow::Cow;
use std::collections::HashSet;

use maze::game::Walk;
pub use maze::game::{Fog, Heading, Moved};
use std::time::Duration;

use maze::ends::EndSpec;
use maze_core::generate::Options;
use maze_core::shape::Layer;
use maze_core::text::{self, Mark};
use maze_core::{
    Algorithm, CellId, Door, DoorKind, Event, Maze, Point, Shape, ShapeSpec, ShapeVisitor, Solution, Solver,
    Trace, Xoshiro, imperfect,
};

/// The longest trace kept for watching (events beyond it are not recorded).
pub const MAX_TRACE: usize = 4_000_000;

/// A move along the route: towards a heading in the plane (through a seam of a wrapped
/// maze too), or up or down a stair of a multi-level maze.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hint {
    /// Step towards this heading ([`Game::step`]).
    Towards(Heading),
    /// Take the stair up (`true`) or down ([`Game::climb`]).
    Climb(bool),
}

/// What is being replayed in watch mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replay {
    /// The generator building the maze.
    Generation,
    /// A solver exploring it.
    Solving(Solver),
}

/// What the player asked for when starting a maze.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Shape and size.
    pub spec: ShapeSpec,
    /// Generator.
    pub algorithm: Algorithm,
    /// Seed.
    pub seed: u64,
    /// Share of dead ends removed.
    pub braid: f64,
    /// MultiMaze starts and ends (1 and 1 for an ordinary maze).
    pub starts: u32,
    /// MultiMaze ends.
    pub ends: u32,
    /// The entrance and exit asked for (`--entrance`, `--exit`), if any.
    pub doors: (Option<EndSpec>, Option<EndSpec>),
    /// The fog of war.
    pub fog: Fog,
    /// `--shifting K`: the maze shifts by K steps of Origin Shift after each move.
    pub shifting: Option<u32>,
}

/// The playing state of one maze, whatever its shape.
pub trait Game {
    /// The setup it was made from.
    fn setup(&self) -> &Setup;
    /// Moves the player towards `heading`; with `auto`, keeps going along corridors. A
    /// heading picks a door by where its wall lies, so on a wrapped maze moving off one
    /// border arrives on the other; stairs are taken with [`climb`](Game::climb) only.
    fn step(&mut self, heading: Heading, auto: bool) -> Moved;
    /// Takes the open stair of the player's cell up (`up`) or down, if there is one
    /// ([`Moved::Blocked`] otherwise).
    fn climb(&mut self, up: bool) -> Moved;
    /// Where the player is, for the status line: `"level 2 of 3"` in a multi-level maze,
    /// `"4 crossings, you are under a bridge"` in a woven one, else empty.
    fn place(&self) -> String;
    /// Whether the maze has stairs (more than one level), for the help line.
    fn has_stairs(&self) -> bool;
    /// Undoes nothing; puts the player back at the first start, clearing breadcrumbs and time.
    fn restart(&mut self);
    /// Moves made so far.
    fn moves(&self) -> u32;
    /// Length in steps of the shortest route(s) the player had to walk.
    fn shortest(&self) -> u32;
    /// Whether every start is connected to an end.
    fn finished(&self) -> bool;
    /// How many starts are connected to an end, and how many starts there are.
    fn connected(&self) -> (usize, usize);
    /// Shows or hides a solver's route from the player's cell to the nearest open end.
    fn show_solution(&mut self, solver: Option<Solver>) -> Result<(), String>;
    /// The solver whose route is shown.
    fn solution_shown(&self) -> Option<Solver>;
    /// The next move along the shown route, if one is shown.
    fn hint(&self) -> Option<Hint>;
    /// Starts watching a replay (records the solver's events when needed).
    fn watch(&mut self, what: Replay) -> Result<(), String>;
    /// Stops watching.
    fn stop_watching(&mut self);
    /// What is being watched, the position in it and its length.
    fn watching(&self) -> Option<(Replay, usize, usize)>;
    /// Moves the replay to `position` (clamped), forwards or backwards.
    fn seek(&mut self, position: usize);
    /// Turns document 000's zone colouring of a replay on or off; returns whether it is on.
    fn toggle_zones(&mut self) -> bool;
    /// The picture: text lines of the maze with the current marks.
    fn picture(&self, unicode: bool) -> Vec<String>;
    /// The door keys that make sense for this shape, for the help line.
    fn door_count(&self) -> u8;
    /// The maze (walls, start and end dots) as the picture renderer draws it for `maze
    /// generate --format png`, at the PNG's default cell size, for a window to show.
    ///
    /// # Errors
    /// When the picture cannot be drawn (its reason, one line).
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    fn raster(&self) -> Result<Raster, String>;
    /// The centre of the player's cell, in the shape's units (as [`Raster::pixel`] takes).
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    fn player_centre(&self) -> Point;
    /// Moves the player one cell into the neighbouring cell whose outline holds the point `p`
    /// (in the shape's units: a click on the picture), if the door to it is open
    /// ([`Moved::Blocked`] otherwise, or when `p` is in no neighbour). The same move as a
    /// key's: one step, a breadcrumb.
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    fn step_into(&mut self, p: Point) -> Moved;
}

/// A maze drawn by the picture renderer: the PNG's bytes, and where the shape's points lie
/// on it.
#[derive(Clone, Debug)]
#[cfg_attr(not(feature = "window"), allow(dead_code))]
pub struct Raster {
    /// The PNG, as `maze generate --format png` writes it.
    pub png: Vec<u8>,
    /// Pixels per unit of the shape (the cell size).
    pub cell: f64,
    /// The pixel of the shape's origin (the margin).
    pub origin: Point,
}

#[cfg_attr(not(feature = "window"), allow(dead_code))]
impl Raster {
    /// The pixel (x, y) of a point of the shape.
    pub fn pixel(&self, p: Point) -> Point {
        Point { x: self.origin.x + p.x * self.cell, y: self.origin.y + p.y * self.cell }
    }

    /// The point of the shape at pixel (x, y).
    pub fn point(&self, x: f64, y: f64) -> Point {
        Point { x: (x - self.origin.x) / self.cell, y: (y - self.origin.y) / self.cell }
    }
}

/// Builds a game for a setup, dispatching once on the shape.
pub fn new_game(setup: Setup) -> Result<Box<dyn Game>, String> {
    struct Build(Setup);
    impl ShapeVisitor for Build {
        type Output = Result<Box<dyn Game>, String>;
        fn visit<S: Shape>(self, shape: S) -> Self::Output {
            Ok(Box::new(Play::new(shape, self.0)?))
        }
    }
    let spec = setup.spec.clone();
    spec.visit(Build(setup))
}

/// The state of a maze being played.
struct Play<S: Shape> {
    setup: Setup,
    /// The maze, the player and the rules of moving (the library's game model).
    walk: Walk<S>,
    generation: Vec<Event>,
    breadcrumbs: HashSet<CellId>,
    solution: Option<(Solver, Solution)>,
    replay: Option<ReplayState<S>>,
}

/// A replay: the events, the position, and the maze and marks at that position.
struct ReplayState<S: Shape> {
    what: Replay,
    events: Vec<Event>,
    position: usize,
    /// The maze at position 0.
    start: Maze<S>,
    maze: Maze<S>,
    marks: Vec<Mark>,
    /// Show each zone (cells joined so far) as its own letter and colour.
    zones: bool,
}

impl<S: Shape> Play<S> {
    fn new(shape: S, setup: Setup) -> Result<Self, String> {
        let mut maze = Maze::new(shape);
        let mut rng = Xoshiro::seed_from_u64(setup.seed);
        let mut trace = Trace::with_limit(MAX_TRACE);
        setup
            .algorithm
            .generate(&mut maze, &Options::default(), &mut rng, &mut trace)
            .map_err(|e| e.to_string())?;
        if setup.braid > 0.0 {
            imperfect::braid(&mut maze, setup.braid, &mut rng, &mut ()).map_err(|e| e.to_string())?;
        }
        if setup.starts > 1 || setup.ends > 1 {
            imperfect::place_starts_and_ends(&mut maze, setup.starts, setup.ends, &mut rng)
                .map_err(|e| e.to_string())?;
        }
        maze.open_entrance_and_exit();
        let (entrance, exit) = maze::ends::ends_for_new(maze.shape(), setup.doors.0, setup.doors.1);
        if entrance.is_some() || exit.is_some() {
            maze::ends::place_ends(&mut maze, entrance, exit, &mut rng).map_err(|e| e.to_string())?;
        }
        let mut walk = Walk::new(maze, setup.fog);
        if let Some(steps) = setup.shifting {
            if walk.maze().shape().woven() {
                return Err(
                    "--shifting moves walls a woven maze's crossings cannot follow: play it without --weave"
                        .into(),
                );
            }
            walk.shift_every(steps, setup.seed ^ 0x7368_6966_7421);
        }
        let mut game = Play {
            setup,
            breadcrumbs: HashSet::from([walk.player()]),
            walk,
            generation: trace.events,
            solution: None,
            replay: None,
        };
        game.breadcrumbs.insert(game.walk.player());
        Ok(game)
    }

    /// Moves the player through `door` by the game model's rules, leaving breadcrumbs in
    /// the cell entered and where the player now stands (a MultiMaze's next start).
    fn go(&mut self, door: S::Door) -> Moved {
        let next = self.walk.maze().shape().neighbour(self.walk.player(), door);
        let moved = self.walk.move_through(door);
        // A shifted maze's route shown is stale.
        if moved != Moved::Blocked && self.walk.shifting() {
            self.solution = None;
        }
        if moved != Moved::Blocked {
            self.breadcrumbs.extend(next);
            self.breadcrumbs.insert(self.walk.player());
        }
        if moved == Moved::Finished {
            self.solution = None;
        }
        moved
    }

    fn refresh_solution(&mut self) {
        if let Some((solver, _)) = self.solution {
            let _ = self.show_solution(Some(solver));
        }
    }

    fn marks(&self) -> Vec<Mark> {
        let n = self.walk.maze().cell_count() as usize;
        let mut marks = vec![Mark::Empty; n];
        for &c in &self.breadcrumbs {
            marks[c.index()] = Mark::Visited;
        }
        if let Some((_, sol)) = &self.solution {
            for &c in &sol.path {
                marks[c.index()] = marks[c.index()].max(Mark::Path);
            }
        }
        for &s in self.walk.starts() {
            marks[s.index()] = marks[s.index()].max(Mark::Start);
        }
        for (&e, &matched) in self.walk.ends().iter().zip(self.walk.matched()) {
            // A matched end shows as a breadcrumb: it is used up.
            if !matched {
                marks[e.index()] = marks[e.index()].max(Mark::End);
            }
        }
        marks[self.walk.player().index()] = Mark::Player;
        // Under a fog of war, what was not seen is hidden (the ends too), but a solution
        // asked for; once the maze is solved, all of it shows.
        if !self.walk.seen().is_empty() && !self.finished() {
            for (m, _) in
                marks.iter_mut().zip(self.walk.seen()).filter(|(m, seen)| !**seen && **m != Mark::Path)
            {
                *m = Mark::Hidden;
            }
        }
        marks
    }
}

impl<S: Shape> ReplayState<S> {
    /// A replay of `events` from `start`. Leading resets are folded into the start, so a
    /// wall adder's replay begins on the open field it builds walls in.
    fn new(what: Replay, mut events: Vec<Event>, start: Maze<S>) -> Self {
        let (opened, lead) = maze_render::animate::opening(&start, &events);
        let start = match opened {
            Cow::Owned(opened) => opened,
            Cow::Borrowed(_) => start,
        };
        events.drain(..lead);
        let marks = vec![Mark::Empty; start.cell_count() as usize];
        ReplayState { what, events, position: 0, maze: start.clone(), start, marks, zones: false }
    }

    /// The marks to draw: with zones, every cell not otherwise marked shows its zone.
    fn shown_marks(&self) -> Vec<Mark> {
        if !self.zones {
            return self.marks.clone();
        }
        let zones = maze_render::animate::Zones::new(&self.maze);
        let mut marks = self.marks.clone();
        for (c, m) in marks.iter_mut().enumerate() {
            if *m < Mark::Path {
                let index = maze_render::animate::zone_index(zones.label(CellId(c as u32)));
                *m = Mark::Zone((index % 26) as u8);
            }
        }
        marks
    }

    /// Rebuilds the state at `position` from the start (cheap enough for the mazes one plays).
    fn seek(&mut self, position: usize) {
        let position = position.min(self.events.len());
        if position < self.position {
            self.maze = self.start.clone();
            self.marks.fill(Mark::Empty);
            self.position = 0;
        }
        let mut last = None;
        for &e in &self.events[self.position..position] {
            match e {
                Event::Reset { open } => {
                    self.maze.close_all();
                    if open {
                        self.maze.open_all_inner();
                    }
                }
                Event::Carve(c, d) => self.maze.carve(c, S::Door::from_index(d)),
                Event::Wall(c, d) => self.maze.build_wall(c, S::Door::from_index(d)),
                Event::Visit(c) => {
                    self.marks[c.index()] = self.marks[c.index()].max(Mark::Visited);
                    last = Some(c);
                }
                Event::Frontier(c) => {
                    if self.marks[c.index()] < Mark::Frontier {
                        self.marks[c.index()] = Mark::Frontier;
                    }
                }
                Event::Backtrack(c) => last = Some(c),
                Event::OnPath(c) => self.marks[c.index()] = Mark::Path,
                Event::Dead(c) => self.marks[c.index()] = Mark::Visited,
            }
        }
        // Frontier cells that were reached since are shown as reached.
        if let Some(c) = last {
            for m in self.marks.iter_mut().filter(|m| **m == Mark::Current) {
                *m = Mark::Visited;
            }
            if self.marks[c.index()] < Mark::Path {
                self.marks[c.index()] = Mark::Current;
            }
        }
        self.position = position;
    }
}

impl<S: Shape> Game for Play<S> {
    fn setup(&self) -> &Setup {
        &self.setup
    }

    fn step(&mut self, heading: Heading, auto: bool) -> Moved {
        if self.finished() {
            return Moved::Finished;
        }
        let Some((mut door, mut next)) = self.walk.door_towards(self.walk.player(), heading) else {
            return Moved::Blocked;
        };
        let mut steps = 0;
        loop {
            let from = self.walk.player();
            steps += 1;
            if let done @ (Moved::Finished | Moved::Blocked) = self.go(door) {
                return done;
            }
            if self.walk.player() != next {
                // A MultiMaze start was reached and the player went on from the next one.
                break;
            }
            if !auto {
                break;
            }
            // Auto-move: go on while the cell is a plain corridor (two open doors), but stop
            // before a stair (taking one is always the player's choice).
            let maze = self.walk.maze();
            let open = maze.open_doors(next);
            if open.len() != 2 {
                break;
            }
            let shape = maze.shape();
            let back = shape.opposite(from, door);
            let Some(d) = open.iter().find(|&d| d != back) else { break };
            if matches!(shape.door_kind(next, d), DoorKind::Stair { .. }) {
                break;
            }
            let Some(b) = shape.neighbour(next, d) else { break };
            door = d;
            next = b;
        }
        self.refresh_solution();
        Moved::Steps(steps)
    }

    fn climb(&mut self, up: bool) -> Moved {
        if self.finished() {
            return Moved::Finished;
        }
        let Some(stair) = self.walk.stair(up) else { return Moved::Blocked };
        let moved = self.go(stair);
        if let Moved::Steps(_) = moved {
            self.refresh_solution();
        }
        moved
    }

    fn place(&self) -> String {
        if S::WOVEN {
            // Under cells are numbered after the square's cells: one per crossing.
            let maze = self.walk.maze();
            let spec = maze.shape().spec();
            let crossings = u64::from(maze.cell_count()).saturating_sub(spec.base_cells());
            let here = match maze.shape().layer(self.walk.player()) {
                Layer::Over => ", you are on a bridge",
                Layer::Under => ", you are under a bridge",
                Layer::Ground => "",
            };
            return format!("{crossings} crossing{}{here}", if crossings == 1 { "" } else { "s" });
        }
        let levels = self.setup.spec.levels;
        if levels <= 1 {
            return String::new();
        }
        let per_level = (self.walk.maze().cell_count() / levels).max(1);
        format!("level {} of {levels}", self.walk.player().0 / per_level + 1)
    }

    fn has_stairs(&self) -> bool {
        self.setup.spec.levels > 1
    }

    fn restart(&mut self) {
        self.walk.restart();
        self.breadcrumbs.clear();
        self.breadcrumbs.insert(self.walk.player());
        self.solution = None;
    }

    fn moves(&self) -> u32 {
        self.walk.moves()
    }

    fn shortest(&self) -> u32 {
        self.walk.shortest()
    }

    fn finished(&self) -> bool {
        self.walk.finished()
    }

    fn connected(&self) -> (usize, usize) {
        self.walk.connected()
    }

    fn show_solution(&mut self, solver: Option<Solver>) -> Result<(), String> {
        let Some(solver) = solver else {
            self.solution = None;
            return Ok(());
        };
        let mut best: Option<Solution> = None;
        for goal in self.walk.goals() {
            match solver.solve(self.walk.maze(), self.walk.player(), goal, &mut ()) {
                Ok(s) if best.as_ref().is_none_or(|b| s.path.len() < b.path.len()) => best = Some(s),
                Ok(_) => {}
                Err(e) => return Err(e.to_string()),
            }
        }
        self.solution = best.map(|s| (solver, s));
        Ok(())
    }

    fn solution_shown(&self) -> Option<Solver> {
        self.solution.as_ref().map(|(s, _)| *s)
    }

    fn hint(&self) -> Option<Hint> {
        let (_, sol) = self.solution.as_ref()?;
        let next = *sol.path.get(1)?;
        let (shape, player) = (self.walk.maze().shape(), self.walk.player());
        let door = shape.door_between(player, next)?;
        if let DoorKind::Stair { up } = shape.door_kind(player, door) {
            return Some(Hint::Climb(up));
        }
        // Towards the door's wall, not the next cell's centre: through a seam the next cell
        // lies on the far border, but its door is on this cell's side.
        let [p, q] = shape.wall_segment(player, door);
        let c = shape.centre(player);
        Some(Hint::Towards(Heading { dx: (p.x + q.x) / 2.0 - c.x, dy: (p.y + q.y) / 2.0 - c.y }))
    }

    fn watch(&mut self, what: Replay) -> Result<(), String> {
        let state = match what {
            Replay::Generation => {
                ReplayState::new(what, self.generation.clone(), Maze::new(self.walk.maze().shape().clone()))
            }
            Replay::Solving(solver) => {
                let mut trace = Trace::with_limit(MAX_TRACE);
                let maze = self.walk.maze();
                let goal = self.walk.goals().first().copied().unwrap_or(maze.exit());
                solver.solve(maze, self.walk.starts()[0], goal, &mut trace).map_err(|e| e.to_string())?;
                ReplayState::new(what, trace.events, maze.clone())
            }
        };
        self.replay = Some(state);
        Ok(())
    }

    fn stop_watching(&mut self) {
        self.replay = None;
    }

    fn watching(&self) -> Option<(Replay, usize, usize)> {
        self.replay.as_ref().map(|r| (r.what, r.position, r.events.len()))
    }

    fn seek(&mut self, position: usize) {
        if let Some(r) = self.replay.as_mut() {
            r.seek(position);
        }
    }

    fn toggle_zones(&mut self) -> bool {
        self.replay.as_mut().is_some_and(|r| {
            r.zones = !r.zones;
            r.zones
        })
    }

    fn picture(&self, unicode: bool) -> Vec<String> {
        let style = if unicode { text::Style::Unicode } else { text::Style::Ascii };
        let text = match &self.replay {
            Some(r) => text::render_marks(&r.maze, &r.shown_marks(), style),
            None => text::render_marks(self.walk.maze(), &self.marks(), style),
        };
        text.lines().map(str::to_owned).collect()
    }

    fn door_count(&self) -> u8 {
        // The stairs of a multi-level maze are the last two doors: not moves in the plane.
        S::Door::COUNT - if self.has_stairs() { 2 } else { 0 }
    }

    fn raster(&self) -> Result<Raster, String> {
        let style = maze::draw_style(
            &maze::Draw::default(),
            maze::Format::Png,
            self.walk.maze().is_multi(),
            &maze::Picture::of(self.walk.maze().shape()),
        );
        let overlay = maze_render::scene::Overlay::default();
        let png = maze_render::png::maze_png(self.walk.maze(), &overlay, &style, maze::DEFAULT_MAX_MEMORY)
            .map_err(|e| e.to_string())?;
        // The maze sits a margin in from the left and bottom edges; a heading, if any,
        // takes the room above it.
        let extent = self.walk.maze().shape().extent();
        let height = png.get(20..24).map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
        let drawn = (extent.y * style.cell_size + 2.0 * style.margin).ceil();
        let top = (f64::from(height) - drawn).max(0.0) + style.margin;
        Ok(Raster { png, cell: style.cell_size, origin: Point { x: style.margin, y: top } })
    }

    fn player_centre(&self) -> Point {
        self.walk.maze().shape().centre(self.walk.player())
    }

    fn step_into(&mut self, p: Point) -> Moved {
        if self.finished() {
            return Moved::Finished;
        }
        let (shape, player) = (self.walk.maze().shape(), self.walk.player());
        let under = shape
            .adjacent(player)
            .iter()
            .filter(|&(d, _)| !matches!(shape.door_kind(player, d), DoorKind::Stair { .. }))
            .find(|&(_, b)| inside(&shape.fill_outline(b), p));
        let Some((door, _)) = under else { return Moved::Blocked };
        let moved = self.go(door);
        if let Moved::Steps(_) = moved {
            self.refresh_solution();
        }
        moved
    }
}

/// Whether `p` lies inside the polygon `outline` (even-odd rule: a ray to the right crosses
/// its edges an odd number of times).
#[cfg_attr(not(feature = "window"), allow(dead_code))]
fn inside(outline: &[Point], p: Point) -> bool {
    let mut odd = false;
    for (i, a) in outline.iter().enumerate() {
        let b = outline[(i + 1) % outline.len()];
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            odd = !odd;
        }
    }
    odd
}

/// Formats a duration as m:ss.t.
pub fn clock(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    format!("{}:{:02}.{}", tenths / 600, (tenths / 10) % 60, tenths % 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use maze_core::ShapeKind;

    fn setup(kind: ShapeKind, w: u32, h: u32, algorithm: Algorithm) -> Setup {
        Setup {
            spec: ShapeSpec::new(kind, w, h, 1 << 20).expect("valid"),
            algorithm,
            seed: 7,
            braid: 0.0,
            starts: 1,
            ends: 1,
            doors: (None, None),
            fog: Fog::Off,
            shifting: None,
        }
    }

    const HEADINGS: [Heading; 8] = [
        Heading { dx: 0.0, dy: -1.0 },
        Heading { dx: 1.0, dy: 0.0 },
        Heading { dx: 0.0, dy: 1.0 },
        Heading { dx: -1.0, dy: 0.0 },
        Heading { dx: -1.0, dy: -1.0 },
        Heading { dx: 1.0, dy: -1.0 },
        Heading { dx: -1.0, dy: 1.0 },
        Heading { dx: 1.0, dy: 1.0 },
    ];

    /// Walks to the exit by asking for the solution and stepping along it.
    fn solve_by_keys(game: &mut dyn Game) -> u32 {
        for _ in 0..10_000 {
            if game.finished() {
                return game.moves();
            }
            game.show_solution(Some(Solver::Bfs)).expect("solvable");
            let before = game.moves();
            let moved = match game.hint().expect("a route is shown") {
                Hint::Towards(h) => game.step(h, false),
                Hint::Climb(up) => game.climb(up),
            };
            assert!(matches!(moved, Moved::Steps(1) | Moved::Finished), "{moved:?}");
            assert_eq!(game.moves(), before + 1);
        }
        panic!("did not finish");
    }

    /// `--shifting`: the keys walk a maze whose walls change after each move to its exit
    /// (the route asked for again each time), on square and hex cells; a woven one is
    /// refused with the reason.
    #[test]
    fn a_shifting_maze_is_played_to_its_exit() {
        for (kind, w, h) in [(ShapeKind::Square, 12, 8), (ShapeKind::Hex, 8, 6)] {
            let game = new_game(Setup { shifting: Some(2), ..setup(kind, w, h, Algorithm::Wilson) });
            let mut game = game.expect("a game");
            solve_by_keys(game.as_mut());
            assert!(game.finished());
        }
        let mut woven = setup(ShapeKind::Square, 8, 6, Algorithm::Kruskal);
        woven.spec = woven
            .spec
            .with_weave(maze_core::WeaveLayout::share(0.5).expect("share"), 1 << 20)
            .expect("woven");
        woven.shifting = Some(1);
        let refused = new_game(woven).err().expect("refused");
        assert!(refused.contains("--shifting") && refused.contains("woven"), "{refused}");
    }

    /// Right on a sigma cell lies between its north-east and south-east doors: the key
    /// takes whichever of the two is open (and, with both open, one of them).
    #[test]
    fn sideways_on_sigma_cells_takes_whichever_right_hand_door_is_open() {
        use maze_core::{Sigma, SigmaDoor};
        let shape = Sigma::new(6, 5);
        let play = Play::new(shape, setup(ShapeKind::Sigma, 6, 5, Algorithm::Kruskal)).expect("game");
        let (mut one, mut none) = (0, 0);
        for (dx, doors) in [
            (1.0, [SigmaDoor::NorthEast, SigmaDoor::SouthEast]),
            (-1.0, [SigmaDoor::NorthWest, SigmaDoor::SouthWest]),
        ] {
            for c in 0..shape.cell_count() {
                let cell = CellId(c);
                let open: Vec<SigmaDoor> = doors
                    .into_iter()
                    .filter(|&d| shape.neighbour(cell, d).is_some() && play.walk.maze().is_open(cell, d))
                    .collect();
                let got = play.walk.door_towards(cell, Heading { dx, dy: 0.0 }).map(|(d, _)| d);
                match open.len() {
                    0 => {
                        assert_eq!(got, None, "cell {c}");
                        none += 1;
                    }
                    1 => {
                        assert_eq!(got, Some(open[0]), "cell {c}");
                        one += 1;
                    }
                    _ => assert!(got.is_some_and(|d| open.contains(&d)), "cell {c}"),
                }
            }
        }
        assert!(one > 0 && none > 0, "{one} {none}");
    }

    #[test]
    fn every_shape_can_be_walked_to_the_exit() {
        for &kind in ShapeKind::ALL {
            let mut game = new_game(setup(kind, 6, 5, Algorithm::Kruskal)).expect("game");
            let picture = game.picture(true).join("\n");
            assert_eq!(picture.matches('@').count(), 1, "{kind}: one player\n{picture}");
            assert_eq!(picture.matches('E').count(), 1, "{kind}: one exit\n{picture}");
            let moves = solve_by_keys(game.as_mut());
            assert!(game.finished(), "{kind}");
            assert!(moves >= game.shortest(), "{kind}: {moves} < {}", game.shortest());
        }
    }

    #[test]
    fn masked_mazes_and_chosen_ends_play_to_the_exit() {
        let picture = maze::masks::picture_from_bytes(b"XXXXXX\nXX..XX\nXXXXXX\n").expect("mask");
        for &kind in ShapeKind::ALL {
            let request =
                maze::MazeRequest { shape: kind, mask_connect: true, ..maze::MazeRequest::default() };
            let spec =
                maze::masks::spec_with_picture(&request, Some(picture.clone()), 1 << 20).expect("spec");
            let cells = spec.cells();
            assert!(cells < spec.base_cells(), "{kind}: the mask removes cells");
            let mut s = setup(kind, 6, 3, Algorithm::Wilson);
            s.spec = spec;
            s.doors = (Some(EndSpec::Farthest), None);
            let mut game = new_game(s).expect("game");
            let moves = solve_by_keys(game.as_mut());
            assert!(game.finished() && moves >= game.shortest(), "{kind}");
        }
    }

    /// A game of a wrapped or multi-level shape (through the registry, as the menu makes it).
    fn topology_setup(
        kind: ShapeKind,
        w: u32,
        h: u32,
        wrap: maze_core::Wrap,
        levels: u32,
        seed: u64,
    ) -> Setup {
        let spec = ShapeSpec::new(kind, w, h, 1 << 20)
            .and_then(|s| s.with_wrap(wrap))
            .and_then(|s| s.with_levels(levels, 1 << 20))
            .expect("valid");
        Setup { spec, seed, ..setup(kind, w, h, Algorithm::RecursiveBacktracker) }
    }

    /// The arrow key a player presses for a square door.
    fn arrow(d: maze_core::SquareDoor) -> Heading {
        use maze_core::SquareDoor::*;
        match d {
            North => Heading { dx: 0.0, dy: -1.0 },
            East => Heading { dx: 1.0, dy: 0.0 },
            South => Heading { dx: 0.0, dy: 1.0 },
            West => Heading { dx: -1.0, dy: 0.0 },
        }
    }

    /// Walks the BFS route of `game` door by door as a player would: the arrow of the door
    /// (a seam door's arrow points off the border) or `<`/`>` for a stair. Returns how many
    /// seams and stairs the route took.
    fn walk_route<S: Shape>(
        game: &mut Play<S>,
        key: impl Fn(&S, CellId, S::Door) -> Option<Heading>,
    ) -> (u32, u32) {
        let route = Solver::Bfs
            .solve(game.walk.maze(), game.walk.player(), game.walk.maze().exit(), &mut ())
            .expect("route")
            .path;
        let (mut seams, mut stairs) = (0, 0);
        for (i, pair) in route.windows(2).enumerate() {
            let shape = game.walk.maze().shape().clone();
            let d = shape.door_between(pair[0], pair[1]).expect("adjacent");
            let moved = match shape.door_kind(pair[0], d) {
                DoorKind::Stair { up } => {
                    stairs += 1;
                    // No arrow takes a stair.
                    for h in HEADINGS {
                        let to = game.walk.door_towards(game.walk.player(), h).map(|(_, b)| b);
                        assert_ne!(to, Some(pair[1]), "an arrow took a stair");
                    }
                    game.climb(up)
                }
                kind => {
                    seams += u32::from(kind == DoorKind::Seam);
                    game.step(key(&shape, pair[0], d).expect("a key for the door"), false)
                }
            };
            let last = i + 2 == route.len();
            assert_eq!(moved, if last { Moved::Finished } else { Moved::Steps(1) }, "step {i}");
            if !last {
                assert_eq!(game.walk.player(), pair[1], "step {i}");
            }
        }
        assert!(game.finished());
        assert_eq!(game.moves() as usize, route.len() - 1);
        (seams, stairs)
    }

    #[test]
    fn wrapped_mazes_are_walked_through_their_seams() {
        use maze_core::{Wrap, WrapSquare};
        // Arrow keys on a cylinder and a torus: moving off a border arrives on the other.
        let mut crossed = 0;
        for wrap in [Wrap { x: true, y: false }, Wrap { x: false, y: true }, Wrap { x: true, y: true }] {
            for seed in 0..6 {
                let s = topology_setup(ShapeKind::Square, 6, 5, wrap, 1, seed);
                let mut game = Play::new(WrapSquare::new(6, 5, wrap), s).expect("game");
                crossed += walk_route(&mut game, |_, _, d| Some(arrow(d))).0;
            }
        }
        assert!(crossed > 0, "some routes go through a seam");
        // Straight through the east seam: from (5, y) east to (0, y), and back west.
        let wrap = Wrap { x: true, y: false };
        let mut game =
            Play::new(WrapSquare::new(6, 5, wrap), topology_setup(ShapeKind::Square, 6, 5, wrap, 1, 3))
                .expect("game");
        game.walk.maze_mut().open_all_inner();
        game.walk.place_player(CellId(2 * 6 + 5));
        assert_eq!(game.step(arrow(maze_core::SquareDoor::East), false), Moved::Steps(1));
        assert_eq!(game.walk.player(), CellId(2 * 6));
        assert_eq!(game.step(arrow(maze_core::SquareDoor::West), false), Moved::Steps(1));
        assert_eq!(game.walk.player(), CellId(2 * 6 + 5));
        // Hexagons too, and every wrapped shape with hint steps from the menu's path.
        for (kind, w, h, wrap) in [
            (ShapeKind::Hex, 6, 4, Wrap { x: true, y: false }),
            (ShapeKind::Hex, 5, 6, Wrap { x: true, y: true }),
            (ShapeKind::Square, 5, 5, Wrap { x: true, y: true }),
        ] {
            let mut game = new_game(topology_setup(kind, w, h, wrap, 1, 4)).expect("game");
            let moves = solve_by_keys(game.as_mut());
            assert!(game.finished() && moves == game.shortest(), "{kind} {wrap}: {moves}");
        }
    }

    #[test]
    fn multi_level_mazes_are_walked_up_their_stairs() {
        use maze_core::{Levels, Square};
        for seed in 0..5 {
            let s = topology_setup(ShapeKind::Square, 4, 3, maze_core::Wrap::NONE, 3, seed);
            let mut game = Play::new(Levels::new(Square::new(4, 3), 3), s).expect("game");
            assert_eq!(game.place(), "level 1 of 3");
            assert_eq!(game.door_count(), 4, "stairs are not arrow keys");
            // No stair down from the bottom level.
            assert_eq!(game.climb(false), Moved::Blocked);
            let (_, stairs) = walk_route(&mut game, |_, _, d| d.base().map(arrow));
            assert!(stairs >= 2, "from the bottom level to the top one: {stairs} stairs");
        }
        // Hint steps (`i`) climb too, on square, hex and sigma levels.
        for kind in [ShapeKind::Square, ShapeKind::Hex] {
            let mut game = new_game(topology_setup(kind, 5, 4, maze_core::Wrap::NONE, 3, 2)).expect("game");
            assert!(game.has_stairs());
            let picture = game.picture(false).join("\n");
            assert_eq!(picture.matches('@').count(), 1, "{kind}\n{picture}");
            let moves = solve_by_keys(game.as_mut());
            assert!(game.finished() && moves == game.shortest(), "{kind}: {moves}");
        }
        // A flat maze has no stairs.
        let mut flat = new_game(setup(ShapeKind::Square, 4, 4, Algorithm::Kruskal)).expect("game");
        assert!(!flat.has_stairs() && flat.place().is_empty());
        assert_eq!(flat.climb(true), Moved::Blocked);
    }

    /// A woven game as the menu makes it (`--weave p`).
    fn woven_setup(w: u32, h: u32, p: f64, seed: u64, algorithm: Algorithm) -> Setup {
        let layout = maze_core::WeaveLayout::share(p).expect("share");
        let spec = ShapeSpec::new(ShapeKind::Square, w, h, 1 << 20)
            .and_then(|s| s.with_weave(layout, 1 << 20))
            .expect("valid");
        Setup { spec, seed, ..setup(ShapeKind::Square, w, h, algorithm) }
    }

    #[test]
    fn woven_mazes_are_walked_over_and_under_their_crossings() {
        use maze_core::Weave;
        // The BFS route by arrow keys: a door into a crossing leads over or under it by its
        // direction, so the arrows alone take the player through, on either layer.
        let (mut over, mut under) = (0, 0);
        for algorithm in [Algorithm::Kruskal, Algorithm::RecursiveBacktracker, Algorithm::Wilson] {
            for seed in 0..8 {
                let s = woven_setup(7, 6, 0.5, seed, algorithm);
                let layout = s.spec.weave.clone().expect("woven");
                let mut game = Play::new(Weave::new(7, 6, &layout), s).expect("game");
                // Kruskal keeps every crossing drawn; walks keep those they went straight through.
                if algorithm == Algorithm::Kruskal {
                    assert!(!game.walk.maze().shape().crossings().is_empty(), "{seed}: some crossings");
                }
                let route = Solver::Bfs
                    .solve(game.walk.maze(), game.walk.player(), game.walk.maze().exit(), &mut ())
                    .expect("route")
                    .path;
                for &c in &route {
                    match game.walk.maze().shape().layer(c) {
                        Layer::Over => over += 1,
                        Layer::Under => under += 1,
                        Layer::Ground => {}
                    }
                }
                walk_route(&mut game, |_, _, d| Some(arrow(d)));
            }
        }
        assert!(over > 0 && under > 0, "routes cross over ({over}) and under ({under}) bridges");

        // Straight through one crossing both ways, on both layers, with the player drawn
        // (once) wherever it is; the header says which layer it is on.
        let s = woven_setup(7, 6, 0.5, 3, Algorithm::Kruskal);
        let layout = s.spec.weave.clone().expect("woven");
        let mut game = Play::new(Weave::new(7, 6, &layout), s).expect("game");
        let shape = game.walk.maze().shape().clone();
        let (cell, top) = shape.crossings().iter().next().expect("a crossing");
        let under_cell = shape.under(cell).expect("an under cell");
        let w = 7;
        use maze_core::SquareDoor::{East, North, South, West};
        for (from, there, to, back) in [
            (CellId(cell.0 - 1), East, CellId(cell.0 + 1), West),
            (CellId(cell.0 - w), South, CellId(cell.0 + w), North),
        ] {
            game.walk.place_player(from);
            assert_eq!(game.step(arrow(there), false), Moved::Steps(1), "into the crossing {there:?}");
            let on_top = (there == East) == (top == maze_core::shape::Over::EastWest);
            assert_eq!(game.walk.player(), if on_top { cell } else { under_cell }, "{there:?}");
            assert_eq!(game.place().ends_with("on a bridge"), on_top, "{}", game.place());
            assert_eq!(game.place().ends_with("under a bridge"), !on_top, "{}", game.place());
            let picture = game.picture(false).join("\n");
            assert_eq!(picture.matches('@').count(), 1, "the player shows on either layer\n{picture}");
            // The other axis's doors are not this layer's: turning is blocked.
            let side = if there == East { South } else { East };
            assert_eq!(game.step(arrow(side), false), Moved::Blocked);
            assert_eq!(game.step(arrow(there), false), Moved::Steps(1));
            assert_eq!(game.walk.player(), to);
            assert_eq!(game.step(arrow(back), false), Moved::Steps(1));
            assert_eq!(game.step(arrow(back), false), Moved::Steps(1));
            assert_eq!(game.walk.player(), from, "back the same way");
        }
        // Hint steps and a generation replay work on woven mazes too.
        let mut game = new_game(woven_setup(6, 6, 0.4, 5, Algorithm::Kruskal)).expect("game");
        game.watch(Replay::Generation).expect("watch");
        let (_, _, len) = game.watching().expect("watching");
        game.seek(len);
        game.stop_watching();
        let moves = solve_by_keys(game.as_mut());
        assert!(game.finished() && moves == game.shortest(), "{moves}");
    }

    #[test]
    fn walls_block_and_auto_move_follows_corridors() {
        let mut game =
            new_game(setup(ShapeKind::Square, 8, 8, Algorithm::RecursiveBacktracker)).expect("game");
        // From the top-left cell, up is the entrance (outer wall, not a cell): blocked.
        assert_eq!(game.step(Heading { dx: 0.0, dy: -1.0 }, false), Moved::Blocked);
        let mut total = 0;
        for h in HEADINGS {
            if let Moved::Steps(n) = game.step(h, true) {
                total += n;
                break;
            }
        }
        assert!(total >= 1);
        assert_eq!(game.moves(), total);
    }

    #[test]
    fn replay_reaches_the_finished_maze_and_steps_back() {
        for alg in [Algorithm::Kruskal, Algorithm::RecursiveDivision, Algorithm::Wilson] {
            let mut game = new_game(setup(ShapeKind::Square, 5, 4, alg)).expect("game");
            let finished = game.picture(false);
            game.watch(Replay::Generation).expect("watch");
            let (_, _, len) = game.watching().expect("watching");
            assert!(len > 0);
            game.seek(len);
            let end = game.picture(false);
            game.seek(0);
            let begin = game.picture(false);
            game.seek(len);
            assert_eq!(end, game.picture(false), "{alg}: seeking back and forth is stable");
            assert_ne!(begin, end, "{alg}");
            game.stop_watching();
            assert_eq!(game.picture(false), finished);
        }
    }

    /// A wall adder's replay begins on the open field (its leading reset), so it has fewer
    /// walls at the start than at the end; a carver's begins on the closed grid.
    #[test]
    fn wall_adders_are_watched_from_the_open_field() {
        let ink = |picture: &[String]| picture.join("").chars().filter(|c| matches!(c, '-' | '|')).count();
        for (alg, adds_walls) in [
            (Algorithm::QuadDivision, true),
            (Algorithm::RecursiveDivision, true),
            (Algorithm::Kruskal, false),
        ] {
            let mut game = new_game(setup(ShapeKind::Square, 8, 8, alg)).expect("game");
            game.watch(Replay::Generation).expect("watch");
            let (_, _, len) = game.watching().expect("watching");
            game.seek(len);
            let end = ink(&game.picture(false));
            game.seek(0);
            let begin = ink(&game.picture(false));
            assert_eq!(begin < end, adds_walls, "{alg}: {begin} wall marks at the start, {end} at the end");
        }
    }

    /// `z` while watching shows document 000's zones: at the start every cell is its own
    /// zone (many letters); at the end of Kruskal one zone is left (one letter).
    #[test]
    fn watching_with_zones_shows_zones_merging_into_one() {
        let letters = |picture: &[String]| {
            picture.join("").chars().filter(char::is_ascii_lowercase).collect::<HashSet<_>>().len()
        };
        for &kind in ShapeKind::ALL {
            let mut game = new_game(setup(kind, 8, 6, Algorithm::Kruskal)).expect("game");
            assert!(!game.toggle_zones(), "{kind}: nothing to colour without a replay");
            game.watch(Replay::Generation).expect("watch");
            assert_eq!(letters(&game.picture(false)), 0, "{kind}: zones are off by default");
            assert!(game.toggle_zones());
            assert!(letters(&game.picture(false)) >= 15, "{kind}: 48 lone cells show many zones");
            let (_, _, len) = game.watching().expect("watching");
            game.seek(len / 2);
            let middle = letters(&game.picture(false));
            game.seek(len);
            let picture = game.picture(false);
            assert_eq!(letters(&picture), 1, "{kind}: one zone at the end\n{}", picture.join("\n"));
            assert!(middle >= 1);
            assert!(!game.toggle_zones());
            assert_eq!(letters(&game.picture(false)), 0);
        }
    }

    #[test]
    fn multimaze_needs_every_start_connected() {
        let mut s = setup(ShapeKind::Square, 6, 6, Algorithm::Kruskal);
        s.starts = 2;
        s.ends = 2;
        let mut game = new_game(s).expect("game");
        assert_eq!(game.connected(), (0, 2));
        solve_by_keys(game.as_mut());
        assert_eq!(game.connected(), (2, 2));
    }

    /// The cells a fogged game hides, by id.
    fn hidden(game: &Play<impl Shape>) -> Vec<bool> {
        game.marks().iter().map(|&m| m == Mark::Hidden).collect()
    }

    #[test]
    fn fog_of_war_shows_what_was_seen_and_keeps_it() {
        // Every shape, and a woven maze (a crossing shows when either of its layers is seen).
        let setups = ShapeKind::ALL
            .iter()
            .map(|&kind| setup(kind, 8, 6, Algorithm::Kruskal))
            .chain([woven_setup(8, 6, 0.5, 3, Algorithm::Kruskal)]);
        for game_setup in setups {
            for fog in [Fog::Sight, Fog::Near(1), Fog::Near(3)] {
                struct Check(Fog, Setup);
                impl ShapeVisitor for Check {
                    type Output = ();
                    fn visit<S: Shape>(self, shape: S) {
                        let kind = shape.spec().topology_name();
                        let mut plain = self.1;
                        plain.fog = self.0;
                        let mut game = Play::new(shape, plain).expect("game");
                        let n = game.walk.maze().cell_count() as usize;
                        let first = hidden(&game);
                        let hid = first.iter().filter(|&&h| h).count();
                        assert!(
                            hid > 0 && hid < n,
                            "{kind} {:?}: some hidden, some seen ({hid} of {n})",
                            self.0
                        );
                        assert!(!first[game.walk.player().index()], "the player is seen");
                        // Every cell next to the player through an open door is seen; with
                        // Near(k), nothing farther than k steps is.
                        for b in game.walk.maze().open_neighbours(game.walk.player()) {
                            assert!(!first[b.index()], "{kind} {:?}: open neighbour hidden", self.0);
                        }
                        if let Fog::Near(k) = self.0 {
                            let d = maze_core::analyze::distances(game.walk.maze(), game.walk.player());
                            for c in 0..n {
                                assert_eq!(first[c], d[c] > k, "{kind} {:?}: cell {c} at {}", self.0, d[c]);
                            }
                        }
                        // The solution is hidden until asked; asked, it shows.
                        assert!(!game.marks().contains(&Mark::Path));
                        game.show_solution(Some(Solver::Bfs)).expect("solvable");
                        let path = game.solution.as_ref().expect("shown").1.path.clone();
                        let marks = game.marks();
                        assert!(
                            path.iter()
                                .skip(1)
                                .all(|c| marks[c.index()] == Mark::Path || marks[c.index()] >= Mark::End)
                        );
                        game.show_solution(None).expect("hidden again");
                        // Walking reveals, and what was seen stays seen.
                        let mut before = first;
                        for _ in 0..40 {
                            if game.finished() {
                                break;
                            }
                            game.show_solution(Some(Solver::Bfs)).expect("solvable");
                            let Some(Hint::Towards(h)) = game.hint() else { break };
                            game.show_solution(None).expect("hidden");
                            game.step(h, false);
                            let now = hidden(&game);
                            assert!(
                                now.iter().zip(&before).all(|(n, b)| !n || *b),
                                "{kind}: a seen cell hid again"
                            );
                            before = now;
                        }
                        // Solved, all of it shows.
                        solve_by_keys(&mut game);
                        assert!(!hidden(&game).contains(&true), "{kind}: the solved maze shows whole");
                    }
                }
                game_setup.spec.clone().visit(Check(fog, game_setup.clone()));
            }
        }
    }

    #[test]
    fn line_of_sight_runs_down_straight_corridors_only() {
        // An open field: from the middle, the player sees its row and column, not the rest.
        let mut maze_setup = setup(ShapeKind::Square, 7, 7, Algorithm::Kruskal);
        maze_setup.fog = Fog::Sight;
        let mut game = Play::new(maze_core::Square::new(7, 7), maze_setup).expect("game");
        game.walk.maze_mut().open_all_inner();
        game.walk.place_player(CellId(24));
        game.walk.forget();
        for c in 0..49u32 {
            let (x, y) = (c % 7, c / 7);
            assert_eq!(game.walk.seen()[c as usize], x == 3 || y == 3, "cell {x},{y}");
        }
        // A picture under fog draws fewer walls than the whole maze.
        let fogged = game.picture(false).join("\n");
        game.walk.reveal();
        let whole = game.picture(false).join("\n");
        let walls = |p: &str| p.matches(['-', '|']).count();
        assert!(walls(&fogged) < walls(&whole), "{fogged}\n{whole}");
        assert!(!fogged.contains('S') && !fogged.contains('E'), "the ends are out of sight\n{fogged}");
    }

    #[test]
    fn clock_formats_minutes_seconds_tenths() {
        assert_eq!(clock(Duration::from_millis(83_450)), "1:23.4");
        assert_eq!(clock(Duration::ZERO), "0:00.0");
    }
}
