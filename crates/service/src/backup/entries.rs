//! A game's entries as the document keeps them, and back: the document has a list of turns and
//! a list of hands, the other game's empty; the record has the game's own.

use super::document::{ExportedHand, ExportedTurn};
use crate::record::{Entries, Hand, Turn, TurnState};
use crate::values::GameId;

/// The document's two lists of a game's entries.
pub(super) fn exported(entries: Entries) -> (Vec<ExportedTurn>, Vec<ExportedHand>) {
    match entries {
        Entries::Turns(turns) => (
            turns.into_iter().map(ExportedTurn::from).collect(),
            Vec::new(),
        ),
        Entries::Hands(hands) => (
            Vec::new(),
            hands.into_iter().map(ExportedHand::from).collect(),
        ),
    }
}

impl From<Turn> for ExportedTurn {
    fn from(turn: Turn) -> ExportedTurn {
        ExportedTurn {
            number: turn.number,
            player_id: turn.player_id,
            dice: turn.dice,
            rolls: turn.rolls,
            rolling: turn.state == TurnState::Rolling,
            version: turn.version,
            created_at: turn.created_at.and_utc(),
            edited: turn.edited,
        }
    }
}

impl From<Hand> for ExportedHand {
    fn from(hand: Hand) -> ExportedHand {
        ExportedHand {
            number: hand.number,
            went_out: hand.went_out,
            players: hand.players,
            version: hand.version,
            created_at: hand.created_at.and_utc(),
            edited: hand.edited,
        }
    }
}

impl ExportedTurn {
    /// The turn as game `game_id`'s record keeps it.
    pub(super) fn recorded(self, game_id: &GameId) -> Turn {
        Turn {
            game_id: game_id.clone(),
            number: self.number,
            player_id: self.player_id,
            dice: self.dice,
            version: self.version,
            created_at: self.created_at.naive_utc(),
            state: match self.rolling {
                true => TurnState::Rolling,
                false => TurnState::Scored,
            },
            rolls: self.rolls,
            edited: self.edited,
        }
    }
}

impl ExportedHand {
    /// The hand as game `game_id`'s record keeps it.
    pub(super) fn recorded(self, game_id: &GameId) -> Hand {
        Hand {
            game_id: game_id.clone(),
            number: self.number,
            went_out: self.went_out,
            players: self.players,
            version: self.version,
            created_at: self.created_at.naive_utc(),
            edited: self.edited,
        }
    }
}
