//! Listening for changes made by other server processes sharing a PostgreSQL database: a
//! connection of its own (outside the pool) that has run `LISTEN`, drained without blocking.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

use super::events::CHANNEL;

/// A PostgreSQL connection listening for announced changes.
pub struct Listener(PgConnection);

impl Listener {
    pub fn connect(url: &str) -> ConnectionResult<Listener> {
        let mut conn = PgConnection::establish(url)?;
        conn.batch_execute(&format!("LISTEN {CHANNEL}"))
            .map_err(|e| ConnectionError::BadConnection(e.to_string()))?;
        Ok(Listener(conn))
    }

    /// The games announced since the last call (a game once however often it changed). Reads
    /// what the connection has received without waiting; an error means the connection is lost.
    pub fn changed_games(&mut self) -> QueryResult<Vec<String>> {
        let mut games: Vec<String> = Vec::new();
        for notification in self.0.notifications_iter() {
            let payload = notification?.payload;
            if !games.contains(&payload) {
                games.push(payload);
            }
        }
        Ok(games)
    }

    /// A round trip, to find a connection that died without closing.
    pub fn ping(&mut self) -> QueryResult<()> {
        self.0.batch_execute("SELECT 1")
    }
}
