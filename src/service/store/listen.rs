//! Listening for changes made by other server processes sharing a PostgreSQL database: a
//! connection of its own (outside the pool) that has run `LISTEN`, drained without blocking.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;

use super::events::CHANNEL;

/// A PostgreSQL connection listening for announced changes.
pub(in crate::service) struct Listener(PgConnection);

/// Connection settings the listener adds to the database URL (unless it sets them): give up on
/// a connection that cannot be made, or that stops answering, in seconds rather than at the
/// kernel's TCP timeout, so that wake-ups from other processes resume soon after.
const LIVENESS: [(&str, &str); 5] = [
    ("connect_timeout", "5"),
    ("keepalives", "1"),
    ("keepalives_idle", "5"),
    ("keepalives_interval", "2"),
    ("tcp_user_timeout", "10000"),
];

/// The URL with the liveness settings it does not set itself.
fn with_liveness(url: &str) -> String {
    let mut url = url.to_string();
    for (name, value) in LIVENESS {
        if !url.contains(&format!("{name}=")) {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str(&format!("{name}={value}"));
        }
    }
    url
}

impl Listener {
    pub fn connect(url: &str) -> ConnectionResult<Listener> {
        crate::service::database::prepare_for_postgres();
        let mut conn = PgConnection::establish(&with_liveness(url))?;
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

#[cfg(test)]
mod tests {
    use super::with_liveness;

    #[test]
    fn the_listener_gives_up_on_a_silent_connection_in_seconds() {
        assert_eq!(
            with_liveness("postgres://db/x"),
            "postgres://db/x?connect_timeout=5&keepalives=1&keepalives_idle=5\
             &keepalives_interval=2&tcp_user_timeout=10000"
        );
        let tuned = with_liveness("postgres://db/x?options=-c%20a&connect_timeout=2");
        assert!(tuned.starts_with("postgres://db/x?options=-c%20a&connect_timeout=2&keepalives=1"));
        assert_eq!(tuned.matches("connect_timeout").count(), 1);
    }
}
