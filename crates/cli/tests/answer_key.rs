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
