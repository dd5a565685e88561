//! Raw HTTP/1.1 over a socket, for what a well-behaved client never sends: half a body, a head
//! that never ends, garbage, a connection from another loopback address (127.0.0.2, …), a
//! client that walks away.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use serde_json::Value;
use socket2::{Domain, Socket, Type};

/// A connection to the test server.
pub struct Raw {
    pub stream: TcpStream,
}

/// An answer read off a raw connection.
#[derive(Debug)]
pub struct RawAnswer {
    pub status: u16,
    pub head: String,
    pub body: String,
    /// Whether the server closed the connection after it.
    pub closed: bool,
}

impl RawAnswer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().skip(1).find_map(|line| {
            let (field, value) = line.split_once(':')?;
            field
                .trim()
                .eq_ignore_ascii_case(name)
                .then_some(value.trim())
        })
    }

    /// Asserts a problem+json answer with this status and code.
    #[track_caller]
    pub fn expect_problem(&self, status: u16, code: &str) -> Value {
        assert_eq!(self.status, status, "{self:?}");
        assert_eq!(
            self.header("content-type"),
            Some("application/problem+json"),
            "{self:?}"
        );
        let problem: Value = serde_json::from_str(&self.body).expect("a JSON problem");
        assert_eq!(problem["status"], status);
        assert_eq!(problem["code"], code, "{problem}");
        problem
    }
}

impl Raw {
    /// Connects to `base` (`http://127.0.0.1:port`) from the loopback address `from`.
    pub fn connect_from(base: &str, from: &str) -> Raw {
        let port: u16 = base
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("a port");
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a socket");
        let local: SocketAddr = format!("{from}:0").parse().expect("an address");
        socket
            .bind(&local.into())
            .expect("bind to a loopback address");
        let server: SocketAddr = format!("127.0.0.1:{port}").parse().expect("an address");
        socket
            .connect_timeout(&server.into(), Duration::from_secs(5))
            .expect("connect");
        Raw {
            stream: socket.into(),
        }
    }

    pub fn connect(base: &str) -> Raw {
        Raw::connect_from(base, "127.0.0.1")
    }

    pub fn send(&mut self, bytes: &[u8]) -> &mut Raw {
        self.stream.write_all(bytes).expect("send");
        self
    }

    /// Reads until the server closes the connection or `within` passes; what came.
    pub fn read_all(&mut self, within: Duration) -> (Vec<u8>, bool) {
        let deadline = Instant::now() + within;
        let mut bytes = Vec::new();
        let mut buffer = [0u8; 8192];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return (bytes, false);
            }
            self.stream
                .set_read_timeout(Some(left))
                .expect("a read timeout");
            match self.stream.read(&mut buffer) {
                Ok(0) => return (bytes, true),
                Ok(n) => bytes.extend_from_slice(&buffer[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return (bytes, true),
                Err(_) => return (bytes, false),
            }
        }
    }

    /// Reads until `needle` has come (`true`), the connection closes or `within` passes.
    pub fn read_until(&mut self, needle: &str, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        let mut bytes = Vec::new();
        let mut buffer = [0u8; 8192];
        while !String::from_utf8_lossy(&bytes).contains(needle) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            self.stream
                .set_read_timeout(Some(left))
                .expect("a read timeout");
            match self.stream.read(&mut buffer) {
                Ok(0) | Err(_) => return false,
                Ok(n) => bytes.extend_from_slice(&buffer[..n]),
            }
        }
        true
    }

    /// Opens a game's event stream with `key`, and waits for its first event.
    #[track_caller]
    pub fn follow(base: &str, from: &str, game_id: &str, key: &str) -> Raw {
        let mut raw = Raw::connect_from(base, from);
        raw.send(
            format!(
                "GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: t\r\n\
                 Authorization: Bearer {key}\r\nAccept: text/event-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        assert!(
            raw.read_until("event: game_created", Duration::from_secs(10)),
            "the stream opens"
        );
        raw
    }

    /// Reads one answer with a `Content-Length` as soon as it has come whole (waiting at most
    /// `within`), without waiting to see whether the connection closes after it.
    #[track_caller]
    pub fn whole_answer(&mut self, within: Duration) -> RawAnswer {
        let deadline = Instant::now() + within;
        let mut bytes = Vec::new();
        let mut buffer = [0u8; 8192];
        loop {
            if let Some(at) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
                let answer = parse(&bytes, false);
                let length: usize = answer
                    .header("content-length")
                    .map_or(0, |l| l.parse().unwrap());
                if bytes.len() >= at + 4 + length {
                    return answer;
                }
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "no whole answer within {within:?}: {:?}",
                String::from_utf8_lossy(&bytes)
            );
            self.stream
                .set_read_timeout(Some(left))
                .expect("a read timeout");
            match self.stream.read(&mut buffer) {
                Ok(0) => panic!(
                    "closed before a whole answer: {:?}",
                    String::from_utf8_lossy(&bytes)
                ),
                Ok(n) => bytes.extend_from_slice(&buffer[..n]),
                Err(e)
                    if e.kind() == std::io::ErrorKind::WouldBlock
                        || e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(e) => panic!("no whole answer: {e}"),
            }
        }
    }

    /// Reads one answer (head and, by `Content-Length`, body), waiting at most `within`; then
    /// whether the server closes the connection right after.
    pub fn answer(&mut self, within: Duration) -> RawAnswer {
        let (bytes, closed) = self.read_all(within);
        parse(&bytes, closed)
    }
}

/// The first answer in `bytes`.
pub fn parse(bytes: &[u8], closed: bool) -> RawAnswer {
    let text = String::from_utf8_lossy(bytes).to_string();
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer head in {text:?}"));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    let mut answer = RawAnswer {
        status,
        head: head.to_string(),
        body: String::new(),
        closed,
    };
    let length: usize = answer
        .header("content-length")
        .and_then(|l| l.parse().ok())
        .unwrap_or(rest.len());
    answer.body = rest.get(..length).unwrap_or(rest).to_string();
    answer
}
