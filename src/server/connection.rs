//! One accepted connection, between actix-server's accept and actix-http's HTTP/1.1 dispatcher:
//! what actix-http has no setting or hook for, each with where actix-http 3.20 shows it.
//!
//! - A bound on the connections of one address (`connection_limit`), refused with a 429 problem
//!   before any request: actix-web's `HttpServer::listen` hands each socket straight to
//!   actix-http (`HttpService::build()…tcp()`, actix-web `src/server.rs`), and its `on_connect`
//!   can add data to a connection but not refuse it.
//! - Every request's head must arrive within the request deadline. `client_request_timeout`
//!   times only a connection's first head (`src/h1/dispatcher.rs`, `poll_request`: "head timer
//!   only applies to first request on connection") and answers it with a bare 408; the
//!   keep-alive timer stops at the next head's first byte, so a later head could trickle in for
//!   ever. Here every head is timed, and one too slow is cut off and answered 408.
//! - The client closing its side is told to the requests (`ConnectionState`), so that an event
//!   stream whose client left ends at once. The dispatcher sees the end of what the client sends
//!   but goes on with the response in flight until a write fails (`dispatcher.rs`, "If the
//!   read-half is closed…"), and a stream writes only a heartbeat now and then; turning
//!   `h1_allow_half_closed` off would drop the answer of every client that closes its side once
//!   its request is sent (`src/config.rs`: "the server will abort the connection handling").
//! - A request can ask for nothing more to be read (a body that stopped arriving), which closes
//!   the connection once its answer is sent. The dispatcher closes by itself after answering a
//!   body with a length that was not read whole, but reads a chunked one to its end
//!   (`should_close_for_unread_payload`), which a trickle never reaches.
//!
//! The two answers given here are the app's problems, encoded by actix-http's own encoder
//! (`h1::Codec`): the 429 on a socket actix-http never sees, the 408 once the dispatcher, having
//! read the end of the connection with nothing left to write, shuts it down. Nothing actix-http
//! writes is looked at or changed.
//!
//! The wrapper does not parse HTTP. It knows a head by where it starts (the connection's start,
//! or a method's first letter right after the previous head ended) and ends (the blank line); a
//! body is timed by the request that reads it.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use actix_codec::Encoder;
use actix_http::body::{BodySize, MessageBody};
use actix_http::error::DispatchError;
use actix_http::h1::{Codec, Message};
use actix_http::header::{self, HeaderValue};
use actix_http::{ConnectionType, Response, ServiceConfig};
use actix_rt::net::TcpStream;
use actix_rt::time::{Sleep, sleep};
use actix_service::{ServiceFactory, fn_service};
use actix_web::ResponseError;
use actix_web::web::{Bytes, BytesMut};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::connection_limit::{Admitted, ConnectionLimit};
use crate::api::http::connection_state::ConnectionState;
use crate::error::Error;

/// The step between accepting a socket and the dispatcher: admits the connection, wrapped, with
/// its peer's address, or answers 429 and closes it if its address holds as many as it may.
pub fn admit(
    limit: ConnectionLimit,
    head_within: Duration,
) -> impl ServiceFactory<
    TcpStream,
    Config = (),
    Response = (Connection<TcpStream>, Option<SocketAddr>),
    Error = DispatchError,
    InitError = (),
> {
    fn_service(move |socket: TcpStream| {
        let limit = limit.clone();
        async move {
            let peer = socket.peer_addr().ok();
            match limit.admit(peer.map(|peer| peer.ip())) {
                Some(admitted) => Ok((Connection::new(socket, admitted, head_within), peer)),
                None => {
                    refuse(&socket).await;
                    Err(DispatchError::Io(io::Error::other(
                        "too many connections from one address",
                    )))
                }
            }
        }
    })
}

/// Tells a client with too many connections open why this one is closed at once (as far as the
/// socket takes it within a moment: the answer is small, and nothing else was written).
async fn refuse(socket: &TcpStream) {
    let answer = closing_answer(&Error::TooManyConnections);
    let writable = actix_rt::time::timeout(Duration::from_secs(1), socket.writable());
    if let Ok(Ok(())) = writable.await {
        let _ = socket.try_write(&answer);
    }
}

/// `error` as the app answers it (problem+json, `X-Content-Type-Options`), saying that the
/// connection closes, encoded whole by actix-http's HTTP/1.1 encoder; empty if it cannot be.
fn closing_answer(error: &Error) -> Bytes {
    let mut response = Response::from(error.error_response());
    response
        .head_mut()
        .set_connection_type(ConnectionType::Close);
    response.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    let (head, body) = response.into_parts();
    let body = body.try_into_bytes().unwrap_or_default();
    let mut codec = Codec::new(ServiceConfig::default());
    let mut answer = BytesMut::new();
    let size = BodySize::Sized(body.len() as u64);
    let encoded = codec
        .encode(Message::Item((head, size)), &mut answer)
        .and_then(|()| codec.encode(Message::Chunk(Some(body)), &mut answer))
        .and_then(|()| codec.encode(Message::Chunk(None), &mut answer));
    match encoded {
        Ok(()) => answer.freeze(),
        Err(error) => {
            tracing::debug!(%error, "a closing answer could not be encoded");
            Bytes::new()
        }
    }
}

/// A head being read, and when it must have arrived.
struct HeadInProgress {
    deadline: Pin<Box<Sleep>>,
    /// The last bytes of it read, to find a blank line split across reads.
    tail: Vec<u8>,
    /// Whether anything was written since it began (then it is cut off without an answer: one
    /// is being written).
    written: bool,
}

impl HeadInProgress {
    fn new(within: Duration) -> HeadInProgress {
        HeadInProgress {
            deadline: Box::pin(sleep(within)),
            tail: Vec::new(),
            written: false,
        }
    }
}

pub struct Connection<IO> {
    io: IO,
    state: ConnectionState,
    head_within: Duration,
    head: Option<HeadInProgress>,
    /// The 408 of a head cut off for being too slow, and how much of it is sent.
    slow_head: Option<(Bytes, usize)>,
    _admitted: Admitted,
}

impl<IO> Connection<IO> {
    /// A connection just accepted: its first head is timed from now.
    pub fn new(io: IO, admitted: Admitted, head_within: Duration) -> Connection<IO> {
        Connection {
            io,
            state: ConnectionState::default(),
            head_within,
            head: Some(HeadInProgress::new(head_within)),
            slow_head: None,
            _admitted: admitted,
        }
    }

    /// What its requests share with it.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }

    /// Follows heads through what was just read.
    fn track_heads(&mut self, mut read: &[u8]) {
        while !read.is_empty() {
            let Some(head) = self.head.as_mut() else {
                if !read[0].is_ascii_uppercase() {
                    // A body (or the blank lines before a request): its reader times it.
                    return;
                }
                self.head = Some(HeadInProgress::new(self.head_within));
                continue;
            };
            let seen = head.tail.len();
            head.tail.extend_from_slice(&read[..read.len().min(4096)]);
            match head.tail.windows(4).position(|w| w == b"\r\n\r\n") {
                Some(at) => {
                    let used = at + 4 - seen;
                    self.head = None;
                    read = &read[used..];
                }
                None => {
                    let keep = head.tail.len().saturating_sub(3);
                    head.tail.drain(..keep);
                    read = &read[read.len().min(4096)..];
                }
            }
        }
    }
}

impl<IO: AsyncRead + Unpin> AsyncRead for Connection<IO> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.state.closing() || this.slow_head.is_some() {
            // Read no more: the dispatcher sees the end, answers what it has, and closes.
            return Poll::Ready(Ok(()));
        }
        if let Some(head) = this.head.as_mut()
            && head.deadline.as_mut().poll(cx).is_ready()
        {
            let written = head.written;
            this.head = None;
            if !written {
                this.slow_head = Some((closing_answer(&Error::RequestTimeout), 0));
            }
            return Poll::Ready(Ok(()));
        }
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.io).poll_read(cx, buf))?;
        let read = &buf.filled()[before..];
        if read.is_empty() {
            this.state.peer_closed();
        } else {
            this.track_heads(read);
        }
        Poll::Ready(Ok(()))
    }
}

impl<IO: AsyncWrite + Unpin> AsyncWrite for Connection<IO> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if let Some(head) = this.head.as_mut() {
            head.written = true;
        }
        Pin::new(&mut this.io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Some((answer, sent)) = this.slow_head.as_mut() {
            while *sent < answer.len() {
                match ready!(Pin::new(&mut this.io).poll_write(cx, &answer[*sent..]))? {
                    0 => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                    n => *sent += n,
                }
            }
        }
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::http::client_address::TrustedProxies;

    fn connection() -> Connection<()> {
        let admitted = ConnectionLimit::new(0, TrustedProxies::default())
            .admit(None)
            .unwrap();
        Connection::new((), admitted, Duration::from_secs(5))
    }

    #[actix_rt::test]
    async fn the_first_head_is_timed_from_the_connections_start() {
        let mut c = connection();
        assert!(c.head.is_some(), "before any byte");
        c.track_heads(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
        assert!(c.head.is_none());
    }

    #[actix_rt::test]
    async fn a_later_head_is_timed_from_its_first_byte_to_its_blank_line() {
        let mut c = connection();
        c.track_heads(b"GET / HTTP/1.1\r\n\r\n");
        assert!(c.head.is_none());
        c.track_heads(b"GET /healthz HTTP/1.1\r\nHost:");
        assert!(c.head.is_some());
        c.track_heads(b" t\r\n\r");
        assert!(c.head.is_some());
        c.track_heads(b"\n");
        assert!(c.head.is_none());
    }

    #[actix_rt::test]
    async fn a_body_is_not_timed_here_but_the_next_head_is() {
        let mut c = connection();
        c.track_heads(b"POST /v1/evaluate HTTP/1.1\r\nContent-Length: 9\r\n\r\n{\"phase\":");
        assert!(c.head.is_none(), "the body after the head");
        c.track_heads(b"1}");
        assert!(c.head.is_none());
        c.track_heads(b"GET / HTTP/1.1\r\n\r\nGET /x HT");
        assert!(c.head.is_some(), "the second pipelined head is incomplete");
    }

    #[actix_rt::test]
    async fn a_closing_answer_is_the_apps_problem() {
        let answer = closing_answer(&Error::TooManyConnections);
        let text = std::str::from_utf8(&answer).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(
            head.starts_with("HTTP/1.1 429 Too Many Requests\r\n"),
            "{head}"
        );
        for line in [
            "content-type: application/problem+json",
            "connection: close",
            "retry-after: 5",
            "x-content-type-options: nosniff",
            &format!("content-length: {}", body.len()),
        ] {
            assert!(head.contains(line), "{line} in {head}");
        }
        let problem: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(problem["code"], "too_many_connections");
    }
}
