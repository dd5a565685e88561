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
