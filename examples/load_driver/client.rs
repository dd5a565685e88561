//! One kept-alive HTTP/1.1 connection to a server (hyper's client), and event streams opened on
//! connections of their own.

use std::time::Duration;

use http_body_util::{BodyExt, Empty, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::client::conn::http1::{self, SendRequest};
use hyper::{Request, header};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio::time::timeout;

/// The most of an answer's body the driver reads.
const BODY_LIMIT: usize = 1 << 20;
/// How long one request and its answer may take.
const TIMEOUT: Duration = Duration::from_secs(30);

pub type Failure = Box<dyn std::error::Error + Send + Sync>;

/// A kept-alive connection, opened again after a failure or when the server closes it.
pub struct Client {
    /// `host:port`, to connect to and for the `Host` header.
    authority: String,
    pub key: String,
    connection: Option<SendRequest<Full<Bytes>>>,
}

impl Client {
    /// `base` is `http://host[:port]`.
    pub fn new(base: &str) -> Client {
        let authority = base.strip_prefix("http://").unwrap_or(base);
        let authority = authority.split('/').next().unwrap_or_default();
        let authority = if authority.contains(':') {
            authority.to_string()
        } else {
            format!("{authority}:80")
        };
        Client {
            authority,
            key: String::new(),
            connection: None,
        }
    }

    /// Posts JSON; reads the answer as JSON only when asked, to keep the driver's own CPU low.
    /// Status 0: no answer (connection refused or dropped, malformed answer, timeout).
    pub async fn post(&mut self, path: &str, body: String, read: bool) -> (u16, Value) {
        let Ok(Ok((status, body))) = timeout(TIMEOUT, self.exchange(path, body)).await else {
            self.connection = None;
            return (0, Value::Null);
        };
        let value = if read {
            serde_json::from_slice(&body).unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        (status, value)
    }

    /// Sends one request and reads its answer whole (at most `BODY_LIMIT`): the status and the
    /// body.
    async fn exchange(&mut self, path: &str, body: String) -> Result<(u16, Bytes), Failure> {
        if self.connection.as_ref().is_none_or(|c| c.is_closed()) {
            self.connection = Some(connect(&self.authority).await?);
        }
        let Some(connection) = self.connection.as_mut() else {
            return Err("no connection".into());
        };
        connection.ready().await?;
        let request = Request::post(path)
            .header(header::HOST, &self.authority)
            .header(header::AUTHORIZATION, format!("Bearer {}", self.key))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Full::new(Bytes::from(body)))?;
        let answer = connection.send_request(request).await?;
        let status = answer.status().as_u16();
        let body = Limited::new(answer.into_body(), BODY_LIMIT)
            .collect()
            .await?
            .to_bytes();
        Ok((status, body))
    }

    /// Opens `GET path` on a connection of its own and hands back its body as it comes: an
    /// event stream. An answer other than 200 is a failure.
    pub async fn stream(&self, path: &str) -> Result<Incoming, Failure> {
        let mut connection = connect(&self.authority).await?;
        let request = Request::get(path)
            .header(header::HOST, &self.authority)
            .header(header::AUTHORIZATION, format!("Bearer {}", self.key))
            .header(header::ACCEPT, "text/event-stream")
            .body(Empty::<Bytes>::new())?;
        let answer = timeout(TIMEOUT, connection.send_request(request)).await??;
        if answer.status() != 200 {
            return Err(format!("the stream answered {}", answer.status()).into());
        }
        Ok(answer.into_body())
    }
}

async fn connect<B>(authority: &str) -> Result<SendRequest<B>, Failure>
where
    B: hyper::body::Body + 'static,
    B::Data: Send,
    B::Error: Into<Failure>,
{
    let stream = TcpStream::connect(authority).await?;
    stream.set_nodelay(true)?;
    let (connection, driven) = http1::handshake(TokioIo::new(stream)).await?;
    // Reads and writes the connection until it closes.
    actix_web::rt::spawn(driven);
    Ok(connection)
}
