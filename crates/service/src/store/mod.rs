//! Persistence with diesel: one connection type over PostgreSQL and SQLite, its pool, the
//! embedded migrations, and one module per group of tables. Nothing here knows HTTP.

pub(crate) mod accounts;
mod columns;
pub(crate) mod edits;
pub(crate) mod events;
pub(crate) mod figures;
pub(crate) mod games;
pub(crate) mod hands;
pub(crate) mod idempotency;
pub(crate) mod invites;
mod kept_updates;
pub(crate) mod keys;
pub(crate) mod listen;
pub(crate) mod pairings;
pub(crate) mod people;
pub(crate) mod schema;
pub(crate) mod seats;
pub(crate) mod share_links;
mod silent_server;
pub(crate) mod turns;

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, ManageConnection};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use crate::database::{Database, PoolSettings, with_liveness};
use crate::values::GameId;
use silent_server::{Socket, Watchdog};

const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/postgres");
const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations/sqlite");

/// A game's key, which its players, turns, hands and claims belong to.
#[derive(Debug, Clone, Identifiable)]
#[diesel(table_name = schema::games)]
pub(crate) struct GameKey {
    pub id: GameId,
}

/// A connection to either database; queries are written once for both.
#[derive(diesel::MultiConnection)]
pub(crate) enum DbConnection {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

/// A pooled connection to either database, with what the pool knows of it.
pub(crate) struct Pooled {
    conn: DbConnection,
    /// Its socket, to cut a call its server leaves unanswered (`silent_server`).
    socket: Option<Socket>,
    /// `Watchdog::losses` when it was made: made before the server was last lost, it reaches
    /// the server that was lost (a primary since replaced, say) and is not used again.
    made_after: u64,
}

impl std::ops::Deref for Pooled {
    type Target = DbConnection;
    fn deref(&self) -> &DbConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut DbConnection {
        &mut self.conn
    }
}

/// Opens connections to the configured database, set up the same way every time.
#[derive(Clone)]
pub(crate) struct Connector {
    database: Database,
    busy_timeout: Duration,
    watchdog: Watchdog,
}

impl ManageConnection for Connector {
    type Connection = Pooled;
    type Error = r2d2::Error;

    fn connect(&self) -> Result<Pooled, r2d2::Error> {
        let made_after = self.watchdog.losses();
        let (conn, socket) = match &self.database {
            Database::Postgres(url) => {
                crate::database::prepare_for_postgres();
                let mut conn = PgConnection::establish(&with_liveness(url))
                    .map_err(r2d2::Error::ConnectionError)?;
                let socket = silent_server::socket_of(&mut conn);
                (DbConnection::Postgres(conn), socket)
            }
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
                (DbConnection::Sqlite(conn), None)
            }
        };
        Ok(Pooled {
            conn,
            socket,
            made_after,
        })
    }

    fn is_valid(&self, conn: &mut Pooled) -> Result<(), r2d2::Error> {
        ping(conn).map_err(r2d2::Error::QueryError)
    }

    fn has_broken(&self, conn: &mut Pooled) -> bool {
        use diesel::r2d2::R2D2Connection;
        std::thread::panicking() || BROKEN.take() || conn.conn.is_broken()
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
pub(crate) fn discard_connection() {
    BROKEN.set(true);
}

/// The connections of one database, and the watch on their calls.
#[derive(Clone)]
pub(crate) struct Pool {
    connections: r2d2::Pool<Connector>,
    watchdog: Watchdog,
}

pub(crate) type PooledConnection = r2d2::PooledConnection<Connector>;

/// Builds the pool without connecting: the service starts even while the database is down,
/// and `/readyz` says so.
pub(crate) fn pool(database: Database, settings: &PoolSettings) -> Pool {
    let watchdog = Watchdog::default();
    let connector = Connector {
        database,
        busy_timeout: Duration::from_secs(5),
        watchdog: watchdog.clone(),
    };
    let connections = r2d2::Pool::builder()
        .max_size(settings.max_size)
        .min_idle(Some(0))
        .connection_timeout(settings.connection_timeout)
        .test_on_check_out(false)
        .build_unchecked(connector);
    Pool {
        connections,
        watchdog,
    }
}

impl Pool {
    /// A connection, to use within `deadline` (past it, a call blocked on it is cut); one made
    /// before the server was last lost is dropped and another taken.
    pub(crate) fn get(
        &self,
        deadline: Duration,
    ) -> Result<(PooledConnection, silent_server::Guard), r2d2::PoolError> {
        loop {
            let conn = self.connections.get()?;
            if conn.made_after < self.watchdog.losses() {
                discard_connection();
                drop(conn);
                continue;
            }
            let guard = self.watchdog.arm(conn.socket, deadline);
            return Ok((conn, guard));
        }
    }
}

/// One database: its pool, and what the processes' writers to it share. Each database has its
/// own (tests run many in one process); nothing here is process-wide.
#[derive(Clone)]
pub(crate) struct Store {
    pool: Pool,
    /// Writers to SQLite from this process take turns here. SQLite lets one writer in at a time
    /// anyway; waiting on a mutex wakes the next writer the moment the last one commits, where
    /// SQLite's busy handler would poll with sleeps of up to 100 ms.
    sqlite_writer: Arc<Mutex<()>>,
}

impl Store {
    pub(crate) fn new(pool: Pool) -> Store {
        Store {
            pool,
            sqlite_writer: Arc::default(),
        }
    }

    /// A connection from the pool, for one request whose work may take up to `deadline`.
    pub(crate) fn connection(
        &self,
        deadline: Duration,
    ) -> Result<StoreConnection, r2d2::PoolError> {
        let start = std::time::Instant::now();
        let got = self.pool.get(deadline);
        metrics::histogram!(crate::telemetry::POOL_WAIT_SECONDS)
            .record(start.elapsed().as_secs_f64());
        let (conn, watch) = got?;
        Ok(StoreConnection {
            watch,
            conn,
            watchdog: self.pool.watchdog.clone(),
            sqlite_writer: Arc::clone(&self.sqlite_writer),
        })
    }

    pub(crate) fn pool_state(&self) -> PoolState {
        let state = self.pool.connections.state();
        PoolState {
            in_use: state.connections - state.idle_connections,
            idle: state.idle_connections,
            most: self.pool.connections.max_size(),
        }
    }
}

/// A database pool's connections at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolState {
    pub in_use: u32,
    pub idle: u32,
    /// The most the pool opens.
    pub most: u32,
}

/// A pooled connection to a `Store`'s database.
pub(crate) struct StoreConnection {
    // Declared first, so dropped first: the watch ends before the connection goes back.
    watch: silent_server::Guard,
    conn: PooledConnection,
    watchdog: Watchdog,
    sqlite_writer: Arc<Mutex<()>>,
}

impl Drop for StoreConnection {
    fn drop(&mut self) {
        if self.watch.disarm() {
            // Cut past its deadline: the pool drops it.
            discard_connection();
        }
    }
}

impl std::ops::Deref for StoreConnection {
    type Target = DbConnection;
    fn deref(&self) -> &DbConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for StoreConnection {
    fn deref_mut(&mut self) -> &mut DbConnection {
        &mut self.conn
    }
}

impl StoreConnection {
    /// The connection's server was found lost (the connection died, or the server no longer
    /// takes writes): it is dropped, and so is every connection made before, when next taken.
    pub(crate) fn server_lost(&self) {
        discard_connection();
        self.watchdog.lost();
    }

    /// The lock this database's writers take turns on, on SQLite; none on PostgreSQL, where
    /// writers wait for each other's row locks instead. Held for a whole write transaction.
    pub(crate) fn sqlite_writer(&self) -> Option<Arc<Mutex<()>>> {
        match &**self.conn {
            DbConnection::Sqlite(_) => Some(Arc::clone(&self.sqlite_writer)),
            DbConnection::Postgres(_) => None,
        }
    }

    /// Runs one writing statement (atomic on its own, without a transaction around it), taking
    /// the writers' turn on SQLite.
    pub(crate) fn write_statement<T, E>(
        &mut self,
        work: impl FnOnce(&mut DbConnection) -> Result<T, E>,
    ) -> Result<T, E> {
        let writer = self.sqlite_writer();
        let _turn = writers_turn(writer.as_deref());
        work(&mut self.conn)
    }
}

/// Waits for a writer's turn on `writer`, if there is one to wait for.
pub(crate) fn writers_turn(writer: Option<&Mutex<()>>) -> Option<MutexGuard<'_, ()>> {
    writer.map(|writer| {
        writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    })
}

/// Applies the migrations of the connection's backend that are not applied yet.
pub(crate) fn migrate(
    conn: &mut DbConnection,
) -> Result<usize, Box<dyn std::error::Error + Send + Sync>> {
    match conn {
        DbConnection::Postgres(pg) => pg
            .run_pending_migrations(POSTGRES_MIGRATIONS)
            .map(|v| v.len()),
        DbConnection::Sqlite(lite) => lite
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|v| v.len()),
    }
}

/// Whether the database answers.
pub(crate) fn ping(conn: &mut DbConnection) -> QueryResult<()> {
    conn.batch_execute("SELECT 1")
}
