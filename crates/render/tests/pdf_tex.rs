//! PDF and TikZ output, checked by their real consumers where installed: `qpdf --check`,
//! `pdfinfo`, `pdftoppm` and `pdftotext` (poppler) for PDF, `pdflatex` for TikZ. A test
//! whose tool is missing prints "skipping: TOOL not installed" and passes, unless
//! `MAZE_REQUIRE_VALIDATORS=1` is set (as CI does), when it fails.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use maze_core::{Algorithm, Hex, Maze, Options, Point, Shape, Solver, Square, Triangle, Xoshiro};
use maze_render::pdf::{self, PageSetup, Paper, PdfPage, page_layouts};
use maze_render::scene::{Overlay, Scene, scene};
use maze_render::style::Style;
use maze_render::tex;
use maze_testkit::have;

// ---------------------------------------------------------------- helpers

/// A fresh scratch directory for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("maze-pdf-tex-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch dir");
        Scratch(dir)
    }
    fn path(&self, file: &str) -> PathBuf {
        self.0.join(file)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(cmd: &mut Command) -> Output {
    let out = cmd.output().expect("tool runs");
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A generated, solved maze's scene (solution line and explored cells shown or not).
fn scene_of<S: Shape>(shape: S, seed: u64, solved: bool) -> Scene {
    let mut maze = Maze::new(shape);
    Algorithm::RecursiveBacktracker
        .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(seed), &mut ())
        .expect("generates");
    maze.open_entrance_and_exit();
    let sol = Solver::Bfs.solve(&maze, maze.entrance(), maze.exit(), &mut ()).expect("solves");
    let overlay = if solved {
        Overlay { solution: Some(&sol), visited: true, heat: false, ..Overlay::default() }
    } else {
        Overlay::default()
    };
    scene(&maze, &overlay)
}

fn square(w: u32, h: u32, seed: u64, solved: bool) -> Scene {
    scene_of(Square::new(w, h), seed, solved)
}

/// The PDF style the CLI uses: millimetres, a title and instructions.
fn style() -> Style {
    Style {
        cell_size: 6.35,
        wall_width: 0.8,
        title: Some("MultiMaze".into()),
        instructions: Some("Connect each green dot with one, and only one, red dot.".into()),
        ..Style::default()
    }
}

fn setup(paper: Paper) -> PageSetup {
    PageSetup::new(paper, 12.0)
}

fn page(scene: Scene, heading: Option<&str>) -> PdfPage {
    PdfPage { scene, heading: heading.map(String::from) }
}

/// A puzzle book: puzzles first, then their solutions.
fn book(n: u64) -> Vec<PdfPage> {
    let mut pages: Vec<PdfPage> =
        (1..=n).map(|i| page(square(24, 30, i, false), Some(&format!("Puzzle {i}")))).collect();
    pages.extend((1..=n).map(|i| page(square(24, 30, i, true), Some(&format!("Solution to puzzle {i}")))));
    pages
}

/// Runs `qpdf --check`, `pdfinfo` and `pdftoppm` on a PDF and checks the page count and
/// size (points); each tool is skipped when missing.
fn validate(bytes: &[u8], name: &str, pages: usize, size: (f64, f64)) {
    let dir = Scratch::new(name);
    let file = dir.path("out.pdf");
    std::fs::write(&file, bytes).expect("write pdf");
    if have("qpdf") {
        let out = run(Command::new("qpdf").arg("--check").arg(&file));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("No syntax or stream encoding errors"), "{text}");
    }
    if have("pdfinfo") {
        let out = run(Command::new("pdfinfo").arg(&file));
        let info = String::from_utf8_lossy(&out.stdout).to_string();
        let field = |key: &str| {
            info.lines()
                .find_map(|l| l.strip_prefix(key))
                .map(str::trim)
                .unwrap_or_else(|| panic!("no {key} in\n{info}"))
                .to_string()
        };
        assert_eq!(field("Pages:").parse::<usize>().ok(), Some(pages), "{info}");
        let mut sizes = vec![points(&field("Page size:"))];
        // Every page, one "Page N size:" line each.
        let out = run(Command::new("pdfinfo").arg("-f").arg("1").arg("-l").arg(pages.to_string()).arg(&file));
        let each = String::from_utf8_lossy(&out.stdout).to_string();
        let per_page: Vec<(f64, f64)> = each
            .lines()
            .filter(|l| l.starts_with("Page ") && l.contains(" size:"))
            .filter_map(|l| l.split_once("size:").map(|(_, v)| points(v)))
            .collect();
        assert_eq!(per_page.len(), pages, "{each}");
        sizes.extend(per_page);
        for (w, h) in sizes {
            assert!((w - size.0).abs() < 0.01 && (h - size.1).abs() < 0.01, "{w} x {h} vs {size:?}\n{info}");
        }
    }
    if have("pdftoppm") {
        run(Command::new("pdftoppm").arg("-r").arg("30").arg("-png").arg(&file).arg(dir.path("page")));
        let rendered = std::fs::read_dir(&dir.0)
            .expect("read dir")
            .filter_map(Result::ok)
            .filter(|e| {
                let n = e.file_name().to_string_lossy().to_string();
                n.starts_with("page-") && n.ends_with(".png")
            })
            .count();
        assert_eq!(rendered, pages, "pdftoppm rendered {rendered} of {pages} pages");
    }
}

/// Parses pdfinfo's "595.276 x 841.89 pts (A4)".
fn points(text: &str) -> (f64, f64) {
    let v: Vec<&str> = text.split_whitespace().collect();
    match (v.first().and_then(|w| w.parse().ok()), v.get(2).and_then(|h| h.parse().ok())) {
        (Some(w), Some(h)) if v.get(1) == Some(&"x") => (w, h),
        _ => panic!("not a page size: {text}"),
    }
}

const A4: (f64, f64) = (595.276, 841.89);
const LETTER: (f64, f64) = (612.0, 792.0);

// ---------------------------------------------------------------- PDF

#[test]
fn one_page_a4_is_valid_and_renders() {
    let bytes = pdf::pdf(&[page(square(40, 32, 7, false), None)], &setup(Paper::A4), &style()).expect("pdf");
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.len() < 30_000, "{} bytes for a 40 x 32 maze", bytes.len());
    // A wide maze takes A4 landscape (a larger cell than upright).
    validate(&bytes, "one-a4", 1, (A4.1, A4.0));
}

#[test]
fn puzzle_and_solution_on_letter() {
    let pages = [page(square(20, 25, 3, false), None), page(square(20, 25, 3, true), Some("Solution"))];
    let bytes = pdf::pdf(&pages, &setup(Paper::Letter), &style()).expect("pdf");
    validate(&bytes, "two-letter", 2, LETTER);
}

#[test]
fn six_page_book_on_custom_paper_with_every_shape() {
    let mut pages = book(2);
    pages.push(page(scene_of(Hex::new(12, 10), 5, true), Some("Hexagons")));
    pages.push(page(scene_of(Triangle::new(16, 10), 6, true), Some("Triangles")));
    assert_eq!(pages.len(), 6);
    let paper = Paper::Custom(148.0, 210.0); // A5
    let bytes = pdf::pdf(&pages, &setup(paper), &style()).expect("pdf");
    validate(&bytes, "book-custom", 6, (148.0 * pdf::MM, 210.0 * pdf::MM));
}

#[test]
fn two_page_a4_sample() {
    let pages = [
        page(square(30, 40, 11, false), Some("Puzzle 1")),
        page(square(30, 40, 11, true), Some("Solution to puzzle 1")),
    ];
    let bytes = pdf::pdf(&pages, &setup(Paper::A4), &style()).expect("pdf");
    validate(&bytes, "two-a4", 2, A4);
    if let Ok(dir) = std::env::var("MAZE_PDF_SAMPLE_DIR") {
        let _ = std::fs::write(Path::new(&dir).join("sample-a4-2.pdf"), &bytes);
    }
}

#[test]
fn output_is_deterministic() {
    let make = || pdf::pdf(&book(3), &setup(Paper::A4), &style()).expect("pdf");
    let (a, b) = (make(), make());
    assert!(a.starts_with(b"%PDF-"));
    assert_eq!(a, b);
    let text = String::from_utf8_lossy(&a);
    assert!(!text.contains("CreationDate") && !text.contains("/ID"), "no dates or ids");
    // The fonts are embedded, cut to the glyphs used, with the same subset names each time.
    assert!(text.contains("+DejaVuSans-Bold") && text.contains("/FontFile2") && text.contains("/Identity-H"));
    assert!(text.contains("/ToUnicode") && !text.contains("Helvetica"));
}

#[test]
fn refuses_what_it_cannot_lay_out() {
    let one = [page(square(5, 5, 1, false), None)];
    let err = |r: Result<Vec<u8>, maze_core::Error>| match r {
        Err(maze_core::Error::Parameter(m)) => m,
        other => panic!("expected a parameter error, got {:?}", other.map(|b| b.len())),
    };
    let m = err(pdf::pdf(&[], &setup(Paper::A4), &style()));
    assert!(m.contains("page"), "{m}");
    // 40 x 30 mm with 12 mm margins: 16 mm across, and the title eats the height.
    let m = err(pdf::pdf(&one, &setup(Paper::Custom(40.0, 30.0)), &style()));
    assert!(m.contains("no room"), "{m}");
    assert!(!m.contains('\n'));
    let m = err(pdf::pdf(&one, &setup(Paper::Custom(10.0, 10.0)), &Style { title: None, ..style() }));
    assert!(m.contains("no room"), "{m}");
    for bad in [f64::NAN, -1.0, f64::INFINITY] {
        err(pdf::pdf(&one, &setup(Paper::Custom(bad, 200.0)), &style()));
        err(pdf::pdf(&one, &PageSetup::new(Paper::A4, bad), &style()));
        err(pdf::pdf(&one, &setup(Paper::A4), &Style { cell_size: bad, ..style() }));
    }
    err(pdf::pdf(&one, &setup(Paper::A4), &Style { walls: "puce".into(), ..style() }));
    err(pdf::pdf(&one, &setup(Paper::A4), &Style { cell_size: 1e308, ..style() }));
    err(pdf::pdf(&one, &setup(Paper::A4), &Style { wall_width: -0.5, ..style() }));
}

#[test]
fn layout_keeps_the_requested_size_or_shrinks_to_fit() {
    let st = style();
    let upright: Paper = "a4-portrait".parse().expect("paper");
    let small = page_layouts(&[page(square(10, 8, 1, false), None)], &setup(upright), &st).expect("layout");
    let l = &small[0];
    assert!(!l.shrunk);
    assert!((l.scale - 6.35 * pdf::MM).abs() < 1e-9);
    // Centred across the page.
    let (left, _) = l.to_page(Point { x: 0.0, y: 0.0 });
    let (right, bottom) = l.to_page(Point { x: 10.0, y: 8.0 });
    assert!(((left + right) / 2.0 - l.page_width / 2.0).abs() < 1e-9, "{left} {right} {l:?}");
    // Below the title and instructions, which are centred and inside the margins.
    assert_eq!(l.text.len(), 2);
    let title = &l.text[0];
    assert!(title.bold && (title.size - 20.0).abs() < 1e-9);
    assert!(title.baseline < l.to_page(Point { x: 0.0, y: 0.0 }).1);
    assert!(l.text[1].baseline > title.baseline && !l.text[1].bold);
    assert!(bottom < A4.1 - 12.0 * pdf::MM);
    // A small maze is centred on the page: across, and down the room the text leaves (the
    // space over it, from the instructions' baseline, is the space under it to the bottom
    // margin, give or take the gap after the text).
    let (_, top) = l.to_page(Point { x: 0.0, y: 0.0 });
    let (over, under) = (top - l.text[1].baseline, A4.1 - 12.0 * pdf::MM - bottom);
    assert!(over > 100.0 && under > 100.0, "room all round a small maze: {over} {under}");
    assert!((over - under).abs() < 24.0, "centred down the page: {over} over, {under} under");

    // 10 in x 8 in at 1/4 in cells (the MultiMaze page) fits Letter turned sideways only
    // when shrunk; on Letter kept upright it is shrunk uniformly to the width.
    let multimaze = page(square(40, 32, 2, false), None);
    let letter_upright: Paper = "letter-portrait".parse().expect("paper");
    let l = &page_layouts(std::slice::from_ref(&multimaze), &setup(letter_upright), &st).expect("layout")[0];
    assert!(l.shrunk && l.scale < 6.35 * pdf::MM);
    let (x0, y0) = l.to_page(Point { x: 0.0, y: 0.0 });
    let (x1, y1) = l.to_page(Point { x: 40.0, y: 32.0 });
    let m = 12.0 * pdf::MM;
    assert!(x0 - l.wall / 2.0 >= m - 1e-6 && x1 + l.wall / 2.0 <= LETTER.0 - m + 1e-6);
    assert!(y1 + l.wall / 2.0 <= LETTER.1 - m + 1e-6 && y0 > m);
    let l =
        &page_layouts(&[multimaze], &setup(Paper::Custom(11.0 * 25.4, 8.5 * 25.4)), &st).expect("layout")[0];
    assert!(l.shrunk, "10 x 8 in plus title does not fit 11 x 8.5 in with 12 mm margins");

    // A heading on any page reserves its band on every page, so mazes line up.
    let pages = [page(square(10, 8, 1, false), None), page(square(10, 8, 1, true), Some("Solution"))];
    let both = page_layouts(&pages, &setup(Paper::A4), &st).expect("layout");
    assert_eq!(both[0].origin, both[1].origin);
    let heading = both[1].text.iter().find(|t| t.text == "Solution").expect("heading");
    assert!(heading.x + 1.0 > A4.0 / 2.0 && heading.size < 10.0, "top-right, small");

    // A long title is set smaller so it stays on the paper.
    let long = Style {
        title: Some("A very long title that could never fit on one line of A4 paper at twenty points".into()),
        ..style()
    };
    let l =
        &page_layouts(&[page(square(4, 4, 1, false), None)], &setup(Paper::A4), &long).expect("layout")[0];
    assert!(l.text[0].size < 20.0 && l.text[0].x >= 12.0 * pdf::MM - 1e-6);
}

/// Document 003's page on US letter turned sideways: a 10 x 8 inch maze of exactly 1/4 inch
/// cells leaves no room above it for the title, so the title and instructions (and the
/// solution page's heading) stand upright, wrapped, in the strip beside it; nothing is
/// shrunk.
#[test]
fn the_multimaze_page_fits_letter_landscape_with_its_title_beside_the_maze() {
    let letter_landscape = Paper::Custom(11.0 * 25.4, 8.5 * 25.4);
    let setup =
        PageSetup { fit: pdf::Fit::Exact, flexible_margin: true, ..PageSetup::new(letter_landscape, 15.0) };
    let pages = [page(square(40, 32, 2, false), None), page(square(40, 32, 2, true), Some("Solution"))];
    let layouts = page_layouts(&pages, &setup, &style()).expect("fits exactly");
    assert_eq!(layouts[0].origin, layouts[1].origin, "puzzle and solution line up");
    for l in &layouts {
        assert!(!l.shrunk && (l.scale - 6.35 * pdf::MM).abs() < 1e-9, "{l:?}");
        let (x0, y0) = l.to_page(Point { x: 0.0, y: 0.0 });
        let (x1, y1) = l.to_page(Point { x: 40.0, y: 32.0 });
        let m = pdf::MIN_MARGIN_MM * pdf::MM;
        assert!(y0 - l.wall / 2.0 >= m - 1e-6 && y1 + l.wall / 2.0 <= l.page_height - m + 1e-6);
        assert!(x1 + l.wall / 2.0 <= l.page_width - m + 1e-6);
        let title = l.text.iter().find(|t| t.bold).expect("title");
        // Upright lines, wrapped: every one lies between the margin and the maze, inside
        // the page's height, the title on top.
        for t in &l.text {
            let width = setup.fonts.get(t.bold).width(&t.text) * t.size;
            assert!(t.x >= m - 1e-6 && t.x + width < x0 - l.wall / 2.0, "{t:?}");
            assert!(t.baseline - 0.75 * t.size >= m - 1e-6 && t.baseline <= l.page_height - m, "{t:?}");
            assert!(t.size >= 6.0, "readable: {t:?}");
        }
        assert!(
            l.text.iter().filter(|t| !t.bold).all(|t| t.baseline > title.baseline),
            "the title is on top"
        );
        assert!(l.text.iter().filter(|t| !t.bold).count() >= 2, "the instructions are wrapped: {:?}", l.text);
    }
    assert!(layouts[1].text.iter().any(|t| t.text == "Solution"));
    // The bytes draw it, every text matrix upright.
    let bytes = pdf::pdf(&pages, &setup, &style()).expect("pdf");
    validate(&bytes, "letter-landscape", 2, (792.0, 612.0));
    // With the default 12 mm margin fixed, it still does not fit: the exact size is refused.
    let fixed = PageSetup { fit: pdf::Fit::Exact, ..PageSetup::new(letter_landscape, 12.0) };
    assert!(page_layouts(&pages, &fixed, &style()).is_err());
}

#[test]
fn text_prints_as_given_in_embedded_fonts_and_a_missing_glyph_is_refused() {
    let title = "Labyrinthe « été » — π (x) \\ end Λαβύρινθος";
    let st = Style { title: Some(title.into()), ..style() };
    let pages = [page(square(6, 6, 1, false), Some("Puzzle ✓"))];
    let l = &page_layouts(&pages, &setup(Paper::A4), &st).expect("layout")[0];
    assert!(l.text.iter().any(|t| t.text == title), "{:?}", l.text);
    let bytes = pdf::pdf(&pages, &setup(Paper::A4), &st).expect("pdf");
    let dir = Scratch::new("fonts");
    let file = dir.path("t.pdf");
    std::fs::write(&file, &bytes).expect("write");
    if have("qpdf") {
        run(Command::new("qpdf").arg("--check").arg(&file));
    }
    if have("pdftotext") {
        let out = run(Command::new("pdftotext").arg(&file).arg("-"));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(title), "{text}");
        assert!(text.contains("Puzzle ✓") && text.contains("Connect each green dot"), "{text}");
    }
    if have("pdffonts") {
        // Every font embedded and cut to a subset (columns emb and sub).
        let out = run(Command::new("pdffonts").arg(&file));
        let listing = String::from_utf8_lossy(&out.stdout);
        let fonts: Vec<&str> = listing.lines().skip(2).collect();
        assert_eq!(fonts.len(), 2, "{listing}");
        for f in fonts {
            assert!(f.contains("CID TrueType") && f.contains("Identity-H"), "{f}");
            let cols: Vec<&str> = f.split_whitespace().collect();
            assert_eq!(cols[cols.len() - 5..cols.len() - 2], ["yes", "yes", "yes"], "emb sub uni: {f}");
        }
    }
    // A title the font cannot print is refused, naming the character.
    let japanese = Style { title: Some("迷路の本".into()), ..style() };
    let e = pdf::pdf(&pages, &setup(Paper::A4), &japanese).unwrap_err().to_string();
    assert!(e.contains("'迷' (U+8FF7)") && e.contains("--font"), "{e}");
}

/// Reads a binary PPM (P6) image: width, height, RGB bytes.
fn read_ppm(path: &Path) -> (usize, usize, Vec<u8>) {
    let data = std::fs::read(path).expect("read ppm");
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while data[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !data[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&data[start..i]).to_string());
    }
    assert_eq!(fields[0], "P6");
    let (w, h): (usize, usize) = (fields[1].parse().expect("w"), fields[2].parse().expect("h"));
    let pixels = data[i + 1..].to_vec();
    assert_eq!(pixels.len(), w * h * 3);
    (w, h, pixels)
}

#[test]
fn walls_land_where_the_layout_says() {
    if !have("pdftoppm") {
        return;
    }
    let closed = Maze::new(Square::new(3, 3));
    let mut open = Maze::new(Square::new(3, 3));
    open.open_all_inner();
    let st = Style { cell_size: 20.0, wall_width: 2.0, title: None, instructions: None, ..Style::default() };
    let setup = setup(Paper::A4);
    let dpi = 100.0;
    let dir = Scratch::new("pixels");
    for (name, maze) in [("closed", &closed), ("open", &open)] {
        let pages = [page(scene(maze, &Overlay::default()), None)];
        let layout = page_layouts(&pages, &setup, &st).expect("layout").remove(0);
        assert!(!layout.shrunk);
        let file = dir.path(&format!("{name}.pdf"));
        std::fs::write(&file, pdf::pdf(&pages, &setup, &st).expect("pdf")).expect("write");
        let prefix = dir.path(name);
        run(Command::new("pdftoppm").arg("-r").arg("100").arg("-singlefile").arg(&file).arg(&prefix));
        let (w, h, px) = read_ppm(&prefix.with_extension("ppm"));
        assert_eq!((w, h), ((A4.0 * dpi / 72.0).ceil() as usize, (A4.1 * dpi / 72.0).ceil() as usize));
        let rgb = |p: Point| {
            let (x, y) = layout.to_page(p);
            let (col, row) = ((x * dpi / 72.0) as usize, (y * dpi / 72.0) as usize);
            let i = (row * w + col) * 3;
            [px[i], px[i + 1], px[i + 2]]
        };
        let dark = |c: [u8; 3]| c.iter().all(|&v| v < 80);
        let light = |c: [u8; 3]| c.iter().all(|&v| v > 200);
        // The inner wall between cells (0,0) and (1,0), and between (1,1) and (1,2).
        for mid in [Point { x: 1.0, y: 0.5 }, Point { x: 1.5, y: 2.0 }] {
            let c = rgb(mid);
            if name == "closed" {
                assert!(dark(c), "{name}: inner wall at {mid:?} is {c:?}");
            } else {
                assert!(light(c), "{name}: open wall at {mid:?} is {c:?}");
            }
        }
        // Outer walls and corners are drawn in both; cell interiors are paper.
        for edge in [
            Point { x: 0.0, y: 1.5 },
            Point { x: 3.0, y: 1.5 },
            Point { x: 1.5, y: 3.0 },
            Point { x: 0.0, y: 0.0 },
        ] {
            assert!(dark(rgb(edge)), "{name}: outer wall at {edge:?} is {:?}", rgb(edge));
        }
        assert!(light(rgb(Point { x: 1.5, y: 1.2 })), "{name}: cell interior");
        // Green start dot in the first cell, red end dot in the last.
        let [r, g, b] = rgb(Point { x: 0.5, y: 0.5 });
        assert!(g > 120 && r < 80 && b < 100, "{name}: start dot {:?}", [r, g, b]);
        let [r, g, b] = rgb(Point { x: 2.5, y: 2.5 });
        assert!(r > 180 && g < 80 && b < 80, "{name}: end dot {:?}", [r, g, b]);
        // Outside the maze: paper.
        assert!(light(rgb(Point { x: -0.5, y: 1.5 })));
    }
}

// ---------------------------------------------------------------- TikZ

fn tex_style() -> Style {
    Style {
        cell_size: 5.0,
        wall_width: 0.6,
        title: Some("50% of R&D_{x} #1 ~ ^ $ \\ é".into()),
        ..Style::default()
    }
}

/// Compiles a document with pdflatex in `dir` and checks a PDF came out.
fn pdflatex(dir: &Scratch, name: &str) {
    let out = Command::new("pdflatex")
        .args(["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape"])
        .arg(format!("{name}.tex"))
        .current_dir(&dir.0)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("pdflatex runs");
    assert!(
        out.status.success(),
        "pdflatex {name}.tex failed:\n{}",
        String::from_utf8_lossy(&out.stdout).lines().rev().take(30).collect::<Vec<_>>().join("\n")
    );
    let pdf = dir.path(&format!("{name}.pdf"));
    let bytes = std::fs::read(&pdf).expect("pdflatex wrote a PDF");
    assert!(bytes.starts_with(b"%PDF-"));
}

#[test]
fn tikz_text_shape() {
    let s = square(6, 4, 2, true);
    let doc = tex::tikz(&s, &tex_style(), true);
    assert!(doc.contains("\\documentclass{article}") && doc.trim_end().ends_with("\\end{document}"));
    // Only what a minimal TeX install has (texlive-latex-base, and TikZ from
    // texlive-pictures): not the preview package, nor the standalone class.
    let packages: Vec<&str> = doc.lines().filter(|l| l.contains("\\usepackage")).collect();
    assert_eq!(packages, ["\\usepackage{tikz}"], "{doc}");
    assert!(!doc.contains("preview") && !doc.contains("Preview") && !doc.contains("standalone"));
    // The page is cut to the picture: one box, measured, shipped out as the page.
    assert!(doc.contains("\\pdfpagewidth=\\dimexpr\\wd\\mazepicture+4mm"));
    assert!(doc.contains("\\shipout\\box\\mazepicture"));
    assert_eq!(doc.matches("\\begin{tikzpicture}").count(), 1);
    let frag = tex::tikz(&s, &tex_style(), false);
    assert!(frag.starts_with('%') && frag.contains("\\usepackage{tikz}"));
    assert!(!frag.contains("\\documentclass") && !frag.contains("\\begin{document}"));
    assert_eq!(frag.matches("\\begin{tikzpicture}").count(), 1);
    assert!(frag.trim_end().ends_with("\\end{tikzpicture}"));
    assert!(frag.contains("\\definecolor{mazewalls}{HTML}{000000}"));
    assert!(frag.contains("line cap=rect") && frag.contains("circle[radius="));
    assert!(frag.contains(
        "50\\% of R\\&D\\_\\{x\\} \\#1 \\textasciitilde{} \\textasciicircum{} \\$ \\textbackslash{} \\'{e}"
    ));
    // Coordinates: millimetres, y negated, at most two decimals.
    assert!(frag.contains("(30,-20)"), "the far corner of a 6 x 4 maze at 5 mm");
    for token in frag.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')) {
        if let Some((_, decimals)) = token.split_once('.') {
            assert!(decimals.len() <= 3, "{token}");
        }
    }
    // Deterministic.
    assert_eq!(frag, tex::tikz(&s, &tex_style(), false));
}

#[test]
fn tikz_handles_degenerate_input() {
    let empty = Scene::default();
    let bad = Style { cell_size: f64::NAN, wall_width: -1.0, walls: "nope".into(), ..Style::default() };
    let out = tex::tikz(&empty, &bad, false);
    assert!(!out.contains("NaN") && !out.contains("inf"));
    // A huge maze is drawn smaller to stay within TeX's lengths.
    let big = Scene { width: 2000.0, height: 10.0, ..Scene::default() };
    let out = tex::tikz(&big, &Style { cell_size: 10.0, ..Style::default() }, false);
    assert!(out.contains("shrunk"));
}

#[test]
fn tikz_standalone_compiles_with_pdflatex() {
    if !have("pdflatex") {
        return;
    }
    let dir = Scratch::new("tex-standalone");
    let mut st = tex_style();
    st.instructions = Some("Find the way: 100% <fun> | \"quotes\" — naïve".into());
    std::fs::write(dir.path("maze.tex"), tex::tikz(&square(12, 8, 4, true), &st, true)).expect("write");
    pdflatex(&dir, "maze");
    if have("pdfinfo") {
        let out = run(Command::new("pdfinfo").arg(dir.path("maze.pdf")));
        let info = String::from_utf8_lossy(&out.stdout).to_string();
        let size = info.lines().find_map(|l| l.strip_prefix("Page size:")).expect("size").trim().to_string();
        let v: Vec<f64> = size.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        // 12 x 8 cells of 5 mm plus the wall, 2 mm border and the title: about 64 mm wide.
        let mm = |pt: f64| pt / pdf::MM;
        assert!(mm(v[0]) > 60.0 && mm(v[0]) < 120.0 && mm(v[1]) > 44.0 && mm(v[1]) < 80.0, "{size}");
    }
}

#[test]
fn tikz_fragment_inputs_into_a_document() {
    if !have("pdflatex") {
        return;
    }
    let dir = Scratch::new("tex-fragment");
    let st = tex_style();
    std::fs::write(dir.path("hex.tex"), tex::tikz(&scene_of(Hex::new(8, 6), 3, true), &st, false))
        .expect("write");
    std::fs::write(
        dir.path("tri.tex"),
        tex::tikz(&scene_of(Triangle::new(10, 6), 4, true), &Style::default(), false),
    )
    .expect("write");
    let heat = {
        let mut maze = Maze::new(Square::new(8, 8));
        Algorithm::RecursiveBacktracker
            .generate(&mut maze, &Options::default(), &mut Xoshiro::seed_from_u64(9), &mut ())
            .expect("generates");
        maze.open_entrance_and_exit();
        scene(&maze, &Overlay { heat: true, ..Overlay::default() })
    };
    let tinted = Style { background: "tan".into(), cell_size: 4.0, wall_width: 0.5, ..Style::default() };
    std::fs::write(dir.path("heat.tex"), tex::tikz(&heat, &tinted, false)).expect("write");
    let doc = "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\nHexagons:\n\n\\input{hex}\n\n\
               Triangles:\n\n\\input{tri}\n\n\\input{heat}\n\\end{document}\n";
    std::fs::write(dir.path("book.tex"), doc).expect("write");
    pdflatex(&dir, "book");
}

/// A paper given without an orientation (a4, letter, a3, ...) is laid whichever way up
/// gives the maze the larger cell: document 003's wide MultiMaze on A4 goes landscape, a
/// tall maze stays upright; a maze that keeps its cell either way up is laid the way it is
/// longer.
/// A paper whose orientation was asked (`-portrait`, `-landscape`, or its sides) is kept.
#[test]
fn paper_without_an_orientation_turns_for_the_larger_cell() {
    let st = style();
    let layout = |scene: Scene, paper: Paper| {
        page_layouts(&[page(scene, None)], &setup(paper), &st).expect("layout").remove(0)
    };
    let a4_portrait: Paper = "a4-portrait".parse().expect("paper");
    let a4_landscape: Paper = "a4-landscape".parse().expect("paper");
    assert_eq!("a4".parse::<Paper>().ok(), Some(Paper::A4));
    assert!(Paper::A4.turns() && Paper::Letter.turns() && "a3".parse::<Paper>().expect("a3").turns());
    assert!(
        !a4_portrait.turns() && !a4_landscape.turns() && !"210x297mm".parse::<Paper>().expect("").turns()
    );
    assert_eq!(a4_portrait.mm(), Paper::A4.mm());
    assert_eq!("a3".parse::<Paper>().expect("a3").to_string(), "a3", "a named paper prints back by name");
    // Document 003's 10 x 8 inch MultiMaze (40 x 32 cells).
    let wide = || square(40, 32, 2, false);
    let free = layout(wide(), Paper::A4);
    let portrait = layout(wide(), a4_portrait);
    assert!(free.page_width > free.page_height, "landscape: {} x {}", free.page_width, free.page_height);
    assert!(free.scale > portrait.scale * 1.2, "a larger cell: {} vs {}", free.scale, portrait.scale);
    assert_eq!(free.scale, layout(wide(), a4_landscape).scale);
    // Asked upright, it stays upright (shrunk).
    assert!(portrait.page_width < portrait.page_height && portrait.shrunk);
    // A tall maze stays upright; a small one that keeps its cell either way too.
    let tall = layout(square(30, 40, 3, false), Paper::A4);
    assert!(tall.page_width < tall.page_height);
    let tall_small = layout(square(8, 10, 1, false), Paper::A4);
    assert!(tall_small.page_width < tall_small.page_height && !tall_small.shrunk);
    // A small maze keeps its cell either way up: the paper is laid the way the maze is
    // longer (the default 20 x 10 MultiMaze sat small on upright A4 under a large gap).
    let small = layout(square(20, 10, 1, false), Paper::A4);
    assert!(small.page_width > small.page_height && !small.shrunk);
    assert_eq!(small.scale, layout(square(20, 10, 1, false), a4_portrait).scale);
    let square_maze = layout(square(10, 10, 1, false), Paper::A4);
    assert!(square_maze.page_width < square_maze.page_height, "a square maze stays upright");
    // An exact cell size that fits only one way up is kept on that one, not refused.
    let exact = PageSetup { fit: pdf::Fit::Exact, ..setup(Paper::A4) };
    // (36 x 22 cells of 6.35 mm: 229 x 140 mm.)
    let l = page_layouts(&[page(square(36, 22, 4, false), None)], &exact, &st).expect("fits landscape");
    assert!(!l[0].shrunk && l[0].page_width > l[0].page_height);
    let exact_upright = PageSetup { fit: pdf::Fit::Exact, ..setup(a4_portrait) };
    let refused =
        page_layouts(&[page(square(36, 22, 4, false), None)], &exact_upright, &st).expect_err("refused");
    assert!(refused.to_string().contains("does not fit 210 x 297 mm paper at"), "{refused}");
    // Every page of a book takes the same way up: puzzles and their solutions line up.
    let pages = [page(wide(), Some("Puzzle 1")), page(square(40, 32, 2, true), Some("Solution 1"))];
    let both = page_layouts(&pages, &setup(Paper::A4), &st).expect("layout");
    assert_eq!((both[0].page_width, both[0].origin), (both[1].page_width, both[1].origin));
}
