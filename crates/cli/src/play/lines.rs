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

use std::io::{BufRead, Write};

use anyhow::Result;

use crate::args::PlayArgs;
use crate::fault::UsageError;

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
    input: R,
    output: &'a mut W,
    echo: bool,
}

impl<'a, R: BufRead, W: Write> Dialogue<'a, R, W> {
    /// A dialogue for `args` over `input` and `output`; `unicode` draws with box-drawing
    /// characters, `echo` repeats each answer after its question.
    ///
    /// # Errors
    /// When the options cannot make a text picture (a shape text cannot draw) or are
    /// otherwise refused, with the library's one-line reason.
    pub fn new(args: &PlayArgs, input: R, output: &'a mut W, unicode: bool, echo: bool) -> Result<Self> {
        let mut base = maze::MazeRequest::default().with_shape_options(&args.shape);
        base.algorithm = args.algorithm;
        base.entrance = args.entrance;
        base.exit = args.exit;
        base.format = if unicode { maze::Format::Unicode } else { maze::Format::Text };
        let dialogue = Dialogue { base, seed: args.seed.unwrap_or(1), input, output, echo };
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
            solve: solved.then_some(maze::Solver::Bfs),
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
                    self.output
                        .write_all(&maze::generate(&solved).map_err(|e| UsageError(e.to_string()))?)?;
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

    /// The transcript of a dialogue with `answers` for `maze play WORDS`.
    fn transcript(words: &[&str], answers: &str) -> Result<String> {
        let cli = crate::args::Cli::try_parse_from(["maze", "play"].iter().chain(words)).expect("args");
        let crate::args::Command::Play(args) = cli.command else { panic!("not play") };
        let mut out = Vec::new();
        Dialogue::new(&args, answers.as_bytes(), &mut out, false, true)?.run()?;
        Ok(String::from_utf8(out).expect("utf-8"))
    }

    #[test]
    fn the_dialogue_follows_document_001() {
        let t = transcript(&[], "y\n3\ny\nn\n").expect("plays");
        let expect = maze::generate(&maze::MazeRequest {
            difficulty: Some(3),
            seed: Some(1),
            format: maze::Format::Text,
            ..Default::default()
        })
        .expect("maze");
        let solved = maze::generate(&maze::MazeRequest {
            difficulty: Some(3),
            seed: Some(1),
            solve: Some(maze::Solver::Bfs),
            format: maze::Format::Text,
            ..Default::default()
        })
        .expect("maze");
        let (maze, solved) = (String::from_utf8(expect).unwrap(), String::from_utf8(solved).unwrap());
        let want = format!(
            "New maze? (y/n) y\nDifficulty (1-7)? 3\nA square maze, 8 x 8 cells (recursive-backtracker, seed 1):\n{maze}See the solution? (y/n) y\n{solved}New maze? (y/n) n\n"
        );
        assert_eq!(t, want);
        assert!(solved.contains('*') && !maze.contains('*'));
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
        assert!(
            t.contains("(recursive-backtracker, seed 5)") && t.contains("(recursive-backtracker, seed 6)")
        );
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
