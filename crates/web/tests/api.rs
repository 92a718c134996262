//! The module's `answer` (the web API without a server) on the host: the same bytes as the
//! library's request for a download, the API's statuses and `{"error": ...}` for bad
//! requests, and a seed drawn for a request without one. (Its WebAssembly build is checked
//! by the static site's browser test, crates/cli/tests/site_browser.rs.)
#![cfg(not(target_arch = "wasm32"))]

use maze_web::answer;

#[test]
fn a_download_is_the_requests_file() {
    let mut a = answer("GET", "/api/render", "shape=hex&width=5&height=4&seed=9&format=svg&solve=bfs", None);
    assert_eq!(a.status(), 200);
    assert_eq!(a.content_type(), "image/svg+xml");
    assert_eq!(a.file_name().as_deref(), Some("maze-hex-5x4-9.svg"));
    let request = maze::MazeRequest {
        shape: maze::ShapeKind::Hex,
        width: Some(5),
        height: Some(4),
        seed: Some(9),
        solve: Some(maze::Solver::Bfs),
        format: maze::Format::Svg,
        ..Default::default()
    };
    assert_eq!(a.take_bytes(), maze::generate(&request).expect("valid"));
}

#[test]
fn errors_are_the_apis() {
    for (method, path, query, status, needle) in [
        ("GET", "/api/generate", "width=0", 400, "width"),
        ("GET", "/api/generate", "colour=red", 400, "unknown parameter 'colour'"),
        ("GET", "/api/status", "", 404, "no such page"),
        ("DELETE", "/api/generate", "", 405, "does not take that method"),
        ("GET", "/api/render", "width=1000&height=1000&format=png", 413, "limit"),
    ] {
        let mut a = answer(method, path, query, None);
        assert_eq!(a.status(), status, "{method} {path}?{query}");
        let body: serde_json::Value = serde_json::from_slice(&a.take_bytes()).expect("JSON");
        let message = body["error"].as_str().expect("an error");
        assert!(message.contains(needle), "{method} {path}?{query}: {message}");
        assert!(!message.contains("--"), "a flag in {message}");
    }
}

#[test]
fn a_request_without_a_seed_gets_one_and_a_posted_maze_is_solved() {
    let mut a = answer("GET", "/api/generate", "width=6&height=5", None);
    assert_eq!(a.status(), 200);
    let maze: serde_json::Value = serde_json::from_slice(&a.take_bytes()).expect("JSON");
    assert!(maze["seed"].as_u64().is_some(), "no seed in {maze}");
    let mut solved = answer("POST", "/api/solve", "algorithm=bfs", Some(maze.to_string()));
    assert_eq!(solved.status(), 200);
    let s: serde_json::Value = serde_json::from_slice(&solved.take_bytes()).expect("JSON");
    assert!(s["steps"].as_u64().expect("steps") > 0);
}
