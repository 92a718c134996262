//! `maze play`: a full-screen terminal game (ratatui over crossterm). A menu to choose the
//! shape, generator, difficulty (document 001's 2^k) and seed; then play with the keyboard
//! — breadcrumbs, auto-move along corridors, a timer and move counter, the route on demand
//! from any solver — or watch the generator or a solver step by step. Without a terminal
//! (or with `--lines`) it runs document 001's question-and-answer loop instead ([`lines`]).
//!
//! The state lives in [`app::App`] and [`game::Game`], which know nothing of terminals;
//! [`view::draw`] paints them. ratatui's `init`/`restore` put the terminal back on exit,
//! on errors and on panics; Ctrl-C arrives as a key press in raw mode and quits cleanly.

pub mod app;
pub mod game;
pub mod lines;
pub mod view;
#[cfg(feature = "window")]
pub mod window;

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use anyhow::Result;
use ratatui::crossterm::event::{self, Event, KeyEventKind};

use crate::args::PlayArgs;
use crate::fault::UsageError;
use app::App;
use maze_core::ShapeSpec;

/// Builds the starting state from the command line (reading the mask picture, if any).
pub fn app_from_args(args: &PlayArgs) -> Result<App> {
    let mut app = App::default();
    if let Some(i) = app::PLAY_SHAPES.iter().position(|&k| k == args.shape.shape) {
        app.shape = i;
    }
    if let Some(i) = args.algorithm.and_then(|g| maze_core::Algorithm::ALL.iter().position(|&a| a == g)) {
        app.algorithm = i;
    }
    if let Some(i) = args.solve.and_then(|s| maze_core::Solver::ALL.iter().position(|&a| a == s)) {
        app.solver = i;
    }
    // Wrapping and levels: checked here as `maze generate` checks them, so a bad pair is
    // refused on the command line rather than in the menu.
    let (wrap, levels) = (args.shape.wrap, args.shape.levels);
    if wrap.any() || levels > 1 {
        let kind = args.shape.shape;
        let checked =
            ShapeSpec::plain(kind, 4, 4).with_wrap(wrap).and_then(|s| s.with_levels(levels, u64::MAX));
        if let Err(e) = checked {
            anyhow::bail!(UsageError(e.to_string()));
        }
        if args.shape.mask.is_some() || args.shape.mask_text.is_some() || args.shape.mask_data.is_some() {
            anyhow::bail!(UsageError("a mask does not work with --wrap or --levels yet".into()));
        }
        app.wrap = wrap;
        app.levels = levels;
    }
    // Weave: checked the same way; the menu keeps it in percent.
    if let Some(p) = args.shape.weave {
        let checked = maze_core::WeaveLayout::share(p).and_then(|layout| {
            ShapeSpec::plain(args.shape.shape, 4, 4)
                .with_wrap(wrap)
                .and_then(|s| s.with_levels(levels, u64::MAX))
                .and_then(|s| s.with_weave(layout, u64::MAX))
        });
        if let Err(e) = checked {
            anyhow::bail!(UsageError(e.to_string()));
        }
        if args.shape.mask.is_some() || args.shape.mask_text.is_some() || args.shape.mask_data.is_some() {
            anyhow::bail!(UsageError(maze_core::shape::weave::NOT_COMBINED.into()));
        }
        app.weave = (p * 100.0).round() as u32;
        if p > 0.0 && app.weave == 0 {
            app.weave = 1;
        }
    }
    if let Some(d) = args.shape.difficulty {
        app.difficulty = u32::from(d);
    }
    let shaped = maze::MazeRequest::default().with_shape_options(&args.shape);
    let picture = maze::masks::picture(&shaped)?;
    let sized = args.shape.width.is_some() || args.shape.height.is_some();
    if sized || (picture.is_some() && args.shape.difficulty.is_none()) {
        let (w, h) = maze::masks::dimensions(&shaped, picture.as_ref().map(|p| p.natural));
        app.difficulty = 0;
        app.width = w;
        app.height = h;
    }
    if let Some(picture) = picture {
        let name = match (&args.shape.mask, &args.shape.mask_text) {
            (Some(path), _) => path.display().to_string(),
            (None, Some(text)) => format!("the word {text:?}"),
            (None, None) => "the given rows".to_string(),
        };
        app.mask = Some((name, picture));
        app.mask_connect = args.shape.mask_connect;
        app.fix_algorithm(1);
    }
    if let Some(seed) = args.seed {
        app.seed = seed;
    }
    app.doors = (args.entrance, args.exit);
    app.fog = game::Fog::from_option(args.fog);
    app.shifting = args.shifting;
    app.auto = !args.no_auto;
    app.unicode = !args.ascii;
    Ok(app)
}

/// `maze play`.
pub fn run(args: PlayArgs) -> Result<()> {
    let mut app = app_from_args(&args)?;
    // --no-menu starts the game at once: options it cannot play are refused now, in one
    // line and with a failing status, whichever game (full-screen or line by line) follows.
    if args.no_menu {
        app.start();
        if !app.message.is_empty() {
            anyhow::bail!(UsageError(app.message.clone()));
        }
    }
    if args.window {
        #[cfg(feature = "window")]
        return window::run(app);
        #[cfg(not(feature = "window"))]
        anyhow::bail!(UsageError(
            "this build of maze has no window support (cargo feature `window`); play in the terminal without --window"
                .into()
        ));
    }
    let (tty_in, tty_out) = (std::io::stdin().is_terminal(), std::io::stdout().is_terminal());
    if args.lines || !tty_in || !tty_out {
        if args.shifting.is_some() {
            anyhow::bail!(UsageError(
                "--shifting needs the full-screen game on a terminal (the line-by-line game shows one maze)"
                    .into()
            ));
        }
        if args.fog.is_some() {
            anyhow::bail!(UsageError(
                "--fog needs the full-screen game on a terminal (the line-by-line game shows the whole maze)"
                    .into()
            ));
        }
        let mut out = std::io::stdout().lock();
        // Box-drawing characters only on a terminal that asked for them; pipes get ASCII.
        let unicode = tty_out && !args.ascii;
        let looks = lines::Looks { unicode, colour: tty_out && lines::colour_wanted() };
        return lines::Dialogue::new(&args, std::io::stdin().lock(), &mut out, looks, !tty_in)?.run();
    }
    let mut terminal = ratatui::init();
    let result = event_loop(&mut terminal, &mut app);
    ratatui::restore();
    if let Some(g) = app.game.as_ref().filter(|g| g.finished()) {
        let _ = g;
        println!("{}", app.summary());
    }
    result
}

fn event_loop(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> Result<()> {
    let clock = Instant::now();
    while !app.quit {
        app.tick(clock.elapsed());
        terminal.draw(|frame| view::draw(frame, app))?;
        if event::poll(Duration::from_millis(50))? {
            match event::read()? {
                Event::Key(key) if key.kind == KeyEventKind::Press => app.key(key),
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::app::{App, Screen};
    use super::view;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use std::time::Duration;

    fn press(app: &mut App, code: KeyCode) {
        app.key(KeyEvent::new(code, KeyModifiers::NONE));
    }

    /// The screen as text lines.
    fn screen(app: &App, w: u16, h: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
        terminal.draw(|f| view::draw(f, app)).expect("draw");
        let buf = terminal.backend().buffer();
        let mut out = String::new();
        for y in 0..h {
            let line: String = (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    fn golden(name: &str, actual: &str) {
        maze_testkit::golden(env!("CARGO_MANIFEST_DIR"), name, actual);
    }

    fn app() -> App {
        let mut a = App::default();
        (a.seed, a.difficulty, a.unicode) = (5, 2, false);
        a
    }

    #[test]
    fn fog_of_war_from_the_menu_and_the_command_line() {
        use clap::Parser;
        let mut a = app();
        // Up from the first field reaches the last: the fog.
        press(&mut a, KeyCode::Up);
        assert!(screen(&a, 80, 20).contains("> fog of war off"));
        press(&mut a, KeyCode::Right);
        assert_eq!(a.fog, super::game::Fog::Sight);
        assert!(screen(&a, 80, 20).contains("line of sight"));
        press(&mut a, KeyCode::Right);
        press(&mut a, KeyCode::Right);
        assert!(screen(&a, 80, 20).contains("within 2 steps"));
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Playing, "{}", a.message);
        let fogged = screen(&a, 80, 24);
        let rows: Vec<&str> = fogged.lines().filter(|l| l.starts_with(['+', '|', ' '])).collect();
        assert!(rows.iter().any(|l| l.contains('@')), "{fogged}");
        assert!(!rows.iter().any(|l| l.contains('E')), "the exit is out of sight:\n{fogged}");
        for (words, fog) in [
            (&["maze", "play", "--fog"][..], super::game::Fog::Sight),
            (&["maze", "play", "--fog", "3"], super::game::Fog::Near(3)),
            (&["maze", "play"], super::game::Fog::Off),
        ] {
            let cli = crate::args::Cli::try_parse_from(words).expect("arguments");
            let crate::args::Command::Play(args) = cli.command else { panic!("not play") };
            assert_eq!(super::app_from_args(&args).expect("app").fog, fog, "{words:?}");
        }
        assert!(crate::args::Cli::try_parse_from(["maze", "play", "--fog", "x"]).is_err());
        // A woven maze is fogged too: its bridges show as they come into view.
        let mut woven = app();
        woven.fog = super::game::Fog::Sight;
        woven.weave = 30;
        press(&mut woven, KeyCode::Enter);
        assert_eq!(woven.screen, Screen::Playing, "{}", woven.message);
        let fogged = screen(&woven, 80, 24);
        let rows: Vec<&str> = fogged.lines().filter(|l| l.starts_with(['+', '|', ' '])).collect();
        assert!(rows.iter().any(|l| l.contains('@')), "{fogged}");
        assert!(!rows.iter().any(|l| l.contains('E')), "the exit is out of sight:\n{fogged}");
    }

    #[test]
    fn menu_screen() {
        let mut a = app();
        golden("play-menu.txt", &screen(&a, 80, 20));
        // Moving through the fields and changing the shape shows on screen.
        press(&mut a, KeyCode::Right);
        assert!(screen(&a, 80, 16).contains("> shape      hex"));
        // Hexagons wrap and stack in levels; the two do not go together.
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Right);
        assert!(screen(&a, 80, 16).contains("> wrap       x (east joins west"));
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Right);
        press(&mut a, KeyCode::Right);
        let s = screen(&a, 80, 16);
        assert!(s.contains("> levels     3 joined by stairs") && s.contains("wrap       none"), "{s}");
        // Weave is for square cells only.
        press(&mut a, KeyCode::Down);
        assert!(screen(&a, 80, 16).contains("> weave      - (square cells only)"));
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Char('5'));
        assert!(screen(&a, 80, 16).contains("difficulty 5 (32 x 32)"));
    }

    /// The weave field: square cells only; choosing it drops wrap and levels, and choosing
    /// wrap or levels drops it; the row generators are skipped while it is on.
    #[test]
    fn weave_in_the_menu_excludes_wrap_and_levels() {
        let mut a = app();
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Right); // wrap x
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Down);
        assert!(screen(&a, 80, 18).contains("> weave      off (no crossings)"));
        let eller = maze_core::Algorithm::ALL.iter().position(|&g| g == maze_core::Algorithm::Eller);
        a.algorithm = eller.expect("eller");
        press(&mut a, KeyCode::Right);
        press(&mut a, KeyCode::Right);
        press(&mut a, KeyCode::Right);
        let s = screen(&a, 80, 18);
        assert!(s.contains("> weave      30% of inner cells may become crossings"), "{s}");
        assert!(s.contains("wrap       none") && s.contains("levels     1 (flat)"), "{s}");
        assert_ne!(a.algorithm(), maze_core::Algorithm::Eller, "a row generator cannot weave");
        press(&mut a, KeyCode::Up);
        press(&mut a, KeyCode::Right); // levels 2
        assert!(screen(&a, 80, 18).contains("weave      off (no crossings)"));
        press(&mut a, KeyCode::Left); // levels 1
        press(&mut a, KeyCode::Down);
        press(&mut a, KeyCode::Right); // weave 10%
        press(&mut a, KeyCode::Right); // weave 20%
        a.difficulty = 3;
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Playing, "{}", a.message);
        let s = screen(&a, 100, 24);
        assert!(s.contains("crossing"), "the header counts the crossings:\n{s}");
        for _ in 0..500 {
            if a.screen == Screen::Done {
                break;
            }
            press(&mut a, KeyCode::Char('i'));
        }
        assert_eq!(a.screen, Screen::Done);
        assert!(a.summary().contains("a perfect run!"), "{}", a.summary());
    }

    /// `maze play --weave 0.3` from the command line: the menu shows the share, the game
    /// is woven and plays to the exit; bad values and combinations are refused on the
    /// command line as `maze generate` refuses them.
    #[test]
    fn weave_from_the_command_line() {
        use clap::Parser;
        let parse = |extra: &[&str]| {
            let mut argv = vec!["maze", "play", "--seed", "4", "-W", "8", "-H", "6", "--ascii"];
            argv.extend_from_slice(extra);
            let cli = crate::args::Cli::try_parse_from(argv).map_err(|e| anyhow::anyhow!(e.to_string()))?;
            let crate::args::Command::Play(args) = cli.command else { panic!("not play") };
            super::app_from_args(&args)
        };
        let mut a = parse(&["--weave", "0.35"]).expect("app");
        assert!(screen(&a, 80, 18).contains("weave      35% of inner cells"));
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Playing, "{}", a.message);
        let spec = a.game.as_ref().map(|g| g.setup().spec.clone()).expect("game");
        assert!(spec.weave.is_some(), "{spec:?}");
        for _ in 0..500 {
            if a.screen == Screen::Done {
                break;
            }
            press(&mut a, KeyCode::Char('i'));
        }
        assert_eq!(a.screen, Screen::Done);
        for (extra, needle) in [
            (&["--weave", "1.5"][..], "from 0 to 1"),
            (&["--weave", "x"][..], "weave"),
            (&["--shape", "hex", "--weave", "0.3"][..], "square cells"),
            (&["--wrap", "x", "--weave", "0.3"][..], "--wrap"),
            (&["--levels", "2", "--weave", "0.3"][..], "--levels"),
            (&["--mask-text", "A", "--weave", "0.3"][..], "mask"),
        ] {
            let e = parse(extra).err().map(|e| crate::fault::error_line(&e)).unwrap_or_default();
            assert!(e.contains(needle), "{extra:?}: {e:?}");
        }
        // A row generator is refused when the maze is made, with a message.
        let mut a = parse(&["--weave", "0.3", "--algorithm", "eller"]).expect("app");
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Menu);
        assert!(a.message.contains("woven"), "{}", a.message);
    }

    /// A MultiMaze says what to do (document 003's words); a one-route maze does not.
    #[test]
    fn a_multimaze_shows_its_instructions() {
        for (dots, shown) in [(3, true), (1, false)] {
            let mut a = app();
            a.dots = dots;
            press(&mut a, KeyCode::Enter);
            assert_eq!(a.screen, Screen::Playing, "{}", a.message);
            let s = screen(&a, 140, 20);
            assert_eq!(s.contains("Connect each green dot with one, and only one, red dot."), shown, "{s}");
        }
    }

    #[test]
    fn playing_to_the_exit_shows_the_summary() {
        let mut a = app();
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Playing);
        golden("play-start.txt", &screen(&a, 100, 14));
        // Walk with hint steps; the clock runs from the first move.
        a.tick(Duration::from_secs(1));
        for _ in 0..100 {
            if a.screen == Screen::Done {
                break;
            }
            press(&mut a, KeyCode::Char('i'));
            a.tick(a.now + Duration::from_millis(500));
        }
        assert_eq!(a.screen, Screen::Done);
        let done = screen(&a, 100, 14);
        assert!(done.contains("Solved in"), "{done}");
        assert!(done.contains("a perfect run!"), "{done}");
        golden("play-done.txt", &done);
    }

    #[test]
    fn circular_mazes_from_the_menu_and_masks_from_the_command_line() {
        let mut a = app();
        a.unicode = true;
        // Square, hex, triangle, polar: the size fields are named for rings.
        for _ in 0..3 {
            press(&mut a, KeyCode::Right);
        }
        let menu = screen(&a, 80, 16);
        assert!(menu.contains("> shape      polar"), "{menu}");
        assert!(menu.contains("rings") && menu.contains("inner ring"), "{menu}");
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Playing, "{}", a.message);
        let s = screen(&a, 100, 40);
        assert!(s.contains('@') && s.contains('E'), "{s}");
        assert!(s.chars().any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)), "braille walls:\n{s}");

        use clap::Parser;
        let cli = crate::args::Cli::try_parse_from([
            "maze",
            "play",
            "--shape",
            "upsilon",
            "--mask-text",
            "OK",
            "--seed",
            "3",
        ])
        .expect("arguments");
        let crate::args::Command::Play(args) = cli.command else { panic!("not play") };
        let mut a = super::app_from_args(&args).expect("app");
        assert!(screen(&a, 80, 18).contains("the word \"OK\""));
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Playing, "{}", a.message);
        let cells = a.game.as_ref().map(|g| g.setup().spec.cells()).unwrap_or(0);
        let (w, h) = a.size();
        assert!(cells > 0 && cells < u64::from(w) * u64::from(h), "{cells} of {w}x{h}");
    }

    /// `maze play --levels 3` and `--wrap xy` from the command line: the help line names the
    /// stair keys, the header the level; hint steps (`i`) climb the stairs and cross the
    /// seams to the exit; stairs where there are none are refused with a message.
    #[test]
    fn levels_and_wrapping_from_the_command_line_play_to_the_exit() {
        use clap::Parser;
        let parse = |extra: &[&str]| {
            let mut argv = vec!["maze", "play", "--seed", "4", "-W", "5", "--ascii"];
            argv.extend_from_slice(extra);
            if !extra.contains(&"-H") {
                argv.extend_from_slice(&["-H", "4"]);
            }
            let cli = crate::args::Cli::try_parse_from(argv).expect("arguments");
            let crate::args::Command::Play(args) = cli.command else { panic!("not play") };
            super::app_from_args(&args)
        };
        for (extra, header) in [
            (&["--levels", "3"][..], "level 1 of 3"),
            (&["--shape", "hex", "--levels", "2"][..], "level 1 of 2"),
            (&["--wrap", "xy"][..], "wrap xy"),
            (&["--shape", "hex", "--wrap", "x"][..], "wrap x"),
        ] {
            let mut a = parse(extra).expect("app");
            press(&mut a, KeyCode::Enter);
            assert_eq!(a.screen, Screen::Playing, "{extra:?}: {}", a.message);
            let s = screen(&a, 120, 16);
            assert!(s.contains(header), "{extra:?}:\n{s}");
            assert_eq!(s.contains("< up > down stairs"), header.starts_with("level"), "{extra:?}:\n{s}");
            if header.starts_with("level") {
                // The bottom level has no stair down.
                press(&mut a, KeyCode::Char('>'));
                assert!(screen(&a, 120, 16).contains("no open stair down here"));
            } else {
                press(&mut a, KeyCode::Char('<'));
                assert!(screen(&a, 120, 16).contains("no stairs"));
            }
            for _ in 0..500 {
                if a.screen == Screen::Done {
                    break;
                }
                press(&mut a, KeyCode::Char('i'));
            }
            assert_eq!(a.screen, Screen::Done, "{extra:?}");
            assert!(a.summary().contains("a perfect run!"), "{extra:?}: {}", a.summary());
        }
        // Refused on the command line as `maze generate` refuses them.
        for (extra, needle) in [
            (&["--shape", "polar", "--wrap", "x"][..], "square, hex and sigma"),
            (&["--shape", "triangle", "--levels", "2"][..], "square, hex and sigma"),
            (&["--wrap", "x", "--levels", "2"][..], "do not work together"),
            (&["--mask-text", "A", "--levels", "2"][..], "mask"),
        ] {
            let e = parse(extra).err().map(|e| crate::fault::error_line(&e)).unwrap_or_default();
            assert!(e.contains(needle), "{extra:?}: {e:?}");
        }
        // A size the wrap cannot take is refused when the maze is made, with a message.
        let mut a = parse(&["--shape", "hex", "--wrap", "y", "-H", "5"]).expect("app");
        press(&mut a, KeyCode::Enter);
        assert_eq!(a.screen, Screen::Menu);
        assert!(screen(&a, 120, 18).contains("even number of rows"), "{}", a.message);
    }

    /// A click (the window's mouse) steps into the open neighbouring cell under it, by the
    /// keys' rules: not through a wall, not two cells away, not onto the player's own cell.
    #[test]
    fn a_click_steps_into_an_open_neighbour_only() {
        use maze_core::Point;
        let mut a = App::default();
        (a.seed, a.difficulty) = (3, 2);
        press(&mut a, KeyCode::Enter);
        let moves = |a: &App| a.game.as_ref().map(|g| g.moves());
        // The 4 x 4 maze of seed 3: the top row is one corridor, with a wall under the
        // entrance (`maze generate -d 2 --seed 3`).
        a.click(Point { x: 0.5, y: 1.5 });
        assert_eq!((moves(&a), a.message.as_str()), (Some(0), "a wall is in the way"));
        a.click(Point { x: 2.5, y: 0.5 });
        assert_eq!(moves(&a), Some(0), "two cells away");
        a.click(Point { x: 0.6, y: 0.4 });
        assert_eq!(moves(&a), Some(0), "the player's own cell");
        a.click(Point { x: 1.4, y: 0.6 });
        assert_eq!(moves(&a), Some(1));
        let at = a.game.as_ref().map(|g| g.player_centre());
        assert_eq!(at, Some(Point { x: 1.5, y: 0.5 }));
    }

    #[test]
    fn walls_block_and_say_so() {
        let mut a = app();
        press(&mut a, KeyCode::Enter);
        // Up from the top-left cell leads out through the entrance: not a cell.
        press(&mut a, KeyCode::Up);
        assert!(screen(&a, 60, 14).contains("a wall is in the way"));
        assert_eq!(a.game.as_ref().map(|g| g.moves()), Some(0));
    }

    #[test]
    fn route_on_demand_and_watch_mode() {
        let mut a = app();
        press(&mut a, KeyCode::Enter);
        press(&mut a, KeyCode::Char('p'));
        let shown = screen(&a, 100, 14);
        assert!(shown.contains("route: bfs"), "{shown}");
        assert!(shown.contains('*'), "the route is drawn");
        press(&mut a, KeyCode::Char('g'));
        assert_eq!(a.screen, Screen::Watching);
        press(&mut a, KeyCode::Char(' ')); // pause
        press(&mut a, KeyCode::Home);
        let first = screen(&a, 100, 14);
        assert!(first.contains("step 0/"), "{first}");
        golden("play-watch-start.txt", &first);
        press(&mut a, KeyCode::Right);
        press(&mut a, KeyCode::Right);
        assert!(screen(&a, 100, 14).contains("step 2/"));
        press(&mut a, KeyCode::Left);
        assert!(screen(&a, 100, 14).contains("step 1/"));
        press(&mut a, KeyCode::End);
        // Running the replay to the end, the clock moves it forward.
        press(&mut a, KeyCode::Esc);
        assert_eq!(a.screen, Screen::Playing);
        press(&mut a, KeyCode::Char('v'));
        assert_eq!(a.screen, Screen::Watching);
        a.tick(a.now + Duration::from_secs(30));
        let end = screen(&a, 100, 14);
        assert!(end.contains("paused"), "a finished replay stops: {end}");
    }

    #[test]
    fn big_mazes_scroll_with_the_player() {
        let mut a = App::default();
        (a.seed, a.difficulty, a.unicode) = (3, 6, false);
        press(&mut a, KeyCode::Enter);
        let s = screen(&a, 40, 12);
        assert!(s.contains('@'), "the player is in view at the start:\n{s}");
        for _ in 0..200 {
            press(&mut a, KeyCode::Char('i'));
        }
        let s = screen(&a, 40, 12);
        assert!(s.contains('@'), "the player stays in view:\n{s}");
    }

    #[test]
    fn ctrl_c_quits_from_every_screen() {
        for setup in [0, 1] {
            let mut a = app();
            if setup == 1 {
                press(&mut a, KeyCode::Enter);
            }
            a.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
            assert!(a.quit);
        }
    }
}
