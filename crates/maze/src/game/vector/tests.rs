//! The vector env: it moves as the game model does on every shape, its observations show
//! the maze, its episodes do not depend on the threads, its level splits are disjoint.

use std::sync::Arc;

use maze_core::Shape;
use maze_core::random::{Random, Xoshiro};

use super::{Config, Level, Observation, Place, Source, VecEnv, split};
use crate::Plan;
use crate::game::tests::{mazes, request};
use crate::game::{Fog, Moved, Walk, door_of};

fn plan(json: serde_json::Value) -> Box<Plan> {
    let mut json = json;
    json["format"] = "json".into();
    Box::new(Plan::new(&request(json)).expect("plan"))
}

/// Runs `steps` random actions and returns everything the envs wrote.
fn trajectory(threads: usize, steps: usize) -> Vec<u8> {
    let config = Config {
        num_envs: 300,
        observation: Observation::View(2),
        max_steps: 30,
        seed: 9,
        start: Place::Random,
        goal: Place::Random,
        step_cost: 0.01,
        threads,
    };
    let mut envs =
        VecEnv::new(Source::Plan(plan(serde_json::json!({"width": 5, "height": 4}))), config).expect("envs");
    let n = envs.len();
    let mut obs = vec![0u8; n * envs.observation_len()];
    envs.reset(Some(4), &mut obs).expect("reset");
    let mut all = obs.clone();
    let mut rng = Xoshiro::seed_from_u64(1);
    let (mut rewards, mut ended, mut cut) = (vec![0f32; n], vec![false; n], vec![false; n]);
    for _ in 0..steps {
        let actions: Vec<i64> = (0..n).map(|_| rng.below(4) as i64).collect();
        envs.step(&actions, &mut obs, &mut rewards, &mut ended, &mut cut).expect("step");
        all.extend_from_slice(&obs);
        all.extend(rewards.iter().flat_map(|r| r.to_le_bytes()));
        all.extend(ended.iter().chain(&cut).map(|&b| u8::from(b)));
    }
    assert!(all.len() > 1000);
    all
}

#[test]
fn the_same_seed_gives_the_same_trajectories_whatever_the_threads() {
    let one = trajectory(1, 80);
    assert_eq!(one, trajectory(2, 80));
    assert_eq!(one, trajectory(3, 80));
    assert_eq!(one, trajectory(0, 80), "rayon's default threads");
}

#[test]
fn the_envs_move_as_the_game_model_on_every_shape() {
    for (name, maze) in mazes() {
        let level = Arc::new(Level::of(&maze, None));
        let config = Config { num_envs: 1, threads: 1, max_steps: 100_000, ..Config::default() };
        let mut envs = VecEnv::new(Source::Bank(vec![level].into()), config).expect("envs");
        let mut obs = vec![0u8; envs.observation_len()];
        envs.reset(Some(1), &mut obs).expect("reset");
        let mut walk = Walk::new(maze.clone(), Fog::Off);
        assert_eq!(envs.state(0).map(|s| s.0), Some(walk.player().0), "{name}");
        let k = envs.actions();
        assert_eq!(k, maze.shape().door_count());
        let mut rng = Xoshiro::seed_from_u64(5);
        let (mut r, mut ended, mut cut) = ([0f32], [false], [false]);
        for step in 0..20_000 {
            let a = rng.below(u64::from(k)) as u8;
            let moved = match door_of(maze.shape(), walk.player(), a) {
                Some(d) => walk.move_through(d),
                None => Moved::Blocked,
            };
            envs.step(&[i64::from(a)], &mut obs, &mut r, &mut ended, &mut cut).expect("step");
            assert_eq!(envs.state(0).map(|s| s.0), Some(walk.player().0), "{name} step {step}");
            assert_eq!(ended[0], moved == Moved::Finished, "{name} step {step}");
            assert_eq!(r[0], if ended[0] { 1.0 } else { 0.0 });
            if ended[0] {
                break;
            }
        }
        assert!(ended[0], "{name}: a random walk of 20,000 steps reaches the exit");
    }
}

#[test]
fn the_grid_shows_the_walls_agent_and_goal_and_the_view_is_around_the_agent() {
    let (w, h) = (6u32, 5u32);
    let config = Config { num_envs: 1, threads: 1, ..Config::default() };
    let source = Source::Plan(plan(serde_json::json!({"width": w, "height": h})));
    let mut envs = VecEnv::new(source, config).expect("envs");
    assert_eq!(envs.observation_shape(), vec![3, 2 * h as usize + 1, 2 * w as usize + 1]);
    let mut obs = vec![0u8; envs.observation_len()];
    envs.reset(Some(3), &mut obs).expect("reset");
    let level = envs.level(0).expect("level").clone();
    let cols = 2 * w as usize + 1;
    let n = (2 * h as usize + 1) * cols;
    for y in 0..h {
        for x in 0..w {
            let cell = (y * w + x) as usize;
            let (py, px) = (2 * y as usize + 1, 2 * x as usize + 1);
            assert_eq!(obs[py * cols + px], 0, "a cell's middle is floor");
            // East (door 1) and south (door 2): a wall pixel exactly where the door is shut.
            if x + 1 < w {
                assert_eq!(obs[py * cols + px + 1] == 1, level.open[cell] & 2 == 0, "{x},{y} east");
            }
            if y + 1 < h {
                assert_eq!(obs[(py + 1) * cols + px] == 1, level.open[cell] & 4 == 0, "{x},{y} south");
            }
        }
    }
    let (agent, goal, _) = envs.state(0).expect("state");
    let at = |c: u32| (2 * (c / w) as usize + 1) * cols + 2 * (c % w) as usize + 1;
    assert_eq!(obs[n..2 * n].iter().filter(|&&v| v == 1).count(), 1);
    assert_eq!(obs[n + at(agent)], 1);
    assert_eq!(obs[2 * n + at(goal)], 1);
    assert_eq!((agent, goal), (level.entrance, level.exit));

    // The view: the 5 x 5 window of the same grid around the agent, beyond it unseen.
    let config = Config { num_envs: 1, threads: 1, observation: Observation::View(2), ..Config::default() };
    let mut view = VecEnv::new(Source::Bank(vec![level.clone()].into()), config).expect("envs");
    let mut window = [0u8; 25];
    view.reset(Some(3), &mut window).expect("reset");
    let (agent, _, _) = view.state(0).expect("state");
    let (ay, ax) = ((2 * (agent / w) + 1) as isize, (2 * (agent % w) + 1) as isize);
    for dy in -2..=2isize {
        for dx in -2..=2isize {
            let (y, x) = (ay + dy, ax + dx);
            let got = window[((dy + 2) * 5 + dx + 2) as usize];
            if y < 0 || x < 0 || y > 2 * h as isize || x > 2 * w as isize {
                assert_eq!(got, 3, "unseen beyond the maze");
            } else {
                assert_eq!(got == 1, level.grid[y as usize * cols + x as usize] == 1, "{dy},{dx}");
            }
        }
    }
    // The picture: some wall pixels, the agent's red.
    let config = Config { num_envs: 1, threads: 1, observation: Observation::Rgb, ..Config::default() };
    let mut rgb = VecEnv::new(Source::Bank(vec![level].into()), config).expect("envs");
    let mut picture = vec![0u8; rgb.observation_len()];
    rgb.reset(Some(3), &mut picture).expect("reset");
    assert!(picture.chunks(3).any(|p| p == [220, 40, 40]) && picture.chunks(3).any(|p| p == [30, 30, 40]));
}

#[test]
fn bad_configurations_and_actions_are_refused() {
    let source = || Source::Plan(plan(serde_json::json!({"width": 4, "height": 4})));
    for r in [0, 65] {
        let config = Config { observation: Observation::View(r), ..Config::default() };
        let err = VecEnv::new(source(), config).err().expect("refused").to_string();
        assert!(err.contains("view_radius") && !err.contains('\n'), "{err}");
    }
    assert!(VecEnv::new(source(), Config { num_envs: 0, ..Config::default() }).is_err());
    assert!(VecEnv::new(source(), Config { start: Place::Cell(16), ..Config::default() }).is_err());
    let mut envs = VecEnv::new(source(), Config { num_envs: 2, ..Config::default() }).expect("envs");
    let mut obs = vec![0u8; 2 * envs.observation_len()];
    envs.reset(None, &mut obs).expect("reset");
    let (mut r, mut e, mut c) = ([0f32; 2], [false; 2], [false; 2]);
    for bad in [[0, 4], [-1, 0]] {
        let err = envs.step(&bad, &mut obs, &mut r, &mut e, &mut c).expect_err("refused").to_string();
        assert!(err.contains("not one of the 4 doors"), "{err}");
    }
    assert!(envs.step(&[0], &mut obs, &mut r[..1], &mut e[..1], &mut c[..1]).is_err());
}

#[test]
fn level_splits_are_disjoint_up_to_symmetry() {
    // 3 x 3 mazes repeat often, and as one another's mirror images and turns.
    let seeds: Vec<u64> = (0..400).collect();
    let levels = super::bank(&plan(serde_json::json!({"width": 3, "height": 3})), &seeds).expect("bank");
    let train = split(&levels, true, 0.7);
    let test = split(&levels, false, 0.7);
    assert_eq!(train.len() + test.len(), levels.len());
    assert!(!train.is_empty() && !test.is_empty());
    let keys: std::collections::HashSet<u64> = train.iter().map(|l| l.key()).collect();
    assert!(test.iter().all(|l| !keys.contains(&l.key())), "a maze in both splits");
    // A maze and its mirror image have one key.
    let a = &levels[0];
    let cols = 7;
    let mirrored: Vec<u8> =
        (0..a.grid.len()).map(|p| a.grid[p / cols * cols + (cols - 1 - p % cols)]).collect();
    let twin =
        Level { layout: a.layout.clone(), open: a.open.clone(), grid: mirrored.into(), entrance: 0, exit: 0 };
    assert_eq!(twin.key(), a.key());
    let distinct: std::collections::HashSet<u64> = levels.iter().map(|l| l.key()).collect();
    assert!(distinct.len() < levels.len(), "some 3 x 3 mazes repeat up to symmetry");
}
