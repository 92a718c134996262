//! Scale from the command line: the compact maze file (`--format maze`) and batches made
//! on every core (`--count N`), checked against the JSON file and the serial run.

use assert_cmd::Command;
use maze_testkit::{have, tempdir};

fn maze() -> Command {
    Command::cargo_bin("maze").expect("the maze binary is built")
}

fn output_of(args: &[&str]) -> Vec<u8> {
    let out = maze().args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// Every shape, with and without a mask, MultiMaze dots, ends on chosen sides, braids and
/// saved solutions: the compact file read back (`maze render -f json`) gives the very
/// bytes `--format json` writes, so every key survives the round trip.
#[test]
fn compact_files_round_trip_on_every_shape() {
    let cases: &[&[&str]] = &[
        &["-s", "square", "-W", "13", "-H", "7"],
        &["-s", "hex", "-W", "9", "-H", "8", "-a", "kruskal"],
        &["-s", "triangle", "-W", "11", "-H", "6", "-a", "wilson"],
        &["-s", "polar", "-W", "6", "-H", "7"],
        &["-s", "upsilon", "-W", "10", "-H", "9", "-a", "prim"],
        &["-s", "square", "--mask-text", "HI", "-a", "wilson"],
        &["-s", "hex", "--mask-text", "O"],
        &["-s", "square", "-W", "12", "-H", "12", "--starts", "3", "--ends", "2"],
        &["-s", "square", "-W", "9", "-H", "9", "--entrance", "left", "--exit", "right", "--braid", "0.5"],
        &["-s", "polar", "-W", "5", "-H", "4", "--entrance", "centre", "--exit", "outer"],
    ];
    let dir = tempdir("compact-round-trip");
    for (i, case) in cases.iter().enumerate() {
        for solve in [false, true] {
            let mut args: Vec<&str> = vec!["generate", "--seed", "42"];
            args.extend_from_slice(case);
            if solve {
                args.push("--solve");
            }
            let file = dir.join(format!("case{i}-{solve}.maze"));
            let file = file.to_str().expect("utf-8 path");
            let mut to_file = args.clone();
            to_file.extend(["-f", "maze", "-o", file]);
            output_of(&to_file);
            let mut as_json = args.clone();
            as_json.extend(["-f", "json"]);
            let want = output_of(&as_json);
            let got = output_of(&["render", file, "-f", "json"]);
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want),
                "{args:?}: the compact file does not read back as the same maze"
            );
            // Written again from what was read: the same bytes.
            let again = output_of(&["render", file, "-f", "maze"]);
            assert_eq!(again, std::fs::read(file).expect("reads"), "{args:?}: rewritten differently");
            // And solved like a JSON file.
            let solved = output_of(&["solve", file, "-f", "json"]);
            assert!(String::from_utf8_lossy(&solved).contains("\"solution\""), "{args:?}");
        }
    }
}

/// About two bits a square cell: one per pair of neighbours, plus a short header.
#[test]
fn compact_files_take_about_two_bits_a_cell() {
    let bytes = output_of(&["generate", "-W", "400", "-H", "300", "--seed", "1", "-f", "maze"]);
    let pairs = 399 * 300 + 400 * 299;
    assert!(bytes.len() >= pairs / 8, "{} bytes", bytes.len());
    assert!(bytes.len() <= pairs / 8 + 400, "{} bytes for {} cells", bytes.len(), 400 * 300);
    assert!(bytes.starts_with(b"MAZB"));
}

/// A batch is records one after another; `maze stats` reads them all, `maze solve` wants
/// one; damaged files get a one-line error.
#[test]
fn compact_batches_and_damage() {
    let batch = output_of(&["generate", "-n", "4", "--seed", "9", "-W", "8", "-H", "8", "-f", "maze"]);
    let dir = tempdir("compact-batch");
    let path = dir.join("batch.maze");
    std::fs::write(&path, &batch).expect("writes");
    let p = path.to_str().expect("utf-8");
    let stats = String::from_utf8(output_of(&["stats", p, "--json"])).expect("utf-8");
    assert_eq!(stats.lines().count(), 4, "{stats}");
    let out = maze().args(["solve", p]).output().expect("runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds 4 mazes"));
    std::fs::write(&path, &batch[..batch.len() - 3]).expect("writes");
    let out = maze().args(["render", p, "-f", "json"]).output().expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("ends inside"), "{err}");
}

/// `--count` makes its mazes on every core, yet writes what one thread writes, byte for
/// byte: in every batch format, with filters that skip seeds, and with statistics.
#[test]
fn parallel_batches_equal_the_serial_run() {
    let cases: &[&[&str]] = &[
        &["-n", "700", "-W", "17", "-H", "17", "-f", "json"],
        &["-n", "700", "-W", "17", "-H", "17", "-f", "maze", "--solve"],
        &["-n", "300", "-s", "hex", "-W", "9", "-H", "7", "-f", "text", "-a", "wilson"],
        &["-n", "40", "-s", "polar", "-W", "6", "-H", "5", "-f", "pdf", "--solve"],
        &["-n", "50", "-W", "12", "-H", "12", "-f", "json", "--where", "solution>=40", "--stats", "json"],
        &["-n", "3", "-W", "1100", "-H", "1000", "-f", "maze", "-a", "kruskal"],
    ];
    for case in cases {
        let run = |threads: &str| {
            let mut args = vec!["generate", "--seed", "77", "-j", threads];
            args.extend_from_slice(case);
            let out = maze().args(&args).output().expect("runs");
            assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
            (out.stdout, out.stderr)
        };
        let serial = run("1");
        for threads in ["2", "5"] {
            let parallel = run(threads);
            assert!(parallel.0 == serial.0, "{case:?}: {threads} threads write other bytes than one");
            assert_eq!(
                String::from_utf8_lossy(&parallel.1),
                String::from_utf8_lossy(&serial.1),
                "{case:?}: {threads} threads report otherwise"
            );
        }
    }
}

/// The README's sharding script: pieces made by GNU parallel (`--part i --parts N`) join
/// up to exactly one big run's output, in JSON Lines and in compact records, with a filter
/// too, and a filtered piece never repeats another's seed.
#[test]
fn sharded_runs_join_up_to_one_run() {
    if !have("parallel") {
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/shard.sh");
    let bin = assert_cmd::cargo::cargo_bin("maze");
    let plain: &[&str] = &["-W", "15", "-H", "11", "-s", "hex", "--solve"];
    let filtered: &[&str] = &["-W", "9", "-H", "9", "--where", "solution>=40"];
    for (options, format) in [(plain, "json"), (plain, "maze"), (filtered, "json")] {
        let dir = tempdir("shards");
        let out = std::process::Command::new("bash")
            .args([script, "1001", "7", "40", dir.to_str().expect("utf-8")])
            .args(options)
            .args(["-f", format])
            .env("MAZE", &bin)
            .output()
            .expect("runs the script");
        assert!(out.status.success(), "{format}: {}", String::from_utf8_lossy(&out.stderr));
        let mut pieces: Vec<_> =
            std::fs::read_dir(&dir).expect("lists").map(|e| e.expect("entry").path()).collect();
        pieces.sort();
        assert_eq!(pieces.len(), 7, "{pieces:?}");
        let joined: Vec<u8> = pieces.iter().flat_map(|p| std::fs::read(p).expect("reads")).collect();
        let mut args = vec!["generate", "--count", "1001", "--seed", "40"];
        args.extend(options);
        args.extend(["-f", format]);
        let one = output_of(&args);
        assert!(joined == one, "{format} {options:?}: the pieces differ from one run");
        if format == "json" {
            let seeds: std::collections::HashSet<String> = String::from_utf8_lossy(&joined)
                .lines()
                .map(|l| {
                    l.split("\"seed\":")
                        .nth(1)
                        .expect("a seed")
                        .split([',', '}'])
                        .next()
                        .expect("n")
                        .trim()
                        .to_string()
                })
                .collect();
            assert_eq!(seeds.len(), 1001, "{options:?}: every maze its own seed");
        }
    }
    // The script sets the seeds and parts itself.
    let out = std::process::Command::new("bash")
        .args([script, "10", "2", "0", tempdir("shards-bad").to_str().expect("utf-8"), "--part", "1"])
        .env("MAZE", &bin)
        .output()
        .expect("runs the script");
    assert_eq!(out.status.code(), Some(2));
}

fn png_pixels(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a png");
    let mut buf = vec![0; reader.output_buffer_size().expect("fits")];
    let info = reader.next_frame(&mut buf).expect("decodes");
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// `--stream` writes the maze made without it: the same text, byte for byte, and the same
/// png pixels as the walls-only picture, for each row algorithm and corner; the rest is
/// refused by name.
#[test]
fn streams_draw_the_same_maze() {
    let cases: &[&[&str]] = &[
        &["-a", "eller", "-W", "37", "-H", "23"],
        &["-a", "sidewinder", "-W", "70", "-H", "9"],
        &["-a", "binary-tree", "-W", "12", "-H", "30"],
        &["-a", "binary-tree", "--bias", "south-west", "-W", "9", "-H", "9"],
        &["-a", "eller", "-W", "1", "-H", "5"],
        &["-a", "sidewinder", "-W", "6", "-H", "1"],
    ];
    for case in cases {
        for format in ["text", "unicode", "png"] {
            let mut args = vec!["generate", "--seed", "31", "-f", format];
            args.extend_from_slice(case);
            if format == "png" {
                args.extend(["--no-markers", "--cell-size", "3"]);
            }
            let whole = output_of(&args);
            args.push("--stream");
            let streamed = output_of(&args);
            if format == "png" {
                assert_eq!(png_pixels(&streamed), png_pixels(&whole), "{args:?}");
            } else {
                assert_eq!(String::from_utf8_lossy(&streamed), String::from_utf8_lossy(&whole), "{args:?}");
            }
        }
    }
    for (bad, needle) in [
        (&["-a", "kruskal"][..], "eller, sidewinder or binary-tree"),
        (&["-a", "eller", "-s", "hex"], "square"),
        (&["-a", "eller", "--solve"], "--solve"),
        (&["-a", "eller", "-f", "svg"], "text, unicode or png"),
        (&["-a", "eller", "-n", "2"], "--count"),
        // Options that do nothing are refused as without --stream.
        (&["-a", "eller", "--bias", "north-west"], "--bias"),
        (&["-a", "binary-tree", "--paper", "a4"], "--paper"),
    ] {
        let mut args = vec!["generate", "--stream"];
        args.extend_from_slice(bad);
        let out = maze().args(&args).output().expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle) && err.trim().lines().count() == 1, "{args:?}: {err}");
    }
}

/// A stream of ten million rows goes through a pipe in memory that does not grow with the
/// height: the peak resident memory of a ten-million-row stream (8 cells a row), measured by
/// GNU time, against a thousand-row one's. A stream that kept its rows, even at 2 bits a
/// cell, would need 20 MB more; the allowance of 16 MB is an outcome check, not a
/// measurement (the two peaks differ by well under 1 MB; BENCHMARKS.md has the figures).
#[test]
fn streams_are_unbounded_in_height() {
    if !have("/usr/bin/time") {
        return;
    }
    let run = |height: &str| {
        let out = std::process::Command::new("/usr/bin/time")
            .args(["-f", "%M"])
            .arg(assert_cmd::cargo::cargo_bin("maze"))
            .args(["generate", "-a", "eller", "--stream", "-W", "8", "-H", height, "--seed", "1"])
            .stdout(std::process::Stdio::null())
            .output()
            .expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let err = String::from_utf8_lossy(&out.stderr);
        err.trim().lines().last().and_then(|l| l.trim().parse::<u64>().ok()).expect("peak RSS in KB")
    };
    let small = run("1000");
    let big = run("10000000");
    println!("stream peak RSS: {small} KB for 10^3 rows, {big} KB for 10^7 rows");
    assert!(big < small + 16 * 1024, "peak RSS {big} KB for 10^7 rows against {small} KB for 10^3");
}
