//! SVG: a compact vector picture of a [`Scene`]. All walls are one `<path>` (merged runs as
//! `M … L …` pieces); shaded cells are one path per kind; the solution is a polyline
//! through cell centres; start and end dots are circles.

use std::fmt::Write as _;

use crate::scene::{Fill, Marker, Scene};
use crate::style::{ROUTE_COLOURS, Style, heat_colour};
use maze_core::{Error, Point};

/// Formats a coordinate with at most two decimals and no trailing zeros.
pub(crate) fn num(v: f64) -> String {
    let mut s = String::new();
    push_num(&mut s, v);
    s
}

/// Appends a number with at most two decimals and no trailing zeros, without allocating
/// (a big maze writes millions of them).
pub(crate) fn push_num(out: &mut String, v: f64) {
    let hundredths = (v * 100.0).round() as i64;
    if hundredths < 0 {
        out.push('-');
    }
    let h = hundredths.unsigned_abs();
    let (int, frac) = (h / 100, h % 100);
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut n = int;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
    if frac != 0 {
        out.push('.');
        out.push(char::from(b'0' + (frac / 10) as u8));
        if frac % 10 != 0 {
            out.push(char::from(b'0' + (frac % 10) as u8));
        }
    }
}

/// The `d` attribute of a path through wall segments given in maze units: `k` pixels per
/// unit, `m` pixels of margin. Horizontal and vertical runs use H and V, which need one
/// number instead of two; a segment that starts where the last one ended needs no M.
pub(crate) fn wall_path(walls: &[[Point; 2]], k: f64, m: f64) -> String {
    let mut d = String::with_capacity(walls.len() * 16);
    let mut last: Option<Point> = None;
    for &[a, b] in walls {
        if !last.is_some_and(|l| (l.x - a.x).abs() < 1e-9 && (l.y - a.y).abs() < 1e-9) {
            d.push('M');
            push_num(&mut d, m + a.x * k);
            d.push(' ');
            push_num(&mut d, m + a.y * k);
        }
        if (a.y - b.y).abs() < 1e-9 {
            d.push('H');
            push_num(&mut d, m + b.x * k);
        } else if (a.x - b.x).abs() < 1e-9 {
            d.push('V');
            push_num(&mut d, m + b.y * k);
        } else {
            d.push('L');
            push_num(&mut d, m + b.x * k);
            d.push(' ');
            push_num(&mut d, m + b.y * k);
        }
        last = Some(b);
    }
    d
}

/// Appends true circular arcs to a path's `d` attribute (SVG's `A` command; the sweep flag 1
/// turns the way our angles grow).
pub(crate) fn arc_path(d: &mut String, arcs: &[crate::scene::WallArc], k: f64, m: f64) {
    for arc in arcs {
        let [a, b] = arc.ends();
        d.push('M');
        push_num(d, m + a.x * k);
        d.push(' ');
        push_num(d, m + a.y * k);
        d.push('A');
        push_num(d, arc.radius * k);
        d.push(' ');
        push_num(d, arc.radius * k);
        d.push_str(" 0 0 1 ");
        push_num(d, m + b.x * k);
        d.push(' ');
        push_num(d, m + b.y * k);
    }
}

/// Escapes text for XML attributes and content.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // Not allowed in XML 1.0 at all, not even as a character reference.
            c if !xml_char(c) => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// Whether XML 1.0 allows `c` in a document (its `Char` production).
fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// The opening of an SVG document `w` x `h` pixels: the root element, the title if any and
/// the background.
pub(crate) fn header(w: f64, h: f64, style: &Style) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}">"#,
        num(w),
        num(h),
        num(w),
        num(h)
    );
    if let Some(title) = &style.title {
        let _ = writeln!(out, "<title>{}</title>", escape(title));
    }
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="{}"/>"#, escape(&style.background));
    out
}

/// Writes the scene as a standalone SVG document. Coordinates are in pixels: one maze unit
/// is `style.cell_size` pixels, plus `style.margin` around.
pub fn svg(scene: &Scene, style: &Style) -> String {
    match write(scene, style, false) {
        Ok(out) => out,
        Err(e) => unreachable!("an SVG drawing without cancellation does not fail: {e}"),
    }
}

/// [`svg`], checking the job's cancellation flag ([`maze_core::cancel`]) as it goes.
///
/// # Errors
/// [`Error::Cancelled`] when the job is cancelled.
pub fn try_svg(scene: &Scene, style: &Style) -> Result<String, Error> {
    write(scene, style, true)
}

/// [`svg`]; with `checked`, the cancellation flag is checked in every loop.
fn write(scene: &Scene, style: &Style, checked: bool) -> Result<String, Error> {
    let every = |i: usize| if checked { crate::scene::every(i) } else { Ok(()) };
    let k = style.cell_size;
    let m = style.margin;
    let (w, h) = (scene.width * k + 2.0 * m, scene.height * k + 2.0 * m);
    let at = |p: Point| format!("{} {}", num(m + p.x * k), num(m + p.y * k));
    let (heading, band) = heading(w, style);
    let mut out = header(w, h + band, style);
    if band > 0.0 {
        out.push_str(&heading);
        let _ = writeln!(out, r#"<g transform="translate(0 {})">"#, num(band));
    }
    // Shaded cells, grouped by colour so each colour is one path.
    let mut groups: Vec<(String, String)> = Vec::new();
    for (i, (poly, fill)) in scene.fills.iter().enumerate() {
        every(i)?;
        let colour = match fill {
            Fill::Visited => style.visited.clone(),
            Fill::Solid => style.walls.clone(),
            Fill::Path => style.path_cells.clone(),
            Fill::Heat(t) => heat_colour(*t),
        };
        let mut d = String::new();
        for (i, &p) in poly.iter().enumerate() {
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&at(p));
        }
        d.push('Z');
        match groups.iter_mut().find(|(c, _)| *c == colour) {
            Some((_, path)) => path.push_str(&d),
            None => groups.push((colour, d)),
        }
    }
    for (colour, d) in groups {
        let _ = writeln!(out, r#"<path fill="{}" d="{d}"/>"#, escape(&colour));
    }
    every(0)?;
    if !scene.walls.is_empty() || !scene.arcs.is_empty() {
        let mut d = wall_path(&scene.walls, k, m);
        arc_path(&mut d, &scene.arcs, k, m);
        let _ = writeln!(
            out,
            r#"<path fill="none" stroke="{}" stroke-width="{}" stroke-linecap="square" stroke-linejoin="miter" d="{d}"/>"#,
            escape(&style.walls),
            num(style.wall_width)
        );
    }
    every(0)?;
    for piece in scene.path.iter().filter(|p| p.len() > 1) {
        let pts: Vec<String> = piece.iter().map(|&p| at(p).replace(' ', ",")).collect();
        let _ = writeln!(
            out,
            r#"<polyline fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round" points="{}"/>"#,
            escape(&style.path),
            num((k * 0.25).max(style.wall_width)),
            pts.join(" ")
        );
    }
    for (i, route) in scene.routes.iter().enumerate().filter(|(_, r)| r.len() > 1) {
        every(0)?;
        let pts: Vec<String> = route.iter().map(|&p| at(p).replace(' ', ",")).collect();
        let _ = writeln!(
            out,
            r#"<polyline class="route" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round" points="{}"/>"#,
            ROUTE_COLOURS[i % ROUTE_COLOURS.len()],
            num(k * scene.route_width),
            pts.join(" ")
        );
    }
    // The dots go on top of every line, each ringed in the background's colour when
    // lines are drawn (the end dot is as red as the solution line ending on it).
    let ring = scene.dot_ring() * k;
    let ringed = if ring > 0.0 {
        format!(r#" stroke="{}" stroke-width="{}""#, escape(&style.background), num(ring))
    } else {
        String::new()
    };
    for &(p, marker) in &scene.markers {
        let colour = match marker {
            Marker::Start => &style.start,
            Marker::End => &style.end,
        };
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{}"{ringed}/>"#,
            num(m + p.x * k),
            num(m + p.y * k),
            // (The ring is drawn as a stroke centred on the circle's edge: the circle grows
            // by half of it, so the dot keeps its size and the ring lies outside it.)
            num(scene.cell * k * scene.dot(style) / 2.0 + ring / 2.0),
            escape(colour)
        );
    }
    // A MultiMaze's numbers, white on their dots.
    let diameter = scene.cell * k * scene.dot(style);
    for (p, text) in &scene.labels {
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="{}" font-family="sans-serif" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#ffffff">{}</text>"##,
            num(m + p.x * k),
            num(m + p.y * k),
            num(crate::scene::label_size(diameter, text)),
            escape(text)
        );
    }
    if band > 0.0 {
        out.push_str("</g>\n");
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The visible heading of an SVG picture `w` pixels wide: the title (and the instructions
/// under it) as centred text above the maze, as on the PDF page, and the height of the band
/// it takes; empty and 0 without either. The title's size follows the cell size (14 to 32
/// pixels) and shrinks (to 12) so that a long title fits the width, at about 0.6 em per
/// character; the instructions are at most 55 % of it and at least 12 pixels, wrapped at
/// spaces to the width.
fn heading(w: f64, style: &Style) -> (String, f64) {
    let room = w - 2.0 * style.margin.max(0.0);
    let most = (style.cell_size * 1.2).clamp(14.0, 32.0);
    let lines = crate::style::heading_lines(
        style.title.as_deref(),
        style.instructions.as_deref(),
        room,
        0.6,
        (most, 12.0),
        0.55,
    );
    let mut out = String::new();
    let mut y = style.margin.max(0.0);
    let title_size = lines.first().map_or(0.0, |l| l.1);
    for (i, (text, size, title)) in lines.iter().enumerate() {
        let title = *title;
        y += size * if i == 0 { 1.0 } else { 1.35 };
        let _ = writeln!(
            out,
            r#"<text class="{}" x="{}" y="{}" font-family="sans-serif" font-size="{}"{} text-anchor="middle" fill="{}">{}</text>"#,
            if title { "title" } else { "instructions" },
            num(w / 2.0),
            num(y),
            num(*size),
            if title { r#" font-weight="bold""# } else { "" },
            escape(&style.walls),
            escape(text)
        );
    }
    let band = if lines.is_empty() { 0.0 } else { y + title_size * 0.4 };
    (out, band)
}

#[cfg(test)]
mod tests {
    use super::{num, svg, wall_path};
    use crate::scene::{Overlay, scene};
    use crate::style::Style;
    use maze_core::{CellId, Maze, Point, Solver, Square};

    fn p(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// Text that XML cannot hold (C0 controls, U+FFFE) becomes U+FFFD, so the document
    /// stays well formed whatever a title holds; the markup characters are escaped.
    #[test]
    fn escaped_text_is_always_xml() {
        let out = super::escape("a\u{1}b\u{1b}[31m\u{7f}<&>\"\u{FFFE}\tz");
        assert_eq!(out, "a\u{FFFD}b\u{FFFD}[31m\u{7f}&lt;&amp;&gt;&quot;\u{FFFD}\tz");
        assert!(out.chars().all(super::xml_char));
    }

    #[test]
    fn a_run_that_starts_where_the_last_ended_needs_no_move() {
        // Joined pieces (east, south, a diagonal) are one run: a single M, then H, V and L;
        // a piece elsewhere starts a new run. 10 pixels a unit, a margin of 4.
        let walls = [
            [p(0.0, 0.0), p(2.0, 0.0)],
            [p(2.0, 0.0), p(2.0, 1.0)],
            [p(2.0, 1.0), p(3.0, 2.0)],
            [p(0.0, 3.0), p(1.0, 3.0)],
        ];
        assert_eq!(wall_path(&walls, 10.0, 4.0), "M4 4H24V14L34 24M4 34H14");
        // A piece starting on the last end's column, or its row, but not at it, moves there.
        let walls = [[p(0.0, 0.0), p(1.0, 0.0)], [p(1.0, 2.0), p(1.0, 3.0)], [p(2.0, 3.0), p(3.0, 3.0)]];
        assert_eq!(wall_path(&walls, 10.0, 4.0), "M4 4H14M14 24V34M24 34H34");
        assert_eq!(wall_path(&[], 10.0, 4.0), "");
    }

    #[test]
    fn walls_and_arcs_share_one_path_and_a_scene_without_either_has_none() {
        let style = Style::default();
        let mut scene = crate::scene::Scene { width: 2.0, height: 2.0, cell: 1.0, ..Default::default() };
        let wall_paths =
            |s: &crate::scene::Scene| svg(s, &style).matches(r#"stroke-linecap="square""#).count();
        assert_eq!(wall_paths(&scene), 0);
        // Arcs alone (no straight wall) are drawn, with SVG's arc command.
        let quarter = std::f64::consts::FRAC_PI_2;
        scene.arcs.push(crate::scene::WallArc { centre: p(1.0, 1.0), radius: 1.0, start: 0.0, end: quarter });
        assert_eq!(wall_paths(&scene), 1);
        assert!(svg(&scene, &style).contains(" 0 0 1 "), "an arc");
        scene.walls.push([p(0.0, 0.0), p(2.0, 0.0)]);
        assert_eq!(wall_paths(&scene), 1);
    }

    #[test]
    fn a_one_cell_solution_is_drawn_as_its_cell_and_one_dot() {
        // The entrance is the exit: the solution is that cell alone. Its cell is shaded as
        // the route and one dot marks it (start and end are one place); a line of one point
        // would draw nothing, so none is written. A two-cell solution does get its line.
        let mut maze = Maze::new(Square::new(3, 2));
        maze.open_all_inner();
        maze.set_entrance(CellId(4));
        maze.set_exit(CellId(4));
        let one = Solver::Bfs.solve(&maze, CellId(4), CellId(4), &mut ()).unwrap();
        assert_eq!(one.path, [CellId(4)]);
        let style = Style::default();
        let overlay = Overlay { solution: Some(&one), visited: true, ..Overlay::default() };
        let picture = svg(&scene(&maze, &overlay), &style);
        assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"), "{picture}");
        assert!(!picture.contains("<polyline"), "{picture}");
        assert_eq!(picture.matches("<circle").count(), 1, "{picture}");
        assert!(picture.contains(&format!(r#"<path fill="{}" d="M"#, style.path_cells)), "{picture}");

        maze.set_exit(CellId(5));
        let two = Solver::Bfs.solve(&maze, CellId(4), CellId(5), &mut ()).unwrap();
        let overlay = Overlay { solution: Some(&two), ..Overlay::default() };
        let picture = svg(&scene(&maze, &overlay), &style);
        assert_eq!(picture.matches("<polyline").count(), 1, "{picture}");
        assert_eq!(picture.matches("<circle").count(), 2, "{picture}");

        // A MultiMaze's answer key likewise: start 4 is its own end (a one-cell route, no
        // line), start 0 goes to end 5 (a four-cell route, one line of four points).
        maze.starts = vec![CellId(0), CellId(4)];
        maze.ends = vec![CellId(5), CellId(4)];
        let overlay = Overlay { solution: Some(&two), ..Overlay::default() };
        let picture = svg(&scene(&maze, &overlay), &style);
        let routes: Vec<&str> =
            picture.lines().filter(|l| l.starts_with(r#"<polyline class="route""#)).collect();
        assert_eq!(routes.len(), 1, "{picture}");
        let points = routes[0].split(r#"points=""#).nth(1).and_then(|p| p.split('"').next()).unwrap();
        assert_eq!(points.split(' ').count(), 4, "{picture}");
    }

    #[test]
    fn numbers_are_short_and_exact_to_two_decimals() {
        for (v, want) in [
            (0.0, "0"),
            (1.5, "1.5"),
            (2.25, "2.25"),
            (-3.1, "-3.1"),
            (10.0, "10"),
            (0.004, "0"),
            (7.999, "8"),
        ] {
            assert_eq!(num(v), want, "{v}");
        }
    }
}
