//! The JSON API: `/api/list`, `/api/generate` (GET, or POST with a JSON request),
//! `/api/solve` and `/api/render`.
//!
//! Query parameters are read into a [`maze::MazeRequest`] by its own serde definition
//! ([`maze::MazeRequest::from_pairs`]: `width=8` is the request's `width`, `cell_size` its
//! `cell-size`), and checked and run by its [`maze::Plan`], as the command line's options
//! are, so the API accepts what the CLI accepts and builds mazes with the same code. Each
//! endpoint takes the fields listed here (docs/API.md); `solve` and `render` of a posted
//! maze read their few own parameters with their types' parsers. Errors are
//! `{"error": "one line"}` with 400 (bad parameters), 404, 405, 408 (too slow), 413 (too
//! large), 422 (no path), 503 (busy or shutting down) or 500 (a bug; the server goes on).
//!
//! Messages of the library, which name fields as the command line's flags, are reworded in
//! the API's terms on the way out (see [`super::wording`]): parameter names instead of
//! flags, the server's limits instead of advice to raise them.
//!
//! Work runs on tokio's blocking pool in three lanes, chosen by the cells a job works on
//! (a mask's cells, not its rectangle's; a polar maze's real count; see [`lane_cells`]):
//! small jobs (at most [`SMALL_CELLS`]) at most [`MAX_SMALL_JOBS`] at once, medium ones (at
//! most [`MEDIUM_CELLS`], and small animations) at most [`MAX_MEDIUM_JOBS`] at once, and
//! heavy ones at most [`MAX_JOBS`] at once. Lanes of their own, rather than the shortest
//! job first inside one lane, because a job that has started cannot be paused: once
//! every heavy slot holds a job of seconds, a short job that comes next would still wait
//! for one of them to end, however it was ordered. So a small maze is answered at once
//! and a medium one in about its own time, however busy the heavy lane is, while the
//! heavy lane alone bounds the memory of the largest jobs. A job holds its slot until it
//! really ends; when its request goes away (the client disconnected, or the request timed
//! out) its cancellation flag is set and the job stops at its next check
//! ([`maze_core::cancel`]). `GET /api/status` shows the lanes and connections.

use std::fmt::Write as _;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, OnceLock};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use maze_core::{CellId, Door, DoorKind, Event, Maze, Point, Shape, ShapeVisitor, Solver, Trace};
use maze_render::Format;
use maze_render::json::{self, MazeFile};

use tokio::sync::Semaphore;

use maze_core::cancel::{self, CancelOnDrop};

/// The largest maze for JSON, SVG and text answers.
pub const MAX_CELLS: u64 = 1_000_000;
/// The largest maze for png, pdf, tex, scad, stl and gif (heavier to draw).
pub const MAX_DRAWN_CELLS: u64 = 250_000;
/// The largest maze when geometry or events are asked for (the page's own requests).
pub const MAX_GEOMETRY_CELLS: u64 = 100_000;
/// The largest answer (a file or JSON), estimated before any work: 256 MiB.
pub const MAX_ANSWER_BYTES: u64 = 256 << 20;
/// The most events returned per recording (generation or solving); beyond it the list is
/// cut and `"truncated": true` says so.
pub const MAX_EVENTS: usize = 250_000;

/// Parameters of `maze generate` the API accepts (as `key=value`).
pub(crate) const GENERATE_KEYS: &[&str] = &[
    "shape",
    "width",
    "height",
    "difficulty",
    "algorithm",
    "seed",
    "braid",
    "starts",
    "ends",
    "bias",
    "policy",
    "rings",
    "mask-text",
    "mask-data",
    "entrance",
    "exit",
    "wrap",
    "levels",
    "weave",
];
/// Switches of a generation (`--mask-connect`). `mask` (a file on the server) is not
/// accepted: pictures arrive as `mask-data` rows, converted by the page.
pub(crate) const GENERATE_FLAGS: &[&str] = &["mask-connect"];
/// Drawing and animation parameters with a value.
pub(crate) const DRAW_KEYS: &[&str] = &[
    "cell-size",
    "wall-width",
    "wall-colour",
    "background",
    "path-colour",
    "title",
    "instructions",
    "paper",
    "margin",
    "dot-size",
    "style",
    "wall-height",
    "base",
];
/// Drawing switches (`heat=1`).
pub(crate) const DRAW_FLAGS: &[&str] = &["no-visited", "heat", "no-markers", "tex-fragment", "fit"];
/// Animation parameters (of a generated maze only).
pub(crate) const ANIMATION_KEYS: &[&str] = &["animate", "frames", "delay", "duration"];

/// An API error: a status and a one-line message, sent as `{"error": message}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, message: crate::fault::single_line(&message.into()) }
    }

    /// The one-line message.
    #[cfg(test)]
    pub fn message(&self) -> &str {
        &self.message
    }

    fn bad(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}

impl From<anyhow::Error> for ApiError {
    /// The command line's error in the API's words (without the command line's hints to
    /// raise a limit), with its status: 400 for a bad parameter, 413 for a size over one
    /// of the server's limits, 422 for no route, 500 for anything unexpected.
    fn from(e: anyhow::Error) -> Self {
        let mut status = StatusCode::INTERNAL_SERVER_ERROR;
        for cause in e.chain() {
            if crate::fault::request_fault(cause) {
                status = StatusCode::BAD_REQUEST;
                break;
            }
            if let Some(m) = crate::fault::core_error(cause) {
                status = match m {
                    maze_core::Error::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
                    maze_core::Error::NoPath(_) => StatusCode::UNPROCESSABLE_ENTITY,
                    // Only answered when the request is still there to take it.
                    maze_core::Error::Cancelled => StatusCode::REQUEST_TIMEOUT,
                    _ => StatusCode::BAD_REQUEST,
                };
                break;
            }
        }
        let line = e.chain().map(ToString::to_string).collect::<Vec<_>>().join(": ");
        if status == StatusCode::BAD_REQUEST
            && let Some(limit) = super::wording::limit_status(&line)
        {
            status = limit;
        }
        ApiError::new(status, super::wording::api_message(&line))
    }
}

/// The API's routes; requests with a body (`POST`) are read at most
/// [`MAX_BODIES`](super::MAX_BODIES) at a time, within twice the idle timeout.
pub fn routes(settings: super::Settings) -> Router {
    let deadline = settings.idle_timeout * 2;
    let posted = Router::new()
        .route("/api/solve", post(move |q, body| solve(q, body, deadline)))
        .route("/api/generate", post(move |q, body| generate_posted(q, body, deadline)))
        .route("/api/render", post(move |q, body| render_posted(q, body, deadline)))
        .route_layer(tower::limit::ConcurrencyLimitLayer::new(super::MAX_BODIES));
    Router::new()
        .route("/api/list", get(list))
        .route("/api/status", get(status))
        .route("/api/generate", get(generate))
        .route("/api/render", get(render_generated))
        .merge(posted)
}

/// Turns every error answer that is not JSON already (axum's 405, tower-http's 408 and
/// 413) into `{"error": "..."}`, as docs/API.md promises.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if status.as_u16() < 400 || is_json {
        return response;
    }
    let message = match status {
        StatusCode::REQUEST_TIMEOUT => "the request took too long (a slow body, or too much work)",
        StatusCode::PAYLOAD_TOO_LARGE => "the request body is too large (8 MiB at most)",
        StatusCode::METHOD_NOT_ALLOWED => "this endpoint does not take that method (see docs/API.md)",
        other => other.canonical_reason().unwrap_or("error"),
    };
    ApiError::new(status, message).into_response()
}

type Params = Result<Query<Vec<(String, String)>>, QueryRejection>;

fn params(q: Params) -> Result<Vec<(String, String)>, ApiError> {
    q.map(|Query(v)| v).map_err(|e| ApiError::new(e.status(), e.body_text()))
}

/// Reads a request body within `deadline` in all (a trickling upload is cut off).
async fn body_text(body: Body, deadline: Duration) -> Result<String, ApiError> {
    let read = tokio::time::timeout(deadline, axum::body::to_bytes(body, super::MAX_BODY)).await;
    let bytes = match read {
        Err(_) => {
            return Err(ApiError::new(StatusCode::REQUEST_TIMEOUT, "the request body arrived too slowly"));
        }
        Ok(Err(e)) => {
            // The causes of a failed read, outermost first.
            let mut causes: Vec<&(dyn std::error::Error + 'static)> = Vec::new();
            let mut cause = std::error::Error::source(&e);
            while let Some(c) = cause {
                causes.push(c);
                cause = c.source();
            }
            let too_large = causes.iter().any(|c| c.is::<http_body_util::LengthLimitError>())
                || e.to_string().contains("length limit");
            let stalled = causes.iter().any(|c| c.is::<tower_http::timeout::TimeoutError>());
            return Err(if too_large {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "the request body is too large (8 MiB at most)")
            } else if stalled {
                ApiError::new(
                    StatusCode::REQUEST_TIMEOUT,
                    "the request body stalled: nothing more arrived within the server's idle timeout",
                )
            } else {
                ApiError::bad(format!("cannot read the request body: {e}"))
            });
        }
        Ok(Ok(bytes)) => bytes,
    };
    String::from_utf8(bytes.to_vec()).map_err(|_| ApiError::bad("the request body is not UTF-8 text"))
}

async fn maze_file(body: Body, deadline: Duration) -> Result<MazeFile, ApiError> {
    let text = body_text(body, deadline).await?;
    if text.trim().is_empty() {
        return Err(ApiError::bad("expected a maze JSON file (docs/FORMAT.md) as the request body"));
    }
    MazeFile::parse(&text).map_err(|e| ApiError::bad(e.to_string()))
}

/// Normalises a parameter name: `cell_size` and `Cell-Size` are `cell-size`.
fn key(k: &str) -> String {
    k.trim().to_ascii_lowercase().replace('_', "-")
}

fn truthy(k: &str, v: &str) -> Result<bool, ApiError> {
    maze::switch_word(v).ok_or_else(|| ApiError::bad(format!("{k}={v}: expected 1 or 0 (true or false)")))
}

/// An API-only switch such as `events=1`.
fn switch(params: &[(String, String)], name: &str) -> Result<bool, ApiError> {
    let mut on = false;
    for (k, v) in params {
        if key(k) == name {
            on = truthy(k, v)?;
        }
    }
    Ok(on)
}

/// Which parameters a request accepts.
struct Accepts<'a> {
    /// Fields of the request ([`maze::MazeRequest`]) taken as `key=value`.
    keys: &'a [&'a [&'a str]],
    /// Read by the API itself.
    own: &'a [&'a str],
}

/// The query's pairs of request fields, names normalised (`cell_size` is `cell-size`);
/// an unknown name is refused, the API's own ones left out.
fn fields(params: &[(String, String)], accepts: &Accepts<'_>) -> Result<Vec<(String, String)>, ApiError> {
    let mut out = Vec::with_capacity(params.len());
    for (k, v) in params {
        let name = key(k);
        if accepts.own.contains(&name.as_str()) {
            continue;
        }
        if !accepts.keys.iter().any(|ks| ks.contains(&name.as_str())) {
            return Err(ApiError::bad(format!("unknown parameter '{k}' (see docs/API.md)")));
        }
        out.push((name, v.clone()));
    }
    Ok(out)
}

/// The query as a [`maze::MazeRequest`] (read by the request's own serde definition, as a
/// JSON body is), its errors in the API's words.
fn request_of(params: &[(String, String)], accepts: &Accepts<'_>) -> Result<maze::MazeRequest, ApiError> {
    maze::MazeRequest::from_pairs(fields(params, accepts)?).map_err(|e| ApiError::from(anyhow::Error::new(e)))
}

/// A value the API reads itself (a solver, an end), parsed by its type's own `FromStr`.
fn parsed<T>(params: &[(String, String)], name: &str) -> Result<Option<T>, ApiError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let mut value = None;
    for (k, v) in params {
        if key(k) == name && !v.trim().is_empty() {
            let v = v.trim();
            value =
                Some(v.parse().map_err(|e| ApiError::bad(format!("invalid value '{v}' for '{name}': {e}")))?);
        }
    }
    Ok(value)
}

/// At most this many heavy jobs (generating, solving, drawing) run at once; further ones
/// wait their turn, so a burst of large requests cannot exhaust memory.
pub const MAX_JOBS: usize = 8;
/// At most this many medium jobs run at once, in their own lane.
pub const MAX_MEDIUM_JOBS: usize = 4;
/// At most this many small jobs run at once, in their own lane.
pub const MAX_SMALL_JOBS: usize = 16;
/// A job of at most this many cells (and no animation) is small.
pub const SMALL_CELLS: u64 = 10_000;
/// A job of at most this many cells is medium (the most the page's JSON geometry takes),
/// and so is an animation of a small maze.
pub const MEDIUM_CELLS: u64 = MAX_GEOMETRY_CELLS;

/// One lane of jobs: a semaphore, and counts for `/api/status`.
struct Lane {
    slots: Arc<Semaphore>,
    limit: usize,
    /// The most cells of a job in this lane (`None`: no bound but the API's limits).
    up_to: Option<u64>,
    running: AtomicUsize,
    waiting: AtomicUsize,
    peak: AtomicUsize,
    cancelled: AtomicUsize,
}

impl Lane {
    fn new(limit: usize, up_to: Option<u64>) -> Self {
        Lane {
            slots: Arc::new(Semaphore::new(limit)),
            limit,
            up_to,
            running: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            cancelled: AtomicUsize::new(0),
        }
    }

    fn status(&self) -> serde_json::Value {
        serde_json::json!({
            "limit": self.limit,
            "cells_up_to": self.up_to,
            "running": self.running.load(Ordering::Relaxed),
            "waiting": self.waiting.load(Ordering::Relaxed),
            "peak": self.peak.load(Ordering::Relaxed),
            "cancelled": self.cancelled.load(Ordering::Relaxed),
        })
    }
}

static HEAVY: LazyLock<Lane> = LazyLock::new(|| Lane::new(MAX_JOBS, None));
static MEDIUM: LazyLock<Lane> = LazyLock::new(|| Lane::new(MAX_MEDIUM_JOBS, Some(MEDIUM_CELLS)));
static SMALL: LazyLock<Lane> = LazyLock::new(|| Lane::new(MAX_SMALL_JOBS, Some(SMALL_CELLS)));
static CONNECTIONS: OnceLock<(Arc<Semaphore>, usize)> = OnceLock::new();

/// Lets `/api/status` report the connections in use.
pub fn set_connection_slots(slots: Arc<Semaphore>, limit: usize) {
    let _ = CONNECTIONS.set((slots, limit));
}

/// Which lane a job of `cells` cells goes to (an animation counts as one size up).
fn lane(cells: u64, animation: bool) -> &'static Lane {
    if animation {
        if cells <= SMALL_CELLS { &MEDIUM } else { &HEAVY }
    } else if cells <= SMALL_CELLS {
        &SMALL
    } else if cells <= MEDIUM_CELLS {
        &MEDIUM
    } else {
        &HEAVY
    }
}

/// Decrements a counter when dropped.
struct Count<'a>(&'a AtomicUsize);

impl<'a> Count<'a> {
    fn up(counter: &'a AtomicUsize) -> Self {
        counter.fetch_add(1, Ordering::Relaxed);
        Count(counter)
    }
}

impl Drop for Count<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Runs CPU-heavy work on the blocking pool in `lane`. The slot is held by the job itself
/// until it ends, even if this future is dropped (the client went away): the job is then
/// cancelled at its next check. A panic in the job is a 500, not a dead server.
async fn blocking<T: Send + 'static>(
    lane: &'static Lane,
    f: impl FnOnce() -> anyhow::Result<T> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = {
        let _waiting = Count::up(&lane.waiting);
        lane.slots.clone().acquire_owned().await
    };
    let Ok(permit) = permit else {
        return Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down"));
    };
    let flag = Arc::new(AtomicBool::new(false));
    let guard = CancelOnDrop(Some(flag.clone()));
    let joined = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _running = Count::up(&lane.running);
        lane.peak.fetch_max(lane.running.load(Ordering::Relaxed), Ordering::Relaxed);
        // A request that went away before its job started leaves nothing to do.
        let job = || cancel::check().map_err(anyhow::Error::from).and_then(|()| f());
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cancel::with_flag(flag, job)));
        if matches!(&result, Ok(Err(e)) if e.chain().any(|c| matches!(crate::fault::core_error(c), Some(maze_core::Error::Cancelled)))) {
            lane.cancelled.fetch_add(1, Ordering::Relaxed);
        }
        result
    })
    .await;
    guard.disarm();
    match joined {
        Ok(Ok(result)) => result.map_err(ApiError::from),
        _ => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: this request failed (a bug: please report it); the server goes on",
        )),
    }
}

/// `GET /api/status`: the job lanes and the connections in use.
async fn status() -> Response {
    let connections = CONNECTIONS.get().map_or(
        serde_json::Value::Null,
        |(slots, limit)| serde_json::json!({"limit": limit, "open": limit - slots.available_permits()}),
    );
    json_response(
        serde_json::json!({
            "jobs": HEAVY.status(),
            "medium_jobs": MEDIUM.status(),
            "small_jobs": SMALL.status(),
            "connections": connections,
        })
        .to_string(),
    )
}

fn json_response(body: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

/// `GET /api/list`: what `maze list --json` prints, and the server's download limits.
async fn list() -> Response {
    let mut list = maze::capabilities();
    list["limits"] = download_limits();
    json_response(list.to_string())
}

/// What the page needs to predict which downloads `GET /api/render` refuses, from the
/// constants the server checks: the most cells for each format, a PNG's most pixels and
/// its margin (in cells, on each side), and an STL model's most footprint pixels, most
/// pixels along a side, and its default cell and wall sizes in millimetres (walls must be
/// at least two pixels thick).
fn download_limits() -> serde_json::Value {
    let cells: serde_json::Map<String, serde_json::Value> =
        Format::ALL.iter().map(|&f| (f.name().to_string(), limit_for(f).into())).collect();
    let request = maze::MazeRequest::default();
    let png = maze::draw_style(&request.draw(), Format::Png, false);
    let stl = maze::draw_style(&request.draw(), Format::Stl, false);
    serde_json::json!({
        "cells": cells,
        "png_pixels": request.max_pixels,
        "png_margin": png.margin / png.cell_size,
        "stl_pixels": maze_render::stl::MAX_PIXELS,
        "stl_side": maze_render::stl::MAX_SIDE,
        "stl_cell": stl.cell_size,
        "stl_wall": stl.wall_width,
    })
}

/// The request of a `GET /api/generate` query (`heavy`: with geometry or events), with
/// the API's limits.
pub(crate) fn generate_request(
    params: &[(String, String)],
    heavy: bool,
) -> Result<maze::MazeRequest, ApiError> {
    let accepts = Accepts {
        keys: &[GENERATE_KEYS, GENERATE_FLAGS, &["solve"]],
        own: &["events", "geometry", "format", "packed"],
    };
    let mut request = request_of(params, &accepts)?;
    request.max_cells = if heavy { MAX_GEOMETRY_CELLS } else { MAX_CELLS };
    request.max_bytes = MAX_ANSWER_BYTES;
    request.format = Format::Json;
    Ok(request)
}

/// The request of a `GET /api/render` query (svg unless `format` says), with the API's
/// limits.
pub(crate) fn render_request(params: &[(String, String)]) -> Result<maze::MazeRequest, ApiError> {
    let accepts = Accepts {
        keys: &[GENERATE_KEYS, GENERATE_FLAGS, DRAW_KEYS, DRAW_FLAGS, ANIMATION_KEYS, &["format", "solve"]],
        own: &[],
    };
    let mut request = request_of(params, &accepts)?;
    if !params.iter().any(|(k, _)| key(k) == "format") {
        request.format = Format::Svg;
    }
    request.max_cells = limit_for(request.format);
    request.max_bytes = MAX_ANSWER_BYTES;
    Ok(request)
}

/// `GET /api/generate`: a maze as JSON, with geometry and events on request; with
/// `packed=1`, the page's compact binary answer with both (see [`super::packed`]).
async fn generate(q: Params) -> Result<Response, ApiError> {
    let params = params(q)?;
    generated(&params, &params).await
}

/// `POST /api/generate`: the same, the request's fields as a JSON object in the body (as
/// `maze::MazeRequest` serialises: `{"shape": "hex", "width": 8, "where": [...]}`) and the
/// API's own switches (`events`, `geometry`, `packed`) in the query.
async fn generate_posted(q: Params, body: Body, deadline: Duration) -> Result<Response, ApiError> {
    let own = params(q)?;
    if let Some((k, _)) =
        own.iter().find(|(k, _)| !["events", "geometry", "packed"].contains(&key(k).as_str()))
    {
        return Err(ApiError::bad(format!(
            "unknown parameter '{k}' in the query: with POST, the request's fields go in the JSON body"
        )));
    }
    let text = body_text(body, deadline).await?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| ApiError::bad(format!("the body is not a JSON object of request fields: {e}")))?;
    let serde_json::Value::Object(object) = json else {
        return Err(ApiError::bad("the body is not a JSON object of request fields (docs/API.md)"));
    };
    // The object's values as the text a query gives, so both are read and checked alike.
    let mut fields = Vec::new();
    for (k, v) in object {
        let text = |v: &serde_json::Value| match v {
            serde_json::Value::String(s) => Ok(s.clone()),
            serde_json::Value::Number(n) => Ok(n.to_string()),
            serde_json::Value::Bool(b) => Ok(if *b { "1" } else { "0" }.to_string()),
            _ => Err(ApiError::bad(format!("'{k}': expected a string, a number or true/false"))),
        };
        match &v {
            serde_json::Value::Null => {}
            serde_json::Value::Array(items) => {
                for item in items {
                    fields.push((k.clone(), text(item)?));
                }
            }
            other => fields.push((k.clone(), text(other)?)),
        }
    }
    generated(&own, &fields).await
}

/// The answer of `/api/generate` for the API's own switches in `own` and the request's
/// fields in `fields`.
async fn generated(own: &[(String, String)], fields: &[(String, String)]) -> Result<Response, ApiError> {
    let packed = switch(own, "packed")?;
    let events = switch(own, "events")? || packed;
    let geometry = switch(own, "geometry")? || packed;
    let heavy = events || geometry;
    // The JSON geometry is about 400 bytes a cell: it has a lower limit than the packed one.
    let request = generate_request(fields, heavy && !packed)?;
    let seed = request.seed.unwrap_or_else(maze::fresh_seed);
    let body = blocking(lane(lane_cells(&request).await, false), move || {
        let plan = maze::Plan::new(&request)
            .map_err(|e| if heavy { e.context("with geometry or events (the page's view)") } else { e })?;
        plan.spec().visit(GenerateView { args: &request, seed, events, geometry, packed })
    })
    .await?;
    let kind = if packed { "application/octet-stream" } else { "application/json" };
    Ok(([(header::CONTENT_TYPE, kind)], body).into_response())
}

/// `GET /api/render`: generates a maze and sends it as a file in any format.
async fn render_generated(q: Params) -> Result<Response, ApiError> {
    let request = render_request(&params(q)?)?;
    let seed = request.seed.unwrap_or_else(maze::fresh_seed);
    let (width, height) = maze::masks::dimensions(&request, None);
    let name = format!("maze-{}-{width}x{height}-{seed}", request.shape.name());
    let format = request.format;
    let animation = request.animated();
    let cells = lane_cells(&request).await;
    let bytes =
        blocking(lane(cells, animation), move || Ok(maze::Plan::new(&request)?.to_vec(seed)?)).await?;
    Ok(file_response(format, &name, bytes))
}

/// `POST /api/render`: draws a maze sent as JSON (with its saved solution, if any).
async fn render_posted(q: Params, body: Body, deadline: Duration) -> Result<Response, ApiError> {
    let params = params(q)?;
    let keep_solution = !switch(&params, "no-solution")?;
    let accepts = Accepts { keys: &[DRAW_KEYS, DRAW_FLAGS, &["format"]], own: &["no-solution"] };
    let mut request = request_of(&params, &accepts)?;
    if !params.iter().any(|(k, _)| key(k) == "format") {
        request.format = Format::Svg;
    }
    if request.format == Format::Gif {
        return Err(ApiError::bad(
            "gif is an animation: use GET /api/render?format=gif with generation parameters",
        ));
    }
    let file = maze_file(body, deadline).await?;
    request.max_cells = limit_for(request.format);
    request.max_bytes = MAX_ANSWER_BYTES;
    // The file name is built from the checked shape, never from the request's text.
    let spec = file.spec(request.max_cells).map_err(|e| ApiError::from(anyhow::Error::new(e)))?;
    let name = format!("maze-{}-{}x{}", spec.kind.name(), spec.width, spec.height);
    let format = request.format;
    let bytes = blocking(lane(spec.cells(), false), move || {
        let job =
            maze::FileRequest { file: &file, name: None, solve: None, keep_solution, request: &request };
        let mut out = Vec::new();
        maze::redraw(job)?.write(&mut out)?;
        Ok(out)
    })
    .await?;
    Ok(file_response(format, &name, bytes))
}

/// `POST /api/solve`: solves a maze sent as JSON.
async fn solve(q: Params, body: Body, deadline: Duration) -> Result<Response, ApiError> {
    let params = params(q)?;
    let events = switch(&params, "events")?;
    let own = fields(&params, &Accepts { keys: &[&["algorithm", "from", "to"]], own: &["events"] })?;
    let solver = parsed::<Solver>(&own, "algorithm")?.unwrap_or(Solver::Bfs);
    let (from, to) = (parsed(&own, "from")?, parsed(&own, "to")?);
    let file = maze_file(body, deadline).await?;
    let body = blocking(lane(file.cells, false), move || {
        let spec = file.spec(if events { MAX_GEOMETRY_CELLS } else { MAX_CELLS })?;
        spec.visit(SolveView { file: &file, solver, from, to, events })
    })
    .await?;
    Ok(json_response(body))
}

/// The cells a generate request's job works on, to choose its lane: the checked shape's
/// cells, a mask's own cells rather than its rectangle's (with `mask-connect` on a mask in
/// pieces, the rectangle's, over which the joining works), a polar maze's real count
/// ([`maze::masks::cells_before_joining`]). Reading a mask takes a moment, so it runs as
/// a small job; a shape that fails its checks is measured by its rectangle, and its job
/// gives the error.
async fn lane_cells(request: &maze::MazeRequest) -> u64 {
    let (w, h) = maze::masks::dimensions(request, None);
    let rectangle = u64::from(w) * u64::from(h) * u64::from(request.levels.max(1));
    let (shape, max_cells) = (request.clone(), request.max_cells);
    let measure = move || maze::masks::cells_before_joining(&shape, max_cells).map_err(anyhow::Error::from);
    let has_mask = request.mask_text.is_some() || request.mask_data.is_some();
    let measured = if has_mask { blocking(&SMALL, measure).await.ok() } else { measure().ok() };
    measured.unwrap_or(rectangle)
}

fn limit_for(format: Format) -> u64 {
    match format {
        Format::Json | Format::Maze | Format::Svg | Format::Text | Format::Unicode => MAX_CELLS,
        _ => MAX_DRAWN_CELLS,
    }
}

/// A file to download: its content type and a `Content-Disposition` file name.
fn file_response(format: Format, name: &str, bytes: Vec<u8>) -> Response {
    let content_type = match format {
        Format::Json => "application/json",
        Format::Svg => "image/svg+xml",
        Format::Png => "image/png",
        Format::Pdf => "application/pdf",
        Format::Gif => "image/gif",
        Format::Stl => "model/stl",
        Format::Tex => "application/x-tex; charset=utf-8",
        Format::Maze => "application/octet-stream",
        _ => "text/plain; charset=utf-8",
    };
    // `name` is built from checked values only; should it ever hold something a header
    // cannot, the file is still sent, as "maze".
    let safe = |n: &str| n.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b));
    let name = if safe(name) { name } else { "maze" };
    let disposition = format!("attachment; filename=\"{name}.{}\"", format.extension());
    ([(header::CONTENT_TYPE, content_type.to_string()), (header::CONTENT_DISPOSITION, disposition)], bytes)
        .into_response()
}

/// Builds the `/api/generate` answer once the shape is known.
struct GenerateView<'a> {
    args: &'a maze::MazeRequest,
    seed: u64,
    events: bool,
    geometry: bool,
    packed: bool,
}

impl ShapeVisitor for GenerateView<'_> {
    type Output = anyhow::Result<Vec<u8>>;

    fn visit<S: Shape>(self, shape: S) -> anyhow::Result<Vec<u8>> {
        let limit = if self.packed { super::packed::MAX_PACKED_EVENTS } else { MAX_EVENTS };
        let built = maze::build(shape, self.args, self.seed, self.events.then_some(limit))?;
        cancel::check()?;
        let maze = &built.maze;
        let solution = built.solution.as_ref().map(|(v, s)| (v.name(), s));
        let shortest = Solver::Bfs.solve(maze, maze.entrance(), maze.exit(), &mut ())?;
        let shortest = shortest.path.len().saturating_sub(1);
        cancel::check()?;
        if self.packed {
            let head = super::packed::Head {
                provenance: &built.provenance,
                shortest,
                solution,
                recording: built.recording.as_ref().map(|(_, t)| t),
                solve_trace: built.solve_trace.as_ref(),
            };
            return Ok(super::packed::page(maze, &head));
        }
        let mut extra: Vec<(&str, String)> = Vec::new();
        extra.push(("shortest", shortest.to_string()));
        if self.geometry {
            extra.push(("geometry", geometry(maze)));
        }
        if let Some((_, trace)) = &built.recording {
            extra.push(("events", events(maze.shape(), trace)));
        }
        if let Some(trace) = &built.solve_trace {
            extra.push(("solve_events", events(maze.shape(), trace)));
        }
        Ok(splice(json::to_json(maze, &built.provenance, solution, false), &extra).into_bytes())
    }
}

/// Solves a posted maze once the shape is known.
struct SolveView<'a> {
    file: &'a MazeFile,
    solver: Solver,
    from: Option<maze::masks::EndSpec>,
    to: Option<maze::masks::EndSpec>,
    events: bool,
}

impl ShapeVisitor for SolveView<'_> {
    type Output = anyhow::Result<String>;

    fn visit<S: Shape>(self, shape: S) -> anyhow::Result<String> {
        let (mut maze, _) = self.file.to_maze(shape)?;
        if self.from.is_some() || self.to.is_some() {
            let mut rng = maze_core::Xoshiro::seed_from_u64(self.file.seed.unwrap_or(0));
            maze::masks::place_ends(&mut maze, self.from, self.to, &mut rng)?;
        }
        let (from, to) = (maze.entrance(), maze.exit());
        let mut trace = Trace::with_limit(MAX_EVENTS);
        let solution = if self.events {
            self.solver.solve(&maze, from, to, &mut trace)?
        } else {
            self.solver.solve(&maze, from, to, &mut ())?
        };
        let ids = |cells: &[CellId]| {
            let v: Vec<u32> = cells.iter().map(|c| c.0).collect();
            serde_json::to_string(&v).unwrap_or_default()
        };
        let mut out = format!(
            "{{\"algorithm\":\"{}\",\"from\":{},\"to\":{},\"steps\":{},\"path\":{},\"visited\":{}",
            self.solver.name(),
            from.0,
            to.0,
            solution.path.len().saturating_sub(1),
            ids(&solution.path),
            ids(&solution.visited)
        );
        if self.events {
            let _ = write!(out, ",\"events\":{}", events(maze.shape(), &trace));
        }
        out.push_str("}\n");
        Ok(out)
    }
}

/// Adds keys to the end of a JSON object written by [`json::to_json`].
fn splice(mut doc: String, extra: &[(&str, String)]) -> String {
    let trimmed = doc.trim_end().len();
    doc.truncate(trimmed);
    if doc.ends_with('}') {
        doc.pop();
        let trimmed = doc.trim_end().len();
        doc.truncate(trimmed);
        for (k, v) in extra {
            let _ = write!(doc, ",\n  \"{k}\": {v}");
        }
        doc.push_str("\n}\n");
    }
    doc
}

/// A coordinate rounded to 1/10000 of a cell.
fn num(out: &mut String, x: f64) {
    let r = (x * 10_000.0).round() / 10_000.0;
    let _ = write!(out, "{}", if r == 0.0 { 0.0 } else { r });
}

/// The drawing of a maze in cell units, so a page can draw, animate and play any shape:
/// `{"width", "height", "centres": [[x,y]...], "outlines": [[x,y,x,y...]...],
/// "walls": [[a,b,x1,y1,x2,y2]...], "boundary": [[cell,x1,y1,x2,y2,open]...],
/// "stairs": [[a,b,open]...]}`. `walls` holds every wall as pictures draw it
/// ([`Shape::draws_wall`]): a wall between two cells once, from the lower cell (a < b); a
/// seam of a wrapped maze twice, once from each side, each on its own border (`[a,b,...]`
/// and `[b,a,...]`, the first cell the one whose border it is). `stairs` lists the stairs of
/// a multi-level maze, which are not walls: cell `a` and the cell `b` above it, and whether
/// the stair is open. A curved wall (circular mazes) carries the centre of its circle at the
/// end: `[a,b,x1,y1,x2,y2,cx,cy]`, `[cell,x1,y1,x2,y2,open,cx,cy]` (the wall is the shorter
/// arc between its ends). Outlines follow curved sides closely.
fn geometry<S: Shape>(maze: &Maze<S>) -> String {
    let shape = maze.shape();
    let ext = shape.extent();
    let n = maze.cell_count();
    let mut out = String::with_capacity(n as usize * 160);
    out.push_str("{\"width\":");
    num(&mut out, ext.x);
    out.push_str(",\"height\":");
    num(&mut out, ext.y);
    out.push_str(",\"centres\":[");
    for c in 0..n {
        let p = shape.centre(CellId(c));
        out.push_str(if c == 0 { "[" } else { ",[" });
        num(&mut out, p.x);
        out.push(',');
        num(&mut out, p.y);
        out.push(']');
    }
    out.push_str("],\"outlines\":[");
    for c in 0..n {
        out.push_str(if c == 0 { "[" } else { ",[" });
        for (i, p) in shape.fill_outline(CellId(c)).iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            num(&mut out, p.x);
            out.push(',');
            num(&mut out, p.y);
        }
        out.push(']');
    }
    let mut walls = String::new();
    let mut boundary = String::new();
    each_wall(maze, |w| {
        let target = match w.other {
            Some(other) => {
                let _ =
                    write!(walls, "{}[{},{},", if walls.is_empty() { "" } else { "," }, w.cell.0, other.0);
                &mut walls
            }
            None => {
                let _ = write!(boundary, "{}[{},", if boundary.is_empty() { "" } else { "," }, w.cell.0);
                &mut boundary
            }
        };
        let [a, b] = w.ends;
        num(target, a.x);
        target.push(',');
        num(target, a.y);
        target.push(',');
        num(target, b.x);
        target.push(',');
        num(target, b.y);
        if w.other.is_none() {
            target.push_str(if w.open { ",1" } else { ",0" });
        }
        if let Some(o) = w.arc {
            target.push(',');
            num(target, o.x);
            target.push(',');
            num(target, o.y);
        }
        target.push(']');
    });
    let mut stairs = String::new();
    each_stair(maze, |a, b, open| {
        let _ = write!(
            stairs,
            "{}[{},{},{}]",
            if stairs.is_empty() { "" } else { "," },
            a.0,
            b.0,
            u8::from(open)
        );
    });
    let _ = write!(out, "],\"walls\":[{walls}],\"boundary\":[{boundary}],\"stairs\":[{stairs}]}}");
    out
}

/// One wall as the page draws it: between `cell` and `other` (`None` on the boundary).
pub(crate) struct DrawnWall {
    pub cell: CellId,
    pub other: Option<CellId>,
    pub ends: [Point; 2],
    /// The centre of the wall's circle, for a curved wall.
    pub arc: Option<Point>,
    pub open: bool,
}

/// Every wall of `maze` as pictures draw it ([`Shape::draws_wall`]), in cell order and door
/// order: a wall between two cells from the lower cell, a seam of a wrapped maze from each
/// of its two cells (each side on its own border), boundary walls from their cell; stairs
/// are not walls ([`each_stair`]). The order of the JSON geometry and the packed answer
/// alike.
pub(crate) fn each_wall<S: Shape>(maze: &Maze<S>, mut f: impl FnMut(DrawnWall)) {
    let shape = maze.shape();
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            if !shape.draws_wall(cell, d) {
                continue;
            }
            let other = shape.neighbour(cell, d);
            f(DrawnWall {
                cell,
                other,
                ends: shape.wall_segment(cell, d),
                arc: shape.wall_arc(cell, d),
                open: maze.is_open(cell, d),
            });
        }
    }
}

/// Every stair of a multi-level maze once, in cell order: the cell, the cell above it and
/// whether the stair is open (none for other mazes). The order of the JSON geometry and the
/// packed answer alike.
pub(crate) fn each_stair<S: Shape>(maze: &Maze<S>, mut f: impl FnMut(CellId, CellId, bool)) {
    let shape = maze.shape();
    if shape.spec().levels <= 1 {
        return;
    }
    for c in 0..maze.cell_count() {
        let cell = CellId(c);
        for d in shape.doors(cell).iter() {
            if shape.door_kind(cell, d) != (DoorKind::Stair { up: true }) {
                continue;
            }
            if let Some(above) = shape.neighbour(cell, d) {
                f(cell, above, maze.is_open(cell, d));
            }
        }
    }
}

/// The names of recorded steps, by the code [`event_parts`] gives them.
pub(crate) const EVENT_NAMES: [&str; 8] =
    ["reset", "visit", "carve", "wall", "frontier", "backtrack", "path", "dead"];

/// A recorded step as `(code, a, b)`: its code in [`EVENT_NAMES`]; `a` the cell (for a
/// reset, 1 when every wall starts open); `b` the cell behind the door for carve and wall
/// (−1 for the outside), else −1.
pub(crate) fn event_parts<S: Shape>(shape: &S, e: &Event) -> (usize, i64, i64) {
    let other = |c: CellId, d: u8| -> i64 {
        if d >= S::Door::COUNT || c.0 >= shape.cell_count() {
            return -1;
        }
        shape.neighbour(c, S::Door::from_index(d)).map_or(-1, |n| i64::from(n.0))
    };
    let id = |c: CellId| i64::from(c.0);
    match *e {
        Event::Reset { open } => (0, i64::from(open), -1),
        Event::Visit(c) => (1, id(c), -1),
        Event::Carve(c, d) => (2, id(c), other(c, d)),
        Event::Wall(c, d) => (3, id(c), other(c, d)),
        Event::Frontier(c) => (4, id(c), -1),
        Event::Backtrack(c) => (5, id(c), -1),
        Event::OnPath(c) => (6, id(c), -1),
        Event::Dead(c) => (7, id(c), -1),
    }
}

/// A recording in cell-pair form: `{"steps": [["carve",a,b], ["visit",c], ...],
/// "truncated": bool, "total": n}`; a door to the outside is cell -1.
fn events<S: Shape>(shape: &S, trace: &Trace) -> String {
    let mut out = String::with_capacity(trace.events.len() * 16 + 64);
    out.push_str("{\"steps\":[");
    for (i, e) in trace.events.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let (code, a, b) = event_parts(shape, e);
        let name = EVENT_NAMES[code];
        let _ = match code {
            0 => write!(out, "[\"{name}\",{}]", a == 1),
            2 | 3 => write!(out, "[\"{name}\",{a},{b}]"),
            _ => write!(out, "[\"{name}\",{a}]"),
        };
    }
    let _ = write!(out, "],\"truncated\":{},\"total\":{}}}", trace.truncated(), trace.seen);
    out
}
