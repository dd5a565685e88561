//! One accepted connection, as the HTTP/1.1 dispatcher reads and writes it. The wrapper adds
//! what actix-http has no hook for:
//!
//! - every request's head must arrive within the request deadline, not only the first one's
//!   (actix-http times only the first): a head that trickles in is cut off and answered 408;
//! - the client closing its side is told to the requests (`ConnectionState`), so that an event
//!   stream whose client left ends at once; and a request can ask for nothing more to be read
//!   (a body that stopped arriving), which closes the connection after its answer;
//! - the dispatcher's own bodiless answers become problem+json (`bare_answers`);
//! - the connection is counted against its address's bound while it is open.
//!
//! The wrapper does not parse HTTP. It knows a head by where it starts (a method's first letter,
//! right after the previous head ended or with the first byte) and ends (the blank line); a
//! body is timed by the request that reads it.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use actix_rt::time::{Sleep, sleep};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::bare_answers;
use super::connection_limit::Admitted;
use crate::api::http::connection_state::ConnectionState;
use crate::error::Error;

/// Bytes standing in for what the dispatcher asked to write (`replaces` bytes, reported
/// written once all of `bytes` are).
struct Rewritten {
    bytes: Vec<u8>,
    sent: usize,
    replaces: usize,
}

/// A head being read, and when it must have arrived.
struct HeadInProgress {
    deadline: Pin<Box<Sleep>>,
    /// The last bytes of it read, to find a blank line split across reads.
    tail: Vec<u8>,
    /// Whether anything was written since it began (then it is not answered 408 here).
    written: bool,
}

pub struct Connection<IO> {
    io: IO,
    state: ConnectionState,
    head_within: Duration,
    head: Option<HeadInProgress>,
    /// A head was cut off for being too slow: answered 408 before the connection closes.
    slow_head: Option<Rewritten>,
    rewritten: Option<Rewritten>,
    _admitted: Admitted,
}

impl<IO> Connection<IO> {
    pub fn new(io: IO, admitted: Admitted, head_within: Duration) -> Connection<IO> {
        Connection {
            io,
            state: ConnectionState::default(),
            head_within,
            head: None,
            slow_head: None,
            rewritten: None,
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
                self.head = Some(HeadInProgress {
                    deadline: Box::pin(sleep(self.head_within)),
                    tail: Vec::new(),
                    written: false,
                });
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

/// The 408 for a head that did not arrive in time.
fn slow_head_answer() -> Rewritten {
    Rewritten {
        bytes: bare_answers::closing_answer("HTTP/1.1", &Error::RequestTimeout, None),
        sent: 0,
        replaces: 0,
    }
}

impl<IO: AsyncWrite + Unpin> Connection<IO> {
    /// Sends what is left of `pending`, if anything.
    fn send_pending(
        io: &mut IO,
        pending: &mut Option<Rewritten>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<usize>> {
        let Some(rewritten) = pending.as_mut() else {
            return Poll::Ready(Ok(0));
        };
        while rewritten.sent < rewritten.bytes.len() {
            let rest = &rewritten.bytes[rewritten.sent..];
            match ready!(Pin::new(&mut *io).poll_write(cx, rest))? {
                0 => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                sent => rewritten.sent += sent,
            }
        }
        let replaced = rewritten.replaces;
        *pending = None;
        Poll::Ready(Ok(replaced))
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
                this.slow_head = Some(slow_head_answer());
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
        if this.rewritten.is_none() {
            match bare_answers::rewrite(buf) {
                Some(bytes) => {
                    tracing::debug!("the HTTP layer refused a request by itself");
                    this.rewritten = Some(Rewritten {
                        bytes,
                        sent: 0,
                        replaces: buf.len(),
                    });
                }
                None => return Pin::new(&mut this.io).poll_write(cx, buf),
            }
        }
        // The dispatcher calls again with the same bytes until they are reported written.
        let replaced = ready!(Self::send_pending(&mut this.io, &mut this.rewritten, cx))?;
        Poll::Ready(Ok(replaced.min(buf.len())))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(Self::send_pending(&mut this.io, &mut this.rewritten, cx))?;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(Self::send_pending(&mut this.io, &mut this.rewritten, cx))?;
        ready!(Self::send_pending(&mut this.io, &mut this.slow_head, cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::http::client_address::TrustedProxies;
    use crate::server::connection_limit::ConnectionLimit;

    fn connection() -> Connection<()> {
        let admitted = ConnectionLimit::new(0, TrustedProxies::default())
            .admit(None)
            .unwrap();
        Connection::new((), admitted, Duration::from_secs(5))
    }

    #[actix_rt::test]
    async fn a_head_is_timed_from_its_first_byte_to_its_blank_line() {
        let mut c = connection();
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
}
