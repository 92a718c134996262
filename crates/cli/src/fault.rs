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
    // The hint to raise the cell limit, unless it is already at its ceiling.
    let raisable = |c| match core_error(c) {
        Some(maze_core::Error::TooLarge { limit, .. }) => *limit < maze_core::limits::HARD_MAX_CELLS,
        _ => false,
    };
    if e.chain().any(raisable) {
        message.push("raise the limit with --max-cells".into());
    }
    single_line(&message.join(": "))
}

pub use maze::single_line;

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
