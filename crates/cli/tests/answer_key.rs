//! Document 003's MultiMaze answer key: every start joined to its own end, in the JSON
//! (`routes`, from `maze generate` and `maze solve`) and on the solution page, each route in
//! its own colour; dots a third of a cell unless `--dot-size` says otherwise.

use std::collections::HashSet;
use std::process::Command;

use serde_json::Value;

fn maze(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(args).output().expect("maze runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn routes_are_a_key(v: &Value, starts: usize, ends: usize) {
    let routes = v["routes"].as_array().expect("routes");
    assert_eq!(routes.len(), starts, "one route per start");
    let open: HashSet<(u64, u64)> = v["passages"]
        .as_array()
        .expect("passages")
        .iter()
        .map(|p| {
            let (a, b) = (p[0].as_u64().expect("a"), p[1].as_u64().expect("b"));
            (a.min(b), a.max(b))
        })
        .collect();
    let starts_listed: HashSet<u64> =
        v["starts"].as_array().expect("starts").iter().filter_map(Value::as_u64).collect();
    let ends_listed: HashSet<u64> =
        v["ends"].as_array().expect("ends").iter().filter_map(Value::as_u64).collect();
    let mut used_starts = HashSet::new();
    let mut used_ends = HashSet::new();
    for r in routes {
        let (s, e) = (r["start"].as_u64().expect("start"), r["end"].as_u64().expect("end"));
        assert!(starts_listed.contains(&s) && ends_listed.contains(&e), "{r}");
        assert!(used_starts.insert(s), "start {s} twice");
        used_ends.insert(e);
        let path: Vec<u64> = r["path"].as_array().expect("path").iter().filter_map(Value::as_u64).collect();
        assert_eq!((path.first(), path.last()), (Some(&s), Some(&e)));
        for w in path.windows(2) {
            assert!(open.contains(&(w[0].min(w[1]), w[0].max(w[1]))), "step {w:?} goes through a wall");
        }
    }
    assert_eq!(used_ends.len(), starts.min(ends), "one-to-one while there are ends");
}

#[test]
fn every_green_dot_gets_its_own_red_dot() {
    for (shape, s, e) in [("square", 5, 5), ("hex", 4, 6), ("square", 6, 3), ("polar", 3, 3)] {
        let (ss, es) = (s.to_string(), e.to_string());
        let args = [
            "generate",
            "--shape",
            shape,
            "-W",
            "12",
            "-H",
            "9",
            "-a",
            "aldous-broder",
            "--starts",
            &ss,
            "--ends",
            &es,
            "--seed",
            "8",
            "--solve",
            "-f",
            "json",
        ];
        let v: Value = serde_json::from_slice(&maze(&args)).expect("json");
        routes_are_a_key(&v, s, e);
        // maze solve gives the same key from the saved file.
        let dir = maze_testkit::tempdir("answer-key");
        let file = dir.join("m.json");
        std::fs::write(&file, serde_json::to_string(&v).expect("json")).expect("write");
        let solved: Value =
            serde_json::from_slice(&maze(&["solve", file.to_str().expect("utf-8"), "-f", "json"]))
                .expect("json");
        assert_eq!(solved["routes"], v["routes"], "{shape}");
        // The solution page draws each route in its own colour.
        let mut svg_args = args.to_vec();
        svg_args.pop();
        svg_args.push("svg");
        let svg = String::from_utf8(maze(&svg_args)).expect("utf-8");
        let colours: HashSet<&str> = svg
            .lines()
            .filter(|l| l.contains(r#"class="route""#))
            .filter_map(|l| l.split("stroke=\"").nth(1)?.split('"').next())
            .collect();
        assert_eq!(colours.len(), s.min(8), "{shape}: {s} routes in distinct colours");
    }
    // An ordinary maze has no key: its solution is the one route.
    let v: Value =
        serde_json::from_slice(&maze(&["generate", "-W", "5", "-H", "5", "--solve", "-f", "json"]))
            .expect("json");
    assert!(v.get("routes").is_none());
}

#[test]
fn dots_are_a_third_of_a_cell_unless_asked() {
    let radius = |extra: &[&str]| -> f64 {
        let mut args =
            vec!["generate", "-W", "4", "-H", "3", "--seed", "1", "-f", "svg", "--cell-size", "30"];
        args.extend(extra);
        let svg = String::from_utf8(maze(&args)).expect("utf-8");
        let circle = svg.lines().find(|l| l.starts_with("<circle")).expect("a dot");
        circle.split("r=\"").nth(1).and_then(|t| t.split('"').next()).and_then(|t| t.parse().ok()).expect("r")
    };
    assert!((radius(&[]) - 5.0).abs() < 0.01, "30 px cells: 10 px dots");
    assert!((radius(&["--dot-size", "0.5"]) - 7.5).abs() < 0.01);
    maze_testkit::assert_fails(
        env!("CARGO_BIN_EXE_maze"),
        &["generate", "--dot-size", "3"],
        2,
        "between 0.05 and 1",
    );
}

/// Document 003 leaves the pairing to the player: an unsolved MultiMaze has plain dots a
/// third of a cell across, without numbers, in every picture format; its answer key is
/// numbered (on dots big enough to hold the numbers), and `--numbered` numbers the puzzle
/// too, for teachers who want it. Where numbers mean nothing, `--numbered` is refused.
#[test]
fn a_multimaze_puzzle_leaves_the_pairing_to_the_player() {
    let multi = ["generate", "-W", "8", "-H", "6", "--starts", "3", "--ends", "3", "--seed", "2"];
    let svg = |extra: &[&str]| {
        let mut args = multi.to_vec();
        args.extend(["-f", "svg", "--cell-size", "30"]);
        args.extend(extra);
        String::from_utf8(maze(&args)).expect("utf-8")
    };
    // Numbers are the <text> elements drawn on the dots (the heading's have a class).
    let numbers = |svg: &str| svg.lines().filter(|l| l.starts_with("<text x=")).count();
    let radii = |svg: &str| -> Vec<f64> {
        svg.lines()
            .filter(|l| l.starts_with("<circle"))
            .filter_map(|l| {
                l.split("r=\"").nth(1).and_then(|t| t.split('"').next()).and_then(|t| t.parse().ok())
            })
            .collect()
    };
    let puzzle = svg(&[]);
    assert_eq!(numbers(&puzzle), 0, "the puzzle gives the pairing away:\n{puzzle}");
    let r = radii(&puzzle);
    assert_eq!(r.len(), 6);
    assert!(r.iter().all(|r| (r - 5.0).abs() < 0.01), "30 px cells: dots 10 px across, not {r:?}");
    let key = svg(&["--solve"]);
    assert_eq!(numbers(&key), 6, "the key numbers every start and its end");
    // (Numbered dots 18 px across; over the key's lines each is ringed, a stroke 1.8 px wide
    // on a circle 0.9 px larger, outside the dot.)
    let ringed =
        key.lines().filter(|l| l.starts_with("<circle")).all(|l| l.contains(r#"stroke-width="1.8""#));
    assert!(ringed, "{key}");
    assert!(radii(&key).iter().all(|r| (r - 9.9).abs() < 0.01), "numbered dots hold their numbers");
    let numbered = svg(&["--numbered"]);
    assert_eq!(numbers(&numbered), 6, "--numbered numbers the puzzle");
    assert!(radii(&numbered).iter().all(|r| (r - 9.0).abs() < 0.01));
    assert!(radii(&svg(&["--numbered", "--dot-size", "0.5"])).iter().all(|r| (r - 7.5).abs() < 0.01));
    // png, pdf and tex: --numbered changes the puzzle, and the key is drawn numbered.
    for format in ["png", "pdf", "tex"] {
        let draw = |extra: &[&str]| {
            let mut args = multi.to_vec();
            args.extend(["-f", format]);
            args.extend(extra);
            maze(&args)
        };
        let (plain, numbered) = (draw(&[]), draw(&["--numbered"]));
        assert_ne!(plain, numbered, "{format}: --numbered changed nothing");
        if format == "tex" {
            let count = |b: &[u8]| String::from_utf8_lossy(b).matches("text=white").count();
            assert_eq!((count(&plain), count(&numbered)), (0, 6), "tex numbers");
        }
    }
    // Refused where it means nothing: one start and one end, no dots drawn, an animation.
    let bin = env!("CARGO_BIN_EXE_maze");
    maze_testkit::assert_fails(
        bin,
        &["generate", "--numbered", "-f", "svg"],
        2,
        "--numbered numbers a MultiMaze's dots",
    );
    let mut text = multi.to_vec();
    text.push("--numbered");
    maze_testkit::assert_fails(bin, &text, 2, "--numbered applies to svg, png, pdf and tex, not text");
    for format in ["json", "stl", "gif"] {
        let mut args = text.clone();
        args.extend(["-f", format]);
        let refusal = format!("--numbered applies to svg, png, pdf and tex, not {format}");
        maze_testkit::assert_fails(bin, &args, 2, &refusal);
    }
    let mut animated = text.clone();
    animated.extend(["-f", "svg", "--animate"]);
    maze_testkit::assert_fails(bin, &animated, 2, "--numbered is not drawn in animations");
    // A saved maze drawn again: refused on a one-route maze, taken on a MultiMaze.
    let dir = maze_testkit::tempdir("numbered");
    let one = dir.join("one.json");
    std::fs::write(&one, maze(&["generate", "-W", "4", "-H", "3", "-f", "json"])).expect("write");
    let one = one.to_str().expect("utf-8");
    maze_testkit::assert_fails(
        bin,
        &["render", one, "-f", "svg", "--numbered"],
        2,
        "this maze has one start and one end",
    );
    let several = dir.join("multi.json");
    let mut args = multi.to_vec();
    args.extend(["-f", "json"]);
    std::fs::write(&several, maze(&args)).expect("write");
    let several = several.to_str().expect("utf-8");
    let drawn = String::from_utf8(maze(&["render", several, "-f", "svg", "--numbered", "--cell-size", "30"]))
        .expect("utf-8");
    assert_eq!(numbers(&drawn), 6, "maze render --numbered");
    let plain = String::from_utf8(maze(&["render", several, "-f", "svg"])).expect("utf-8");
    assert_eq!(numbers(&plain), 0, "maze render: plain dots");
}

/// The issue's two commands: a solved MultiMaze in text shows every pair's route, numbered,
/// every step drawn (the route 0 -> 1 -> 2 -> 5 passes through the second start and says
/// so), in ASCII and in Unicode alike.
#[test]
fn a_solved_multimaze_in_text_shows_every_pair_s_route() {
    let text = |args: &[&str]| String::from_utf8(maze(args)).expect("utf-8");
    let small = ["generate", "-W", "3", "-H", "2", "--starts", "2", "--ends", "2", "--seed", "4", "--solve"];
    let picture = text(&small);
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(
        lines[..5],
        ["+--+--+--+", "|S11S2111|", "+  +22+11+", "|  |E2|E1|", "+--+--+--+"],
        "{picture}"
    );
    assert!(lines[5].starts_with("Answer key: each S is joined to its E"), "{picture}");
    let unicode = text(&[&small[..], &["-f", "unicode"]].concat());
    assert!(unicode.contains("│S11S2111│") && unicode.contains("│  │E2│E1│"), "{unicode}");
    // Eight pairs: eight numbered starts, each end numbered by the routes that reach it.
    let big =
        text(&["generate", "-W", "8", "-H", "8", "--starts", "8", "--ends", "8", "--seed", "3", "--solve"]);
    let drawn = &big[..big.find("Answer key").expect("a legend")];
    for k in 1..=8 {
        assert_eq!(drawn.matches(&format!("S{k}")).count(), 1, "S{k}\n{big}");
    }
    assert!(!drawn.contains("S ") && !drawn.contains("E "), "every dot is numbered\n{big}");
    assert!(big.contains("\nShared: A = routes "), "{big}");
    // The puzzle stays free of route marks.
    let puzzle = text(&["generate", "-W", "8", "-H", "8", "--starts", "8", "--ends", "8", "--seed", "3"]);
    assert!(!puzzle.contains("Answer key") && !puzzle.contains("S1") && !puzzle.contains('*'), "{puzzle}");
}
