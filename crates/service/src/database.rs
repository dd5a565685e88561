//! Which database the service runs on and how its pool is sized: plain settings, read from the
//! configuration. Opening it is `service::open_database`; nothing outside the service reaches
//! the database itself.

use std::time::Duration;

/// Which database a URL names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Database {
    Postgres(String),
    /// A file path, or `:memory:`.
    Sqlite(String),
}

impl Database {
    /// `postgres://…` or `postgresql://…` is PostgreSQL; `sqlite://path`, `sqlite:path` or a
    /// plain path is a SQLite file.
    pub fn from_url(url: &str) -> Database {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Database::Postgres(url.to_string())
        } else {
            let path = url
                .strip_prefix("sqlite://")
                .or_else(|| url.strip_prefix("sqlite:"))
                .unwrap_or(url);
            Database::Sqlite(path.to_string())
        }
    }

    pub fn backend_name(&self) -> &'static str {
        match self {
            Database::Postgres(_) => "postgres",
            Database::Sqlite(_) => "sqlite",
        }
    }
}

/// How the pool is sized and how long a request waits for a connection.
#[derive(Debug, Clone)]
pub struct PoolSettings {
    pub max_size: u32,
    pub connection_timeout: Duration,
}

/// Readies the process for PostgreSQL, before its first connection: OpenSSL, which libpq speaks
/// TLS with, is initialised without its clean-up at exit. That clean-up frees OpenSSL's state
/// while other threads may still be inside it (the listener of `live`, a pooled connection
/// going away), which crashed a process now and then as it ended (SIGSEGV). `openssl-sys`'s own
/// initialisation asks for exactly that; it runs once, however often it is called.
pub fn prepare_for_postgres() {
    openssl_sys::init();
}

/// Connection settings added to a PostgreSQL URL (unless it sets them): give up on a host that
/// cannot be reached in seconds (the next host of a URL naming several is tried), and on a
/// connection whose server stops acknowledging what it is sent, rather than at the kernel's
/// TCP timeout. A server that still acknowledges but never answers is `store::silent_server`'s.
const LIVENESS: [(&str, &str); 5] = [
    ("connect_timeout", "2"),
    ("keepalives", "1"),
    ("keepalives_idle", "5"),
    ("keepalives_interval", "2"),
    ("tcp_user_timeout", "10000"),
];

/// The URL with the liveness settings it does not set itself.
pub(crate) fn with_liveness(url: &str) -> String {
    let mut url = url.to_string();
    for (name, value) in LIVENESS {
        if !url.contains(&format!("{name}=")) {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str(&format!("{name}={value}"));
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::with_liveness;

    #[test]
    fn connections_give_up_on_an_unreachable_server_in_seconds() {
        assert_eq!(
            with_liveness("postgres://db/x"),
            "postgres://db/x?connect_timeout=2&keepalives=1&keepalives_idle=5\
             &keepalives_interval=2&tcp_user_timeout=10000"
        );
        let tuned = with_liveness(
            "postgres://a:5432,b:5433/x?target_session_attrs=read-write&connect_timeout=4",
        );
        assert!(tuned.starts_with(
            "postgres://a:5432,b:5433/x?target_session_attrs=read-write&connect_timeout=4&keepalives=1"
        ));
        assert_eq!(tuned.matches("connect_timeout").count(), 1);
    }
}
