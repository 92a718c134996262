//! Reinforcement-learning envs (`mazekit.gym.MazeEnv`, `mazekit.VectorEnv`): the library's
//! vector env ([`maze::game::vector`]) stepped with the GIL released into numpy buffers the
//! Python side allocated once.

use std::sync::Arc;

use maze::game::vector::{self, Config, Observation, Place, Reset, Source, VecEnv};
use numpy::{PyArray1, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArrayDyn};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A place from Python: -1 the maze's own end (entrance or exit), -2 at random, else a cell.
fn place(what: &str, p: i64) -> PyResult<Place> {
    match p {
        -1 => Ok(Place::End),
        -2 => Ok(Place::Random),
        c if (0..i64::from(u32::MAX)).contains(&c) => Ok(Place::Cell(c as u32)),
        c => Err(PyValueError::new_err(format!("{what}: {c} is not a cell"))),
    }
}

/// The library's refusal as a one-line `ValueError`.
fn refused(e: &maze::Error) -> PyErr {
    crate::error(e)
}

/// A flat byte array handed to Python.
type Bytes<'py> = Bound<'py, PyArray1<u8>>;

/// Many maze envs stepped together in Rust.
#[pyclass(module = "mazekit._native")]
pub struct Envs {
    inner: VecEnv,
    levels: usize,
}

#[pymethods]
impl Envs {
    /// Envs over the mazes of `request` (a JSON request): made anew every episode, or, with
    /// `seeds`, a bank of the request's mazes for those seeds (with `split`, the train or
    /// test part of it: `(train, fraction)`).
    #[new]
    #[pyo3(signature = (request, seeds, split, num_envs, observation, view_radius, step_cost, max_steps, seed, start, goal, threads))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        request: &str,
        seeds: Option<PyReadonlyArray1<'_, u64>>,
        split: Option<(bool, f64)>,
        num_envs: usize,
        observation: &str,
        view_radius: i64,
        step_cost: f32,
        max_steps: u32,
        seed: u64,
        start: i64,
        goal: i64,
        threads: usize,
    ) -> PyResult<Envs> {
        let observation = match observation {
            "grid" => Observation::Grid,
            "rgb" => Observation::Rgb,
            "view" if (1..=i64::from(vector::MAX_RADIUS)).contains(&view_radius) => {
                Observation::View(view_radius as u8)
            }
            "view" => {
                return Err(PyValueError::new_err(format!(
                    "view_radius: must be 1 to {}, not {view_radius}",
                    vector::MAX_RADIUS
                )));
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "observation: {other:?} is not one of grid, view, rgb"
                )));
            }
        };
        let plan = Box::new(crate::plan(request)?);
        let config = Config {
            num_envs,
            observation,
            step_cost,
            max_steps,
            seed,
            start: place("start", start)?,
            goal: place("goal", goal)?,
            threads,
        };
        let seeds: Option<Vec<u64>> = seeds.map(|s| s.as_array().iter().copied().collect());
        py.detach(move || {
            let (source, levels) = match seeds {
                None => (Source::Plan(plan), 0),
                Some(seeds) => {
                    let mut bank = vector::bank(&plan, &seeds)?;
                    if let Some((train, fraction)) = split {
                        bank = vector::split(&bank, train, fraction);
                    }
                    if bank.is_empty() {
                        return Err(maze::Error::Request(
                            "level_split: this split of the levels holds no maze".into(),
                        ));
                    }
                    let n = bank.len();
                    (Source::Bank(Arc::from(bank)), n)
                }
            };
            Ok(Envs { inner: VecEnv::new(source, config)?, levels })
        })
        .map_err(|e| refused(&e))
    }

    /// One env's observation shape.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// How many actions (the shape's doors).
    #[getter]
    fn actions(&self) -> u8 {
        self.inner.actions()
    }

    /// Steps before truncation.
    #[getter]
    fn max_steps(&self) -> u32 {
        self.inner.max_steps()
    }

    /// The mazes in the bank (0 without one).
    #[getter]
    fn levels(&self) -> usize {
        self.levels
    }

    /// Resets every env into `obs`.
    #[pyo3(signature = (seed, obs))]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: Option<u64>,
        mut obs: PyReadwriteArrayDyn<'_, u8>,
    ) -> PyResult<()> {
        let obs = obs.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let inner = &mut self.inner;
        py.detach(|| inner.reset(seed, obs)).map_err(|e| refused(&e))
    }

    /// Resets env `env` (a new maze or the same; the start and goal as [`place`] reads
    /// them) into `obs`, one env's observation.
    #[pyo3(signature = (env, seed, new_maze, start, goal, obs))]
    #[allow(clippy::too_many_arguments)]
    fn reset_one(
        &mut self,
        py: Python<'_>,
        env: usize,
        seed: Option<u64>,
        new_maze: bool,
        start: i64,
        goal: i64,
        mut obs: PyReadwriteArrayDyn<'_, u8>,
    ) -> PyResult<()> {
        let how = Reset { new_maze, start: place("start", start)?, goal: place("goal", goal)? };
        let obs = obs.as_slice_mut().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let inner = &mut self.inner;
        py.detach(|| inner.reset_one(env, seed, how, obs)).map_err(|e| refused(&e))
    }

    /// Steps every env by `actions` (int64, one per env), writing into the buffers.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut obs: PyReadwriteArrayDyn<'_, u8>,
        mut rewards: PyReadwriteArray1<'_, f32>,
        mut terminated: PyReadwriteArray1<'_, bool>,
        mut truncated: PyReadwriteArray1<'_, bool>,
    ) -> PyResult<()> {
        let bad = |e: numpy::AsSliceError| PyValueError::new_err(e.to_string());
        let actions = actions.as_slice().map_err(bad)?;
        let obs = obs.as_slice_mut().map_err(bad)?;
        let rewards = rewards.as_slice_mut().map_err(bad)?;
        let terminated = terminated.as_slice_mut().map_err(bad)?;
        let truncated = truncated.as_slice_mut().map_err(bad)?;
        let inner = &mut self.inner;
        py.detach(|| inner.step(actions, obs, rewards, terminated, truncated)).map_err(|e| refused(&e))
    }

    /// Env `env`'s agent cell, goal cell and steps in this episode.
    fn state(&self, env: usize) -> PyResult<(u32, u32, u32)> {
        self.inner
            .state(env)
            .ok_or_else(|| PyValueError::new_err(format!("env {env} of {}", self.inner.len())))
    }

    /// Env `env`'s picture as flat RGB bytes, and its shape.
    fn picture<'py>(&self, py: Python<'py>, env: usize) -> PyResult<(Bytes<'py>, [usize; 3])> {
        let (bytes, shape) = self
            .inner
            .picture(env)
            .ok_or_else(|| PyValueError::new_err(format!("env {env} of {}", self.inner.len())))?;
        Ok((PyArray1::from_vec(py, bytes), shape))
    }

    /// Env `env`'s maze as the thick-wall grid (1 for wall), flat, and its rows and columns.
    fn walls<'py>(&self, py: Python<'py>, env: usize) -> PyResult<(Bytes<'py>, (u32, u32))> {
        let level = self
            .inner
            .level(env)
            .ok_or_else(|| PyValueError::new_err(format!("env {env} of {}", self.inner.len())))?;
        Ok((PyArray1::from_slice(py, level.grid()), level.layout().grid()))
    }
}
