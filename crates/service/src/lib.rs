//! What each request does, in the game's words: it reads and writes the record of games
//! (`record`) through its own `store`, which nothing outside this crate can name, and asks
//! `rules` (the crate `phase10-rules`) what the turns mean. Nothing here knows HTTP: the crate
//! has no actix, and its errors (`error`) are the game's, which the API answers as problems.
//!
//! A `Service` is one database with what goes with it: the clock, the dice, the caches of games
//! and accounts read lately, the in-process wake-ups. A request works through a `Session` (one
//! pooled connection); every change of a game goes through `change::change_game`, in the one
//! write transaction `Session::write` opens (see `change` for how concurrent changes are kept
//! apart).

pub mod access;
pub mod accounts;
pub mod advice;
pub mod backup;
pub mod card_replay;
pub mod card_scoresheet;
pub mod change;
pub mod chosen;
pub mod clock;
pub mod database;
pub mod dice;
mod dice_replay;
pub mod digital;
pub mod edits;
pub mod entries;
pub mod error;
pub mod events;
mod figures;
pub mod games;
pub mod hands;
pub mod idempotency;
pub mod invite_code;
pub mod invites;
pub mod keys;
pub mod live;
#[macro_use]
pub mod names;
pub mod numbered;
pub mod people;
pub mod recent;
pub mod record;
pub mod replay;
pub mod review;
pub mod roller;
pub mod rolls;
pub mod scoresheet;
pub mod share;
pub mod standby;
pub mod stats;
mod store;
pub mod table;
pub mod telemetry;
pub mod turns;
pub mod values;

/// The games' rules, the advisor and the best whole solitaire game (`crates/rules`), named here
/// as the service has always named them.
pub use phase10_rules as rules;
pub use phase10_rules::whole_game;

use std::sync::Arc;
use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::connection::TransactionManager;

use crate::error::{Error, Result};
use crate::values::{GameId, GameVersion};
use clock::Clock;
use idempotency::KeyPolicy;
use roller::Dice;
pub use store::PoolState;
use store::{DbConnection, Store, StoreConnection};

/// Which versions of a game a write may apply to (the client's `If-Match`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionCheck {
    Any,
    OneOf(Vec<GameVersion>),
}

impl VersionCheck {
    pub fn allows(&self, version: GameVersion) -> bool {
        match self {
            VersionCheck::Any => true,
            VersionCheck::OneOf(versions) => versions.contains(&version),
        }
    }
}

/// Refuses a write whose `If-Match` does not name the game's `version`.
pub fn check_version(check: Option<&VersionCheck>, version: GameVersion) -> Result<()> {
    match check {
        Some(check) if !check.allows(version) => Err(Error::PreconditionFailed { version }),
        _ => Ok(()),
    }
}

/// Writes an event's `data`: the JSON its subscribers are sent. The API's own JSON, given to
/// the service once, so that the service writes every change's event without knowing JSON.
pub type EventWriter = fn(&events::Event, &replay::GameState) -> Result<events::EventData>;

/// A database's pool of connections, opened and migrated: what a `Service` runs on. Opaque:
/// only the service reaches the database through it.
#[derive(Clone)]
pub struct DatabasePool(store::Pool);

/// Why a database could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("cannot connect to the {backend} database")]
    Connect {
        backend: &'static str,
        #[source]
        cause: diesel::r2d2::PoolError,
    },
    #[error("could not apply the database migrations")]
    Migrate(#[source] Box<dyn std::error::Error + Send + Sync>),
    #[error("could not make people of the players of older games")]
    Adopt(#[source] Error),
}

/// Opens the pool of `database` and applies the migrations it does not have yet; returns the
/// pool and how many migrations were applied.
pub fn open_database(
    database: database::Database,
    settings: &database::PoolSettings,
) -> std::result::Result<(DatabasePool, usize), OpenError> {
    let backend = database.backend_name();
    let pool = store::pool(database, settings);
    // Migrations and adopting older games may take a while on a large database.
    let mut conn = Store::new(pool.clone())
        .connection(Duration::from_secs(600))
        .map_err(|cause| OpenError::Connect { backend, cause })?;
    let applied = store::migrate(&mut conn).map_err(OpenError::Migrate)?;
    figures::adopt_old_games(&mut conn, chrono::Utc::now().naive_utc())
        .map_err(OpenError::Adopt)?;
    Ok((DatabasePool(pool), applied))
}

/// The pool of a standby for reads that tolerate lag (`service::standby`), made without
/// connecting (a standby is never migrated: it follows its primary).
pub fn standby_pool(
    database: database::Database,
    settings: &database::PoolSettings,
) -> DatabasePool {
    DatabasePool(store::pool(database, settings))
}

/// What a service is made of.
pub struct Parts {
    pub pool: DatabasePool,
    /// A standby for reads that tolerate lag, if there is one.
    pub standby: Option<DatabasePool>,
    pub clock: Arc<dyn Clock>,
    pub dice: Arc<dyn Dice>,
    pub keys: KeyPolicy,
    pub invite_ttl: Duration,
    /// How long a read-only link to a game's pad opens it.
    pub share_ttl: Duration,
    pub live: live::Live,
    pub event_data: EventWriter,
}

/// One database and everything a request needs with it.
pub struct Service {
    store: Store,
    standby: Option<Store>,
    parts: Parts,
    recent: recent::Recent,
}

impl Service {
    pub fn new(parts: Parts) -> Service {
        Service {
            store: Store::new(parts.pool.0.clone()),
            standby: parts
                .standby
                .as_ref()
                .map(|pool| Store::new(pool.0.clone())),
            parts,
            recent: recent::Recent::default(),
        }
    }

    /// A session on a connection of the pool, for one request whose work may take up to
    /// `deadline`: past it, a call the database leaves unanswered is cut (and fails).
    pub fn session(&self, deadline: Duration) -> Result<Session<'_>> {
        Ok(Session::on(self, self.store.connection(deadline)?))
    }

    /// The database pool now.
    pub fn pool_state(&self) -> PoolState {
        self.store.pool_state()
    }

    pub fn live(&self) -> &live::Live {
        &self.parts.live
    }

    pub fn keys(&self) -> KeyPolicy {
        self.parts.keys
    }
}

/// A request's work on one connection.
pub struct Session<'s> {
    conn: StoreConnection,
    service: &'s Service,
    /// The games changed by the write in progress, with their state after it: once it commits,
    /// they are cached and their subscribers woken.
    changed: Vec<Arc<replay::GameState>>,
    /// The games deleted by the write in progress: once it commits, they are forgotten and
    /// their subscribers woken (to be told).
    deleted: Vec<GameId>,
    /// Whether a write is in progress: what it reads may never commit, so it is not cached.
    writing: bool,
}

impl<'s> Session<'s> {
    fn on(service: &'s Service, conn: StoreConnection) -> Session<'s> {
        Session {
            conn,
            service,
            changed: Vec::new(),
            deleted: Vec::new(),
            writing: false,
        }
    }
}

impl Session<'_> {
    /// Now, to the microsecond: both databases keep times to the microsecond, so a time read
    /// back equals the time written.
    pub fn now(&self) -> NaiveDateTime {
        self.service.parts.clock.now()
    }

    fn conn(&mut self) -> &mut DbConnection {
        &mut self.conn
    }

    fn dice(&self) -> &dyn Dice {
        &*self.service.parts.dice
    }

    fn recent(&self) -> &recent::Recent {
        &self.service.recent
    }

    /// Whether the database answers.
    pub fn ping(&mut self) -> Result<()> {
        store::ping(&mut self.conn).map_err(|_| Error::Unavailable)
    }

    /// Runs `work` in one write transaction: committed if it returns `Ok`, rolled back
    /// otherwise. Once committed, the games it changed are kept for the next request and their
    /// subscribers in this process are woken (other processes hear of it from the database).
    fn transaction<T>(&mut self, work: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        type Manager = <DbConnection as diesel::Connection>::TransactionManager;
        let writer = self.conn.sqlite_writer();
        let _turn = store::writers_turn(writer.as_deref());
        self.changed.clear();
        self.deleted.clear();
        Manager::begin_transaction(self.conn())?;
        self.writing = true;
        let result = work(self).and_then(|done| {
            Manager::commit_transaction(self.conn())?;
            Ok(done)
        });
        self.writing = false;
        match result {
            Ok(done) => {
                for game in std::mem::take(&mut self.changed) {
                    let id = game.record.game.id.clone();
                    self.service.recent.keep_game(game);
                    self.service.parts.live.announce(&id);
                }
                for id in std::mem::take(&mut self.deleted) {
                    self.service.recent.forget_game(&id);
                    self.service.parts.live.announce(&id);
                }
                Ok(done)
            }
            Err(error) => {
                self.changed.clear();
                self.deleted.clear();
                if let Err(cause) = Manager::rollback_transaction(self.conn()) {
                    // The connection is in an unknown state: the pool drops it.
                    tracing::warn!(%cause, "a write could not be rolled back");
                    store::discard_connection();
                }
                Err(error)
            }
        }
    }

    /// Runs one writing statement on its own.
    fn write_statement<T>(
        &mut self,
        work: impl FnOnce(&mut DbConnection) -> diesel::QueryResult<T>,
    ) -> Result<T> {
        Ok(self.conn.write_statement(work)?)
    }
}

/// Asks the pool to drop, rather than reuse, the connection of the session this thread is about
/// to end: for a connection a query failed on.
pub fn discard_connection() {
    store::discard_connection();
}

impl Session<'_> {
    /// The session's database was found lost (`Error::Unavailable`: its connection died, or
    /// its server no longer takes writes): this connection is dropped, and every other made
    /// before now is dropped when next taken, so the pool refills from the server the URL
    /// names now (a standby promoted meanwhile).
    pub fn server_lost(&self) {
        self.conn.server_lost();
    }
}
