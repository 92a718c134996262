//! Writing results: to stdout (a closed pipe is not an error) or atomically to a file.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Where output goes.
pub enum Sink {
    /// Standard output.
    Stdout(io::BufWriter<io::Stdout>),
    /// A temporary file beside the target, renamed over it by [`Sink::finish`].
    File { tmp: PathBuf, target: PathBuf, file: io::BufWriter<fs::File> },
    /// Bytes kept in memory (for `maze serve`).
    Memory(Vec<u8>),
}

impl Sink {
    /// Opens the sink: a temporary file in the target's folder, or stdout.
    pub fn open(path: Option<&Path>) -> Result<Sink> {
        let Some(target) = path else {
            return Ok(Sink::Stdout(io::BufWriter::with_capacity(1 << 16, io::stdout())));
        };
        if target.is_dir() {
            anyhow::bail!("{} is a directory", target.display());
        }
        let dir = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name =
            target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "maze".into());
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        let file = fs::File::create(&tmp).with_context(|| format!("cannot write to {}", dir.display()))?;
        Ok(Sink::File { tmp, target: target.to_path_buf(), file: io::BufWriter::new(file) })
    }

    /// A sink that keeps the bytes in memory.
    pub fn memory() -> Sink {
        Sink::Memory(Vec::new())
    }

    /// The bytes of a memory sink (empty for the others).
    pub fn into_bytes(self) -> Vec<u8> {
        match self {
            Sink::Memory(bytes) => bytes,
            _ => Vec::new(),
        }
    }

    /// Writes bytes.
    pub fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.write_all(bytes),
            Sink::File { file, .. } => file.write_all(bytes),
            Sink::Memory(v) => {
                v.extend_from_slice(bytes);
                Ok(())
            }
        }
    }

    /// Flushes; for a file, syncs and renames it into place.
    pub fn finish(self) -> Result<()> {
        match self {
            Sink::Stdout(mut w) => Ok(w.flush()?),
            Sink::Memory(_) => Ok(()),
            Sink::File { tmp, target, file } => {
                let file = file.into_inner().map_err(|e| e.into_error())?;
                file.sync_all()?;
                drop(file);
                fs::rename(&tmp, &target).with_context(|| format!("cannot write {}", target.display()))?;
                Ok(())
            }
        }
    }

    /// Removes the temporary file after a failure, leaving any existing target untouched.
    pub fn abandon(self) {
        if let Sink::File { tmp, file, .. } = self {
            drop(file);
            let _ = fs::remove_file(tmp);
        }
    }
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
