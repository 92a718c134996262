//! Writing results: to stdout (a closed pipe is not an error), in place to a device or FIFO,
//! or atomically to a regular file.
//!
//! A regular file is written to a temporary file beside it — created with a random name and
//! `O_EXCL` by the `tempfile` crate, so a planted file or symlink can never redirect the
//! write — then renamed over the target. Before that, the target is checked:
//!
//! - a symlink is followed: the file it points to is written and the link is kept (a link
//!   to nothing is refused);
//! - a device, FIFO or socket (`/dev/null`, `/dev/stdout`, a named pipe) is written in
//!   place, never replaced;
//! - an existing file keeps its permission bits (and, where allowed, its owner); a
//!   read-only file is refused, not replaced.
//!
//! The temporary file never outlives the command: it is removed on any error, when the
//! rename fails, and on SIGINT, SIGTERM or SIGHUP (a signal thread removes it and exits
//! with status 128 + the signal).

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};
use std::time::Duration;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};

/// Where output goes.
pub enum Sink {
    /// Standard output.
    Stdout(io::BufWriter<io::Stdout>),
    /// A device, FIFO or socket, written in place.
    Special(io::BufWriter<fs::File>),
    /// A temporary file beside the target, renamed over it by [`Sink::finish`].
    File(Box<Pending>),
}

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::Special(w) => w.flush(),
            Sink::File(p) => p.file.flush(),
        }
    }
}

/// A temporary file waiting to replace its target.
pub struct Pending {
    file: io::BufWriter<tempfile::NamedTempFile>,
    target: PathBuf,
    /// The replaced file's mode and owner, kept on the new file.
    keep: Option<fs::Metadata>,
}

/// Temporary files to remove if a signal ends the program.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

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
                let paths = TEMPORARY.lock().map(|v| v.clone()).unwrap_or_default();
                for p in paths {
                    let _ = fs::remove_file(p);
                }
                std::process::exit(128 + signal);
            }
        });
    });
}

fn remember(path: &Path) {
    if let Ok(mut v) = TEMPORARY.lock() {
        v.push(path.to_path_buf());
    }
}

fn forget(path: &Path) {
    if let Ok(mut v) = TEMPORARY.lock() {
        v.retain(|p| p != path);
    }
}

/// What `-o PATH` turns out to be, once symlinks are followed.
enum Target {
    /// A device, FIFO or socket: write in place.
    Special(PathBuf),
    /// A regular file, existing (with its metadata) or new.
    Regular(PathBuf, Option<fs::Metadata>),
}

fn classify(path: &Path) -> Result<Target> {
    let shown = path.display();
    if path.as_os_str().to_string_lossy().ends_with('/') {
        anyhow::bail!("{shown} names a directory, not a file");
    }
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Target::Regular(path.to_path_buf(), None));
        }
        Err(e) => return Err(e).with_context(|| format!("cannot write {shown}")),
    };
    if meta.file_type().is_symlink() {
        // Write through the link, keeping it: the file it points to is the target.
        let resolved = match fs::canonicalize(path) {
            Ok(p) => p,
            Err(_) => {
                let to = fs::read_link(path).map(|p| p.display().to_string()).unwrap_or_default();
                anyhow::bail!(
                    "{shown} is a symlink to {to}, which does not exist (refusing to replace the link)"
                );
            }
        };
        return classify(&resolved);
    }
    let kind = meta.file_type();
    if kind.is_dir() {
        anyhow::bail!("{shown} is a directory");
    }
    if !kind.is_file() {
        return Ok(Target::Special(path.to_path_buf()));
    }
    // No write bit (root could write anyway), or not writable by us: refuse.
    let writable =
        meta.permissions().mode() & 0o222 != 0 && fs::OpenOptions::new().write(true).open(path).is_ok();
    if !writable {
        anyhow::bail!("{shown} is read-only (refusing to replace it)");
    }
    Ok(Target::Regular(path.to_path_buf(), Some(meta)))
}

impl Sink {
    /// Opens the sink: stdout, a special file in place, or a temporary file beside a
    /// regular target.
    ///
    /// # Errors
    /// A directory, a read-only file, a dangling symlink, or a folder
    /// where no file can be created.
    pub fn open(path: Option<&Path>) -> Result<Sink> {
        let Some(path) = path else {
            return Ok(Sink::Stdout(io::BufWriter::with_capacity(1 << 16, io::stdout())));
        };
        match classify(path)? {
            Target::Special(p) => {
                let file = fs::OpenOptions::new()
                    .write(true)
                    .open(&p)
                    .with_context(|| format!("cannot write {}", p.display()))?;
                Ok(Sink::Special(io::BufWriter::with_capacity(1 << 16, file)))
            }
            Target::Regular(target, keep) => {
                let dir = match target.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                    _ => PathBuf::from("."),
                };
                let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                clean_up_on_signals();
                let tmp = tempfile::Builder::new()
                    .prefix(&format!(".{name}."))
                    .suffix(".tmp")
                    .permissions(fs::Permissions::from_mode(0o666))
                    .tempfile_in(&dir)
                    .with_context(|| format!("cannot write to {}", dir.display()))?;
                remember(tmp.path());
                Ok(Sink::File(Box::new(Pending {
                    file: io::BufWriter::with_capacity(1 << 16, tmp),
                    target,
                    keep,
                })))
            }
        }
    }

    /// Writes bytes.
    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(bytes),
            Sink::Special(w) => w.write_all(bytes),
            Sink::File(p) => p.file.write_all(bytes),
        }
    }

    /// Flushes; for a regular file, syncs it, gives it the old file's mode and owner, and
    /// renames it into place.
    pub fn finish(self) -> Result<()> {
        match self {
            Sink::Stdout(mut w) => Ok(w.flush()?),
            Sink::Special(mut w) => Ok(w.flush()?),
            Sink::File(p) => {
                let Pending { file, target, keep } = *p;
                let tmp = file.into_inner().map_err(|e| e.into_error())?;
                let path = tmp.path().to_path_buf();
                let result = commit(tmp, &target, keep.as_ref());
                forget(&path);
                result
            }
        }
    }

    /// Removes the temporary file after a failure, leaving any existing target untouched.
    pub fn abandon(self) {
        if let Sink::File(p) = self {
            let path = p.file.get_ref().path().to_path_buf();
            drop(p); // NamedTempFile removes itself.
            forget(&path);
        }
    }
}

/// Syncs the temporary file, copies the old file's mode (and owner) and renames it over
/// the target; on failure the temporary file is removed.
fn commit(tmp: tempfile::NamedTempFile, target: &Path, keep: Option<&fs::Metadata>) -> Result<()> {
    tmp.as_file().sync_all().context("cannot write the output")?;
    if let Some(old) = keep {
        let mode = old.permissions().mode() & 0o7777;
        tmp.as_file()
            .set_permissions(fs::Permissions::from_mode(mode))
            .with_context(|| format!("cannot keep the permissions of {}", target.display()))?;
        // Best effort: only root (or the owner, for the group) may change these.
        let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(old.uid()), Some(old.gid()));
    }
    tmp.persist(target).map_err(|e| {
        let shown = target.display().to_string();
        drop(e.file); // removes the temporary file
        anyhow::Error::new(e.error).context(format!("cannot write {shown}"))
    })?;
    Ok(())
}

/// Runs `body` with a sink, committing it on success and abandoning it on failure.
pub fn with_sink(path: Option<&Path>, body: impl FnOnce(&mut Sink) -> Result<()>) -> Result<()> {
    let mut sink = Sink::open(path)?;
    match body(&mut sink) {
        Ok(()) => sink.finish(),
        Err(e) => {
            sink.abandon();
            Err(e)
        }
    }
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
