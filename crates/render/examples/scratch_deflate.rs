use std::time::Instant;
fn main() {
    let maze_png = {
        use maze_core::{Algorithm, Maze, Square, Xoshiro};
        let mut maze = Maze::new(Square::new(1000, 1000));
        Algorithm::RecursiveBacktracker.generate(&mut maze, &Default::default(), &mut Xoshiro::seed_from_u64(1), &mut ()).unwrap();
        maze.open_entrance_and_exit();
        let style = maze_render::style::Style { cell_size: 2.0, wall_width: 1.0, margin: 2.0, ..Default::default() };
        maze_render::png::square_walls(&maze, &style, 0).unwrap()
    };
    // inflate to get raw
    let idat_start = maze_png.windows(4).position(|w| w == b"IDAT").unwrap() + 4;
    let len = u32::from_be_bytes(maze_png[idat_start-8..idat_start-4].try_into().unwrap()) as usize;
    let raw = miniz_oxide::inflate::decompress_to_vec_zlib(&maze_png[idat_start..idat_start+len]).unwrap();
    eprintln!("raw {} bytes", raw.len());
    for _ in 0..3 {
    for level in [0u8, 1, 2, 3, 6] {
        let t = Instant::now();
        let out = miniz_oxide::deflate::compress_to_vec_zlib(&raw, level);
        eprintln!("level {level}: {:?} {} bytes", t.elapsed(), out.len());
    }
    for level in [1, 2, 3, 4, 6, 9] { for st in [zlib_rs::Strategy::Default, zlib_rs::Strategy::Rle, zlib_rs::Strategy::HuffmanOnly, zlib_rs::Strategy::Filtered] {
        let t = Instant::now();
        let n = z(&raw, level, st);
        eprintln!("zlib-rs level {level} {st:?}: {:?} {} bytes", t.elapsed(), n);
    }}
    }
}
#[allow(dead_code)]
fn z(raw: &[u8], level: i32, strategy: zlib_rs::Strategy) -> usize {
    let mut out = vec![0u8; zlib_rs::compress_bound(raw.len())];
    let cfg = zlib_rs::DeflateConfig { level, strategy, ..Default::default() };
    let (o, rc) = zlib_rs::compress_slice(&mut out, raw, cfg);
    assert!(matches!(rc, zlib_rs::ReturnCode::Ok));
    o.len()
}
