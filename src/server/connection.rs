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
//! - A connection idle after a request as the process begins to drain is closed then (the
//!   outside probe's L2). actix-http's graceful shutdown closes idle connections only when the
//!   server stops taking new ones, and would close one whose first request has not been read.
//!
//! The two answers given here are the app's problems, encoded by actix-http's own encoder
//! (`h1::Codec`): the 429 on a socket actix-http never sees, the 408 once the dispatcher, having
//! read the end of the connection with nothing left to write, shuts it down. Nothing actix-http
//! writes is looked at or changed.
//!
//! The wrapper follows the connection's heads and bodies without answering them (`heads`).

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
use actix_service::{ServiceFactory, fn_service};
use actix_web::ResponseError;
use actix_web::web::{Bytes, BytesMut};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::connection_limit::{Admitted, ConnectionLimit};
use super::heads::Heads;
use crate::api::http::connection_state::ConnectionState;
use crate::api::resources::health::Drain;
use crate::error::Error;

/// The step between accepting a socket and the dispatcher: admits the connection, wrapped, with
/// its peer's address, or answers 429 and closes it if its address holds as many as it may.
pub fn admit(
    limit: ConnectionLimit,
    head_within: Duration,
    drain: Drain,
) -> impl ServiceFactory<
    TcpStream,
    Config = (),
    Response = (Connection<TcpStream>, Option<SocketAddr>),
    Error = DispatchError,
    InitError = (),
> {
    fn_service(move |socket: TcpStream| {
        let (limit, drain) = (limit.clone(), drain.clone());
        async move {
            let peer = socket.peer_addr().ok();
            match limit.admit(peer.map(|peer| peer.ip())) {
                Some(admitted) => {
                    Ok((Connection::new(socket, admitted, head_within, &drain), peer))
                }
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

pub struct Connection<IO> {
    io: IO,
    state: ConnectionState,
    heads: Heads,
    /// The 408 of a head cut off for being too slow, and how much of it is sent.
    slow_head: Option<(Bytes, usize)>,
    /// Done when the process begins to drain (`Drain`).
    drain_begun: Pin<Box<dyn Future<Output = ()> + Send>>,
    _admitted: Admitted,
}

impl<IO> Connection<IO> {
    /// A connection just accepted: its first head is timed from now.
    pub fn new(io: IO, admitted: Admitted, head_within: Duration, drain: &Drain) -> Connection<IO> {
        Connection {
            io,
            state: ConnectionState::default(),
            heads: Heads::new(head_within),
            slow_head: None,
            drain_begun: Box::pin(drain.begun()),
            _admitted: admitted,
        }
    }

    /// What its requests share with it.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }

    /// Whether the connection, with nothing to read, is ended now: it is idle after a request
    /// (or its request is being answered) as the drain begins. Ended then, not at the drain's
    /// end, its client opens its next connection while this process still takes them.
    fn ended_by_the_drain(&mut self, cx: &mut Context<'_>) -> bool {
        let ended = self.heads.after_a_request() && self.drain_begun.as_mut().poll(cx).is_ready();
        if ended {
            self.state.close_after_answer();
        }
        ended
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
        if let Some(head) = this.heads.head()
            && head.deadline.as_mut().poll(cx).is_ready()
        {
            let written = head.written;
            this.heads.give_up();
            if !written {
                this.slow_head = Some((closing_answer(&Error::RequestTimeout), 0));
            }
            return Poll::Ready(Ok(()));
        }
        let before = buf.filled().len();
        let Poll::Ready(read) = Pin::new(&mut this.io).poll_read(cx, buf) else {
            // Read as the connection's end: the dispatcher answers what it has, and closes.
            return match this.ended_by_the_drain(cx) {
                true => Poll::Ready(Ok(())),
                false => Poll::Pending,
            };
        };
        read?;
        let read = &buf.filled()[before..];
        if read.is_empty() {
            this.state.peer_closed();
        } else {
            this.heads.track(read);
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
        if let Some(head) = this.heads.head() {
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
