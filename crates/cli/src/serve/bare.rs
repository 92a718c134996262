//! JSON bodies for the answers hyper writes by itself.
//!
//! When a request cannot be parsed, hyper answers before any of our code sees it: 400 (a
//! malformed request line or header, or a character an address may not hold, such as a
//! raw `>`), 414 (an address over 65,534 bytes) or 431 (headers over hyper's buffer, about
//! 400 KB, or more than 100 of them; smaller excesses over 64 KiB get our own 431), each with an empty body. The API promises
//! `{"error": "..."}` for every error, so the connection's writes pass through
//! [`JsonBareErrors`], which recognises such an answer (an error status, no content type,
//! `content-length: 0`, written alone at the start of a write) and sends it with a JSON
//! body instead. Every answer of our own has a content type (even errors, see
//! [`super::api::json_errors`]), so none is ever taken for one of hyper's.

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The message of a 431: the same whether hyper or [`super::MAX_HEADER_BYTES`] refused.
pub(crate) const HEADERS_TOO_LARGE: &str =
    "the request's headers are too large: at most 100 headers and 64 KiB in all";

/// A connection whose bare error answers (from hyper itself) get a JSON body.
pub(crate) struct JsonBareErrors<T> {
    inner: T,
    /// A rewritten answer still to send, and how much of it went out.
    pending: Vec<u8>,
    sent: usize,
}

impl<T> JsonBareErrors<T> {
    /// Wraps a connection.
    pub(crate) fn new(inner: T) -> Self {
        JsonBareErrors { inner, pending: Vec::new(), sent: 0 }
    }
}

impl<T: AsyncWrite + Unpin> JsonBareErrors<T> {
    /// Sends what is left of a rewritten answer.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }

    /// Takes `answer` in place of the `taken` bytes hyper wrote, and starts sending it.
    fn replace(&mut self, cx: &mut Context<'_>, answer: Vec<u8>, taken: usize) -> Poll<io::Result<usize>> {
        self.pending = answer;
        self.sent = 0;
        // Whatever does not go out now goes at the next write, flush or shutdown.
        if let Poll::Ready(Err(e)) = self.drain(cx) {
            return Poll::Ready(Err(e));
        }
        Poll::Ready(Ok(taken))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonBareErrors<T> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonBareErrors<T> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        if let Some(answer) = json_answer(buf) {
            return this.replace(cx, answer, buf.len());
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        let mut filled = bufs.iter().filter(|b| !b.is_empty());
        if let (Some(only), None) = (filled.next(), filled.next())
            && let Some(answer) = json_answer(only)
        {
            return this.replace(cx, answer, only.len());
        }
        Pin::new(&mut this.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(cx))?;
        Pin::new(&mut this.inner).poll_shutdown(cx)
    }
}

/// What a bare error answer of this status means, in the API's words.
fn message(status: u16) -> &'static str {
    match status {
        400 => {
            "the request is not valid HTTP: a malformed request line or header, or a character an \
             address may not hold (a space, a quote, < or >: percent-encode it, as %3E for >)"
        }
        414 => "the address is too long: at most 65,534 bytes (the query included)",
        431 => HEADERS_TOO_LARGE,
        _ => "the request could not be read",
    }
}

/// `head` with a JSON body, if it is a bare error answer of hyper's (see the module's
/// notes): the same status line and headers, a content type and the body's length.
fn json_answer(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    let rest = text.strip_prefix("HTTP/1.1 ")?;
    if !text.ends_with("\r\n\r\n") || text.find("\r\n\r\n")? != text.len() - 4 {
        return None;
    }
    let status: u16 = rest.get(..3)?.parse().ok()?;
    if !(400..600).contains(&status) {
        return None;
    }
    let mut lines = text[..text.len() - 4].split("\r\n");
    let status_line = lines.next()?;
    let headers: Vec<&str> = lines.collect();
    let named =
        |h: &str, name: &str| h.split_once(':').is_some_and(|(k, _)| k.trim().eq_ignore_ascii_case(name));
    let empty = headers
        .iter()
        .any(|h| named(h, "content-length") && h.split_once(':').is_some_and(|(_, v)| v.trim() == "0"));
    if !empty || headers.iter().any(|h| named(h, "content-type") || named(h, "transfer-encoding")) {
        return None;
    }
    let body = serde_json::json!({ "error": message(status) }).to_string();
    let mut out = String::with_capacity(text.len() + body.len() + 64);
    out.push_str(status_line);
    out.push_str("\r\n");
    for h in headers.iter().filter(|h| !named(h, "content-length")) {
        out.push_str(h);
        out.push_str("\r\n");
    }
    out.push_str("content-type: application/json\r\n");
    out.push_str(&format!("content-length: {}\r\n\r\n", body.len()));
    out.push_str(&body);
    Some(out.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hyper_s_bare_answers_get_a_json_body() {
        for status in ["400 Bad Request", "414 URI Too Long", "431 Request Header Fields Too Large"] {
            let head = format!(
                "HTTP/1.1 {status}\r\nconnection: close\r\ncontent-length: 0\r\ndate: Wed, 25 Nov 2026 14:37:01 GMT\r\n\r\n"
            );
            let answer = String::from_utf8(json_answer(head.as_bytes()).expect("rewritten")).expect("text");
            let (top, body) = answer.split_once("\r\n\r\n").expect("a head");
            assert!(top.starts_with(&format!("HTTP/1.1 {status}\r\n")), "{top}");
            assert!(top.contains("connection: close") && top.contains("content-type: application/json"));
            assert!(top.contains(&format!("content-length: {}", body.len())), "{top}");
            assert!(!top.contains("content-length: 0"), "{top}");
            let v: serde_json::Value = serde_json::from_str(body).expect("JSON");
            assert!(v["error"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
        }
    }

    #[test]
    fn answers_of_our_own_and_bodies_are_left_alone() {
        for bytes in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 0\r\n\r\n"[..],
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 12\r\n\r\n",
            b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\nHTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n",
            b"{\"error\":\"HTTP/1.1 400 \"}",
            b"\xff\xfe",
        ] {
            assert!(json_answer(bytes).is_none(), "{}", String::from_utf8_lossy(bytes));
        }
    }
}
