//! A PostgreSQL server that stops answering without closing its connections (its processes
//! frozen, a paused machine, a stuck disk) leaves a call on one of them blocked in libpq for
//! good: its kernel still acknowledges TCP, so neither keepalives nor `tcp_user_timeout` notice.
//! Such a call is ended from outside it when its session's deadline passes: the connection's
//! socket is shut down (not closed: the descriptor stays libpq's until the connection is
//! dropped), libpq answers that the server closed the connection, and the pool drops it.
//!
//! diesel does not give out libpq's socket (`PQsocket`), and no crate does, so it is found by
//! its two ends: the server says which port the connection comes from and which it reaches,
//! and the process's one socket with those ends is the connection's.

use std::os::fd::{BorrowedFd, RawFd};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable};

/// How often deadlines are looked at: a blocked call is cut at most this long after its own.
const LOOK_EVERY: Duration = Duration::from_millis(50);

/// The socket of one PostgreSQL connection, while that connection lives.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Socket(RawFd);

/// The socket of `conn`, if it reaches its server over TCP (a Unix socket has no ports to find
/// it by; a server on this machine cannot be frozen apart from it for long anyway).
pub(crate) fn socket_of(conn: &mut PgConnection) -> Option<Socket> {
    #[derive(QueryableByName)]
    struct Ends {
        #[diesel(sql_type = Nullable<Integer>)]
        client: Option<i32>,
        #[diesel(sql_type = Nullable<Integer>)]
        server: Option<i32>,
    }
    let ends: Ends =
        diesel::sql_query("SELECT inet_client_port() AS client, inet_server_port() AS server")
            .get_result(conn)
            .ok()?;
    let client = u16::try_from(ends.client?).ok()?;
    let server = u16::try_from(ends.server?).ok()?;
    let found = std::fs::read_dir("/proc/self/fd")
        .ok()?
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<RawFd>().ok())
        .find(|&fd| has_ends(fd, client, server))
        .map(Socket);
    if found.is_none() {
        // Behind a proxy that rewrites ports, say: such a connection is not watched.
        tracing::debug!(
            client,
            server,
            "no socket of this process has the connection's ports"
        );
    }
    found
}

/// Whether `fd` is a TCP socket from local port `client` to remote port `server`.
fn has_ends(fd: RawFd, client: u16, server: u16) -> bool {
    // SAFETY: the descriptor is only asked for its addresses. Were another thread to close it
    // meanwhile, the calls fail (EBADF) or describe whatever took its number: never a fault.
    let fd = unsafe { BorrowedFd::borrow_raw(fd) };
    let socket = socket2::SockRef::from(&fd);
    let port = |address: std::io::Result<socket2::SockAddr>| {
        address.ok().and_then(|a| a.as_socket()).map(|a| a.port())
    };
    port(socket.local_addr()) == Some(client) && port(socket.peer_addr()) == Some(server)
}

/// Ends whatever call is blocked on `socket`. Only called while the connection it belongs to
/// lives (the watch's lock is held, and a session disarms under it before its connection
/// goes), so the descriptor is still the connection's.
fn cut(socket: Socket) {
    // SAFETY: see above: the descriptor is open and is this connection's socket.
    let fd = unsafe { BorrowedFd::borrow_raw(socket.0) };
    if let Err(error) = socket2::SockRef::from(&fd).shutdown(std::net::Shutdown::Both) {
        tracing::warn!(%error, "could not cut a connection to a silent database");
    }
}

/// One database's sessions with a deadline, and how often its server was found lost.
#[derive(Default, Clone)]
pub(crate) struct Watchdog {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    armed: Mutex<Armed>,
    /// Counts the times a connection to the server was found dead or silent: a connection made
    /// before the last time is not trusted again (it reaches the server that was lost).
    losses: AtomicU64,
}

#[derive(Default)]
struct Armed {
    next: u64,
    watches: Vec<(u64, Instant, Socket)>,
    /// Whether the thread looking at deadlines runs.
    looking: bool,
}

impl Watchdog {
    /// Watches `socket` until the guard goes: past `within`, it is cut.
    pub(crate) fn arm(&self, socket: Option<Socket>, within: Duration) -> Guard {
        let Some(socket) = socket else {
            return Guard { watch: None };
        };
        let mut armed = self.inner.lock();
        armed.next += 1;
        let id = armed.next;
        armed.watches.push((id, Instant::now() + within, socket));
        if !armed.looking {
            armed.looking = true;
            let inner = Arc::downgrade(&self.inner);
            let started = std::thread::Builder::new()
                .name("silent-database-watchdog".into())
                .spawn(move || look(&inner));
            if let Err(error) = started {
                armed.looking = false;
                tracing::error!(%error, "cannot watch for a silent database");
            }
        }
        Guard {
            watch: Some((Arc::downgrade(&self.inner), id)),
        }
    }

    /// The server was found lost: connections made before now are dropped when next taken.
    pub(crate) fn lost(&self) {
        self.inner.losses.fetch_add(1, Ordering::Relaxed);
    }

    /// How many times the server was found lost so far.
    pub(crate) fn losses(&self) -> u64 {
        self.inner.losses.load(Ordering::Relaxed)
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, Armed> {
        self.armed
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// The thread cutting the connections past their deadline, while any is armed.
fn look(inner: &Weak<Inner>) {
    loop {
        std::thread::sleep(LOOK_EVERY);
        let Some(inner) = inner.upgrade() else { return };
        let mut armed = inner.lock();
        if armed.watches.is_empty() {
            armed.looking = false;
            return;
        }
        let now = Instant::now();
        let before = armed.watches.len();
        armed.watches.retain(|&(_, deadline, socket)| {
            let overdue = deadline <= now;
            if overdue {
                cut(socket);
            }
            !overdue
        });
        if armed.watches.len() < before {
            inner.losses.fetch_add(1, Ordering::Relaxed);
            tracing::warn!("a database connection was silent past its deadline: cut");
        }
    }
}

/// A session's watch: disarmed when it goes, before its connection goes back to the pool.
pub(crate) struct Guard {
    watch: Option<(Weak<Inner>, u64)>,
}

impl Guard {
    /// Stops watching; whether the connection was cut meanwhile.
    pub(crate) fn disarm(&mut self) -> bool {
        let Some((inner, id)) = self.watch.take() else {
            return false;
        };
        let Some(inner) = inner.upgrade() else {
            return false;
        };
        let mut armed = inner.lock();
        let before = armed.watches.len();
        armed.watches.retain(|&(watched, _, _)| watched != id);
        armed.watches.len() == before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tests' PostgreSQL, as CI names it.
    fn url() -> String {
        std::env::var("TEST_DATABASE_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
    }

    #[test]
    fn a_call_left_unanswered_is_cut_at_its_deadline() {
        let mut conn = PgConnection::establish(&url()).expect("the tests' PostgreSQL");
        let socket = socket_of(&mut conn).expect("the connection's socket, found by its ports");
        let watchdog = Watchdog::default();
        let mut watch = watchdog.arm(Some(socket), Duration::from_millis(200));
        let started = Instant::now();
        // A server that does not answer for a minute, as a frozen one never does.
        let blocked = diesel::sql_query("SELECT pg_sleep(60)").execute(&mut conn);
        let took = started.elapsed();
        assert!(watch.disarm(), "the watch says it cut the connection");
        let error = crate::error::Error::from(blocked.expect_err("the call fails once cut"));
        assert!(
            matches!(error, crate::error::Error::Unavailable),
            "{error:?}"
        );
        assert!(took < Duration::from_secs(10), "cut after {took:?}");
        assert_eq!(watchdog.losses(), 1, "the server is counted lost");
    }

    #[test]
    fn a_call_answered_in_time_is_left_alone() {
        let mut conn = PgConnection::establish(&url()).expect("the tests' PostgreSQL");
        let watchdog = Watchdog::default();
        let mut watch = watchdog.arm(socket_of(&mut conn), Duration::from_secs(5));
        diesel::sql_query("SELECT 1").execute(&mut conn).unwrap();
        assert!(!watch.disarm());
        assert_eq!(watchdog.losses(), 0);
        diesel::sql_query("SELECT 1").execute(&mut conn).unwrap();
    }
}
