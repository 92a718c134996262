//! `-o FILE` is safe: devices and FIFOs are written in place, symlinks are followed and
//! kept, permissions are kept, read-only files are refused, the temporary file has an
//! unpredictable name and never outlives the command (errors, failed renames, signals),
//! and a closed stdout is an error.

use std::fs;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command;
use maze_testkit::{names, tempdir};

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

fn small_maze() -> String {
    let out = maze().args(["generate", "-W", "4", "-H", "3", "--seed", "7"]).output().expect("runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8")
}

fn write_to(target: &Path) -> std::process::Output {
    maze().args(["generate", "-W", "4", "-H", "3", "--seed", "7", "-o"]).arg(target).output().expect("runs")
}

fn is_root() -> bool {
    StdCommand::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

#[test]
fn a_fifo_is_written_in_place() {
    let dir = tempdir("fifo");
    let fifo = dir.join("pipe");
    let made = StdCommand::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::read_to_string(fifo).expect("read the fifo"))
    };
    let out = write_to(&fifo);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(reader.join().expect("reader"), small_maze());
    assert!(fs::symlink_metadata(&fifo).expect("still there").file_type().is_fifo(), "the FIFO was replaced");
    assert_eq!(names(&dir), ["pipe"]);
}

#[test]
fn a_device_is_written_in_place() {
    // A private copy of /dev/null (as root); everyone can check /dev/null itself is intact.
    let dir = tempdir("device");
    let null = dir.join("null");
    let own = is_root()
        && StdCommand::new("mknod").arg(&null).args(["c", "1", "3"]).status().is_ok_and(|s| s.success());
    let target = if own { null.as_path() } else { Path::new("/dev/null") };
    let out = write_to(target);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta = fs::symlink_metadata(target).expect("still there");
    assert!(meta.file_type().is_char_device(), "{} was replaced by a regular file", target.display());
    if own {
        assert_eq!(names(&dir), ["null"]);
    }
}

#[test]
fn a_symlink_is_followed_and_kept() {
    let dir = tempdir("symlink");
    let real = dir.join("real.txt");
    fs::write(&real, "old").expect("write");
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink("real.txt", &link).expect("symlink");
    let out = write_to(&link);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(fs::symlink_metadata(&link).expect("link").file_type().is_symlink(), "the link was replaced");
    assert_eq!(fs::read_to_string(&real).expect("read"), small_maze());
    assert_eq!(names(&dir), ["link.txt", "real.txt"]);

    // A link to nothing is refused and left alone.
    let dangling = dir.join("dangling.txt");
    std::os::unix::fs::symlink("missing.txt", &dangling).expect("symlink");
    let out = write_to(&dangling);
    maze_testkit::assert_one_line_error(&out, 1, "symlink", "-o dangling link");
    assert!(fs::symlink_metadata(&dangling).expect("link").file_type().is_symlink());
    assert_eq!(names(&dir), ["dangling.txt", "link.txt", "real.txt"]);
}

#[test]
fn a_planted_temporary_name_cannot_redirect_the_write() {
    // Earlier versions wrote to ".NAME.PID.tmp": plant that name, as a symlink to a victim
    // file, for every pid the child is likely to get.
    let dir = tempdir("planted");
    let victim = dir.join("victim.txt");
    fs::write(&victim, "precious").expect("write");
    let me = std::process::id();
    for pid in me.saturating_sub(50)..me + 3000 {
        std::os::unix::fs::symlink(&victim, dir.join(format!(".out.txt.{pid}.tmp"))).expect("plant");
    }
    let target = dir.join("out.txt");
    let out = write_to(&target);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(fs::read_to_string(&victim).expect("read"), "precious", "the write followed a planted link");
    assert_eq!(fs::read_to_string(&target).expect("read"), small_maze());
}

#[test]
fn permissions_are_kept_and_read_only_files_refused() {
    let dir = tempdir("modes");
    for mode in [0o600, 0o640, 0o664] {
        let target = dir.join(format!("m{mode:o}.txt"));
        fs::write(&target, "old").expect("write");
        fs::set_permissions(&target, fs::Permissions::from_mode(mode)).expect("chmod");
        let out = write_to(&target);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let now = fs::metadata(&target).expect("stat").permissions().mode() & 0o7777;
        assert_eq!(now, mode, "mode {mode:o} became {now:o}");
        assert_eq!(fs::read_to_string(&target).expect("read"), small_maze());
    }
    let locked = dir.join("locked.txt");
    fs::write(&locked, "precious").expect("write");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = write_to(&locked);
    maze_testkit::assert_one_line_error(&out, 1, "read-only", "-o read-only file");
    assert_eq!(fs::read_to_string(&locked).expect("read"), "precious");
    assert_eq!(fs::metadata(&locked).expect("stat").permissions().mode() & 0o7777, 0o444);
    assert_eq!(names(&dir).len(), 4, "temporary files left: {:?}", names(&dir));
}

#[test]
fn a_new_file_gets_the_usual_mode() {
    let dir = tempdir("newmode");
    let target = dir.join("new.txt");
    let out = StdCommand::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 022 && exec '{}' generate -W 3 -H 2 --seed 1 -o '{}'",
            env!("CARGO_BIN_EXE_maze"),
            target.display()
        ))
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert_eq!(fs::metadata(&target).expect("stat").permissions().mode() & 0o777, 0o644);
}

#[test]
fn failed_renames_and_bad_targets_leave_nothing_behind() {
    let dir = tempdir("badtarget");
    let slash = format!("{}/newfile/", dir.display());
    let out =
        maze().args(["generate", "-W", "3", "-H", "2", "--seed", "1", "-o", &slash]).output().expect("runs");
    maze_testkit::assert_one_line_error(&out, 1, "newfile", "-o newfile/");
    let out = maze()
        .args(["generate", "-W", "3", "-H", "2", "--seed", "1", "-o"])
        .arg(&dir)
        .output()
        .expect("runs");
    maze_testkit::assert_one_line_error(&out, 1, "directory", "-o a directory");
    let missing = dir.join("no/such/folder/out.txt");
    let out = maze()
        .args(["generate", "-W", "3", "-H", "2", "--seed", "1", "-o"])
        .arg(&missing)
        .output()
        .expect("runs");
    maze_testkit::assert_one_line_error(&out, 1, "cannot write", "-o in a missing folder");
    assert!(names(&dir).is_empty(), "left behind: {:?}", names(&dir));
}

#[test]
fn a_missing_folder_is_told_by_the_name_given_not_the_temporary_file() {
    let dir = tempdir("missing-folder");
    let saved = dir.join("m.json");
    let out = maze()
        .args(["generate", "-W", "3", "-H", "2", "-f", "json", "-o"])
        .arg(&saved)
        .output()
        .expect("runs");
    assert!(out.status.success());
    let missing = dir.join("no/such/folder/x.svg");
    let given = missing.to_str().expect("utf-8");
    let saved = saved.to_str().expect("utf-8");
    for args in [
        &["generate", "-W", "3", "-H", "2", "-f", "svg", "-o", given][..],
        &["generate", "-W", "3", "-H", "2", "-f", "json", "-n", "2", "-o", given][..],
        &["render", saved, "-f", "svg", "-o", given][..],
        &["solve", saved, "-o", given][..],
        &["stats", saved, "-o", given][..],
    ] {
        let out = maze().args(args).output().expect("runs");
        maze_testkit::assert_one_line_error(&out, 1, given, &format!("maze {args:?}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("does not exist") && !err.contains(".tmp"), "maze {args:?}: {err}");
    }
    assert_eq!(names(&dir), ["m.json"]);
}

/// Sends `signal` (a name, as `kill` takes it) to a process.
fn kill(signal: &str, pid: u32) {
    let ok =
        StdCommand::new("kill").args([&format!("-{signal}"), &pid.to_string()]).status().expect("kill runs");
    assert!(ok.success(), "kill -{signal} {pid}");
}

/// Starts drawing a 2000 x 2000 SVG with its solution into `target`: seconds of work
/// before the first byte, then a few hundred MB written.
fn drawing_big_svg(target: &Path) -> std::process::Child {
    StdCommand::new(env!("CARGO_BIN_EXE_maze"))
        .args([
            "generate",
            "-W",
            "2000",
            "-H",
            "2000",
            "--seed",
            "1",
            "--solve",
            "-f",
            "svg",
            "--max-bytes",
            "100G",
            "--max-memory",
            "4G",
            "-o",
        ])
        .arg(target)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns")
}

/// Starts drawing a big SVG into `dir` and freezes the command (SIGSTOP) as soon as its
/// temporary file appears, so that it is stopped mid-write however loaded the machine is.
/// `None` when the command had already finished by the time it was stopped (it was then
/// let go and reaped): the caller tries again.
fn stopped_mid_write(dir: &Path) -> Option<std::process::Child> {
    let target = dir.join("big.svg");
    let mut child = drawing_big_svg(&target);
    // The deadline is a hang guard: the file appears as soon as the drawing is ready to be
    // written (seconds).
    let start = Instant::now();
    while names(dir).is_empty() {
        assert!(child.try_wait().expect("try_wait").is_none(), "the command ended before writing anything");
        assert!(start.elapsed() < Duration::from_secs(120), "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
    kill("STOP", child.id());
    let frozen = names(dir);
    if frozen.len() == 1 && frozen[0].starts_with(".big.svg.") && frozen[0].ends_with(".tmp") {
        return Some(child);
    }
    assert_eq!(frozen, ["big.svg"], "stopped with unexpected files");
    kill("CONT", child.id());
    assert!(child.wait().expect("waits").success(), "the finished command failed");
    None
}

/// A signal while the file is being written removes the temporary file and ends the command
/// with status 128 + the signal. Not a race with the drawing: the command is frozen as
/// soon as its temporary file appears, then signalled, then let go.
#[test]
fn a_signal_removes_the_temporary_file() {
    for (signal, number) in [("TERM", 15), ("INT", 2)] {
        let (dir, mut child) = (1..=3)
            .find_map(|_| {
                let dir = tempdir("signal");
                stopped_mid_write(&dir).map(|child| (dir, child))
            })
            .expect("the command finished before it could be stopped, three times");
        kill(signal, child.id());
        kill("CONT", child.id());
        let status = child.wait().expect("waits");
        assert_eq!(status.code(), Some(128 + number), "SIG{signal}: {status}");
        assert!(names(&dir).is_empty(), "SIG{signal} left {:?}", names(&dir));
    }
}

/// A read-write /dev/null on standard output (`1<>/dev/null`, Python's
/// `subprocess.DEVNULL`, Go's default) is an ordinary output: the command succeeds.
///
/// A really closed stdout (`>&-`) cannot be told apart from it: Rust's runtime opens
/// /dev/null read-write on a closed standard descriptor before `main`, the same file the
/// same way. So it too discards the output and succeeds, as a shell's `> /dev/null` does.
#[test]
fn a_read_write_dev_null_on_stdout_is_a_normal_output() {
    for redirect in ["1<>/dev/null", ">/dev/null", ">&-"] {
        let out = StdCommand::new("bash")
            .arg("-c")
            .arg(format!(
                "exec '{}' generate -W 3 -H 2 --seed 1 -f png {redirect}",
                env!("CARGO_BIN_EXE_maze")
            ))
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "{redirect}: {:?} {}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "{redirect}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = StdCommand::new("python3")
        .args([
            "-c",
            "import subprocess,sys; r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE); print(r.returncode, r.stderr.decode())",
            env!("CARGO_BIN_EXE_maze"),
            "generate",
            "--seed",
            "1",
        ])
        .output()
        .expect("python3 runs");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "0", "subprocess.DEVNULL");
}

/// A symlink to a file outside its own folder is refused, in one line naming both paths,
/// and the file it points to is untouched; `--follow-symlinks` allows it. The same for a
/// link into another folder by way of a linked folder, and for every command that writes.
#[test]
fn a_symlink_out_of_its_folder_is_refused_unless_asked() {
    let dir = tempdir("symlink-out");
    let elsewhere = dir.join("elsewhere");
    let mine = dir.join("mine");
    fs::create_dir(&elsewhere).expect("mkdir");
    fs::create_dir(&mine).expect("mkdir");
    let victim = elsewhere.join("system.conf");
    fs::write(&victim, "precious").expect("write");
    let link = mine.join("out.svg");
    std::os::unix::fs::symlink(&victim, &link).expect("symlink");
    let out = maze()
        .args(["generate", "-W", "3", "-H", "2", "--seed", "1", "-f", "svg", "-o"])
        .arg(&link)
        .output()
        .expect("runs");
    maze_testkit::assert_one_line_error(&out, 1, "symlink", "-o a link out of its folder");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("out.svg") && err.contains("system.conf"), "both paths named: {err}");
    assert!(err.contains("--follow-symlinks"), "the way out is named: {err}");
    assert_eq!(fs::read_to_string(&victim).expect("read"), "precious");
    assert_eq!(names(&mine), ["out.svg"], "left behind");
    // Through a relative link that climbs out, and a file given through another command.
    let climbing = mine.join("climb.json");
    std::os::unix::fs::symlink("../elsewhere/system.conf", &climbing).expect("symlink");
    let saved = dir.join("saved.json");
    let made = maze()
        .args(["generate", "-W", "3", "-H", "2", "--seed", "1", "-f", "json", "-o"])
        .arg(&saved)
        .output()
        .expect("runs");
    assert!(made.status.success());
    for command in [vec!["solve"], vec!["render", "-f", "svg"], vec!["stats"]] {
        let out = maze().args(&command).arg(&saved).arg("-o").arg(&climbing).output().expect("runs");
        maze_testkit::assert_one_line_error(&out, 1, "symlink", &format!("{command:?} -o a climbing link"));
        assert_eq!(fs::read_to_string(&victim).expect("read"), "precious", "{command:?}");
    }
    // Asked for: followed, and the link kept.
    let out = maze()
        .args(["generate", "-W", "3", "-H", "2", "--seed", "1", "--follow-symlinks", "-o"])
        .arg(&link)
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(fs::read_to_string(&victim).expect("read").starts_with('+'));
    assert!(fs::symlink_metadata(&link).expect("link").file_type().is_symlink());
}

/// A loop of links is called a loop, not a link to a missing file.
#[test]
fn a_symlink_loop_is_named() {
    let dir = tempdir("symlink-loop");
    std::os::unix::fs::symlink("b.txt", dir.join("a.txt")).expect("symlink");
    std::os::unix::fs::symlink("a.txt", dir.join("b.txt")).expect("symlink");
    let out = write_to(&dir.join("a.txt"));
    maze_testkit::assert_one_line_error(&out, 1, "loop", "-o a symlink loop");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("does not exist"));
}

/// A writable file in a read-only folder cannot be replaced by renaming: said in one line
/// before any work, and the file is untouched. (Root writes anywhere: skipped as root.)
#[test]
fn a_read_only_folder_is_named() {
    if is_root() {
        return;
    }
    let dir = tempdir("ro-folder");
    let target = dir.join("out.txt");
    fs::write(&target, "old").expect("write");
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).expect("chmod");
    let out = write_to(&target);
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).expect("chmod back");
    maze_testkit::assert_one_line_error(&out, 1, "read-only", "-o in a read-only folder");
    assert_eq!(fs::read_to_string(&target).expect("read"), "old");
}

/// The temporary file is made when the first byte is ready, not when the work starts; one
/// left by a killed run (SIGKILL cannot be caught) is removed by the next write to the
/// same file.
#[test]
fn a_killed_run_leaves_nothing_for_long() {
    let dir = tempdir("killed");
    let target = dir.join("big.svg");
    let mut child = drawing_big_svg(&target);
    std::thread::sleep(Duration::from_millis(300));
    let early = names(&dir);
    let still_working = child.try_wait().expect("try_wait").is_none();
    if still_working {
        assert!(early.is_empty(), "a temporary file before any byte was ready: {early:?}");
    }
    // Wait for the temporary file, then kill the command outright.
    let start = Instant::now();
    while names(&dir).is_empty() && child.try_wait().expect("try_wait").is_none() {
        assert!(start.elapsed() < Duration::from_secs(300), "no temporary file appeared");
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill(); // SIGKILL, and no error if it has just ended
    let _ = child.wait();
    let left = names(&dir);
    if left == ["big.svg"] {
        return; // finished before it was killed: nothing to clean
    }
    assert_eq!(left.len(), 1, "{left:?}");
    assert!(left[0].starts_with(".big.svg.") && left[0].ends_with(".tmp"), "{left:?}");
    let out = write_to(&target);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(names(&dir), ["big.svg"], "the killed run's temporary file is still there");
}
