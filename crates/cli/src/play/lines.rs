//! `maze play` line by line: document 001's dialogue ("New maze? (y/n)", "Difficulty
//! (1-7)?", the maze, "See the solution? (y/n)", the solution, and again), for standard
//! input or output that is not a terminal, or `--lines`. Answers are read a line at a time,
//! so the game can be scripted (`printf 'y\n3\ny\nn\n' | maze play`) and read aloud by a
//! screen reader; a bad answer is asked again with a one-line reason, and the end of the
//! input ends the loop cleanly.
//!
//! Each maze is a [`maze::MazeRequest`] (the `play` options, the difficulty answered, the
//! text format), checked and drawn by the library like any other; the n-th maze has seed
//! `--seed + n - 1` (`--seed` defaults to 1), shown so `maze generate` can make it again.
//!
//! As in the document, the mazes are made by division into quadrants
//! ([`Algorithm::QuadDivision`]) and solved by its two-stack backtracker
//! ([`Solver::Backtracker`]) unless `-a` or `--solve` say otherwise, and the solution is the
//! route alone (no explored cells): a red line on a colour terminal ([`Looks::colour`]),
//! `*` (or `█`) otherwise.

use std::io::{BufRead, Write};

use anyhow::Result;

use maze_core::{Algorithm, Solver};

use crate::args::PlayArgs;
use crate::fault::UsageError;

/// How the pictures are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Looks {
    /// Box-drawing characters (and `█` for the route) rather than ASCII.
    pub unicode: bool,
    /// The solution in red (ANSI colour escapes), for a colour terminal.
    pub colour: bool,
}

/// Whether the user's terminal wants colour: `NO_COLOR` unset or empty (no-color.org), and
/// a `TERM` other than `dumb`. The caller checks that standard output is a terminal.
pub fn colour_wanted() -> bool {
    colour_allowed(std::env::var_os("NO_COLOR").as_deref(), std::env::var_os("TERM").as_deref())
}

/// [`colour_wanted`] for given values of `NO_COLOR` and `TERM`.
fn colour_allowed(no_color: Option<&std::ffi::OsStr>, term: Option<&std::ffi::OsStr>) -> bool {
    no_color.is_none_or(|v| v.is_empty()) && term.is_some_and(|t| !t.is_empty() && t != "dumb")
}

/// ANSI red, and back to the terminal's own colours.
const RED: &str = "\x1b[31m";
/// See [`RED`].
const RESET: &str = "\x1b[0m";

/// A solved text picture with its route in red: every run of route characters (`*` in
/// ASCII, `█` in box drawing, the only characters the text pictures draw the route with;
/// explored cells are not drawn in the line game) between [`RED`] and [`RESET`], so the
/// route reads as one red line through the cells and the passages joining them.
pub fn paint_route(picture: &str) -> String {
    let mut out = String::with_capacity(picture.len() + picture.len() / 4);
    let mut inside = false;
    for ch in picture.chars() {
        let route = matches!(ch, '*' | '█');
        if route != inside {
            out.push_str(if route { RED } else { RESET });
            inside = route;
        }
        out.push(ch);
    }
    if inside {
        out.push_str(RESET);
    }
    out
}

/// What a question's answer turned out to be.
enum Answer<T> {
    /// A valid answer.
    Given(T),
    /// The input ended.
    End,
}

/// One dialogue: the options that make each maze, the input and output, and whether to
/// echo answers (when the input is not a terminal, so that the output reads as a
/// transcript).
pub struct Dialogue<'a, R, W> {
    /// The request every maze starts from (shape, generator, ends, ...).
    base: maze::MazeRequest,
    /// The first maze's seed.
    seed: u64,
    /// The solver of "See the solution?".
    solver: Solver,
    /// Whether the solution is printed in red.
    colour: bool,
    input: R,
    output: &'a mut W,
    echo: bool,
}

impl<'a, R: BufRead, W: Write> Dialogue<'a, R, W> {
    /// A dialogue for `args` over `input` and `output`, drawn with `looks`; `echo` repeats
    /// each answer after its question.
    ///
    /// # Errors
    /// When the options cannot make a text picture (a shape text cannot draw) or are
    /// otherwise refused, with the library's one-line reason.
    pub fn new(args: &PlayArgs, input: R, output: &'a mut W, looks: Looks, echo: bool) -> Result<Self> {
        let mut base = maze::MazeRequest::default().with_shape_options(&args.shape);
        base.entrance = args.entrance;
        base.exit = args.exit;
        base.format = if looks.unicode { maze::Format::Unicode } else { maze::Format::Text };
        // Document 001's generator where the plan takes it (square cells in rows), the
        // terminal game's default elsewhere (hexagons, triangles, masks).
        base.algorithm = args.algorithm.unwrap_or_else(|| {
            let quad = maze::MazeRequest {
                algorithm: Algorithm::QuadDivision,
                difficulty: Some(1),
                format: maze::Format::Json,
                ..base.clone()
            };
            if maze::Plan::new(&quad).is_ok() {
                Algorithm::QuadDivision
            } else {
                Algorithm::RecursiveBacktracker
            }
        });
        let dialogue = Dialogue {
            base,
            seed: args.seed.unwrap_or(1),
            solver: args.solve.unwrap_or(Solver::Backtracker),
            colour: looks.colour,
            input,
            output,
            echo,
        };
        // The first difficulty checks what every later one shares (shape, mask, generator),
        // so a request the line game cannot play fails before the first question.
        let first = maze::MazeRequest { format: maze::Format::Json, ..dialogue.request(1, 1, false) };
        let plan = maze::Plan::new(&first).map_err(|e| UsageError(e.to_string()))?;
        if !maze::text_pictured(plan.spec()) {
            anyhow::bail!(UsageError(format!(
                "maze play --lines prints text pictures, and text cannot draw {} mazes; use --shape square, hex, sigma or triangle (or play it in a terminal)",
                plan.spec().kind
            )));
        }
        Ok(dialogue)
    }

    /// The request for the maze of `difficulty` with `seed`, solved or not.
    fn request(&self, difficulty: u8, seed: u64, solved: bool) -> maze::MazeRequest {
        maze::MazeRequest {
            difficulty: Some(difficulty),
            width: None,
            height: None,
            seed: Some(seed),
            solve: solved.then_some(self.solver),
            // Document 001 draws the route alone, not the cells its search explored.
            no_visited: solved,
            ..self.base.clone()
        }
    }

    /// Runs the loop until the player says no or the input ends.
    ///
    /// # Errors
    /// When writing fails, or a maze cannot be made (its reason, one line).
    pub fn run(&mut self) -> Result<()> {
        let mut seed = self.seed;
        loop {
            match self.ask("New maze? (y/n)", yes_no)? {
                Answer::Given(true) => {}
                Answer::Given(false) | Answer::End => break,
            }
            let Answer::Given(difficulty) = self.ask("Difficulty (1-7)?", difficulty)? else { break };
            let request = self.request(difficulty, seed, false);
            let (w, h) = maze::masks::dimensions(&request, None);
            writeln!(
                self.output,
                "A {} maze, {w} x {h} cells ({}, seed {seed}):",
                request.shape, request.algorithm
            )?;
            self.output.write_all(&maze::generate(&request).map_err(|e| UsageError(e.to_string()))?)?;
            match self.ask("See the solution? (y/n)", yes_no)? {
                Answer::Given(true) => {
                    let solved = self.request(difficulty, seed, true);
                    let picture = maze::generate(&solved).map_err(|e| UsageError(e.to_string()))?;
                    if self.colour {
                        self.output.write_all(paint_route(&String::from_utf8_lossy(&picture)).as_bytes())?;
                    } else {
                        self.output.write_all(&picture)?;
                    }
                }
                Answer::Given(false) => {}
                Answer::End => break,
            }
            seed = seed.wrapping_add(1);
        }
        Ok(())
    }

    /// Asks `question` until `parse` accepts the answer (printing its reason otherwise).
    fn ask<T>(&mut self, question: &str, parse: fn(&str) -> Result<T, &'static str>) -> Result<Answer<T>> {
        loop {
            write!(self.output, "{question} ")?;
            self.output.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                writeln!(self.output)?;
                return Ok(Answer::End);
            }
            if self.echo {
                writeln!(self.output, "{}", line.trim_end())?;
            }
            match parse(line.trim()) {
                Ok(v) => return Ok(Answer::Given(v)),
                Err(why) => writeln!(self.output, "{why}")?,
            }
        }
    }
}

/// A yes or no answer.
fn yes_no(answer: &str) -> Result<bool, &'static str> {
    match answer.to_ascii_lowercase().as_str() {
        "y" | "yes" => Ok(true),
        "n" | "no" | "q" | "quit" => Ok(false),
        _ => Err("Please answer y (yes) or n (no)."),
    }
}

/// A difficulty from 1 to 7 (a maze of 2^k cells a side).
fn difficulty(answer: &str) -> Result<u8, &'static str> {
    match answer.parse::<u8>() {
        Ok(k @ 1..=7) => Ok(k),
        _ => Err("Please answer a whole number from 1 to 7 (a maze of 2, 4, ... 128 cells a side)."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The transcript of a dialogue with `answers` for `maze play WORDS`, drawn with `looks`.
    fn transcript_with(words: &[&str], answers: &str, looks: Looks) -> Result<String> {
        let cli = crate::args::Cli::try_parse_from(["maze", "play"].iter().chain(words)).expect("args");
        let crate::args::Command::Play(args) = cli.command else { panic!("not play") };
        let mut out = Vec::new();
        Dialogue::new(&args, answers.as_bytes(), &mut out, looks, true)?.run()?;
        Ok(String::from_utf8(out).expect("utf-8"))
    }

    /// The transcript of a dialogue with `answers` for `maze play WORDS`, in plain ASCII.
    fn transcript(words: &[&str], answers: &str) -> Result<String> {
        transcript_with(words, answers, Looks::default())
    }

    /// The text picture `maze generate` draws of difficulty 3, seed 1 with `algorithm`,
    /// solved by `solver` (the route alone) or not.
    fn generated(algorithm: Algorithm, solver: Option<Solver>, format: maze::Format) -> String {
        let bytes = maze::generate(&maze::MazeRequest {
            difficulty: Some(3),
            seed: Some(1),
            algorithm,
            solve: solver,
            no_visited: solver.is_some(),
            format,
            ..Default::default()
        })
        .expect("maze");
        String::from_utf8(bytes).expect("utf-8")
    }

    /// Document 001's loop: its generator (division into quadrants) and its solver (the
    /// two-stack backtracker) by default, the solution as the route alone.
    #[test]
    fn the_dialogue_follows_document_001() {
        let t = transcript(&[], "y\n3\ny\nn\n").expect("plays");
        let maze = generated(Algorithm::QuadDivision, None, maze::Format::Text);
        let solved = generated(Algorithm::QuadDivision, Some(Solver::Backtracker), maze::Format::Text);
        let want = format!(
            "New maze? (y/n) y\nDifficulty (1-7)? 3\nA square maze, 8 x 8 cells (quad-division, seed 1):\n{maze}See the solution? (y/n) y\n{solved}New maze? (y/n) n\n"
        );
        assert_eq!(t, want);
        // The route alone: no explored cells, no colour when not asked for.
        assert!(solved.contains('*') && !maze.contains('*'));
        assert!(!solved.contains('.') && !t.contains('\x1b'), "{t}");
        // Breadth-first search would have shaded what it explored: not what was drawn.
        let bfs = maze::generate(&maze::MazeRequest {
            difficulty: Some(3),
            seed: Some(1),
            algorithm: Algorithm::QuadDivision,
            solve: Some(Solver::Bfs),
            format: maze::Format::Text,
            ..Default::default()
        })
        .expect("maze");
        assert_ne!(String::from_utf8(bfs).expect("utf-8"), solved);
    }

    /// Shapes quad division cannot make keep the terminal game's generator.
    #[test]
    fn other_shapes_keep_the_recursive_backtracker() {
        for shape in ["hex", "triangle", "sigma"] {
            let t = transcript(&["--shape", shape], "y\n2\ny\nn\n").expect("plays");
            assert!(t.contains("(recursive-backtracker, seed 1)"), "{shape}: {t}");
            assert!(t.contains('*'), "{shape}: {t}");
        }
    }

    /// `-a` and `--solve` choose the generator and solver, as the user says.
    #[test]
    fn the_users_generator_and_solver_win() {
        let t = transcript(&["-a", "kruskal", "--solve", "dfs"], "y\n3\ny\nn\n").expect("plays");
        assert!(t.contains("(kruskal, seed 1)"), "{t}");
        let solved = generated(Algorithm::Kruskal, Some(Solver::Dfs), maze::Format::Text);
        assert!(t.contains(&solved), "{t}");
        let e = crate::args::Cli::try_parse_from(["maze", "play", "--solve", "nope"]).expect_err("refused");
        assert!(e.to_string().contains("nope"), "{e}");
    }

    /// On a colour terminal the solution is a red line: the route's characters, and only
    /// they, between ANSI red and reset; the unsolved maze has no colour.
    #[test]
    fn the_solution_is_red_on_a_colour_terminal() {
        let looks = Looks { unicode: true, colour: true };
        let t = transcript_with(&[], "y\n3\ny\nn\n", looks).expect("plays");
        let maze = generated(Algorithm::QuadDivision, None, maze::Format::Unicode);
        let solved = generated(Algorithm::QuadDivision, Some(Solver::Backtracker), maze::Format::Unicode);
        let painted = paint_route(&solved);
        assert!(t.contains(&format!("seed 1):\n{maze}See the solution? (y/n) y\n{painted}New maze?")), "{t}");
        assert!(
            painted.contains("\x1b[31m█") && painted.matches(RED).count() == painted.matches(RESET).count()
        );
        // Without the escapes it is the plain picture, and every route character is red.
        let plain = painted.replace(RED, "").replace(RESET, "");
        assert_eq!(plain, solved);
        let mut red = false;
        for piece in painted.split('\x1b') {
            if let Some(rest) = piece.strip_prefix("[31m") {
                red = true;
                assert!(rest.chars().all(|c| c == '█'), "{rest:?}");
            } else if let Some(rest) = piece.strip_prefix("[0m") {
                red = false;
                assert!(!rest.contains('█'), "{rest:?}");
            } else {
                assert!(!red && !piece.contains('█'), "{piece:?}");
            }
        }
        assert_eq!(paint_route("|*  *|\n"), "|\x1b[31m*\x1b[0m  \x1b[31m*\x1b[0m|\n");
        assert_eq!(paint_route("**"), "\x1b[31m**\x1b[0m");
    }

    /// Colour unless NO_COLOR is set to something (no-color.org) or the terminal is dumb.
    #[test]
    fn no_color_and_dumb_terminals_get_no_colour() {
        use std::ffi::OsStr;
        let xterm = Some(OsStr::new("xterm-256color"));
        assert!(colour_allowed(None, xterm));
        assert!(colour_allowed(Some(OsStr::new("")), xterm));
        assert!(!colour_allowed(Some(OsStr::new("1")), xterm));
        assert!(!colour_allowed(None, Some(OsStr::new("dumb"))));
        assert!(!colour_allowed(None, None));
    }

    #[test]
    fn bad_answers_are_asked_again_and_the_end_of_input_ends_cleanly() {
        let t = transcript(&["--seed", "5"], "maybe\ny\n9\nthree\n2\nn\ny\n1\n").expect("plays");
        assert!(
            t.contains("New maze? (y/n) maybe\nPlease answer y (yes) or n (no).\nNew maze? (y/n) y\n"),
            "{t}"
        );
        assert!(t.contains("Difficulty (1-7)? 9\nPlease answer a whole number from 1 to 7"), "{t}");
        assert!(t.contains("Difficulty (1-7)? three\nPlease answer"), "{t}");
        // The second maze has the next seed; the input ends at its solution question.
        assert!(t.contains("(quad-division, seed 5)") && t.contains("(quad-division, seed 6)"));
        assert!(t.ends_with("See the solution? (y/n) \n"), "{t}");
        assert_eq!(transcript(&[], "").expect("plays"), "New maze? (y/n) \n");
    }

    #[test]
    fn shapes_without_a_text_picture_are_refused_in_one_line() {
        let e = transcript(&["--shape", "polar"], "y\n").expect_err("refused");
        let text = e.to_string();
        assert!(text.contains("text cannot draw polar mazes") && !text.contains('\n'), "{text}");
    }
}
