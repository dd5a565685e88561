//! What a service remembers of its database between requests: the games it changed or read
//! lately, as replayed. A game is used only at the version the database says the game has
//! (every change, by any process sharing the database, moves the version), so a change to it
//! made elsewhere is simply a miss. (Keys are not remembered: one deleted in another process
//! would go on working here.) Bounded: past its size it starts again empty.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::replay::GameState;
use crate::values::{GameId, GameVersion};

/// Games kept at most; each holds its players and turns.
const GAMES: usize = 2_000;

/// Each game behind its own `Arc`, so that the lock is held only to find it: a long game is
/// copied for a request with the others free to be found meanwhile.
#[derive(Default)]
pub struct Recent {
    games: Mutex<HashMap<GameId, Arc<GameState>>>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Recent {
    /// The game as it was at `version`, if kept: shared, not copied (a read of a long game
    /// costs what a short one does; a change copies it to make its own).
    pub fn game(&self, game_id: &GameId, version: GameVersion) -> Option<Arc<GameState>> {
        locked(&self.games)
            .get(game_id)
            .filter(|game| game.record.game.version == version)
            .cloned()
    }

    /// The latest version of the game this process has seen, if it keeps the game.
    pub fn latest_version(&self, game_id: &GameId) -> Option<GameVersion> {
        locked(&self.games)
            .get(game_id)
            .map(|game| game.record.game.version)
    }

    /// Keeps a game as a committed change, or a read, left it.
    pub fn keep_game(&self, game: Arc<GameState>) {
        let mut games = locked(&self.games);
        if games.len() >= GAMES && !games.contains_key(&game.record.game.id) {
            games.clear();
        }
        let newer = games
            .get(&game.record.game.id)
            .is_none_or(|kept| kept.record.game.version < game.record.game.version);
        if newer {
            games.insert(game.record.game.id.clone(), game);
        }
    }

    pub fn forget_game(&self, game_id: &GameId) {
        locked(&self.games).remove(game_id);
    }
}
