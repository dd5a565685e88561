//! Persistence with diesel: one connection type over PostgreSQL and SQLite, its pool, the
//! embedded migrations, and one module per group of tables. Nothing here knows HTTP.

pub mod accounts;
pub mod events;
pub mod games;
pub mod idempotency;
pub mod invites;
pub mod listen;
pub mod schema;
pub mod seats;
pub mod turns;

use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use thiserror::Error;

const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");
const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");

/// A connection to either database; queries are written once for both.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

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

/// Opens connections to the configured database, set up the same way every time.
#[derive(Debug, Clone)]
pub struct Connector {
    database: Database,
    busy_timeout: Duration,
}

impl ManageConnection for Connector {
    type Connection = DbConnection;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<DbConnection, r2d2::Error> {
        match &self.database {
            Database::Postgres(url) => PgConnection::establish(url)
                .map(DbConnection::Postgres)
                .map_err(r2d2::Error::ConnectionError),
            Database::Sqlite(path) => {
                let mut conn =
                    SqliteConnection::establish(path).map_err(r2d2::Error::ConnectionError)?;
                // WAL lets readers go on while one writer writes; writers wait for each other
                // up to the busy timeout instead of failing at once. FULL syncs every commit to
                // disk before it is acknowledged, so a turn answered 201 survives a power cut.
                conn.batch_execute(&format!(
                    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                     PRAGMA foreign_keys = ON; PRAGMA busy_timeout = {};",
                    self.busy_timeout.as_millis()
                ))
                .map_err(r2d2::Error::QueryError)?;
                Ok(DbConnection::Sqlite(conn))
            }
        }
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), r2d2::Error> {
        ping(conn).map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut DbConnection) -> bool {
        use diesel::r2d2::R2D2Connection;
        std::thread::panicking() || BROKEN.take() || conn.is_broken()
    }
}

thread_local! {
    /// Set by `discard_connection` for the connection about to go back to the pool from this
    /// thread: the pool calls `has_broken` on the same thread as it takes it back.
    static BROKEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Asks the pool to drop, rather than reuse, the connection this thread is about to give back:
/// for a connection a query failed on. Connections are not tested when taken from the pool (a
/// round trip on every request), so a connection that died is found by the query that fails on
/// it, answered 503, and never reused.
pub fn discard_connection() {
    BROKEN.set(true);
}

pub type Pool = r2d2::Pool<Connector>;
pub type PooledConnection = r2d2::PooledConnection<Connector>;

/// How the pool is sized and how long a request waits for a connection.
#[derive(Debug, Clone)]
pub struct PoolSettings {
    pub max_size: u32,
    pub connection_timeout: Duration,
}

/// Builds the pool without connecting: the service starts even while the database is down,
/// and `/readyz` says so.
pub fn pool(database: Database, settings: &PoolSettings) -> Pool {
    let connector = Connector {
        database,
        busy_timeout: Duration::from_secs(5),
    };
    r2d2::Pool::builder()
        .max_size(settings.max_size)
        .min_idle(Some(0))
        .connection_timeout(settings.connection_timeout)
        .test_on_check_out(false)
        .build_unchecked(connector)
}

/// Writers to SQLite in this process take turns here. SQLite lets one writer in at a time
/// anyway; waiting on a mutex wakes the next writer the moment the last one commits, where
/// SQLite's busy handler would poll with sleeps of up to 100 ms.
static SQLITE_WRITER: std::sync::Mutex<()> = std::sync::Mutex::new(());

thread_local! {
    /// Whether this thread holds `SQLITE_WRITER`: a write nested in another (a turn recorded
    /// inside the transaction that also stores its idempotency key) already has its turn.
    static HOLDS_SQLITE_WRITER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// This thread's turn to write to SQLite, given back when dropped.
struct WritersTurn {
    _guard: std::sync::MutexGuard<'static, ()>,
}

impl Drop for WritersTurn {
    fn drop(&mut self) {
        HOLDS_SQLITE_WRITER.set(false);
    }
}

/// Waits for this writer's turn, on SQLite, unless this thread has it already.
fn sqlite_writers_turn(conn: &DbConnection) -> Option<WritersTurn> {
    match conn {
        DbConnection::Sqlite(_) if !HOLDS_SQLITE_WRITER.get() => {
            let guard = SQLITE_WRITER
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            HOLDS_SQLITE_WRITER.set(true);
            Some(WritersTurn { _guard: guard })
        }
        _ => None,
    }
}

/// Runs `work` in a write transaction: committed if it returns `Ok`, rolled back otherwise.
/// Nested in another, it is a savepoint of the outer one.
pub fn write_transaction<T, E>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    let _turn = sqlite_writers_turn(conn);
    conn.transaction(work)
}

/// Runs one writing statement (atomic on its own, without a transaction around it); SQLite
/// writers take turns as in `write_transaction`.
pub fn write_statement<T, E>(
    conn: &mut DbConnection,
    work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E> {
    let _turn = sqlite_writers_turn(conn);
    work(conn)
}

/// Why migrations could not be applied.
#[derive(Debug, Error)]
#[error("could not apply the database migrations: {0}")]
pub struct MigrationError(String);

/// Applies the migrations of the connection's backend that are not applied yet.
pub fn migrate(conn: &mut DbConnection) -> Result<usize, MigrationError> {
    let applied = match conn {
        DbConnection::Postgres(pg) => pg
            .run_pending_migrations(POSTGRES_MIGRATIONS)
            .map(|v| v.len()),
        DbConnection::Sqlite(lite) => lite
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|v| v.len()),
    };
    applied.map_err(|e| MigrationError(e.to_string()))
}

/// Whether the database answers.
pub fn ping(conn: &mut DbConnection) -> QueryResult<()> {
    conn.batch_execute("SELECT 1")
}
