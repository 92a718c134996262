//! `maze serve`: a local web page to generate, watch, play and download mazes, and the JSON
//! API it uses (documented in `docs/API.md`).
//!
//! The page (HTML, CSS and JavaScript, no build step, no external resources) is embedded in
//! the binary. Every request that does real work (generating, solving, drawing) runs on
//! tokio's blocking pool, so a slow request never holds up the others, and a panic there
//! becomes a 500 answer instead of taking the server down.

mod api;

use std::io::Write;
use std::net::SocketAddr;

use anyhow::{Context, Result};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::args::ServeArgs;

/// The largest request body (a maze JSON file for `/api/solve` or `/api/render`): 8 MiB.
pub const MAX_BODY: usize = 8 << 20;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// `maze serve`.
pub fn run(args: ServeArgs) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(serve(args))
}

/// The routes: the page, its two assets, the API, and a JSON 404 for anything else.
pub fn router() -> Router {
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .merge(api::routes())
        .fallback(|| async {
            api::ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint (see docs/API.md)")
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
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
    axum::serve(listener, router())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("the server stopped")?;
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
