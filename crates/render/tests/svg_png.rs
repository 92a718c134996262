//! SVG and PNG: checked by their consumers (xmllint, rsvg-convert, pngcheck, an independent
//! PNG decoder) and by pixels — every wall midpoint is dark exactly when the model says the
//! wall is closed. Golden SVGs (one per shape) show drawing changes in review;
//! `UPDATE_GOLDEN=1` rewrites them.

use std::process::Command;

use maze_core::{
    Algorithm, CellId, Hex, Mask, Masked, Maze, Point, Polar, Shape, Solver, Square, Triangle, Upsilon,
    Xoshiro,
};
use maze_render::scene::{Overlay, scene};
use maze_render::style::Style;
use maze_render::{png, svg};
use maze_testkit::{have, tempdir};
use std::sync::Arc;

fn golden(name: &str, actual: &str) {
    maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), name, actual);
}

fn maze<S: Shape>(shape: S, seed: u64) -> Maze<S> {
    let mut m = Maze::new(shape);
    Algorithm::RecursiveBacktracker
        .generate(&mut m, &Default::default(), &mut Xoshiro::seed_from_u64(seed), &mut ())
        .expect("supported");
    m.open_entrance_and_exit();
    m
}

/// A style with thick walls and no margin surprises, for pixel checks.
fn pixel_style() -> Style {
    Style { cell_size: 24.0, wall_width: 4.0, margin: 12.0, ..Style::default() }
}

/// Decodes an 8-bit RGB(A) or indexed PNG into a luminance lookup.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(::png::Transformations::EXPAND | ::png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("png frame");
    let channels = info.color_type.samples();
    let lum = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|px| {
            if channels >= 3 {
                ((u32::from(px[0]) + u32::from(px[1]) + u32::from(px[2])) / 3) as u8
            } else {
                px[0]
            }
        })
        .collect();
    (info.width, info.height, lum)
}

/// Checks every wall midpoint of the maze against the picture.
fn walls_match_pixels<S: Shape>(maze: &Maze<S>, style: &Style, png_bytes: &[u8], what: &str) {
    walls_match_pixels_below(maze, style, png_bytes, 0, what);
}

/// [`walls_match_pixels`] for a maze drawn `dy` pixels lower (under a heading).
fn walls_match_pixels_below<S: Shape>(maze: &Maze<S>, style: &Style, png_bytes: &[u8], dy: u32, what: &str) {
    let (w, h, lum) = decode(png_bytes);
    let px = |p: Point| {
        let x = (style.margin + p.x * style.cell_size).floor() as u32;
        let y = (style.margin + p.y * style.cell_size).floor() as u32 + dy;
        assert!(x < w && y < h, "{what}: point off the image");
        lum[(y * w + x) as usize]
    };
    let shape = maze.shape();
    let mut checked = 0;
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            let [a, b] = shape.wall_segment(cell, d);
            let mid = Point { x: (a.x + b.x) / 2.0, y: (a.y + b.y) / 2.0 };
            let dark = px(mid) < 100;
            assert_eq!(dark, !maze.is_open(cell, d), "{what}: cell {c} door {d:?} at {mid:?}");
            checked += 1;
        }
        // Cell centres are background (no overlay drawn).
        assert!(px(shape.centre(cell)) > 200, "{what}: centre of cell {c} is not background");
    }
    assert!(checked > 0);
}

fn plain_scene<S: Shape>(m: &Maze<S>) -> maze_render::scene::Scene {
    scene(m, &Overlay { no_markers: true, ..Overlay::default() })
}

#[test]
fn our_png_has_walls_exactly_where_the_model_says() {
    let style = pixel_style();
    let sq = maze(Square::new(9, 7), 1);
    walls_match_pixels(&sq, &style, &png::png(&plain_scene(&sq), &style).expect("png"), "square png");
    let hx = maze(Hex::new(8, 6), 2);
    walls_match_pixels(&hx, &style, &png::png(&plain_scene(&hx), &style).expect("png"), "hex png");
    let tr = maze(Triangle::new(10, 5), 3);
    walls_match_pixels(&tr, &style, &png::png(&plain_scene(&tr), &style).expect("png"), "triangle png");
}

#[test]
fn png_dimensions_and_bit_depth_are_as_documented() {
    let style = Style { cell_size: 10.0, wall_width: 2.0, margin: 5.0, ..Style::default() };
    let m = maze(Square::new(12, 8), 4);
    let bytes = png::png(&plain_scene(&m), &style).expect("png");
    let (w, h, _) = decode(&bytes);
    assert_eq!((w, h), (12 * 10 + 10, 8 * 10 + 10));
    assert_eq!(bytes[24], 1, "walls on a background are 1 bit per pixel");
    let sol = Solver::Bfs.solve(&m, m.entrance(), m.exit(), &mut ()).expect("solvable");
    let with =
        png::png(&scene(&m, &Overlay { solution: Some(&sol), visited: true, ..Overlay::default() }), &style)
            .expect("png");
    assert!(with[24] > 1, "a solution needs more colours");
    // Too large is refused, not attempted: above the hard ceiling by png itself, above the
    // default limit by the check front ends make before any work.
    let huge = Style { cell_size: 20_000.0, ..style };
    assert!(png::png(&plain_scene(&m), &huge).is_err());
    assert!(png::check_size(60_000, 40_000, png::MAX_PIXELS).is_err());
    assert!(png::check_size(10_000, 10_000, png::MAX_PIXELS).is_ok());
}

#[test]
fn svg_is_valid_and_renders_with_walls_in_place() {
    let style = pixel_style();
    let dir = tempdir("svg");
    let xml = have("xmllint");
    let rsvg = have("rsvg-convert");
    let check = |name: &str, text: String, f: &dyn Fn(&[u8])| {
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, &text).expect("write");
        if xml {
            let ok = Command::new("xmllint").arg("--noout").arg(&path).status().expect("xmllint");
            assert!(ok.success(), "{name}: xmllint rejects the SVG");
        }
        if rsvg {
            let out = dir.join(format!("{name}.png"));
            let ok =
                Command::new("rsvg-convert").arg("-o").arg(&out).arg(&path).status().expect("rsvg-convert");
            assert!(ok.success(), "{name}: rsvg-convert failed");
            f(&std::fs::read(&out).expect("read png"));
        }
    };
    let sq = maze(Square::new(9, 7), 1);
    check("square", svg::svg(&plain_scene(&sq), &style), &|b| {
        walls_match_pixels(&sq, &style, b, "square svg")
    });
    let hx = maze(Hex::new(8, 6), 2);
    check("hex", svg::svg(&plain_scene(&hx), &style), &|b| walls_match_pixels(&hx, &style, b, "hex svg"));
    let tr = maze(Triangle::new(10, 5), 3);
    check("triangle", svg::svg(&plain_scene(&tr), &style), &|b| {
        walls_match_pixels(&tr, &style, b, "triangle svg")
    });
    // With every overlay, still well-formed.
    let sol = Solver::Bfs.solve(&hx, hx.entrance(), hx.exit(), &mut ()).expect("solvable");
    let all = Overlay {
        solution: Some(&sol),
        visited: true,
        heat: true,
        no_markers: false,
        no_line: false,
        numbered: false,
    };
    let titled = Style { title: Some("A <maze> & \"more\"".into()), ..Style::default() };
    check("overlays", svg::svg(&scene(&hx, &all), &titled), &|_| {});
}

#[test]
fn a_title_is_drawn_above_the_maze_in_svg_and_png() {
    let style = pixel_style();
    let titled = Style {
        title: Some("Garden & <Maze>".into()),
        instructions: Some("Find the way from the green dot to the red dot, and back".into()),
        ..pixel_style()
    };
    let m = maze(Square::new(9, 7), 5);
    let plain = scene(&m, &Overlay { no_markers: true, ..Overlay::default() });
    // PNG: the picture grows by a band holding ink, and the maze moves down by exactly it.
    let (w0, h0, _) = decode(&png::png(&plain, &style).expect("png"));
    let bytes = png::png(&plain, &titled).expect("png");
    let (w1, h1, lum) = decode(&bytes);
    assert_eq!(w1, w0);
    assert!(h1 > h0 + 20, "no room made for the heading: {h0} -> {h1}");
    let band = h1 - h0;
    let ink = lum[..(band * w1) as usize].iter().filter(|&&l| l < 100).count();
    assert!(ink > 50, "the heading band is blank");
    walls_match_pixels_below(&m, &style, &bytes, band, "titled png");
    // Through the maze_png entry point (which skips the scene for plain mazes) too.
    let direct = png::maze_png(&m, &Overlay { no_markers: true, ..Overlay::default() }, &titled, u64::MAX)
        .expect("png");
    assert_eq!(decode(&direct).1, h1);
    // SVG: escaped visible text elements, a taller picture, the maze shifted by the band.
    let text = svg::svg(&plain, &titled);
    assert!(
        text.contains(r#"<text class="title""#) && text.contains("Garden &amp; &lt;Maze&gt;</text>"),
        "{text}"
    );
    assert!(text.contains(r#"<text class="instructions""#));
    let height = |t: &str| -> f64 {
        let at = t.find("height=\"").expect("height") + 8;
        t[at..at + t[at..].find('"').expect("quote")].parse().expect("number")
    };
    let svg_band = height(&text) - height(&svg::svg(&plain, &style));
    assert!(svg_band > 20.0, "svg band {svg_band}");
    assert!(
        text.contains(&format!("translate(0 {})", svg_band.to_string().trim_end_matches(".0"))),
        "{text}"
    );
    if have("rsvg-convert") {
        let dir = tempdir("svg-title");
        let path = dir.join("t.svg");
        std::fs::write(&path, &text).expect("write");
        let out = dir.join("t.png");
        let ok = Command::new("rsvg-convert").arg("-o").arg(&out).arg(&path).status().expect("rsvg-convert");
        assert!(ok.success());
        let bytes = std::fs::read(&out).expect("read");
        let (_, _, lum) = decode(&bytes);
        let rows = svg_band.floor() as u32;
        assert!(lum[..(rows * w1) as usize].iter().any(|&l| l < 100), "the svg heading is blank");
        walls_match_pixels_below(&m, &style, &bytes, rows, "titled svg");
    }
}

/// PNG titles keep the case given: `Hello` and `HELLO` are set in different glyphs, in the
/// same room (the font's lower case is as wide as its capitals).
#[test]
fn a_png_title_keeps_its_case() {
    let m = maze(Square::new(9, 7), 5);
    let plain = scene(&m, &Overlay { no_markers: true, ..Overlay::default() });
    let titled = |t: &str| {
        let style = Style { title: Some(t.into()), ..pixel_style() };
        decode(&png::png(&plain, &style).expect("png"))
    };
    let (mixed, upper) = (titled("Hello"), titled("HELLO"));
    assert_eq!((mixed.0, mixed.1), (upper.0, upper.1), "the same size");
    assert_ne!(mixed.2, upper.2, "Hello and HELLO are drawn alike");
}

#[test]
fn svg_merges_wall_runs() {
    // A closed 10 x 10 grid is 11 horizontal and 11 vertical lines: 22 runs in one path.
    let m = Maze::new(Square::new(10, 10));
    let text = svg::svg(&scene(&m, &Overlay::default()), &Style::default());
    assert_eq!(text.matches("<path").count(), 1);
    assert_eq!(text.matches('M').count(), 22);
}

#[test]
fn golden_svgs_one_per_shape() {
    let style = Style::default();
    let with_solution = |s: &dyn Fn() -> String| s();
    let sq = maze(Square::new(8, 6), 10);
    let sol = Solver::Bfs.solve(&sq, sq.entrance(), sq.exit(), &mut ()).expect("solvable");
    golden(
        "square.svg",
        &with_solution(&|| {
            svg::svg(
                &scene(&sq, &Overlay { solution: Some(&sol), visited: true, ..Overlay::default() }),
                &style,
            )
        }),
    );
    let hx = maze(Hex::new(7, 5), 11);
    let sol = Solver::Bfs.solve(&hx, hx.entrance(), hx.exit(), &mut ()).expect("solvable");
    golden(
        "hex.svg",
        &svg::svg(
            &scene(&hx, &Overlay { solution: Some(&sol), visited: true, ..Overlay::default() }),
            &style,
        ),
    );
    let tr = maze(Triangle::new(10, 5), 12);
    let sol = Solver::Bfs.solve(&tr, tr.entrance(), tr.exit(), &mut ()).expect("solvable");
    golden(
        "triangle.svg",
        &svg::svg(
            &scene(&tr, &Overlay { solution: Some(&sol), visited: true, ..Overlay::default() }),
            &style,
        ),
    );
}

#[test]
fn golden_svgs_of_circles_octagons_and_masks() {
    let style = Style::default();
    let solved = |svg_of: &dyn Fn(&Overlay<'_>) -> String, sol: &maze_core::Solution| {
        svg_of(&Overlay { solution: Some(sol), visited: true, ..Overlay::default() })
    };
    let po = maze(Polar::new(6, 5), 13);
    let sol = Solver::Bfs.solve(&po, po.entrance(), po.exit(), &mut ()).expect("solvable");
    let text = solved(&|o| svg::svg(&scene(&po, o), &style), &sol);
    assert!(text.matches(" 0 0 1 ").count() >= 6, "polar walls are arcs");
    golden("polar.svg", &text);
    let up = maze(Upsilon::new(7, 5), 14);
    let sol = Solver::Bfs.solve(&up, up.entrance(), up.exit(), &mut ()).expect("solvable");
    golden("upsilon.svg", &solved(&|o| svg::svg(&scene(&up, o), &style), &sol));
    // A hexagonal ring: the middle cells are not part of the maze.
    let base = Hex::new(7, 5);
    let mask = Mask::from_fn(base.cell_count(), |c| !matches!((c % 7, c / 7), (2..=4, 1..=3)));
    let mh = maze(Masked::new(base, Arc::new(mask)), 15);
    let sol = Solver::Bfs.solve(&mh, mh.entrance(), mh.exit(), &mut ()).expect("solvable");
    golden("hex-masked.svg", &solved(&|o| svg::svg(&scene(&mh, o), &style), &sol));
}

#[test]
fn pngcheck_accepts_our_pngs() {
    if !have("pngcheck") {
        return;
    }
    let dir = tempdir("pngcheck");
    for (i, bytes) in [
        png::png(&plain_scene(&maze(Square::new(20, 10), 5)), &Style::default()).expect("png"),
        png::square_walls(&maze(Square::new(300, 200), 5), &Style::default(), 0).expect("png"),
        png::square_walls(&maze(Square::new(300, 200), 5), &Style::default(), 1).expect("png"),
        png::png(
            &scene(&maze(Hex::new(6, 6), 6), &Overlay { heat: true, ..Overlay::default() }),
            &Style::default(),
        )
        .expect("png"),
    ]
    .iter()
    .enumerate()
    {
        let path = dir.join(format!("{i}.png"));
        std::fs::write(&path, bytes).expect("write");
        let out = Command::new("pngcheck").arg(&path).output().expect("pngcheck");
        assert!(out.status.success(), "pngcheck: {}", String::from_utf8_lossy(&out.stdout));
    }
}

/// The direct 1-bit path draws exactly what the scene path draws.
#[test]
fn square_fast_path_matches_the_scene_path_pixel_for_pixel() {
    let styles = [
        Style { cell_size: 2.0, wall_width: 0.25, margin: 1.0, ..Style::default() },
        Style { cell_size: 8.0, wall_width: 1.0, margin: 4.0, ..Style::default() },
        Style { cell_size: 10.0, wall_width: 3.0, margin: 5.0, ..Style::default() },
        Style { cell_size: 7.5, wall_width: 2.2, margin: 3.3, walls: "#123456".into(), ..Style::default() },
    ];
    for (w, h, seed) in [(1, 1, 1), (1, 5, 2), (6, 1, 3), (9, 7, 4), (40, 23, 5)] {
        let m = maze(Square::new(w, h), seed);
        for style in &styles {
            let fast = png::square_walls(&m, style, 6).expect("fast");
            let slow = png::png(&plain_scene(&m), style).expect("scene");
            assert_eq!(decode(&fast), decode(&slow), "{w}x{h} seed {seed} {style:?}");
            let via = png::maze_png(&m, &Overlay { no_markers: true, ..Overlay::default() }, style, u64::MAX)
                .expect("png");
            let own = png::square_walls(&m, style, 1).expect("fast");
            assert_eq!(via, own, "maze_png takes the fast path for plain square mazes, at level 1");
        }
    }
    // Whole-pixel cells draw by lookup tables, a group of walls at a time: sizes that cross
    // 64-wall words, margins narrower than half a wall (cut at the picture's edges), walls
    // as thick as the gap, and every compression level's stream decodes to the same pixels.
    let whole = [
        Style { cell_size: 2.0, wall_width: 1.0, margin: 2.0, ..Style::default() },
        Style { cell_size: 1.0, wall_width: 0.5, margin: 0.0, ..Style::default() },
        Style { cell_size: 3.0, wall_width: 2.0, margin: 0.0, ..Style::default() },
        Style { cell_size: 5.0, wall_width: 3.0, margin: 1.0, ..Style::default() },
        Style { cell_size: 9.0, wall_width: 4.0, margin: 0.5, ..Style::default() },
        Style { cell_size: 40.0, wall_width: 6.0, margin: 3.0, ..Style::default() },
    ];
    for (w, h, seed) in [(1, 1, 7), (63, 3, 8), (64, 2, 9), (65, 4, 10), (130, 11, 11), (7, 70, 12)] {
        let m = maze(Square::new(w, h), seed);
        for style in &whole {
            let slow = decode(&png::png(&plain_scene(&m), style).expect("scene"));
            for level in [0, 1, 6] {
                let fast = png::square_walls(&m, style, level).expect("fast");
                assert_eq!(decode(&fast), slow, "{w}x{h} seed {seed} level {level} {style:?}");
            }
        }
    }
    // Pictures of several deflate blocks, rows repeating or not (the level-1 writer looks
    // further back than the row above only where they do): the same pixels at every level.
    for (w, h, px, wall) in
        [(400, 300, 2.0, 1.0), (300, 200, 3.0, 1.0), (250, 120, 10.0, 5.0), (120, 500, 6.0, 2.0)]
    {
        let m = maze(Square::new(w, h), u64::from(w));
        let style = Style { cell_size: px, wall_width: wall, margin: px, ..Style::default() };
        let stored = decode(&png::square_walls(&m, &style, 0).expect("fast"));
        for level in [1, 6] {
            let png = png::square_walls(&m, &style, level).expect("fast");
            assert_eq!(decode(&png), stored, "{w}x{h} at {px} px, level {level}");
        }
    }
    // Row by row, at each kind of level, the same picture again.
    let m = &maze(Square::new(130, 40), 13);
    let style = &whole[0];
    let bands = png::WallBands::new(130, 40, style).expect("bands");
    let whole_image = decode(&png::square_walls(m, style, 6).expect("fast"));
    for level in [0, 1, 6] {
        let (w, h) = bands.size();
        let mut rows = png::PngRows::new(Vec::new(), w, h, 1, &bands.palette(style).expect("colours"), level)
            .expect("head");
        // Bit x set where `closed(x)`, for x in 0..=130.
        let bits = |closed: &dyn Fn(u32) -> bool| {
            let mut v = vec![0u64; 3];
            for x in (0..=130).filter(|&x| closed(x)) {
                v[x as usize / 64] |= 1 << (x % 64);
            }
            v
        };
        let cell = |x: u32, y: u32| CellId(y * 130 + x);
        let left = move |y: u32| {
            move |x: u32| {
                if x == 0 {
                    !m.is_open(cell(0, y), maze_core::SquareDoor::West)
                } else {
                    x <= 130 && !m.is_open(cell(x - 1, y), maze_core::SquareDoor::East)
                }
            }
        };
        let none = bits(&|_| false);
        for y in 0..=40 {
            let line = bits(&|x| {
                x < 130
                    && if y < 40 {
                        !m.is_open(cell(x, y), maze_core::SquareDoor::North)
                    } else {
                        !m.is_open(cell(x, 39), maze_core::SquareDoor::South)
                    }
            });
            let above = if y > 0 { bits(&left(y - 1)) } else { none.clone() };
            let row = if y < 40 { bits(&left(y)) } else { none.clone() };
            bands.paint(y, &line, &above, &row, |pixels| rows.row(pixels).expect("row"));
        }
        let bytes = rows.finish().expect("end");
        assert_eq!(decode(&bytes), whole_image, "PngRows at level {level}");
    }
    // Walls as thick as the cells overlap the bands: maze_png draws them through the scene.
    let thick = Style { cell_size: 4.0, wall_width: 6.0, margin: 2.0, ..Style::default() };
    let m = maze(Square::new(9, 7), 6);
    assert!(png::square_walls(&m, &thick, 6).is_err());
    let via = png::maze_png(&m, &Overlay { no_markers: true, ..Overlay::default() }, &thick, u64::MAX)
        .expect("png");
    assert_eq!(decode(&via), decode(&png::png(&plain_scene(&m), &thick).expect("scene")));
}
