//! `maze play --window`: document 000's `show_maze` window. The maze is drawn by the picture
//! renderer, the very picture `maze generate --format png` writes ([`Game::raster`]), with
//! the player as a blue dot on top; the keys of the terminal game walk it (arrows, WASD,
//! hjkl, y u b n for diagonals, `,` and `.` for stairs, `i` a step along the route, `m`
//! auto-move, `r` restart), a click on a neighbouring open cell steps there, and the title
//! says when the exit is reached. Escape or closing the window ends the game (status 0).
//!
//! The rules are [`App`]'s and [`Game`]'s, the same as in the terminal: this module only
//! turns key presses and clicks into theirs and paints the frame. The window is minifb's
//! (its X11 backend, which loads libX11 when the window opens).
//!
//! [`Game`]: super::game::Game
//! [`Game::raster`]: super::game::Game::raster

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::{Duration, Instant};

use anyhow::Result;
use minifb::{InputCallback, Key, MouseButton, MouseMode, Window, WindowOptions};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::app::{App, Screen};
use super::game::Raster;
use crate::fault::UsageError;

/// The player's dot: blue (0x00RRGGBB, minifb's pixel format).
pub const PLAYER: u32 = 0x001f_6feb;

/// The player's dot's diameter, as a share of a cell.
const PLAYER_DOT: f64 = 0.5;

/// The keys pressed since the last frame, in order. minifb's own key state is sampled once
/// a frame, so a press released within the same frame (a quick tap, or a key sent by a
/// program) would be lost; its callback sees every press (and every auto-repeat).
#[derive(Clone, Default)]
struct Presses(Rc<RefCell<VecDeque<Key>>>);

impl InputCallback for Presses {
    fn add_char(&mut self, _: u32) {}

    fn set_key_state(&mut self, key: Key, down: bool) {
        if down {
            self.0.borrow_mut().push_back(key);
        }
    }
}

/// Runs the game in a window until Escape or the window is closed.
///
/// # Errors
/// Without a display (DISPLAY unset) or when the window cannot open: a one-line usage
/// error (exit status 2); when the maze cannot be made or drawn, its reason.
pub fn run(mut app: App) -> Result<()> {
    if std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty()) {
        anyhow::bail!(UsageError(
            "maze play --window needs a graphical display, and DISPLAY is not set (play in the terminal without --window)"
                .into()
        ));
    }
    if app.game.is_none() {
        app.start();
    }
    let Some(game) = app.game.as_ref() else {
        anyhow::bail!(UsageError(app.message.clone()));
    };
    let raster = game.raster().map_err(UsageError)?;
    let (w, h, base) = decode(&raster.png)?;
    let mut window = Window::new(&title(&app), w, h, WindowOptions::default())
        .map_err(|e| UsageError(format!("maze play --window cannot open a window: {e}")))?;
    window.set_target_fps(60);
    let presses = Presses::default();
    window.set_input_callback(Box::new(presses.clone()));
    let clock = Instant::now();
    let mut was_down = false;
    let mut shown = String::new();
    let mut frame = base.clone();
    while window.is_open() {
        let keys: Vec<Key> = presses.0.borrow_mut().drain(..).collect();
        for key in keys {
            if key == Key::Escape {
                return finish(&app);
            }
            if let Some(code) = key_code(key)
                && (app.screen == Screen::Playing
                    || (app.screen == Screen::Done && code == KeyCode::Char('r')))
            {
                app.key(KeyEvent::new(code, KeyModifiers::NONE));
            }
        }
        let down = window.get_mouse_down(MouseButton::Left);
        if down
            && !was_down
            && let Some((x, y)) = window.get_mouse_pos(MouseMode::Discard)
        {
            app.click(raster.point(f64::from(x), f64::from(y)));
        }
        was_down = down;
        app.tick(clock.elapsed());
        let now = title(&app);
        if now != shown {
            window.set_title(&now);
            shown = now;
        }
        frame.copy_from_slice(&base);
        if let Some(g) = app.game.as_ref() {
            dot(&mut frame, w, &raster, raster.pixel(g.player_centre()), PLAYER);
        }
        window
            .update_with_buffer(&frame, w, h)
            .map_err(|e| UsageError(format!("maze play --window cannot draw: {e}")))?;
        std::thread::sleep(Duration::from_millis(1));
    }
    finish(&app)
}

/// On leaving: the summary of a solved maze, as the terminal game prints it.
fn finish(app: &App) -> Result<()> {
    if app.game.as_ref().is_some_and(|g| g.finished()) {
        println!("{}", app.summary());
    }
    Ok(())
}

/// The window's title: the maze, the moves, what to do; the summary once solved.
pub fn title(app: &App) -> String {
    let Some(g) = app.game.as_ref() else { return "maze".into() };
    let s = g.setup();
    if app.screen == Screen::Done {
        return format!("maze: {} (r again, Esc to close)", app.summary());
    }
    let message = if app.message.is_empty() { String::new() } else { format!(" - {}", app.message) };
    format!(
        "maze: {} {}x{}, seed {}, moves {}{message} (arrows or a click to walk, Esc to close)",
        s.spec.kind,
        s.spec.width,
        s.spec.height,
        s.seed,
        g.moves()
    )
}

/// The terminal game's key for a window's key, for the keys that play.
fn key_code(key: Key) -> Option<KeyCode> {
    Some(match key {
        Key::Up => KeyCode::Up,
        Key::Down => KeyCode::Down,
        Key::Left => KeyCode::Left,
        Key::Right => KeyCode::Right,
        Key::Home => KeyCode::Home,
        Key::End => KeyCode::End,
        Key::PageUp => KeyCode::PageUp,
        Key::PageDown => KeyCode::PageDown,
        Key::Comma => KeyCode::Char('<'),
        Key::Period => KeyCode::Char('>'),
        Key::W => KeyCode::Char('w'),
        Key::A => KeyCode::Char('a'),
        Key::S => KeyCode::Char('s'),
        Key::D => KeyCode::Char('d'),
        Key::H => KeyCode::Char('h'),
        Key::J => KeyCode::Char('j'),
        Key::K => KeyCode::Char('k'),
        Key::L => KeyCode::Char('l'),
        Key::Y => KeyCode::Char('y'),
        Key::U => KeyCode::Char('u'),
        Key::B => KeyCode::Char('b'),
        Key::N => KeyCode::Char('n'),
        Key::I => KeyCode::Char('i'),
        Key::M => KeyCode::Char('m'),
        Key::R => KeyCode::Char('r'),
        _ => return None,
    })
}

/// Decodes the renderer's PNG into minifb's pixels (0x00RRGGBB), row by row.
///
/// # Errors
/// When the bytes are not a PNG (they always are: the renderer wrote them).
fn decode(bytes: &[u8]) -> Result<(usize, usize, Vec<u32>)> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let size = reader.output_buffer_size().ok_or_else(|| anyhow::anyhow!("the picture is too large"))?;
    let mut buf = vec![0u8; size];
    let info = reader.next_frame(&mut buf)?;
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let mut pixels = Vec::with_capacity(w * h);
    for y in 0..h {
        let row = &buf[y * info.line_size..][..w * channels];
        for px in row.chunks(channels) {
            let (r, g, b) = if channels >= 3 { (px[0], px[1], px[2]) } else { (px[0], px[0], px[0]) };
            pixels.push(u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b));
        }
    }
    Ok((w, h, pixels))
}

/// Paints a dot of [`PLAYER_DOT`] of a cell at pixel `centre` in `colour`.
fn dot(frame: &mut [u32], w: usize, raster: &Raster, centre: maze_core::Point, colour: u32) {
    let r = (raster.cell * PLAYER_DOT / 2.0).max(1.5);
    let h = frame.len() / w.max(1);
    let (x0, x1) = ((centre.x - r).floor().max(0.0) as usize, ((centre.x + r).ceil() as usize).min(w));
    let (y0, y1) = ((centre.y - r).floor().max(0.0) as usize, ((centre.y + r).ceil() as usize).min(h));
    for y in y0..y1 {
        for x in x0..x1 {
            let (dx, dy) = (x as f64 + 0.5 - centre.x, y as f64 + 0.5 - centre.y);
            if dx * dx + dy * dy <= r * r {
                frame[y * w + x] = colour;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The frame is the renderer's PNG, pixel for pixel, and the dot covers the player's
    /// cell centre alone.
    #[test]
    fn the_frame_is_the_png_with_the_player_on_top() {
        let mut app = App::default();
        (app.seed, app.difficulty) = (3, 2);
        app.start();
        let game = app.game.as_ref().expect("game");
        let raster = game.raster().expect("raster");
        let (w, h, base) = decode(&raster.png).expect("png");
        let want = maze::generate(&maze::MazeRequest {
            difficulty: Some(2),
            seed: Some(3),
            format: maze::Format::Png,
            ..Default::default()
        })
        .expect("png");
        assert_eq!(raster.png, want, "the window shows `maze generate -f png`'s picture");
        let mut frame = base.clone();
        let at = raster.pixel(game.player_centre());
        dot(&mut frame, w, &raster, at, PLAYER);
        assert_eq!(frame[at.y as usize * w + at.x as usize], PLAYER);
        let changed = frame.iter().zip(&base).filter(|(a, b)| a != b).count();
        assert!(changed > 0 && (changed as f64) < raster.cell * raster.cell, "{changed}");
        assert_eq!(frame.len(), w * h);
        assert!(title(&app).contains("moves 0"), "{}", title(&app));
    }

    #[test]
    fn playing_keys_map_to_the_terminal_games() {
        assert_eq!(key_code(Key::Up), Some(KeyCode::Up));
        assert_eq!(key_code(Key::Comma), Some(KeyCode::Char('<')));
        assert_eq!(key_code(Key::Escape), None);
        assert_eq!(key_code(Key::Q), None);
    }
}
