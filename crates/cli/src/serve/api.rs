//! The JSON API: `/api/list`, `/api/generate` (GET, or POST with a JSON request),
//! `/api/solve` and `/api/render`.
//!
//! What each endpoint means (its parameters, checks, limits, answers and error words) is
//! the library's, in [`maze::api`], shared with the page's WebAssembly module; this module
//! is the transport: it reads queries and bodies (within their deadlines and sizes), runs
//! each [`maze::api::Job`] in a lane, cancels it when its client goes away, and sends the
//! answer. Errors are `{"error": "one line"}` with 400 (bad parameters), 404, 405, 408 (too
//! slow), 413 (too large), 422 (no path), 503 (busy or shutting down) or 500 (a bug; the
//! server goes on).
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
//! really ends and its answer has been handed to the connection (see [`super::answer`]);
//! when its request goes away (the client disconnected, or the request timed out) its
//! cancellation flag is set and the job stops at its next check ([`maze_core::cancel`]).
//! A job compresses its own answer, in its slot, for a client that accepts it. Request
//! bodies are admitted by count and bytes before they are read ([`super::body`]).
//! `GET /api/status` shows the lanes, the bodies being read and the connections.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, OnceLock};

use axum::Router;
use axum::body::Body;
use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use maze::api::{self as lib, MAX_GEOMETRY_CELLS};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use maze_core::cancel::{self, CancelOnDrop};

use super::answer::{self, Coding, Held};
use super::body;

/// An API error: a status and a one-line message, sent as `{"error": message}`.
#[derive(Debug)]
pub struct ApiError(lib::ApiError);

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError(lib::ApiError::new(status.as_u16(), message))
    }

    fn status(&self) -> StatusCode {
        StatusCode::from_u16(self.0.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

impl From<lib::ApiError> for ApiError {
    fn from(e: lib::ApiError) -> Self {
        ApiError(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), [(header::CONTENT_TYPE, "application/json")], self.0.to_json()).into_response()
    }
}

/// The API's routes; request bodies (`POST`) are admitted by count and bytes before they
/// are read ([`body`]), and read within twice the idle timeout.
pub fn routes(settings: super::Settings) -> Router {
    let s = settings;
    Router::new()
        .route("/api/list", get(list))
        .route("/api/status", get(status))
        .route(
            "/api/generate",
            get(move |q, h| generate(q, h, s)).post(move |q, h, b| checked_post("/api/generate", q, h, b, s)),
        )
        .route(
            "/api/render",
            get(move |q, h| render_generated(q, h, s))
                .post(move |q, h, b| checked_post("/api/render", q, h, b, s)),
        )
        .route("/api/solve", post(move |q, h, b| checked_post("/api/solve", q, h, b, s)))
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

/// At most this many heavy jobs (generating, solving, drawing) run at once, fewer when
/// they are large (a job takes a slot for every [`HEAVY_SLOT_CELLS`] cells it works on);
/// further ones wait their turn, so a burst of large requests cannot exhaust memory.
pub const MAX_JOBS: usize = 8;
/// A heavy job takes one slot of its lane for every this many cells (rounded up): a
/// million-cell job takes 2, so at most 4 of them run (or wait for their answers to be
/// taken) at once. The machine's two cores are no faster with more at once, and each
/// such job holds up to about 230 MB (a packed answer with its solution).
pub const HEAVY_SLOT_CELLS: u64 = 500_000;
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
    /// A job takes a slot for every this many cells (`None`: one slot a job).
    slot_cells: Option<u64>,
    running: AtomicUsize,
    waiting: AtomicUsize,
    peak: AtomicUsize,
    cancelled: AtomicUsize,
    /// Answers of this lane's jobs being sent (each still holding its slot).
    sending: AtomicUsize,
    /// Answers compressed by their job.
    compressed: AtomicUsize,
}

impl Lane {
    fn new(limit: usize, up_to: Option<u64>, slot_cells: Option<u64>) -> Self {
        Lane {
            slots: Arc::new(Semaphore::new(limit)),
            limit,
            up_to,
            slot_cells,
            running: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            cancelled: AtomicUsize::new(0),
            sending: AtomicUsize::new(0),
            compressed: AtomicUsize::new(0),
        }
    }

    /// The slots a job of `cells` cells takes (one at least, the whole lane at most).
    fn slots_for(&self, cells: u64) -> u32 {
        let slots = self.slot_cells.map_or(1, |per| cells.div_ceil(per.max(1)));
        slots.clamp(1, self.limit as u64) as u32
    }

    fn status(&self) -> serde_json::Value {
        serde_json::json!({
            "limit": self.limit,
            "cells_up_to": self.up_to,
            "cells_per_slot": self.slot_cells,
            "slots_used": self.limit - self.slots.available_permits(),
            "running": self.running.load(Ordering::Relaxed),
            "waiting": self.waiting.load(Ordering::Relaxed),
            "peak": self.peak.load(Ordering::Relaxed),
            "cancelled": self.cancelled.load(Ordering::Relaxed),
            "sending": self.sending.load(Ordering::Relaxed),
            "compressed": self.compressed.load(Ordering::Relaxed),
        })
    }
}

static HEAVY: LazyLock<Lane> = LazyLock::new(|| Lane::new(MAX_JOBS, None, Some(HEAVY_SLOT_CELLS)));
static MEDIUM: LazyLock<Lane> = LazyLock::new(|| Lane::new(MAX_MEDIUM_JOBS, Some(MEDIUM_CELLS), None));
static SMALL: LazyLock<Lane> = LazyLock::new(|| Lane::new(MAX_SMALL_JOBS, Some(SMALL_CELLS), None));
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

/// An answer of a lane being sent: counted in `/api/status` until dropped.
pub struct Sending(#[allow(dead_code)] Count<'static>);

/// Runs CPU-heavy work on the blocking pool in `lane`, taking the slots a job of `cells`
/// cells takes there ([`Lane::slots_for`]). The slot is held by the job itself
/// until it ends, even if this future is dropped (the client went away): the job is then
/// cancelled at its next check. A panic in the job is a 500, not a dead server. The slot
/// is given back with the result, for the answer to hold until it is sent.
async fn blocking<T: Send + 'static>(
    lane: &'static Lane,
    cells: u64,
    f: impl FnOnce() -> lib::ApiResult<T> + Send + 'static,
) -> Result<(T, OwnedSemaphorePermit), ApiError> {
    let permit = {
        let _waiting = Count::up(&lane.waiting);
        lane.slots.clone().acquire_many_owned(lane.slots_for(cells)).await
    };
    let Ok(permit) = permit else {
        return Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down"));
    };
    let flag = Arc::new(AtomicBool::new(false));
    let guard = CancelOnDrop(Some(flag.clone()));
    let joined = tokio::task::spawn_blocking(move || {
        let running = Count::up(&lane.running);
        lane.peak.fetch_max(lane.running.load(Ordering::Relaxed), Ordering::Relaxed);
        // A request that went away before its job started leaves nothing to do.
        let job = || cancel::check().map_err(lib::ApiError::from).and_then(|()| f());
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cancel::with_flag(flag, job)));
        if matches!(&result, Ok(Err(e)) if e.status == StatusCode::REQUEST_TIMEOUT.as_u16()) {
            lane.cancelled.fetch_add(1, Ordering::Relaxed);
        }
        drop(running);
        (result, permit)
    })
    .await;
    guard.disarm();
    match joined {
        Ok((Ok(result), permit)) => result.map(|r| (r, permit)).map_err(ApiError::from),
        _ => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: this request failed (a bug: please report it); the server goes on",
        )),
    }
}

/// `GET /api/status`: the job lanes and the connections in use.
async fn status() -> Response {
    let (bodies, small_bodies) = body::status();
    let connections = CONNECTIONS.get().map_or(
        serde_json::Value::Null,
        |(slots, limit)| serde_json::json!({"limit": limit, "open": limit - slots.available_permits()}),
    );
    json_response(
        serde_json::json!({
            "jobs": HEAVY.status(),
            "medium_jobs": MEDIUM.status(),
            "small_jobs": SMALL.status(),
            "bodies": bodies,
            "small_bodies": small_bodies,
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
    json_response(lib::list())
}

/// Runs a checked job in its lane (measuring a mask's cells first, as a small job),
/// compresses its answer there for a client that accepts it (`coding`), and sends it
/// holding the lane's slot until it is handed over ([`Held`]).
async fn run(job: lib::Job, coding: Coding, settings: super::Settings) -> Result<Response, ApiError> {
    let (job, cells) = if job.measures_a_mask() {
        let (measured, _slot) = blocking(&SMALL, 0, move || {
            let cells = job.cells();
            Ok((job, cells))
        })
        .await?;
        measured
    } else {
        let cells = job.cells();
        (job, cells)
    };
    let lane = lane(cells, job.animation());
    let ((answer, compressible, coding), slot) = blocking(lane, cells, move || {
        let mut answer = job.run()?;
        let compressible = answer::compressible(answer.content_type, answer.bytes.len());
        let coding = if compressible { coding } else { Coding::Identity };
        if coding != Coding::Identity {
            answer.bytes = answer::compress(&std::mem::take(&mut answer.bytes), coding)?;
            lane.compressed.fetch_add(1, Ordering::Relaxed);
        }
        Ok((answer, compressible, coding))
    })
    .await?;
    let sending = Sending(Count::up(&lane.sending));
    let body = Body::new(Held::new(answer.bytes, settings.request_timeout, (slot, sending)));
    let mut response = ([(header::CONTENT_TYPE, answer.content_type)], body).into_response();
    let headers = response.headers_mut();
    if let Some(word) = coding.word() {
        headers.insert(header::CONTENT_ENCODING, header::HeaderValue::from_static(word));
    }
    if compressible {
        headers.append(header::VARY, header::HeaderValue::from_static("accept-encoding"));
    }
    if let Some(name) = answer.file_name
        && let Ok(value) = header::HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
    {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}

/// `GET /api/generate` ([`lib::generate`]).
async fn generate(q: Params, headers: HeaderMap, settings: super::Settings) -> Result<Response, ApiError> {
    run(lib::generate(&params(q)?)?, Coding::preferred(&headers), settings).await
}

/// `GET /api/render` ([`lib::render`]).
async fn render_generated(
    q: Params,
    headers: HeaderMap,
    settings: super::Settings,
) -> Result<Response, ApiError> {
    run(lib::render(&params(q)?)?, Coding::preferred(&headers), settings).await
}

/// `POST /api/generate`, `/api/render` and `/api/solve` ([`lib::posted`]): the query is
/// checked before the body is read; the body waits for room ([`body::admit`]), is read
/// whole, and completes the job (parsed on the blocking pool, the body's room held until
/// then).
async fn checked_post(
    path: &str,
    q: Params,
    headers: HeaderMap,
    body: Body,
    settings: super::Settings,
) -> Result<Response, ApiError> {
    let checked = lib::posted(path, &params(q)?)?;
    let length = body::announced(&headers)?;
    let admitted = body::admit(length).await?;
    let buffer = body::read(body, length, settings.idle_timeout * 2).await?;
    let parse_lane = if length.is_some_and(|n| n <= body::SMALL_BODY) { &SMALL } else { &MEDIUM };
    let (job, _slot) = blocking(parse_lane, 0, move || {
        let job = checked.with_body(buffer.text().map_err(|e| e.0)?);
        drop((buffer, admitted));
        job
    })
    .await?;
    run(job, Coding::preferred(&headers), settings).await
}
