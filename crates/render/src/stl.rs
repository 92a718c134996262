//! STL: the [`scad`](crate::scad) model — walls standing on a base plate — as a binary
//! mesh, written directly so no OpenSCAD is needed.
//!
//! The walls' footprint is rasterised onto a [`Canvas`] (square-capped strokes, sampled at
//! pixel centres) at a resolution where the walls of square mazes fall on whole pixels, so
//! those are exact; slanted walls become fine staircases. The mesh is the height field of
//! that raster: the bottom of the plate, the plate's top around the walls, the walls' tops
//! and the vertical faces between them. It is built on integer grid coordinates (scaled to
//! millimetres at the very end) from rectangles of equal pixels, with every vertex lying on
//! a face's boundary also a corner of that face's triangles, so there are no T-junctions:
//! the mesh is watertight and manifold, one part, with outward normals.

use maze_core::{Error, Point};

use crate::raster::Canvas;
use crate::scad::Model;
use crate::scene::Scene;

/// The most footprint pixels [`stl`] rasterises; larger models are drawn coarser, and refused
/// when walls would be under two pixels thick.
pub const MAX_PIXELS: u64 = 4_000_000;

/// The pixel size for slanted walls, millimetres (a common layer height: the staircase of a
/// slanted wall is finer than a printer's nozzle), unless the walls are under 0.8 mm thick.
pub const SLANTED_PIXEL: f64 = 0.2;

/// The most pixels along one side of the footprint (keeps grid steps far above `f32`
/// rounding of the coordinates).
pub const MAX_SIDE: f64 = 20_000.0;

/// Canvas value of bare plate.
const FLOOR: u8 = 0;
/// Canvas value of a wall.
const WALL: u8 = 1;

/// The walls' footprint on the base plate, from which [`stl`] builds its mesh.
#[derive(Clone, Debug, PartialEq)]
pub struct Footprint {
    /// One pixel per grid square of the plate: 1 where a wall stands, 0 for bare plate. Row
    /// 0 is the plate's far edge (largest y in the model, the top of the maze picture). The
    /// outermost ring of pixels is always bare.
    pub canvas: Canvas,
    /// A pixel's size along x, millimetres.
    pub pixel_width: f64,
    /// A pixel's size along y, millimetres.
    pub pixel_height: f64,
}

impl Footprint {
    /// The area covered by walls, square millimetres.
    pub fn wall_area(&self) -> f64 {
        let n = self.canvas.pixels.iter().filter(|&&v| v == WALL).count();
        n as f64 * self.pixel_width * self.pixel_height
    }
}

/// Whether `v` is a whole number, allowing for rounding in its computation.
fn whole(v: f64) -> bool {
    (v - v.round()).abs() < 1e-6 * v.abs().max(1.0)
}

/// Checks the model's dimensions and the scene's coordinates.
fn check(scene: &Scene, model: &Model) -> Result<(), Error> {
    for (name, v) in [
        ("cell size", model.cell),
        ("wall width", model.wall),
        ("wall height", model.height),
        ("base thickness", model.base),
    ] {
        if !(v.is_finite() && v > 0.0) {
            return Err(Error::Parameter(format!("the {name} must be a positive number of millimetres")));
        }
    }
    let finite = |p: &Point| p.x.is_finite() && p.y.is_finite();
    let extent =
        scene.width.is_finite() && scene.height.is_finite() && scene.width > 0.0 && scene.height > 0.0;
    if !extent || !scene.walls.iter().flatten().all(finite) {
        return Err(Error::Parameter("the maze has no drawable extent".into()));
    }
    let (w, h) = model.plate(scene);
    if !(w.is_finite() && h.is_finite()) {
        return Err(Error::Parameter("the model is too large".into()));
    }
    Ok(())
}

/// The pixel size in millimetres: for axis-aligned walls, the largest `wall / (2k)` that also
/// divides the cell size and every wall coordinate (so walls land on whole pixels); otherwise
/// [`SLANTED_PIXEL`] or a quarter of the wall thickness, whichever is finer; coarser when the
/// pixel limits require it.
fn pixel_size(scene: &Scene, model: &Model) -> Result<f64, Error> {
    let (w, h) = model.plate(scene);
    let fits = |p: f64| {
        let (nx, ny) = ((w / p).round(), (h / p).round());
        nx <= MAX_SIDE && ny <= MAX_SIDE && nx * ny <= MAX_PIXELS as f64
    };
    let half = model.wall / 2.0;
    let axis_aligned = scene.arcs.is_empty() && scene.walls.iter().all(|[a, b]| a.x == b.x || a.y == b.y);
    if axis_aligned {
        let mut coords: Vec<f64> = scene.walls.iter().flatten().flat_map(|p| [p.x, p.y]).collect();
        coords.extend([scene.width, scene.height]);
        coords.sort_by(f64::total_cmp);
        coords.dedup();
        for k in 1..=64 {
            let p = half / f64::from(k);
            if whole(half / p) && coords.iter().all(|&c| whole(c * model.cell / p)) && fits(p) {
                return Ok(p);
            }
        }
    }
    // Slanted walls (or no exact grid): fine steps, at least four pixels across a wall,
    // coarser if need be.
    let coarsest = (w * h / MAX_PIXELS as f64).sqrt().max(w / MAX_SIDE).max(h / MAX_SIDE) * 1.001;
    let p = SLANTED_PIXEL.min(model.wall / 4.0).max(coarsest);
    if p > half {
        return Err(Error::Parameter(format!(
            "a {w:.0} x {h:.0} mm model with {} mm walls is too large for STL (use a smaller --cell-size or a larger --wall-width)",
            model.wall
        )));
    }
    Ok(p)
}

/// Rasterises the walls' footprint as [`stl`] uses it: the plate divided into pixels, walls
/// painted with square caps, the outer ring kept bare, and diagonal-only contacts between
/// wall pixels filled in (they would make non-manifold edges).
///
/// # Errors
/// [`Error::Parameter`] for a dimension that is not a positive number, a scene without
/// extent, or a model too large to rasterise within [`MAX_PIXELS`] with walls at least two
/// pixels thick.
pub fn footprint(scene: &Scene, model: &Model) -> Result<Footprint, Error> {
    check(scene, model)?;
    let p = pixel_size(scene, model)?;
    let (w, h) = model.plate(scene);
    let nx = ((w / p).round() as u32).max(3);
    let ny = ((h / p).round() as u32).max(3);
    let (px, py) = (w / f64::from(nx), h / f64::from(ny));
    let mut canvas = Canvas::new(nx, ny, FLOOR, MAX_PIXELS)?;
    let t = model.wall;
    let half = t / 2.0;
    // Scene units to millimetres on the plate (y still downwards), then to pixels.
    let mm = |q: Point| Point { x: t + q.x * model.cell, y: t + q.y * model.cell };
    let to_px = |q: Point| Point { x: q.x / px, y: q.y / py };
    // Curved walls as chords straying under a tenth of a pixel from the circle.
    let walls = scene.straight_walls(0.1 * p.min(half) / model.cell);
    for (i, &[a, b]) in walls.iter().enumerate() {
        crate::scene::every(i)?;
        if a.x == b.x || a.y == b.y {
            let (a, b) = (mm(a), mm(b));
            canvas.fill_rect(
                (a.x.min(b.x) - half) / px,
                (a.y.min(b.y) - half) / py,
                (a.x.max(b.x) + half) / px,
                (a.y.max(b.y) + half) / py,
                WALL,
            );
            continue;
        }
        // A square-capped stroke, built in millimetres (pixels may be slightly oblong).
        let (a, b) = (mm(a), mm(b));
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = maze_core::math::hypot(dx, dy);
        let (ux, uy) = (dx / len * half, dy / len * half);
        let quad = [
            Point { x: a.x - ux - uy, y: a.y - uy + ux },
            Point { x: b.x + ux - uy, y: b.y + uy + ux },
            Point { x: b.x + ux + uy, y: b.y + uy - ux },
            Point { x: a.x - ux + uy, y: a.y - uy - ux },
        ];
        canvas.fill_polygon(&quad.map(to_px), WALL);
    }
    clear_ring(&mut canvas);
    fill_diagonal_contacts(&mut canvas);
    Ok(Footprint { canvas, pixel_width: px, pixel_height: py })
}

/// Makes the outermost ring of pixels bare plate (walls never reach it at the chosen pixel
/// sizes; this keeps the mesh's plate edge simple whatever the scene holds).
fn clear_ring(c: &mut Canvas) {
    let (w, h) = (c.width as usize, c.height as usize);
    c.pixels[..w].fill(FLOOR);
    c.pixels[(h - 1) * w..].fill(FLOOR);
    for y in 0..h {
        c.pixels[y * w] = FLOOR;
        c.pixels[y * w + w - 1] = FLOOR;
    }
}

/// Fills every 2x2 block whose wall pixels touch only diagonally, until none is left. Only
/// bare pixels become walls, so it ends; a worklist revisits the blocks around each change.
fn fill_diagonal_contacts(c: &mut Canvas) {
    let (w, h) = (c.width as usize, c.height as usize);
    let mut work: Vec<(usize, usize)> = Vec::new();
    let diagonal = |px: &[u8], x: usize, y: usize| {
        let (a, b) = (px[y * w + x], px[y * w + x + 1]);
        let (d, e) = (px[(y + 1) * w + x], px[(y + 1) * w + x + 1]);
        a == e && b == d && a != b
    };
    for y in 0..h - 1 {
        for x in 0..w - 1 {
            if diagonal(&c.pixels, x, y) {
                work.push((x, y));
            }
        }
    }
    while let Some((x, y)) = work.pop() {
        if !diagonal(&c.pixels, x, y) {
            continue;
        }
        for (i, j) in [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)] {
            c.pixels[j * w + i] = WALL;
        }
        // Blocks sharing a pixel with this one.
        for j in y.saturating_sub(1)..=(y + 1).min(h - 2) {
            for i in x.saturating_sub(1)..=(x + 1).min(w - 2) {
                if diagonal(&c.pixels, i, j) {
                    work.push((i, j));
                }
            }
        }
    }
}

/// A vertex on the integer grid: pixel corner `x`, `y` (canvas rows, downwards) and level
/// `z` (0 bottom, 1 plate top, 2 wall top).
type Grid = [u32; 3];

/// A rectangle of equal pixels, `[x0, x1) x [y0, y1)`.
#[derive(Clone, Copy, Debug)]
struct Rect {
    x0: u32,
    x1: u32,
    y0: u32,
    y1: u32,
    kind: u8,
}

/// Splits the canvas into rectangles: runs of equal pixels in each row, joined with the
/// identical run of the row above.
fn rectangles(c: &Canvas) -> Vec<Rect> {
    let w = c.width as usize;
    let mut rects: Vec<Rect> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut next: Vec<usize> = Vec::new();
    for (y, row) in c.pixels.chunks_exact(w).enumerate() {
        let y = y as u32;
        next.clear();
        let mut k = 0;
        let mut x0 = 0;
        while x0 < w {
            let kind = row[x0];
            let mut x1 = x0 + 1;
            while x1 < w && row[x1] == kind {
                x1 += 1;
            }
            let (a, b) = (x0 as u32, x1 as u32);
            while k < open.len() && rects[open[k]].x0 < a {
                k += 1;
            }
            match open.get(k) {
                Some(&i) if rects[i].x0 == a && rects[i].x1 == b && rects[i].kind == kind => {
                    rects[i].y1 = y + 1;
                    next.push(i);
                }
                _ => {
                    next.push(rects.len());
                    rects.push(Rect { x0: a, x1: b, y0: y, y1: y + 1, kind });
                }
            }
            x0 = x1;
        }
        std::mem::swap(&mut open, &mut next);
    }
    rects
}

/// The vertices of one level on each grid line: `rows[y]` holds the x of every rectangle
/// corner on row line `y`, `cols[x]` the y of every corner on column line `x`, sorted.
struct Lines {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

impl Lines {
    fn new(rects: &[Rect], kind: u8, w: u32, h: u32) -> Lines {
        let mut rows = vec![Vec::new(); h as usize + 1];
        let mut cols = vec![Vec::new(); w as usize + 1];
        for r in rects.iter().filter(|r| r.kind == kind) {
            for (x, y) in [(r.x0, r.y0), (r.x1, r.y0), (r.x0, r.y1), (r.x1, r.y1)] {
                rows[y as usize].push(x);
                cols[x as usize].push(y);
            }
        }
        for v in rows.iter_mut().chain(cols.iter_mut()) {
            v.sort_unstable();
            v.dedup();
        }
        Lines { rows, cols }
    }
}

/// The values of a sorted list within `[a, b]`.
fn within(v: &[u32], a: u32, b: u32) -> &[u32] {
    let lo = v.partition_point(|&x| x < a);
    let hi = v.partition_point(|&x| x <= b);
    &v[lo..hi.max(lo)]
}

/// Triangles on the integer grid with their outward normal (a unit axis vector).
struct Mesh {
    height: u32,
    triangles: Vec<([Grid; 3], [i8; 3])>,
}

impl Mesh {
    /// Output coordinates (y up) of a grid vertex, still integers.
    fn out(&self, v: Grid) -> [i64; 3] {
        [i64::from(v[0]), i64::from(self.height) - i64::from(v[1]), i64::from(v[2])]
    }

    /// Adds a triangle, wound counter-clockwise seen from the side `normal` points to. Each
    /// triangle spans at most two levels, and the levels map to heights increasingly, so the
    /// winding found on the grid holds in millimetres.
    fn triangle(&mut self, a: Grid, b: Grid, c: Grid, normal: [i8; 3]) {
        let (p, q, r) = (self.out(a), self.out(b), self.out(c));
        let (u, v) = ([q[0] - p[0], q[1] - p[1], q[2] - p[2]], [r[0] - p[0], r[1] - p[1], r[2] - p[2]]);
        let cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
        let dot: i64 = cross.iter().zip(normal).map(|(&c, n)| c * i64::from(n)).sum();
        debug_assert!(dot != 0, "degenerate or edge-on triangle {a:?} {b:?} {c:?}");
        if dot > 0 {
            self.triangles.push(([a, b, c], normal));
        } else if dot < 0 {
            self.triangles.push(([a, c, b], normal));
        }
    }

    /// Triangulates the planar strip between two parallel polylines that start and end at
    /// the same parameter: `p` and `q` are lists of parameters along the lines (sorted, each
    /// with at least two entries) and `at` places a parameter on line 0 (`p`) or 1 (`q`).
    /// Every triangle has two corners on one line and one on the other, so none is
    /// degenerate, and every polyline edge is used exactly once.
    fn strip(&mut self, p: &[u32], q: &[u32], at: impl Fn(u32, bool) -> Grid, normal: [i8; 3]) {
        if p.len() < 2 || q.len() < 2 {
            debug_assert!(false, "strip with a missing side");
            return;
        }
        let (mut i, mut j) = (0, 0);
        while i + 1 < p.len() || j + 1 < q.len() {
            let advance_p = j + 1 == q.len() || (i + 1 < p.len() && p[i + 1] <= q[j + 1]);
            if advance_p {
                self.triangle(at(p[i], false), at(q[j], true), at(p[i + 1], false), normal);
                i += 1;
            } else {
                self.triangle(at(p[i], false), at(q[j], true), at(q[j + 1], true), normal);
                j += 1;
            }
        }
    }
}

/// Builds the closed height-field mesh of a footprint whose outer ring is bare and which
/// has no diagonal-only contacts.
fn height_field(c: &Canvas) -> Mesh {
    let (w, h) = (c.width, c.height);
    let rects = rectangles(c);
    let floor = Lines::new(&rects, FLOOR, w, h);
    let wall = Lines::new(&rects, WALL, w, h);
    let mut mesh = Mesh { height: h, triangles: Vec::new() };
    const UP: [i8; 3] = [0, 0, 1];
    // Tops: the plate's (level 1) and the walls' (level 2), a strip per rectangle between
    // the vertices of its level on its top and bottom edges.
    for r in &rects {
        let (lines, z) = if r.kind == WALL { (&wall, 2) } else { (&floor, 1) };
        let top = within(&lines.rows[r.y0 as usize], r.x0, r.x1);
        let bottom = within(&lines.rows[r.y1 as usize], r.x0, r.x1);
        let (y0, y1) = (r.y0, r.y1);
        mesh.strip(top, bottom, |x, second| [x, if second { y1 } else { y0 }, z], UP);
    }
    let pixel = |x: u32, y: u32| c.pixels[(y * w + x) as usize];
    // Wall sides on column lines: runs of rows where the pixels either side differ.
    for x in 1..w {
        let mut y = 0;
        while y < h {
            let left = pixel(x - 1, y);
            if left == pixel(x, y) {
                y += 1;
                continue;
            }
            let start = y;
            while y < h && pixel(x - 1, y) == left && pixel(x, y) != left {
                y += 1;
            }
            let normal = if left == WALL { [1, 0, 0] } else { [-1, 0, 0] };
            let p = within(&floor.cols[x as usize], start, y);
            let q = within(&wall.cols[x as usize], start, y);
            mesh.strip(p, q, |t, second| [x, t, if second { 2 } else { 1 }], normal);
        }
    }
    // Wall sides on row lines (canvas rows go down, model y up).
    for y in 1..h {
        let mut x = 0;
        while x < w {
            let above = pixel(x, y - 1);
            if above == pixel(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < w && pixel(x, y - 1) == above && pixel(x, y) != above {
                x += 1;
            }
            let normal = if above == WALL { [0, -1, 0] } else { [0, 1, 0] };
            let p = within(&floor.rows[y as usize], start, x);
            let q = within(&wall.rows[y as usize], start, x);
            mesh.strip(p, q, |t, second| [t, y, if second { 2 } else { 1 }], normal);
        }
    }
    // The plate's edges: from the bottom's corners to the plate-top vertices on each edge.
    for (x, normal) in [(0, [-1, 0, 0]), (w, [1, 0, 0])] {
        let top = &floor.cols[x as usize];
        mesh.strip(&[0, h], top, |t, second| [x, t, u32::from(second)], normal);
    }
    for (y, normal) in [(0, [0, 1, 0]), (h, [0, -1, 0])] {
        let top = &floor.rows[y as usize];
        mesh.strip(&[0, w], top, |t, second| [t, y, u32::from(second)], normal);
    }
    // The bottom.
    mesh.strip(&[0, w], &[0, w], |x, second| [x, if second { h } else { 0 }, 0], [0, 0, -1]);
    mesh
}

/// Writes the model as a binary STL mesh, in millimetres: a base plate of
/// [`Model::plate`] size and `model.base` thick, with the corner at the origin, and the
/// walls of the scene standing `model.height` on it, `model.wall` thick with square ends
/// (the same model as [`scad`](crate::scad::scad), y up, so it is not mirrored). The walls
/// are those of the [`footprint`] raster: exact for square mazes, staircased finely for
/// slanted walls. The mesh is closed and manifold (every edge shared by exactly two
/// triangles, no T-junctions), with outward normals and counter-clockwise winding: one
/// part, or for a scene with [`Scene::plates`] (a multi-level maze) one plate per level,
/// side by side as the levels are drawn, apart, to print separately and stack.
///
/// # Errors
/// As for [`footprint`]; [`Error::Parameter`] if the mesh would exceed the STL limit of
/// `u32::MAX` triangles; [`Error::Cancelled`] when the job is cancelled
/// ([`maze_core::cancel`], checked as the walls are rasterised and the triangles written).
pub fn stl(scene: &Scene, model: &Model) -> Result<Vec<u8>, Error> {
    // One mesh per plate, each with its pixel size and its offset along x in millimetres.
    let mut meshes = Vec::new();
    if scene.plates.len() > 1 {
        for &[x0, x1] in &scene.plates {
            let inside = |p: Point| p.x >= x0 - 1e-9 && p.x <= x1 + 1e-9;
            let shift = |p: Point| Point { x: p.x - x0, y: p.y };
            let part = Scene {
                width: x1 - x0,
                height: scene.height,
                walls: scene
                    .walls
                    .iter()
                    .filter(|w| inside(w[0]) && inside(w[1]))
                    .map(|w| [shift(w[0]), shift(w[1])])
                    .collect(),
                ..Scene::default()
            };
            let fp = footprint(&part, model)?;
            maze_core::cancel::check()?;
            meshes.push((height_field(&fp.canvas), fp.pixel_width, fp.pixel_height, x0 * model.cell));
        }
    } else {
        let fp = footprint(scene, model)?;
        maze_core::cancel::check()?;
        meshes.push((height_field(&fp.canvas), fp.pixel_width, fp.pixel_height, 0.0));
    }
    maze_core::cancel::check()?;
    let triangles: usize = meshes.iter().map(|m| m.0.triangles.len()).sum();
    let count = u32::try_from(triangles)
        .map_err(|_| Error::Parameter("the mesh has too many triangles for STL".into()))?;
    let levels = [0.0, model.base, model.base + model.height];
    let mut out = Vec::with_capacity(84 + 50 * triangles);
    let mut header = [b' '; 80];
    let title = b"maze-render binary STL, millimetres: maze walls on a base plate";
    header[..title.len()].copy_from_slice(title);
    out.extend_from_slice(&header);
    out.extend_from_slice(&count.to_le_bytes());
    for (mesh, px, py, offset) in &meshes {
        for (i, &(vertices, normal)) in mesh.triangles.iter().enumerate() {
            crate::scene::every(i)?;
            for n in normal {
                out.extend_from_slice(&f32::from(n).to_le_bytes());
            }
            for v in vertices {
                let [x, y, z] = mesh.out(v);
                let coords = [offset + x as f64 * px, y as f64 * py, levels[z as usize]];
                for c in coords {
                    out.extend_from_slice(&(c as f32).to_le_bytes());
                }
            }
            out.extend_from_slice(&0u16.to_le_bytes());
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Checks that every directed edge is matched by exactly one opposite edge.
    fn closed(mesh: &Mesh) -> bool {
        let mut edges: HashMap<([i64; 3], [i64; 3]), i32> = HashMap::new();
        for (t, _) in &mesh.triangles {
            for i in 0..3 {
                let (a, b) = (mesh.out(t[i]), mesh.out(t[(i + 1) % 3]));
                *edges.entry((a, b)).or_default() += 1;
            }
        }
        edges.iter().all(|(&(a, b), &n)| n == 1 && edges.get(&(b, a)) == Some(&1))
    }

    fn canvas(rows: &[&str]) -> Canvas {
        let w = rows[0].len() as u32;
        let pixels = rows.iter().flat_map(|r| r.bytes().map(|b| u8::from(b == b'#'))).collect();
        Canvas { width: w, height: rows.len() as u32, pixels }
    }

    #[test]
    fn plain_plate_is_a_box_of_twelve_triangles() {
        let c = canvas(&["....", "....", "...."]);
        let mesh = height_field(&c);
        assert_eq!(mesh.triangles.len(), 12);
        assert!(closed(&mesh));
    }

    #[test]
    fn awkward_footprints_give_closed_meshes() {
        let mut c = canvas(&[
            "..........",
            ".###..##..",
            ".#.#.##.#.",
            ".###..#.#.",
            "...#.#..#.",
            ".#.#..###.",
            "..........",
        ]);
        fill_diagonal_contacts(&mut c);
        let mesh = height_field(&c);
        assert!(closed(&mesh), "not closed");
        // No diagonal-only contact survives.
        let w = c.width as usize;
        for y in 0..c.height as usize - 1 {
            for x in 0..w - 1 {
                let p = |i: usize, j: usize| c.pixels[j * w + i];
                assert!(
                    !(p(x, y) == p(x + 1, y + 1) && p(x + 1, y) == p(x, y + 1) && p(x, y) != p(x + 1, y))
                );
            }
        }
    }

    /// The triangles of a binary STL, as corner coordinates.
    fn triangles_of(bytes: &[u8]) -> Vec<[[f32; 3]; 3]> {
        let count = u32::from_le_bytes(bytes[80..84].try_into().unwrap()) as usize;
        assert_eq!(bytes.len(), 84 + 50 * count);
        let f = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
        (0..count)
            .map(|t| {
                let at = 84 + 50 * t + 12;
                [0, 1, 2].map(|v| [0, 1, 2].map(|c| f(at + 12 * v + 4 * c)))
            })
            .collect()
    }

    #[test]
    fn each_level_of_a_multi_level_maze_is_its_own_closed_plate() {
        use maze_core::{Algorithm, Levels, Maze, Square, Xoshiro};
        for levels in [1, 3] {
            let mut maze = Maze::new(Levels::new(Square::new(4, 3), levels));
            Algorithm::Wilson
                .generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(2), &mut ())
                .unwrap();
            let scene = crate::scene::scene(&maze, &Default::default());
            let tris = triangles_of(&stl(&scene, &Model::default()).unwrap());
            // Parts: triangles joined through shared corners.
            let key = |p: [f32; 3]| p.map(f32::to_bits);
            let mut part: HashMap<[u32; 3], usize> = HashMap::new();
            let mut parent: Vec<usize> = (0..tris.len()).collect();
            fn find(p: &mut [usize], mut x: usize) -> usize {
                while p[x] != x {
                    p[x] = p[p[x]];
                    x = p[x];
                }
                x
            }
            for (i, t) in tris.iter().enumerate() {
                for &v in t {
                    if let Some(&j) = part.get(&key(v)) {
                        let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                        parent[a] = b;
                    } else {
                        part.insert(key(v), i);
                    }
                }
            }
            let roots: std::collections::HashSet<usize> =
                (0..tris.len()).map(|i| find(&mut parent, i)).collect();
            assert_eq!(roots.len(), if levels == 1 { 1 } else { levels as usize }, "{levels} levels");
            // Every edge is matched by its reverse: each plate is closed.
            let mut edges: HashMap<([u32; 3], [u32; 3]), i32> = HashMap::new();
            for t in &tris {
                for i in 0..3 {
                    *edges.entry((key(t[i]), key(t[(i + 1) % 3]))).or_default() += 1;
                }
            }
            assert!(edges.iter().all(|(&(a, b), &n)| n == 1 && edges.get(&(b, a)) == Some(&1)));
        }
    }

    #[test]
    fn bad_dimensions_are_errors_not_panics() {
        let scene = Scene { width: 2.0, height: 2.0, ..Scene::default() };
        for model in [
            Model { cell: 0.0, ..Model::default() },
            Model { wall: f64::NAN, ..Model::default() },
            Model { height: -1.0, ..Model::default() },
            Model { cell: 1e9, ..Model::default() },
        ] {
            assert!(stl(&scene, &model).is_err(), "{model:?}");
        }
        assert!(stl(&Scene::default(), &Model::default()).is_err());
    }
}
