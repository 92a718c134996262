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
    for shape in ["square", "hex", "triangle", "polar", "upsilon"] {
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
