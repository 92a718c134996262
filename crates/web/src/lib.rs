//! The engine as a WebAssembly module, for the page without a server: the request model
//! ([`maze`]) behind a few [`macro@wasm_bindgen`] functions that take and give plain JSON text
//! and bytes, so a Web Worker can make any maze the command line can.
//!
//! Built for `wasm32-unknown-unknown` by `scripts/build-wasm.sh` (an ES module from
//! `wasm-bindgen --target web`); its tests run in Node.js (`scripts/test-wasm.sh`). On the
//! host the same functions are plain Rust, which the workspace's tests and lints check.
//!
//! Nothing here may trap: an error is returned (thrown to JavaScript) as its one-line
//! message, and a request without a seed gets one from JavaScript's `Math.random`, since
//! `wasm32-unknown-unknown` has no clock.

use maze::MazeRequest;
use wasm_bindgen::prelude::wasm_bindgen;

/// What the engine can do (shapes, generators, solvers, formats and their options), as
/// JSON text: [`fn@maze::capabilities`], the web API's `GET /api/capabilities` body.
#[wasm_bindgen]
#[must_use]
pub fn capabilities() -> String {
    maze::capabilities().to_string()
}

/// The bytes of the mazes `request_json` asks for: a [`MazeRequest`] as JSON, whose fields
/// are the command line's long flags (`{"shape": "hex", "width": 8, "solve": "bfs",
/// "format": "svg", "seed": 3}`), given to [`maze::generate`]. Without a seed, one is
/// drawn at random ([`fresh_seed`]).
///
/// # Errors
/// The one-line message of a request that is not valid JSON or not a [`MazeRequest`]
/// (an unknown field, a value of the wrong type), or of [`maze::generate`]'s error (a
/// value out of range, a limit the job would pass). JavaScript gets it thrown as a string.
#[wasm_bindgen]
pub fn render(request_json: &str) -> Result<Vec<u8>, String> {
    let mut request: MazeRequest = serde_json::from_str(request_json).map_err(|e| one_line(&e))?;
    request.seed = Some(request.seed.unwrap_or_else(fresh_seed));
    maze::generate(&request).map_err(|e| one_line(&e))
}

/// A seed for a request without one: from `Math.random` in WebAssembly (where the clock
/// that [`maze::fresh_seed`] reads does not exist), from [`maze::fresh_seed`] elsewhere.
/// Below 10⁹, as [`maze::fresh_seed`]'s, so that it reads well on a page.
#[must_use]
pub fn fresh_seed() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        // Math.random is in [0, 1): the product is below 10⁹.
        (js_sys::Math::random() * 1e9) as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        maze::fresh_seed()
    }
}

/// `error`'s message on one line (the lines of a longer one joined by spaces).
fn one_line(error: &impl std::fmt::Display) -> String {
    error.to_string().lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}

/// An answer of the web API, as `maze serve` would send it: its status, content type,
/// download name and bytes ([`answer`]).
#[wasm_bindgen]
pub struct ApiAnswer {
    status: u16,
    content_type: String,
    file_name: Option<String>,
    bytes: Vec<u8>,
}

#[wasm_bindgen]
impl ApiAnswer {
    /// The HTTP status the server would answer with (200, or an error's 400, 404, 405,
    /// 413, 422, 500).
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn status(&self) -> u16 {
        self.status
    }

    /// The `Content-Type`.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn content_type(&self) -> String {
        self.content_type.clone()
    }

    /// The download's file name (`maze-hex-8x6-3.svg`), for a file.
    #[wasm_bindgen(getter)]
    #[must_use]
    pub fn file_name(&self) -> Option<String> {
        self.file_name.clone()
    }

    /// The body, moved out (a second call gives nothing).
    pub fn take_bytes(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.bytes)
    }
}

/// [`answer`], telling `on_stage` the name of each stage of the job as it starts
/// ("making", "solving", "drawing": [`maze::stage::Stage`]), so that a Web Worker can show
/// how far a long job got while the module works.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
#[must_use]
pub fn answer_watched(
    method: &str,
    path: &str,
    query: &str,
    body: Option<String>,
    on_stage: js_sys::Function,
) -> ApiAnswer {
    let tell = move |stage: maze::stage::Stage| {
        // A watcher that throws is the page's problem, not the job's: it goes on.
        let _ = on_stage.call1(&wasm_bindgen::JsValue::NULL, &wasm_bindgen::JsValue::from_str(stage.name()));
    };
    maze::stage::watching(tell, || answer(method, path, query, body))
}

/// The web API without a server: `method` (`GET` or `POST`), `path` (`/api/generate`,
/// `/api/render`, `/api/solve`, `/api/list`), `query` (`width=8&shape=hex`) and a POST's
/// `body` give what `maze serve` answers to the same request ([`maze::api::answer`]),
/// errors included (their status and `{"error": "..."}`), with the API's limits. A request
/// without a seed gets one from [`fresh_seed`].
#[wasm_bindgen]
#[must_use]
pub fn answer(method: &str, path: &str, query: &str, body: Option<String>) -> ApiAnswer {
    let mut pairs = maze::api::query_pairs(query);
    let asks_a_maze = matches!(path, "/api/generate" | "/api/render") && method.eq_ignore_ascii_case("GET");
    if asks_a_maze
        && !pairs.iter().any(|(k, v)| k.trim().eq_ignore_ascii_case("seed") && !v.trim().is_empty())
    {
        pairs.retain(|(k, _)| !k.trim().eq_ignore_ascii_case("seed"));
        pairs.push(("seed".into(), fresh_seed().to_string()));
    }
    match maze::api::answer_pairs(method, path, &pairs, body.as_deref()) {
        Ok(a) => ApiAnswer {
            status: 200,
            content_type: a.content_type.to_string(),
            file_name: a.file_name,
            bytes: a.bytes,
        },
        Err(e) => ApiAnswer {
            status: e.status,
            content_type: "application/json".into(),
            file_name: None,
            bytes: e.to_json().into_bytes(),
        },
    }
}
