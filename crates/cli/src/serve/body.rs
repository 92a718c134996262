//! Request bodies (`POST`): admitted by count and by bytes before any byte of them is
//! read, read into one buffer of the length they announce, and given back to the system
//! whole when their request ends.
//!
//! A body's bytes are counted from its `Content-Length` (a body without one, sent in
//! chunks, counts as the largest, [`MAX_BODY`](super::MAX_BODY)) and admitted into one of
//! two pools: small bodies (at most [`SMALL_BODY`] bytes, the page's JSON requests) at most
//! [`MAX_SMALL_BODIES`] at once, and the others at most [`MAX_BODIES`](super::MAX_BODIES)
//! at once and [`MAX_BODY_BYTES`] in all. A body that does not fit waits, unread (its bytes
//! stay in the kernel's socket buffers, not in the server), until others end; the
//! request's own deadline (`--request-timeout`) bounds the wait. So stalled uploads hold
//! at most [`MAX_BODY_BYTES`] of the server's memory whatever their number, and a small
//! request is never queued behind large uploads.
//!
//! The buffer is an anonymous memory mapping of the announced length: its pages are
//! touched only as bytes arrive, and it goes back to the system when it is dropped, where
//! memory freed to the allocator may stay with the process.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderMap, StatusCode, header};
use http_body_util::BodyExt;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::api::ApiError;

/// A body of at most this many bytes is small: it has a pool of its own.
pub const SMALL_BODY: usize = 64 << 10;
/// At most this many small bodies are read at once (at most 4 MiB).
pub const MAX_SMALL_BODIES: usize = 64;
/// The most bytes of larger bodies admitted at once (their announced lengths, added up).
pub const MAX_BODY_BYTES: usize = 64 << 20;

/// One pool of bodies: a count and a byte budget, and figures for `/api/status`.
struct Pool {
    count: Arc<Semaphore>,
    bytes: Arc<Semaphore>,
    limit: usize,
    byte_limit: usize,
    reading: AtomicUsize,
    held: AtomicUsize,
    waiting: AtomicUsize,
    peak: AtomicUsize,
    bytes_peak: AtomicUsize,
}

impl Pool {
    fn new(limit: usize, byte_limit: usize) -> Self {
        Pool {
            count: Arc::new(Semaphore::new(limit)),
            bytes: Arc::new(Semaphore::new(byte_limit)),
            limit,
            byte_limit,
            reading: AtomicUsize::new(0),
            held: AtomicUsize::new(0),
            waiting: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
            bytes_peak: AtomicUsize::new(0),
        }
    }

    fn status(&self) -> serde_json::Value {
        serde_json::json!({
            "limit": self.limit,
            "bytes_limit": self.byte_limit,
            "reading": self.reading.load(Ordering::Relaxed),
            "bytes": self.held.load(Ordering::Relaxed),
            "waiting": self.waiting.load(Ordering::Relaxed),
            "peak": self.peak.load(Ordering::Relaxed),
            "bytes_peak": self.bytes_peak.load(Ordering::Relaxed),
        })
    }
}

static LARGE: LazyLock<Pool> = LazyLock::new(|| Pool::new(super::MAX_BODIES, MAX_BODY_BYTES));
static SMALL: LazyLock<Pool> = LazyLock::new(|| Pool::new(MAX_SMALL_BODIES, MAX_SMALL_BODIES * SMALL_BODY));

/// The two pools, for `/api/status`: `bodies` (the larger ones) and `small_bodies`.
pub fn status() -> (serde_json::Value, serde_json::Value) {
    (LARGE.status(), SMALL.status())
}

/// A body's place in its pool, given back when dropped.
pub struct Admitted {
    pool: &'static Pool,
    bytes: usize,
    _count: OwnedSemaphorePermit,
    _bytes: OwnedSemaphorePermit,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        self.pool.reading.fetch_sub(1, Ordering::Relaxed);
        self.pool.held.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

/// The bytes a request's body announces (`Content-Length`), `None` for a body sent in
/// chunks; a length over [`MAX_BODY`](super::MAX_BODY) is a 413 before anything is read.
///
/// # Errors
/// 413 for a body too large, 400 for a length that is not a number.
pub fn announced(headers: &HeaderMap) -> Result<Option<usize>, ApiError> {
    let Some(value) = headers.get(header::CONTENT_LENGTH) else { return Ok(None) };
    let length: u64 =
        value.to_str().ok().and_then(|v| v.trim().parse().ok()).ok_or_else(|| {
            ApiError::new(StatusCode::BAD_REQUEST, "the Content-Length header is not a number")
        })?;
    if length > super::MAX_BODY as u64 {
        return Err(too_large());
    }
    Ok(Some(length as usize))
}

fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "the request body is too large (8 MiB at most)")
}

/// Waits for room for a body of `length` bytes (`None`: sent in chunks, counted as the
/// largest) in its pool; nothing of it is read before.
///
/// # Errors
/// 503 when the server is shutting down.
pub async fn admit(length: Option<usize>) -> Result<Admitted, ApiError> {
    let bytes = length.unwrap_or(super::MAX_BODY);
    let pool: &'static Pool = if bytes <= SMALL_BODY { &SMALL } else { &LARGE };
    let shutting = || ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down");
    let (count, held) = {
        pool.waiting.fetch_add(1, Ordering::Relaxed);
        struct Waiting(&'static Pool);
        impl Drop for Waiting {
            fn drop(&mut self) {
                self.0.waiting.fetch_sub(1, Ordering::Relaxed);
            }
        }
        let _waiting = Waiting(pool);
        let count = pool.count.clone().acquire_owned().await.map_err(|_| shutting())?;
        // At most MAX_BODY (8 MiB) a body, so the count fits a u32.
        let held = pool.bytes.clone().acquire_many_owned(bytes as u32).await.map_err(|_| shutting())?;
        (count, held)
    };
    let reading = pool.reading.fetch_add(1, Ordering::Relaxed) + 1;
    pool.peak.fetch_max(reading, Ordering::Relaxed);
    let total = pool.held.fetch_add(bytes, Ordering::Relaxed) + bytes;
    pool.bytes_peak.fetch_max(total, Ordering::Relaxed);
    Ok(Admitted { pool, bytes, _count: count, _bytes: held })
}

/// A body read whole: its bytes in a mapping of their own.
pub struct Buffer {
    map: Option<memmap2::MmapMut>,
    filled: usize,
}

impl Buffer {
    /// The body as text.
    ///
    /// # Errors
    /// 400 when it is not UTF-8.
    pub fn text(&self) -> Result<&str, ApiError> {
        let bytes = self.map.as_ref().map_or(&[][..], |m| &m[..self.filled]);
        std::str::from_utf8(bytes)
            .map_err(|_| ApiError::new(StatusCode::BAD_REQUEST, "the request body is not UTF-8 text"))
    }
}

/// Reads an admitted body of `length` bytes (`None`: sent in chunks, at most
/// [`MAX_BODY`](super::MAX_BODY)) within `deadline` in all.
///
/// # Errors
/// 408 for a body that stalls or arrives too slowly, 413 for one too large, 400 for a
/// broken one, 503 when the system has no memory to map.
pub async fn read(body: Body, length: Option<usize>, deadline: Duration) -> Result<Buffer, ApiError> {
    let capacity = length.unwrap_or(super::MAX_BODY);
    let mut buffer = Buffer { map: None, filled: 0 };
    if capacity > 0 {
        let map = memmap2::MmapMut::map_anon(capacity).map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server has no memory for this body now: try again",
            )
        })?;
        buffer.map = Some(map);
    }
    let fill = async {
        let mut body = body;
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(read_error)?;
            let Ok(data) = frame.into_data() else { continue };
            let end = buffer.filled + data.len();
            match buffer.map.as_mut() {
                Some(map) if end <= capacity => map[buffer.filled..end].copy_from_slice(&data),
                _ if data.is_empty() => {}
                _ => return Err(too_large()),
            }
            buffer.filled = end;
        }
        Ok(())
    };
    match tokio::time::timeout(deadline, fill).await {
        Err(_) => Err(ApiError::new(StatusCode::REQUEST_TIMEOUT, "the request body arrived too slowly")),
        Ok(Err(e)) => Err(e),
        Ok(Ok(())) => Ok(buffer),
    }
}

/// What a failed read means: too large (tower-http's limit), stalled (its body timeout),
/// or broken.
fn read_error(e: axum::Error) -> ApiError {
    // The causes of a failed read, outermost first.
    let mut causes: Vec<&(dyn std::error::Error + 'static)> = Vec::new();
    let mut cause = std::error::Error::source(&e);
    while let Some(c) = cause {
        causes.push(c);
        cause = c.source();
    }
    let too_large_body = causes.iter().any(|c| c.is::<http_body_util::LengthLimitError>())
        || e.to_string().contains("length limit");
    let stalled = causes.iter().any(|c| c.is::<tower_http::timeout::TimeoutError>());
    if too_large_body {
        too_large()
    } else if stalled {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "the request body stalled: nothing more arrived within the server's idle timeout",
        )
    } else {
        ApiError::new(StatusCode::BAD_REQUEST, format!("cannot read the request body: {e}"))
    }
}
