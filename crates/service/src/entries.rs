//! A game's numbered entries, alike in both games: the turns of a dice game and the hands of a
//! card game. What is done to an entry already there is one change (`EntryChange`): replaced
//! (`edits`), undone (here, written once over `EntryKind`, which says what differs: its word,
//! its problem, its events and its table), or a digital turn in play rolled or scored
//! (`digital`).

use super::change::{Change, Changed, change_game};
use super::edits::{self, Replacement};
use super::events::EventKind;
use super::record::EntryKind;
use super::replay::GameState;
use super::store::{DbConnection, hands, turns};
use super::{Session, VersionCheck};
use super::{access, digital};
use crate::error::{Error, ProblemCode, Result};
use crate::rules::dice::DieId;
use crate::values::{AccountId, EntryNumber, GameId};

impl EntryKind {
    /// The event of an entry undone.
    fn undone(self) -> EventKind {
        match self {
            EntryKind::Turn => EventKind::TurnUndone,
            EntryKind::Hand => EventKind::HandUndone,
        }
    }

    /// An undo of an entry that is not the latest.
    fn not_latest(self) -> ProblemCode {
        match self {
            EntryKind::Turn => ProblemCode::NotLatestTurn,
            EntryKind::Hand => ProblemCode::NotLatestHand,
        }
    }

    /// The game is one that has these entries (else 409 `wrong_game`).
    pub fn of_this_game(self, state: &GameState) -> Result<()> {
        match self {
            EntryKind::Turn => state.dice().map(drop),
            EntryKind::Hand => state.cards().map(drop),
        }
    }

    /// Deletes the entry from the store.
    fn delete(self, conn: &mut DbConnection, game_id: &GameId, number: EntryNumber) -> Result<()> {
        let deleted = match self {
            EntryKind::Turn => turns::delete(conn, game_id, number),
            EntryKind::Hand => hands::delete(conn, game_id, number),
        };
        Ok(deleted.map(drop)?)
    }
}

/// What is done to an entry of a game that is there already.
pub enum EntryChange {
    /// A tabletop turn's dice or a hand replaced (RULES §9), also in a finished game.
    Replace(Replacement),
    /// The latest entry undone, by the game's owner: deleted, the rest worked out again.
    Undo(EntryKind),
    /// The named dice of a digital turn in play rolled again.
    RollAgain(Vec<DieId>),
    /// A digital turn in play scored as its dice lie.
    Score,
}

/// Does `what` to entry `number` of the game, as one change of it.
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id, number = %number))]
pub fn change(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    number: EntryNumber,
    what: EntryChange,
    expected: Option<&VersionCheck>,
) -> Result<Changed> {
    change_game(
        session,
        account_id,
        game_id,
        expected,
        |change| match what {
            EntryChange::Replace(Replacement::Turn { player_id, dice }) => {
                edits::replace_turn(change, account_id, number, player_id.as_ref(), dice)
            }
            EntryChange::Replace(Replacement::Hand(new)) => {
                edits::replace_hand(change, account_id, number, new)
            }
            EntryChange::Undo(kind) => undo_latest(change, account_id, kind, number),
            EntryChange::RollAgain(dice) => digital::reroll(change, account_id, number, &dice),
            EntryChange::Score => digital::score(change, account_id, number),
        },
    )
}

/// Undoes the game's latest entry, numbered `number` (its owner only): deletes it and works
/// the rest out again.
fn undo_latest(
    change: &mut Change,
    account_id: &AccountId,
    kind: EntryKind,
    number: EntryNumber,
) -> Result<()> {
    kind.of_this_game(&change.game)?;
    let record = &change.game.record;
    access::owner_only(record, account_id, &format!("undo a {}", kind.word()))?;
    if record.entries.index_of(number).is_none() {
        return Err(Error::NotFound(kind.word()));
    }
    let latest = record.entries.latest();
    if latest != Some(number) {
        return Err(Error::conflict(
            kind.not_latest(),
            format!(
                "only the latest {} ({}) can be undone",
                kind.word(),
                latest.map_or(0, EntryNumber::get)
            ),
        ));
    }
    let game_id = record.game.id.clone();
    kind.delete(change.session.conn(), &game_id, number)?;
    // The change's game is its own copy, to change in place.
    change.game.record.entries.pop();
    change.game.replay_again()?;
    change.happened(kind.undone(), None)
}
