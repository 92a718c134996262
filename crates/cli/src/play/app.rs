//! The `maze play` application: a menu, a game, a watch mode and a summary, driven by key
//! presses and a clock given from outside (so tests can drive it exactly).

use std::time::Duration;

use maze_core::{Algorithm, ShapeKind, ShapeSpec, Solver, WeaveLayout, Wrap};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::game::{Fog, Game, Heading, Hint, Moved, Replay, Setup, clock, new_game};
use maze::capabilities::Topologies;
use maze::ends::EndSpec;
use maze::masks::Picture;

/// The menu's fields, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// Cell shape.
    Shape,
    /// Which borders are joined (square, hex and sigma cells): none, x, y or xy.
    Wrap,
    /// Levels stacked with stairs between them (square, hex and sigma cells).
    Levels,
    /// Weave (square cells): the share of inner cells offered as crossings, in percent.
    Weave,
    /// Generator.
    Algorithm,
    /// Document 001's difficulty 1-7 (2^k cells a side), or 0 for the custom size.
    Difficulty,
    /// Custom width (used when the difficulty is "custom").
    Width,
    /// Custom height.
    Height,
    /// Seed, typed in.
    Seed,
    /// Share of dead ends removed.
    Braid,
    /// MultiMaze starts/ends (1 = an ordinary maze).
    Dots,
    /// The fog of war: off, line of sight, or within a number of steps.
    Fog,
}

/// The farthest fog of war the menu offers, in steps (the command line takes more).
pub const MENU_FOG: u32 = 20;

/// The shapes the terminal game offers: all of them (square, hex and triangle cells have
/// character pictures; the others are drawn in braille dots).
pub const PLAY_SHAPES: &[ShapeKind] = ShapeKind::ALL;

/// The most cells a game may have.
const MAX_CELLS: u64 = 1 << 22;

/// The most levels the menu offers (the command line takes up to 64).
pub const MENU_LEVELS: u32 = 9;

/// The wrap choices in menu order.
pub const WRAPS: [Wrap; 4] =
    [Wrap::NONE, Wrap { x: true, y: false }, Wrap { x: false, y: true }, Wrap { x: true, y: true }];

/// The menu fields in order.
pub const FIELDS: [Field; 12] = [
    Field::Shape,
    Field::Wrap,
    Field::Levels,
    Field::Weave,
    Field::Algorithm,
    Field::Difficulty,
    Field::Width,
    Field::Height,
    Field::Seed,
    Field::Braid,
    Field::Dots,
    Field::Fog,
];

/// Which screen is showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Choosing a maze.
    Menu,
    /// Playing it.
    Playing,
    /// Watching a replay.
    Watching,
    /// Solved: the summary.
    Done,
}

/// The whole application state.
pub struct App {
    /// The current screen.
    pub screen: Screen,
    /// Selected menu field.
    pub field: usize,
    /// Shape index into `PLAY_SHAPES`.
    pub shape: usize,
    /// Which borders are joined (used for square, hex and sigma cells).
    pub wrap: Wrap,
    /// Levels stacked with stairs (used for square, hex and sigma cells).
    pub levels: u32,
    /// Weave, in percent of the inner cells offered as crossings (0: not woven; used for
    /// square cells). The menu steps by 10; the command line may give any share.
    pub weave: u32,
    /// Algorithm index into `Algorithm::ALL`.
    pub algorithm: usize,
    /// Difficulty 1-7, or 0 for custom.
    pub difficulty: u32,
    /// Custom width.
    pub width: u32,
    /// Custom height.
    pub height: u32,
    /// Seed.
    pub seed: u64,
    /// Braid, in tenths.
    pub braid: u32,
    /// MultiMaze dots per side.
    pub dots: u32,
    /// The game, once started.
    pub game: Option<Box<dyn Game>>,
    /// Auto-move along corridors.
    pub auto: bool,
    /// Draw with box-drawing characters.
    pub unicode: bool,
    /// Solver used for hints and watching.
    pub solver: usize,
    /// Replay speed, events per second.
    pub speed: f64,
    /// Replay running.
    pub playing: bool,
    /// Fractional replay position carried between ticks.
    carry: f64,
    /// When the current game's clock started (first move), on the app clock.
    started: Option<Duration>,
    /// Time taken when finished.
    pub took: Option<Duration>,
    /// The app clock at the last tick.
    pub now: Duration,
    /// A one-line message (errors, hints).
    pub message: String,
    /// Set when the user asked to quit.
    pub quit: bool,
    /// A mask from the command line (`--mask`, `--mask-text`, `--mask-data`), laid over
    /// whichever shape and size the menu chooses, with its name for the menu.
    pub mask: Option<(String, Picture)>,
    /// Join a mask's pieces instead of refusing it.
    pub mask_connect: bool,
    /// The entrance and exit asked for on the command line.
    pub doors: (Option<EndSpec>, Option<EndSpec>),
    /// The fog of war.
    pub fog: Fog,
    /// `--shifting K`: the maze shifts by K Origin Shift steps after each move.
    pub shifting: Option<u32>,
}

impl Default for App {
    fn default() -> Self {
        App {
            screen: Screen::Menu,
            field: 0,
            shape: 0,
            wrap: Wrap::NONE,
            levels: 1,
            weave: 0,
            algorithm: Algorithm::ALL.iter().position(|&a| a == Algorithm::RecursiveBacktracker).unwrap_or(0),
            difficulty: 3,
            width: 20,
            height: 10,
            seed: 1,
            braid: 0,
            dots: 1,
            game: None,
            auto: true,
            unicode: true,
            solver: Solver::ALL.iter().position(|&s| s == Solver::Bfs).unwrap_or(0),
            speed: 60.0,
            playing: false,
            carry: 0.0,
            started: None,
            took: None,
            now: Duration::ZERO,
            message: String::new(),
            quit: false,
            mask: None,
            mask_connect: false,
            doors: (None, None),
            fog: Fog::Off,
            shifting: None,
        }
    }
}

impl App {
    /// The shape chosen in the menu.
    pub fn shape_kind(&self) -> ShapeKind {
        PLAY_SHAPES[self.shape % PLAY_SHAPES.len()]
    }

    /// The generator chosen in the menu.
    pub fn algorithm(&self) -> Algorithm {
        Algorithm::ALL[self.algorithm % Algorithm::ALL.len()]
    }

    /// The solver for hints and replays.
    pub fn solver(&self) -> Solver {
        Solver::ALL[self.solver % Solver::ALL.len()]
    }

    /// Width and height from the difficulty or the custom size.
    pub fn size(&self) -> (u32, u32) {
        if self.difficulty == 0 {
            (self.width, self.height)
        } else {
            maze::masks::difficulty_size(self.shape_kind(), self.difficulty as u8)
        }
    }

    /// Time on the game clock.
    pub fn elapsed(&self) -> Duration {
        match (self.took, self.started) {
            (Some(t), _) => t,
            (None, Some(s)) => self.now.saturating_sub(s),
            (None, None) => Duration::ZERO,
        }
    }

    /// Makes the maze chosen in the menu and starts playing.
    pub fn start(&mut self) {
        let (w, h) = self.size();
        let (wrap, levels, weave) = self.topology();
        // The menu's choices as a request, checked by the library's plan like any other.
        let request = maze::MazeRequest {
            shape: self.shape_kind(),
            width: Some(w),
            height: Some(h),
            mask_connect: self.mask_connect && self.mask.is_some(),
            wrap,
            levels,
            weave,
            algorithm: self.algorithm(),
            format: maze_render::Format::Json,
            max_cells: MAX_CELLS,
            ..maze::MazeRequest::default()
        };
        let picture = self.mask.as_ref().map(|(_, picture)| picture.clone());
        let spec = match maze::Plan::with_picture(&request, picture) {
            Ok(plan) => plan.spec().clone(),
            Err(e) => {
                self.message = crate::fault::single_line(&e.worded(|field| field.replace('-', " ")));
                return;
            }
        };
        let setup = Setup {
            spec,
            algorithm: self.algorithm(),
            seed: self.seed,
            braid: f64::from(self.braid) / 10.0,
            starts: self.dots,
            ends: self.dots,
            doors: self.doors,
            fog: self.fog,
            shifting: self.shifting,
        };
        match new_game(setup) {
            Ok(g) => {
                self.game = Some(g);
                self.screen = Screen::Playing;
                self.started = None;
                self.took = None;
                self.message.clear();
            }
            Err(e) => self.message = e,
        }
    }

    /// Advances the clock (and a running replay).
    pub fn tick(&mut self, now: Duration) {
        let dt = now.saturating_sub(self.now).as_secs_f64();
        self.now = now;
        if self.screen == Screen::Watching && self.playing {
            self.carry += dt * self.speed;
            let steps = self.carry.floor();
            self.carry -= steps;
            if let Some(g) = self.game.as_mut()
                && let Some((_, pos, len)) = g.watching()
            {
                let next = (pos + steps as usize).min(len);
                g.seek(next);
                if next >= len {
                    self.playing = false;
                }
            }
        }
    }

    /// Handles one key press.
    pub fn key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        match self.screen {
            Screen::Menu => self.menu_key(key.code),
            Screen::Playing => self.play_key(key.code),
            Screen::Watching => self.watch_key(key.code),
            Screen::Done => self.done_key(key.code),
        }
    }

    fn menu_key(&mut self, code: KeyCode) {
        let field = FIELDS[self.field];
        let change = |delta: i64, app: &mut App| {
            let wrap = |v: usize, n: usize| ((v as i64 + delta).rem_euclid(n as i64)) as usize;
            match field {
                Field::Shape => {
                    app.shape = wrap(app.shape, PLAY_SHAPES.len());
                    app.fix_algorithm(delta);
                }
                Field::Wrap => {
                    let i = WRAPS.iter().position(|&w| w == app.wrap).unwrap_or(0);
                    app.wrap = WRAPS[wrap(i, WRAPS.len())];
                    // Wrapping, levels and weave do not go together (yet): choosing one drops
                    // the others.
                    if app.wrap.any() {
                        app.levels = 1;
                        app.weave = 0;
                    }
                    app.fix_algorithm(delta);
                }
                Field::Levels => {
                    app.levels = (i64::from(app.levels) + delta).clamp(1, i64::from(MENU_LEVELS)) as u32;
                    if app.levels > 1 {
                        app.wrap = Wrap::NONE;
                        app.weave = 0;
                    }
                    app.fix_algorithm(delta);
                }
                Field::Weave => {
                    // Steps of 10%, landing on a multiple of 10 after an odd share from the
                    // command line.
                    let w = i64::from(app.weave);
                    let next = if delta > 0 { (w / 10 + 1) * 10 } else { (w + 9) / 10 * 10 - 10 };
                    app.weave = next.clamp(0, 100) as u32;
                    if app.weave > 0 {
                        app.wrap = Wrap::NONE;
                        app.levels = 1;
                    }
                    app.fix_algorithm(delta);
                }
                Field::Algorithm => {
                    app.algorithm = wrap(app.algorithm, Algorithm::ALL.len());
                    app.fix_algorithm(delta);
                }
                Field::Difficulty => app.difficulty = (i64::from(app.difficulty) + delta).clamp(0, 7) as u32,
                Field::Width => app.width = (i64::from(app.width) + delta).clamp(1, 500) as u32,
                Field::Height => app.height = (i64::from(app.height) + delta).clamp(1, 500) as u32,
                Field::Seed => app.seed = (app.seed as i64 + delta).max(0) as u64,
                Field::Braid => app.braid = (i64::from(app.braid) + delta).clamp(0, 10) as u32,
                Field::Dots => app.dots = (i64::from(app.dots) + delta).clamp(1, 9) as u32,
                Field::Fog => {
                    // Off, line of sight, then 1, 2, ... steps.
                    let index = match app.fog {
                        Fog::Off => 0,
                        Fog::Sight => 1,
                        Fog::Near(n) => i64::from(n.min(MENU_FOG)) + 1,
                    };
                    app.fog = match (index + delta).clamp(0, i64::from(MENU_FOG) + 1) {
                        0 => Fog::Off,
                        1 => Fog::Sight,
                        k => Fog::Near((k - 1) as u32),
                    };
                }
            }
        };
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.field = (self.field + FIELDS.len() - 1) % FIELDS.len(),
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => self.field = (self.field + 1) % FIELDS.len(),
            KeyCode::Left | KeyCode::Char('h') => change(-1, self),
            KeyCode::Right | KeyCode::Char('l') => change(1, self),
            KeyCode::Char(c @ '0'..='9') if field == Field::Seed => {
                let digit = u64::from(c as u8 - b'0');
                self.seed = self.seed.saturating_mul(10).saturating_add(digit).min(999_999_999_999);
            }
            KeyCode::Char(c @ '1'..='7') if field == Field::Difficulty => {
                self.difficulty = u32::from(c as u8 - b'0')
            }
            KeyCode::Backspace if field == Field::Seed => self.seed /= 10,
            KeyCode::Char('r') => self.seed = fresh_seed(self.now),
            KeyCode::Enter | KeyCode::Char(' ') => self.start(),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            _ => {}
        }
    }

    /// The wrap, levels and weave share that apply to the chosen shape: those of the menu
    /// for square, hex and sigma cells (weave for square cells only), none for the others (the menu
    /// shows them as not available).
    pub fn topology(&self) -> (Wrap, u32, Option<f64>) {
        let kind = self.shape_kind();
        let has = Topologies::of(kind);
        let weave = (has.weave && self.weave > 0).then(|| f64::from(self.weave) / 100.0);
        let wrap = if has.wrap { self.wrap } else { Wrap::NONE };
        (wrap, if has.levels { self.levels } else { 1 }, weave)
    }

    /// Skips generators the chosen shape (its wrap, levels and mask) cannot use, in the
    /// direction of travel.
    pub fn fix_algorithm(&mut self, delta: i64) {
        let (wrap, levels, weave) = self.topology();
        // A small shape of the chosen topology (hexagons wrap top to bottom in 4 rows).
        let weave = weave.and_then(|p| WeaveLayout::share(p).ok());
        let probe = ShapeSpec { wrap, levels, weave, ..ShapeSpec::plain(self.shape_kind(), 4, 4) };
        let step = if delta < 0 { Algorithm::ALL.len() - 1 } else { 1 };
        for _ in 0..Algorithm::ALL.len() {
            let masked = self.mask.is_some() && self.algorithm().needs_grid();
            if supports(&probe, self.algorithm()) && !masked {
                return;
            }
            self.algorithm = (self.algorithm + step) % Algorithm::ALL.len();
        }
    }

    fn heading(code: KeyCode) -> Option<Heading> {
        let h = |dx: f64, dy: f64| Some(Heading { dx, dy });
        match code {
            KeyCode::Up | KeyCode::Char('w' | 'k') => h(0.0, -1.0),
            KeyCode::Down | KeyCode::Char('s' | 'j') => h(0.0, 1.0),
            KeyCode::Left | KeyCode::Char('a' | 'h') => h(-1.0, 0.0),
            KeyCode::Right | KeyCode::Char('d' | 'l') => h(1.0, 0.0),
            // Diagonals 50° from the horizontal: nearest to the slanted doors of both
            // hexagons (pointy-top hex at 60°, flat-top sigma at 30°) and of octagons (45°),
            // and still nearer north and south than east and west on squares.
            KeyCode::Char('y') | KeyCode::Home => h(-0.64, -0.77),
            KeyCode::Char('u') | KeyCode::PageUp => h(0.64, -0.77),
            KeyCode::Char('b') | KeyCode::End => h(-0.64, 0.77),
            KeyCode::Char('n') | KeyCode::PageDown => h(0.64, 0.77),
            _ => None,
        }
    }

    fn play_key(&mut self, code: KeyCode) {
        let Some(game) = self.game.as_mut() else {
            self.screen = Screen::Menu;
            return;
        };
        // `<` up and `>` down the stairs of a multi-level maze (as in roguelike games).
        let climb = match code {
            KeyCode::Char('<') => Some(true),
            KeyCode::Char('>') => Some(false),
            _ => None,
        };
        if climb.is_some() || Self::heading(code).is_some() {
            if self.started.is_none() {
                self.started = Some(self.now);
            }
            let moved = match (climb, Self::heading(code)) {
                (Some(up), _) => game.climb(up),
                (None, Some(h)) => game.step(h, self.auto),
                (None, None) => Moved::Blocked,
            };
            let stairs = game.has_stairs();
            self.moved(moved, climb, stairs);
            return;
        }
        match code {
            KeyCode::Char('m') => {
                self.auto = !self.auto;
                self.message = format!("auto-move {}", if self.auto { "on" } else { "off" });
            }
            KeyCode::Char('x') => self.unicode = !self.unicode,
            KeyCode::Char('p') | KeyCode::Char('?') => {
                let show =
                    game.solution_shown().is_none().then(|| Solver::ALL[self.solver % Solver::ALL.len()]);
                if let Err(e) = game.show_solution(show) {
                    self.message = e;
                }
            }
            KeyCode::Char('i') => {
                // One step along the route (shown for the moment if it was not).
                let shown = game.solution_shown();
                if shown.is_none() {
                    let _ = game.show_solution(Some(Solver::ALL[self.solver % Solver::ALL.len()]));
                }
                let hint = game.hint();
                if shown.is_none() {
                    let _ = game.show_solution(None);
                }
                if let Some(h) = hint {
                    if self.started.is_none() {
                        self.started = Some(self.now);
                    }
                    let moved = match h {
                        Hint::Towards(h) => game.step(h, false),
                        Hint::Climb(up) => game.climb(up),
                    };
                    if moved == Moved::Finished {
                        self.took = Some(self.elapsed());
                        self.screen = Screen::Done;
                    }
                }
            }
            KeyCode::Char('o') => {
                self.solver = (self.solver + 1) % Solver::ALL.len();
                self.message = format!("solver: {}", Solver::ALL[self.solver]);
                if game.solution_shown().is_some()
                    && let Err(e) = game.show_solution(Some(Solver::ALL[self.solver]))
                {
                    self.message = e;
                }
            }
            KeyCode::Char('g') => self.begin_watch(Replay::Generation),
            KeyCode::Char('v') => {
                let solver = self.solver();
                self.begin_watch(Replay::Solving(solver));
            }
            KeyCode::Char('r') => {
                game.restart();
                self.started = None;
                self.took = None;
            }
            KeyCode::Char('N') => {
                self.seed = self.seed.wrapping_add(1);
                self.start();
            }
            KeyCode::Esc | KeyCode::Char('q') => self.screen = Screen::Menu,
            _ => {}
        }
    }

    /// Says what a move did (`climb`: it was up or down a stair; `stairs`: the maze has
    /// some), and on the last end stops the clock and shows the summary.
    fn moved(&mut self, moved: Moved, climb: Option<bool>, stairs: bool) {
        match moved {
            Moved::Blocked => {
                self.message = match climb {
                    Some(up) if stairs => format!("no open stair {} here", if up { "up" } else { "down" }),
                    Some(_) => "this maze has one level: no stairs".into(),
                    None => "a wall is in the way".into(),
                }
            }
            Moved::Steps(_) => self.message.clear(),
            Moved::Finished => {
                self.took = Some(self.elapsed());
                self.screen = Screen::Done;
                self.message.clear();
            }
        }
    }

    /// A click (a window's mouse) at the point `p` of the shape while playing: one step into
    /// the open neighbouring cell there ([`Game::step_into`]), with the rules and messages
    /// of a key's move.
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    pub fn click(&mut self, p: maze_core::Point) {
        if self.screen != Screen::Playing {
            return;
        }
        let Some(game) = self.game.as_mut() else { return };
        if self.started.is_none() {
            self.started = Some(self.now);
        }
        let moved = game.step_into(p);
        let stairs = game.has_stairs();
        self.moved(moved, None, stairs);
    }

    fn begin_watch(&mut self, what: Replay) {
        if let Some(g) = self.game.as_mut() {
            match g.watch(what) {
                Ok(()) => {
                    self.screen = Screen::Watching;
                    self.playing = true;
                    self.carry = 0.0;
                    if let Some((_, _, len)) = g.watching() {
                        // About ten seconds for the whole replay, at least 5 events a second.
                        self.speed = (len as f64 / 10.0).max(5.0);
                    }
                }
                Err(e) => self.message = e,
            }
        }
    }

    fn watch_key(&mut self, code: KeyCode) {
        let Some(game) = self.game.as_mut() else { return };
        let Some((_, pos, len)) = game.watching() else {
            self.screen = Screen::Playing;
            return;
        };
        match code {
            KeyCode::Char(' ') => self.playing = !self.playing,
            KeyCode::Right | KeyCode::Char('l') => {
                self.playing = false;
                game.seek(pos + 1);
            }
            KeyCode::Left | KeyCode::Char('h') => {
                self.playing = false;
                game.seek(pos.saturating_sub(1));
            }
            KeyCode::Up | KeyCode::Char('+' | '=') => self.speed = (self.speed * 2.0).min(1e6),
            KeyCode::Down | KeyCode::Char('-') => self.speed = (self.speed / 2.0).max(0.5),
            KeyCode::Home => game.seek(0),
            KeyCode::End => game.seek(len),
            KeyCode::Char('z') => {
                game.toggle_zones();
            }
            KeyCode::Esc | KeyCode::Char('q') => {
                game.stop_watching();
                self.playing = false;
                self.screen = if game.finished() { Screen::Done } else { Screen::Playing };
            }
            _ => {}
        }
    }

    fn done_key(&mut self, code: KeyCode) {
        match code {
            KeyCode::Char('n' | 'N' | 'y') | KeyCode::Enter => {
                self.seed = self.seed.wrapping_add(1);
                self.start();
            }
            KeyCode::Char('r') => {
                if let Some(g) = self.game.as_mut() {
                    g.restart();
                }
                self.started = None;
                self.took = None;
                self.screen = Screen::Playing;
            }
            KeyCode::Char('g') => self.begin_watch(Replay::Generation),
            KeyCode::Char('v') => {
                let solver = self.solver();
                self.begin_watch(Replay::Solving(solver));
            }
            KeyCode::Esc | KeyCode::Char('m') => self.screen = Screen::Menu,
            KeyCode::Char('q') => self.quit = true,
            _ => {}
        }
    }

    /// The summary line shown when the maze is solved.
    pub fn summary(&self) -> String {
        let Some(g) = self.game.as_ref() else { return String::new() };
        let (moves, best) = (g.moves(), g.shortest());
        let verdict =
            if moves == best { "a perfect run!".to_string() } else { format!("{} extra", moves - best) };
        format!("Solved in {moves} moves (shortest {best}: {verdict}), time {}", clock(self.elapsed()))
    }
}

/// Whether `algorithm` can build a maze of the shape `spec` describes (row-based generators
/// need rows, which wrapped, multi-level and woven shapes do not have).
fn supports(spec: &ShapeSpec, algorithm: Algorithm) -> bool {
    algorithm.supports(&spec.erased())
}

/// A seed from the clock.
fn fresh_seed(now: Duration) -> u64 {
    let nanos =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut s = (nanos as u64) ^ now.as_nanos() as u64;
    maze_core::random::splitmix64(&mut s) % 1_000_000_000
}

#[cfg(test)]
mod tests {
    use maze_core::{CellId, Door, Hex, Shape, Sigma, Square, Upsilon};
    use ratatui::crossterm::event::KeyCode;

    use super::App;

    /// The door of `cell` whose wall lies nearest the key's heading (the game's rule,
    /// walls open or not).
    fn door_for<S: Shape>(shape: &S, cell: CellId, key: char) -> &'static str {
        let h = App::heading(KeyCode::Char(key)).expect("a moving key");
        let c = shape.centre(cell);
        let mut best = (f64::NEG_INFINITY, "");
        for d in shape.doors(cell).iter() {
            let [p, q] = shape.wall_segment(cell, d);
            let (x, y) = ((p.x + q.x) / 2.0 - c.x, (p.y + q.y) / 2.0 - c.y);
            let cos = (x * h.dx + y * h.dy) / (x.hypot(y) * h.dx.hypot(h.dy));
            if cos > best.0 + 1e-9 {
                best = (cos, d.name());
            }
        }
        best.1
    }

    #[test]
    fn diagonal_keys_pick_the_slanted_doors_of_both_hexagons() {
        let middle = |w: u32| CellId(w + 1);
        for (key, door) in
            [('y', "north-west"), ('u', "north-east"), ('b', "south-west"), ('n', "south-east")]
        {
            assert_eq!(door_for(&Hex::new(3, 3), middle(3), key), door, "hex {key}");
            assert_eq!(door_for(&Sigma::new(3, 3), middle(3), key), door, "sigma {key}");
        }
        // Octagons keep their diagonals; squares, which have none, go north and south.
        assert_eq!(door_for(&Upsilon::new(3, 3), CellId(4), 'u'), "north-east");
        assert_eq!(door_for(&Square::new(3, 3), CellId(4), 'u'), "north");
        assert_eq!(door_for(&Square::new(3, 3), CellId(4), 'n'), "south");
        // Straight up and down are the flat sides of a sigma cell.
        assert_eq!(door_for(&Sigma::new(3, 3), middle(3), 'w'), "north");
        assert_eq!(door_for(&Sigma::new(3, 3), middle(3), 's'), "south");
    }
}
