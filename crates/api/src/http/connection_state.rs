//! What a request can learn of, and ask of, the connection it came on (`HttpRequest::conn_data`):
//! whether its client has closed its side (an event stream then ends at once, freeing its
//! place), and to be closed once its answer is sent (a body that stopped arriving: nothing more
//! is read from that connection).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use actix_web::HttpRequest;
use tokio::sync::watch;

#[derive(Debug)]
struct Shared {
    peer_closed: watch::Sender<bool>,
    close: AtomicBool,
}

/// One connection's state, shared by the connection and its requests.
#[derive(Debug, Clone)]
pub struct ConnectionState(Arc<Shared>);

impl Default for ConnectionState {
    fn default() -> ConnectionState {
        ConnectionState(Arc::new(Shared {
            peer_closed: watch::Sender::new(false),
            close: AtomicBool::new(false),
        }))
    }
}

impl ConnectionState {
    /// The state of the connection `req` came on, if it was accepted by this server (not in a
    /// test's in-memory request).
    pub fn of(req: &HttpRequest) -> Option<ConnectionState> {
        req.conn_data::<ConnectionState>().cloned()
    }

    /// The client has closed its side: it sends nothing more.
    pub fn peer_closed(&self) {
        self.0.peer_closed.send_replace(true);
    }

    /// Waits until the client has closed its side.
    pub async fn peer_gone(&self) {
        let mut closed = self.0.peer_closed.subscribe();
        if closed.wait_for(|closed| *closed).await.is_err() {
            std::future::pending::<()>().await;
        }
    }

    /// Asks for the connection to be read no more, and closed once the answer in flight is sent.
    pub fn close_after_answer(&self) {
        self.0.close.store(true, Ordering::Relaxed);
    }

    pub fn closing(&self) -> bool {
        self.0.close.load(Ordering::Relaxed)
    }
}
