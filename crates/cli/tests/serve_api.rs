//! `maze serve`'s JSON API over a real socket: the binary on `--port 0`, plain HTTP/1.1
//! over `TcpStream`. Every endpoint, bad parameters (4xx with a message, the server still
//! serving afterwards), body limits, concurrency and a bounded load test.

mod support;

use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use support::{Server, get, raw, request};

fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_maze")).args(args).output().expect("runs");
    assert!(out.status.success(), "maze {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

#[test]
fn serves_the_page_and_its_assets() {
    let server = Server::start();
    let page = get(server.addr, "/");
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap_or_default().starts_with("text/html"));
    let html = page.text();
    // Relative, so that the same page works from a static site in any directory.
    assert!(html.contains("src=\"app.js\"") && html.contains("href=\"style.css\""));
    // Offline: nothing is loaded from anywhere but this server.
    assert!(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"));
    // Every script the page loads is served.
    for script in ["app.js", "words.js", "worksheet.js"] {
        assert!(html.contains(&format!("src=\"{script}\"")), "the page does not load {script}");
    }
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/words.js", "text/javascript"),
        ("/worksheet.js", "text/javascript"),
        ("/style.css", "text/css"),
    ] {
        let r = get(server.addr, path);
        assert_eq!(r.status, 200, "{path}");
        assert!(r.header("content-type").unwrap_or_default().starts_with(kind), "{path}");
        assert!(!r.text().contains("https://"), "{path} refers to another site");
    }
}

#[test]
fn list_is_maze_list_json() {
    let server = Server::start();
    let r = get(server.addr, "/api/list");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let mut list = r.json();
    // The server adds its download limits (the page predicts refusals from them).
    let limits = list.as_object_mut().expect("an object").remove("limits").expect("limits");
    assert_eq!(list, cli_json(&["list", "--json"]));
    for (format, cells) in
        [("svg", 1_000_000), ("json", 1_000_000), ("png", 250_000), ("pdf", 250_000), ("stl", 250_000)]
    {
        assert_eq!(limits["cells"][format], cells, "{format}");
    }
    assert_eq!(limits["png_pixels"], 100_000_000);
    assert_eq!(limits["png_margin"], 0.5);
    assert_eq!(limits["stl_pixels"], 4_000_000);
    assert_eq!(limits["stl_side"], 20_000.0);
    assert_eq!(limits["stl_cell"], 10.0);
    assert!((limits["stl_wall"].as_f64().expect("stl_wall") - 1.6).abs() < 1e-9);
}

#[test]
fn generate_gives_the_maze_file_with_geometry_and_events() {
    let server = Server::start();
    let q = "/api/generate?shape=hex&width=6&height=4&algorithm=wilson&seed=42&solve=bfs&geometry=1&events=1";
    let v = get(server.addr, q).json();
    // The same maze as `maze generate` (one piece of code makes both).
    let cli = cli_json(&[
        "generate", "--shape", "hex", "-W", "6", "-H", "4", "-a", "wilson", "--seed", "42", "--solve",
        "--format", "json",
    ]);
    for key in ["shape", "cells", "passages", "walls", "entrance", "exit", "seed", "algorithm", "solution"] {
        assert_eq!(v[key], cli[key], "{key}");
    }
    let cells = v["cells"].as_u64().expect("cells") as usize;
    assert_eq!(cells, 24);
    let g = &v["geometry"];
    assert_eq!(g["centres"].as_array().expect("centres").len(), cells);
    assert_eq!(g["outlines"].as_array().expect("outlines").len(), cells);
    assert!(g["outlines"][0].as_array().expect("outline").len() == 12, "a hexagon has 6 corners");
    // Every adjacent pair once: the passages and the inner walls together.
    let pairs = v["passages"].as_array().expect("p").len() + v["walls"].as_array().expect("w").len();
    assert_eq!(g["walls"].as_array().expect("walls").len(), pairs);
    let boundary = g["boundary"].as_array().expect("boundary");
    assert_eq!(boundary.iter().filter(|b| b[5] == 1).count(), 2, "entrance and exit doors are open");
    let steps = v["events"]["steps"].as_array().expect("events");
    let carved = steps.iter().filter(|e| e[0] == "carve").count();
    assert_eq!(carved, cells - 1, "a perfect maze carves cells - 1 passages");
    assert_eq!(v["events"]["truncated"], false);
    let solve_steps = v["solve_events"]["steps"].as_array().expect("solve events");
    assert!(solve_steps.iter().any(|e| e[0] == "path"));
    let path = v["solution"]["path"].as_array().expect("path");
    assert_eq!(v["shortest"].as_u64(), Some(path.len() as u64 - 1));

    // Without a seed one is picked and reported; with it, the answer is reproducible.
    let a = get(server.addr, "/api/generate?width=5&height=5").json();
    assert!(a["seed"].is_u64());
    let again = get(server.addr, &format!("/api/generate?width=5&height=5&seed={}", a["seed"])).json();
    assert_eq!(a["passages"], again["passages"]);
    // Braid and MultiMaze dots.
    let m = get(server.addr, "/api/generate?width=8&height=8&seed=3&braid=1&starts=2&ends=3").json();
    assert_eq!(m["braid"], 1.0);
    assert_eq!(m["ends"].as_array().map(Vec::len), Some(3));
}

#[test]
fn new_shapes_masks_and_ends_through_the_api() {
    let server = Server::start();
    // Polar: the same maze as the command line, curved walls carry their circle's centre.
    let v = get(server.addr, "/api/generate?shape=polar&rings=4&seed=5&geometry=1").json();
    let cli = cli_json(&["generate", "--shape", "polar", "--rings", "4", "--seed", "5", "-f", "json"]);
    for key in ["shape", "cells", "passages", "entrance", "exit"] {
        assert_eq!(v[key], cli[key], "{key}");
    }
    let g = &v["geometry"];
    let walls = g["walls"].as_array().expect("walls");
    let arcs: Vec<&Value> = walls.iter().filter(|w| w.as_array().is_some_and(|w| w.len() == 8)).collect();
    assert!(!arcs.is_empty() && arcs.len() < walls.len(), "ring walls are arcs, spokes are straight");
    let (cx, cy) = (g["width"].as_f64().expect("w") / 2.0, g["height"].as_f64().expect("h") / 2.0);
    for a in &arcs {
        let f = |i: usize| a[i].as_f64().expect("number");
        assert!((f(6) - cx).abs() < 1e-3 && (f(7) - cy).abs() < 1e-3, "arcs are centred on the maze");
        let (r1, r2) = ((f(2) - cx).hypot(f(3) - cy), (f(4) - cx).hypot(f(5) - cy));
        assert!((r1 - r2).abs() < 1e-3, "both ends on one circle");
    }
    assert!(g["boundary"].as_array().expect("b").iter().all(|b| b.as_array().map(Vec::len) == Some(8)));

    // A word cut out, a picture as rows, ends chosen: the same as the command line.
    let w = get(server.addr, "/api/generate?mask-text=OK&seed=1&algorithm=kruskal").json();
    let cli = cli_json(&["generate", "--mask-text", "OK", "--seed", "1", "-a", "kruskal", "-f", "json"]);
    assert_eq!(w["shape"], cli["shape"]);
    assert_eq!(w["passages"], cli["passages"]);
    let base = w["shape"]["width"].as_u64().expect("w") * w["shape"]["height"].as_u64().expect("h");
    assert!(w["cells"].as_u64().expect("cells") < base, "the letters are not cells");
    let rows =
        get(server.addr, "/api/generate?shape=upsilon&mask-data=XXXX/X..X/XXXX&seed=2&exit=farthest").json();
    assert_eq!(rows["cells"], 10);
    let split = get(server.addr, "/api/generate?mask-data=XX..XX&seed=2");
    refused(&split, 400, "2 separate parts", "a mask in pieces");
    let joined = get(server.addr, "/api/generate?mask-data=XX..XX&mask-connect=1&seed=2").json();
    assert_eq!(joined["cells"], 6);
    let png = get(
        server.addr,
        "/api/render?shape=polar&rings=3&mask-connect=0&format=png&entrance=top&exit=centre",
    );
    assert_eq!(png.status, 200);
    // The server reads no files: `mask` (a path) is not a parameter.
    refused(
        &get(server.addr, "/api/generate?mask=/etc/passwd"),
        400,
        "unknown parameter 'mask'",
        "mask path",
    );
    refused(&get(server.addr, "/api/generate?mask-data=XX/X%3F"), 400, "mask-data", "bad rows");
}

#[test]
fn a_posted_json_request_is_the_same_maze_as_the_query() {
    let server = Server::start();
    let query = "/api/generate?shape=hex&width=6&height=4&seed=7&solve=a-star&braid=0.5&exit=farthest";
    let body = br#"{"shape": "hex", "width": 6, "height": 4, "seed": 7, "solve": "a-star", "braid": 0.5, "exit": "farthest"}"#;
    let got = get(server.addr, query);
    let posted = request(server.addr, "POST", "/api/generate", body);
    assert_eq!(posted.status, 200, "{}", posted.text());
    assert_eq!(posted.body, got.body, "the same request, by query or by JSON body");
    // The API's own switches stay in the query.
    let g = request(server.addr, "POST", "/api/generate?geometry=1", body).json();
    assert!(g["geometry"]["centres"].as_array().is_some_and(|c| c.len() == 24), "{g}");
    for (path, body, needle) in [
        ("/api/generate", &br#"{"width": "abc"}"#[..], "invalid value 'abc' for 'width'"),
        ("/api/generate", br#"{"mask": "/etc/passwd"}"#, "unknown parameter 'mask'"),
        ("/api/generate", br#"[1, 2]"#, "json object"),
        ("/api/generate", br#"{"width": {"a": 1}}"#, "'width'"),
        ("/api/generate?width=3", br#"{}"#, "in the json body"),
        ("/api/generate", br#"{"braid": 3}"#, "between 0 and 1"),
        // As strict as the query: no silently ignored switch, no last-wins key, no
        // boolean or list for a number.
        ("/api/generate", br#"{"events": 1}"#, "goes in the query"),
        ("/api/generate", br#"{"width": 5, "width": 6}"#, "given more than once"),
        ("/api/generate", br#"{"width": true}"#, "only a switch takes true or false"),
        ("/api/generate", br#"{"width": [5]}"#, "a list is not a value"),
    ] {
        refused(&request(server.addr, "POST", path, body), 400, needle, path);
    }
}

#[test]
fn solve_takes_a_posted_maze() {
    let server = Server::start();
    let maze = get(server.addr, "/api/generate?width=7&height=5&seed=9").body;
    let r = request(server.addr, "POST", "/api/solve?algorithm=a-star&events=1", &maze);
    assert_eq!(r.status, 200, "{}", r.text());
    let v = r.json();
    assert_eq!(v["algorithm"], "a-star");
    assert_eq!(v["from"], 0);
    assert_eq!(v["to"], 34);
    let path = v["path"].as_array().expect("path");
    assert_eq!(path.first(), Some(&Value::from(0)));
    assert_eq!(path.last(), Some(&Value::from(34)));
    assert_eq!(v["steps"].as_u64(), Some(path.len() as u64 - 1));
    assert!(!v["events"]["steps"].as_array().expect("events").is_empty());
    let r = request(server.addr, "POST", "/api/solve?from=3&to=20", &maze);
    assert_eq!(r.json()["path"][0], 3);
    let r = request(server.addr, "POST", "/api/solve?from=99", &maze);
    assert_eq!(r.status, 400);
    assert!(r.json()["error"].as_str().unwrap_or_default().contains("out of range"));
}

#[test]
fn render_sends_every_format_as_a_named_file() {
    let server = Server::start();
    let base = "/api/render?shape=triangle&width=6&height=4&seed=5&solve=1";
    let cases: &[(&str, &str, &[u8])] = &[
        ("svg", "image/svg+xml", b"<svg"),
        ("png", "image/png", b"\x89PNG"),
        ("pdf", "application/pdf", b"%PDF-"),
        ("tex", "application/x-tex", b"%"),
        ("scad", "text/plain", b"//"),
        ("stl", "model/stl", b""),
        ("json", "application/json", b"{"),
        ("gif", "image/gif", b"GIF89a"),
        ("text", "text/plain", b" "),
    ];
    for (format, kind, magic) in cases {
        let r = get(server.addr, &format!("{base}&format={format}"));
        assert_eq!(r.status, 200, "{format}: {}", r.text());
        assert!(r.header("content-type").unwrap_or_default().starts_with(kind), "{format}: {:?}", r.headers);
        let disposition = r.header("content-disposition").unwrap_or_default();
        let ext = if *format == "text" { "txt" } else { format };
        assert!(
            disposition.contains(&format!("filename=\"maze-triangle-6x4-5.{ext}\"")),
            "{format}: {disposition}"
        );
        assert!(
            r.body.starts_with(magic) && r.body.len() > 40,
            "{format}: {:?}",
            &r.body[..r.body.len().min(20)]
        );
    }
    // Style parameters go through the CLI's own checks.
    let r = get(
        server.addr,
        "/api/render?width=3&height=3&seed=1&format=svg&wall_colour=%23123456&cell_size=20&heat=1",
    );
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.text().contains("stroke=\"#123456\""), "{}", r.text());
    // An animated SVG.
    let r = get(server.addr, "/api/render?width=4&height=4&seed=1&format=svg&animate=1&frames=10");
    assert!(r.text().contains("<animate") || r.text().contains("@keyframes"), "not animated");
    // A posted maze, with its saved solution.
    let maze = get(server.addr, "/api/generate?width=5&height=3&seed=2&solve=bfs").body;
    let r = request(server.addr, "POST", "/api/render?format=pdf", &maze);
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.body.starts_with(b"%PDF-"));
    assert!(r.header("content-disposition").unwrap_or_default().contains("maze-square-5x3.pdf"));
}

/// Asserts a 4xx JSON error whose message contains `needle`.
fn refused(r: &support::Reply, status: u16, needle: &str, what: &str) {
    assert_eq!(r.status, status, "{what}: {}", r.text());
    let v = r.json();
    let msg = v["error"].as_str().unwrap_or_else(|| panic!("{what}: no error message: {v}"));
    assert!(!msg.is_empty() && !msg.contains('\n'), "{what}: {msg:?}");
    assert!(msg.to_lowercase().contains(&needle.to_lowercase()), "{what}: {msg:?} lacks {needle:?}");
}

#[test]
fn bad_requests_get_a_clear_4xx_and_the_server_keeps_serving() {
    let mut server = Server::start();
    let addr = server.addr;
    let gets: &[(&str, u16, &str)] = &[
        ("/api/generate?shape=blob", 400, "unknown shape 'blob'"),
        ("/api/generate?width=0", 400, "at least 1"),
        ("/api/generate?width=-3", 400, "width"),
        ("/api/generate?width=abc", 400, "invalid value 'abc' for 'width': invalid digit"),
        ("/api/generate?width=3&width=4", 400, "'width' is given more than once"),
        ("/api/generate?heat=1", 400, "unknown parameter 'heat'"),
        ("/api/render?format=png&cell_size=-1", 400, "for 'cell_size'"),
        ("/api/generate?width=99999999999", 400, "width"),
        ("/api/generate?width=100000&height=100000", 413, "too large"),
        ("/api/generate?width=2000&height=1000", 413, "limit of 1000000"),
        ("/api/generate?width=400&height=400&geometry=1", 413, "geometry"),
        ("/api/generate?algorithm=nope", 400, "unknown"),
        ("/api/generate?shape=hex&algorithm=eller", 400, "does not support"),
        ("/api/generate?braid=2", 400, "between 0 and 1"),
        ("/api/generate?starts=2", 400, "ends"),
        ("/api/generate?width=2&height=1&starts=2&ends=2", 400, "distinct cells"),
        ("/api/generate?seed=x", 400, "seed"),
        ("/api/generate?events=maybe", 400, "events"),
        ("/api/generate?colour=blue", 400, "unknown parameter 'colour'"),
        ("/api/generate?solve=nope", 400, "unknown solver"),
        ("/api/render?format=docx", 400, "unknown format"),
        ("/api/render?format=png&width=1000&height=1000", 413, "too large"),
        ("/api/render?format=png&cell_size=-1", 400, "cell_size"),
        ("/api/render?format=gif&heat=1", 400, "heat"),
        ("/api/nothing", 404, "no such"),
        ("/../../etc/passwd", 404, "no such"),
    ];
    for (path, status, needle) in gets {
        refused(&get(addr, path), *status, needle, path);
        assert_eq!(get(addr, "/api/list").status, 200, "the server stopped serving after {path}");
    }
    let maze = get(addr, "/api/generate?width=4&height=4&seed=1").body;
    let posts: &[(&str, &[u8], u16, &str)] = &[
        ("/api/solve", b"{not json", 400, "not a maze json file"),
        ("/api/solve", b"", 400, "expected a maze json"),
        ("/api/solve", br#"{"format":"maze","shape":{"kind":"square","width":2,"height":2},"cells":5,"passages":[]}"#, 400, "cells"),
        ("/api/solve", br#"{"format":"maze","shape":{"kind":"square","width":2,"height":2},"cells":4,"passages":[[0,3]]}"#, 400, "not adjacent"),
        ("/api/solve", br#"{"format":"maze","shape":{"kind":"square","width":2,"height":2},"cells":4,"passages":[]}"#, 422, "no"),
        ("/api/solve", br#"{"format":"maze","shape":{"kind":"square","width":5000,"height":5000},"cells":25000000,"passages":[]}"#, 413, "too large"),
        ("/api/solve", b"\xff\xfe", 400, "utf-8"),
        ("/api/solve?algorithm=teleport", &maze, 400, "unknown solver"),
        ("/api/solve?to=16", &maze, 400, "out of range"),
        ("/api/render?format=gif", &maze, 400, "animation"),
    ];
    for (path, body, status, needle) in posts {
        refused(&request(addr, "POST", path, body), *status, needle, path);
        assert_eq!(get(addr, "/api/list").status, 200, "the server stopped serving after POST {path}");
    }
    // A body over the 8 MiB limit.
    let big = vec![b' '; 9 << 20];
    refused(&request(addr, "POST", "/api/solve", &big), 413, "too large", "a 9 MiB body");
    // Wrong method, and garbage instead of HTTP.
    assert_eq!(request(addr, "GET", "/api/solve", b"").status, 405);
    assert_eq!(request(addr, "DELETE", "/api/generate", b"").status, 405);
    let garbage = raw(addr, b"\x16\x03\x01 hello\r\n\r\n").map(|r| r.status).unwrap_or(400);
    assert_eq!(garbage, 400);
    let _ = raw(addr, b"GET /api/list HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc");
    assert!(server.alive(), "the server died");
    let v = get(addr, "/api/generate?width=3&height=3&seed=1").json();
    assert_eq!(v["cells"], 9, "the server no longer generates");
}

#[test]
fn a_slow_request_does_not_block_others() {
    let server = Server::start();
    let addr = server.addr;
    let slow_done = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&slow_done);
    let slow = std::thread::spawn(move || {
        let t = Instant::now();
        let r =
            get(addr, "/api/render?format=svg&width=1000&height=1000&algorithm=aldous-broder&seed=1&solve=1");
        flag.store(true, Ordering::SeqCst);
        (r.status, t.elapsed())
    });
    std::thread::sleep(Duration::from_millis(50));
    let t = Instant::now();
    for i in 0..10 {
        assert_eq!(get(addr, &format!("/api/generate?width=5&height=5&seed={i}")).status, 200);
    }
    let quick = t.elapsed();
    let overtaken = !slow_done.load(Ordering::SeqCst);
    let (status, slow_time) = slow.join().expect("slow thread");
    assert_eq!(status, 200);
    println!("10 quick requests took {quick:?} while one slow request took {slow_time:?}");
    assert!(
        overtaken || quick < slow_time / 2,
        "quick requests waited for the slow one ({quick:?} vs {slow_time:?})"
    );
}

/// The bounded load test: 2,000 generate requests from 16 concurrent clients on loopback,
/// each on its own connection, all answered without error. Prints p50/p99 latency (the
/// numbers in BENCHMARKS.md come from a release build; the test asserts only 0 errors).
#[test]
fn load_2000_generate_requests_from_16_clients() {
    const CLIENTS: usize = 16;
    const REQUESTS: usize = 2000;
    let server = Server::start();
    let addr = server.addr;
    let next = Arc::new(AtomicUsize::new(0));
    let errors = Arc::new(AtomicUsize::new(0));
    let latencies = Arc::new(Mutex::new(Vec::with_capacity(REQUESTS)));
    let started = Instant::now();
    let threads: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (next, errors, latencies) = (Arc::clone(&next), Arc::clone(&errors), Arc::clone(&latencies));
            std::thread::spawn(move || {
                let mut mine = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= REQUESTS {
                        break;
                    }
                    let path = format!("/api/generate?width=20&height=20&seed={i}&solve=bfs");
                    let t = Instant::now();
                    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
                    match raw(addr, req.as_bytes()) {
                        Ok(r) if r.status == 200 && r.body.ends_with(b"}\n") => mine.push(t.elapsed()),
                        _ => {
                            errors.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                }
                latencies.lock().expect("lock").extend(mine);
            })
        })
        .collect();
    for t in threads {
        t.join().expect("client thread");
    }
    let total = started.elapsed();
    let mut l = latencies.lock().expect("lock").clone();
    l.sort();
    let pct =
        |p: f64| l.get(((l.len() as f64 * p).ceil() as usize).saturating_sub(1)).copied().unwrap_or_default();
    println!(
        "load: {REQUESTS} requests from {CLIENTS} clients in {total:.2?} ({:.0} req/s): p50 {:.2?}, p99 {:.2?}, max {:.2?}, errors {}",
        REQUESTS as f64 / total.as_secs_f64(),
        pct(0.50),
        pct(0.99),
        l.last().copied().unwrap_or_default(),
        errors.load(Ordering::SeqCst)
    );
    assert_eq!(errors.load(Ordering::SeqCst), 0);
    assert_eq!(l.len(), REQUESTS);
}

#[test]
fn binding_beyond_loopback_warns() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    // Only started and stopped: no traffic is sent to it.
    let mut child = Command::new(env!("CARGO_BIN_EXE_maze"))
        .args(["serve", "--port", "0", "--bind", "0.0.0.0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut out = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut out).expect("reads");
    let mut err = String::new();
    BufReader::new(child.stderr.take().expect("stderr")).read_line(&mut err).expect("reads");
    let _ = child.kill();
    let _ = child.wait();
    assert!(out.starts_with("listening on http://127.0.0.1:"), "{out}");
    assert!(err.starts_with("warning:") && err.contains("reachable from the network"), "{err}");
}

/// The sections of a packed answer (`/api/generate?packed=1`): the header and each
/// section's bytes by name.
fn unpack(body: &[u8]) -> (Value, std::collections::HashMap<String, (String, Vec<u8>)>) {
    assert_eq!(&body[..4], b"MZP1", "magic");
    let len = u32::from_le_bytes(body[4..8].try_into().expect("4 bytes")) as usize;
    assert_eq!(len % 4, 0, "the header is padded to 4 bytes");
    let head: Value = serde_json::from_slice(&body[8..8 + len]).expect("header JSON");
    let mut at = 8 + len;
    let mut sections = std::collections::HashMap::new();
    for s in head["sections"].as_array().expect("sections") {
        let kind = s["type"].as_str().expect("type").to_string();
        let size = match kind.as_str() {
            "u8" => 1,
            "i16" => 2,
            _ => 4,
        };
        let bytes = s["count"].as_u64().expect("count") as usize * size;
        assert_eq!(at % 4, 0, "sections start on 4 bytes");
        sections.insert(s["name"].as_str().expect("name").to_string(), (kind, body[at..at + bytes].to_vec()));
        at += bytes.div_ceil(4) * 4;
    }
    assert_eq!(at, body.len(), "nothing after the last section");
    (head, sections)
}

fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4).map(|c| u32::from_le_bytes(c.try_into().expect("4"))).collect()
}

fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4).map(|c| i32::from_le_bytes(c.try_into().expect("4"))).collect()
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().expect("4"))).collect()
}

#[test]
fn the_packed_answer_counts_the_possible_mazes_of_small_shapes() {
    let server = Server::start();
    let head = |q: &str| {
        let reply = get(server.addr, &format!("/api/generate?{q}&packed=1"));
        assert_eq!(reply.status, 200, "{q}: {}", reply.text());
        unpack(&reply.body).0
    };
    // The spanning trees of the grid graph: 192 for 3 x 3, 100,352 for 4 x 4 (the issue's).
    for (q, want) in [("width=3&height=3", 192u64), ("width=4&height=4", 100_352)] {
        let h = head(&format!("shape=square&{q}&seed=1"));
        assert_eq!(h["possible"].as_u64(), Some(want), "{q}: {h}");
        let log = h["possible_log10"].as_f64().expect("possible_log10");
        assert!((log - (want as f64).log10()).abs() < 1e-3, "{q}: {log}");
    }
    // Every shape gets the figure when small; a woven maze counts its plain grid's.
    for q in [
        "shape=hex&width=6&height=4",
        "shape=triangle&width=6&height=4",
        "shape=polar&rings=4",
        "shape=upsilon&width=5&height=5",
        "shape=square&width=7&height=6&weave=0.5",
    ] {
        let h = head(&format!("{q}&seed=2"));
        assert!(h["possible_log10"].as_f64().is_some_and(|l| l > 1.0), "{q}: {h}");
    }
    // Too large to count quickly: left out rather than slowing the answer.
    let h = head("shape=square&width=300&height=300&seed=1");
    assert!(h.get("possible_log10").is_none() && h.get("possible").is_none(), "{h}");
}

#[test]
fn the_packed_answer_is_the_same_maze_as_the_json_one_in_typed_arrays() {
    let server = Server::start();
    for q in [
        "shape=hex&width=6&height=4&algorithm=wilson&seed=42&solve=bfs",
        "shape=polar&rings=4&seed=5&solve=bfs",
        "shape=square&mask-text=HI&seed=9&solve=dfs&starts=2&ends=2",
        "shape=square&width=5&height=4&wrap=xy&seed=3&solve=bfs",
        "shape=hex&width=4&height=3&levels=3&seed=2&solve=bfs",
        "shape=square&width=7&height=6&weave=0.5&algorithm=kruskal&seed=4&solve=bfs",
    ] {
        let json = get(server.addr, &format!("/api/generate?{q}&geometry=1&events=1")).json();
        let reply = get(server.addr, &format!("/api/generate?{q}&packed=1"));
        assert_eq!(reply.status, 200, "{q}: {}", reply.text());
        let (head, sec) = unpack(&reply.body);
        for key in ["shape", "cells", "entrance", "exit", "seed", "algorithm", "shortest"] {
            let want = if key == "shape" {
                // The JSON shape without its mask (the packed answer has the cells instead);
                // a woven maze's crossings are counted (their list is in sections).
                let mut shape = json["shape"].clone();
                shape.as_object_mut().map(|o| o.remove("mask"));
                if let Some(list) = json["shape"]["crossings"].as_array() {
                    shape["crossings"] = Value::from(list.len());
                }
                shape
            } else {
                json[key].clone()
            };
            assert_eq!(head[key], want, "{q}: {key}");
        }
        let n = json["cells"].as_u64().expect("cells") as usize;
        let g = &json["geometry"];
        let centres = f32s(&sec["centres"].1);
        assert_eq!(centres.len(), 2 * n);
        for c in 0..n {
            for k in 0..2 {
                let want = g["centres"][c][k].as_f64().expect("coordinate");
                assert!((f64::from(centres[2 * c + k]) - want).abs() < 1e-3, "{q}: centre {c}");
            }
        }
        // Walls in the same order, with the same cells; open exactly where a passage is.
        let cells = u32s(&sec["wall_cells"].1);
        let open = &sec["wall_open"].1;
        let walls = g["walls"].as_array().expect("walls");
        assert_eq!(cells.len(), 2 * walls.len(), "{q}");
        let passages: std::collections::HashSet<(u64, u64)> = json["passages"]
            .as_array()
            .expect("passages")
            .iter()
            .map(|p| (p[0].as_u64().expect("a"), p[1].as_u64().expect("b")))
            .collect();
        for (w, wall) in walls.iter().enumerate() {
            let (a, b) = (wall[0].as_u64().expect("a"), wall[1].as_u64().expect("b"));
            assert_eq!((u64::from(cells[2 * w]), u64::from(cells[2 * w + 1])), (a, b), "{q}: wall {w}");
            let want = passages.contains(&(a, b)) || passages.contains(&(b, a));
            assert_eq!(open[w] == 1, want, "{q}: wall {w} open");
        }
        // Wall ends: offsets from the first cell's centre, in 1/quantum of a cell.
        let q16: Vec<i16> =
            sec["wall_xy"].1.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let quantum = head["quantum"].as_f64().expect("quantum");
        for (w, wall) in walls.iter().enumerate() {
            let a = cells[2 * w] as usize;
            for k in 0..4 {
                let base = f64::from(centres[2 * a + k % 2]);
                let got = base + f64::from(q16[4 * w + k]) / quantum;
                let want = wall[2 + k].as_f64().expect("x");
                assert!((got - want).abs() < 2.0 / quantum, "{q}: wall {w} end {k}: {got} vs {want}");
            }
        }
        // Stairs: the same pairs, open alike (none outside multi-level mazes).
        let stairs = g["stairs"].as_array().expect("stairs");
        assert_eq!(stairs.is_empty(), !q.contains("levels"), "{q}");
        let stair_cells = sec.get("stair_cells").map(|(_, b)| u32s(b)).unwrap_or_default();
        let stair_open = sec.get("stair_open").map(|(_, b)| b.clone()).unwrap_or_default();
        assert_eq!(stair_cells.len(), 2 * stairs.len(), "{q}");
        for (k, st) in stairs.iter().enumerate() {
            assert_eq!(u64::from(stair_cells[2 * k]), st[0].as_u64().expect("a"), "{q}: stair {k}");
            assert_eq!(u64::from(stair_cells[2 * k + 1]), st[1].as_u64().expect("b"), "{q}: stair {k}");
            assert_eq!(u64::from(stair_open[k]), st[2].as_u64().expect("open"), "{q}: stair {k}");
        }
        // Crossings: the same cells and layers as the file's list (none unless woven).
        let crossings = json["shape"]["crossings"].as_array().cloned().unwrap_or_default();
        assert_eq!(crossings.is_empty(), !q.contains("weave"), "{q}");
        let crossing_cells = sec.get("crossing_cells").map(|(_, b)| u32s(b)).unwrap_or_default();
        let crossing_over = sec.get("crossing_over").map(|(_, b)| b.clone()).unwrap_or_default();
        assert_eq!((crossing_cells.len(), crossing_over.len()), (crossings.len(), crossings.len()), "{q}");
        for (k, x) in crossings.iter().enumerate() {
            assert_eq!(u64::from(crossing_cells[k]), x[0].as_u64().expect("cell"), "{q}: crossing {k}");
            assert_eq!(u64::from(crossing_over[k]), x[1].as_u64().expect("over"), "{q}: crossing {k}");
        }
        let boundary_open: usize = sec["boundary_open"].1.iter().map(|&b| usize::from(b)).sum();
        let json_open = g["boundary"].as_array().expect("boundary").iter().filter(|b| b[5] == 1).count();
        assert_eq!(boundary_open, json_open, "{q}: open boundary doors");
        assert_eq!(sec.contains_key("wall_arc"), q.contains("polar"), "{q}: arcs only on circles");
        // The solution and the recordings.
        let path = u32s(&sec["path"].1);
        let want: Vec<u32> = json["solution"]["path"]
            .as_array()
            .expect("path")
            .iter()
            .map(|c| c.as_u64().expect("cell") as u32)
            .collect();
        assert_eq!(path, want, "{q}: path");
        let events = i32s(&sec["events"].1);
        let steps = json["events"]["steps"].as_array().expect("steps");
        assert_eq!(events.len(), 3 * steps.len(), "{q}: one triple per step");
        let carves = events.chunks_exact(3).filter(|e| e[0] == 2).count();
        let json_carves = steps.iter().filter(|e| e[0] == "carve").count();
        assert_eq!(carves, json_carves, "{q}: carves");
        assert_eq!(head["events"]["total"], json["events"]["total"], "{q}");
    }
}

#[test]
fn the_packed_answer_takes_a_million_cells_at_under_100_bytes_each() {
    let server = Server::start();
    // The JSON geometry stops at 100,000 cells; the packed answer goes to 10^6.
    let refused = get(server.addr, "/api/generate?width=1000&height=1000&geometry=1");
    assert_eq!(refused.status, 413, "{}", refused.text());
    let reply = get(server.addr, "/api/generate?width=1000&height=1000&seed=1&solve=bfs&packed=1");
    assert_eq!(reply.status, 200, "{}", reply.text());
    let (head, sec) = unpack(&reply.body);
    assert_eq!(head["cells"], 1_000_000);
    // Geometry, walls and solution, without the recordings: under 100 bytes a cell.
    let recordings: usize =
        ["events", "solve_events"].iter().filter_map(|k| sec.get(*k)).map(|(_, b)| b.len()).sum();
    let per_cell = (reply.body.len() - recordings) as f64 / 1e6;
    assert!(per_cell < 100.0, "{per_cell} bytes a cell");
    assert!(head["events"]["total"].as_u64().expect("total") > 1_000_000);
    let too_big = get(server.addr, "/api/generate?width=1001&height=1000&packed=1");
    assert_eq!(too_big.status, 413, "{}", too_big.text());
}

/// The unordered cell pairs of a list of `[a, b, ...]` entries.
fn pairs(list: &Value) -> Vec<(u64, u64)> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            let (a, b) = (p[0].as_u64().expect("a"), p[1].as_u64().expect("b"));
            (a.min(b), a.max(b))
        })
        .collect()
}

#[test]
fn wrapped_and_multi_level_mazes_through_the_api() {
    use std::collections::HashSet;
    let server = Server::start();
    // A torus: the same maze as the command line; every wall drawn as pictures draw it.
    let v = get(server.addr, "/api/generate?width=5&height=4&wrap=xy&seed=3&solve=bfs&geometry=1").json();
    let cli =
        cli_json(&["generate", "-W", "5", "-H", "4", "--wrap", "xy", "--seed", "3", "--solve", "-f", "json"]);
    for key in ["shape", "cells", "passages", "walls", "entrance", "exit", "solution"] {
        assert_eq!(v[key], cli[key], "{key}");
    }
    assert_eq!(v["shape"]["wrap"], "xy");
    let g = &v["geometry"];
    let walls = g["walls"].as_array().expect("walls");
    // Every adjacent pair is there; the 4 + 5 seam pairs twice, once from each side.
    let mut all: Vec<(u64, u64)> = pairs(&v["passages"]);
    all.extend(pairs(&v["walls"]));
    let drawn = pairs(&g["walls"]);
    assert_eq!(drawn.iter().collect::<HashSet<_>>(), all.iter().collect::<HashSet<_>>());
    assert_eq!(drawn.len(), all.len() + 9, "seams are drawn on both borders");
    let from_above = walls.iter().filter(|w| w[0].as_u64() > w[1].as_u64()).count();
    assert_eq!(from_above, 9, "the second side of each seam is drawn from its own cell");
    // Each side lies on its own cell's border: its middle is half a cell from the centre.
    for w in walls {
        let c = &g["centres"][w[0].as_u64().expect("cell") as usize];
        let f = |i: usize| w[i].as_f64().expect("number");
        let (mx, my) = ((f(2) + f(4)) / 2.0, (f(3) + f(5)) / 2.0);
        let d = (mx - c[0].as_f64().expect("x")).hypot(my - c[1].as_f64().expect("y"));
        assert!((d - 0.5).abs() < 1e-3, "{w:?} is not on its cell's border ({d})");
    }
    assert_eq!(g["stairs"].as_array().map(Vec::len), Some(0), "no stairs on one level");

    // Three levels of hexagons: stairs are listed, never drawn as walls.
    let v = get(server.addr, "/api/generate?shape=hex&width=4&height=3&levels=3&seed=2&geometry=1").json();
    let cli = cli_json(&[
        "generate", "-s", "hex", "-W", "4", "-H", "3", "--levels", "3", "--seed", "2", "-f", "json",
    ]);
    for key in ["shape", "cells", "passages", "entrance", "exit"] {
        assert_eq!(v[key], cli[key], "{key}");
    }
    assert_eq!(v["cells"], 36);
    let g = &v["geometry"];
    let level = |c: u64| c / 12;
    assert!(pairs(&g["walls"]).iter().all(|&(a, b)| level(a) == level(b)), "no wall joins two levels");
    let stairs = g["stairs"].as_array().expect("stairs");
    assert_eq!(stairs.len(), 24, "12 stairs between each pair of levels");
    let passages: HashSet<(u64, u64)> = pairs(&v["passages"]).into_iter().collect();
    for st in stairs {
        let (a, b) = (st[0].as_u64().expect("a"), st[1].as_u64().expect("b"));
        assert_eq!(b, a + 12, "the cell above");
        assert_eq!(st[2] == 1, passages.contains(&(a, b)), "{st:?} open as the passages say");
    }
    assert!(stairs.iter().filter(|s| s[2] == 1).count() >= 2, "the route climbs two levels");
    let mut all: HashSet<(u64, u64)> = pairs(&g["walls"]).into_iter().collect();
    all.extend(pairs(&g["stairs"]));
    let mut want = passages.clone();
    want.extend(pairs(&v["walls"]));
    assert_eq!(all, want, "walls and stairs together are every adjacent pair");

    // Bad values are refused with one line, as the command line refuses them.
    for (q, status, needle) in [
        ("wrap=q", 400, "unknown wrap 'q'"),
        ("wrap=x&shape=polar", 400, "square, hex and sigma"),
        ("wrap=y&shape=hex&height=5", 400, "even number of rows"),
        ("wrap=x&width=2", 400, "at least 3"),
        ("levels=0", 400, "levels"),
        ("levels=abc", 400, "levels"),
        ("levels=65", 400, "levels"),
        ("levels=2&shape=triangle", 400, "square, hex and sigma"),
        ("levels=2&wrap=x", 400, "together"),
        ("levels=2&mask-text=A", 400, "mask"),
        ("wrap=x&algorithm=eller", 400, "does not support"),
        ("levels=64&width=1000&height=1000", 413, "too large"),
    ] {
        refused(&get(server.addr, &format!("/api/generate?{q}")), status, needle, q);
    }
    // Files too: a wrapped maze downloads as SVG, a multi-level one as PNG.
    assert_eq!(get(server.addr, "/api/render?wrap=x&width=5&height=4&format=svg").status, 200);
    assert_eq!(get(server.addr, "/api/render?levels=2&width=5&height=4&format=png").status, 200);
}

#[test]
fn woven_mazes_through_the_api() {
    use std::collections::HashSet;
    let server = Server::start();
    // The same maze as the command line, its crossings listed in the shape.
    let q = "width=7&height=6&weave=0.5&algorithm=kruskal&seed=4&solve=bfs";
    let v = get(server.addr, &format!("/api/generate?{q}&geometry=1")).json();
    let cli = cli_json(&[
        "generate", "-W", "7", "-H", "6", "--weave", "0.5", "-a", "kruskal", "--seed", "4", "--solve", "-f",
        "json",
    ]);
    for key in ["shape", "cells", "passages", "walls", "entrance", "exit", "solution"] {
        assert_eq!(v[key], cli[key], "{key}");
    }
    let crossings = v["shape"]["crossings"].as_array().expect("crossings").clone();
    assert!(!crossings.is_empty(), "{v}");
    assert_eq!(v["cells"].as_u64(), Some(42 + crossings.len() as u64), "one under cell per crossing");
    let g = &v["geometry"];
    let passages: HashSet<(u64, u64)> = pairs(&v["passages"]).into_iter().collect();
    let walls = g["walls"].as_array().expect("walls");
    let centre = |c: u64| {
        let p = &g["centres"][c as usize];
        (p[0].as_f64().expect("x"), p[1].as_f64().expect("y"))
    };
    for (k, x) in crossings.iter().enumerate() {
        let (cell, over) = (x[0].as_u64().expect("cell"), x[1].as_u64().expect("over"));
        let under = 42 + k as u64;
        assert_eq!(centre(under), centre(cell), "a crossing's two layers share their place");
        // Each layer has the two walls of its axis, both open (a passage over, one under).
        for (layer, east_west) in [(cell, over == 0), (under, over == 1)] {
            let mine: Vec<&Value> = walls
                .iter()
                .filter(|w| w[0].as_u64() == Some(layer) || w[1].as_u64() == Some(layer))
                .collect();
            assert_eq!(mine.len(), 2, "crossing {k}, layer {layer}: {mine:?}");
            for w in mine {
                let (a, b) = (w[0].as_u64().expect("a"), w[1].as_u64().expect("b"));
                assert!(passages.contains(&(a.min(b), a.max(b))), "crossing {k}: {w:?} is open");
                let f = |i: usize| w[i].as_f64().expect("number");
                let (mx, my) = ((f(2) + f(4)) / 2.0, (f(3) + f(5)) / 2.0);
                let (cx, cy) = centre(layer);
                assert_eq!((mx - cx).abs() > (my - cy).abs(), east_west, "crossing {k}: {w:?} on its axis");
            }
        }
    }
    // The route is solved again from the file, through the crossings.
    let r = request(server.addr, "POST", "/api/solve", cli.to_string().as_bytes());
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["path"], v["solution"]["path"]);
    // Files: every drawing format takes a woven maze.
    for format in ["svg", "png", "pdf", "json"] {
        let r = get(server.addr, &format!("/api/render?{q}&format={format}"));
        assert_eq!(r.status, 200, "{format}: {}", r.text());
    }
    // Bad values and combinations are refused with one line, as the command line's.
    for (q, status, needle) in [
        ("weave=2", 400, "from 0 to 1"),
        ("weave=-0.5", 400, "from 0 to 1"),
        ("weave=abc", 400, "weave"),
        ("weave=0.3&shape=hex", 400, "square cells"),
        ("weave=0.3&wrap=x", 400, "wrap"),
        ("weave=0.3&levels=2", 400, "levels"),
        ("weave=0.3&mask-text=A", 400, "mask"),
        ("weave=0.3&width=2&height=5", 400, "at least 3x3"),
        ("weave=0.3&algorithm=eller", 400, "does not support"),
        ("weave=0.3&width=1000&height=1000&packed=1", 413, "too large"),
    ] {
        refused(&get(server.addr, &format!("/api/generate?{q}")), status, needle, q);
    }
}

/// Every flag-like word (`--name`) in a message.
fn flags_in(message: &str) -> Vec<&str> {
    message
        .split(|c: char| c.is_whitespace() || "(),;:'\"`".contains(c))
        .filter(|w| w.len() > 2 && w.starts_with("--") && w.as_bytes()[2].is_ascii_lowercase())
        .collect()
}

#[test]
fn refusals_are_worded_in_the_apis_terms_with_the_documented_status() {
    let server = Server::start();
    let addr = server.addr;
    let cases: &[(&str, u16, &str)] = &[
        // An answer over the size limit: 413, the server's limit, no flag to raise it.
        (
            "/api/render?shape=hex&width=1000&height=1000&format=svg&solve=1&heat=1&seed=1",
            413,
            "over the server's limit of 256 MiB",
        ),
        ("/api/generate?width=2000&height=1000", 413, "limit of 1000000"),
        ("/api/render?format=png&width=300&height=300&cell_size=100", 413, "smaller cell_size"),
        ("/api/generate?weave=0.3&shape=hex", 400, "weave works on square cells"),
        ("/api/generate?mask-connect=1", 400, "mask-connect needs a mask (mask-text or mask-data)"),
        ("/api/generate?mask-data=XX..XX", 400, "pass mask-connect=1"),
        ("/api/generate?wrap=x&width=2", 400, "wrap=x needs a width"),
        ("/api/generate?wrap=y&shape=hex&height=5", 400, "(got height=5)"),
        ("/api/generate?shape=polar&width=2", 400, "(width=2)"),
        ("/api/generate?width=2&height=1&starts=2&ends=2", 400, "starts=2 ends=2"),
        ("/api/render?format=png&animate=1", 400, "format=gif or format=svg"),
        ("/api/render?format=svg&animate=1&heat=1", 400, "leave out heat or animate"),
        ("/api/render?format=gif&heat=1", 400, "heat applies to svg, png, pdf and tex, not gif"),
        ("/api/render?format=json&cell_size=8", 400, "cell_size applies to"),
        ("/api/render?format=png&wall_height=5", 400, "wall_height applies to scad and stl, not png"),
        ("/api/render?format=svg&style=document", 400, "there is no solution"),
        ("/api/render?format=stl&width=500&height=500", 400, "smaller cell_size or a larger wall_width"),
    ];
    for (path, status, needle) in cases {
        let r = get(addr, path);
        refused(&r, *status, needle, path);
        let message = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(flags_in(&message).is_empty(), "{path}: a command-line flag in {message:?}");
    }
    // A huge number is echoed as typed, and a long switch value cut, as every other field.
    refused(&get(addr, "/api/generate?weave=1e300"), 400, "from 0 to 1", "weave=1e300");
    let long = "a".repeat(3000);
    for path in [format!("/api/generate?packed={long}"), format!("/api/generate?events={long}")] {
        let r = get(addr, &path);
        refused(&r, 400, "expected 1 or 0", "a 3000-character switch");
        let message = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(message.len() < 400, "{} bytes echoed", message.len());
    }
}

#[test]
fn errors_hyper_answers_itself_have_json_bodies_too() {
    let server = Server::start();
    let addr = server.addr;
    let long = format!(
        "GET /api/generate?mask-data={} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "X".repeat(70_000)
    );
    let many: String = (0..120).map(|i| format!("X-Header-{i}: a\r\n")).collect();
    let many = format!("GET /api/list HTTP/1.1\r\nHost: x\r\n{many}Connection: close\r\n\r\n");
    let big = format!(
        "GET /api/list HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(500_000)
    );
    // Under hyper's buffer, over the server's own 64 KiB: refused whatever the timing.
    let medium = format!(
        "GET /api/list HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(100_000)
    );
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("a 70 KB address", long.into_bytes(), 414, "too long"),
        ("a 100 KB header", medium.into_bytes(), 431, "headers"),
        ("120 headers", many.into_bytes(), 431, "headers"),
        ("a 500 KB header", big.into_bytes(), 431, "headers"),
        (
            "a raw >",
            b"GET /api/generate?width=>3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
            400,
            "%3E",
        ),
        (
            "a raw quote",
            b"GET /api/generate?title=\"a\" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
            400,
            "percent-encode",
        ),
        (
            "a bad header",
            b"GET /api/list HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\nConnection: close\r\n\r\n".to_vec(),
            400,
            "not valid HTTP",
        ),
        // Bytes that reach axum's query parser but are not UTF-8 once decoded.
        (
            "a query of bad UTF-8",
            b"GET /api/generate?width=%FF%FE HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
            400,
            "width",
        ),
    ];
    for (what, bytes, status, needle) in &cases {
        let r = support::raw(addr, bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(
            r.header("content-type").unwrap_or_default().starts_with("application/json"),
            "{what}: {:?} {}",
            r.headers,
            r.text()
        );
        refused(&r, *status, needle, what);
    }
    // The connection's other answers are untouched, and the server goes on.
    let v = get(addr, "/api/generate?width=3&height=3&seed=1").json();
    assert_eq!(v["cells"], 9);
}

/// The lanes that ran a job for `path` on a fresh server (by their peaks in
/// `/api/status`), and the answer.
fn lanes_for(path: &str) -> (Vec<&'static str>, support::Reply) {
    let server = Server::start();
    let reply = get(server.addr, path);
    let v = get(server.addr, "/api/status").json();
    let used = ["small_jobs", "medium_jobs", "jobs"]
        .into_iter()
        .filter(|lane| v[*lane]["peak"].as_u64().unwrap_or(0) > 0)
        .collect();
    (used, reply)
}

#[test]
fn a_job_takes_the_lane_of_the_cells_it_really_has() {
    // A mask of few cells stretched over a large rectangle: small (a 9 x 9 block of a
    // 100 x 100 picture, over 1000 x 1000 cells; the rectangle is 10^6 cells).
    let rows: Vec<String> = (0..100)
        .map(|y| {
            (0..100).map(|x| if (40..49).contains(&x) && (40..49).contains(&y) { 'X' } else { '.' }).collect()
        })
        .collect();
    let (lanes, r) = lanes_for(&format!("/api/generate?mask-data={}&width=1000&seed=1", rows.join("/")));
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.json()["cells"].as_u64().is_some_and(|c| c <= 10_000), "{}", r.json()["cells"]);
    assert_eq!(lanes, ["small_jobs"], "a few thousand cells in a large rectangle");
    // A mask in pieces to join, at its own size (120 x 120, no width given): medium,
    // by the rectangle the joining works over (the default 20 x 10 said small).
    let rows: Vec<String> =
        (0..120).map(|y| if y % 4 == 3 { ".".repeat(120) } else { "X".repeat(120) }).collect();
    let (lanes, r) = lanes_for(&format!("/api/generate?mask-data={}&mask-connect=1&seed=1", rows.join("/")));
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.json()["cells"].as_u64().is_some_and(|c| c > 10_000), "{}", r.json()["cells"]);
    assert!(lanes.contains(&"medium_jobs") && !lanes.contains(&"jobs"), "{lanes:?}");
    // A polar maze of 200 rings: 6 x 200 asked, over 120,000 cells made: heavy.
    let (lanes, r) = lanes_for("/api/generate?shape=polar&width=6&rings=200&seed=1");
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.json()["cells"].as_u64().is_some_and(|c| c > 100_000), "{}", r.json()["cells"]);
    assert_eq!(lanes, ["jobs"], "the rings double outwards");
    // A medium maze by its size alone.
    let (lanes, r) = lanes_for("/api/generate?width=101&height=100&seed=1");
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(lanes, ["medium_jobs"]);
}

/// `GET path` with an `Accept-Encoding` header.
fn get_encoded(server: &Server, path: &str, accept: &str) -> support::Reply {
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n",
        server.addr
    );
    raw(server.addr, req.as_bytes()).unwrap_or_else(|e| panic!("GET {path}: {e}"))
}

#[test]
fn answers_are_compressed_for_a_client_that_accepts_it_and_decode_to_the_same_bytes() {
    use std::io::Read;
    let server = Server::start();
    for path in [
        "/api/generate?shape=hex&width=30&height=20&seed=42&solve=bfs&geometry=1",
        "/api/generate?width=200&height=200&seed=5&solve=bfs&packed=1",
        "/api/list",
        "/app.js",
        "/style.css",
        "/",
    ] {
        let plain = get(server.addr, path);
        assert_eq!(plain.status, 200, "{path}");
        assert_eq!(plain.header("content-encoding"), None, "{path}: compressed without being asked");
        let gz = get_encoded(&server, path, "gzip");
        assert_eq!(gz.status, 200, "{path}");
        assert_eq!(gz.header("content-encoding"), Some("gzip"), "{path}");
        assert_eq!(gz.header("content-type"), plain.header("content-type"), "{path}");
        assert!(
            gz.body.len() < plain.body.len(),
            "{path}: {} gzip bytes for {}",
            gz.body.len(),
            plain.body.len()
        );
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(&gz.body[..]).read_to_end(&mut decoded).expect("valid gzip");
        assert!(decoded == plain.body, "{path}: the gzip answer decodes to other bytes");
        let br = get_encoded(&server, path, "br");
        assert_eq!(br.header("content-encoding"), Some("br"), "{path}");
        assert!(br.body.len() < plain.body.len(), "{path}");
    }
    // A PNG is compressed already: it is sent as it is.
    let png = get_encoded(&server, "/api/render?format=png&width=8&height=8&seed=1", "gzip");
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-encoding"), None);
}

/// A timeout out of range is refused in one short line that says which way it is out and
/// by how much it may be, without writing out the number's digits (1e300 used to come
/// back as a 301-digit number).
#[test]
fn an_out_of_range_timeout_is_refused_in_one_short_line() {
    for (flag, value, words) in [
        ("--request-timeout", "1e300", "1e300 seconds is too long (at most 3600)"),
        ("--idle-timeout", "1e-300", "1e-300 seconds is too short (at least 0.1)"),
        ("--request-timeout", "inf", "too long (at most 3600)"),
        ("--request-timeout", "nan", "is not a number of seconds"),
        ("--idle-timeout", "0", "0 seconds is too short (at least 0.1)"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_maze"))
            .args(["serve", "--port", "0", flag, value])
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{flag} {value} was taken");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(err.contains(words), "{flag} {value}: {err}");
        assert!(err.len() < 160, "{} bytes: {err}", err.len());
    }
}
