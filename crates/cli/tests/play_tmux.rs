//! `maze play` end to end in a real terminal: tmux runs it, we send the key presses of the
//! solution (read from `maze generate --solve --format json` with the same seed), and the
//! captured screen must show the summary; quitting must print it and restore the terminal.
//!
//! Nothing here is timed: the tests wait for what the screen shows, with deadlines only as
//! hang guards (two minutes, far above the second or so each step takes, since the tests
//! share two cores with other builds), and the panes stay open for ten minutes after the
//! game ends (the session is killed when the test ends) so a slow capture still finds them.

use maze_testkit::have;
use std::process::Command;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// How long to wait for something the screen should show before calling it a hang.
const HANG: Duration = Duration::from_secs(120);

/// Waits until the pane shows `needle`, returning the screen.
fn wait_for(session: &str, needle: &str) -> String {
    let deadline = Instant::now() + HANG;
    loop {
        let screen = tmux(&["capture-pane", "-p", "-t", session]);
        if screen.contains(needle) {
            return screen;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {needle:?}; screen:\n{screen}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

struct Session(String);

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux").args(["kill-session", "-t", &self.0]).output();
    }
}

#[test]
fn play_a_tiny_maze_to_the_exit_under_tmux() {
    if !have("tmux") {
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let (w, h, seed) = (4u32, 3u32, 11u64);
    let json = Command::new(&bin)
        .args([
            "generate",
            "-W",
            &w.to_string(),
            "-H",
            &h.to_string(),
            "--seed",
            &seed.to_string(),
            "--solve",
            "-f",
            "json",
        ])
        .output()
        .expect("generate");
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    let path: Vec<i64> =
        v["solution"]["path"].as_array().expect("path").iter().map(|c| c.as_i64().expect("id")).collect();

    let session = Session(format!("maze-play-{}", std::process::id()));
    let out_file = std::env::temp_dir().join(format!("maze-play-{}.out", std::process::id()));
    let command = format!(
        "'{}' play --no-menu --no-auto --ascii -W {w} -H {h} --seed {seed} > /dev/tty; echo \"exit=$?\" > '{}'; sleep 600",
        bin.display(),
        out_file.display()
    );
    let started = Command::new("tmux")
        .args(["new-session", "-d", "-s", &session.0, "-x", "100", "-y", "30", &command])
        .status()
        .expect("tmux new-session");
    assert!(started.success());
    wait_for(&session.0, "moves 0");
    for pair in path.windows(2) {
        let key = match pair[1] - pair[0] {
            1 => "Right",
            -1 => "Left",
            d if d == i64::from(w) => "Down",
            _ => "Up",
        };
        tmux(&["send-keys", "-t", &session.0, key]);
        std::thread::sleep(Duration::from_millis(60));
    }
    let screen = wait_for(&session.0, "Solved in");
    assert!(screen.contains(&format!("Solved in {} moves", path.len() - 1)), "{screen}");
    assert!(screen.contains("a perfect run!"), "{screen}");
    // Quit: the program ends with status 0 and prints the summary on the normal screen.
    tmux(&["send-keys", "-t", &session.0, "q"]);
    // The shell writes the status line once the game has ended: wait for the whole line
    // (the file may exist, still empty, for a moment).
    let deadline = Instant::now() + HANG;
    let status = loop {
        let text = std::fs::read_to_string(&out_file).unwrap_or_default();
        if text.ends_with('\n') {
            break text;
        }
        assert!(Instant::now() < deadline, "maze play did not exit");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(status.trim(), "exit=0");
    let after = tmux(&["capture-pane", "-p", "-t", &session.0]);
    assert!(after.contains("Solved in"), "summary printed after leaving the full screen: {after}");
    let _ = std::fs::remove_file(&out_file);
}

/// A circular maze in braille, its exit at the farthest cell, walked to the exit with hint steps.
#[test]
fn play_a_masked_circular_maze_under_tmux() {
    if !have("tmux") {
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let session = Session(format!("maze-polar-{}", std::process::id()));
    let command = format!(
        "'{}' play --no-menu --shape polar --rings 4 --seed 2 --exit farthest > /dev/tty; sleep 600",
        bin.display()
    );
    let started = Command::new("tmux")
        .args(["new-session", "-d", "-s", &session.0, "-x", "120", "-y", "50", &command])
        .status()
        .expect("tmux new-session");
    assert!(started.success());
    wait_for(&session.0, "moves 0");
    // The help line is drawn last: once it shows, the whole first frame is there.
    let screen = wait_for(&session.0, "Esc menu");
    assert!(screen.contains("polar 6x4"), "{screen}");
    assert!(screen.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)), "braille walls:\n{screen}");
    assert!(screen.contains('@') && screen.contains('E'), "{screen}");
    for _ in 0..200 {
        tmux(&["send-keys", "-t", &session.0, "i"]);
        std::thread::sleep(Duration::from_millis(20));
        if tmux(&["capture-pane", "-p", "-t", &session.0]).contains("Solved in") {
            break;
        }
    }
    let screen = wait_for(&session.0, "Solved in");
    assert!(screen.contains("a perfect run!"), "hint steps follow the shortest route: {screen}");
}

/// Plays `maze play --no-menu --no-auto <args>` under tmux by the keys `key` gives for each
/// step of the BFS route (the maze file and the step's two cell ids), and checks that the
/// summary shows a perfect run; `first` must be on the first screen.
fn play_route_under_tmux(
    name: &str,
    args: &[&str],
    first: &str,
    key: impl Fn(&serde_json::Value, i64, i64) -> &'static str,
) {
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let mut generate = vec!["generate", "--solve", "-f", "json"];
    generate.extend_from_slice(args);
    let json = Command::new(&bin).args(&generate).output().expect("generate");
    assert!(json.status.success(), "{}", String::from_utf8_lossy(&json.stderr));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    let path: Vec<i64> =
        v["solution"]["path"].as_array().expect("path").iter().map(|c| c.as_i64().expect("id")).collect();

    let session = Session(format!("maze-{name}-{}", std::process::id()));
    let command = format!(
        "'{}' play --no-menu --no-auto --ascii {} > /dev/tty; sleep 600",
        bin.display(),
        args.join(" ")
    );
    let started = Command::new("tmux")
        .args(["new-session", "-d", "-s", &session.0, "-x", "120", "-y", "30", &command])
        .status()
        .expect("tmux new-session");
    assert!(started.success());
    let screen = wait_for(&session.0, "Esc menu");
    assert!(screen.contains(first), "{screen}");
    for pair in path.windows(2) {
        tmux(&["send-keys", "-t", &session.0, key(&v, pair[0], pair[1])]);
        std::thread::sleep(Duration::from_millis(60));
    }
    let screen = wait_for(&session.0, "Solved in");
    assert!(screen.contains(&format!("Solved in {} moves", path.len() - 1)), "{screen}");
    assert!(screen.contains("a perfect run!"), "{screen}");
}

/// A 3-level maze: the route from the bottom level to the top one climbs with `<` (and may
/// go down with `>`); arrows never take a stair.
#[test]
fn play_a_three_level_maze_up_its_stairs_under_tmux() {
    if !have("tmux") {
        return;
    }
    let (w, cells) = (4, 12);
    play_route_under_tmux(
        "levels",
        &["-W", "4", "-H", "3", "--levels", "3", "--seed", "11"],
        "level 1 of 3",
        |_, a, b| match b - a {
            1 => "Right",
            -1 => "Left",
            d if d == w => "Down",
            d if d == -w => "Up",
            d if d == cells => "<",
            d if d == -cells => ">",
            d => panic!("not a step: {d}"),
        },
    );
}

/// A torus: the route leaves through a border and comes back on the other side, by arrows.
#[test]
fn play_a_wrapped_maze_through_its_seams_under_tmux() {
    if !have("tmux") {
        return;
    }
    let (w, h) = (5i64, 4i64);
    play_route_under_tmux(
        "wrap",
        &["-W", "5", "-H", "4", "--wrap", "xy", "--seed", "11"],
        "wrap xy",
        |_, a, b| {
            match b - a {
                1 => "Right",
                -1 => "Left",
                d if d == w - 1 => "Left", // from column 0 west to the last column
                d if d == -(w - 1) => "Right", // from the last column east to column 0
                d if d == w => "Down",
                d if d == -w => "Up",
                d if d == w * (h - 1) => "Up", // from the top row north to the bottom row
                d if d == -w * (h - 1) => "Down", // from the bottom row south to the top row
                d => panic!("not a step: {d}"),
            }
        },
    );
}

/// A woven maze: the route goes over and under its crossings by the arrows alone (a door
/// into a crossing leads over or under it by its direction).
#[test]
fn play_a_woven_maze_over_and_under_its_crossings_under_tmux() {
    if !have("tmux") {
        return;
    }
    let w = 7i64;
    // Seed 3: the shortest route goes under a crossing and over another.
    let args = ["-W", "7", "-H", "6", "--weave", "0.5", "-a", "kruskal", "--seed", "3"];
    play_route_under_tmux("weave", &args, "crossings", |v, a, b| {
        // An under cell (ids after the 7 x 6 squares) is in its crossing's place.
        let place = |c: i64| {
            if c < 42 { c } else { v["shape"]["crossings"][(c - 42) as usize][0].as_i64().expect("cell") }
        };
        match place(b) - place(a) {
            1 => "Right",
            -1 => "Left",
            d if d == w => "Down",
            d if d == -w => "Up",
            d => panic!("not a step: {d}"),
        }
    });
}

/// Runs `maze play --lines` under tmux with `env` (words for `env`, such as `NO_COLOR=1`),
/// answers document 001's questions (a maze of difficulty 3, its solution, no more), and
/// returns the screen with its colours (tmux's `capture-pane -e`).
fn line_game_under_tmux(name: &str, env: &str) -> String {
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let session = Session(format!("maze-lines-{name}-{}", std::process::id()));
    let command = format!(
        "env -u NO_COLOR TERM=tmux-256color {env} '{}' play --lines --seed 2 > /dev/tty; echo 'game over'; sleep 600",
        bin.display()
    );
    let started = Command::new("tmux")
        .args(["new-session", "-d", "-s", &session.0, "-x", "100", "-y", "60", &command])
        .status()
        .expect("tmux new-session");
    assert!(started.success());
    for (question, answer) in
        [("New maze? (y/n)", "y"), ("Difficulty (1-7)?", "3"), ("See the solution? (y/n)", "y")]
    {
        wait_for(&session.0, question);
        tmux(&["send-keys", "-t", &session.0, answer, "Enter"]);
    }
    // The second "New maze?" follows the solution.
    let deadline = Instant::now() + HANG;
    while tmux(&["capture-pane", "-p", "-t", &session.0]).matches("New maze?").count() < 2 {
        assert!(Instant::now() < deadline, "no second question");
        std::thread::sleep(Duration::from_millis(100));
    }
    tmux(&["send-keys", "-t", &session.0, "n", "Enter"]);
    wait_for(&session.0, "game over");
    tmux(&["capture-pane", "-p", "-e", "-t", &session.0])
}

/// Document 001's loop in a terminal: the document's generator (quad division) and solver
/// (the two-stack backtracker) by default, and the solution as a red line (ANSI red around
/// the route's characters, and nothing else red); with NO_COLOR, no colour. Piped, the same
/// loop prints the route as plain `*`, with no escapes and no explored cells.
#[test]
fn the_line_game_draws_its_solution_in_red_on_a_terminal_and_in_stars_in_a_pipe() {
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let piped = assert_cmd::Command::new(&bin)
        .args(["play", "--seed", "2"])
        .env_remove("NO_COLOR")
        .env("TERM", "xterm-256color")
        .write_stdin("y\n3\ny\nn\n")
        .output()
        .expect("runs");
    assert!(piped.status.success());
    let text = String::from_utf8(piped.stdout).expect("utf-8");
    assert!(text.contains("(quad-division, seed 2)"), "{text}");
    let solved = text.split("See the solution? (y/n) y\n").nth(1).expect("solution");
    assert!(solved.contains('*') && !solved.contains('.') && !text.contains('\x1b'), "{text}");
    let want = assert_cmd::Command::new(&bin)
        .args(["generate", "-d", "3", "--seed", "2", "-a", "quad-division", "--solve", "backtracker"])
        .args(["--no-visited"])
        .output()
        .expect("generate");
    let want = String::from_utf8(want.stdout).expect("utf-8");
    assert!(solved.starts_with(&want), "the backtracker's route:\n{solved}\nwant\n{want}");

    if !have("tmux") {
        return;
    }
    let screen = line_game_under_tmux("colour", "");
    assert!(screen.contains("(quad-division, seed 2)"), "{screen}");
    let solution = screen.split("See the solution? (y/n) y").nth(1).expect("solution shown");
    assert!(solution.contains("\x1b[31m█"), "the route in red: {solution:?}");
    // Everything red is the route, and the route is all red.
    for piece in solution.split("\x1b[").skip(1) {
        let (code, rest) = piece.split_once('m').unwrap_or((piece, ""));
        let red = code.split(';').any(|c| c == "31");
        if red {
            assert!(rest.chars().all(|c| c == '█'), "{piece:?}");
        } else {
            assert!(!rest.contains('█'), "{piece:?}");
        }
    }
    let before = screen.split("See the solution?").next().expect("maze");
    assert!(!before.contains("\x1b[31m"), "the unsolved maze has no red: {before:?}");
    let plain = line_game_under_tmux("nocolour", "NO_COLOR=1");
    assert!(plain.contains('█') && !plain.contains("\x1b[31m"), "{plain:?}");
}
