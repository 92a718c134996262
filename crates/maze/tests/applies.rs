//! Options that do nothing for a request are refused by the plan, in one line naming the
//! option and what it applies to; the same options where they apply are accepted.

use maze::{Format, MazeRequest, Plan};
use maze_core::Algorithm;

fn request(edit: impl FnOnce(&mut MazeRequest)) -> MazeRequest {
    let mut r = MazeRequest { width: Some(4), height: Some(3), seed: Some(1), ..MazeRequest::default() };
    edit(&mut r);
    r
}

fn refused(r: &MazeRequest, flag: &str, applies_to: &str) {
    let message = Plan::new(r).err().unwrap_or_else(|| panic!("{flag} accepted: {r:?}")).to_string();
    assert!(message.contains(flag) && message.contains(applies_to), "{flag}: {message}");
    assert!(!message.contains('\n'), "one line: {message}");
}

#[test]
fn options_that_do_not_apply_are_refused() {
    let corner = "north-west".parse().expect("corner");
    let policy = "newest".parse().expect("policy");
    let paper = "a4".parse().expect("paper");
    refused(&request(|r| r.bias = Some(corner)), "--bias", "binary-tree");
    refused(&request(|r| r.policy = Some(policy)), "--policy", "growing-tree");
    refused(&request(|r| r.steps = Some(5)), "--steps", "origin-shift");
    refused(
        &request(|r| (r.steps, r.algorithm) = (Some(1 << 40), Algorithm::OriginShift)),
        "--steps",
        "at most",
    );
    for format in [Format::Text, Format::Unicode] {
        refused(&request(|r| (r.title, r.format) = (Some("T".into()), format)), "--title", format.name());
        refused(
            &request(|r| (r.instructions, r.format) = (Some("I".into()), format)),
            "--instructions",
            format.name(),
        );
    }
    for format in [Format::Svg, Format::Png, Format::Text] {
        refused(&request(|r| (r.paper, r.format) = (Some(paper), format)), "--paper", "pdf");
        refused(
            &request(|r| (r.margin, r.format) = (Some("10mm".parse().expect("length")), format)),
            "--margin",
            "pdf",
        );
    }
    refused(&request(|r| r.frames = Some(10)), "--frames", "animation");
    refused(&request(|r| (r.frames, r.format) = (Some(10), Format::Svg)), "--frames", "animation");
    for format in [Format::Stl, Format::Svg, Format::Text] {
        refused(
            &request(|r| (r.wall_height, r.format) = (Some(0.0), format)),
            "--wall-height 0",
            "scad only",
        );
    }
    for format in [Format::Png, Format::Svg, Format::Pdf, Format::Text] {
        refused(
            &request(|r| (r.wall_height, r.format) = (Some(8.0), format)),
            "--wall-height",
            "scad and stl",
        );
        refused(&request(|r| (r.base, r.format) = (Some(2.0), format)), "--base", "scad and stl");
    }
    for format in [Format::Text, Format::Unicode, Format::Json] {
        refused(&request(|r| (r.heat, r.format) = (true, format)), "--heat", format.name());
        refused(&request(|r| (r.cell_size, r.format) = ("6mm".parse().ok(), format)), "--cell-size", "svg");
    }
    for format in [Format::Text, Format::Svg, Format::Json] {
        refused(&request(|r| (r.corridor_width, r.format) = (Some(2), format)), "--corridor-width", "grid");
        refused(&request(|r| (r.wall_tiles, r.format) = (Some(2), format)), "--wall-tiles", "grid");
    }
    for bad in [0, 65] {
        refused(
            &request(|r| (r.corridor_width, r.format) = (Some(bad), Format::Grid)),
            "--corridor-width",
            "1 to 64",
        );
        refused(
            &request(|r| (r.wall_tiles, r.format) = (Some(bad), Format::Grid)),
            "--wall-tiles",
            "1 to 64",
        );
    }
    for shape in [maze_core::ShapeKind::Hex, maze_core::ShapeKind::Polar, maze_core::ShapeKind::Triangle] {
        refused(&request(|r| (r.shape, r.format) = (shape, Format::Grid)), "tile grids", "square cells");
    }
    refused(
        &request(|r| (r.wrap, r.format) = ("x".parse().expect("wrap"), Format::Grid)),
        "tile grids",
        "wrapped",
    );
    refused(&request(|r| (r.levels, r.format) = (2, Format::Grid)), "tile grids", "multi-level");
    refused(&request(|r| (r.weave, r.format) = (Some(0.3), Format::Grid)), "tile grids", "woven");
    for height in [-1.0, f64::NAN, f64::INFINITY] {
        refused(&request(|r| (r.wall_height, r.format) = (Some(height), Format::Scad)), "--wall-height", "0");
    }
}

#[test]
fn the_same_options_where_they_apply_are_accepted() {
    let ok = |r: MazeRequest| Plan::new(&r).unwrap_or_else(|e| panic!("{r:?}: {e}"));
    ok(request(|r| {
        (r.bias, r.algorithm) = (Some("north-west".parse().expect("corner")), Algorithm::BinaryTree)
    }));
    ok(request(|r| {
        (r.bias, r.parametric, r.format) = (Some("north-west".parse().expect("corner")), true, Format::Scad)
    }));
    ok(request(|r| {
        (r.policy, r.algorithm) = (Some("newest".parse().expect("policy")), Algorithm::GrowingTree)
    }));
    ok(request(|r| (r.steps, r.algorithm) = (Some(0), Algorithm::OriginShift)));
    ok(request(|r| (r.steps, r.algorithm) = (Some(1_000_000_000), Algorithm::OriginShift)));
    ok(request(|r| (r.title, r.format) = (Some("T".into()), Format::Svg)));
    ok(request(|r| (r.corridor_width, r.wall_tiles, r.format) = (Some(64), Some(1), Format::Grid)));
    ok(request(|r| (r.braid, r.format) = (Some(0.5), Format::Grid)));
    ok(request(|r| (r.mask_data, r.format) = (Some("XX./XXX/.XX".into()), Format::Grid)));
    ok(request(|r| (r.starts, r.ends, r.format) = (Some(2), Some(2), Format::Grid)));
    ok(request(|r| {
        (r.paper, r.margin, r.format) =
            (Some("a4".parse().expect("paper")), Some("10mm".parse().expect("length")), Format::Pdf)
    }));
    ok(request(|r| (r.frames, r.format) = (Some(10), Format::Gif)));
    ok(request(|r| (r.frames, r.animate, r.format) = (Some(10), true, Format::Svg)));
    ok(request(|r| (r.wall_height, r.format) = (Some(0.0), Format::Scad)));
    ok(request(|r| (r.wall_height, r.base, r.format) = (Some(8.0), Some(2.0), Format::Stl)));
    ok(request(|r| (r.heat, r.format) = (true, Format::Tex)));
    ok(request(|r| (r.margin, r.format) = ("0".parse().ok(), Format::Pdf)));
    ok(request(|r| (r.wall_height, r.parametric, r.format) = (Some(0.0), true, Format::Scad)));
}

#[test]
fn every_drawing_option_says_which_formats_take_it() {
    // A new drawing field needs its row in the table, or it would be taken by every format.
    // The fields of the drawing part: the Draw group's, and `font`, a file on this machine
    // (the command line's own: the web API does not take it).
    let part = serde_json::to_value(maze::Draw::default()).expect("serialises");
    let draw: Vec<String> = part.as_object().expect("object").keys().cloned().collect();
    let group: Vec<&str> =
        maze::FIELDS.iter().copied().filter(|f| maze::group(f) == Some(maze::FieldGroup::Draw)).collect();
    assert!(group.iter().all(|f| draw.iter().any(|d| d == f)), "{group:?}");
    assert_eq!(draw.len(), maze::DRAWING_OPTIONS.len(), "{draw:?}");
    for field in draw {
        let row = maze::DRAWING_OPTIONS
            .iter()
            .find(|a| a.flag.split(' ').next() == Some(&format!("--{field}")[..]))
            .unwrap_or_else(|| panic!("--{field} has no row"));
        assert!(!(row.given)(&MazeRequest::default()), "--{field} is not given by default");
        assert!(!row.formats.is_empty());
    }
}
