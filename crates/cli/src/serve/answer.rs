//! Sending answers: compressed on the blocking pool inside their job, held against their
//! job's lane until sent, and sent only to a client that takes them.
//!
//! - **Compression** of a job's answer (gzip or brotli, as the client's `Accept-Encoding`
//!   prefers, at the fastest level) is part of the job: it runs on the blocking pool, in
//!   the job's lane, and is cancelled with it. tower-http's compression, which runs on the
//!   runtime's two async workers, is left only the small answers that are not jobs' (the
//!   page's assets, `/api/list`, errors), at most [`TOWER_COMPRESSES_UP_TO`] bytes.
//! - **Holding**: an answer is sent from memory in pieces of [`PIECE`] bytes by a [`Held`]
//!   body that keeps its job's lane slot until the last piece has been handed over, so a
//!   lane bounds its jobs and their unsent answers together (at most
//!   [`MAX_JOBS`](super::api::MAX_JOBS) heavy answers in memory, whatever the clients do).
//!   An answer must be taken within the request timeout once it is ready, or the
//!   connection is closed.
//! - **Pace**: a connection the server is writing to must take at least
//!   [`MIN_PROGRESS`] bytes every idle timeout ([`Paced`]), or it is closed; so a client
//!   that reads nothing, or a trickle, gives its answer's memory and slot back within
//!   about the idle timeout.

use std::future::Future;
use std::io::{self, IoSlice, Write};
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::http::{HeaderMap, header};
use http_body::{Frame, SizeHint};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::OwnedSemaphorePermit;

/// The largest answer tower-http compresses on the async workers; jobs' answers, which can
/// be far larger, compress themselves on the blocking pool.
pub const TOWER_COMPRESSES_UP_TO: u64 = 1 << 20;

/// An answer is handed to the connection in pieces of this many bytes.
pub const PIECE: usize = 256 << 10;

/// The least a connection being written to must take every idle timeout.
pub const MIN_PROGRESS: usize = 256 << 10;

/// A content coding the server sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Coding {
    /// As it is.
    Identity,
    /// gzip, level 1.
    Gzip,
    /// brotli, quality 0.
    Brotli,
}

impl Coding {
    /// The coding a client prefers by its `Accept-Encoding` (the highest q-value; between
    /// equals brotli, then gzip), as tower-http chooses.
    pub fn preferred(headers: &HeaderMap) -> Coding {
        let mut best: Option<(u16, Coding)> = None;
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(text) = value.to_str() else { continue };
            for item in text.split(',') {
                let mut parts = item.split(';').map(str::trim);
                let name = parts.next().unwrap_or_default();
                let coding = if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                    Coding::Gzip
                } else if name.eq_ignore_ascii_case("br") {
                    Coding::Brotli
                } else {
                    continue;
                };
                let q = match parts.find_map(|p| p.strip_prefix("q=").or_else(|| p.strip_prefix("Q="))) {
                    Some(q) => match q.parse::<f64>() {
                        Ok(q) if (0.0..=1.0).contains(&q) => (q * 1000.0).round() as u16,
                        _ => continue,
                    },
                    None => 1000,
                };
                if q > 0 && best.is_none_or(|b| (q, coding) > b) {
                    best = Some((q, coding));
                }
            }
        }
        best.map_or(Coding::Identity, |(_, c)| c)
    }

    /// The `Content-Encoding` word.
    pub fn word(self) -> Option<&'static str> {
        match self {
            Coding::Identity => None,
            Coding::Gzip => Some("gzip"),
            Coding::Brotli => Some("br"),
        }
    }
}

/// Whether an answer of this type and size is worth compressing: what tower-http's
/// default predicate says (32 bytes at least; not an image but SVG, not an event stream).
pub fn compressible(content_type: &str, len: usize) -> bool {
    let image = content_type.starts_with("image/") && !content_type.starts_with("image/svg+xml");
    len >= 32
        && !image
        && !content_type.starts_with("text/event-stream")
        && !content_type.starts_with("application/grpc")
}

/// How many bytes are compressed between two checks of the job's cancellation flag.
const COMPRESS_STEP: usize = 1 << 20;

/// Compresses `bytes` with `coding` (not [`Coding::Identity`]), checking the job's
/// cancellation flag between steps (this runs inside the job).
///
/// # Errors
/// The job was cancelled (or, never in practice, writing to memory failed).
pub fn compress(bytes: &[u8], coding: Coding) -> Result<Vec<u8>, maze::api::ApiError> {
    fn feed(w: &mut impl Write, bytes: &[u8]) -> Result<(), maze::api::ApiError> {
        for step in bytes.chunks(COMPRESS_STEP) {
            maze_core::cancel::check()?;
            w.write_all(step).map_err(failed)?;
        }
        Ok(())
    }
    fn failed(e: io::Error) -> maze::api::ApiError {
        maze::api::ApiError::new(500, format!("cannot compress the answer: {e}"))
    }
    // Most answers shrink to a fraction: a quarter is room enough to start with.
    let out = Vec::with_capacity(bytes.len() / 4 + 64);
    match coding {
        Coding::Identity => Ok(bytes.to_vec()),
        Coding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(out, flate2::Compression::fast());
            feed(&mut encoder, bytes)?;
            encoder.finish().map_err(failed)
        }
        Coding::Brotli => {
            let mut encoder = brotli::CompressorWriter::new(out, 64 << 10, 0, 22);
            feed(&mut encoder, bytes)?;
            encoder.flush().map_err(failed)?;
            Ok(encoder.into_inner())
        }
    }
}

/// An answer's bytes, sent in pieces of [`PIECE`], holding its job's lane slot (and
/// counted as sending in its lane) until the last piece has been handed over or the
/// connection is gone; an answer not taken by `deadline` ends the connection.
pub struct Held {
    bytes: Vec<u8>,
    at: usize,
    deadline: Instant,
    slot: Option<(OwnedSemaphorePermit, super::api::Sending)>,
}

impl Held {
    /// An answer to send within `timeout`, holding `slot` until sent.
    pub fn new(bytes: Vec<u8>, timeout: Duration, slot: (OwnedSemaphorePermit, super::api::Sending)) -> Self {
        Held { bytes, at: 0, deadline: Instant::now() + timeout, slot: Some(slot) }
    }

    fn release(&mut self) {
        self.bytes = Vec::new();
        self.slot = None;
    }
}

impl http_body::Body for Held {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        _: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        if self.at >= self.bytes.len() {
            self.release();
            return Poll::Ready(None);
        }
        if Instant::now() > self.deadline {
            self.release();
            return Poll::Ready(Some(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client did not take the answer within the request timeout",
            ))));
        }
        let end = (self.at + PIECE).min(self.bytes.len());
        // A copy: the whole answer is freed as soon as its last piece is handed over.
        let piece = Bytes::copy_from_slice(&self.bytes[self.at..end]);
        self.at = end;
        if end == self.bytes.len() {
            self.release();
        }
        Poll::Ready(Some(Ok(Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.at >= self.bytes.len()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.bytes.len().saturating_sub(self.at) as u64)
    }
}

/// A connection that must take what the server writes at a pace: once a write has to
/// wait, at least [`MIN_PROGRESS`] bytes must go out within `window` (or the server's
/// buffer for it empty), or writing fails and the connection is closed.
pub struct Paced<T> {
    inner: T,
    window: Duration,
    /// Bytes written since the clock started.
    taken: usize,
    clock: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<T> Paced<T> {
    /// Wraps a connection.
    pub fn new(inner: T, window: Duration) -> Self {
        Paced { inner, window, taken: 0, clock: None }
    }

    fn wrote(&mut self, n: usize) {
        if self.clock.is_some() {
            self.taken += n;
            if self.taken >= MIN_PROGRESS {
                self.clock = None;
            }
        }
    }

    /// What a write to the inner stream came to, counted: bytes taken move the pace on,
    /// a write that must wait runs the clock.
    fn written(&mut self, cx: &mut Context<'_>, polled: Poll<io::Result<usize>>) -> Poll<io::Result<usize>> {
        match polled {
            Poll::Ready(Ok(n)) => {
                self.wrote(n);
                Poll::Ready(Ok(n))
            }
            Poll::Pending => self.waiting(cx),
            other => other,
        }
    }

    /// A write must wait: start the clock, or fail once it has run out.
    fn waiting<R>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<R>> {
        let window = self.window;
        if self.clock.is_none() {
            self.taken = 0;
        }
        let clock = self.clock.get_or_insert_with(|| Box::pin(tokio::time::sleep(window)));
        match clock.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped taking its answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Paced<T> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Paced<T> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.written(cx, polled)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.written(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        // hyper flushes the connection once its own buffer is empty: the client has taken
        // all there was, so the clock stops.
        let flushed = Pin::new(&mut this.inner).poll_flush(cx);
        if matches!(flushed, Poll::Ready(Ok(()))) {
            this.clock = None;
        }
        flushed
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepting(value: &str) -> Coding {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, value.parse().expect("a header value"));
        Coding::preferred(&headers)
    }

    #[test]
    fn the_coding_is_the_clients_preferred_one() {
        assert_eq!(Coding::preferred(&HeaderMap::new()), Coding::Identity);
        assert_eq!(accepting("gzip"), Coding::Gzip);
        assert_eq!(accepting("gzip, deflate, br"), Coding::Brotli);
        assert_eq!(accepting("br;q=0.5, gzip"), Coding::Gzip);
        assert_eq!(accepting("br;q=0, gzip;q=0"), Coding::Identity);
        assert_eq!(accepting("deflate, identity"), Coding::Identity);
        assert_eq!(accepting("x-gzip;q=0.2"), Coding::Gzip);
        assert_eq!(accepting("gzip;q=2"), Coding::Identity);
    }

    #[test]
    fn compressed_answers_decode_to_the_same_bytes() {
        use std::io::Read;
        let bytes: Vec<u8> = (0..3_000_000u32).flat_map(|i| (i % 1000).to_le_bytes()).collect();
        let gz = compress(&bytes, Coding::Gzip).expect("gzip");
        let mut back = Vec::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut back).expect("valid gzip");
        assert!(back == bytes && gz.len() < bytes.len() / 2);
        let br = compress(&bytes, Coding::Brotli).expect("brotli");
        let mut back = Vec::new();
        brotli::Decompressor::new(&br[..], 4096).read_to_end(&mut back).expect("valid brotli");
        assert!(back == bytes && br.len() < bytes.len() / 2);
    }

    #[test]
    fn compressing_stops_when_the_job_is_cancelled() {
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let flag = Arc::new(AtomicBool::new(true));
        let r = maze_core::cancel::with_flag(flag, || compress(&vec![7u8; 4 << 20], Coding::Gzip));
        assert_eq!(r.map_err(|e| e.status), Err(408));
    }

    #[test]
    fn images_but_svg_and_tiny_answers_are_not_compressed() {
        assert!(compressible("application/json", 100));
        assert!(compressible("image/svg+xml", 100));
        assert!(!compressible("image/png", 100_000));
        assert!(!compressible("image/gif", 100_000));
        assert!(!compressible("application/json", 31));
    }
}
