//! OpenSCAD and STL: the STL mesh is checked in Rust (byte layout, every edge shared by two
//! triangles in opposite directions, one connected part, outward normals, volume and size
//! against the footprint, walls where the maze has them) and by admesh; the OpenSCAD program
//! is rendered by openscad itself and its mesh checked by admesh, and compared with ours.
//!
//! Tests that need a tool skip when it is missing, unless MAZE_REQUIRE_VALIDATORS=1.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use maze_core::{Algorithm, CellId, Hex, Maze, Point, Shape, Square, Triangle, Xoshiro};
use maze_render::scad::{self, Model};
use maze_render::scene::{Overlay, Scene, scene};
use maze_render::stl::{self, Footprint};
use maze_testkit::{have, tempdir};

fn maze<S: Shape>(shape: S, seed: u64) -> Maze<S> {
    let mut m = Maze::new(shape);
    Algorithm::Kruskal
        .generate(&mut m, &Default::default(), &mut Xoshiro::seed_from_u64(seed), &mut ())
        .expect("supported");
    m.open_entrance_and_exit();
    m
}

/// A maze of each shape, with its scene and the centres of its cells.
fn mazes(w: u32, h: u32, seed: u64) -> Vec<(&'static str, Scene, Vec<Point>)> {
    fn one<S: Shape>(name: &'static str, m: Maze<S>) -> (&'static str, Scene, Vec<Point>) {
        let centres = (0..m.cell_count()).map(|c| m.shape().centre(CellId(c))).collect();
        (name, scene(&m, &Overlay::default()), centres)
    }
    vec![
        one("square", maze(Square::new(w, h), seed)),
        one("hex", maze(Hex::new(w, h), seed)),
        one("triangle", maze(Triangle::new(w, h), seed)),
    ]
}

type Vertex = [f32; 3];

/// Parses a binary STL, checking its layout: (normal, corners) per triangle.
fn parse_stl(bytes: &[u8], what: &str) -> Vec<(Vertex, [Vertex; 3])> {
    assert!(bytes.len() >= 84, "{what}: shorter than a header");
    assert!(!bytes.starts_with(b"solid"), "{what}: a binary STL must not look like ASCII");
    let n = u32::from_le_bytes(bytes[80..84].try_into().expect("4 bytes")) as usize;
    assert_eq!(bytes.len(), 84 + 50 * n, "{what}: size does not match the triangle count {n}");
    let f = |b: &[u8]| f32::from_le_bytes(b.try_into().expect("4 bytes"));
    let v = |b: &[u8]| [f(&b[0..4]), f(&b[4..8]), f(&b[8..12])];
    bytes[84..]
        .chunks_exact(50)
        .map(|t| {
            assert_eq!(&t[48..50], &[0, 0], "{what}: attribute bytes");
            (v(&t[0..12]), [v(&t[12..24]), v(&t[24..36]), v(&t[36..48])])
        })
        .collect()
}

fn sub(a: Vertex, b: Vertex) -> [f64; 3] {
    [f64::from(a[0]) - f64::from(b[0]), f64::from(a[1]) - f64::from(b[1]), f64::from(a[2]) - f64::from(b[2])]
}

fn cross(u: [f64; 3], v: [f64; 3]) -> [f64; 3] {
    [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
}

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Everything that can be checked about our STL without external tools. Returns the
/// triangle count.
fn check_stl(what: &str, bytes: &[u8], scene: &Scene, model: &Model, fp: &Footprint) -> usize {
    let tris = parse_stl(bytes, what);
    let key = |v: Vertex| v.map(f32::to_bits);
    // Closed and manifold: each directed edge once, and its reverse once.
    let mut edges: HashMap<([u32; 3], [u32; 3]), u32> = HashMap::new();
    for (_, t) in &tris {
        for i in 0..3 {
            *edges.entry((key(t[i]), key(t[(i + 1) % 3]))).or_default() += 1;
        }
    }
    for (&(a, b), &n) in &edges {
        assert_eq!(n, 1, "{what}: directed edge {a:?} -> {b:?} used {n} times");
        assert_eq!(edges.get(&(b, a)), Some(&1), "{what}: edge {a:?} -> {b:?} has no opposite");
    }
    // Normals agree with the winding; no degenerate triangles.
    for (n, t) in &tris {
        let c = cross(sub(t[1], t[0]), sub(t[2], t[0]));
        let len = (c[0] * c[0] + c[1] * c[1] + c[2] * c[2]).sqrt();
        assert!(len > 0.0, "{what}: degenerate triangle {t:?}");
        let dot = (c[0] * f64::from(n[0]) + c[1] * f64::from(n[1]) + c[2] * f64::from(n[2])) / len;
        assert!((dot - 1.0).abs() < 1e-6, "{what}: normal {n:?} disagrees with winding of {t:?}");
    }
    // One part: triangles sharing a vertex are connected.
    let mut ids: HashMap<[u32; 3], usize> = HashMap::new();
    let mut parent: Vec<usize> = Vec::new();
    for (_, t) in &tris {
        let vs: Vec<usize> = t
            .iter()
            .map(|&v| {
                *ids.entry(key(v)).or_insert_with(|| {
                    parent.push(parent.len());
                    parent.len() - 1
                })
            })
            .collect();
        for &v in &vs[1..] {
            let (a, b) = (find(&mut parent, vs[0]), find(&mut parent, v));
            parent[a] = b;
        }
    }
    let roots = (0..parent.len()).filter(|&i| find(&mut parent, i) == i).count();
    assert_eq!(roots, 1, "{what}: {roots} separate parts");
    // Volume (divergence theorem; positive means outward normals).
    let volume: f64 = tris
        .iter()
        .map(|(_, t)| {
            let p = t.map(|v| v.map(f64::from));
            let c = cross(p[1], p[2]);
            (p[0][0] * c[0] + p[0][1] * c[1] + p[0][2] * c[2]) / 6.0
        })
        .sum();
    let (pw, ph) = model.plate(scene);
    let expected = pw * ph * model.base + fp.wall_area() * model.height;
    assert!(
        (volume - expected).abs() < 1e-5 * expected,
        "{what}: volume {volume} mm³, expected {expected} mm³"
    );
    // Size: the plate, and walls to their full height.
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for (_, t) in &tris {
        for v in t {
            for i in 0..3 {
                lo[i] = lo[i].min(f64::from(v[i]));
                hi[i] = hi[i].max(f64::from(v[i]));
            }
        }
    }
    let top = if fp.wall_area() > 0.0 { model.base + model.height } else { model.base };
    for (i, size) in [pw, ph, top].into_iter().enumerate() {
        assert!(lo[i].abs() < 1e-4, "{what}: model starts at {lo:?}");
        assert!((hi[i] - size).abs() < 1e-4, "{what}: model size {hi:?}, expected {pw} x {ph} x {top}");
    }
    tris.len()
}

/// The footprint has walls where the scene has walls and bare plate at cell centres.
fn check_footprint(what: &str, scene: &Scene, centres: &[Point], model: &Model, fp: &Footprint) {
    let c = &fp.canvas;
    let at = |p: Point| {
        let x = ((model.wall + p.x * model.cell) / fp.pixel_width).floor() as u32;
        let y = ((model.wall + p.y * model.cell) / fp.pixel_height).floor() as u32;
        c.get(x, y).expect("on the plate")
    };
    for &[a, b] in &scene.walls {
        let mid = Point { x: (a.x + b.x) / 2.0, y: (a.y + b.y) / 2.0 };
        assert_eq!(at(mid), 1, "{what}: no wall at {mid:?}");
    }
    for &p in centres {
        assert_eq!(at(p), 0, "{what}: wall at cell centre {p:?}");
    }
    // Area: each wall is at most a (length + thickness) x thickness block, and the union is
    // close to length x thickness.
    let t = model.wall;
    let lengths: f64 = scene.walls.iter().map(|[a, b]| (a.x - b.x).hypot(a.y - b.y) * model.cell).sum();
    let area = fp.wall_area();
    let most = (lengths + t * scene.walls.len() as f64) * t;
    assert!(area <= most * 1.02 && area >= lengths * t * 0.9, "{what}: wall area {area}, lengths {lengths}");
}

/// The exact area of a union of axis-aligned rectangles (coordinate compression).
fn union_area(rects: &[[f64; 4]]) -> f64 {
    let mut xs: Vec<f64> = rects.iter().flat_map(|r| [r[0], r[2]]).collect();
    let mut ys: Vec<f64> = rects.iter().flat_map(|r| [r[1], r[3]]).collect();
    for v in [&mut xs, &mut ys] {
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    }
    let mut area = 0.0;
    for i in 0..xs.len().saturating_sub(1) {
        for j in 0..ys.len().saturating_sub(1) {
            let (cx, cy) = ((xs[i] + xs[i + 1]) / 2.0, (ys[j] + ys[j + 1]) / 2.0);
            if rects.iter().any(|r| r[0] < cx && cx < r[2] && r[1] < cy && cy < r[3]) {
                area += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j]);
            }
        }
    }
    area
}

#[test]
fn stl_meshes_are_closed_manifold_and_the_right_size_for_every_shape() {
    let models = [
        Model::default(),
        Model { cell: 6.0, wall: 1.2, height: 5.0, base: 1.5 },
        Model { cell: 7.3, wall: 0.9, height: 3.0, base: 1.0 },
    ];
    for (w, h, seed) in [(1, 1, 1), (2, 3, 2), (7, 5, 3), (12, 9, 4)] {
        for (name, scene, centres) in mazes(w, h, seed) {
            for model in &models {
                let what = format!("{name} {w}x{h} {model:?}");
                let fp = stl::footprint(&scene, model).expect("footprint");
                check_footprint(&what, &scene, &centres, model, &fp);
                let bytes = stl::stl(&scene, model).expect("stl");
                check_stl(&what, &bytes, &scene, model, &fp);
                assert_eq!(bytes, stl::stl(&scene, model).expect("stl"), "{what}: not deterministic");
            }
        }
    }
}

#[test]
fn square_walls_are_exact() {
    for model in [Model::default(), Model { cell: 6.0, wall: 1.2, height: 5.0, base: 1.5 }] {
        let (_, scene, _) = mazes(9, 7, 5).swap_remove(0);
        let fp = stl::footprint(&scene, &model).expect("footprint");
        let (t, k) = (model.wall, model.cell);
        let rects: Vec<[f64; 4]> = scene
            .walls
            .iter()
            .map(|[a, b]| {
                let (x0, x1) = (t + a.x.min(b.x) * k, t + a.x.max(b.x) * k);
                let (y0, y1) = (t + a.y.min(b.y) * k, t + a.y.max(b.y) * k);
                [x0 - t / 2.0, y0 - t / 2.0, x1 + t / 2.0, y1 + t / 2.0]
            })
            .collect();
        let exact = union_area(&rects);
        assert!((fp.wall_area() - exact).abs() < 1e-6 * exact, "area {} vs exact {exact}", fp.wall_area());
    }
}

#[test]
fn twenty_by_twenty_mazes_stay_reasonable() {
    let model = Model::default();
    for (name, scene, _) in mazes(20, 20, 7) {
        let fp = stl::footprint(&scene, &model).expect("footprint");
        let bytes = stl::stl(&scene, &model).expect("stl");
        let n = check_stl(name, &bytes, &scene, &model, &fp);
        eprintln!(
            "{name} 20x20: {n} triangles, {} bytes, pixel {:.3} x {:.3} mm",
            bytes.len(),
            fp.pixel_width,
            fp.pixel_height
        );
        assert!(n < 500_000, "{name}: {n} triangles");
    }
}

#[test]
fn stl_refuses_absurd_models_without_panicking() {
    let (_, scene, _) = mazes(3, 3, 1).swap_remove(0);
    for model in [
        Model { cell: 1e6, ..Model::default() },
        Model { wall: 0.0, ..Model::default() },
        Model { base: f64::INFINITY, ..Model::default() },
        Model { wall: 1e-9, ..Model::default() },
    ] {
        assert!(stl::stl(&scene, &model).is_err(), "{model:?}");
    }
    assert!(stl::stl(&Scene::default(), &Model::default()).is_err());
}

#[test]
fn scad_has_parameters_first_and_is_deterministic() {
    for (name, scene, _) in mazes(4, 3, 1) {
        let text = scad::scad(&scene, &Model::default());
        assert_eq!(text, scad::scad(&scene, &Model::default()), "{name}");
        let code: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with("//")).collect();
        for (i, p) in
            ["cell_size", "wall_thickness", "wall_height", "base_thickness", "maze_width", "maze_height"]
                .iter()
                .enumerate()
        {
            assert!(code[i].starts_with(&format!("{p} = ")), "{name}: line {i} is {:?}", code[i]);
            assert!(code[i].contains(";  // "), "{name}: {p} has no comment");
        }
        assert_eq!(text.matches("  [[").count(), scene.walls.len(), "{name}: one line per wall");
        assert_eq!(text.matches("union()").count(), 1, "{name}");
        assert!(text.contains("linear_extrude"), "{name}");
    }
}

/// Runs admesh on a file and returns its report: each number that follows a label and `:`
/// or `=` (the first column where admesh prints "Original" and "Final").
fn admesh(path: &Path) -> HashMap<String, f64> {
    let out = Command::new("admesh").arg(path).output().expect("run admesh");
    let text = String::from_utf8_lossy(&out.stdout);
    let number = |tok: &str| tok.trim_end_matches(',').parse::<f64>().ok();
    let mut report = HashMap::new();
    for line in text.lines() {
        let mut rest = line;
        while let Some(i) = rest.find([':', '=']) {
            let label = rest[..i].trim().trim_start_matches(',').trim();
            let mut after = &rest[i + 1..];
            if let Some(v) = after.split_whitespace().next().and_then(number) {
                if !label.is_empty() {
                    report.insert(label.to_string(), v);
                }
            }
            // Skip the numbers, to the next label.
            loop {
                let t = after.trim_start();
                match t.split_whitespace().next() {
                    Some(tok) if number(tok).is_some() => after = &t[tok.len()..],
                    _ => break,
                }
            }
            rest = after;
        }
    }
    assert!(report.contains_key("Number of parts"), "admesh report not understood:\n{text}");
    report
}

#[test]
fn admesh_accepts_our_stl_for_every_shape() {
    if !have("admesh") {
        return;
    }
    let dir = tempdir("admesh");
    let model = Model::default();
    for (name, scene, _) in mazes(10, 10, 11) {
        let bytes = stl::stl(&scene, &model).expect("stl");
        let path = dir.join(format!("{name}.stl"));
        std::fs::write(&path, &bytes).expect("write");
        let report = admesh(&path);
        for label in [
            "Degenerate facets",
            "Edges fixed",
            "Facets removed",
            "Facets added",
            "Facets reversed",
            "Backwards edges",
            "Normals fixed",
            "Total disconnected facets",
        ] {
            assert_eq!(report.get(label), Some(&0.0), "{name}: admesh {label}: {report:?}");
        }
        assert_eq!(report.get("Number of parts"), Some(&1.0), "{name}: {report:?}");
        let fp = stl::footprint(&scene, &model).expect("footprint");
        let (pw, ph) = model.plate(&scene);
        let expected = pw * ph * model.base + fp.wall_area() * model.height;
        let volume = report.get("Volume").copied().unwrap_or(0.0);
        assert!((volume - expected).abs() < 1e-3 * expected, "{name}: admesh volume {volume} vs {expected}");
        assert_eq!(report.get("Max X").copied().map(|v| (v - pw).abs() < 1e-3), Some(true), "{report:?}");
        assert_eq!(report.get("Max Y").copied().map(|v| (v - ph).abs() < 1e-3), Some(true), "{report:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn openscad_renders_the_program_to_the_same_model() {
    if !have("openscad") || !have("admesh") {
        return;
    }
    let dir = tempdir("openscad");
    let model = Model::default();
    let small = [("square", 4, 3), ("hex", 3, 3), ("triangle", 4, 3)];
    for (name, w, h) in small {
        let (_, scene, _) =
            mazes(w, h, 3).into_iter().find(|(n, _, _)| *n == name).expect("shape in the list");
        let scad_path = dir.join(format!("{name}.scad"));
        let stl_path = dir.join(format!("{name}.stl"));
        std::fs::write(&scad_path, scad::scad(&scene, &model)).expect("write");
        let started = Instant::now();
        let out =
            Command::new("openscad").arg("-o").arg(&stl_path).arg(&scad_path).output().expect("run openscad");
        let elapsed = started.elapsed();
        assert!(out.status.success(), "{name}: openscad failed: {}", String::from_utf8_lossy(&out.stderr));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("WARNING") && !stderr.contains("ERROR"), "{name}: openscad said:\n{stderr}");
        let size = std::fs::metadata(&stl_path).map(|m| m.len()).unwrap_or(0);
        assert!(size > 84, "{name}: openscad wrote {size} bytes");
        eprintln!("openscad {name} {w}x{h}: {:.2} s, {size} bytes", elapsed.as_secs_f64());
        let report = admesh(&stl_path);
        assert_eq!(report.get("Number of parts"), Some(&1.0), "{name}: {report:?}");
        assert_eq!(report.get("Backwards edges"), Some(&0.0), "{name}: {report:?}");
        // The same model as our STL: plate size, height and (up to staircasing) volume.
        let (pw, ph) = model.plate(&scene);
        let close = |k: &str, v: f64| report.get(k).is_some_and(|&r| (r - v).abs() < 1e-3);
        assert!(close("Min X", 0.0) && close("Min Y", 0.0) && close("Min Z", 0.0), "{name}: {report:?}");
        assert!(close("Max X", pw) && close("Max Y", ph), "{name}: {report:?}");
        assert!(close("Max Z", model.base + model.height), "{name}: {report:?}");
        let fp = stl::footprint(&scene, &model).expect("footprint");
        let ours = pw * ph * model.base + fp.wall_area() * model.height;
        let theirs = report.get("Volume").copied().unwrap_or(0.0);
        let tolerance = if name == "square" { 1e-4 } else { 0.02 };
        assert!(
            (theirs - ours).abs() < tolerance * ours,
            "{name}: openscad volume {theirs} mm³, our STL {ours} mm³"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
