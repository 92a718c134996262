//! Many mazes stepped at once, for reinforcement learning: the game model's moves
//! ([`super::Walk`]) flattened into per-cell door bits and a table of neighbours, so one
//! step of one env is a few loads and stores, and every env steps on the worker threads
//! into buffers the caller owns (the Python module's numpy arrays).
//!
//! An action is a door index in the shape's door order ([`super::door_of`]): on square
//! cells 0 1 2 3 are north, east, south, west (`U R D L`), then the stairs up and down on
//! levels. A door that is shut or not there leaves the agent where it is (a step all the
//! same). Reaching the goal gives +1 and ends the episode; every step costs `step_cost`;
//! `max_steps` truncates. An env whose episode ended is reset by its next step (Gymnasium's
//! next-step autoreset: that step's action is ignored, its reward is 0), with a new maze
//! from the generator or the bank. Episode `k` of env `e` draws its maze, start and goal
//! from a generator seeded by (seed, e, k) alone, so the same seed gives the same
//! trajectories whatever the number of threads.
//!
//! ```
//! use maze::game::vector::{Config, Observation, Source, VecEnv};
//!
//! let request = maze::MazeRequest { width: Some(5), height: Some(5), ..Default::default() };
//! let source = Source::Plan(Box::new(maze::Plan::new(&request)?));
//! let config = Config { num_envs: 8, observation: Observation::View(2), ..Config::default() };
//! let mut envs = VecEnv::new(source, config)?;
//! let mut obs = vec![0u8; envs.observation_len() * 8];
//! envs.reset(Some(1), &mut obs)?;
//! let (mut rewards, mut ended, mut cut) = (vec![0f32; 8], vec![false; 8], vec![false; 8]);
//! envs.step(&[1; 8], &mut obs, &mut rewards, &mut ended, &mut cut)?;
//! assert_eq!(envs.observation_shape(), vec![5, 5]);
//! # Ok::<(), maze::Error>(())
//! ```

use std::sync::Arc;

use maze_core::random::{Random, Xoshiro, splitmix64};
use maze_core::{CellId, Maze, Shape, ShapeSpec};
use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::plan::Plan;

/// What an env shows the agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observation {
    /// The whole maze as a thick-wall grid, channels first: walls, agent, goal (0 or 1).
    Grid,
    /// The (2r+1) x (2r+1) window of the thick-wall grid around the agent: 0 floor, 1 wall,
    /// 2 goal, 3 unseen (beyond the maze).
    View(u8),
    /// A small picture, rows x columns x RGB.
    Rgb,
}

/// The largest view radius.
pub const MAX_RADIUS: u8 = 64;

/// View codes.
const FLOOR: u8 = 0;
const WALL: u8 = 1;
const GOAL: u8 = 2;
const UNSEEN: u8 = 3;

/// Where an episode starts or ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The maze's entrance (for the start) or exit (for the goal).
    End,
    /// A cell drawn at random (the goal never on the start).
    Random,
    /// This cell.
    Cell(u32),
}

/// How the envs play.
#[derive(Clone, Debug)]
pub struct Config {
    /// How many envs.
    pub num_envs: usize,
    /// What they show.
    pub observation: Observation,
    /// The reward taken off every step.
    pub step_cost: f32,
    /// Steps before truncation (0: four times the cells).
    pub max_steps: u32,
    /// The seed of every env's episodes.
    pub seed: u64,
    /// Where episodes start.
    pub start: Place,
    /// Where their goal is.
    pub goal: Place,
    /// Worker threads (0: rayon's default, 1: the caller's thread).
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            num_envs: 1,
            observation: Observation::Grid,
            step_cost: 0.0,
            max_steps: 0,
            seed: 0,
            start: Place::End,
            goal: Place::End,
            threads: 0,
        }
    }
}

/// Where the mazes come from.
pub enum Source {
    /// A new maze from the plan's generator every episode.
    Plan(Box<Plan>),
    /// A maze drawn from a bank of pre-made ones.
    Bank(Arc<[Arc<Level>]>),
}

/// The shape's flat tables, shared by the mazes of one shape: neighbours by (cell, door),
/// the thick-wall grid's pixels of each wall and each cell's centre.
#[derive(Debug)]
pub struct Layout {
    spec: ShapeSpec,
    doors: u8,
    cells: u32,
    /// `next[cell * doors + door]`: the neighbour, or `u32::MAX`.
    next: Box<[u32]>,
    rows: u32,
    cols: u32,
    /// Pixels per unit of the shape.
    scale: f64,
    centre: Box<[u32]>,
    /// `walls[wall_start[i]..wall_start[i + 1]]`: the pixels of the wall of door i (cell *
    /// doors + door) when this side draws it.
    wall_start: Box<[u32]>,
    walls: Box<[u32]>,
    /// Whether the shape's cells are squares (whose grids have symmetries).
    square: bool,
}

impl Layout {
    fn of<S: Shape>(shape: &S) -> Layout {
        let doors = shape.door_count();
        let cells = shape.cell_count();
        let square = shape.square_lattice().is_some();
        let scale = if square { 2.0 } else { 4.0 };
        let extent = shape.extent();
        let cols = (extent.x * scale).round() as u32 + 1;
        let rows = (extent.y * scale).round() as u32 + 1;
        let pixel = |p: maze_core::Point| {
            let x = ((p.x * scale).round().max(0.0) as u32).min(cols - 1);
            let y = ((p.y * scale).round().max(0.0) as u32).min(rows - 1);
            y * cols + x
        };
        let k = usize::from(doors);
        let mut next = vec![u32::MAX; cells as usize * k];
        let mut wall_start = Vec::with_capacity(cells as usize * k + 1);
        let mut walls = Vec::new();
        let mut centre = Vec::with_capacity(cells as usize);
        for c in 0..cells {
            let cell = CellId(c);
            centre.push(pixel(shape.centre(cell)));
            let here = shape.doors(cell);
            for i in 0..doors {
                wall_start.push(walls.len() as u32);
                let Some(door) = super::door_of(shape, cell, i).filter(|&d| here.contains(d)) else {
                    continue;
                };
                if let Some(b) = shape.neighbour(cell, door) {
                    next[c as usize * k + usize::from(i)] = b.0;
                }
                if shape.draws_wall(cell, door) {
                    let [p, q] = shape.wall_segment(cell, door);
                    let n = ((q.x - p.x).abs().max((q.y - p.y).abs()) * scale).ceil().max(1.0) as u32;
                    for j in 0..=n {
                        let t = f64::from(j) / f64::from(n);
                        let at =
                            pixel(maze_core::Point { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
                        if walls[*wall_start.last().unwrap_or(&0) as usize..].last() != Some(&at) {
                            walls.push(at);
                        }
                    }
                }
            }
        }
        wall_start.push(walls.len() as u32);
        Layout {
            spec: shape.spec(),
            doors,
            cells,
            next: next.into(),
            rows,
            cols,
            scale,
            centre: centre.into(),
            wall_start: wall_start.into(),
            walls: walls.into(),
            square,
        }
    }

    /// The actions: the shape's doors.
    pub fn doors(&self) -> u8 {
        self.doors
    }

    /// The thick-wall grid's rows and columns.
    pub fn grid(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    /// Pixels of the picture per pixel of the grid.
    fn rgb_scale(&self) -> u32 {
        if self.scale <= 2.0 { 4 } else { 2 }
    }
}

/// One maze as the envs play it: its open doors as bits per cell, its thick-wall grid,
/// its entrance and exit.
#[derive(Debug)]
pub struct Level {
    layout: Arc<Layout>,
    open: Box<[u16]>,
    grid: Box<[u8]>,
    entrance: u32,
    exit: u32,
}

impl Level {
    /// The level of `maze`, on `layout` when it is this maze's shape's (else a new one).
    pub fn of<S: Shape>(maze: &Maze<S>, layout: Option<&Arc<Layout>>) -> Level {
        let shape = maze.shape();
        let layout = match layout {
            Some(l) if !shape.woven() && l.cells == maze.cell_count() && l.spec == shape.spec() => l.clone(),
            _ => Arc::new(Layout::of(shape)),
        };
        let k = usize::from(layout.doors);
        let mut open = vec![0u16; layout.cells as usize];
        let mut grid = vec![0u8; (layout.rows * layout.cols) as usize];
        for (c, bits) in open.iter_mut().enumerate() {
            let cell = CellId(c as u32);
            for i in 0..layout.doors {
                let slot = c * k + usize::from(i);
                let door = super::door_of(shape, cell, i);
                let passable = layout.next[slot] != u32::MAX && door.is_some_and(|d| maze.is_open(cell, d));
                if passable {
                    *bits |= 1 << i;
                } else {
                    let (a, b) = (layout.wall_start[slot] as usize, layout.wall_start[slot + 1] as usize);
                    for &p in &layout.walls[a..b] {
                        grid[p as usize] = 1;
                    }
                }
            }
        }
        Level {
            layout,
            open: open.into(),
            grid: grid.into(),
            entrance: maze.entrance().0,
            exit: maze.exit().0,
        }
    }

    /// The shape's tables.
    pub fn layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The thick-wall grid (1 for wall), row by row.
    pub fn grid(&self) -> &[u8] {
        &self.grid
    }

    /// The same for two mazes that are one another's mirror image or rotation (on square
    /// cells; on other shapes, for equal walls): a hash of the least of the grid's images
    /// under the square's symmetries.
    pub fn key(&self) -> u64 {
        let (rows, cols) = (self.layout.rows as usize, self.layout.cols as usize);
        let hash = |at: &dyn Fn(usize, usize) -> u8, r: usize, c: usize| {
            let mut h = 0xcbf2_9ce4_8422_2325u64 ^ (r as u64) << 32 ^ c as u64;
            for y in 0..r {
                for x in 0..c {
                    h = (h ^ u64::from(at(y, x))).wrapping_mul(0x100_0000_01b3);
                }
            }
            h
        };
        let g = &self.grid;
        let mut keys = vec![hash(&|y, x| g[y * cols + x], rows, cols)];
        if self.layout.square {
            keys.push(hash(&|y, x| g[y * cols + (cols - 1 - x)], rows, cols));
            keys.push(hash(&|y, x| g[(rows - 1 - y) * cols + x], rows, cols));
            keys.push(hash(&|y, x| g[(rows - 1 - y) * cols + (cols - 1 - x)], rows, cols));
            // Transposes: the grid turned a quarter (the mazes' sizes swapped).
            keys.push(hash(&|y, x| g[x * cols + y], cols, rows));
            keys.push(hash(&|y, x| g[(rows - 1 - x) * cols + y], cols, rows));
            keys.push(hash(&|y, x| g[x * cols + (cols - 1 - y)], cols, rows));
            keys.push(hash(&|y, x| g[(rows - 1 - x) * cols + (cols - 1 - y)], cols, rows));
        }
        keys.into_iter().min().unwrap_or(0)
    }
}

/// The levels of a split: `train` keeps those whose [`Level::key`] falls below `fraction`
/// of the hash range, the other split the rest, so no maze (up to symmetry on square
/// cells) is in both.
pub fn split(levels: &[Arc<Level>], train: bool, fraction: f64) -> Vec<Arc<Level>> {
    levels
        .iter()
        .filter(|l| {
            let mut k = l.key();
            let u = splitmix64(&mut k) as f64 / 18_446_744_073_709_551_616.0;
            (u < fraction) == train
        })
        .cloned()
        .collect()
}

/// The levels of a plan's mazes for `seeds`, made on the worker threads.
///
/// # Errors
/// The first maze that cannot be made.
pub fn bank(plan: &Plan, seeds: &[u64]) -> Result<Vec<Arc<Level>>> {
    let first = Level::of(plan.build(*seeds.first().unwrap_or(&0))?.maze(), None);
    let layout = first.layout.clone();
    seeds.par_iter().map(|&s| Ok(Arc::new(Level::of(plan.build(s)?.maze(), Some(&layout))))).collect()
}

/// One env's state.
#[derive(Debug)]
struct Env {
    level: Arc<Level>,
    agent: u32,
    goal: u32,
    steps: u32,
    episode: u64,
    done: bool,
}

/// How a reset places the maze, the start and the goal.
#[derive(Clone, Copy, Debug)]
pub struct Reset {
    /// A new maze (else the one played).
    pub new_maze: bool,
    /// Where the agent starts.
    pub start: Place,
    /// Where the goal is.
    pub goal: Place,
}

/// Many envs, stepped together.
pub struct VecEnv {
    source: Source,
    config: Config,
    envs: Vec<Env>,
    pool: Option<rayon::ThreadPool>,
    layout: Arc<Layout>,
}

/// The seed of env `env`'s episode `episode`.
fn episode_seed(seed: u64, env: u64, episode: u64) -> u64 {
    let mut s = seed;
    let mut t = splitmix64(&mut s) ^ env.wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ episode.rotate_left(29);
    splitmix64(&mut t)
}

impl VecEnv {
    /// Envs playing the mazes of `source`.
    ///
    /// # Errors
    /// A bad configuration (no envs, a view radius of 0 or above [`MAX_RADIUS`], a cell
    /// beyond the maze, an empty bank) or a maze that cannot be made.
    pub fn new(source: Source, config: Config) -> Result<VecEnv> {
        if config.num_envs == 0 {
            return Err(Error::Request("num_envs: must be at least 1".into()));
        }
        if let Observation::View(r) = config.observation
            && !(1..=MAX_RADIUS).contains(&r)
        {
            return Err(Error::Request(format!("view_radius: must be 1 to {MAX_RADIUS}, not {r}")));
        }
        let first = match &source {
            Source::Plan(plan) => Arc::new(Level::of(plan.build(config.seed)?.maze(), None)),
            Source::Bank(levels) => levels
                .first()
                .cloned()
                .ok_or_else(|| Error::Request("levels: the bank holds no mazes".into()))?,
        };
        if let Source::Bank(levels) = &source
            && let Some(other) = levels.iter().find(|l| l.layout.spec != first.layout.spec)
        {
            return Err(Error::Request(format!(
                "levels: mazes of two shapes ({} and {}) in one bank",
                first.layout.spec.topology_name(),
                other.layout.spec.topology_name()
            )));
        }
        let layout = first.layout.clone();
        for (what, place) in [("start", config.start), ("goal", config.goal)] {
            if let Place::Cell(c) = place
                && c >= layout.cells
            {
                return Err(Error::Request(format!(
                    "{what}: cell {c} is not in the maze's {} cells",
                    layout.cells
                )));
            }
        }
        let pool = match config.threads {
            0 | 1 => None,
            n => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build()
                    .map_err(|e| Error::Request(e.to_string()))?,
            ),
        };
        let envs = (0..config.num_envs)
            .map(|_| Env { level: first.clone(), agent: 0, goal: 0, steps: 0, episode: 0, done: true })
            .collect();
        Ok(VecEnv { source, config, envs, pool, layout })
    }

    /// The shape's tables (of the first maze; a woven maze's crossings vary).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// How many actions: the shape's doors.
    pub fn actions(&self) -> u8 {
        self.layout.doors
    }

    /// How many envs.
    pub fn len(&self) -> usize {
        self.envs.len()
    }

    /// Whether there are no envs (never: [`VecEnv::new`] refuses none).
    pub fn is_empty(&self) -> bool {
        self.envs.is_empty()
    }

    /// The shape of one env's observation.
    pub fn observation_shape(&self) -> Vec<usize> {
        let (rows, cols) = (self.layout.rows as usize, self.layout.cols as usize);
        match self.config.observation {
            Observation::Grid => vec![3, rows, cols],
            Observation::View(r) => vec![2 * usize::from(r) + 1; 2],
            Observation::Rgb => {
                let s = self.layout.rgb_scale() as usize;
                vec![rows * s, cols * s, 3]
            }
        }
    }

    /// Bytes of one env's observation.
    pub fn observation_len(&self) -> usize {
        self.observation_shape().iter().product()
    }

    /// The steps before truncation.
    pub fn max_steps(&self) -> u32 {
        if self.config.max_steps == 0 { 4 * self.layout.cells } else { self.config.max_steps }
    }

    /// Env `env`'s agent cell, goal cell and steps in this episode.
    pub fn state(&self, env: usize) -> Option<(u32, u32, u32)> {
        self.envs.get(env).map(|e| (e.agent, e.goal, e.steps))
    }

    /// The maze env `env` plays.
    pub fn level(&self, env: usize) -> Option<&Arc<Level>> {
        self.envs.get(env).map(|e| &e.level)
    }

    /// Resets every env (with `seed`, the seed of all their episodes from here; without,
    /// each goes on to its next episode) and writes their observations.
    ///
    /// # Errors
    /// A maze that cannot be made.
    pub fn reset(&mut self, seed: Option<u64>, obs: &mut [u8]) -> Result<()> {
        if let Some(s) = seed {
            self.config.seed = s;
            for e in &mut self.envs {
                e.episode = 0;
            }
        }
        let how = Reset { new_maze: true, start: self.config.start, goal: self.config.goal };
        let mut envs = std::mem::take(&mut self.envs);
        let result = self.each(&mut envs, obs, |me, i, env, out| me.reset_env(i, env, how, out));
        self.envs = envs;
        result
    }

    /// Resets env `env` as `how` says (a new maze or the same one; the start and goal) and
    /// writes its observation into `obs` (one env's).
    ///
    /// # Errors
    /// A cell beyond the maze, or a maze that cannot be made.
    pub fn reset_one(&mut self, env: usize, seed: Option<u64>, how: Reset, obs: &mut [u8]) -> Result<()> {
        if env >= self.envs.len() {
            return Err(Error::Request(format!("env {env} of {}", self.envs.len())));
        }
        let level = self.envs[env].level.clone();
        let mut e = std::mem::replace(
            &mut self.envs[env],
            Env { level, agent: 0, goal: 0, steps: 0, episode: 0, done: true },
        );
        if let Some(s) = seed {
            self.config.seed = s;
            e.episode = 0;
        }
        let result = self.reset_env(env, &mut e, how, obs);
        self.envs[env] = e;
        result
    }

    /// Steps every env by its action (an env whose episode ended is reset instead) and
    /// writes the observations, rewards, terminations and truncations.
    ///
    /// # Errors
    /// An action that is not a door index (before any env moves), or a maze that cannot be
    /// made on an autoreset.
    pub fn step(
        &mut self,
        actions: &[i64],
        obs: &mut [u8],
        rewards: &mut [f32],
        terminated: &mut [bool],
        truncated: &mut [bool],
    ) -> Result<()> {
        let n = self.envs.len();
        if actions.len() != n || rewards.len() != n || terminated.len() != n || truncated.len() != n {
            return Err(Error::Request(format!("actions: {} for {n} envs", actions.len())));
        }
        let k = i64::from(self.layout.doors);
        if let Some((i, a)) = actions.iter().enumerate().find(|(_, a)| !(0..k).contains(*a)) {
            return Err(Error::Request(format!(
                "action {a} of env {i} is not one of the {k} doors (0 to {})",
                k - 1
            )));
        }
        let len = self.observation_len();
        if obs.len() != n * len {
            return Err(Error::Request(format!("observations: {} bytes for {n} envs of {len}", obs.len())));
        }
        let mut envs = std::mem::take(&mut self.envs);
        let me = &*self;
        let result = match (&me.pool, me.config.threads) {
            (_, 1) => envs.iter_mut().enumerate().try_for_each(|(i, env)| {
                let out = &mut obs[i * len..(i + 1) * len];
                (rewards[i], terminated[i], truncated[i]) = me.step_env(i, env, actions[i], out)?;
                Ok(())
            }),
            (Some(pool), _) => {
                pool.install(|| me.step_all(&mut envs, actions, obs, rewards, terminated, truncated))
            }
            (None, _) => me.step_all(&mut envs, actions, obs, rewards, terminated, truncated),
        };
        self.envs = envs;
        result
    }

    /// [`VecEnv::step`] on the worker threads, in chunks of envs.
    fn step_all(
        &self,
        envs: &mut [Env],
        actions: &[i64],
        obs: &mut [u8],
        rewards: &mut [f32],
        terminated: &mut [bool],
        truncated: &mut [bool],
    ) -> Result<()> {
        let len = self.observation_len();
        let chunk = (envs.len() / (rayon::current_num_threads() * 4)).max(64);
        envs.par_chunks_mut(chunk)
            .zip(obs.par_chunks_mut(chunk * len))
            .zip(rewards.par_chunks_mut(chunk))
            .zip(terminated.par_chunks_mut(chunk))
            .zip(truncated.par_chunks_mut(chunk))
            .zip(actions.par_chunks(chunk))
            .enumerate()
            .try_for_each(|(c, (((((envs, obs), rewards), ended), cut), actions))| {
                for (j, env) in envs.iter_mut().enumerate() {
                    let out = &mut obs[j * len..(j + 1) * len];
                    (rewards[j], ended[j], cut[j]) = self.step_env(c * chunk + j, env, actions[j], out)?;
                }
                Ok(())
            })
    }

    /// Runs `f` on every env and its slice of `obs`, on the worker threads.
    fn each(
        &self,
        envs: &mut [Env],
        obs: &mut [u8],
        f: impl Fn(&Self, usize, &mut Env, &mut [u8]) -> Result<()> + Sync,
    ) -> Result<()> {
        let len = self.observation_len();
        if obs.len() != envs.len() * len {
            return Err(Error::Request(format!(
                "observations: {} bytes for {} envs of {len}",
                obs.len(),
                envs.len()
            )));
        }
        let work = |envs: &mut [Env], obs: &mut [u8]| {
            envs.par_iter_mut()
                .zip(obs.par_chunks_mut(len))
                .enumerate()
                .try_for_each(|(i, (e, o))| f(self, i, e, o))
        };
        match &self.pool {
            Some(pool) => pool.install(|| work(envs, obs)),
            None => work(envs, obs),
        }
    }

    /// One env's step: its reward, termination and truncation.
    #[inline]
    fn step_env(&self, i: usize, env: &mut Env, action: i64, out: &mut [u8]) -> Result<(f32, bool, bool)> {
        if env.done {
            let how = Reset { new_maze: true, start: self.config.start, goal: self.config.goal };
            self.reset_env(i, env, how, out)?;
            return Ok((0.0, false, false));
        }
        let layout = &*env.level.layout;
        let a = action as usize;
        let cell = env.agent as usize;
        if env.level.open[cell] >> a & 1 == 1 {
            env.agent = layout.next[cell * usize::from(layout.doors) + a];
        }
        env.steps += 1;
        let ended = env.agent == env.goal;
        let cut = !ended && env.steps >= self.max_steps();
        env.done = ended || cut;
        self.observe(env, out);
        Ok((if ended { 1.0 } else { 0.0 } - self.config.step_cost, ended, cut))
    }

    /// Starts env `i`'s next episode.
    fn reset_env(&self, i: usize, env: &mut Env, how: Reset, out: &mut [u8]) -> Result<()> {
        let mut rng = Xoshiro::seed_from_u64(episode_seed(self.config.seed, i as u64, env.episode));
        env.episode += 1;
        if how.new_maze {
            env.level = match &self.source {
                Source::Bank(levels) => levels[rng.below(levels.len() as u64) as usize].clone(),
                Source::Plan(plan) => {
                    let mut made = plan.build(rng.next_u64());
                    for _ in 0..16 {
                        if made.is_ok() {
                            break;
                        }
                        made = plan.build(rng.next_u64());
                    }
                    Arc::new(Level::of(made?.maze(), Some(&env.level.layout)))
                }
            };
        }
        let cells = env.level.layout.cells;
        let pick = |place: Place, end: u32, not: Option<u32>, rng: &mut Xoshiro| -> Result<u32> {
            match place {
                Place::End => Ok(end),
                Place::Cell(c) if c < cells => Ok(c),
                Place::Cell(c) => Err(Error::Request(format!("cell {c} is not in the maze's {cells} cells"))),
                Place::Random => loop {
                    let c = rng.below(u64::from(cells)) as u32;
                    if Some(c) != not || cells < 2 {
                        return Ok(c);
                    }
                },
            }
        };
        env.agent = pick(how.start, env.level.entrance, None, &mut rng)?;
        env.goal = pick(how.goal, env.level.exit, Some(env.agent), &mut rng)?;
        env.steps = 0;
        env.done = false;
        self.observe(env, out);
        Ok(())
    }

    /// Env `env`'s picture (as the `rgb` observation shows it, whatever the envs observe)
    /// and its shape, rows x columns x 3.
    pub fn picture(&self, env: usize) -> Option<(Vec<u8>, [usize; 3])> {
        let e = self.envs.get(env)?;
        let layout = &e.level.layout;
        let s = layout.rgb_scale() as usize;
        let shape = [layout.rows as usize * s, layout.cols as usize * s, 3];
        let mut out = vec![0u8; shape.iter().product()];
        self.observe_as(Observation::Rgb, e, &mut out);
        Some((out, shape))
    }

    /// Writes env's observation.
    #[inline]
    fn observe(&self, env: &Env, out: &mut [u8]) {
        self.observe_as(self.config.observation, env, out);
    }

    /// Writes env's observation of the kind `observation`.
    #[inline]
    fn observe_as(&self, observation: Observation, env: &Env, out: &mut [u8]) {
        let level = &*env.level;
        let layout = &*level.layout;
        let (rows, cols) = (layout.rows as usize, layout.cols as usize);
        let agent = layout.centre[env.agent as usize] as usize;
        let goal = layout.centre[env.goal as usize] as usize;
        match observation {
            Observation::Grid => {
                let n = rows * cols;
                out[..n].copy_from_slice(&level.grid);
                out[n..].fill(0);
                out[n + agent] = 1;
                out[2 * n + goal] = 1;
            }
            Observation::View(r) => {
                let r = isize::from(r);
                let side = 2 * r + 1;
                let (ay, ax) = ((agent / cols) as isize, (agent % cols) as isize);
                for dy in -r..=r {
                    let y = ay + dy;
                    let row = &mut out[((dy + r) * side) as usize..((dy + r + 1) * side) as usize];
                    if y < 0 || y >= rows as isize {
                        row.fill(UNSEEN);
                        continue;
                    }
                    for (j, v) in row.iter_mut().enumerate() {
                        let x = ax + j as isize - r;
                        *v = if x < 0 || x >= cols as isize {
                            UNSEEN
                        } else {
                            let p = y as usize * cols + x as usize;
                            if p == goal {
                                GOAL
                            } else if level.grid[p] == 1 {
                                WALL
                            } else {
                                FLOOR
                            }
                        };
                    }
                }
            }
            Observation::Rgb => {
                let s = layout.rgb_scale() as usize;
                let width = cols * s;
                for y in 0..rows {
                    for x in 0..cols {
                        let p = y * cols + x;
                        let colour: [u8; 3] = if p == agent {
                            [220, 40, 40]
                        } else if p == goal {
                            [40, 170, 60]
                        } else if level.grid[p] == 1 {
                            [30, 30, 40]
                        } else {
                            [255, 255, 255]
                        };
                        for yy in 0..s {
                            let start = ((y * s + yy) * width + x * s) * 3;
                            for px in out[start..start + 3 * s].chunks_exact_mut(3) {
                                px.copy_from_slice(&colour);
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
