//! Listening for changes made by other server processes sharing a PostgreSQL database: a
//! connection of its own (outside the pool) that has run `LISTEN`, drained without blocking.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

use super::events::CHANNEL;
use crate::database::with_liveness;
use crate::values::GameId;

/// A PostgreSQL connection listening for announced changes.
pub(crate) struct Listener {
    conn: PgConnection,
    /// Its socket, to cut a ping its server leaves unanswered.
    socket: Option<super::silent_server::Socket>,
    watchdog: super::silent_server::Watchdog,
}

/// How long a ping may go unanswered before the connection is given up (its server frozen).
const PING_WITHIN: std::time::Duration = std::time::Duration::from_secs(3);

impl Listener {
    pub fn connect(url: &str) -> ConnectionResult<Listener> {
        crate::database::prepare_for_postgres();
        let mut conn = PgConnection::establish(&with_liveness(url))?;
        conn.batch_execute(&format!("LISTEN {CHANNEL}"))
            .map_err(|e| ConnectionError::BadConnection(e.to_string()))?;
        let socket = super::silent_server::socket_of(&mut conn);
        Ok(Listener {
            conn,
            socket,
            watchdog: Default::default(),
        })
    }

    /// The games announced since the last call (a game once however often it changed). Reads
    /// what the connection has received without waiting; an error means the connection is lost.
    /// A payload that is not a game's id (no process of this server sends one) is passed over.
    pub fn changed_games(&mut self) -> QueryResult<Vec<GameId>> {
        let mut games: Vec<GameId> = Vec::new();
        for notification in self.conn.notifications_iter() {
            let game = GameId::parse(&notification?.payload);
            if let Some(game) = game.filter(|game| !games.contains(game)) {
                games.push(game);
            }
        }
        Ok(games)
    }

    /// A round trip, to find a connection that died without closing, or whose server stopped
    /// answering: unanswered within `PING_WITHIN`, it is cut, and the ping fails.
    pub fn ping(&mut self) -> QueryResult<()> {
        let mut watch = self.watchdog.arm(self.socket, PING_WITHIN);
        let pinged = self.conn.batch_execute("SELECT 1");
        watch.disarm();
        pinged
    }
}
