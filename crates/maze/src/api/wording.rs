//! The API's words for messages written for the command line.
//!
//! Requests are checked by the library's code, whose messages name the command line's flags
//! (`--width`, `--cell-size`) and tell how to raise its limits (`--max-bytes`,
//! `--max-cells`, `--max-pixels`). A page cannot pass flags nor raise the server's limits,
//! so every message the API forwards goes through [`api_message`] first: flags become the
//! API's parameter names (`cell_size`, `width=2`), hints to raise a limit are dropped, and
//! the limit is called the server's. [`limit_status`] tells a refusal for size (413) from a
//! bad parameter (400). This works on the text, and the unit tests below produce the real
//! messages of the command line's code, so a rewording there shows up here.

/// Whole phrases reworded before single flags (the order matters: longer ones first).
const PHRASES: &[(&str, &str)] = &[
    // The answer-size limit (budget::check): the server's, and not to be raised.
    (" (raise it with --max-bytes)", ""),
    // The drawing-memory limit (commands::over_memory).
    (" (raise it with --max-memory)", ""),
    (", over the limit of ", ", over the server's limit of "),
    // Image limits (maze-render): only the cell size is the page's to change.
    (", or raise --max-pixels)", ")"),
    // The cell limit's hint, in case a message carries it.
    (": raise the limit with --max-cells", ""),
    ("raise the limit with --max-cells", ""),
    ("--mask-connect needs --mask or --mask-text", "mask-connect needs a mask (mask-text or mask-data)"),
    ("pass --mask-connect to", "pass mask-connect=1 to"),
    ("or --fit to shrink it", "or fit=1 to shrink it"),
    ("use `maze generate --animate` or `maze solve --animate`", "use GET /api/render?format=gif"),
    ("--starts/--ends", "starts and ends"),
    ("--title/--instructions", "title and instructions"),
];

/// Options whose word after them is a value worth joining as `name=value` (`--wrap x`,
/// `--format gif`); any option followed by a number is joined too (`--width 2`).
const WORD_VALUES: &[(&str, &[&str])] = &[
    ("wrap", &["x", "y", "xy", "none"]),
    ("format", &["svg", "png", "pdf", "tex", "scad", "stl", "json", "gif", "text", "unicode", "maze"]),
];

/// Parameters the API spells with a dash, as docs/API.md lists them; every other option
/// is written with underscores (`cell_size`), as the clap messages are.
const DASHED: &[&str] = &["mask-text", "mask-data", "mask-connect"];

/// A command-line message in the API's terms: no flag, no advice to raise a limit of the
/// server's (see the module's notes).
pub fn api_message(message: &str) -> String {
    let mut text = message.to_string();
    for (from, to) in PHRASES {
        if text.contains(from) {
            text = text.replace(from, to);
        }
    }
    options_to_parameters(&text)
}

/// `--cell-size` becomes `cell_size`, `--width 2` becomes `width=2`, `--wrap x` becomes
/// `wrap=x`; a lone `--` (as in TeX's en dash or a `-- --x` tip) stays.
fn options_to_parameters(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("--") {
        let after = &rest[at + 2..];
        let name_len = after.find(|c: char| !(c.is_ascii_lowercase() || c == '-')).unwrap_or(after.len());
        let name = after[..name_len].trim_end_matches('-');
        let starts_word = at == 0 || !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '-');
        if name.is_empty() || !starts_word || !name.starts_with(|c: char| c.is_ascii_lowercase()) {
            out.push_str(&rest[..at + 2]);
            rest = after;
            continue;
        }
        out.push_str(&rest[..at]);
        let param = if DASHED.contains(&name) { name.to_string() } else { name.replace('-', "_") };
        out.push_str(&param);
        rest = &after[name.len()..];
        // A value after the option: a number, or a word the option takes.
        if let Some(value_text) = rest.strip_prefix(' ') {
            let end = value_text
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
                .unwrap_or(value_text.len());
            let value = value_text[..end].trim_end_matches(['.', '-']);
            let numeric = value.starts_with(|c: char| c.is_ascii_digit())
                && value.chars().all(|c| c.is_ascii_digit() || c == '.' || c == 'x');
            let word = WORD_VALUES.iter().any(|(n, words)| *n == name && words.contains(&value));
            if !value.is_empty() && (numeric || word) {
                out.push('=');
                out.push_str(value);
                rest = &value_text[value.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The status of a refusal for size that the command line's code reports as a plain
/// parameter error: an answer over the server's byte limit, an image or animation over
/// its pixel limits. `None` for everything else.
pub fn limit_status(message: &str) -> Option<u16> {
    let over = ["would be about", "exceeds the limit of", "exceed the limit of", "of memory, over the"];
    over.iter().any(|p| message.contains(p)).then_some(413)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag-like word left in `text` (`--name`).
    fn flags(text: &str) -> Vec<String> {
        text.split(|c: char| c.is_whitespace() || "(),;:'\"`".contains(c))
            .filter(|w| w.len() > 2 && w.starts_with("--") && w.as_bytes()[2].is_ascii_lowercase())
            .map(String::from)
            .collect()
    }

    /// The message the library gives for `maze generate WORDS` with the API's limits.
    fn cli_error(words: &[&str]) -> String {
        let mut a = crate::testing::request(words);
        a.max_cells = super::super::MAX_CELLS;
        a.max_bytes = super::super::MAX_ANSWER_BYTES;
        crate::plan::Plan::new(&a).expect_err("refused").to_string()
    }

    #[test]
    fn the_answer_size_limit_is_the_servers_and_a_413() {
        let cli = cli_error(&["-s", "hex", "-W", "1000", "-H", "1000", "-f", "svg", "--solve", "--heat"]);
        assert!(cli.contains("--max-bytes"), "the command line's message changed: {cli}");
        let api = api_message(&cli);
        assert!(flags(&api).is_empty(), "{api}");
        assert!(
            api.contains("would be about") && api.contains("over the server's limit of 256 MiB"),
            "{api}"
        );
        assert_eq!(limit_status(&cli), Some(413));
    }

    #[test]
    fn the_drawing_memory_limit_is_the_servers_and_a_413() {
        let mut a = crate::testing::request(&["-W", "300", "-H", "300", "-f", "svg", "--heat"]);
        a.max_memory = 1 << 20;
        let cli = crate::plan::Plan::new(&a).and_then(|p| p.to_vec(1)).expect_err("refused").to_string();
        assert!(cli.contains("--max-memory"), "the command line's message changed: {cli}");
        let api = api_message(&cli);
        assert!(flags(&api).is_empty() && api.contains("over the server's limit of 1 MiB"), "{api}");
        assert_eq!(limit_status(&cli), Some(413));
    }

    #[test]
    fn image_limits_name_cell_size_and_are_413() {
        let mut a = crate::testing::request(&["-W", "300", "-H", "300", "-f", "png", "--cell-size", "100"]);
        a.max_bytes = super::super::MAX_ANSWER_BYTES;
        let cli = crate::plan::Plan::new(&a).expect_err("refused").to_string();
        assert!(cli.contains("--max-pixels"), "the command line's message changed: {cli}");
        let api = api_message(&cli);
        assert!(flags(&api).is_empty() && api.contains("smaller cell_size)"), "{api}");
        assert_eq!(limit_status(&cli), Some(413));
    }

    #[test]
    fn flags_become_parameter_names() {
        for (words, want) in [
            (&["-s", "hex", "--weave", "0.3"][..], "weave works on square cells"),
            (&["--mask-connect"][..], "mask-connect needs a mask (mask-text or mask-data)"),
            (&["--mask-data", "XX..XX"][..], "pass mask-connect=1 to open"),
            (&["-W", "2", "-H", "1", "--starts", "2", "--ends", "2"][..], "starts=2 ends=2 need"),
            (&["--wrap", "x", "-W", "2"][..], "wrap=x needs a width"),
            (&["-s", "hex", "--wrap", "y", "-H", "5"][..], "(got height=5)"),
            (&["-f", "png", "--animate"][..], "use format=gif or format=svg"),
            (
                &["-f", "svg", "--animate", "--heat"][..],
                "heat is not drawn in animations (leave out heat or animate)",
            ),
            (&["-f", "gif", "--heat"][..], "heat applies to svg, png, pdf and tex, not gif"),
            (
                &["-f", "json", "--cell-size", "4"][..],
                "cell_size applies to svg, png, pdf, tex, scad, stl and gif, not json (use format=svg)",
            ),
            (&["-s", "polar", "-W", "2"][..], "(width=2)"),
        ] {
            let cli = cli_error(words);
            let api = api_message(&cli);
            assert!(flags(&api).is_empty(), "{words:?}: {api}");
            assert!(api.contains(want), "{words:?}: {api:?} lacks {want:?}");
            assert_eq!(limit_status(&cli), None, "{words:?}: {cli}");
        }
    }

    #[test]
    fn fixed_texts_of_the_renderers_are_reworded() {
        for (cli, want) in [
            (
                "a 5003 x 5003 mm model with 1.6 mm walls is too large for STL (use a smaller --cell-size or a larger --wall-width)",
                "(use a smaller cell_size or a larger wall_width)",
            ),
            ("an animation needs 2 to 500 frames, not 1 (--frames)", "(frames)"),
            (
                "the maze does not fit; ask for that, a larger --paper, a smaller maze, or --fit to shrink it",
                "a larger paper, a smaller maze, or fit=1 to shrink it",
            ),
            (
                "an animated SVG of 5 cells exceeds the limit of 4 (use a smaller maze, or --format gif)",
                "or format=gif)",
            ),
            ("an en dash -- stays, and so does a-- b", "an en dash -- stays, and so does a-- b"),
        ] {
            let api = api_message(cli);
            assert!(flags(&api).is_empty(), "{api}");
            assert!(api.contains(want), "{api:?} lacks {want:?}");
        }
    }
}
