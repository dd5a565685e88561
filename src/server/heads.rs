//! Where a connection's bytes are, followed without answering them (`connection` times what
//! this finds): a head from its first byte to its blank line, read with httparse for the
//! length of the body after it; the next head begins where that body ends. After a head whose
//! body's end it cannot see (chunked), it follows nothing more: actix-http's keep-alive timer
//! has the connection's later heads.

use std::pin::Pin;
use std::time::Duration;

use actix_rt::time::{Sleep, sleep};

/// The most of a head kept to read it: more than any head the server takes (`--header-limit`
/// is 32 KiB by default), so a longer one is refused by actix-http anyway.
const MOST_HEAD: usize = 64 * 1024;

/// The headers read of a head: a request with more is one whose body is not followed here.
const MOST_HEADERS: usize = 128;

/// A head being read, and when it must have arrived.
pub struct HeadInProgress {
    pub deadline: Pin<Box<Sleep>>,
    /// The head so far (up to `MOST_HEAD`), to find its blank line and read its framing.
    bytes: Vec<u8>,
    /// Whether anything was written since it began (then it is cut off without an answer: one
    /// is being written).
    pub written: bool,
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

/// Where a connection's bytes are: in a head (timed), in a body of a known length (timed by the
/// request that reads it), between requests, or past a head whose body's end only the
/// dispatcher sees (chunked, or a head this cannot read: actix-http answers it).
enum Reading {
    Head(HeadInProgress),
    Body { left: u64 },
    Between,
    Untracked,
}

/// A connection's heads, each to arrive within `within` of its first byte (the first one, of
/// the connection's start).
pub struct Heads {
    reading: Reading,
    within: Duration,
    /// Whether a whole head has been read.
    one_read: bool,
}

impl Heads {
    pub fn new(within: Duration) -> Heads {
        Heads {
            reading: Reading::Head(HeadInProgress::new(within)),
            within,
            one_read: false,
        }
    }

    /// The head being read, if one is.
    pub fn head(&mut self) -> Option<&mut HeadInProgress> {
        match &mut self.reading {
            Reading::Head(head) => Some(head),
            _ => None,
        }
    }

    /// Follows nothing more (a head cut off, or what cannot be followed).
    pub fn give_up(&mut self) {
        self.reading = Reading::Untracked;
    }

    /// Whether a request has been read whole, head and body, and nothing of another yet: the
    /// connection is idle, or the request is being answered.
    pub fn after_a_request(&self) -> bool {
        self.one_read && matches!(self.reading, Reading::Between)
    }

    /// Follows heads and the bodies after them through what was just read: a head ends at its
    /// blank line, a body after as many bytes as its head's `Content-Length`, and the next
    /// head begins at the next byte that is not a line break.
    pub fn track(&mut self, mut read: &[u8]) {
        while !read.is_empty() {
            match &mut self.reading {
                Reading::Untracked => return,
                Reading::Between => match read[0] {
                    b'\r' | b'\n' => read = &read[1..],
                    _ => self.reading = Reading::Head(HeadInProgress::new(self.within)),
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
                            self.one_read = true;
                        }
                        None => read = &read[room..],
                    }
                }
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn heads() -> Heads {
        Heads::new(Duration::from_secs(5))
    }

    #[actix_rt::test]
    async fn the_first_head_is_timed_from_the_connections_start() {
        let mut c = heads();
        assert!(c.head().is_some(), "before any byte");
        assert!(!c.after_a_request());
        c.track(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n");
        assert!(c.head().is_none());
        assert!(c.after_a_request());
    }

    #[actix_rt::test]
    async fn a_later_head_is_timed_from_its_first_byte_to_its_blank_line() {
        let mut c = heads();
        c.track(b"GET / HTTP/1.1\r\n\r\n");
        assert!(c.head().is_none());
        c.track(b"GET /healthz HTTP/1.1\r\nHost:");
        assert!(c.head().is_some());
        assert!(!c.after_a_request(), "another request begun");
        c.track(b" t\r\n\r");
        assert!(c.head().is_some());
        c.track(b"\n");
        assert!(c.head().is_none());
    }

    #[actix_rt::test]
    async fn a_body_is_not_timed_here_but_the_next_head_is() {
        let mut c = heads();
        c.track(b"POST /v1/evaluate HTTP/1.1\r\nContent-Length: 11\r\n\r\n{\"phase\":");
        assert!(c.head().is_none(), "the body after the head");
        assert!(!c.after_a_request(), "its body still arriving");
        c.track(b"1}");
        assert!(c.head().is_none());
        assert!(c.after_a_request());
        c.track(b"GET / HTTP/1.1\r\n\r\nGET /x HT");
        assert!(
            c.head().is_some(),
            "the second pipelined head is incomplete"
        );
    }

    /// A body read in pieces, one of them starting with a capital (the issue's "Ann"), is a
    /// body: it times nothing here, so a handler slow to answer gets no 408 after its answer.
    #[actix_rt::test]
    async fn a_body_in_pieces_is_never_taken_for_a_head() {
        let mut c = heads();
        let body: &[u8] = b"{\"name\": \"Ann\"}";
        c.track(
            format!(
                "POST /v1/people HTTP/1.1\r\ncontent-length: {}\r\n\r\n",
                body.len()
            )
            .as_bytes(),
        );
        c.track(&body[..10]);
        assert!(c.head().is_none());
        c.track(&body[10..]);
        assert!(c.head().is_none(), "\"Ann\"}} is the end of the body");
        c.track(b"\r\nG");
        assert!(
            c.head().is_some(),
            "the next request, after a stray line break"
        );
    }

    /// After a chunked body, whose end only the dispatcher sees, nothing more is timed here.
    #[actix_rt::test]
    async fn a_chunked_body_leaves_later_heads_to_the_dispatcher() {
        let mut c = heads();
        c.track(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nAnn\r\n0\r\n\r\n");
        c.track(b"GET / HT");
        assert!(c.head().is_none());
        assert!(!c.after_a_request(), "not known");
    }
}
