//! Unicursal labyrinths (`maze generate --unicursal`) as a newcomer makes them: one path
//! through every cell from every generator that runs on square or polar cells, every output
//! format, files read back, and one-line refusals of what a labyrinth cannot have.

use assert_cmd::Command;
use maze_testkit::{assert_fails, tempdir};
use serde_json::Value;

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

fn bin() -> String {
    assert_cmd::cargo::cargo_bin("maze").to_str().expect("utf-8 path").to_string()
}

fn stdout_of(args: &[&str]) -> Vec<u8> {
    let out = maze().args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// The generators that run on `shape` cells, from `maze list --json`.
fn generators_on(shape: &str) -> Vec<String> {
    let list: Value = serde_json::from_slice(&stdout_of(&["list", "--json"])).expect("json");
    list["generators"]
        .as_array()
        .expect("generators")
        .iter()
        .filter(|g| g["shapes"].as_array().expect("shapes").iter().any(|s| s == shape))
        .map(|g| g["name"].as_str().expect("name").to_string())
        .collect()
}

/// A saved labyrinth's `maze stats`: one path through every cell (at most two passages a
/// cell, exactly two ends, the route from the entrance to the exit through every cell).
fn assert_one_path(file: &std::path::Path, what: &str) -> u64 {
    let stats: Value =
        serde_json::from_slice(&stdout_of(&["stats", file.to_str().expect("utf-8"), "--json"]))
            .expect("json");
    let what = format!("{what}: {stats}");
    let cells = stats["cells"].as_u64().expect("cells");
    assert_eq!(stats["passages"], cells - 1, "{what}");
    assert_eq!(stats["junctions"], 0, "{what}");
    assert_eq!(stats["dead_ends"], 2, "{what}");
    assert_eq!(stats["isolated"], 0, "{what}");
    assert_eq!(stats["solution_length"], cells - 1, "{what}");
    cells
}

/// Every generator that runs on `shape` makes a labyrinth at each size (width, and height
/// or polar rings), saved as JSON; each is checked to be one path through every cell
/// ([`assert_one_path`]) and marked as a labyrinth, then handed to `check` with its saved
/// file's JSON and its name for messages.
fn each_labyrinth(shape: &str, sizes: &[(u32, u32)], check: impl Fn(&Value, u32, u32, &str)) {
    let generators = generators_on(shape);
    assert!(generators.len() >= 8, "{shape}: {generators:?}");
    let dir = tempdir(&format!("unicursal-{shape}"));
    for (k, algorithm) in generators.iter().enumerate() {
        for &(w, h) in sizes {
            let seed = (k as u32 * 7 + w + h).to_string();
            let (ws, hs) = (w.to_string(), h.to_string());
            let args = [
                "generate",
                "-s",
                shape,
                "--unicursal",
                "-a",
                algorithm,
                "-W",
                &ws,
                "-H",
                &hs,
                "--seed",
                &seed,
                "-f",
                "json",
            ];
            let file = dir.join(format!("{algorithm}-{w}x{h}.json"));
            std::fs::write(&file, stdout_of(&args)).expect("written");
            let saved: Value = serde_json::from_slice(&std::fs::read(&file).expect("read")).expect("json");
            let what = format!("{algorithm} {shape} {w}x{h}");
            assert_eq!(saved["unicursal"], true, "{what}: the file says it is a labyrinth");
            let cells = assert_one_path(&file, &what);
            assert_eq!(saved["cells"], cells, "{what}");
            check(&saved, w, h, &what);
        }
    }
}

#[test]
fn every_generator_makes_one_path_through_every_cell() {
    assert!(generators_on("square").len() >= 10);
    each_labyrinth("square", &[(2, 2), (12, 8), (20, 10), (6, 30)], |saved, w, h, what| {
        assert_eq!(saved["cells"], w * h, "{what}");
        // The entrance and exit are side by side on the outer wall.
        let (e, x) = (saved["entrance"].as_u64().expect("entrance"), saved["exit"].as_u64().expect("exit"));
        let (w64, h64) = (u64::from(w), u64::from(h));
        assert!(e.abs_diff(x) == 1 || e.abs_diff(x) == w64, "{what}: ends {e} and {x}");
        let on_rim = |c: u64| c < w64 || c >= w64 * (h64 - 1) || c % w64 == 0 || c % w64 == w64 - 1;
        assert!(on_rim(e) && on_rim(x), "{what}: ends {e} and {x}");
    });
}

/// The classical labyrinth on polar cells: rings laid out in pairs, every generator that
/// runs on them, the ends side by side on the outer rim (door 2, outward), the file read
/// back into the same picture.
#[test]
fn polar_labyrinths_run_through_every_cell() {
    each_labyrinth("polar", &[(6, 2), (6, 10), (12, 8), (8, 16)], |saved, _, _, what| {
        let (e, x) = (saved["entrance"].as_u64().expect("entrance"), saved["exit"].as_u64().expect("exit"));
        assert_eq!(e.abs_diff(x), 1, "{what}: the ends are side by side");
        assert_eq!(
            (&saved["entrance_door"], &saved["exit_door"]),
            (&Value::from(2), &Value::from(2)),
            "{what}: both open outwards"
        );
    });
    let dir = tempdir("unicursal-read-back");
    // Read back: the saved file draws the picture the generator drew.
    let args = ["generate", "-s", "polar", "--unicursal", "-W", "12", "--rings", "10", "--seed", "4"];
    let file = dir.join("read-back.json");
    std::fs::write(&file, stdout_of(&[&args[..], &["-f", "json"]].concat())).expect("written");
    let svg = stdout_of(&[&args[..], &["-f", "svg"]].concat());
    let again = stdout_of(&["render", file.to_str().expect("utf-8"), "-f", "svg"]);
    assert_eq!(svg, again, "the file keeps the paired rings");
}

#[test]
fn the_same_seed_makes_the_same_labyrinth_and_the_generator_shapes_it() {
    let a = stdout_of(&["generate", "--unicursal", "--seed", "5", "-W", "16", "-H", "12"]);
    assert_eq!(a, stdout_of(&["generate", "--unicursal", "--seed", "5", "-W", "16", "-H", "12"]));
    let b = stdout_of(&["generate", "--unicursal", "--seed", "5", "-W", "16", "-H", "12", "-a", "kruskal"]);
    assert_ne!(a, b, "another generator, another labyrinth");
    let plain = stdout_of(&["generate", "--seed", "5", "-W", "16", "-H", "12"]);
    assert_ne!(a, plain, "a labyrinth is not the plain maze");
}

#[test]
fn every_format_draws_a_labyrinth() {
    let dir = tempdir("unicursal-formats");
    for format in ["text", "unicode", "svg", "png", "pdf", "tex", "scad", "stl", "json", "maze"] {
        let out = dir.join(format!("labyrinth.{format}"));
        let out = out.to_str().expect("utf-8");
        let args = [
            "generate",
            "--unicursal",
            "--seed",
            "2",
            "-W",
            "10",
            "-H",
            "8",
            "--solve",
            "-f",
            format,
            "-o",
            out,
        ];
        maze().args(args).assert().success();
        assert!(std::fs::metadata(out).expect("written").len() > 100, "{format}");
    }
    // The default size (20 x 10) is even: the option works alone.
    let text = String::from_utf8(stdout_of(&["generate", "--unicursal", "--seed", "1"])).expect("utf-8");
    assert_eq!(text.lines().count(), 21, "{text}");
}

#[test]
fn what_a_labyrinth_cannot_have_is_refused_in_one_line() {
    let bin = bin();
    for (args, needle) in [
        (&["-W", "7"][..], "--unicursal needs an even --width and --height, not 7 x 7"),
        (&["-W", "8", "-H", "5"], "not 8 x 5"),
        (&["-s", "hex"], "--unicursal is made on square or polar cells, not hex"),
        (
            &["-s", "polar", "-W", "7", "--rings", "8"],
            "an even --width of at least 6 (cells in the inner ring) and an even --rings, not 7 x 8",
        ),
        (&["-s", "polar", "-W", "4", "--rings", "8"], "of at least 6"),
        (&["-s", "polar", "-W", "8", "--rings", "5"], "not 8 x 5"),
        (&["-s", "triangle", "-W", "8", "-H", "8"], "not triangle"),
        (&["--wrap", "x"], "--unicursal cannot be used with --wrap"),
        (&["--levels", "2"], "--unicursal cannot be used with --levels"),
        (&["--weave", "0.3"], "--unicursal cannot be used with --weave"),
        (&["--mask-text", "#.\n##"], "--unicursal cannot be used with a mask"),
        (&["--braid", "0.5"], "--unicursal cannot be used with --braid"),
        (&["--starts", "2", "--ends", "2"], "--unicursal cannot be used with --starts/--ends"),
        (&["--entrance", "left"], "--unicursal cannot be used with --entrance"),
        (&["--exit", "3,3"], "--unicursal cannot be used with --exit"),
        (&["--animate", "-f", "svg"], "--unicursal cannot be used with --animate"),
        (&["-f", "gif"], "--unicursal cannot be used with --animate/--zones/gif"),
        (&["--stream", "-a", "eller"], "--unicursal"),
        (&["-a", "eller", "--stream"], "--unicursal"),
    ] {
        let mut all = vec!["generate", "--unicursal"];
        all.extend(args);
        assert_fails(&bin, &all, 2, needle);
    }
}
