//! The parametric OpenSCAD program (`--format scad --parametric`): the maze's walls as data
//! in a program whose heights and openings the user edits.

use maze_core::{Algorithm, ShapeKind, ShapeSpec};
use maze_render::{Format, scad};

use crate::ends::EndSpec;
use crate::error::{Error, Result};
use crate::picture::{Picture, draw_style};
use crate::present::model;
use crate::request::MazeRequest;

/// Refuses `--parametric` with what the OpenSCAD program cannot do: it is one square
/// binary-tree maze, unsolved, with OpenSCAD's own randomness, and its entrance and exit
/// open on its border ([`parametric_opening`]).
pub(crate) fn check_parametric(args: &MazeRequest, spec: &ShapeSpec) -> Result<()> {
    let refuse = |what: &str| -> Result<()> {
        Err(Error::Request(format!(
            "--parametric writes an OpenSCAD program that builds a square binary-tree maze itself; it cannot {what}"
        )))
    };
    if args.format != Format::Scad {
        return refuse(&format!("be written as {} (use --format scad)", args.format.name()));
    }
    if spec.kind != ShapeKind::Square || spec.mask.is_some() {
        return refuse("follow another shape or a mask");
    }
    // The default generator stands for "not chosen"; any other choice is refused.
    if !matches!(args.algorithm, Algorithm::BinaryTree | Algorithm::RecursiveBacktracker) {
        return refuse(&format!("use the {} algorithm", args.algorithm));
    }
    if args.solve.is_some() || args.braid.is_some() || args.starts.is_some() || args.animate {
        return refuse("show a solution, braid, MultiMaze dots or an animation");
    }
    if args.unreachable.is_some() {
        return refuse("cut a goal off (--unreachable)");
    }
    if args.has_end_rules() {
        return refuse("follow endpoint rules (--deadend-start, --allowed-start, --min-distance, ...)");
    }
    if args.count > 1 {
        return refuse("make several mazes (change its seed parameter instead)");
    }
    if spec.width < 2 || spec.height < 2 {
        return refuse("be smaller than 2 x 2");
    }
    let (entrance, exit) = parametric_ends(args, spec)?;
    let (rows, columns) = (spec.height, spec.width);
    if entrance.side == exit.side && entrance.index(rows, columns) == exit.index(rows, columns) {
        return Err(Error::Request(format!(
            "--entrance and --exit open the same wall (the {} side of the same cell); the --parametric program needs two openings",
            entrance.side.name()
        )));
    }
    Ok(())
}

/// The parametric program's entrance and exit: `--entrance` and `--exit` where given
/// ([`parametric_opening`]), else document 002's corners.
fn parametric_ends(args: &MazeRequest, spec: &ShapeSpec) -> Result<(scad::Opening, scad::Opening)> {
    let entrance = match args.entrance {
        Some(end) => parametric_opening("--entrance", end, spec)?,
        None => scad::Opening::ENTRANCE,
    };
    let exit = match args.exit {
        Some(end) => parametric_opening("--exit", end, spec)?,
        None => scad::Opening::EXIT,
    };
    Ok((entrance, exit))
}

/// Where `--entrance` or `--exit` (`flag`) opens the parametric program's border, in the
/// picture as it is seen: a side names its middle cell; a border cell `x,y` (x from the
/// left, y from the top) opens the west side in the left column, the east side in the
/// right column, else the north side in the top row and the south side in the bottom row.
/// West and east cells are counted from the bottom, north and south ones from the left.
///
/// # Errors
/// [`Error::Request`] for an end the program has no parameter for: an inner cell, a cell
/// outside the maze, an id, `random`, `farthest`, `outer` or `centre`.
pub(crate) fn parametric_opening(flag: &str, end: EndSpec, spec: &ShapeSpec) -> Result<scad::Opening> {
    use crate::ends::Side;
    use scad::{Along, Border, Opening};
    let (w, h) = (spec.width, spec.height);
    let middle = |side| Ok(Opening { side, cell: Along::Middle });
    match end {
        EndSpec::Side(Side::Left) => middle(Border::West),
        EndSpec::Side(Side::Right) => middle(Border::East),
        EndSpec::Side(Side::Top) => middle(Border::North),
        EndSpec::Side(Side::Bottom) => middle(Border::South),
        EndSpec::Cell(x, y) if x < w && y < h => {
            let (side, cell) = if x == 0 {
                (Border::West, h - 1 - y)
            } else if x == w - 1 {
                (Border::East, h - 1 - y)
            } else if y == 0 {
                (Border::North, x)
            } else if y == h - 1 {
                (Border::South, x)
            } else {
                return Err(Error::Request(format!(
                    "{flag} {end}: the --parametric program opens a cell on its border (x 0 or {}, or y 0 or {}), or a side",
                    w - 1,
                    h - 1
                )));
            };
            Ok(Opening { side, cell: Along::Cell(cell) })
        }
        EndSpec::Cell(..) => Err(Error::Request(format!(
            "{flag} {end}: no such cell in a {w}x{h} maze (x from 0 to {}, y from 0 to {})",
            w - 1,
            h - 1
        ))),
        _ => Err(Error::Request(format!(
            "{flag} {end}: the --parametric program opens a side (west, east, north, south) or a border cell x,y, not {end}"
        ))),
    }
}

/// Document 002's OpenSCAD program for the `generate` options (`--parametric`).
///
/// # Errors
/// As [`parametric_opening`], for an entrance or exit the program cannot open.
pub(crate) fn parametric_program(args: &MazeRequest, spec: &ShapeSpec, seed: u64) -> Result<String> {
    let style = draw_style(&args.draw(), Format::Scad, false, &Picture::default());
    let (entrance, exit) = parametric_ends(args, spec)?;
    Ok(scad::parametric(&scad::Parametric {
        rows: spec.height,
        columns: spec.width,
        seed,
        bias: args.bias.unwrap_or_default().name().to_string(),
        entrance,
        exit,
        model: model(&style, args.wall_height, args.base),
    }))
}
