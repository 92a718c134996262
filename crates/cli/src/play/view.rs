//! Drawing the `maze play` screens with ratatui.

use maze_core::{Algorithm, Solver};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::app::{App, FIELDS, Field, Screen};
use super::game::{Replay, clock};
use maze::capabilities::Topologies;

/// Draws the current screen.
pub fn draw(frame: &mut Frame<'_>, app: &App) {
    let [header, body, footer] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(3), Constraint::Length(2)])
            .areas(frame.area());
    match app.screen {
        Screen::Menu => menu(frame, app, header, body, footer),
        _ => game(frame, app, header, body, footer),
    }
}

fn bold() -> Style {
    Style::default().add_modifier(Modifier::BOLD)
}

fn menu(frame: &mut Frame<'_>, app: &App, header: Rect, body: Rect, footer: Rect) {
    frame.render_widget(Paragraph::new(Line::from(Span::styled("maze play: choose a maze", bold()))), header);
    let (w, h) = app.size();
    let polar = app.shape_kind() == maze_core::ShapeKind::Polar;
    let has = Topologies::of(app.shape_kind());
    let mut lines = Vec::new();
    for (i, field) in FIELDS.iter().enumerate() {
        let (name, value) = match field {
            Field::Shape => ("shape", app.shape_kind().name().to_string()),
            Field::Wrap => (
                "wrap",
                if !has.wrap {
                    format!("- ({} cells only)", Topologies::shapes_with(|t| t.wrap))
                } else {
                    match (app.wrap.x, app.wrap.y) {
                        (false, false) => "none".to_string(),
                        (true, false) => "x (east joins west: a cylinder)".to_string(),
                        (false, true) => "y (bottom joins top)".to_string(),
                        (true, true) => "xy (both: a torus)".to_string(),
                    }
                },
            ),
            Field::Levels => (
                "levels",
                if !has.levels {
                    format!("- ({} cells only)", Topologies::shapes_with(|t| t.levels))
                } else if app.levels == 1 {
                    "1 (flat)".to_string()
                } else {
                    format!("{} joined by stairs", app.levels)
                },
            ),
            Field::Weave => (
                "weave",
                if !has.weave {
                    format!("- ({} cells only)", Topologies::shapes_with(|t| t.weave))
                } else if app.weave == 0 {
                    "off (no crossings)".to_string()
                } else {
                    format!("{}% of inner cells may become crossings", app.weave)
                },
            ),
            Field::Algorithm => ("algorithm", app.algorithm().name().to_string()),
            Field::Difficulty => (
                "difficulty",
                if app.difficulty == 0 {
                    "custom size".to_string()
                } else {
                    format!("{} ({w} x {h})", app.difficulty)
                },
            ),
            Field::Width => (
                if polar { "inner ring" } else { "width" },
                if app.difficulty == 0 { app.width.to_string() } else { format!("({w})") },
            ),
            Field::Height => (
                if polar { "rings" } else { "height" },
                if app.difficulty == 0 { app.height.to_string() } else { format!("({h})") },
            ),
            Field::Seed => ("seed", app.seed.to_string()),
            Field::Braid => ("braid", format!("{}% of dead ends removed", app.braid * 10)),
            Field::Fog => ("fog of war", app.fog.words()),
            Field::Dots => (
                "multimaze",
                if app.dots == 1 {
                    "off (one start, one end)".into()
                } else {
                    format!("{} starts, {} ends", app.dots, app.dots)
                },
            ),
        };
        let selected = i == app.field;
        let marker = if selected { "> " } else { "  " };
        let style = if selected {
            Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        lines.push(Line::from(vec![
            Span::raw(marker),
            Span::styled(format!("{name:<11}"), style),
            Span::raw(value),
        ]));
    }
    if let Some((name, _)) = &app.mask {
        lines.push(Line::raw(format!(
            "  mask       {name}{}",
            if app.mask_connect { ", pieces joined" } else { "" }
        )));
    }
    // The message first: on a small terminal it must not be the line that is cut off.
    if !app.message.is_empty() {
        lines.push(Line::styled(app.message.clone(), Style::default().fg(Color::Red)));
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw(format!(
        "{} generators for {} shapes (those a shape or mask cannot use are skipped)",
        Algorithm::ALL.len(),
        super::app::PLAY_SHAPES.len()
    )));
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" new maze ")),
        body,
    );
    let help = "up/down field  left/right change  digits type the seed  r random seed  difficulty 1-7: 2^k cells\nEnter play  q quit";
    frame.render_widget(Paragraph::new(help).style(Style::default().fg(Color::DarkGray)), footer);
}

fn game(frame: &mut Frame<'_>, app: &App, header: Rect, body: Rect, footer: Rect) {
    let Some(g) = app.game.as_ref() else { return };
    let s = g.setup();
    let (done, total) = g.connected();
    let mut head = format!(
        "{} {}x{} {} seed {} | moves {} | time {}",
        s.spec.kind,
        s.spec.width,
        s.spec.height,
        s.algorithm,
        s.seed,
        g.moves(),
        clock(app.elapsed())
    );
    if s.spec.wrap.any() {
        head.push_str(&format!(" wrap {}", s.spec.wrap));
    }
    if s.spec.levels > 1 || s.spec.weave.is_some() {
        head.push_str(&format!(" | {}", g.place()));
    }
    if total > 1 {
        head.push_str(&format!(" | connected {done}/{total}"));
    }
    if let Some(solver) = g.solution_shown() {
        head.push_str(&format!(" | route: {solver}"));
    }
    frame.render_widget(Paragraph::new(Line::from(Span::styled(head, bold()))), header);

    let picture = g.picture(app.unicode);
    let focus = if app.screen == Screen::Watching { ['#', '+'] } else { ['@', '@'] };
    let (fr, fc) = find(&picture, focus).unwrap_or((0, 0));
    let (rows, cols) = (usize::from(body.height), usize::from(body.width));
    let top = scroll(fr, picture.len(), rows);
    let width = picture.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let left = scroll(fc, width, cols);
    let lines: Vec<Line<'_>> = picture
        .iter()
        .skip(top)
        .take(rows)
        .map(|l| colour(&l.chars().skip(left).take(cols).collect::<String>()))
        .collect();
    frame.render_widget(Paragraph::new(lines), body);

    let keys = match app.screen {
        Screen::Watching => {
            let (what, pos, len) = g.watching().unwrap_or((Replay::Generation, 0, 0));
            let what = match what {
                Replay::Generation => format!("generation ({})", s.algorithm),
                Replay::Solving(solver) => format!("solving ({solver})"),
            };
            format!(
                "watching {what}: step {pos}/{len}, {:.0}/s, {}\nspace play/pause  left/right step  up/down speed  Home/End  z zones  Esc back",
                app.speed,
                if app.playing { "playing" } else { "paused" }
            )
        }
        Screen::Done => format!(
            "{}\nn new maze  r replay  g watch generation  v watch solver  Esc menu  q quit",
            app.summary()
        ),
        _ => {
            let mut moves = if g.door_count() == 4 {
                "arrows/wasd/hjkl move".to_string()
            } else {
                "arrows/wasd/hjkl move, y u b n diagonals".to_string()
            };
            if g.has_stairs() {
                moves.push_str(", < up > down stairs (^ v)");
            }
            // A MultiMaze says what to do (document 003's instructions) until there is news.
            let msg = match (app.message.is_empty(), total > 1) {
                (false, _) => format!("{}  |  ", app.message),
                (true, true) => format!("{}  |  ", maze::MULTI_INSTRUCTIONS),
                (true, false) => String::new(),
            };
            format!(
                "{msg}{moves}  m auto-move ({})  p route  i hint step  o solver ({})\ng watch generation  v watch solver  r restart  N next maze  x style  Esc menu",
                if app.auto { "on" } else { "off" },
                Solver::ALL[app.solver % Solver::ALL.len()]
            )
        }
    };
    frame.render_widget(Paragraph::new(keys).style(Style::default().fg(Color::DarkGray)), footer);
}

/// Row and column (in chars) of the first of `marks` found in the picture.
fn find(picture: &[String], marks: [char; 2]) -> Option<(usize, usize)> {
    for mark in marks {
        for (r, line) in picture.iter().enumerate() {
            if let Some(c) = line.chars().position(|ch| ch == mark) {
                return Some((r, c));
            }
        }
    }
    None
}

/// The first visible row (or column) that keeps `focus` in view, centred when scrolling.
fn scroll(focus: usize, total: usize, visible: usize) -> usize {
    if total <= visible { 0 } else { focus.saturating_sub(visible / 2).min(total - visible) }
}

/// The terminal's 256-colour palette entries behind zone letters `a` to `z`: light colours of
/// the 6x6x6 cube, well apart, under black letters.
const ZONE_BACKGROUNDS: [u8; 26] = [
    217, 150, 153, 222, 183, 159, 229, 189, 157, 216, 195, 225, 192, 147, 223, 121, 218, 117, 228, 177, 158,
    210, 111, 186, 219, 123,
];

/// Colours a picture line: the player, dots, route and explored cells.
fn colour(line: &str) -> Line<'static> {
    let style_of = |c: char| match c {
        '@' => Style::default().fg(Color::Yellow).add_modifier(Modifier::BOLD),
        'S' => Style::default().fg(Color::Green).add_modifier(Modifier::BOLD),
        'E' => Style::default().fg(Color::Red).add_modifier(Modifier::BOLD),
        '*' | '█' => Style::default().fg(Color::Red),
        '.' | '░' => Style::default().fg(Color::DarkGray),
        '+' => Style::default().fg(Color::Cyan),
        '#' => Style::default().fg(Color::Magenta).add_modifier(Modifier::BOLD),
        // Zones (document 000): each letter on its own light background.
        'a'..='z' => {
            Style::default().fg(Color::Black).bg(Color::Indexed(ZONE_BACKGROUNDS[(c as u8 - b'a') as usize]))
        }
        _ => Style::default(),
    };
    let mut spans = Vec::new();
    let mut run = String::new();
    let mut current = Style::default();
    for c in line.chars() {
        let s = style_of(c);
        if s != current && !run.is_empty() {
            spans.push(Span::styled(std::mem::take(&mut run), current));
        }
        current = s;
        run.push(c);
    }
    if !run.is_empty() {
        spans.push(Span::styled(run, current));
    }
    Line::from(spans)
}
