//! A game's numbered entries, alike in both games: the turns of a dice game and the hands of a
//! card game. What is done to either the same way is written once here, over `EntryKind`,
//! which says what differs (its word, its table, its problem and its event).

use super::access;
use super::change::Change;
use super::events::EventKind;
use super::record::GameRecord;
use super::replay::{GameState, replay};
use super::store::{DbConnection, hands, turns};
use crate::error::{Error, ProblemCode, Result};
use crate::values::{AccountId, GameId, TurnNumber};

/// What a kind of entry is, for what is written once for both.
pub trait EntryKind {
    /// The entry in a player's words: "turn", "hand".
    const WORD: &'static str;
    /// An undo of an entry that is not the latest.
    const NOT_LATEST: ProblemCode;
    /// The event of an entry undone.
    const UNDONE: EventKind;

    /// The game is one that has these entries (else `wrong_game`).
    fn of_this_game(state: &GameState) -> Result<()>;
    /// The numbers of the game's entries, in order.
    fn numbers(record: &GameRecord) -> impl DoubleEndedIterator<Item = TurnNumber>;
    /// Takes the latest entry off the record.
    fn take_latest(record: &mut GameRecord);
    /// Deletes the entry from the store.
    fn delete(conn: &mut DbConnection, game_id: &GameId, number: TurnNumber) -> Result<()>;
}

/// The turns of a dice game.
pub struct Turns;

/// The hands of a card game.
pub struct Hands;

impl EntryKind for Turns {
    const WORD: &'static str = "turn";
    const NOT_LATEST: ProblemCode = ProblemCode::NotLatestTurn;
    const UNDONE: EventKind = EventKind::TurnUndone;

    fn of_this_game(state: &GameState) -> Result<()> {
        state.dice().map(drop)
    }

    fn numbers(record: &GameRecord) -> impl DoubleEndedIterator<Item = TurnNumber> {
        record.turns.iter().map(|turn| turn.number)
    }

    fn take_latest(record: &mut GameRecord) {
        record.turns.pop();
    }

    fn delete(conn: &mut DbConnection, game_id: &GameId, number: TurnNumber) -> Result<()> {
        Ok(turns::delete(conn, game_id, number).map(drop)?)
    }
}

impl EntryKind for Hands {
    const WORD: &'static str = "hand";
    const NOT_LATEST: ProblemCode = ProblemCode::NotLatestHand;
    const UNDONE: EventKind = EventKind::HandUndone;

    fn of_this_game(state: &GameState) -> Result<()> {
        state.cards().map(drop)
    }

    fn numbers(record: &GameRecord) -> impl DoubleEndedIterator<Item = TurnNumber> {
        record.hands.iter().map(|hand| hand.number)
    }

    fn take_latest(record: &mut GameRecord) {
        record.hands.pop();
    }

    fn delete(conn: &mut DbConnection, game_id: &GameId, number: TurnNumber) -> Result<()> {
        Ok(hands::delete(conn, game_id, number).map(drop)?)
    }
}

/// Undoes the game's latest entry, numbered `number` (its owner only): deletes it and works
/// the rest out again.
pub fn undo_latest<Kind: EntryKind>(
    change: &mut Change,
    account_id: &AccountId,
    number: TurnNumber,
) -> Result<()> {
    Kind::of_this_game(&change.game)?;
    let record = &change.game.record;
    access::owner_only(record, account_id, &format!("undo a {}", Kind::WORD))?;
    if !Kind::numbers(record).any(|n| n == number) {
        return Err(Error::NotFound(Kind::WORD));
    }
    let latest = Kind::numbers(record).next_back();
    if latest != Some(number) {
        return Err(Error::conflict(
            Kind::NOT_LATEST,
            format!(
                "only the latest {} ({}) can be undone",
                Kind::WORD,
                latest.map_or(0, TurnNumber::get)
            ),
        ));
    }
    let game_id = record.game.id.clone();
    Kind::delete(change.session.conn(), &game_id, number)?;
    let mut record = change.game.record.clone();
    Kind::take_latest(&mut record);
    change.game = replay(record)?;
    change.happened(Kind::UNDONE, None)
}
