//! Reads that tolerate lag, on a standby of the primary (`DATABASE_READ_URL`): the pads, a
//! person's figures, the leaderboard, the lists, an event stream's history. A standby replays the primary's log a little
//! behind it, so what it answers may be a moment old, but never older than the client knows:
//! a game read there must be at least as new as the version the client named (its
//! `If-None-Match`, the version its own last write answered) and as this process last saw. A
//! standby that is behind is asked again after a short wait, then the primary answers; so it
//! does when the standby does not know the caller's key or the thing read (made a moment ago),
//! or cannot be reached.

use std::time::Duration;

use super::accounts::{Account, authenticate_reading};
use super::replay::GameState;
use super::{Service, Session};
use crate::error::{Error, Result};
use crate::values::{GameId, GameVersion};

/// The waits before asking a standby that was behind again: then the primary answers.
const WAITS: [Duration; 3] = [
    Duration::from_millis(20),
    Duration::from_millis(50),
    Duration::from_millis(100),
];

/// What a standby made of a read.
pub enum OnStandby<T> {
    Answered(T),
    /// The primary must answer: the standby is behind, or does not know the key or the thing.
    AskPrimary,
}

/// `work` for the account whose key is `api_key`, on a standby: `None` when the standby does
/// not know the key (made a moment ago) or its last use is due to be noted.
pub fn as_account<T>(
    api_key: &str,
    work: impl Fn(&mut Session, &Account) -> Result<T>,
) -> impl Fn(&mut Session) -> Result<Option<T>> {
    move |session| {
        authenticate_reading(session, api_key)?
            .map(|account| work(session, &account))
            .transpose()
    }
}

/// How new a game read must be: the version the client named, and the one this process saw.
pub fn floor(service: &Service, game_id: &GameId, named: Option<GameVersion>) -> GameVersion {
    let seen = service.recent.latest_version(game_id);
    (seen.max(named)).unwrap_or(GameVersion::NONE)
}

/// Whether a game read is as new as `floor`.
pub fn fresh(game: &GameState, floor: GameVersion) -> bool {
    game.record.game.version >= floor
}

impl Service {
    /// Whether reads that tolerate lag have a standby to go to.
    pub fn has_standby(&self) -> bool {
        self.standby.is_some()
    }

    /// Runs a read on the standby: its answer when `work` has one (`Some`) that `fresh`
    /// accepts, else `AskPrimary`. `work` answers `None` for what only the primary may answer
    /// (a key the standby does not know, say).
    pub fn on_standby<T>(
        &self,
        deadline: Duration,
        work: impl Fn(&mut Session) -> Result<Option<T>>,
        fresh: impl Fn(&T) -> bool,
    ) -> Result<OnStandby<T>> {
        let Some(standby) = &self.standby else {
            return Ok(OnStandby::AskPrimary);
        };
        for wait in std::iter::once(Duration::ZERO).chain(WAITS) {
            std::thread::sleep(wait);
            let Ok(conn) = standby.connection(deadline) else {
                return Ok(OnStandby::AskPrimary);
            };
            let mut session = Session::on(self, conn);
            match work(&mut session) {
                Ok(None) => return Ok(OnStandby::AskPrimary),
                Ok(Some(answer)) if fresh(&answer) => return Ok(OnStandby::Answered(answer)),
                // Behind, or not there yet: a moment later it may be.
                Ok(Some(_)) | Err(Error::NotFound(_)) => continue,
                Err(Error::Unavailable) => {
                    session.server_lost();
                    return Ok(OnStandby::AskPrimary);
                }
                Err(other) => return Err(other),
            }
        }
        Ok(OnStandby::AskPrimary)
    }
}
