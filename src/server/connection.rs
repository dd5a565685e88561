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
//! The wrapper follows the connection's bytes without answering them: a head from its first
//! byte to its blank line, read with httparse for the length of the body after it, which is
//! timed by the request that reads it; the next head begins where that body ends. After a head
//! whose body's end it cannot see (chunked), it leaves the connection's later heads to
//! actix-http's keep-alive timer.

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

/// The most of a head kept to read it: more than any head the server takes (`--header-limit`
/// is 32 KiB by default), so a longer one is refused by actix-http anyway.
const MOST_HEAD: usize = 64 * 1024;

/// The headers read of a head: a request with more is one whose body is not followed here.
const MOST_HEADERS: usize = 128;

/// A head being read, and when it must have arrived.
struct HeadInProgress {
    deadline: Pin<Box<Sleep>>,
    /// The head so far (up to `MOST_HEAD`), to find its blank line and read its framing.
    bytes: Vec<u8>,
    /// Whether anything was written since it began (then it is cut off without an answer: one
    /// is being written).
    written: bool,
}

impl HeadInProgress {
    fn new(within: Duration) -> HeadInProgress {
        HeadInProgress {
            deadline: Box::pin(sleep(within)),
            bytes: Vec::new(),
            written: false,
        }
    }
}

/// Where a connection's bytes are: in a head (timed here), in a body of a known length (timed
/// by the request that reads it), between requests, or past a head whose body's end only the
/// dispatcher sees (chunked, or a head this cannot read: actix-http answers it).
enum Reading {
    Head(HeadInProgress),
    Body { left: u64 },
    Between,
    Untracked,
}

/// What follows a whole head (`head`, up to and with its blank line), read with httparse.
fn after_head(head: &[u8]) -> Reading {
    let mut headers = [httparse::EMPTY_HEADER; MOST_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    if !matches!(request.parse(head), Ok(httparse::Status::Complete(_))) {
        return Reading::Untracked;
    }
    let named = |name: &'static str| {
        request
            .headers
            .iter()
            .filter(move |h| h.name.eq_ignore_ascii_case(name))
    };
    if named("transfer-encoding").next().is_some() {
        return Reading::Untracked;
    }
    let mut lengths = named("content-length").map(|h| {
        std::str::from_utf8(h.value)
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
    });
    match (lengths.next(), lengths.next()) {
        (None, _) | (Some(Some(0)), None) => Reading::Between,
        (Some(Some(left)), None) => Reading::Body { left },
        // Two lengths, or one that is no number: actix-http refuses the request.
        _ => Reading::Untracked,
    }
}

pub struct Connection<IO> {
    io: IO,
    state: ConnectionState,
    head_within: Duration,
    reading: Reading,
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
            reading: Reading::Head(HeadInProgress::new(head_within)),
            slow_head: None,
            _admitted: admitted,
        }
    }

    /// What its requests share with it.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }

    fn head(&mut self) -> Option<&mut HeadInProgress> {
        match &mut self.reading {
            Reading::Head(head) => Some(head),
            _ => None,
        }
    }

    /// Follows heads and the bodies after them through what was just read: a head ends at its
    /// blank line, a body after as many bytes as its head's `Content-Length`, and the next
    /// head begins at the next byte that is not a line break.
    fn track_heads(&mut self, mut read: &[u8]) {
        while !read.is_empty() {
            match &mut self.reading {
                Reading::Untracked => return,
                Reading::Between => match read[0] {
                    b'\r' | b'\n' => read = &read[1..],
                    _ => self.reading = Reading::Head(HeadInProgress::new(self.head_within)),
                },
                Reading::Body { left } => {
                    let body = read.len().min(usize::try_from(*left).unwrap_or(usize::MAX));
                    *left -= body as u64;
                    read = &read[body..];
                    if *left == 0 {
                        self.reading = Reading::Between;
                    }
                }
                Reading::Head(head) => {
                    let seen = head.bytes.len();
                    let room = MOST_HEAD.saturating_sub(seen).min(read.len());
                    if room == 0 {
                        self.reading = Reading::Untracked;
                        return;
                    }
                    head.bytes.extend_from_slice(&read[..room]);
                    let from = seen.saturating_sub(3);
                    match head.bytes[from..].windows(4).position(|w| w == b"\r\n\r\n") {
                        Some(at) => {
                            let end = from + at + 4;
                            read = &read[end - seen..];
                            self.reading = after_head(&head.bytes[..end]);
                        }
                        None => read = &read[room..],
                    }
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
        if let Some(head) = this.head()
            && head.deadline.as_mut().poll(cx).is_ready()
        {
            let written = head.written;
            this.reading = Reading::Untracked;
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
        if let Some(head) = this.head() {
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
        assert!(c.head().is_some(), "before any byte");
        c.track_heads(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
        assert!(c.head().is_none());
    }

    #[actix_rt::test]
    async fn a_later_head_is_timed_from_its_first_byte_to_its_blank_line() {
        let mut c = connection();
        c.track_heads(b"GET / HTTP/1.1\r\n\r\n");
        assert!(c.head().is_none());
        c.track_heads(b"GET /healthz HTTP/1.1\r\nHost:");
        assert!(c.head().is_some());
        c.track_heads(b" t\r\n\r");
        assert!(c.head().is_some());
        c.track_heads(b"\n");
        assert!(c.head().is_none());
    }

    #[actix_rt::test]
    async fn a_body_is_not_timed_here_but_the_next_head_is() {
        let mut c = connection();
        c.track_heads(b"POST /v1/evaluate HTTP/1.1\r\nContent-Length: 11\r\n\r\n{\"phase\":");
        assert!(c.head().is_none(), "the body after the head");
        c.track_heads(b"1}");
        assert!(c.head().is_none());
        c.track_heads(b"GET / HTTP/1.1\r\n\r\nGET /x HT");
        assert!(
            c.head().is_some(),
            "the second pipelined head is incomplete"
        );
    }

    /// A body read in pieces, one of them starting with a capital (the issue's "Ann"), is a
    /// body: it times nothing here, so a handler slow to answer gets no 408 after its answer.
    #[actix_rt::test]
    async fn a_body_in_pieces_is_never_taken_for_a_head() {
        let mut c = connection();
        let body: &[u8] = b"{\"name\": \"Ann\"}";
        c.track_heads(
            format!(
                "POST /v1/people HTTP/1.1\r\ncontent-length: {}\r\n\r\n",
                body.len()
            )
            .as_bytes(),
        );
        c.track_heads(&body[..10]);
        assert!(c.head().is_none());
        c.track_heads(&body[10..]);
        assert!(c.head().is_none(), "\"Ann\"}} is the end of the body");
        c.track_heads(b"\r\nG");
        assert!(
            c.head().is_some(),
            "the next request, after a stray line break"
        );
    }

    /// After a chunked body, whose end only the dispatcher sees, nothing more is timed here.
    #[actix_rt::test]
    async fn a_chunked_body_leaves_later_heads_to_the_dispatcher() {
        let mut c = connection();
        c.track_heads(
            b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nAnn\r\n0\r\n\r\n",
        );
        c.track_heads(b"GET / HT");
        assert!(c.head().is_none());
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
