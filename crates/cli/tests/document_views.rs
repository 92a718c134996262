//! The source documents' own views: document 000's and 001's solution as black path cells
//! over grey explored cells (`--style document`).

use std::process::Command;

use serde_json::Value;

fn maze(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(args).output().expect("maze runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// The `d` attribute of the SVG path filled with `colour`, if any.
fn fill_path<'a>(svg: &'a str, colour: &str) -> Option<&'a str> {
    let at = svg.find(&format!(r#"<path fill="{colour}" d=""#))?;
    let rest = &svg[at..];
    let d = rest.find(" d=\"")? + 4;
    Some(&rest[d..d + rest[d..].find('"')?])
}

#[test]
fn document_style_fills_the_path_black_and_explored_cells_grey_without_a_line() {
    for shape in ["square", "hex", "triangle", "polar", "upsilon", "sigma"] {
        let base = ["generate", "--shape", shape, "-W", "9", "-H", "7", "--seed", "4", "--solve", "dfs"];
        let json: Value =
            serde_json::from_slice(&maze(&[&base[..], &["-f", "json"]].concat())).expect("json");
        let path = json["solution"]["path"].as_array().expect("path").len();
        let visited = json["solution"]["visited"].as_array().expect("visited");
        let svg = String::from_utf8(maze(&[&base[..], &["-f", "svg", "--style", "document"]].concat()))
            .expect("utf-8");
        assert!(!svg.contains("<polyline"), "{shape}: no solution line in the document style");
        let black = fill_path(&svg, "#000000").expect("black path cells");
        assert_eq!(black.matches('Z').count(), path, "{shape}: one black cell per path cell");
        let off_path =
            visited.iter().filter(|c| !json["solution"]["path"].as_array().unwrap().contains(c)).count();
        if off_path > 0 {
            let grey = fill_path(&svg, "#c8c8c8").expect("grey explored cells");
            assert_eq!(grey.matches('Z').count(), off_path, "{shape}: one grey cell per explored cell");
        }
        // The default style draws the line.
        let line = String::from_utf8(maze(&[&base[..], &["-f", "svg"]].concat())).expect("utf-8");
        assert!(line.contains("<polyline"), "{shape}");
    }
    // --path-colour picks the path cells' colour in the document style.
    let svg = String::from_utf8(maze(&[
        "generate",
        "--seed",
        "1",
        "--solve",
        "-f",
        "svg",
        "--style",
        "document",
        "--path-colour",
        "#224488",
    ]))
    .expect("utf-8");
    assert!(fill_path(&svg, "#224488").is_some());
    let bad = Command::new(env!("CARGO_BIN_EXE_maze"))
        .args(["generate", "--style", "comic"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}

/// Document 002: `--format scad --parametric` is an OpenSCAD program that builds its own
/// binary-tree maze from parameters; two parameter sets give two valid, different models.
#[test]
fn the_parametric_openscad_program_builds_a_new_maze_from_its_parameters() {
    use maze_testkit::{have, tempdir};
    let program = String::from_utf8(maze(&[
        "generate",
        "-W",
        "5",
        "-H",
        "4",
        "--seed",
        "3",
        "--bias",
        "north-west",
        "--cell-size",
        "8mm",
        "--wall-width",
        "1mm",
        "-f",
        "scad",
        "--parametric",
    ]))
    .expect("utf-8");
    for line in [
        "rows = 4;",
        "columns = 5;",
        "seed = 3;",
        "bias = \"north-west\";",
        "cell_size = 8;",
        "wall_thickness = 1;",
        "rands(",
    ] {
        assert!(program.contains(line), "{line} missing from the program");
    }
    if !have("openscad") || !have("admesh") {
        return;
    }
    let dir = tempdir("parametric");
    let source = dir.join("maze.scad");
    std::fs::write(&source, &program).expect("write");
    // Renders with -D overrides; returns the echoed carves, the STL's extent and admesh's report.
    let render = |name: &str, defines: &[&str]| {
        let stl = dir.join(format!("{name}.stl"));
        let mut cmd = Command::new("openscad");
        for d in defines {
            cmd.arg("-D").arg(d);
        }
        let out = cmd.arg("-o").arg(&stl).arg(&source).output().expect("openscad runs");
        let log = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success() && !log.contains("WARNING") && !log.contains("ERROR"), "{name}: {log}");
        let echo = log.lines().find_map(|l| l.strip_prefix("ECHO: carves = ")).expect("carves echoed");
        let carves: Vec<Vec<u8>> = serde_json::from_str(echo).expect("carves parse");
        let text = std::fs::read_to_string(&stl).expect("ascii stl");
        let (mut max_x, mut max_y) = (f64::MIN, f64::MIN);
        for v in text.lines().filter_map(|l| l.trim().strip_prefix("vertex ")) {
            let xyz: Vec<f64> = v.split_whitespace().map(|n| n.parse().expect("number")).collect();
            (max_x, max_y) = (max_x.max(xyz[0]), max_y.max(xyz[1]));
        }
        let report = String::from_utf8(Command::new("admesh").arg(&stl).output().expect("admesh").stdout)
            .expect("utf-8");
        for (label, want) in [("Number of parts", "1"), ("Backwards edges", "0"), ("Degenerate facets", "0")]
        {
            let line = report.lines().find(|l| l.contains(label)).expect(label);
            let value = line.split(':').nth(1).expect("value").split_whitespace().next().expect("number");
            assert_eq!(value, want, "{name}: {line}");
        }
        (carves, (max_x, max_y), text)
    };
    let (a, extent_a, stl_a) = render("a", &[]);
    let (b, extent_b, stl_b) = render("b", &["rows=6", "seed=11"]);
    let (c, _, stl_c) = render("c", &["seed=12"]);
    // Each is a binary tree of the asked size: top row east, last column north, top-right
    // cell nothing; rows x columns - 1 passages.
    for (carves, rows) in [(&a, 4), (&b, 6), (&c, 4)] {
        assert_eq!(carves.len(), rows);
        for (r, row) in carves.iter().enumerate() {
            assert_eq!(row.len(), 5);
            for (col, &v) in row.iter().enumerate() {
                let want: &[u8] = match (r, col) {
                    (0, 4) => &[0],
                    (0, _) => &[2],
                    (_, 4) => &[1],
                    _ => &[1, 2],
                };
                assert!(want.contains(&v), "cell {col},{r} carves {v}");
            }
        }
    }
    // 5 columns of 8 mm plus a 1 mm wall border each side; rows likewise.
    assert!((extent_a.0 - 42.0).abs() < 0.01 && (extent_a.1 - 34.0).abs() < 0.01, "{extent_a:?}");
    assert!((extent_b.1 - 50.0).abs() < 0.01, "{extent_b:?}");
    assert_ne!(stl_a, stl_b, "six rows make another model");
    if a != c {
        assert_ne!(stl_a, stl_c, "another seed makes another maze");
    }
    assert_ne!(a, c, "seeds 3 and 12 draw different coins");
    // Refusals: what the program cannot do.
    for args in [
        &["generate", "--parametric"][..],
        &["generate", "-f", "scad", "--parametric", "-a", "kruskal"],
        &["generate", "-f", "scad", "--parametric", "--shape", "hex"],
        &["generate", "-f", "scad", "--parametric", "--solve"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--parametric"), "{args:?}");
    }
}

/// Document 000's view of Kruskal: `--zones` colours every zone in its own colour until it
/// merges. In the animated SVG every cell is coloured on the first frame, in many colours;
/// in the GIF the first frame shows many zone colours and the frame before the last one.
#[test]
fn zones_animation_shows_every_cell_in_its_zone_colour_until_one_zone_is_left() {
    for shape in ["square", "hex", "triangle", "polar", "upsilon", "sigma"] {
        let base = ["generate", "--shape", shape, "-W", "10", "-H", "8", "--seed", "2", "-a", "kruskal"];
        let json: Value =
            serde_json::from_slice(&maze(&[&base[..], &["-f", "json"]].concat())).expect("json");
        let cells = json["cells"].as_u64().expect("cells") as usize;
        let svg = String::from_utf8(maze(&[&base[..], &["--zones", "-f", "svg"]].concat())).expect("utf-8");
        // Zone paths visible from frame 0: one polygon per cell, in many colours.
        let (mut first, mut colours) = (0, std::collections::HashSet::new());
        for part in svg.split("<path fill=\"#").skip(1) {
            let Some(anim) = part.split("<animate ").nth(1) else { continue };
            if anim.contains(r#"values="visible;hidden""#) && anim.contains(r#"keyTimes="0;"#) {
                first += part[..part.find("\">").expect("d")].matches('Z').count();
                colours.insert(&part[..6]);
            }
        }
        assert_eq!(first, cells, "{shape}: every cell coloured on the first frame");
        assert!(colours.len() > cells / 4, "{shape}: {} colours for {cells} cells", colours.len());
    }
    // The GIF: many colours first, one zone colour before the finished maze.
    let gif =
        maze(&["generate", "-W", "12", "-H", "9", "--seed", "5", "-a", "kruskal", "--zones", "-f", "gif"]);
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(&gif[..]).expect("gif");
    assert_eq!(decoder.global_palette().map(|p| p.len()), Some(256 * 3), "zone colours in the palette");
    let (w, h) = (decoder.width() as usize, decoder.height() as usize);
    let mut screen = vec![0u8; w * h];
    let mut shown = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("frame") {
        for y in 0..frame.height as usize {
            for x in 0..frame.width as usize {
                let v = frame.buffer[y * frame.width as usize + x];
                if Some(v) != frame.transparent {
                    screen[(frame.top as usize + y) * w + frame.left as usize + x] = v;
                }
            }
        }
        shown.push(screen.clone());
    }
    let zone_colours =
        |s: &[u8]| s.iter().filter(|&&v| v >= 16).collect::<std::collections::HashSet<_>>().len();
    assert!(zone_colours(&shown[0]) > 40, "{} zone colours on the first frame", zone_colours(&shown[0]));
    assert_eq!(zone_colours(&shown[shown.len() - 2]), 1, "one zone before the finished maze");
    assert_eq!(zone_colours(&shown[shown.len() - 1]), 0, "the finished maze is drawn plainly");
    // Zones belong to generation, and to animations.
    for args in [&["solve", "-", "--zones", "-f", "gif"][..], &["generate", "--zones", "-f", "png"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(args).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// The millimetre border of a parametric program rendered by OpenSCAD with `defines`: the
/// program is run with an `echo` of every wall's ends appended, and each border cell side
/// is open when no wall covers its middle. Returns the open sides as `(side, cell)`, west
/// and east cells counted from the bottom, north and south from the left, as seen. The
/// program must be drawn with 8 mm cells and 1 mm walls.
fn openings(program: &str, dir: &std::path::Path, name: &str, defines: &[&str]) -> Vec<(&'static str, u32)> {
    let source = dir.join(format!("{name}.scad"));
    let echo = "\necho(walls_mm = [for (w = walls) [at(w[0]), at(w[1])]]);\n";
    std::fs::write(&source, format!("{program}{echo}")).expect("write");
    let mut cmd = Command::new("openscad");
    for d in defines {
        cmd.arg("-D").arg(d);
    }
    let echoes = dir.join(format!("{name}.echo"));
    let out = cmd.arg("-o").arg(&echoes).arg(&source).output().expect("openscad");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success() && !err.contains("WARNING") && !err.contains("ERROR"), "{name}: {err}");
    // An .echo export holds the echoes (and nothing is rendered).
    let log = std::fs::read_to_string(&echoes).expect("echoes");
    assert!(!log.contains("WARNING") && !log.contains("ERROR"), "{name}: {log}");
    let value = |key: &str| {
        let line = log.lines().find_map(|l| l.strip_prefix(&format!("ECHO: {key} = "))).expect(key);
        line.trim().to_string()
    };
    let walls: Vec<[[f64; 2]; 2]> = serde_json::from_str(&value("walls_mm")).expect("walls parse");
    let carves: Vec<Vec<u8>> = serde_json::from_str(&value("carves")).expect("carves parse");
    let (rows, columns) = (carves.len() as u32, carves[0].len() as u32);
    let (wall, cell) = (1.0, 8.0);
    let near = |a: f64, b: f64| (a - b).abs() < 1e-6;
    // Whether a wall runs along x = at (upright) or y = at, over the point `mid` along it.
    let covered = |upright: bool, at: f64, mid: f64| {
        walls.iter().any(|[p, q]| {
            let (across, along) = if upright { (0, 1) } else { (1, 0) };
            near(p[across], at)
                && near(q[across], at)
                && p[along].min(q[along]) < mid
                && mid < p[along].max(q[along])
        })
    };
    let mut open = Vec::new();
    for k in 0..rows {
        let mid = wall + (f64::from(k) + 0.5) * cell;
        for (side, x) in [("west", wall), ("east", wall + f64::from(columns) * cell)] {
            if !covered(true, x, mid) {
                open.push((side, k));
            }
        }
    }
    for k in 0..columns {
        let mid = wall + (f64::from(k) + 0.5) * cell;
        for (side, y) in [("north", wall + f64::from(rows) * cell), ("south", wall)] {
            if !covered(false, y, mid) {
                open.push((side, k));
            }
        }
    }
    open.sort();
    open
}

/// Document 002's entrance and exit: the lower-left cell's west side and the upper-right
/// cell's east side, as the picture is seen whatever the bias; `entrance_side`,
/// `entrance_cell`, `exit_side` and `exit_cell` are parameters (`-D` on OpenSCAD's command
/// line), and `--entrance` and `--exit` set them: a side's middle or a border cell.
#[test]
fn the_parametric_program_opens_the_lower_left_west_and_upper_right_east_sides() {
    use maze_testkit::{assert_fails, have, tempdir};
    let base = ["generate", "-W", "5", "-H", "4", "--seed", "3", "--cell-size", "8mm", "--wall-width", "1mm"];
    let program = |more: &[&str]| {
        String::from_utf8(maze(&[&base[..], &["-f", "scad", "--parametric"], more].concat())).expect("utf-8")
    };
    let has = |text: &str, lines: &[&str]| {
        for line in lines {
            assert!(text.contains(line), "{line} missing from the program:\n{text}");
        }
    };
    let plain = program(&[]);
    has(
        &plain,
        &[
            "entrance_side = \"west\";",
            "entrance_cell = 0;",
            "exit_side = \"east\";",
            "exit_cell = rows - 1;",
        ],
    );
    // --entrance and --exit: a border cell (x from the left, y from the top) or a side's middle.
    for (args, want) in [
        (&["--entrance", "0,0"][..], &["entrance_side = \"west\";", "entrance_cell = 3;"][..]),
        (&["--entrance", "0,3"], &["entrance_side = \"west\";", "entrance_cell = 0;"]),
        (&["--entrance", "2,0"], &["entrance_side = \"north\";", "entrance_cell = 2;"]),
        (&["--entrance", "1,3"], &["entrance_side = \"south\";", "entrance_cell = 1;"]),
        (&["--exit", "4,1"], &["exit_side = \"east\";", "exit_cell = 2;"]),
        (&["--exit", "left"], &["exit_side = \"west\";", "exit_cell = ceil((rows - 1) / 2);"]),
        (
            &["--entrance", "top"],
            &["entrance_side = \"north\";", "entrance_cell = floor((columns - 1) / 2);"],
        ),
    ] {
        has(&program(args), want);
    }
    let exe = env!("CARGO_BIN_EXE_maze");
    for (args, needle) in [
        (&["--entrance", "2,2"][..], "border"),
        (&["--entrance", "5,0"], "no such cell"),
        (&["--entrance", "random"], "--entrance random"),
        (&["--exit", "farthest"], "--exit farthest"),
        (&["--exit", "7"], "--exit 7"),
        (&["--entrance", "centre"], "--entrance centre"),
        (&["--exit", "0,3"], "same"),
        (&["-n", "2"], "several mazes"),
    ] {
        assert_fails(exe, &[&base[..], &["-f", "scad", "--parametric"], args].concat(), 2, needle);
    }
    if !have("openscad") {
        return;
    }
    let dir = tempdir("parametric-ends");
    let corners = vec![("east", 3), ("west", 0)];
    assert_eq!(openings(&plain, &dir, "plain", &[]), corners, "lower-left west, upper-right east");
    for bias in ["north-west", "south-east", "south-west"] {
        let define = format!("bias=\"{bias}\"");
        assert_eq!(openings(&plain, &dir, bias, &[&define]), corners, "{bias}: the same corners as seen");
    }
    assert_eq!(
        openings(&plain, &dir, "north", &["entrance_side=\"north\"", "entrance_cell=2"]),
        vec![("east", 3), ("north", 2)]
    );
    assert_eq!(
        openings(&plain, &dir, "rows", &["rows=6"]),
        vec![("east", 5), ("west", 0)],
        "still the corners"
    );
    let top_left = program(&["--entrance", "0,0", "--exit", "bottom", "--bias", "south-west"]);
    assert_eq!(openings(&top_left, &dir, "top-left", &[]), vec![("south", 2), ("west", 3)]);
    // The program's asserts: a side that is not one, a cell off its side, two ends in one place.
    let source = dir.join("checked.scad");
    std::fs::write(&source, &plain).expect("write");
    for define in [&["exit_side=\"up\""][..], &["entrance_cell=4"], &["exit_side=\"west\"", "exit_cell=0"]] {
        let mut cmd = Command::new("openscad");
        for d in define {
            cmd.arg("-D").arg(d);
        }
        let echoes = dir.join("checked.echo");
        let _ = std::fs::remove_file(&echoes);
        let out = cmd.arg("-o").arg(&echoes).arg(&source).output().expect("openscad");
        let log = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stderr),
            std::fs::read_to_string(&echoes).unwrap_or_default()
        );
        assert!(log.contains("Assertion"), "{define:?} passed: {log}");
    }
}

/// `--wall-height 0` with `-f scad`: a flat (2D) OpenSCAD drawing of the walls (the model
/// program and `--parametric` alike) that OpenSCAD exports as SVG, which it cannot do with
/// a 3D model. Any other format refuses it.
#[test]
fn a_wall_height_of_0_writes_a_flat_openscad_drawing_for_laser_cutting() {
    use maze_testkit::{assert_fails, have, tempdir};
    let exe = env!("CARGO_BIN_EXE_maze");
    let base = ["generate", "-W", "5", "-H", "4", "--seed", "3"];
    let flat =
        String::from_utf8(maze(&[&base[..], &["-f", "scad", "--wall-height", "0"]].concat())).expect("utf-8");
    let flat_parametric =
        String::from_utf8(maze(&[&base[..], &["-f", "scad", "--wall-height", "0", "--parametric"]].concat()))
            .expect("utf-8");
    let solid = String::from_utf8(maze(&[&base[..], &["-f", "scad"]].concat())).expect("utf-8");
    for text in [&flat, &flat_parametric] {
        assert!(text.contains("laser cutting") && text.contains("module wall(a, b)"), "{text}");
        for absent in ["wall_height", "base_thickness", "linear_extrude", "cube("] {
            assert!(!text.contains(absent), "{absent} in the flat drawing:\n{text}");
        }
    }
    // Refused with any other format, in one line; a negative height is refused by the parser.
    let dir = tempdir("flat");
    let json = dir.join("maze.json");
    std::fs::write(&json, maze(&[&base[..], &["-f", "json"]].concat())).expect("write");
    let json = json.to_str().expect("utf-8 path");
    for args in [
        &[&base[..], &["-f", "stl", "--wall-height", "0"]].concat()[..],
        &[&base[..], &["-f", "svg", "--wall-height", "0"]].concat(),
        &["render", json, "-f", "stl", "--wall-height", "0"],
    ] {
        assert_fails(exe, args, 2, "--wall-height 0");
        assert_fails(exe, args, 2, "scad only");
    }
    let negative = Command::new(exe).args([&base[..], &["-f", "scad", "--wall-height=-1"]].concat()).output();
    assert_eq!(negative.expect("runs").status.code(), Some(2));
    let rendered =
        String::from_utf8(maze(&["render", json, "-f", "scad", "--wall-height", "0"])).expect("utf-8");
    assert_eq!(rendered, flat, "render draws the saved maze flat too");
    if !have("openscad") {
        return;
    }
    let export = |name: &str, text: &str| {
        let (source, svg) = (dir.join(format!("{name}.scad")), dir.join(format!("{name}.svg")));
        std::fs::write(&source, text).expect("write");
        let out = Command::new("openscad").arg("-o").arg(&svg).arg(&source).output().expect("openscad");
        let log = String::from_utf8_lossy(&out.stderr).to_string();
        (
            out.status.success() && !log.contains("WARNING") && !log.contains("ERROR"),
            std::fs::read_to_string(&svg).unwrap_or_default(),
            log,
        )
    };
    for (name, text) in [("flat", &flat), ("flat-parametric", &flat_parametric)] {
        let (ok, svg, log) = export(name, text);
        assert!(ok, "{name}: {log}");
        assert!(svg.contains("<svg") && svg.contains("<path"), "{name}: {svg}");
    }
    // The check tells: OpenSCAD does not export the 3D model as SVG.
    assert!(!export("solid", &solid).0, "a 3D model exported as svg");
}
