//! `maze play --window` end to end under a virtual X display (Xvfb): the window must show
//! the very picture `maze generate --format png` draws of the same maze, with the player's
//! dot on the entrance; a key (xdotool) and a click must move the dot one cell along the
//! route; walking the whole route must say "Solved" in the title; Escape must end the
//! program with status 0. Screenshots are taken with `xwd` and read here.
//!
//! Without a display at all the window is refused in one line (status 2).
//!
//! Nothing here is timed: the checks wait for what the window shows, with deadlines only as
//! hang guards.

use maze_testkit::{assert_one_line_error, have};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long to wait for something the window should show before calling it a hang.
const HANG: Duration = Duration::from_secs(120);

/// The player's dot (crates/cli/src/play/window.rs), as red, green, blue.
const PLAYER: [u8; 3] = [0x1f, 0x6f, 0xeb];

/// A process ended when dropped (the virtual display, the game).
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The virtual display's server: asked to end (SIGTERM) when dropped, so that it removes
/// its lock file and socket.
struct Server(Killed);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg(self.0.0.id().to_string()).status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.0.0.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Starts Xvfb on a free display number; returns it (":N") and the server.
fn virtual_display() -> (String, Server) {
    let base = 40 + std::process::id() % 400;
    for n in base..base + 100 {
        if Path::new(&format!("/tmp/.X{n}-lock")).exists()
            || Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        {
            continue;
        }
        let display = format!(":{n}");
        let server = Command::new("Xvfb")
            .args([&display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb starts");
        let mut server = Killed(server);
        let deadline = Instant::now() + HANG;
        while !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() {
            if server.0.try_wait().expect("Xvfb status").is_some() {
                break; // taken meanwhile: try the next number
            }
            assert!(Instant::now() < deadline, "Xvfb did not start on {display}");
            std::thread::sleep(Duration::from_millis(50));
        }
        if server.0.try_wait().expect("Xvfb status").is_none() {
            return (display, Server(server));
        }
    }
    panic!("no free X display number from :{base}");
}

/// Runs xdotool with `args` on `display`, returning its standard output.
fn xdotool(display: &str, args: &[&str]) -> String {
    let out = Command::new("xdotool").args(args).env("DISPLAY", display).output().expect("xdotool runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// An RGB picture: width, height, pixels row by row.
struct Rgb {
    w: usize,
    h: usize,
    px: Vec<[u8; 3]>,
}

impl Rgb {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.px[y * self.w + x]
    }
}

/// Decodes a PNG into RGB.
fn decode_png(bytes: &[u8]) -> Rgb {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("png header");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("png frame");
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let mut px = Vec::with_capacity(w * h);
    for y in 0..h {
        for p in buf[y * info.line_size..][..w * channels].chunks(channels) {
            px.push(if channels >= 3 { [p[0], p[1], p[2]] } else { [p[0]; 3] });
        }
    }
    Rgb { w, h, px }
}

/// A screenshot of window `id` (xwd's ZPixmap dump, 24 or 32 bits a pixel, read by its
/// header's masks and byte order).
fn screenshot(display: &str, id: &str) -> Option<Rgb> {
    let out = Command::new("xwd").args(["-silent", "-id", id]).env("DISPLAY", display).output().ok()?;
    let d = out.stdout;
    if !out.status.success() || d.len() < 100 {
        return None;
    }
    let field = |i: usize| u32::from_be_bytes([d[4 * i], d[4 * i + 1], d[4 * i + 2], d[4 * i + 3]]);
    let (header, w, h, order, bpp, line) = (field(0), field(4), field(5), field(7), field(11), field(12));
    let (masks, colours) = ([field(14), field(15), field(16)], field(19));
    assert!(bpp == 32 || bpp == 24, "xwd: {bpp} bits a pixel");
    let start = header as usize + 12 * colours as usize;
    let per = (bpp / 8) as usize;
    let mut px = Vec::with_capacity((w * h) as usize);
    for y in 0..h as usize {
        for x in 0..w as usize {
            let b = d.get(start + y * line as usize + x * per..)?.get(..per)?;
            let mut v = 0u32;
            for i in 0..per {
                let byte = if order == 0 { b[per - 1 - i] } else { b[i] };
                v = v << 8 | u32::from(byte);
            }
            let channel = |m: u32| ((v & m) >> m.trailing_zeros()) as u8;
            px.push([channel(masks[0]), channel(masks[1]), channel(masks[2])]);
        }
    }
    Some(Rgb { w: w as usize, h: h as usize, px })
}

/// Waits until a screenshot of the window passes `check` (its complaint otherwise), and
/// returns it.
fn wait_for_picture(display: &str, id: &str, what: &str, check: impl Fn(&Rgb) -> Result<(), String>) -> Rgb {
    let deadline = Instant::now() + HANG;
    loop {
        let shot = screenshot(display, id);
        let verdict = shot.as_ref().map_or(Err("no screenshot".to_string()), &check);
        match (verdict, shot) {
            (Ok(()), Some(shot)) => return shot,
            (Err(why), _) => assert!(Instant::now() < deadline, "{what}: {why}"),
            (Ok(()), None) => unreachable!(),
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Whether the shot is the PNG everywhere but within `r` pixels of `dot`, and shows the
/// player's colour at `dot`.
fn png_with_player_at(png: &Rgb, shot: &Rgb, dot: (usize, usize), r: usize) -> Result<(), String> {
    if (shot.w, shot.h) != (png.w, png.h) {
        return Err(format!("window {}x{}, png {}x{}", shot.w, shot.h, png.w, png.h));
    }
    if shot.at(dot.0, dot.1) != PLAYER {
        return Err(format!("no player at {dot:?}: {:?}", shot.at(dot.0, dot.1)));
    }
    let near = |x: usize, y: usize| x.abs_diff(dot.0) <= r && y.abs_diff(dot.1) <= r;
    let differ = (0..png.h)
        .flat_map(|y| (0..png.w).map(move |x| (x, y)))
        .filter(|&(x, y)| !near(x, y) && shot.at(x, y) != png.at(x, y))
        .count();
    if differ > 0 { Err(format!("{differ} pixels differ from the png away from the player")) } else { Ok(()) }
}

#[test]
fn the_window_shows_the_png_and_walks_by_keys_and_clicks_under_xvfb() {
    if !have("Xvfb") || !have("xdotool") || !have("xwd") {
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let (w, h, seed) = (6usize, 4usize, 7u64);
    let maze = ["-W", &w.to_string(), "-H", &h.to_string(), "--seed", &seed.to_string()].map(String::from);
    let run = |extra: &[&str]| {
        let out = Command::new(&bin).arg("generate").args(&maze).args(extra).output().expect("generate");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    let png = decode_png(&run(&["-f", "png"]));
    let v: serde_json::Value = serde_json::from_slice(&run(&["--solve", "-f", "json"])).expect("json");
    let path: Vec<usize> = v["solution"]["path"]
        .as_array()
        .expect("path")
        .iter()
        .map(|c| c.as_u64().expect("id") as usize)
        .collect();
    // Square cells: the picture is a margin of half a cell around the cells.
    let cell = png.w / (w + 1);
    assert_eq!((png.w, png.h), ((w + 1) * cell, (h + 1) * cell));
    let centre = |id: usize| ((id % w + 1) * cell, (id / w + 1) * cell);
    let r = cell * 3 / 10;

    let (display, _server) = virtual_display();
    let game = Command::new(&bin)
        .args(["play", "--window", "--no-auto"])
        .args(&maze)
        .env("DISPLAY", &display)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("maze play --window starts");
    let mut game = Killed(game);
    let deadline = Instant::now() + HANG;
    let id = loop {
        let found = xdotool(&display, &["search", "--name", "^maze: "]);
        if let Some(id) = found.lines().next() {
            break id.to_string();
        }
        assert!(game.0.try_wait().expect("status").is_none(), "the game ended before its window showed");
        assert!(Instant::now() < deadline, "no window");
        std::thread::sleep(Duration::from_millis(100));
    };
    xdotool(&display, &["windowfocus", "--sync", &id]);
    // The window is the png, the player on the entrance.
    wait_for_picture(&display, &id, "the first frame", |shot| {
        png_with_player_at(&png, shot, centre(path[0]), r)
    });
    // A key moves the player one cell along the route; the entrance shows the png again.
    let key = |a: usize, b: usize| match b as i64 - a as i64 {
        1 => "Right",
        -1 => "Left",
        d if d == w as i64 => "Down",
        _ => "Up",
    };
    xdotool(&display, &["key", key(path[0], path[1])]);
    wait_for_picture(&display, &id, "after a key", |shot| png_with_player_at(&png, shot, centre(path[1]), r));
    // A click on the next cell along the route steps into it.
    let (x, y) = centre(path[2]);
    xdotool(&display, &["mousemove", "--window", &id, &x.to_string(), &y.to_string()]);
    xdotool(&display, &["mousedown", "1"]);
    std::thread::sleep(Duration::from_millis(150));
    xdotool(&display, &["mouseup", "1"]);
    wait_for_picture(&display, &id, "after a click", |shot| {
        png_with_player_at(&png, shot, centre(path[2]), r)
    });
    // A click on the player's own cell moves nothing.
    xdotool(&display, &["mousedown", "1"]);
    std::thread::sleep(Duration::from_millis(150));
    xdotool(&display, &["mouseup", "1"]);
    std::thread::sleep(Duration::from_millis(300));
    let title = xdotool(&display, &["getwindowname", &id]);
    assert!(title.contains("moves 2"), "{title}");
    for pair in path[2..].windows(2) {
        xdotool(&display, &["key", key(pair[0], pair[1])]);
        std::thread::sleep(Duration::from_millis(30));
    }
    let deadline = Instant::now() + HANG;
    let title = loop {
        let title = xdotool(&display, &["getwindowname", &id]);
        if title.contains("Solved in") {
            break title;
        }
        assert!(Instant::now() < deadline, "not solved: {title}");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(title.contains(&format!("Solved in {} moves", path.len() - 1)), "{title}");
    // Escape closes the window: status 0, the summary on standard output.
    xdotool(&display, &["key", "Escape"]);
    let deadline = Instant::now() + HANG;
    let status = loop {
        if let Some(status) = game.0.try_wait().expect("status") {
            break status;
        }
        assert!(Instant::now() < deadline, "Escape did not close the window");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "{status}");
    let mut out = String::new();
    std::io::Read::read_to_string(game.0.stdout.as_mut().expect("stdout"), &mut out).expect("stdout");
    assert!(out.contains("a perfect run!"), "{out}");
}

/// Without a display the window is refused in one line, status 2, for `play --window` and
/// `show` alike.
#[test]
fn without_a_display_the_window_is_refused_in_one_line() {
    let bin = assert_cmd::cargo::cargo_bin("maze");
    for args in [&["play", "--window"][..], &["show", "-d", "2"]] {
        let out = Command::new(&bin).args(args).env_remove("DISPLAY").output().expect("runs");
        assert_one_line_error(&out, 2, "DISPLAY is not set", &format!("{args:?}"));
    }
}
