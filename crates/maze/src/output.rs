//! Writing a file where the user pointed, and only there: one rule for every front end
//! (the command line's `-o`, the Python module's `Batch.save`).
//!
//! [`OutputFile::create`] checks the target before any work:
//!
//! - a **symlink** is followed only when the file it ends at lies in the link's own folder
//!   (`out.svg -> old/../out-2.svg` is, `out.svg -> /etc/passwd` is not): writing through a
//!   link into a folder the user did not name is refused in one line naming both paths,
//!   unless [`Follow::Any`] (`--follow-symlinks`) is given. The link itself is kept. A link
//!   to nothing, and a loop of links, are refused and named as such;
//! - a **device, FIFO or socket** (`/dev/null`, a named pipe) is written in place, never
//!   replaced;
//! - an **existing regular file** keeps its permission bits (and, where allowed, its
//!   owner); a read-only file is refused, not replaced;
//! - a **directory** is refused, and so is a file whose folder cannot take the temporary
//!   file (a read-only folder: the file is replaced by renaming, which needs the folder).
//!
//! A regular file is written to a temporary file beside it, made with a random name and
//! `O_EXCL` (so a planted file or link cannot redirect the write), then renamed over the
//! target by [`OutputFile::commit`]. The temporary file is made when the first byte is
//! ready, not before the work starts, and it is named `.NAME.PID.RANDOM.tmp`: the next
//! write to `NAME` removes those a killed run left (a process that no longer exists, owned
//! by the same user). [`temporary_files`] lists the live ones, for a front end's signal
//! handler to remove.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::{Error, Result, echo};

/// Whether a symlink given as the output may lead out of its own folder.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Follow {
    /// Follow a link only to a file in the link's own folder (the default).
    #[default]
    SameFolder,
    /// Follow any link (`--follow-symlinks`), as a shell's `>` does.
    Any,
}

/// What an output path turns out to be, once the allowed links are followed.
#[derive(Debug)]
enum Target {
    /// A device, FIFO or socket: written in place.
    Special(PathBuf),
    /// A regular file, existing (with its metadata) or new.
    Regular(PathBuf, Option<fs::Metadata>),
}

/// A path for messages: shown as given, cut when very long.
fn shown(path: &Path) -> String {
    echo(&crate::error::single_line(&path.display().to_string()))
}

fn refuse(message: String) -> Error {
    Error::Io(io::Error::other(message))
}

/// The folder a path's last component lives in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Where the link at `path` ends, refused unless it stays in its own folder (or `follow`
/// allows any).
fn through_link(path: &Path, follow: Follow) -> Result<PathBuf> {
    let to = fs::read_link(path).map(|p| p.display().to_string()).unwrap_or_default();
    let resolved = match fs::canonicalize(path) {
        Ok(p) => p,
        Err(e) if e.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error()) => {
            return Err(refuse(format!(
                "{} is a symlink loop (it never reaches a file; refusing to write through it)",
                shown(path)
            )));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(refuse(format!(
                "{} is a symlink to {}, which does not exist (refusing to replace the link)",
                shown(path),
                echo(&to)
            )));
        }
        Err(e) => return Err(refuse(format!("cannot follow the symlink {}: {e}", shown(path)))),
    };
    if follow == Follow::SameFolder {
        let own = fs::canonicalize(folder_of(path)).ok();
        if own.as_deref() != resolved.parent() {
            return Err(refuse(format!(
                "{} is a symlink to {}, outside the link's own folder (refusing to write through it; \
                 --follow-symlinks allows it)",
                shown(path),
                shown(&resolved)
            )));
        }
    }
    Ok(resolved)
}

fn classify(path: &Path, follow: Follow) -> Result<Target> {
    if path.as_os_str().to_string_lossy().ends_with('/') {
        return Err(refuse(format!("{} names a directory, not a file", shown(path))));
    }
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Target::Regular(path.to_path_buf(), None));
        }
        Err(e) => return Err(refuse(format!("cannot write {}: {e}", shown(path)))),
    };
    let (path, meta) = if meta.file_type().is_symlink() {
        let resolved = through_link(path, follow)?;
        let meta =
            fs::metadata(&resolved).map_err(|e| refuse(format!("cannot write {}: {e}", shown(&resolved))))?;
        (resolved, meta)
    } else {
        (path.to_path_buf(), meta)
    };
    let kind = meta.file_type();
    if kind.is_dir() {
        return Err(refuse(format!("{} is a directory", shown(&path))));
    }
    if !kind.is_file() {
        return Ok(Target::Special(path));
    }
    // No write bit (root could write anyway), or not writable by us: refuse.
    let writable =
        meta.permissions().mode() & 0o222 != 0 && fs::OpenOptions::new().write(true).open(&path).is_ok();
    if !writable {
        return Err(refuse(format!("{} is read-only (refusing to replace it)", shown(&path))));
    }
    Ok(Target::Regular(path, Some(meta)))
}

/// Temporary files being written now, for a signal handler to remove.
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The temporary files this process is writing now (each removed by its [`OutputFile`]
/// when it ends; a front end's signal handler removes them before exiting).
pub fn temporary_files() -> Vec<PathBuf> {
    TEMPORARY.lock().map(|v| v.clone()).unwrap_or_default()
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

/// The start of our temporary files' names for the target named `name`: `.NAME.`.
fn prefix(name: &str) -> String {
    format!(".{name}.")
}

/// Removes the temporary files a killed run left beside `target`: named
/// `.NAME.PID.RANDOM.tmp`, regular files (not links) owned by `uid` (this user), whose
/// process no longer runs. Best effort: what cannot be removed is left.
fn remove_stale(dir: &Path, name: &str, uid: u32) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let start = prefix(name);
    let me = std::process::id();
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        let Some(rest) = file.strip_prefix(&start).and_then(|r| r.strip_suffix(".tmp")) else { continue };
        let Some((pid, random)) = rest.split_once('.') else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        if pid == me || random.len() != RANDOM_CHARS || !random.chars().all(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else { continue };
        if meta.file_type().is_file() && meta.uid() == uid && !process_runs(pid, &meta) {
            let _ = fs::remove_file(&path);
        }
    }
}

/// Whether process `pid` may still be writing: it exists (Linux's /proc), or, where there
/// is no /proc, the file changed within the last day.
fn process_runs(pid: u32, meta: &fs::Metadata) -> bool {
    let proc = Path::new("/proc");
    if proc.join("self").exists() {
        return proc.join(pid.to_string()).exists();
    }
    let age = meta.modified().ok().and_then(|m| m.elapsed().ok());
    age.is_none_or(|a| a.as_secs() < 24 * 3600)
}

/// The random part of a temporary file's name.
const RANDOM_CHARS: usize = 6;

/// A file being written where the user pointed: see the module's documentation.
///
/// Bytes go to a temporary file beside the target, made at the first write (or at
/// [`commit`](OutputFile::commit), for an empty output), and renamed over the target by
/// [`commit`](OutputFile::commit); dropping it uncommitted removes the temporary file and
/// leaves the target as it was. A device or FIFO is written in place.
pub struct OutputFile {
    state: State,
}

enum State {
    /// Written in place.
    Special(io::BufWriter<fs::File>),
    /// A regular file, its temporary file not made yet.
    Waiting { target: PathBuf, keep: Option<fs::Metadata> },
    /// A regular file being written to its temporary file.
    Writing { file: io::BufWriter<tempfile::NamedTempFile>, target: PathBuf, keep: Option<fs::Metadata> },
    /// Committed or failed.
    Done,
}

impl OutputFile {
    /// Checks `path` (see the module's documentation) and prepares to write it; nothing is
    /// created yet, but a folder that cannot take the temporary file is found now.
    ///
    /// # Errors
    /// A directory, a read-only file, a symlink out of its folder (unless `follow` is
    /// [`Follow::Any`]), a dangling link or a loop, a missing or read-only folder.
    pub fn create(path: &Path, follow: Follow) -> Result<OutputFile> {
        match classify(path, follow)? {
            Target::Special(p) => {
                let file = fs::OpenOptions::new()
                    .write(true)
                    .open(&p)
                    .map_err(|e| refuse(format!("cannot write {}: {e}", shown(&p))))?;
                Ok(OutputFile { state: State::Special(io::BufWriter::with_capacity(1 << 16, file)) })
            }
            Target::Regular(target, keep) => {
                // The temporary file must be possible: its folder exists and can be written.
                let dir = folder_of(&target);
                if let Err(e) = rustix::fs::access(&dir, rustix::fs::Access::WRITE_OK) {
                    return Err(cannot_make_temporary(&target, &dir, io::Error::from(e)));
                }
                Ok(OutputFile { state: State::Waiting { target, keep } })
            }
        }
    }

    /// The temporary file, made now if it was not yet.
    fn writer(&mut self) -> io::Result<&mut dyn Write> {
        if let State::Waiting { target, keep } = &mut self.state {
            let (target, keep) = (std::mem::take(target), keep.take());
            let tmp = temporary(&target).map_err(|e| io::Error::other(e.to_string()))?;
            // Leftovers of killed runs go now, those of this user (the new file's owner).
            if let Ok(meta) = tmp.as_file().metadata() {
                remove_stale(&folder_of(&target), &name_of(&target), meta.uid());
            }
            remember(tmp.path());
            self.state = State::Writing { file: io::BufWriter::with_capacity(1 << 16, tmp), target, keep };
        }
        match &mut self.state {
            State::Special(w) => Ok(w),
            State::Writing { file, .. } => Ok(file),
            _ => Err(io::Error::other("the output is already closed")),
        }
    }

    /// Flushes; for a regular file, syncs it, gives it the old file's mode and owner, and
    /// renames it over the target.
    ///
    /// # Errors
    /// When writing, syncing or renaming fails (the temporary file is then removed).
    pub fn commit(mut self) -> Result<()> {
        if matches!(self.state, State::Waiting { .. }) {
            self.writer()?;
        }
        match std::mem::replace(&mut self.state, State::Done) {
            State::Special(mut w) => Ok(w.flush()?),
            State::Writing { file, target, keep } => {
                let tmp = file.into_inner().map_err(|e| Error::Io(e.into_error()))?;
                let path = tmp.path().to_path_buf();
                let result = replace(tmp, &target, keep.as_ref());
                forget(&path);
                result
            }
            State::Waiting { .. } | State::Done => Ok(()),
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.writer()?.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.writer()?.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.state {
            State::Special(w) => w.flush(),
            State::Writing { file, .. } => file.flush(),
            _ => Ok(()),
        }
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if let State::Writing { file, .. } = &self.state {
            forget(file.get_ref().path());
        }
        // NamedTempFile removes itself.
    }
}

fn name_of(target: &Path) -> String {
    target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// A new temporary file beside `target`, `.NAME.PID.RANDOM.tmp`.
fn temporary(target: &Path) -> Result<tempfile::NamedTempFile> {
    let dir = folder_of(target);
    tempfile::Builder::new()
        .prefix(&format!("{}{}.", prefix(&name_of(target)), std::process::id()))
        .suffix(".tmp")
        .rand_bytes(RANDOM_CHARS)
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(&dir)
        .map_err(|e| cannot_make_temporary(target, &dir, e))
}

/// The error when no temporary file can be made in `dir` for `target`: it names the file
/// asked for and its folder, never the temporary file (which the user did not name).
fn cannot_make_temporary(target: &Path, dir: &Path, e: io::Error) -> Error {
    let folder = shown(dir);
    let read_only = matches!(e.kind(), io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem);
    refuse(if e.kind() == io::ErrorKind::NotFound {
        format!("cannot write {}: its folder {folder} does not exist", shown(target))
    } else if read_only && target.exists() {
        format!(
            "cannot write {}: its folder {folder} is read-only, and the file is replaced by renaming a new one \
             over it (make the folder writable, or write elsewhere)",
            shown(target)
        )
    } else if read_only {
        format!("cannot write {}: its folder {folder} is read-only", shown(target))
    } else {
        format!("cannot write {} in {folder}: {}", shown(target), without_path(&e))
    })
}

/// An I/O error's words without the path tempfile adds to them (` at path "..."`: the
/// temporary file's name).
fn without_path(e: &io::Error) -> String {
    let text = e.to_string();
    match text.split_once(" at path ") {
        Some((words, _)) => words.to_string(),
        None => text,
    }
}

/// Syncs the temporary file, copies the old file's mode (and owner) and renames it over
/// the target; on failure the temporary file is removed.
fn replace(tmp: tempfile::NamedTempFile, target: &Path, keep: Option<&fs::Metadata>) -> Result<()> {
    tmp.as_file().sync_all()?;
    if let Some(old) = keep {
        let mode = old.permissions().mode() & 0o7777;
        tmp.as_file()
            .set_permissions(fs::Permissions::from_mode(mode))
            .map_err(|e| refuse(format!("cannot keep the permissions of {}: {e}", shown(target))))?;
        // Best effort: only root (or the owner, for the group) may change these.
        let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(old.uid()), Some(old.gid()));
    }
    tmp.persist(target).map_err(|e| {
        drop(e.file); // removes the temporary file
        refuse(format!("cannot write {}: {}", shown(target), e.error))
    })?;
    Ok(())
}

/// Writes `bytes` to `path` by the rule of [`OutputFile`]: for a front end that has the
/// whole output at once (the Python module's `Batch.save`).
///
/// # Errors
/// As [`OutputFile::create`] and [`OutputFile::commit`].
pub fn write_file(path: &Path, bytes: &[u8], follow: Follow) -> Result<()> {
    let mut out = OutputFile::create(path, follow)?;
    out.write_all(bytes)?;
    out.commit()
}

/// Writes the tileset a Tiled map names ([`maze_render::tmj::TILESET_FILE`] and its image)
/// into the folder of the map just written at `map`, where they are not there already (a
/// file there is kept, whatever it holds), so the map opens in Tiled as it is. Nothing is
/// written beside what is no regular file (`/dev/null`, a pipe). Returns the files written.
///
/// # Errors
/// As [`write_file`].
pub fn write_tileset_beside(map: &Path) -> Result<Vec<PathBuf>> {
    if !fs::metadata(map).is_ok_and(|m| m.is_file()) {
        return Ok(Vec::new());
    }
    let folder = folder_of(map);
    let mut written = Vec::new();
    let files: [(&str, &[u8]); 2] = [
        (maze_render::tmj::TILESET_FILE, maze_render::tmj::TILESET_TSJ.as_bytes()),
        (maze_render::tmj::TILESET_IMAGE, maze_render::tmj::TILESET_PNG),
    ];
    for (name, bytes) in files {
        let path = folder.join(name);
        if fs::symlink_metadata(&path).is_err() {
            write_file(&path, bytes, Follow::SameFolder)?;
            written.push(path);
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    use maze_testkit::names;

    fn dir(name: &str) -> PathBuf {
        maze_testkit::tempdir(name)
    }

    #[test]
    fn a_folder_gone_before_the_first_byte_is_named_not_the_temporary_file() {
        let d = dir("out-gone");
        let folder = d.join("sub");
        fs::create_dir(&folder).expect("mkdir");
        let target = folder.join("x.svg");
        let mut out = OutputFile::create(&target, Follow::SameFolder).expect("the folder is there");
        fs::remove_dir(&folder).expect("rmdir");
        let message = out.write_all(b"<svg/>").expect_err("the folder is gone").to_string();
        assert!(message.contains(&target.display().to_string()), "{message}");
        assert!(message.contains("does not exist") && !message.contains(".tmp"), "{message}");
        let e = OutputFile::create(&target, Follow::SameFolder).err().expect("refused at once");
        let message = e.to_string();
        assert!(
            message.contains(&target.display().to_string()) && message.contains("does not exist"),
            "{message}"
        );
    }

    #[test]
    fn a_link_within_its_folder_is_followed_and_one_out_of_it_refused() {
        let d = dir("out-links");
        let inner = d.join("inner");
        fs::create_dir(&inner).expect("mkdir");
        fs::write(inner.join("real.txt"), "old").expect("write");
        std::os::unix::fs::symlink("real.txt", inner.join("near.txt")).expect("link");
        write_file(&inner.join("near.txt"), b"new", Follow::SameFolder).expect("a near link is followed");
        assert_eq!(fs::read_to_string(inner.join("real.txt")).expect("read"), "new");
        assert!(fs::symlink_metadata(inner.join("near.txt")).expect("stat").file_type().is_symlink());

        let victim = d.join("victim.txt");
        fs::write(&victim, "precious").expect("write");
        std::os::unix::fs::symlink(&victim, inner.join("far.txt")).expect("link");
        let e = write_file(&inner.join("far.txt"), b"new", Follow::SameFolder).expect_err("refused");
        let message = e.to_string();
        assert!(message.contains("far.txt") && message.contains("victim.txt"), "{message}");
        assert!(message.contains("--follow-symlinks") && !message.contains('\n'), "{message}");
        assert_eq!(fs::read_to_string(&victim).expect("read"), "precious");
        // A relative link that climbs out and back in ends in the same folder: allowed.
        std::os::unix::fs::symlink("../inner/real.txt", inner.join("round.txt")).expect("link");
        write_file(&inner.join("round.txt"), b"again", Follow::SameFolder).expect("round trip");
        assert_eq!(fs::read_to_string(inner.join("real.txt")).expect("read"), "again");
        // The opt-in follows any link.
        write_file(&inner.join("far.txt"), b"allowed", Follow::Any).expect("followed when asked");
        assert_eq!(fs::read_to_string(&victim).expect("read"), "allowed");
        assert_eq!(names(&inner), ["far.txt", "near.txt", "real.txt", "round.txt"]);
    }

    #[test]
    fn a_loop_is_called_a_loop() {
        let d = dir("out-loop");
        std::os::unix::fs::symlink("b", d.join("a")).expect("link");
        std::os::unix::fs::symlink("a", d.join("b")).expect("link");
        let e = write_file(&d.join("a"), b"x", Follow::Any).expect_err("refused");
        assert!(e.to_string().contains("loop"), "{e}");
        assert!(!e.to_string().contains("does not exist"), "{e}");
    }

    #[test]
    fn nothing_is_made_before_the_first_byte_and_stale_files_go() {
        let d = dir("out-lazy");
        let target = d.join("out.txt");
        // A killed run's leftover (a pid that cannot run), another user's look-alike name
        // that is not ours (no pid), and a live process's file (ours: this test's pid is
        // skipped as our own, so use pid 1, which always runs).
        let stale = d.join(".out.txt.4294967294.abcDEF.tmp");
        let live = d.join(".out.txt.1.abcdef.tmp");
        let foreign = d.join(".out.txt.notes.tmp");
        for p in [&stale, &live, &foreign] {
            fs::write(p, "").expect("plant");
        }
        let mut out = OutputFile::create(&target, Follow::SameFolder).expect("opens");
        assert_eq!(names(&d).len(), 3, "something was made before the first byte: {:?}", names(&d));
        out.write_all(b"hello").expect("writes");
        let during = names(&d);
        assert!(!during.contains(&".out.txt.4294967294.abcDEF.tmp".to_string()), "{during:?}");
        assert!(during.contains(&".out.txt.1.abcdef.tmp".to_string()), "{during:?}");
        assert!(during.contains(&".out.txt.notes.tmp".to_string()), "{during:?}");
        assert_eq!(temporary_files().iter().filter(|p| p.starts_with(&d)).count(), 1);
        out.commit().expect("commits");
        assert_eq!(fs::read_to_string(&target).expect("read"), "hello");
        assert!(temporary_files().iter().all(|p| !p.starts_with(&d)));
        // An empty output still makes the file.
        let empty = d.join("empty.txt");
        OutputFile::create(&empty, Follow::SameFolder).expect("opens").commit().expect("commits");
        assert_eq!(fs::read(&empty).expect("read"), b"");
        // Dropped uncommitted: the target is left as it was, and no temporary file.
        let mut out = OutputFile::create(&target, Follow::SameFolder).expect("opens");
        out.write_all(b"half").expect("writes");
        drop(out);
        assert_eq!(fs::read_to_string(&target).expect("read"), "hello");
        assert_eq!(names(&d).iter().filter(|n| n.ends_with(".tmp")).count(), 2);
    }
}
