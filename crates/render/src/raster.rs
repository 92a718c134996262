//! A small rasteriser for scenes: polygons, thick lines and dots onto a grid of palette
//! indices. PNG output draws with it, and the STL model uses it for the walls' footprint.
//!
//! Sampling is at pixel centres (a pixel is painted when its centre is inside the shape),
//! which keeps axis-aligned walls exactly `wall_width` pixels thick when it is a whole
//! number, with no anti-aliasing: maze pictures stay crisp and 1-bit where possible.

use maze_core::{Error, Point};

/// A grid of palette indices, row by row from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height` palette indices.
    pub pixels: Vec<u8>,
}

impl Canvas {
    /// A canvas filled with `background`, refused above `max_pixels` before allocating.
    ///
    /// # Errors
    /// [`Error::TooLarge`] when `width * height > max_pixels` (or either is 0).
    pub fn new(width: u32, height: u32, background: u8, max_pixels: u64) -> Result<Self, Error> {
        let pixels = u64::from(width) * u64::from(height);
        if pixels > max_pixels {
            return Err(Error::Parameter(format!(
                "image of {width}x{height} = {pixels} pixels exceeds the limit of {max_pixels} (use a smaller --cell-size)"
            )));
        }
        if pixels == 0 {
            return Err(Error::Parameter("image would be empty (use a larger --cell-size)".into()));
        }
        Ok(Canvas { width, height, pixels: vec![background; pixels as usize] })
    }

    /// Paints the pixels whose centres lie in `[x0, x1) x [y0, y1)`.
    pub fn fill_rect(&mut self, x0: f64, y0: f64, x1: f64, y1: f64, colour: u8) {
        let clamp = |v: f64, max: u32| -> u32 { (v - 0.5).ceil().clamp(0.0, f64::from(max)) as u32 };
        let (cx0, cx1) = (clamp(x0, self.width), clamp(x1, self.width));
        let (cy0, cy1) = (clamp(y0, self.height), clamp(y1, self.height));
        for y in cy0..cy1 {
            let row = (y * self.width) as usize;
            self.pixels[row + cx0 as usize..row + cx1 as usize].fill(colour);
        }
    }

    /// Paints a polygon (even-odd rule) by scanlines through pixel centres.
    pub fn fill_polygon(&mut self, points: &[Point], colour: u8) {
        if points.len() < 3 {
            return;
        }
        let (mut ymin, mut ymax) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in points {
            ymin = ymin.min(p.y);
            ymax = ymax.max(p.y);
        }
        let first = ((ymin - 0.5).ceil().max(0.0)) as u32;
        let last = ((ymax - 0.5).floor().min(f64::from(self.height) - 1.0)).max(-1.0);
        if last < 0.0 {
            return;
        }
        let mut xs: Vec<f64> = Vec::with_capacity(8);
        for y in first..=last as u32 {
            let sy = f64::from(y) + 0.5;
            xs.clear();
            for i in 0..points.len() {
                let (a, b) = (points[i], points[(i + 1) % points.len()]);
                if (a.y <= sy) != (b.y <= sy) {
                    xs.push(a.x + (sy - a.y) * (b.x - a.x) / (b.y - a.y));
                }
            }
            xs.sort_by(f64::total_cmp);
            for pair in xs.chunks_exact(2) {
                self.fill_rect(pair[0], sy - 0.5, pair[1], sy + 0.5, colour);
            }
        }
    }

    /// Paints a straight line of the given width with square caps (so wall corners close).
    /// Lines are at least one pixel wide: thinner ones would fall between pixel centres and
    /// vanish.
    pub fn stroke(&mut self, a: Point, b: Point, width: f64, colour: u8) {
        let h = width.max(1.0) / 2.0;
        if a.x == b.x || a.y == b.y {
            // Axis-aligned: a rectangle, the common case for square mazes.
            self.fill_rect(a.x.min(b.x) - h, a.y.min(b.y) - h, a.x.max(b.x) + h, a.y.max(b.y) + h, colour);
            return;
        }
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = maze_core::math::hypot(dx, dy);
        let (ux, uy) = (dx / len * h, dy / len * h);
        let (nx, ny) = (-uy, ux);
        let quad = [
            Point { x: a.x - ux + nx, y: a.y - uy + ny },
            Point { x: b.x + ux + nx, y: b.y + uy + ny },
            Point { x: b.x + ux - nx, y: b.y + uy - ny },
            Point { x: a.x - ux - nx, y: a.y - uy - ny },
        ];
        self.fill_polygon(&quad, colour);
    }

    /// Paints a line through `points`, with a round dot at each joint so turns stay full;
    /// at least one pixel wide.
    pub fn polyline(&mut self, points: &[Point], width: f64, colour: u8) {
        let width = width.max(1.0);
        for w in points.windows(2) {
            let h = width / 2.0;
            let (dx, dy) = (w[1].x - w[0].x, w[1].y - w[0].y);
            let len = maze_core::math::hypot(dx, dy).max(1e-12);
            let (nx, ny) = (-dy / len * h, dx / len * h);
            let quad = [
                Point { x: w[0].x + nx, y: w[0].y + ny },
                Point { x: w[1].x + nx, y: w[1].y + ny },
                Point { x: w[1].x - nx, y: w[1].y - ny },
                Point { x: w[0].x - nx, y: w[0].y - ny },
            ];
            self.fill_polygon(&quad, colour);
        }
        for &p in points {
            self.fill_circle(p, width / 2.0, colour);
        }
    }

    /// Paints a disc.
    pub fn fill_circle(&mut self, c: Point, r: f64, colour: u8) {
        let first = ((c.y - r - 0.5).ceil().max(0.0)) as u32;
        let last = (c.y + r - 0.5).floor().min(f64::from(self.height) - 1.0);
        if last < 0.0 {
            return;
        }
        for y in first..=last as u32 {
            let dy = f64::from(y) + 0.5 - c.y;
            let half = (r * r - dy * dy).max(0.0).sqrt();
            self.fill_rect(c.x - half, f64::from(y), c.x + half, f64::from(y) + 1.0, colour);
        }
    }

    /// The palette index at a pixel (None outside).
    pub fn get(&self, x: u32, y: u32) -> Option<u8> {
        (x < self.width && y < self.height).then(|| self.pixels[(y * self.width + x) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    #[test]
    fn rectangles_cover_exact_pixels() {
        let mut c = Canvas::new(10, 10, 0, 1000).expect("fits");
        c.stroke(p(2.0, 5.0), p(8.0, 5.0), 2.0, 1);
        // Rows 4 and 5, columns 1..9 (square caps extend by 1).
        for y in 0..10 {
            for x in 0..10 {
                let inside = (4..6).contains(&y) && (1..9).contains(&x);
                assert_eq!(c.get(x, y), Some(u8::from(inside)), "({x}, {y})");
            }
        }
    }

    #[test]
    fn polygons_and_circles_paint_their_area() {
        let mut c = Canvas::new(100, 100, 0, 100_000).expect("fits");
        c.fill_polygon(&[p(10.0, 10.0), p(90.0, 10.0), p(10.0, 90.0)], 1);
        let area = c.pixels.iter().filter(|&&v| v == 1).count();
        assert!((3150..3250).contains(&area), "triangle area {area}");
        let mut c = Canvas::new(100, 100, 0, 100_000).expect("fits");
        c.fill_circle(p(50.0, 50.0), 20.0, 2);
        let area = c.pixels.iter().filter(|&&v| v == 2).count() as f64;
        assert!((area - std::f64::consts::PI * 400.0).abs() < 40.0, "disc area {area}");
        c.stroke(p(0.0, 0.0), p(100.0, 100.0), 4.0, 3);
        assert_eq!(c.get(50, 50), Some(3));
        assert_eq!(c.get(90, 10), Some(0));
    }

    #[test]
    fn hairlines_still_cover_a_pixel() {
        let mut c = Canvas::new(10, 10, 0, 1000).expect("fits");
        // A quarter-pixel line on a pixel boundary would touch no pixel centre.
        c.stroke(p(0.0, 5.0), p(10.0, 5.0), 0.25, 1);
        assert_eq!((0..10).filter(|&x| c.get(x, 5) == Some(1) || c.get(x, 4) == Some(1)).count(), 10);
        c.stroke(p(3.0, 0.0), p(3.0, 10.0), 0.1, 2);
        assert_eq!((0..10).filter(|&y| c.get(3, y) == Some(2) || c.get(2, y) == Some(2)).count(), 10);
    }

    #[test]
    fn oversized_canvases_are_refused_before_allocating() {
        assert!(Canvas::new(100_000, 100_000, 0, 1_000_000).is_err());
        assert!(Canvas::new(0, 10, 0, 1_000_000).is_err());
    }
}
