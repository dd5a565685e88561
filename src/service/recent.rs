//! What a service remembers of its database between requests: the games it changed or read
//! lately, as replayed, and the accounts whose keys it checked. Each is only ever used where it
//! cannot be stale:
//! - a game is used only at the version the database says the game has (every change, by any
//!   process sharing the database, moves the version), so a change to it made elsewhere is
//!   simply a miss;
//! - an account never changes once created (its key is neither rotated nor revoked), so the
//!   account a key's hash named once, it names for good.
//!
//! Both are bounded: past their size they start again empty.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use super::replay::GameState;
use crate::service::store::accounts::AccountRow;
use crate::values::GameId;

/// Games kept at most; each holds its players and turns.
const GAMES: usize = 2_000;
/// Accounts kept at most.
const ACCOUNTS: usize = 10_000;

#[derive(Default)]
pub struct Recent {
    games: Mutex<HashMap<GameId, GameState>>,
    accounts: Mutex<HashMap<String, AccountRow>>,
}

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Recent {
    /// The game as it was at `version`, if kept.
    pub fn game(&self, game_id: &GameId, version: i64) -> Option<GameState> {
        locked(&self.games)
            .get(game_id)
            .filter(|game| game.record.game.version == version)
            .cloned()
    }

    /// Keeps a game as a committed change, or a read, left it.
    pub fn keep_game(&self, game: GameState) {
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

    /// The account of an API key's hash, if kept.
    pub(super) fn account(&self, key_hash: &str) -> Option<AccountRow> {
        locked(&self.accounts).get(key_hash).cloned()
    }

    pub(super) fn keep_account(&self, account: AccountRow) {
        let mut accounts = locked(&self.accounts);
        if accounts.len() >= ACCOUNTS {
            accounts.clear();
        }
        accounts.insert(account.api_key_hash.clone(), account);
    }
}
