//! The errors of a maze job, typed so that each front end words them its own way.
//!
//! A [`Error::Request`] is a fault of the request (a value out of range, options that do
//! not go together, a limit the job would pass): the command line exits with status 2 on
//! it. Its message names the request's fields as the command line's long flags
//! (`--max-memory`); [`Error::worded`] rewrites those names for a front end whose fields
//! are called otherwise (the web page's `max-memory` field, a Python keyword argument).

use std::fmt;

/// An error of a maze job.
#[derive(Debug)]
pub enum Error {
    /// The request cannot be done as asked; the message says why and names the fields
    /// (as `--field`).
    Request(String),
    /// An error of the library underneath (a shape over its cell limit, a parameter the
    /// generator refuses, a drawing over its memory, a cancelled job, a bad file).
    Core(maze_core::Error),
    /// Reading or writing failed.
    Io(std::io::Error),
    /// An error with what was being done when it happened (such as the file's name).
    Context(String, Box<Error>),
}

/// A maze job's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A fault of the request, with its message.
    pub fn request(message: impl Into<String>) -> Self {
        Error::Request(message.into())
    }

    /// This error with `context` before it (`context: error`).
    #[must_use]
    pub fn context(self, context: impl fmt::Display) -> Self {
        Error::Context(context.to_string(), Box::new(self))
    }

    /// The error under every context.
    pub fn root(&self) -> &Error {
        match self {
            Error::Context(_, inner) => inner.root(),
            other => other,
        }
    }

    /// Whether the request is at fault (a usage error: the command line's exit status 2),
    /// rather than the input read or the system.
    pub fn is_request(&self) -> bool {
        match self.root() {
            Error::Request(_) => true,
            Error::Core(e) => matches!(
                e,
                maze_core::Error::Parameter(_)
                    | maze_core::Error::TooLarge { .. }
                    | maze_core::Error::OverMemory { .. }
                    | maze_core::Error::Unsupported { .. }
            ),
            _ => false,
        }
    }

    /// The library error underneath, if that is what this is.
    pub fn core(&self) -> Option<&maze_core::Error> {
        match self.root() {
            Error::Core(e) => Some(e),
            _ => None,
        }
    }

    /// The I/O error underneath, if that is what this is.
    pub fn io(&self) -> Option<&std::io::Error> {
        match self.root() {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Request(m) => f.write_str(m),
            Error::Core(e) => e.fmt(f),
            Error::Io(e) => e.fmt(f),
            Error::Context(c, inner) => write!(f, "{c}: {inner}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<maze_core::Error> for Error {
    fn from(e: maze_core::Error) -> Self {
        Error::Core(e)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

/// Adds context to a result's error.
pub trait Context<T> {
    /// The error with `context` before it.
    fn context(self, context: impl fmt::Display) -> Result<T>;
    /// The error with the context `f` makes before it (made only on an error).
    fn with_context<C: fmt::Display>(self, f: impl FnOnce() -> C) -> Result<T>;
}

impl<T, E: Into<Error>> Context<T> for std::result::Result<T, E> {
    fn context(self, context: impl fmt::Display) -> Result<T> {
        self.map_err(|e| e.into().context(context))
    }

    fn with_context<C: fmt::Display>(self, f: impl FnOnce() -> C) -> Result<T> {
        self.map_err(|e| e.into().context(f()))
    }
}

/// The fields of a maze file (docs/FORMAT.md) that a message about its shape names as the
/// request's flags: the flag, and the file's field.
const FILE_FIELDS: &[(&str, &str)] = &[
    ("shape", "kind"),
    ("width", "width"),
    ("height", "height"),
    ("rings", "height"),
    ("mask", "mask"),
    ("mask-text", "mask"),
    ("mask-data", "mask"),
    ("wrap", "wrap"),
    ("levels", "levels"),
    ("weave", "crossings"),
    ("unicursal", "unicursal"),
    ("starts", "starts"),
    ("ends", "ends"),
];

/// The words `--wrap` takes, which a file writes as strings.
const WRAP_WORDS: &[&str] = &["x", "y", "xy", "none"];

/// A message about a maze file's contents in the file's terms rather than the command
/// line's: each flag the file has a field for becomes that field as the file spells it,
/// with its value as the file writes it (`--levels 65 is too many` becomes `"levels": 65
/// is too many`, `--wrap x needs ...` becomes `"wrap": "x" needs ...`); other flags (a
/// limit of the reader's, such as `--max-cells`) stay.
pub fn file_worded(message: &str) -> String {
    let mut out = String::with_capacity(message.len() + 16);
    let mut rest = message;
    while let Some(at) = rest.find("--") {
        let after = &rest[at + 2..];
        let end = after.find(|c: char| !(c.is_ascii_lowercase() || c == '-')).unwrap_or(after.len());
        let name = after[..end].trim_end_matches('-');
        let starts_word = !rest[..at].ends_with(|c: char| c.is_alphanumeric() || c == '-');
        let Some((_, field)) = FILE_FIELDS.iter().find(|(flag, _)| *flag == name).filter(|_| starts_word)
        else {
            out.push_str(&rest[..at + 2]);
            rest = after;
            continue;
        };
        out.push_str(&rest[..at]);
        out.push_str(&format!("\"{field}\""));
        rest = &after[name.len()..];
        // The value after the flag, as the file writes it: a number, or one of wrap's words.
        if let Some(text) = rest.strip_prefix(' ') {
            let len = text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '.')).unwrap_or(text.len());
            let value = text[..len].trim_end_matches('.');
            if !value.is_empty() && value.chars().all(|c| c.is_ascii_digit()) {
                out.push_str(&format!(": {value}"));
                rest = &text[value.len()..];
            } else if *field == "wrap" && WRAP_WORDS.contains(&value) {
                out.push_str(&format!(": \"{value}\""));
                rest = &text[value.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The most characters of one quoted piece of input a message repeats.
const ECHO_CHARS: usize = 200;

/// Text a user gave, as a message repeats it: cut after 200 characters with "..." (a
/// front end escapes control and format characters when it prints the message).
pub fn echo(text: &str) -> String {
    match text.char_indices().nth(ECHO_CHARS) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}

/// The most characters of a number a message repeats.
const NUMBER_CHARS: usize = 24;

/// A number a user typed, as a message repeats it: as typed (trimmed), cut after 24
/// characters with "...", never its value written out (`1e300` stays `1e300`, not 301
/// digits).
pub fn echo_number(typed: &str) -> String {
    let typed = typed.trim();
    match typed.char_indices().nth(NUMBER_CHARS) {
        Some((at, _)) => format!("{}...", &typed[..at]),
        None => typed.to_string(),
    }
}

/// Escapes control characters (`\n`, `\r`, `\t`, `\u{..}`) and invisible format
/// characters (bidirectional overrides such as U+202E, zero-width spaces, line separators),
/// so text from a user or a file can neither break a message, a log line or a header into
/// several nor make it read otherwise than it is; then cuts echoed input that is too long
/// (to 200 characters a quoted piece, 1,000 in all).
pub fn single_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else if is_format(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    shorten(&out)
}

/// Characters that change how text around them is shown without being seen themselves
/// (Unicode's format characters and the line and paragraph separators).
fn is_format(c: char) -> bool {
    matches!(
        u32::from(c),
        0xAD | 0x600..=0x605
            | 0x61C
            | 0x6DD
            | 0x70F
            | 0x8E2
            | 0x180E
            | 0x200B..=0x200F
            | 0x2028..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

/// The most characters of a whole message.
const MESSAGE_CHARS: usize = 1000;

/// A message with every quoted piece ('...', "...", `...`) cut to [`ECHO_CHARS`]
/// characters (a 100 KB `--where` is not repeated whole), and the whole cut to
/// [`MESSAGE_CHARS`].
fn shorten(text: &str) -> String {
    if text.chars().count() <= ECHO_CHARS {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len().min(4 * MESSAGE_CHARS));
    let mut rest = text;
    // An opening quote starts the text or follows a non-letter (not "maze's").
    let opening = |s: &str| {
        s.match_indices(['\'', '"', '`'])
            .find(|(i, _)| !s[..*i].ends_with(|c: char| c.is_alphanumeric()))
            .map(|(i, _)| i)
    };
    while let Some(open) = opening(rest) {
        let quote = rest[open..].chars().next().unwrap_or('\'');
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        // A piece runs to its closing quote followed by a non-letter (an apostrophe inside
        // a word does not close it), or to the end.
        let close = inside
            .match_indices(quote)
            .find(|(i, _)| !inside[i + 1..].starts_with(|c: char| c.is_alphanumeric()))
            .map_or(inside.len(), |(i, _)| i);
        out.push_str(&echo(&inside[..close]));
        rest = &inside[close..];
        if let Some(r) = rest.strip_prefix(quote) {
            out.push(quote);
            rest = r;
        }
    }
    out.push_str(rest);
    match out.char_indices().nth(MESSAGE_CHARS) {
        Some((at, _)) => format!("{}...", &out[..at]),
        None => out,
    }
}

/// Bytes for people: 1.5 GB, 300 MB, 12 kB (powers of 1000), or 1 GiB, 256 MiB and
/// 100 KiB for the round multiples of 1024 that limits usually are.
pub fn human(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes % (1 << 30) == 0 {
        return format!("{} GiB", bytes >> 30);
    }
    if (1 << 20..1 << 30).contains(&bytes) && bytes % (1 << 20) == 0 {
        return format!("{} MiB", bytes >> 20);
    }
    if (1 << 10..1 << 20).contains(&bytes) && bytes % (1 << 10) == 0 {
        return format!("{} KiB", bytes >> 10);
    }
    let b = bytes as f64;
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{:.0} kB", b / 1e3),
        1_000_000..1_000_000_000 => format!("{:.0} MB", b / 1e6),
        _ => format!("{:.1} GB", b / 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A maze file declaring 65 levels, one over the limit.
    const LEVELS_65: &str = r#"{"format":"maze","version":1,"shape":{"kind":"square","width":4,"height":4,"levels":65},"cells":1040,"passages":[]}"#;

    /// Every reader of a file words its faults in the file's fields: a saved maze drawn or
    /// solved again (with and without a name), and the API's posted file.
    #[test]
    fn file_readers_name_the_files_fields() {
        let file = maze_render::json::MazeFile::parse(LEVELS_65).expect("parses");
        let request = crate::request::MazeRequest { format: maze_render::Format::Svg, ..Default::default() };
        for name in [Some("lv65.json"), None] {
            let job = crate::redraw::FileRequest {
                file: &file,
                name,
                solve: None,
                keep_solution: false,
                request: &request,
            };
            let err = crate::redraw::redraw(job).err().expect("refused").to_string();
            let want = "\"levels\": 65 is too many (at most 64)";
            match name {
                Some(name) => assert_eq!(err, format!("{name}: {want}")),
                None => assert_eq!(err, want),
            }
        }
        for path in ["/api/render", "/api/solve"] {
            let err = crate::api::answer("POST", path, "", Some(LEVELS_65)).expect_err("refused");
            assert_eq!(
                (err.status, err.message.as_str()),
                (400, "\"levels\": 65 is too many (at most 64)"),
                "{path}"
            );
        }
    }

    #[test]
    fn a_files_faults_name_its_fields_not_flags() {
        for (message, worded) in [
            ("--levels 65 is too many (at most 64)", "\"levels\": 65 is too many (at most 64)"),
            ("--levels must be at least 1", "\"levels\" must be at least 1"),
            (
                "--wrap x needs a width of at least 3 (got 2)",
                "\"wrap\": \"x\" needs a width of at least 3 (got 2)",
            ),
            (
                "--wrap and --levels do not work together yet",
                "\"wrap\" and \"levels\" do not work together yet",
            ),
            (
                "--weave does not work with a mask, --wrap or --levels yet",
                "\"crossings\" does not work with a mask, \"wrap\" or \"levels\" yet",
            ),
            // The reader's own limits stay flags; a dash inside a word is no flag.
            (
                "maze too large: raise the limit with --max-cells",
                "maze too large: raise the limit with --max-cells",
            ),
            ("x--levels 3 and -- alone", "x--levels 3 and -- alone"),
        ] {
            assert_eq!(file_worded(message), worded, "{message}");
        }
    }

    #[test]
    fn contexts_join_and_fields_are_found_and_reworded() {
        let e = Error::request("drawing this maze would take 2 GB (raise it with --max-memory; see --help)")
            .context("maze.json");
        assert_eq!(
            e.to_string(),
            "maze.json: drawing this maze would take 2 GB (raise it with --max-memory; see --help)"
        );
        assert!(e.is_request());
        assert_eq!(e.fields(), vec!["max-memory"]);
        assert_eq!(
            e.worded(|f| format!("the '{f}' field")),
            "maze.json: drawing this maze would take 2 GB (raise it with the 'max-memory' field; see --help)"
        );
        let io = Error::from(std::io::Error::other("disk full"));
        assert!(!io.is_request());
        assert!(io.io().is_some());
        let core = Error::from(maze_core::Error::Parameter("bad".into())).context("x");
        assert!(core.is_request());
        assert!(core.core().is_some());
    }
}
