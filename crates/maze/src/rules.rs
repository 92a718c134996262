//! The rules of a request, with the wordings of their refusals: what shapes and generators
//! can do (which generator runs on which shape, which shapes have a text picture,
//! labyrinths), which options apply to which formats and generators ([`check_applies`],
//! [`DRAWING_OPTIONS`]), and the checks a new maze and a saved one share.

use maze_core::{Algorithm, Shape, ShapeKind, ShapeSpec};
use maze_render::Format;
use maze_render::Format::{
    Gif, Grid, Json, Pdf, Png, Prompt, Scad, Stl, Svg, Tasks, Tex, Text, Tmj, Unicode,
};

use crate::ends::EndSpec;
use crate::error::{Error, Result};
use crate::request::{MazeRequest, PictureStyle};

/// The most steps Origin Shift is asked to take (`--steps`): about ten seconds of work.
pub const MAX_STEPS: u64 = 1_000_000_000;

/// Whether `algorithm` runs on shapes of this kind.
pub fn supports(kind: ShapeKind, algorithm: Algorithm) -> bool {
    algorithm.supports(&ShapeSpec::plain(kind, 3, 3).erased())
}

/// Whether text formats draw this shape (square, hex, sigma and triangle cells, masked or not).
pub fn text_pictured(spec: &ShapeSpec) -> bool {
    matches!(spec.kind, ShapeKind::Square | ShapeKind::Hex | ShapeKind::Sigma | ShapeKind::Triangle)
}

/// Whether mazes of `spec` have a tile grid (`grid`): square cells in one flat grid, masked
/// or not ([`maze_core::tiles::has_tiles`] on the maze).
pub fn tiled(spec: &ShapeSpec) -> bool {
    spec.kind == ShapeKind::Square && !spec.wrap.any() && spec.levels <= 1 && spec.weave.is_none()
}

/// Whether a unicursal labyrinth can be made on the shape `spec` lays out (it halves into
/// blocks: [`Shape::halved`]; a request for one lays polar rings out in pairs first:
/// [`ShapeSpec::with_labyrinth`]).
pub(crate) fn halves(spec: &ShapeSpec) -> bool {
    spec.erased().halved().is_some()
}

/// Whether `kind` makes a unicursal labyrinth `width` cells wide (and 6 high), laid out for
/// one (false at a width the shape does not have at all).
fn labyrinth_at(kind: ShapeKind, width: u32) -> bool {
    ShapeSpec::new(kind, width, 6, u64::MAX)
        .and_then(|spec| spec.with_labyrinth(u64::MAX))
        .is_ok_and(|spec| halves(&spec))
}

/// Whether `kind` makes unicursal labyrinths at some size (the capability table's rule).
pub(crate) fn makes_labyrinths(kind: ShapeKind) -> bool {
    labyrinth_at(kind, 6)
}

/// Why `--unicursal` is refused on the shape `spec` lays out, in one line.
pub(crate) fn unicursal_refusal(spec: &ShapeSpec) -> String {
    let topology = [
        (spec.mask.is_some(), "a mask"),
        (spec.wrap.any(), "--wrap"),
        (spec.levels > 1, "--levels"),
        (spec.weave.is_some(), "--weave"),
    ];
    if let Some((_, what)) = topology.iter().find(|(given, _)| *given) {
        return format!(
            "--unicursal cannot be used with {what} (a labyrinth's blocks of cells need a plain rectangle or circle)"
        );
    }
    if !makes_labyrinths(spec.kind) {
        // The shapes that halve, from the shapes themselves (the capability table's rule).
        let on: Vec<&str> =
            ShapeKind::ALL.iter().copied().filter(|&k| makes_labyrinths(k)).map(ShapeKind::name).collect();
        return format!(
            "--unicursal is made on {} cells, not {} (its path runs through blocks of 2 x 2 cells; see `maze list`)",
            on.join(" or "),
            spec.kind
        );
    }
    // The narrowest even width the shape makes labyrinths at (2 for square cells, 6 for
    // polar ones, whose half-size maze needs 3 cells in its inner ring).
    let least = (1..=8).map(|k| 2 * k).find(|&w| labyrinth_at(spec.kind, w)).unwrap_or(2);
    let sizes = match spec.kind {
        ShapeKind::Polar => {
            format!("an even --width of at least {least} (cells in the inner ring) and an even --rings")
        }
        _ if least > 2 => format!("an even --width of at least {least} and --height"),
        _ => "an even --width and --height".to_string(),
    };
    format!(
        "--unicursal needs {sizes}, not {} x {} (each cell of the perfect maze it is made from becomes a block of 2 x 2 cells)",
        spec.width, spec.height
    )
}

/// The refusal for a text picture of a shape text cannot draw honestly.
pub(crate) fn no_text_picture(spec: &ShapeSpec) -> String {
    let what = format!("{}{} mazes", if spec.mask.is_some() { "masked " } else { "" }, spec.kind);
    format!(
        "text cannot draw {what} (their cells do not fit a character grid); use --format svg or --format png"
    )
}

/// Refuses options given where they do nothing (a generator's option with another
/// generator, page options with a format that has no page, animation options without an
/// animation, `--wall-height 0` with a format other than scad), so a request never silently
/// ignores what was asked; the model's sizes are checked here too. Part of [`crate::Plan::new`];
/// public for front ends that make mazes without a plan (`maze generate --stream`).
///
/// # Errors
/// [`Error::Request`] naming the option and what it applies to.
pub fn check_applies(r: &MazeRequest) -> Result<()> {
    let refuse = |what: String| Err(Error::Request(what));
    check_model(r)?;
    let algorithm = r.algorithm.name();
    // A parametric OpenSCAD program is a binary tree of its own, whatever the generator.
    if r.bias.is_some() && r.algorithm != maze_core::Algorithm::BinaryTree && !r.parametric {
        return refuse(format!(
            "--bias applies to the binary-tree generator (or --parametric), not {algorithm}"
        ));
    }
    if r.policy.is_some() && r.algorithm != maze_core::Algorithm::GrowingTree {
        return refuse(format!("--policy applies to the growing-tree generator, not {algorithm}"));
    }
    if r.steps.is_some() && r.algorithm != maze_core::Algorithm::OriginShift {
        return refuse(format!("--steps applies to the origin-shift generator, not {algorithm}"));
    }
    if r.steps.is_some_and(|k| k > MAX_STEPS) {
        return refuse(format!("--steps: at most {MAX_STEPS} (each is one move of the origin)"));
    }
    check_drawing(r)?;
    check_solution_shown(r, r.solve.is_some(), "add --solve")?;
    if r.unicursal {
        check_unicursal(r)?;
    }
    Ok(())
}

/// Where a drawing option does something: the formats whose writers read it. One row of
/// [`DRAWING_OPTIONS`].
#[derive(Clone, Copy, Debug)]
pub struct Applies {
    /// The option, as the command line's flag (`--heat`).
    pub flag: &'static str,
    /// Whether a request gives it (a value other than its default).
    pub given: fn(&MazeRequest) -> bool,
    /// The formats that draw it, in listing order.
    pub formats: &'static [Format],
}

impl Applies {
    /// The refusal of this option with `format`, or `None` where it applies: one line
    /// naming the option, the formats it applies to and the format asked for.
    pub fn refusal(&self, format: Format) -> Option<String> {
        if self.formats.contains(&format) {
            return None;
        }
        let first = self.formats.first().map_or("svg", |f| f.name());
        Some(format!(
            "{} applies to {}, not {} (use --format {first})",
            self.flag,
            format_list(self.formats),
            format.name()
        ))
    }
}

/// `svg, png and pdf`; pdf alone is `pdf pages`.
fn format_list(formats: &[Format]) -> String {
    let names: Vec<&str> = formats.iter().map(|f| f.name()).collect();
    match names.as_slice() {
        ["pdf"] => "pdf pages".to_string(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        [] => "no format".to_string(),
    }
}

/// Still pictures with a heading: what draws a title, instructions and a heat map.
const STILL: &[Format] = &[Svg, Png, Pdf, Tex];
/// Every picture, animations (gif; svg with `--animate`) included: what draws colours, dots
/// and a solution's look.
const PICTURES: &[Format] = &[Svg, Png, Pdf, Tex, Gif];
/// What has a cell size and walls of a width: pictures and 3D models.
const SIZED: &[Format] = &[Svg, Png, Pdf, Tex, Scad, Stl, Gif];
/// The 3D models.
const MODELS: &[Format] = &[Scad, Stl];
/// What shows (or keeps) the cells a solver explored: pictures, text and the maze files.
const EXPLORED: &[Format] = &[Text, Unicode, Json, Format::Maze, Svg, Png, Pdf, Tex, Gif];

/// Which formats take each drawing option, as data: the rule [`crate::Plan::new`] applies, so
/// an option is never silently ignored by a format that does not draw it. Read from the
/// writers: text and unicode draw characters (the explored cells as `.`, nothing else of
/// these); json and maze files keep the explored cells or not; scad and stl draw walls
/// alone, with sizes; pdf, tex, svg and png draw everything; an animation (gif, svg with
/// `--animate`) draws colours, dots and explored cells but no heading or heat map
/// (the animation check refuses those on an animated svg).
pub const DRAWING_OPTIONS: &[Applies] = &[
    Applies { flag: "--cell-size", given: |r| r.cell_size.is_some(), formats: SIZED },
    Applies { flag: "--wall-width", given: |r| r.wall_width.is_some(), formats: SIZED },
    Applies { flag: "--wall-colour", given: |r| r.wall_colour.is_some(), formats: PICTURES },
    Applies { flag: "--background", given: |r| r.background.is_some(), formats: PICTURES },
    Applies { flag: "--path-colour", given: |r| r.path_colour.is_some(), formats: PICTURES },
    Applies { flag: "--no-visited", given: |r| r.no_visited, formats: EXPLORED },
    Applies { flag: "--style document", given: |r| r.style == PictureStyle::Document, formats: PICTURES },
    Applies { flag: "--heat", given: |r| r.heat, formats: STILL },
    Applies { flag: "--dot-size", given: |r| r.dot_size.is_some(), formats: PICTURES },
    Applies { flag: "--numbered", given: |r| r.numbered, formats: STILL },
    Applies { flag: "--no-markers", given: |r| r.no_markers, formats: PICTURES },
    Applies { flag: "--title", given: |r| r.title.is_some(), formats: STILL },
    Applies { flag: "--instructions", given: |r| r.instructions.is_some(), formats: STILL },
    Applies { flag: "--paper", given: |r| r.paper.is_some(), formats: &[Pdf] },
    Applies { flag: "--margin", given: |r| r.margin.is_some(), formats: &[Pdf] },
    Applies { flag: "--fit", given: |r| r.fit, formats: &[Pdf] },
    Applies { flag: "--font", given: |r| r.font.is_some(), formats: &[Pdf] },
    Applies { flag: "--trim", given: |r| r.trim.is_some(), formats: &[Pdf] },
    Applies { flag: "--bleed", given: |r| r.bleed.is_some(), formats: &[Pdf] },
    Applies { flag: "--gutter", given: |r| r.gutter.is_some(), formats: &[Pdf] },
    Applies { flag: "--page-numbers", given: |r| r.page_numbers.is_some(), formats: &[Pdf] },
    Applies { flag: "--keys-per-page", given: |r| r.keys_per_page.is_some(), formats: &[Pdf] },
    Applies { flag: "--ink", given: |r| r.ink.is_some(), formats: &[Pdf] },
    Applies { flag: "--front-page", given: |r| r.front_page, formats: &[Pdf] },
    Applies { flag: "--per-page", given: |r| r.per_page.is_some(), formats: &[Pdf] },
    Applies { flag: "--name-line", given: |r| r.name_line, formats: &[Pdf] },
    Applies { flag: "--wall-height", given: |r| r.wall_height.is_some(), formats: MODELS },
    Applies { flag: "--base", given: |r| r.base.is_some(), formats: MODELS },
    Applies { flag: "--tex-fragment", given: |r| r.tex_fragment, formats: &[Tex] },
    Applies { flag: "--cell-walls", given: |r| r.cell_walls, formats: &[Json] },
    Applies { flag: "--prompt-style", given: |r| r.prompt_style.is_some(), formats: &[Prompt, Tasks] },
    Applies { flag: "--prompt-glyphs", given: |r| r.prompt_glyphs, formats: &[Prompt, Tasks] },
    Applies { flag: "--task-image", given: |r| r.task_image, formats: &[Tasks] },
    Applies { flag: "--corridor-width", given: |r| r.corridor_width.is_some(), formats: TILED },
    Applies { flag: "--wall-tiles", given: |r| r.wall_tiles.is_some(), formats: TILED },
];

/// The tile maps: the maze as whole wall and floor tiles.
const TILED: &[Format] = &[Grid, Tmj];

/// Refuses drawing and animation options the request's format does not take (by
/// [`DRAWING_OPTIONS`]: a title on text, pdf's page options elsewhere, a cell size on
/// json, a model's height on a picture ...), and an animation's timing on a still
/// picture. Saved mazes drawn again (`maze solve`, `maze render`) are checked the same way.
pub(crate) fn check_drawing(r: &MazeRequest) -> Result<()> {
    let refuse = |what: String| Err(Error::Request(what));
    for (text, flag) in [(&r.title, "--title"), (&r.instructions, "--instructions")] {
        if let Some(c) = text.as_deref().and_then(|t| t.chars().find(|c| c.is_control())) {
            return refuse(format!(
                "{flag} has a control character ({}): it is one line of printable text",
                c.escape_unicode()
            ));
        }
    }
    if let Some(refusal) = DRAWING_OPTIONS.iter().filter(|a| (a.given)(r)).find_map(|a| a.refusal(r.format)) {
        return refuse(refusal);
    }
    if !r.animated() {
        let timing = [
            (r.frames.is_some(), "--frames"),
            (r.delay.is_some(), "--delay"),
            (r.duration.is_some(), "--duration"),
        ];
        if let Some((_, flag)) = timing.iter().find(|(given, _)| *given) {
            return refuse(format!("{flag} applies to an animation (add --animate, or use --format gif)"));
        }
    }
    Ok(())
}

/// The refusal of `--numbered` on a maze with one start and one end.
pub(crate) fn numbered_alone() -> String {
    "--numbered numbers a MultiMaze's dots (several --starts or --ends); this maze has one start and one end"
        .into()
}

/// Refuses the options that change how a solution is shown when no solution is shown
/// (`solved` false): `--style document` and `--no-visited`. `how` says how to get one
/// (`add --solve`, or for a saved maze drawn again, `the file has no saved solution`).
pub(crate) fn check_solution_shown(r: &MazeRequest, solved: bool, how: &str) -> Result<()> {
    if solved {
        return Ok(());
    }
    let options = [
        (r.style == PictureStyle::Document, "--style document", "shows a solution's cells"),
        (r.no_visited, "--no-visited", "leaves a solution's explored cells out"),
    ];
    match options.iter().find(|(given, _, _)| *given) {
        Some((_, flag, what)) => {
            Err(Error::Request(format!("{flag} {what}, and there is no solution ({how})")))
        }
        None => Ok(()),
    }
}

/// Refuses what a unicursal labyrinth cannot have: loops (`--braid`), MultiMaze dots, ends
/// chosen elsewhere than the path's two ends, an animation (the generator's steps are on
/// the half-size maze), rows made one at a time, a parametric program.
pub(crate) fn check_unicursal(r: &MazeRequest) -> Result<()> {
    let ends = "a labyrinth's entrance and exit are its path's two ends, side by side on the outer wall";
    let conflicts = [
        (r.braid.is_some(), "--braid", "it adds loops; a labyrinth has one path"),
        (
            r.starts.is_some() || r.ends.is_some(),
            "--starts/--ends",
            "a MultiMaze has many routes; a labyrinth has one",
        ),
        (r.entrance.is_some(), "--entrance", ends),
        (r.exit.is_some(), "--exit", ends),
        (r.has_end_rules(), "endpoint rules (--deadend-start, --allowed-start, --min-distance, ...)", ends),
        (
            r.animated(),
            "--animate/--zones/gif",
            "the steps would be those of the half-size maze it is made from; draw svg or png",
        ),
        (r.stream, "--stream", "rows are made one at a time; a labyrinth is made whole"),
        (r.parametric, "--parametric", "the program makes binary-tree mazes of its own"),
    ];
    match conflicts.iter().find(|(given, _, _)| *given) {
        Some((_, flag, why)) => {
            Err(Error::Request(format!("--unicursal cannot be used with {flag} ({why})")))
        }
        None => Ok(()),
    }
}

/// Checks `part` and `parts`: both or neither, `part` from 0 to `parts - 1`, and `parts`
/// from 1 to `count` (every part holds a maze).
pub(crate) fn check_part(r: &MazeRequest) -> Result<()> {
    let refuse = |why: String| Err(Error::Request(why));
    match (r.part, r.parts) {
        (None, None) => Ok(()),
        (Some(_), None) | (None, Some(_)) => {
            refuse("--part and --parts go together (--part K --parts N: part K of N)".into())
        }
        (Some(_), Some(0)) => refuse("--parts must be at least 1".into()),
        (Some(_), Some(n)) if n > r.count => refuse(format!(
            "--parts {n} is more than --count {} (every part holds at least one maze)",
            r.count
        )),
        (Some(k), Some(n)) if k >= n => {
            refuse(format!("--part {k} is not a part of --parts {n} (parts are numbered 0 to {})", n - 1))
        }
        _ => Ok(()),
    }
}

/// Refuses endpoint rules that can never be met, or that say nothing: a rule on an end
/// given as something other than `random` (a rule draws its end), a least distance with
/// no random end, or one no route of the maze's cells can have, allowed cells that are not
/// cells of the maze, and ends that could only be one cell. Part of [`crate::Plan::new`].
///
/// # Errors
/// [`Error::Request`] naming the rule.
pub(crate) fn check_end_rules(r: &MazeRequest, spec: &ShapeSpec) -> Result<()> {
    let refuse = |why: String| Err(Error::Request(why));
    let rules = r.end_rules();
    if !rules.any() {
        return Ok(());
    }
    for (exit, given, flag, rule) in [
        (
            false,
            r.entrance,
            "--entrance",
            if r.deadend_start { "--deadend-start" } else { "--allowed-start" },
        ),
        (true, r.exit, "--exit", if r.deadend_end { "--deadend-end" } else { "--allowed-end" }),
    ] {
        if rules.draws(exit)
            && let Some(e) = given.filter(|e| *e != EndSpec::Random)
        {
            let end = if exit { "exit" } else { "entrance" };
            return refuse(format!(
                "{rule} draws the {end} at random among the cells it allows; it cannot be {flag} {e} (leave {flag} out, or give random)"
            ));
        }
    }
    for (cells, flag) in [(&r.allowed_start, "--allowed-start"), (&r.allowed_end, "--allowed-end")] {
        if let Some(e) = cells.iter().find(|e| !matches!(e, EndSpec::Cell(..) | EndSpec::Id(_))) {
            return refuse(format!("{flag} takes cells (x,y, polar ring,index, or an id), not {e}"));
        }
        crate::ends::check_ends(spec, &cells.iter().map(|&e| Some(e)).collect::<Vec<_>>())
            .map_err(|e| Error::Request(format!("{flag}: {e}")))?;
    }
    let (entrance, exit) = r.end_specs();
    let random = |e: Option<EndSpec>| e == Some(EndSpec::Random);
    if let Some(least) = rules.min_distance {
        if !random(entrance) && !random(exit) {
            return refuse(format!(
                "--min-distance draws random ends at least {least} steps apart: give --entrance or --exit random (or an endpoint rule); with fixed ends use --where solution>={least}"
            ));
        }
        let cells = spec.cells();
        if least >= cells {
            return refuse(format!(
                "--min-distance {least} can never be met: a route of a {cells}-cell maze has at most {} steps",
                cells.saturating_sub(1)
            ));
        }
    }
    // One allowed cell for both ends (or for one end, the other end's fixed cell).
    let one = |cells: &[EndSpec]| {
        let mut ids: Vec<String> = cells.iter().map(ToString::to_string).collect();
        ids.sort();
        ids.dedup();
        (ids.len() == 1).then(|| cells[0])
    };
    let same = match (one(&r.allowed_start), one(&r.allowed_end)) {
        (Some(a), Some(b)) if a == b => Some(a),
        (Some(a), None) if !random(exit) && exit == Some(a) => Some(a),
        (None, Some(b)) if !random(entrance) && entrance == Some(b) => Some(b),
        _ => None,
    };
    if let Some(cell) = same {
        return refuse(format!("the entrance and the exit could only be the cell {cell}: allow other cells"));
    }
    Ok(())
}

/// Checks the 3D model's sizes: `--base` above 0, `--wall-height` above 0, or 0 for
/// scad's flat (2D) drawing of the walls; both at most 10000 millimetres. Part of
/// [`crate::Plan::new`], and of drawing a saved maze ([`crate::redraw::check_file_request`]).
///
/// # Errors
/// [`Error::Request`] naming the field, or `--wall-height 0` with a format other than scad.
pub(crate) fn check_model(r: &MazeRequest) -> Result<()> {
    let bad = |field: &str, why: &str| Err(Error::Request(format!("--{field}: {why}")));
    if let Some(height) = r.wall_height {
        if !(height.is_finite() && (0.0..=10_000.0).contains(&height)) {
            return bad("wall-height", "must be from 0 (scad's flat drawing) to 10000");
        }
        if height == 0.0 && r.format != Format::Scad {
            return Err(Error::Request(format!(
                "--wall-height 0 makes a flat (2D) drawing of the walls and applies to scad only, not {} (use --format scad, or a height above 0)",
                r.format.name()
            )));
        }
    }
    if r.base.is_some_and(|base| !(base.is_finite() && base > 0.0 && base <= 10_000.0)) {
        return bad("base", "must be above 0 and at most 10000");
    }
    let max = maze_core::tiles::MAX_TILES;
    for (field, value) in [("corridor-width", r.corridor_width), ("wall-tiles", r.wall_tiles)] {
        if value.is_some_and(|v| !(1..=max).contains(&v)) {
            return bad(field, &format!("must be from 1 to {max} tiles"));
        }
    }
    Ok(())
}
