//! `cell-walls` (document 004's `createmaze`: each cell with its intact walls): the JSON
//! file lists each cell's closed sides by the shape's door names. Checked on every shape,
//! masked and not, wrapped, stacked, woven and as a MultiMaze, against the file's own
//! passages and the shape's doors: each cell's closed sides and open sides are its doors,
//! a side listed closed has no passage behind it and one left out has one (or is the
//! entrance's or exit's opening in the outer wall).

use std::collections::HashSet;

use maze::{Format, MazeRequest, Plan};
use maze_core::{CellId, Shape, ShapeKind, ShapeVisitor};
use maze_render::json::MazeFile;
use serde_json::Value;

/// Each cell's doors: their names and the cell behind each (`None`: an outer side).
struct Sides;

impl ShapeVisitor for Sides {
    type Output = Vec<Vec<(&'static str, Option<u32>)>>;

    fn visit<S: Shape>(self, shape: S) -> Self::Output {
        (0..shape.cell_count())
            .map(|c| {
                let cell = CellId(c);
                shape
                    .doors(cell)
                    .iter()
                    .map(|d| (shape.door_name(d), shape.neighbour(cell, d).map(|n| n.0)))
                    .collect()
            })
            .collect()
    }
}

fn ids(v: &Value) -> Vec<u32> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|x| u32::try_from(x.as_u64().expect("id")).expect("u32"))
        .collect()
}

/// Checks one maze file written with `cell-walls`.
fn check(text: &str, what: &str) {
    let json: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{what}: {e}"));
    let file = MazeFile::parse(text).unwrap_or_else(|e| panic!("{what}: {e}"));
    let sides = file.spec(u64::MAX).expect("spec").visit(Sides);
    let passages: HashSet<(u32, u32)> = json["passages"]
        .as_array()
        .expect("passages")
        .iter()
        .map(|p| {
            let p = ids(p);
            (p[0].min(p[1]), p[0].max(p[1]))
        })
        .collect();
    let walls = json["cell_walls"].as_array().unwrap_or_else(|| panic!("{what}: no cell_walls"));
    assert_eq!(walls.len(), sides.len(), "{what}: one entry a cell");
    let (entrance, exit) =
        (json["entrance"].as_u64().expect("entrance"), json["exit"].as_u64().expect("exit"));
    let multi = json.get("starts").is_some_and(|s| s.as_array().is_some_and(|s| s.len() > 1))
        || json.get("ends").is_some_and(|e| e.as_array().is_some_and(|e| e.len() > 1));
    let mut opened = HashSet::new();
    for (c, (closed, doors)) in walls.iter().zip(&sides).enumerate() {
        let closed: Vec<&str> =
            closed.as_array().expect("list").iter().map(|n| n.as_str().expect("name")).collect();
        let names: Vec<&str> = doors.iter().map(|(n, _)| *n).collect();
        let unique: HashSet<&str> = closed.iter().copied().collect();
        assert_eq!(unique.len(), closed.len(), "{what}: cell {c} lists a side twice: {closed:?}");
        assert!(
            closed.iter().all(|n| names.contains(n)),
            "{what}: cell {c}: {closed:?} not all in {names:?}"
        );
        for &(name, behind) in doors {
            let is_closed = closed.contains(&name);
            match behind {
                Some(n) => {
                    let passage = passages.contains(&((c as u32).min(n), (c as u32).max(n)));
                    assert_eq!(
                        is_closed, !passage,
                        "{what}: cell {c}'s {name} side (to {n}): closed {is_closed}"
                    );
                }
                None if !is_closed => {
                    // Open outer sides: only the entrance's and exit's openings.
                    assert!(!multi, "{what}: a MultiMaze keeps its border closed (cell {c}, {name})");
                    assert!(
                        c as u64 == entrance || c as u64 == exit,
                        "{what}: cell {c} opens {name} to the outside"
                    );
                    opened.insert(c as u64);
                }
                None => {}
            }
        }
    }
    // Each end opens its outer wall, where it has one (a torus has none).
    let outer = |c: u64| sides[c as usize].iter().any(|(_, behind)| behind.is_none());
    for end in [entrance, exit] {
        if !multi && outer(end) {
            assert!(opened.contains(&end), "{what}: end {end} opens no outer side ({opened:?})");
        }
    }
}

fn request(edit: impl FnOnce(&mut MazeRequest)) -> MazeRequest {
    let mut r = MazeRequest {
        width: Some(6),
        height: Some(4),
        seed: Some(3),
        format: Format::Json,
        cell_walls: true,
        ..MazeRequest::default()
    };
    edit(&mut r);
    r
}

fn written(r: &MazeRequest) -> String {
    let plan = Plan::new(r).unwrap_or_else(|e| panic!("{r:?}: {e}"));
    String::from_utf8(plan.to_vec(r.seed.unwrap_or(1)).expect("written")).expect("utf-8")
}

#[test]
fn every_cell_lists_its_closed_sides_by_door_name_on_every_shape() {
    for &kind in ShapeKind::ALL {
        for seed in 1..4 {
            let plain = request(|r| (r.shape, r.seed, r.braid) = (kind, Some(seed), Some(0.5)));
            check(&written(&plain), &format!("{kind} seed {seed}"));
            let masked = request(|r| {
                (r.shape, r.seed, r.mask_data) =
                    (kind, Some(seed), Some("XXX.XX/XXXXXX/.XXXXX/XXXX..".into()))
            });
            match Plan::new(&masked) {
                Ok(_) => check(&written(&masked), &format!("masked {kind} seed {seed}")),
                Err(e) => panic!("masked {kind}: {e}"),
            }
        }
    }
    let cases: Vec<(&str, MazeRequest)> = vec![
        ("square wrap xy", request(|r| r.wrap = "xy".parse().expect("wrap"))),
        ("hex wrap x", request(|r| (r.shape, r.wrap) = (ShapeKind::Hex, "x".parse().expect("wrap")))),
        ("square levels", request(|r| r.levels = 3)),
        ("sigma levels", request(|r| (r.shape, r.levels) = (ShapeKind::Sigma, 2))),
        ("square weave", request(|r| (r.width, r.height, r.weave) = (Some(9), Some(9), Some(0.5)))),
        ("multimaze", request(|r| (r.starts, r.ends) = (Some(3), Some(2)))),
        ("solved", request(|r| r.solve = Some(maze_core::Solver::Bfs))),
        ("entrance on a side", request(|r| r.entrance = Some("right".parse().expect("side")))),
    ];
    for (what, r) in cases {
        check(&written(&r), what);
    }
    // JSON Lines (one maze a line, built in memory rather than streamed).
    let batch = request(|r| r.count = 3);
    for (i, line) in written(&batch).lines().enumerate() {
        check(line, &format!("batch maze {i}"));
    }
}

#[test]
fn the_list_is_document_004s_for_a_square_maze() {
    // A 2 x 1 maze: one passage between the cells, the entrance opening the first cell's
    // north side and the exit the last cell's south side.
    let r = request(|r| (r.width, r.height) = (Some(2), Some(1)));
    let json: Value = serde_json::from_str(&written(&r)).expect("json");
    assert_eq!(json["cell_walls"], serde_json::json!([["south", "west"], ["north", "east"]]));
    // Without the option the key is absent, and the bytes are those of before.
    let plain = written(&request(|r| (r.width, r.height, r.cell_walls) = (Some(2), Some(1), false)));
    assert!(!plain.contains("cell_walls"), "{plain}");
}
