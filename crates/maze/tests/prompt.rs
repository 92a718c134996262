//! The prompt styles (`-f prompt --prompt-style STYLE`) read back by `maze::prompt::parse`:
//! on every size from 1 x 1 to 12 x 12, perfect and braided mazes, fixed and random ends,
//! every style gives the same passages, size, start and goal again; text that is not a
//! maze in the style (garbage, cut or altered pictures) is refused in one line, never a
//! panic. Task records are the same made alone or in any batch, on any number of threads.

use maze::prompt::{self, Layout, PromptStyle};
use maze::{MazeRequest, Plan};
use maze_core::{Shape, Square};

fn request(words: &[&str]) -> MazeRequest {
    serde_json::from_value(maze_testkit::request_json(words)).expect("a request")
}

/// The layout of the maze `words` and `seed` make (square cells).
fn layout(words: &[&str], seed: u64) -> Layout {
    let r = request(words);
    let (w, h) = (r.width.unwrap_or(10), r.height.unwrap_or(10));
    let built = maze::build(Square::new(w, h), &r, seed, None).expect("a maze");
    let layout = Layout::of(&built.maze).expect("a plain square grid");
    // The layout is the maze: the same passages again.
    let again = layout.to_maze().expect("a maze again");
    let pairs = |m: &maze_core::Maze<_>| {
        let mut p: Vec<(u32, u32)> = m.passage_pairs().map(|(a, b)| (a.0.min(b.0), a.0.max(b.0))).collect();
        p.sort_unstable();
        p
    };
    let original = {
        let mut p: Vec<(u32, u32)> =
            built.maze.passage_pairs().map(|(a, b)| (a.0.min(b.0), a.0.max(b.0))).collect();
        p.sort_unstable();
        p
    };
    assert_eq!(pairs(&again), original, "{words:?} seed {seed}");
    assert_eq!(layout.id(layout.start), built.maze.entrance().0);
    assert_eq!(layout.id(layout.goal), built.maze.exit().0);
    let _ = built.maze.shape().cell_count();
    layout
}

fn route(layout: &Layout) -> Vec<u32> {
    let maze = layout.to_maze().expect("a maze");
    let s = maze_core::Solver::Bfs.solve_route(&maze, maze.entrance(), maze.exit()).expect("a route");
    s.path.iter().map(|c| c.0).collect()
}

#[test]
fn every_style_reads_back_on_every_size_braided_and_with_random_ends() {
    let mut checked = 0;
    for h in 1..=12u32 {
        for w in 1..=12u32 {
            let (ws, hs) = (w.to_string(), h.to_string());
            let variants: [&[&str]; 4] = [
                &[],
                &["--braid", "0.5"],
                &["--entrance", "random", "--exit", "random"],
                &["--braid", "1", "--entrance", "random", "--exit", "random", "-a", "prim"],
            ];
            for (v, extra) in variants.iter().enumerate() {
                if w * h == 1 && extra.contains(&"random") {
                    continue; // One cell has no other for a random end.
                }
                let mut words = vec!["-W", &ws, "-H", &hs];
                words.extend_from_slice(extra);
                let seed = u64::from(h * 100 + w) * 7 + v as u64;
                let layout = layout(&words, seed);
                let path = route(&layout);
                for &style in PromptStyle::ALL {
                    for (marked, glyphs) in
                        [(None, None), (Some(&path[..]), None), (None, Some(prompt::glyphs_of(seed)))]
                    {
                        if glyphs.is_some() && style != PromptStyle::Ascii {
                            continue;
                        }
                        let text = layout.text(style, marked, glyphs).expect("text");
                        let back = prompt::parse(&text, style)
                            .unwrap_or_else(|e| panic!("{style} {words:?} seed {seed}: {e}\n{text}"));
                        assert_eq!(back, layout, "{style} {words:?} seed {seed}\n{text}");
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 143 * 4 * 6 * 2);
}

#[test]
fn answers_are_the_moves_of_a_shortest_route() {
    for seed in 0..50 {
        let layout = layout(&["-W", "7", "-H", "5", "--braid", "0.5"], seed);
        let path = route(&layout);
        let moves = prompt::moves(layout.width, &path);
        assert_eq!(moves.len(), path.len() - 1);
        // Walking the moves from the start through open passages reaches the goal.
        let (mut r, mut c) = layout.start;
        let w = layout.width;
        for m in moves.chars() {
            let id = (r * w + c) as usize;
            match m {
                'U' => {
                    assert!(r > 0 && layout.down[id - w as usize]);
                    r -= 1;
                }
                'D' => {
                    assert!(layout.down[id]);
                    r += 1;
                }
                'L' => {
                    assert!(c > 0 && layout.right[id - 1]);
                    c -= 1;
                }
                'R' => {
                    assert!(layout.right[id]);
                    c += 1;
                }
                other => panic!("move {other}"),
            }
        }
        assert_eq!((r, c), layout.goal);
        for &style in PromptStyle::ALL {
            let answer = prompt::answer(&layout, style, Some(&path));
            assert!(answer.ends_with(&moves), "{style}: {answer}");
            if style == PromptStyle::Alphamaze {
                assert_eq!(answer.lines().filter(|l| l.starts_with("Step ")).count(), moves.len());
            } else {
                assert_eq!(answer, moves);
            }
        }
    }
}

/// A tiny deterministic generator for the garbage tests.
fn next(state: &mut u64) -> u64 {
    maze_core::random::splitmix64(state)
}

#[test]
fn garbage_and_damaged_text_is_refused_in_one_line() {
    let layout = layout(&["-W", "6", "-H", "4", "--braid", "0.3"], 11);
    let mut state = 5u64;
    let alphabet: Vec<char> =
        "#SGo 01+-|*E.<>|()-,;:_abcdefghijklmnopqrstuvwxyz\n\r\t\u{e9}\u{2502}9".chars().collect();
    for &style in PromptStyle::ALL {
        let good = layout.text(style, None, None).expect("text");
        let mut texts: Vec<String> = vec![
            String::new(),
            "\n\n".into(),
            "hello world".into(),
            "<ADJLIST_START> (99999999999999999999,1) <--> (0,0) ; <ADJLIST_END>".into(),
            "<ADJLIST_START> <ADJLIST_END> <ORIGIN_START> (4000000000,4000000000) <ORIGIN_END> <TARGET_START> (0,0) <TARGET_END>".into(),
            "<|18446744073709551615-18446744073709551615|><|no_wall|><|blank|>".into(),
            "A maze of 99999999 rows and 99999999 columns".into(),
            "+--+\n|S |\n+--+--+".into(),
            "###\n#S#\n###\n#".into(),
        ];
        let chars: Vec<char> = good.chars().collect();
        for _ in 0..400 {
            let mut damaged = chars.clone();
            for _ in 0..1 + next(&mut state) % 3 {
                let at = (next(&mut state) % damaged.len() as u64) as usize;
                match next(&mut state) % 3 {
                    0 => {
                        damaged.remove(at);
                    }
                    1 => damaged[at] = alphabet[(next(&mut state) % alphabet.len() as u64) as usize],
                    _ => damaged.insert(at, alphabet[(next(&mut state) % alphabet.len() as u64) as usize]),
                }
            }
            texts.push(damaged.into_iter().collect());
            let len = (next(&mut state) % 200) as usize;
            texts.push(
                (0..len).map(|_| alphabet[(next(&mut state) % alphabet.len() as u64) as usize]).collect(),
            );
        }
        texts.push(chars[..chars.len() / 2].iter().collect());
        let mut refused = 0;
        for text in &texts {
            // A damaged text may still be a maze (a wall turned into floor): then it reads
            // as one, and writes back to a maze that reads the same again.
            match prompt::parse(text, style) {
                Ok(back) => {
                    let again = back.text(style, None, None).expect("text");
                    assert_eq!(prompt::parse(&again, style).expect("again"), back, "{style}");
                }
                Err(e) => {
                    let message = e.to_string();
                    assert!(!message.contains('\n'), "{style}: {message}");
                    assert!(message.starts_with("not a maze in the"), "{style}: {message}");
                    refused += 1;
                }
            }
        }
        assert!(refused > texts.len() / 3, "{style}: only {refused} of {} refused", texts.len());
    }
}

#[test]
fn other_shapes_have_ascii_and_plain_and_a_one_line_refusal_for_the_rest() {
    for shape in ["hex", "triangle", "polar", "sigma"] {
        for &style in PromptStyle::ALL {
            let mut r = request(&["-s", shape, "-W", "5", "-H", "4", "--seed", "3", "-f", "prompt"]);
            r.prompt_style = Some(style);
            match Plan::new(&r).and_then(|p| p.to_vec(3)) {
                Ok(bytes) => {
                    assert!(style.any_shape(), "{shape} {style}");
                    assert!(!bytes.is_empty());
                }
                Err(e) => {
                    let message = e.to_string();
                    assert!(!style.any_shape() || shape == "polar", "{shape} {style}: {message}");
                    assert!(!message.contains('\n'));
                    assert!(message.contains(style.name()) || message.contains("picture"), "{message}");
                }
            }
        }
    }
    // Plain square grids that are not plain: a mask, a wrap, levels, weave.
    for extra in [&["--wrap", "x"][..], &["--levels", "2"], &["--weave", "0.5"]] {
        let mut words = vec!["-W", "6", "-H", "6", "-f", "prompt"];
        words.extend_from_slice(extra);
        let mut r = request(&words);
        r.prompt_style = Some(PromptStyle::Hrm);
        let e = Plan::new(&r).expect_err("refused").to_string();
        assert!(e.contains("hrm prompt style is for plain square grids"), "{e}");
        r.format = maze::Format::Tasks;
        let e = Plan::new(&r).expect_err("refused").to_string();
        assert!(e.contains("tasks are made on plain square grids"), "{e}");
    }
}

fn tasks(words: &[&str], seed: u64) -> Vec<String> {
    let mut all = vec!["-f", "tasks"];
    all.extend_from_slice(words);
    let plan = Plan::new(&request(&all)).expect("a plan");
    String::from_utf8(plan.to_vec(seed).expect("records")).expect("utf-8").lines().map(String::from).collect()
}

#[test]
fn task_records_are_the_same_alone_in_any_batch_and_on_any_threads() {
    let base = ["-W", "8", "-H", "6", "--braid", "0.4", "--prompt-style", "hrm", "--task-image"];
    fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        base.iter().chain(extra).copied().collect()
    }
    let batch = tasks(&with(&base, &["--count", "12", "--threads", "3"]), 1000);
    assert_eq!(batch.len(), 12);
    assert_eq!(batch, tasks(&with(&base, &["--count", "12", "--threads", "1"]), 1000));
    // Braided mazes: some have several shortest routes, which the records count.
    let mut several = 0;
    for (i, record) in batch.iter().enumerate() {
        let alone = tasks(&with(&base, &[]), 1000 + i as u64);
        assert_eq!(alone, vec![record.clone()], "record {i}");
        let value: serde_json::Value = serde_json::from_str(record).expect("json");
        assert_eq!(value["seed"], 1000 + i as u64);
        assert_eq!(value["reachable"], true);
        let moves = value["moves"].as_str().expect("moves");
        assert_eq!(value["shortest_length"].as_u64(), Some(moves.len() as u64));
        let count = value["shortest_count"].as_u64().expect("shortest_count");
        assert!(count >= 1, "{record}");
        several += usize::from(count > 1);
        assert_eq!(value["answer"].as_str(), Some(moves));
        for key in ["id", "prompt", "dead_ends", "decisions", "difficulty", "hardness", "image"] {
            assert!(value.get(key).is_some(), "{key} in {record}");
        }
        // The prompt holds the maze, which reads back.
        let prompt = value["prompt"].as_str().expect("prompt");
        let picture: String =
            prompt.lines().filter(|l| l.starts_with('#')).map(|l| format!("{l}\n")).collect();
        prompt::parse(&picture, PromptStyle::Hrm).expect("the maze in the prompt");
    }
    assert!(several > 0, "no braided maze of 12 had two shortest routes");
    // A batch that starts elsewhere holds the same records for the same seeds.
    let later = tasks(&with(&base, &["--count", "5"]), 1007);
    assert_eq!(later[..], batch[7..]);
}
