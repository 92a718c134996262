//! `maze serve`: a local web page to generate, watch, play and download mazes, and the JSON
//! API it uses (documented in `docs/API.md`).
//!
//! The page (HTML, CSS and JavaScript, no build step, no external resources) is embedded in
//! the binary. The server is built to survive hostile or careless clients:
//!
//! - at most `--max-connections` connections at once (a connection over the cap gets a
//!   JSON 503 and is closed at once, instead of waiting in the backlog);
//! - a connection that sends no complete request head for `--idle-timeout` seconds is
//!   closed (hyper's header read timeout, which also ends idle keep-alive connections);
//! - a request body must arrive within `--idle-timeout` between pieces and twice that in
//!   all (tower-http's body timeout, and a deadline around reading it), and be at most
//!   [`MAX_BODY`] bytes (a larger `Content-Length` is refused before reading). Bodies are
//!   admitted by count and bytes before any byte of them is read ([`body`]): small ones
//!   (64 KiB at most) in a pool of their own, larger ones at most [`MAX_BODIES`] at once and
//!   [`body::MAX_BODY_BYTES`] in all; the rest wait unread, within the request timeout (each
//!   still holding one of the `--max-connections` connections, but no memory). Each
//!   is read into one mapping of its announced length, given back to the system when its
//!   request ends, so stalled uploads hold at most that much memory, whatever their number,
//!   and hand it back when they end;
//! - a whole request may take `--request-timeout` seconds at most (default
//!   [`crate::args::REQUEST_TIMEOUT`]);
//! - work runs on tokio's blocking pool in three lanes by size (see [`api`]): a job keeps
//!   its slot until it really ends, even when its client has gone, and is cancelled at its
//!   next check; small and medium jobs have lanes of their own, so they are not queued
//!   behind the largest ones; a heavy job takes a slot per
//!   [`api::HEAVY_SLOT_CELLS`] cells;
//! - an answer keeps its job's slot until it has been handed to the connection, so a lane
//!   bounds its jobs and their unsent answers together; a connection being written to must
//!   take [`answer::MIN_PROGRESS`] bytes every idle timeout, and a whole answer within the
//!   request timeout, or it is closed ([`answer`]);
//! - every error, 404 and 405 included, is `{"error": "..."}`, even those hyper answers
//!   by itself (a malformed request, 414, 431: see [`bare`]);
//! - answers are compressed (gzip or brotli) for a client that says it accepts them: a
//!   job's answer by the job itself, on the blocking pool in its lane; tower-http, on the
//!   two async workers, compresses only small answers of other kinds (the page's assets);
//! - Ctrl-C (or SIGTERM) stops it within about a second, whatever clients are doing.

mod answer;
pub(crate) mod api;
mod bare;
mod body;

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::AsyncWriteExt;
use tokio::sync::Semaphore;
use tower_http::compression::Predicate;

use crate::args::ServeArgs;

/// The largest request body (a maze JSON file for `/api/solve` or `/api/render`): 8 MiB.
pub const MAX_BODY: usize = 8 << 20;

/// At most this many request bodies over 64 KiB are read at once (and at most
/// [`body::MAX_BODY_BYTES`] of them in all; see [`body`]).
pub const MAX_BODIES: usize = 16;

/// How long Ctrl-C waits for requests in flight before closing their connections.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(800);

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const WORDS_JS: &str = include_str!("assets/words.js");
const WORKSHEET_JS: &str = include_str!("assets/worksheet.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// The server's settings, from the command line.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Connections served at once.
    pub max_connections: usize,
    /// Header, idle and body-stall timeout.
    pub idle_timeout: Duration,
    /// The longest a whole request may take.
    pub request_timeout: Duration,
}

/// `maze serve`.
pub fn run(args: ServeArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result = runtime.block_on(serve(args));
    // Jobs still running on the blocking pool are abandoned, not waited for.
    runtime.shutdown_timeout(Duration::from_millis(200));
    result
}

/// The routes: the page, its assets (scripts and stylesheet), the API, and JSON errors for anything else.
pub fn router(settings: Settings) -> Router {
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/words.js", get(|| async { asset("text/javascript; charset=utf-8", WORDS_JS) }))
        .route("/worksheet.js", get(|| async { asset("text/javascript; charset=utf-8", WORKSHEET_JS) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .merge(api::routes(settings))
        .fallback(|| async {
            api::ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint (see docs/API.md)")
        })
        .method_not_allowed_fallback(|| async {
            api::ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this endpoint does not take that method (see docs/API.md)",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(settings.idle_timeout))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            settings.request_timeout,
        ))
        .layer(axum::middleware::from_fn(limit_headers))
        .layer(axum::middleware::map_response(api::json_errors))
        // Outermost, so it sees each answer as sent: gzip or brotli when the client asks
        // (browsers do), for the page's assets and the small answers that are not jobs'.
        // tower-http compresses on the runtime's async workers, so only answers of at most
        // answer::TOWER_COMPRESSES_UP_TO bytes; a job compresses its own answer on the
        // blocking pool (see answer), which this layer then leaves alone. tower-http's
        // default predicate leaves images, event streams and answers under 32 bytes
        // alone; the bytes decoded are the same as an uncompressed answer's. At the
        // fastest level: on a 1000 x 1000 packed answer (114 MB) gzip's default level took
        // about 4 times as long as level 1 for a result only 3% smaller.
        .layer(
            tower_http::compression::CompressionLayer::new()
                .gzip(true)
                .br(true)
                .quality(tower_http::CompressionLevel::Fastest)
                .compress_when(Predicate::and(tower_http::compression::DefaultPredicate::new(), SmallAnswer)),
        )
}

/// tower-http compresses an answer only if its size is known and at most
/// [`answer::TOWER_COMPRESSES_UP_TO`] bytes.
#[derive(Clone, Copy, Debug)]
struct SmallAnswer;

impl Predicate for SmallAnswer {
    fn should_compress<B: http_body::Body>(&self, response: &axum::http::Response<B>) -> bool {
        response.body().size_hint().upper().is_some_and(|n| n <= answer::TOWER_COMPRESSES_UP_TO)
    }
}

/// The most bytes of request headers (names and values) the server reads; hyper's own
/// limit (its read buffer, about 400 KB) is met or not depending on how the bytes arrive,
/// so this one, checked on every request, is the one a client can count on.
pub const MAX_HEADER_BYTES: usize = 64 << 10;

/// The most request headers; hyper refuses more than 100 by itself.
pub const MAX_HEADERS: usize = 100;

/// Answers 431 to a request whose headers are over [`MAX_HEADER_BYTES`] or [`MAX_HEADERS`],
/// before any route sees it.
async fn limit_headers(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let headers = request.headers();
    let bytes: usize = headers.iter().map(|(k, v)| k.as_str().len() + v.len() + 4).sum();
    if bytes > MAX_HEADER_BYTES || headers.len() > MAX_HEADERS {
        return api::ApiError::new(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, bare::HEADERS_TOO_LARGE)
            .into_response();
    }
    next.run(request).await
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stop_signal() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}

/// The answer to a connection over the cap, written before closing it.
fn busy() -> Vec<u8> {
    let body = "{\"error\":\"too many connections at once: try again in a moment\"}\n";
    format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\n\
         retry-after: 1\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

async fn serve(args: ServeArgs) -> Result<()> {
    let addr = SocketAddr::new(args.bind, args.port);
    let listener =
        tokio::net::TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr}"))?;
    let local = listener.local_addr()?;
    if !args.bind.is_loopback() {
        eprintln!(
            "warning: listening on {} makes the server reachable from the network; it has no authentication \
             (use the default --bind 127.0.0.1 to keep it local)",
            args.bind
        );
    }
    // What to open in a browser: a wildcard address is reached through loopback.
    let browse = if local.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), local.port())
    } else {
        local
    };
    let url = format!("http://{browse}/");
    let mut out = std::io::stdout();
    let _ = writeln!(out, "listening on {url} (Ctrl-C stops)");
    let _ = out.flush();
    if args.open {
        open_browser(&url);
    }
    let settings = Settings {
        max_connections: args.max_connections as usize,
        idle_timeout: Duration::from_secs_f64(args.idle_timeout),
        request_timeout: Duration::from_secs_f64(args.request_timeout),
    };
    let app = router(settings);
    let slots = Arc::new(Semaphore::new(settings.max_connections));
    api::set_connection_slots(slots.clone(), settings.max_connections);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => accepted,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was accepted:
            // wait a little and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Ok(permit) = slots.clone().try_acquire_owned() else {
            tokio::spawn(async move {
                let mut stream = stream;
                let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(&busy())).await;
                let _ = stream.shutdown().await;
            });
            continue;
        };
        let _ = stream.set_nodelay(true);
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new()).header_read_timeout(settings.idle_timeout).keep_alive(true);
        let paced = answer::Paced::new(stream, settings.idle_timeout);
        let io = TokioIo::new(bare::JsonBareErrors::new(paced));
        let connection = http.serve_connection(io, TowerToHyperService::new(app.clone()));
        let watched = graceful.watch(connection);
        tokio::spawn(async move {
            let _ = watched.await;
            drop(permit);
        });
    }
    drop(listener);
    // Let requests in flight finish for a moment, then close whatever is left.
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
    Ok(())
}

/// Opens `url` in the desktop's browser, quietly; the URL is printed anyway.
fn open_browser(url: &str) {
    use std::process::{Command, Stdio};
    let opener = if cfg!(target_os = "macos") { "open" } else { "xdg-open" };
    let started = Command::new(opener)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match started {
        // Reap it when it exits (xdg-open returns at once), so no zombie is left behind.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(_) => eprintln!("note: could not run {opener}; open {url} in a browser"),
    }
}

#[cfg(test)]
mod tests {
    /// The page sends each `data-field` element as the request's field of that name
    /// (app.js's plain fields) to `/api/generate`, and its links and downloads repeat
    /// them: each must be a field that endpoint takes (a maze or solving option).
    #[test]
    fn the_pages_plain_fields_are_fields_the_api_takes() {
        let taken = maze::api::fields_in(maze::api::GENERATE);
        let html = super::INDEX_HTML;
        let mut seen = 0;
        for (at, _) in html.match_indices("data-field=\"") {
            let name = html[at + 12..].split('"').next().expect("a quoted name");
            assert!(taken.contains(&name), "data-field=\"{name}\" is no field /api/generate takes");
            // app.js finds the field by its id and names it by its label.
            let tag_start = html[..at].rfind('<').expect("in a tag");
            let tag = &html[tag_start..at + html[at..].find('>').expect("a closed tag")];
            assert!(tag.contains(" id=\""), "data-field=\"{name}\" has no id: {tag}");
            let (open, close) = (html[..at].rfind("<label"), html[..at].rfind("</label>"));
            assert!(open > close, "data-field=\"{name}\" is not inside a <label>");
            seen += 1;
        }
        assert!(seen >= 5, "index.html's plain fields: {seen}");
    }
}
