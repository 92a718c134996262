//! TikZ output: the scene as a `tikzpicture` for LaTeX, either a whole document that
//! compiles with plain `pdflatex` (article class and TikZ alone: the page is cut to the
//! picture's measured size) or just the picture, to `\input` into a document that loads TikZ.

use std::fmt::Write as _;

use maze_core::{Error, Point};

use crate::scene::{Fill, Marker, Scene};
use crate::style::{Colour, ROUTE_COLOURS, Style, heat_colour};
use crate::svg::num;

/// Wall pieces (or polygon corners) per `\draw`/`\fill` command: TikZ builds a path in
/// time quadratic in its length, so long ones are cut into commands of this size.
const PER_COMMAND: usize = 250;
/// Pieces per source line, to keep lines short.
const PER_LINE: usize = 6;
/// The largest drawing side, mm: TeX lengths stop at about 5.7 m, so bigger mazes are
/// drawn smaller.
const MAX_SIDE_MM: f64 = 5000.0;

/// Writes the scene as a TikZ picture.
///
/// Coordinates are millimetres (the picture sets `x=1mm, y=1mm`): a maze unit is
/// `style.cell_size` mm and, since TikZ's y axis grows upwards, the scene's y is negated,
/// so the maze hangs below the origin. The colours are `\definecolor`s made from the style
/// (`mazewalls`, `mazepath`, ...) inside the picture. Drawn in order: a background box when
/// the background is not white, the shaded cells (one `\fill` per colour), the walls
/// (`\draw` with `line cap=rect`, many segments per command, `style.wall_width` mm thick),
/// the solution line (a quarter of a cell wide, round caps and joins), the start and end
/// dots, and above the maze the title (`style.title`, large bold) and the instructions line,
/// with TeX's special characters escaped and accented Latin letters written as accent
/// commands (other characters print as `?`).
///
/// With `standalone`, the result is a complete document for `pdflatex` that needs nothing
/// beyond LaTeX itself and TikZ (Debian's texlive-latex-base and texlive-pictures): the
/// picture is set in a box, the page is made the box's size plus a 2 mm border
/// (`\pdfpagewidth`, `\pdfpageheight`) and the box is shipped out as the one page. Without, it is only the `tikzpicture`, preceded by a comment saying it needs
/// `\usepackage{tikz}`. A maze larger than about 5 m is drawn smaller, as TeX cannot
/// measure beyond that.
pub fn tikz(scene: &Scene, style: &Style, standalone: bool) -> String {
    match write(scene, style, standalone, false) {
        Ok(out) => out,
        Err(e) => unreachable!("a TikZ drawing without cancellation does not fail: {e}"),
    }
}

/// [`tikz`], checking the job's cancellation flag ([`maze_core::cancel`]) as it goes.
///
/// # Errors
/// [`Error::Cancelled`] when the job is cancelled.
pub fn try_tikz(scene: &Scene, style: &Style, standalone: bool) -> Result<String, Error> {
    write(scene, style, standalone, true)
}

/// [`tikz`]; with `checked`, the cancellation flag is checked in every loop.
fn write(scene: &Scene, style: &Style, standalone: bool, checked: bool) -> Result<String, Error> {
    let every = |i: usize| if checked { crate::scene::every(i) } else { Ok(()) };
    let defaults = Style::default();
    let mut k = if style.cell_size.is_finite() && style.cell_size > 0.0 { style.cell_size } else { 6.35 };
    let mut wall =
        if style.wall_width.is_finite() && style.wall_width >= 0.0 { style.wall_width } else { k / 8.0 };
    let finite = |v: f64| if v.is_finite() && v > 0.0 { v } else { 0.0 };
    let (sw, sh) = (finite(scene.width), finite(scene.height));
    let side = sw.max(sh) * k + wall;
    let mut shrunk = None;
    if side > MAX_SIDE_MM {
        let s = MAX_SIDE_MM / side;
        k *= s;
        wall *= s;
        shrunk = Some(s);
    }
    let cell = if scene.cell.is_finite() && scene.cell > 0.0 { scene.cell } else { 1.0 };
    let at = |p: Point| format!("({},{})", num(p.x * k), num(-p.y * k));

    let mut out = String::new();
    if standalone {
        out.push_str("% A maze drawn with TikZ. Compile with: pdflatex FILE.tex\n");
        out.push_str("\\documentclass{article}\n\\usepackage{tikz}\n");
        out.push_str("\\newsavebox\\mazepicture\n\\begin{document}\n\\begin{lrbox}{\\mazepicture}%\n");
    } else {
        out.push_str("% A maze drawn with TikZ, to \\input into a LaTeX document.\n");
        out.push_str("% Needs \\usepackage{tikz} in the preamble.\n");
    }
    let _ = writeln!(
        out,
        "% {} x {} maze units, {} mm per unit{}.",
        num(sw),
        num(sh),
        num(k),
        shrunk.map_or(String::new(), |s| format!(" (shrunk by {} to fit TeX's limits)", num(s)))
    );
    out.push_str("\\begin{tikzpicture}[x=1mm, y=1mm]\n");

    let colour = |value: &str, fallback: &str| -> String {
        let c = value.parse::<Colour>().or_else(|_| fallback.parse::<Colour>()).unwrap_or(Colour {
            r: 0,
            g: 0,
            b: 0,
        });
        format!("{:02X}{:02X}{:02X}", c.r, c.g, c.b)
    };
    let named = [
        ("mazewalls", colour(&style.walls, &defaults.walls)),
        ("mazebackground", colour(&style.background, &defaults.background)),
        ("mazepath", colour(&style.path, &defaults.path)),
        ("mazepathcells", colour(&style.path_cells, &defaults.path_cells)),
        ("mazevisited", colour(&style.visited, &defaults.visited)),
        ("mazestart", colour(&style.start, &defaults.start)),
        ("mazeend", colour(&style.end, &defaults.end)),
    ];
    for (name, hex) in &named {
        let _ = writeln!(out, "\\definecolor{{{name}}}{{HTML}}{{{hex}}}");
    }

    // Background box, walls' overhang included.
    if named[1].1 != "FFFFFF" {
        let h = wall / 2.0;
        let _ = writeln!(
            out,
            "\\fill[mazebackground] ({},{}) rectangle ({},{});",
            num(-h),
            num(h),
            num(sw * k + h),
            num(-(sh * k + h))
        );
    }

    // Shaded cells, one colour at a time in order of first appearance.
    let mut groups: Vec<(String, Vec<&Vec<Point>>)> = Vec::new();
    let mut heat: Vec<String> = Vec::new();
    for (i, (poly, fill)) in scene.fills.iter().enumerate() {
        every(i)?;
        let name = match fill {
            Fill::Visited => "mazevisited".to_string(),
            Fill::Solid => "mazewalls".to_string(),
            Fill::Path => "mazepathcells".to_string(),
            Fill::Heat(t) => {
                let hex = colour(&heat_colour(*t), &defaults.visited);
                let i = match heat.iter().position(|h| *h == hex) {
                    Some(i) => i,
                    None => {
                        heat.push(hex.clone());
                        let _ = writeln!(out, "\\definecolor{{mazeheat{}}}{{HTML}}{{{hex}}}", heat.len() - 1);
                        heat.len() - 1
                    }
                };
                format!("mazeheat{i}")
            }
        };
        match groups.iter_mut().find(|(n, _)| *n == name) {
            Some((_, polys)) => polys.push(poly),
            None => groups.push((name, vec![poly])),
        }
    }
    for (name, polys) in &groups {
        for chunk in polys.chunks(PER_COMMAND / 4) {
            every(0)?;
            let _ = write!(out, "\\fill[{name}]");
            for (i, poly) in chunk.iter().enumerate() {
                if poly.is_empty() {
                    continue;
                }
                out.push_str(if i % PER_LINE == 0 { "\n  " } else { " " });
                let corners: Vec<String> = poly.iter().map(|&p| at(p)).collect();
                out.push_str(&corners.join(" -- "));
                out.push_str(" -- cycle");
            }
            out.push_str(";\n");
        }
    }

    // Walls: runs that continue where the last ended are joined with a mitre.
    if wall > 0.0 {
        for chunk in scene.walls.chunks(PER_COMMAND) {
            every(0)?;
            let _ = write!(
                out,
                "\\draw[mazewalls, line width={}mm, line cap=rect, line join=miter]",
                num(wall.max(0.01))
            );
            let mut last: Option<String> = None;
            for (i, &[a, b]) in chunk.iter().enumerate() {
                let (a, b) = (at(a), at(b));
                out.push_str(if i % PER_LINE == 0 { "\n  " } else { " " });
                if last.as_deref() != Some(a.as_str()) {
                    out.push_str(&a);
                    out.push(' ');
                }
                out.push_str("-- ");
                out.push_str(&b);
                last = Some(b);
            }
            out.push_str(";\n");
        }
        // Curved walls as true TikZ arcs (TikZ's angles grow counter-clockwise, y up).
        for chunk in scene.arcs.chunks(PER_COMMAND) {
            every(0)?;
            let _ = write!(out, "\\draw[mazewalls, line width={}mm, line cap=rect]", num(wall.max(0.01)));
            for (i, arc) in chunk.iter().enumerate() {
                out.push_str(if i % PER_LINE == 0 { "\n  " } else { " " });
                let _ = write!(
                    out,
                    "{} arc[start angle={}, end angle={}, radius={}mm]",
                    at(arc.ends()[0]),
                    num(-arc.start.to_degrees()),
                    num(-arc.end.to_degrees()),
                    num(arc.radius * k)
                );
            }
            out.push_str(";\n");
        }
    }

    // The solution line, cut into overlapping pieces (round caps hide the cuts).
    for piece in scene.path.iter().filter(|p| p.len() > 1) {
        let width = (0.25 * cell * k).max(wall).max(0.01);
        let mut start = 0;
        while start + 1 < piece.len() {
            every(0)?;
            let end = (start + PER_COMMAND).min(piece.len() - 1);
            let _ =
                write!(out, "\\draw[mazepath, line width={}mm, line cap=round, line join=round]", num(width));
            for (i, &p) in piece[start..=end].iter().enumerate() {
                out.push_str(if i % PER_LINE == 0 { "\n  " } else { " " });
                if i > 0 {
                    out.push_str("-- ");
                }
                out.push_str(&at(p));
            }
            out.push_str(";\n");
            start = end;
        }
    }

    // A MultiMaze's answer key: each route in its own colour.
    for (i, route) in scene.routes.iter().enumerate().filter(|(_, r)| r.len() > 1) {
        let colour = ROUTE_COLOURS[i % ROUTE_COLOURS.len()].parse::<Colour>().map_or([0.0; 3], Colour::unit);
        let width = (scene.route_width * k).max(0.01);
        let mut start = 0;
        while start + 1 < route.len() {
            every(0)?;
            let end = (start + PER_COMMAND).min(route.len() - 1);
            let _ = write!(
                out,
                "\\draw[color={{rgb,1:red,{};green,{};blue,{}}}, line width={}mm, line cap=round, line join=round]",
                num(f64::from(colour[0])),
                num(f64::from(colour[1])),
                num(f64::from(colour[2])),
                num(width)
            );
            for (j, &p) in route[start..=end].iter().enumerate() {
                out.push_str(if j % PER_LINE == 0 { "\n  " } else { " " });
                if j > 0 {
                    out.push_str("-- ");
                }
                out.push_str(&at(p));
            }
            out.push_str(";\n");
            start = end;
        }
    }

    // Start and end dots, on top of every line, each ringed in the background's colour
    // when lines are drawn (the end dot is as red as the solution line ending on it).
    let radius = num(scene.dot(style) / 2.0 * cell * k);
    let ring = scene.dot_ring() * k;
    for &(p, marker) in &scene.markers {
        let name = match marker {
            Marker::Start => "mazestart",
            Marker::End => "mazeend",
        };
        if ring > 0.0 {
            // (A stroke centred on the edge of a circle grown by half of it: the ring lies
            // outside the dot.)
            let _ = writeln!(
                out,
                "\\filldraw[fill={name}, draw=mazebackground, line width={}mm] {} circle[radius={}mm];",
                num(ring),
                at(p),
                num(scene.dot(style) / 2.0 * cell * k + ring / 2.0)
            );
        } else {
            let _ = writeln!(out, "\\fill[{name}] {} circle[radius={radius}mm];", at(p));
        }
    }
    // A MultiMaze's numbers, white on their dots (sizes in points: 2.845 to the mm).
    let diameter = scene.dot(style) * cell * k;
    for (p, text) in &scene.labels {
        let size = num(crate::scene::label_size(diameter, text) * 72.0 / 25.4);
        let _ = writeln!(
            out,
            "\\node[text=white, inner sep=0pt, font={{\\fontsize{{{size}}}{{{size}}}\\selectfont\\sffamily\\bfseries}}] at {} {{{}}};",
            at(*p),
            escape(text)
        );
    }

    // Title and instructions above the maze.
    let title = style.title.as_deref().map(escape).filter(|t| !t.trim().is_empty());
    let how = style.instructions.as_deref().map(escape).filter(|t| !t.trim().is_empty());
    let (cx, top) = (num(sw * k / 2.0), num(wall / 2.0 + 2.0));
    match (title, how) {
        (Some(title), Some(how)) => {
            let _ = writeln!(out, "\\node[anchor=south] (mazeinstructions) at ({cx},{top}) {{{how}}};");
            let _ = writeln!(
                out,
                "\\node[anchor=south, font=\\Large\\bfseries] at (mazeinstructions.north) {{{title}}};"
            );
        }
        (Some(title), None) => {
            let _ =
                writeln!(out, "\\node[anchor=south, font=\\Large\\bfseries] at ({cx},{top}) {{{title}}};");
        }
        (None, Some(how)) => {
            let _ = writeln!(out, "\\node[anchor=south] at ({cx},{top}) {{{how}}};");
        }
        (None, None) => {}
    }

    if standalone {
        // The page: the picture and a 2 mm border round it, the picture's top left corner
        // 2 mm in from the page's (TeX puts a page's box 1 in + \hoffset, \voffset in).
        out.push_str("\\end{tikzpicture}%\n\\end{lrbox}%\n");
        out.push_str("\\pdfpagewidth=\\dimexpr\\wd\\mazepicture+4mm\\relax\n");
        out.push_str("\\pdfpageheight=\\dimexpr\\ht\\mazepicture+\\dp\\mazepicture+4mm\\relax\n");
        out.push_str("\\hoffset=\\dimexpr2mm-1in\\relax\n\\voffset=\\dimexpr2mm-1in\\relax\n");
        out.push_str("\\shipout\\box\\mazepicture\n\\end{document}\n");
    } else {
        out.push_str("\\end{tikzpicture}\n");
    }
    Ok(out)
}

/// Text for a TeX paragraph: the special characters `# $ % & _ { } ~ ^ \` (and `< > |`,
/// which the default font lacks) escaped, accented Latin letters written with accent
/// commands (so they work whatever the document's font encoding), controls as spaces and
/// any other character as `?`.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '"' => out.push_str("''"),
            '\u{2013}' => out.push_str("--"),
            '\u{2014}' => out.push_str("---"),
            '\u{2018}' => out.push('`'),
            '\u{2019}' => out.push('\''),
            '\u{201c}' => out.push_str("``"),
            '\u{201d}' => out.push_str("''"),
            '\u{2026}' => out.push_str("\\dots{}"),
            '\u{a0}' => out.push('~'),
            ' '..='~' => out.push(c),
            c if c.is_control() || c.is_whitespace() => out.push(' '),
            c => out.push_str(&letter(c).unwrap_or_else(|| "?".into())),
        }
    }
    out
}

/// An accented or special Latin letter as TeX commands.
fn letter(c: char) -> Option<String> {
    const ACCENTED: &[(char, &str, &str)] = &[
        ('`', "ÀÈÌÒÙàèìòù", "AEIOUaeiou"),
        ('\'', "ÁÉÍÓÚÝáéíóúýĆćŃńŚśŹź", "AEIOUYaeiouyCcNnSsZz"),
        ('^', "ÂÊÎÔÛâêîôû", "AEIOUaeiou"),
        ('~', "ÃÑÕãñõ", "ANOano"),
        ('"', "ÄËÏÖÜäëïöüÿŸ", "AEIOUaeiouyY"),
        ('v', "ČčŠšŽžŘřĚěŇň", "CcSsZzRrEeNn"),
        ('c', "Çç", "Cc"),
    ];
    for &(accent, letters, bases) in ACCENTED {
        if let Some(i) = letters.chars().position(|l| l == c) {
            let base = bases.chars().nth(i)?;
            // A lowercase i loses its dot under an accent.
            let base = if base == 'i' { "\\i".to_string() } else { base.to_string() };
            return Some(format!("\\{accent}{{{base}}}"));
        }
    }
    let word = match c {
        'ß' => "\\ss{}",
        'æ' => "\\ae{}",
        'Æ' => "\\AE{}",
        'ø' => "\\o{}",
        'Ø' => "\\O{}",
        'å' => "\\aa{}",
        'Å' => "\\AA{}",
        'œ' => "\\oe{}",
        'Œ' => "\\OE{}",
        'ł' => "\\l{}",
        'Ł' => "\\L{}",
        '¡' => "!`",
        '¿' => "?`",
        '©' => "\\copyright{}",
        '£' => "\\pounds{}",
        '§' => "\\S{}",
        '¶' => "\\P{}",
        '°' => "\\ensuremath{^\\circ}",
        '×' => "\\ensuremath{\\times}",
        '÷' => "\\ensuremath{\\div}",
        '±' => "\\ensuremath{\\pm}",
        '·' => "\\ensuremath{\\cdot}",
        '•' => "\\ensuremath{\\bullet}",
        _ => return None,
    };
    Some(word.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_specials_and_accents() {
        assert_eq!(escape("50% of R&D_{x}"), "50\\% of R\\&D\\_\\{x\\}");
        assert_eq!(escape("a~b^c\\d#$"), "a\\textasciitilde{}b\\textasciicircum{}c\\textbackslash{}d\\#\\$");
        assert_eq!(escape("Café"), "Caf\\'{e}");
        assert_eq!(escape("naïve"), "na\\\"{\\i}ve");
        assert_eq!(escape("Straße π"), "Stra\\ss{}e ?");
    }
}
