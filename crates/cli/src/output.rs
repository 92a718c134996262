//! Writing results: to stdout (a closed pipe is not an error), or to `-o FILE` by the
//! library's rule ([`maze::output`]: only where the user pointed, devices and FIFOs in
//! place, a regular file atomically through a temporary file beside it).
//!
//! The temporary file never outlives the command: it is removed on any error, when the
//! rename fails, and on SIGINT, SIGTERM or SIGHUP (a signal thread removes the library's
//! [`maze::output::temporary_files`] and exits with status 128 + the signal); one left by a
//! SIGKILL is removed by the next write to the same file.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Once;
use std::time::Duration;

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use maze::output::{Follow, OutputFile};

/// Where a command writes: `-o FILE` (or stdout) and how a symlink there is treated.
#[derive(Debug, Args, Clone, Default)]
pub struct OutputArgs {
    /// Write to this file (atomically: a temporary file renamed into place) instead of stdout.
    #[arg(long, short = 'o', display_order = output_order())]
    pub output: Option<PathBuf>,
    /// Let --output be a symlink to a file in another folder (by default a link is
    /// followed only within its own folder).
    #[arg(long, display_order = output_order())]
    pub follow_symlinks: bool,
}

/// Where `--output` shows in `maze generate --help`: right after `--format`. Clap numbers
/// the flags in the order they are declared (the request's come first, in
/// [`maze::FIELDS`] order) and sorts ties by name, so `--output` takes `--format`'s number.
fn output_order() -> usize {
    maze::FIELDS.iter().position(|&f| f == "format").unwrap_or(0)
}

impl OutputArgs {
    /// Opens the output (checked now, before any work), runs `body` with it, and commits
    /// it on success or abandons it on failure.
    ///
    /// # Errors
    /// As [`OutputFile::create`], `body`, and [`OutputFile::commit`].
    pub fn with_sink(&self, body: impl FnOnce(&mut Sink) -> Result<()>) -> Result<()> {
        let follow = if self.follow_symlinks { Follow::Any } else { Follow::SameFolder };
        with_sink_following(self.output.as_deref(), follow, body)
    }
}

/// Where output goes.
pub enum Sink {
    /// Standard output.
    Stdout(io::BufWriter<io::Stdout>),
    /// A file, by the library's rule.
    File(Box<OutputFile>),
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(bytes),
            Sink::File(f) => f.write_all(bytes),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::File(f) => f.flush(),
        }
    }
}

/// Installs (once) the signal thread that removes temporary files and exits.
fn clean_up_on_signals() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                for p in maze::output::temporary_files() {
                    let _ = std::fs::remove_file(p);
                }
                std::process::exit(128 + signal);
            }
        });
    });
}

impl Sink {
    /// Opens the sink: stdout, or `path` by the library's rule.
    ///
    /// # Errors
    /// As [`OutputFile::create`].
    pub fn open(path: Option<&Path>, follow: Follow) -> Result<Sink> {
        let Some(path) = path else {
            return Ok(Sink::Stdout(io::BufWriter::with_capacity(1 << 16, io::stdout())));
        };
        clean_up_on_signals();
        Ok(Sink::File(Box::new(OutputFile::create(path, follow)?)))
    }

    /// Writes bytes.
    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        Write::write_all(self, bytes)
    }

    /// Flushes; for a file, commits it.
    pub fn finish(self) -> Result<()> {
        match self {
            Sink::Stdout(mut w) => Ok(w.flush()?),
            Sink::File(f) => Ok(f.commit()?),
        }
    }
}

/// Runs `body` with stdout as its sink (or `path`, following links only within their
/// folder), committing it on success and abandoning it on failure.
pub fn with_sink(path: Option<&Path>, body: impl FnOnce(&mut Sink) -> Result<()>) -> Result<()> {
    with_sink_following(path, Follow::SameFolder, body)
}

fn with_sink_following(
    path: Option<&Path>,
    follow: Follow,
    body: impl FnOnce(&mut Sink) -> Result<()>,
) -> Result<()> {
    let mut sink = Sink::open(path, follow)?;
    // Dropping an uncommitted file removes its temporary file.
    body(&mut sink)?;
    sink.finish()
}

/// `bar` with `message`, redrawn on its own (a spinner turns while a long step runs).
pub(crate) fn ticking(bar: ProgressBar, message: String) -> ProgressBar {
    bar.set_message(message);
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// A progress bar of `len` steps drawn with an indicatif `template` (hidden by indicatif
/// when stderr is not a terminal).
pub(crate) fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template(template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}
