//! The start and end dots on every shape and in every picture format: drawn after (on top
//! of) every line, ringed in the background's colour where lines are drawn (the end dot is
//! as red as the solution line that ends on it), document 003's third of a cell unless they
//! carry a MultiMaze's numbers (the answer key, or the puzzle with `numbered`).

use maze_core::imperfect::place_starts_and_ends;
use maze_core::{Algorithm, Maze, Shape, ShapeKind, ShapeSpec, ShapeVisitor, Solver, Xoshiro};
use maze_render::pdf::{self, PageSetup, Paper, PdfPage};
use maze_render::scene::{DOT_RING, Overlay, Scene, scene};
use maze_render::style::Style;
use maze_render::{png, svg, tex};

/// A maze on `shape` made by Kruskal, with `multi` starts and ends when above 1.
fn made<S: Shape>(shape: S, multi: u32, seed: u64) -> Maze<S> {
    let mut maze = Maze::new(shape);
    let mut rng = Xoshiro::seed_from_u64(seed);
    Algorithm::Kruskal.generate(&mut maze, &Default::default(), &mut rng, &mut ()).expect("generates");
    if multi > 1 {
        place_starts_and_ends(&mut maze, multi, multi, &mut rng).expect("dots");
    }
    maze.open_entrance_and_exit();
    maze
}

/// The index of the first and the last line of `text` that holds `needle`.
fn span(text: &str, needle: &str) -> Option<(usize, usize)> {
    let at: Vec<usize> =
        text.lines().enumerate().filter(|(_, l)| l.contains(needle)).map(|(i, _)| i).collect();
    Some((*at.first()?, *at.last()?))
}

struct Check;

impl ShapeVisitor for Check {
    type Output = ();
    fn visit<S: Shape>(self, shape: S) {
        let kind = shape.spec().kind;
        let style = Style::default();
        for multi in [1, 3] {
            let maze = made(shape.clone(), multi, 5);
            let sol = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
            let what = format!("{kind:?}, {multi} starts");
            let solved = scene(&maze, &Overlay { solution: Some(&sol), ..Overlay::default() });
            let lines = solved.path.len() + solved.routes.len();
            assert!(lines > 0 && !solved.markers.is_empty(), "{what}: a line and dots");
            assert!((solved.dot_ring() - DOT_RING * solved.cell).abs() < 1e-12, "{what}");
            // SVG: every dot after every line, ringed in the background's colour.
            let picture = svg::svg(&solved, &style);
            let (_, last_line) = span(&picture, "<polyline").expect("lines");
            let (first_dot, _) = span(&picture, "<circle").expect("dots");
            assert!(first_dot > last_line, "{what}: a dot under a line in the svg");
            let ring = format!(r#"stroke="{}""#, style.background);
            assert!(
                picture.lines().filter(|l| l.starts_with("<circle")).all(|l| l.contains(&ring)),
                "{what}"
            );
            // The ring lies outside the dot: the circle grows by half the stroke.
            let k = style.cell_size;
            let grown = solved.cell * k * solved.dot(&style) / 2.0 + solved.dot_ring() * k / 2.0;
            let r = format!(r#" r="{}""#, (grown * 100.0).round() / 100.0);
            assert!(
                picture.lines().filter(|l| l.starts_with("<circle")).all(|l| l.contains(&r)),
                "{what}: {r}"
            );
            // TikZ likewise.
            let tikz = tex::tikz(&solved, &style, true);
            let (_, last_line) = span(&tikz, "line cap=round").expect("lines");
            let (first_dot, _) = span(&tikz, "circle[radius=").expect("dots");
            assert!(first_dot > last_line, "{what}: a dot under a line in the tex");
            assert!(tikz.contains("draw=mazebackground"), "{what}: no ring in the tex");
            // PNG: the end dot's middle is the end colour, and a ring of background shows
            // between it and the line (its pixels right beyond the dot's edge).
            let big = Style { cell_size: 40.0, wall_width: 3.0, margin: 20.0, ..Style::default() };
            let image = decode(&png::png(&solved, &big).expect("png"));
            let end =
                solved.markers.iter().find(|(_, m)| *m == maze_render::scene::Marker::End).expect("end").0;
            let k = big.cell_size;
            let (cx, cy) =
                (big.margin + end.x * k, big.margin + end.y * k + heading_band(&image, &solved, &big));
            let radius = solved.cell * k * solved.dot(&big) / 2.0;
            let red: maze_render::style::Colour = big.end.parse().expect("colour");
            // (Round the dot, clear of its number.)
            let around = |r: f64, colour: [u8; 3]| {
                (0..16)
                    .map(|i| f64::from(i) * std::f64::consts::TAU / 16.0)
                    .filter(|a| image.at(cx + r * a.cos(), cy + r * a.sin()) == colour)
                    .count()
            };
            let inside = around(0.75 * radius, [red.r, red.g, red.b]);
            assert_eq!(inside, 16, "{what}: the end dot is red in {inside} of 16 directions");
            let ring_px = radius + DOT_RING * solved.cell * k / 2.0;
            let white = around(ring_px, [255, 255, 255]);
            assert!(white >= 8, "{what}: the end dot's ring shows in {white} of 16 directions");
            // PDF: the dots are filled after the lines are stroked.
            let page = PdfPage { scene: solved.clone(), heading: None };
            let content =
                pdf_content(&pdf::pdf(&[page], &PageSetup::new(Paper::A4, 10.0), &style).expect("pdf"));
            let ops: Vec<&str> = content.split_whitespace().collect();
            let last_stroke = ops.iter().rposition(|&o| o == "S").expect("strokes");
            let fills_after = ops[last_stroke..].iter().filter(|&&o| o == "f").count();
            // The rings (one fill) and the dots (a fill per colour) come after the last line.
            assert!(fills_after >= 2, "{what}: the dots are not filled after the lines in the pdf");
            // Without lines, no ring.
            let plain = scene(&maze, &Overlay::default());
            assert_eq!(plain.dot_ring(), 0.0);
            assert!(!svg::svg(&plain, &style).contains(&ring), "{what}: a ring without lines");
            // Dots: a third of a cell, unless they carry numbers (a MultiMaze's key, or its
            // puzzle when numbered).
            assert_eq!(plain.dot(&style), 1.0 / 3.0);
            assert!(plain.labels.is_empty(), "{what}: the puzzle gives the pairing away");
            let numbered = scene(&maze, &Overlay { numbered: true, ..Overlay::default() });
            if multi > 1 {
                assert_eq!(solved.dot(&style), style.numbered_dot, "{what}");
                assert_eq!(numbered.labels, solved.labels, "{what}: numbered alike on the puzzle and key");
                assert_eq!(numbered.dot(&style), style.numbered_dot);
            } else {
                assert!(solved.labels.is_empty() && numbered.labels.is_empty(), "{what}");
                assert_eq!(solved.dot(&style), 1.0 / 3.0);
            }
        }
    }
}

/// A decoded RGB picture.
struct Image {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Image {
    fn at(&self, x: f64, y: f64) -> [u8; 3] {
        let (x, y) = ((x.floor() as usize).min(self.width - 1), (y.floor() as usize).min(self.height - 1));
        let i = 3 * (y * self.width + x);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

fn decode(bytes: &[u8]) -> Image {
    let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(::png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("png");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("frame");
    let (width, height) = (info.width as usize, info.height as usize);
    let channels = info.color_type.samples();
    let rgb = buf[..info.buffer_size()].chunks(channels).flat_map(|p| [p[0], p[1], p[2]]).collect();
    Image { width, height, rgb }
}

/// The height of the band above the maze (a title's), from the picture's height.
fn heading_band(image: &Image, scene: &Scene, style: &Style) -> f64 {
    image.height as f64 - (scene.height * style.cell_size + 2.0 * style.margin).round()
}

/// A PDF's page content, inflated.
fn pdf_content(bytes: &[u8]) -> String {
    let start = bytes.windows(7).position(|w| w == b"stream\n").expect("a stream") + 7;
    let end = start + bytes[start..].windows(9).position(|w| w == b"endstream").expect("its end");
    let raw = miniz_oxide::inflate::decompress_to_vec_zlib(&bytes[start..end]).expect("deflated");
    String::from_utf8_lossy(&raw).into_owned()
}

#[test]
fn dots_lie_on_top_of_every_line_ringed_on_every_shape_and_format() {
    for &kind in ShapeKind::ALL {
        let (w, h) = if kind == ShapeKind::Polar { (6, 4) } else { (7, 5) };
        ShapeSpec::new(kind, w, h, 1 << 20).expect("a shape").visit(Check);
    }
}
