//! Errors as the command line words them: the usage error (exit status 2), one-line
//! messages with control and invisible characters escaped and echoed input cut short, and
//! the library's error kinds found in an error chain. A leaf: it imports no other module
//! of the command.

/// An error in how the program was called: exit status 2.
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// A clap error as one line, without its "error: " prefix and usage hints.
pub fn clap_message(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let mut parts: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with("For more information") && !l.starts_with("Usage:"))
        .collect();
    if let Some(first) = parts.first_mut() {
        *first = first.strip_prefix("error: ").unwrap_or(first);
    }
    single_line(&parts.join("; "))
}

/// An error as the one line the CLI prints (without "error: "): its causes joined by ": ",
/// a hint for the cell limit, and no control characters (input echoed in a message, such
/// as a shape name with a newline, is escaped).
pub fn error_line(e: &anyhow::Error) -> String {
    let mut message: Vec<String> = e.chain().map(|c| c.to_string()).collect();
    if e.chain().any(|c| matches!(core_error(c), Some(maze_core::Error::TooLarge { .. }))) {
        message.push("raise the limit with --max-cells".into());
    }
    single_line(&message.join(": "))
}

/// Escapes control characters (`\n`, `\r`, `\t`, `\u{..}`) and invisible format
/// characters (bidirectional overrides such as U+202E, zero-width spaces, line separators),
/// so text from a user or a file can neither break a message, a log line or a header into
/// several nor make it read otherwise than it is; then cuts echoed input that is too long
/// (see [`shorten`]).
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

/// The most characters of one quoted piece of input a message repeats (as [`echo`]).
const ECHO_CHARS: usize = 200;
/// The most characters of a whole message.
const MESSAGE_CHARS: usize = 1000;

use maze::echo;

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

/// The library error one cause of an error chain is, or wraps (a [`maze::Error`]).
pub fn core_error<'a>(cause: &'a (dyn std::error::Error + 'static)) -> Option<&'a maze_core::Error> {
    cause.downcast_ref::<maze_core::Error>().or_else(|| cause.downcast_ref::<maze::Error>()?.core())
}

/// Whether one cause of an error chain is a fault of the request as such (the CLI's own
/// [`UsageError`] or the library's [`maze::Error::Request`]), rather than a library error.
pub fn request_fault(cause: &(dyn std::error::Error + 'static)) -> bool {
    cause.downcast_ref::<UsageError>().is_some()
        || cause.downcast_ref::<maze::Error>().is_some_and(|e| matches!(e.root(), maze::Error::Request(_)))
}
