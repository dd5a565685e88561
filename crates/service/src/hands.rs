//! Recording a hand of a card game (RULES §7): a change of the game (`change`), like a turn of a
//! dice game. Undoing the latest and replacing one are `entries`' and `edits`', as for turns.

use std::sync::Arc;

use super::card_replay::{hand_of, refused};
use super::change::{Changed, change_game};
use super::chosen::Made;
use super::events::EventKind;
use super::numbered::{self, Entry, Sent};
use super::record::{EntryKind, Hand};
use super::replay::GameState;
use super::store::hands;
use super::{Session, VersionCheck};
use crate::error::Result;
use crate::rules::cards::CardStatus;
use crate::values::{AccountId, EntryNumber, GameId};

pub use super::card_replay::{CardState, EnteredHand, PlayedHand, RecordedPlayer};

/// Records a hand of a card game: its owner, or an account that plays one of its seats, may.
/// A hand sent again with its number (`numbered`) is found, not recorded again.
pub fn record(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    new: EnteredHand,
    number: Option<EntryNumber>,
    expected: Option<&VersionCheck>,
) -> Result<Made<Changed, Arc<GameState>>> {
    if let Some(number) = number {
        let same = |entry: Entry| match entry {
            Entry::Hand(hand) => numbered::same_hand(hand, &new),
            Entry::Turn(_) => false,
        };
        let sent = numbered::check(session, account_id, game_id, EntryKind::Hand, number, same)?;
        if let Sent::Again(state) = sent {
            return Ok(Made::Already(state));
        }
    }
    change_game(session, account_id, game_id, expected, |change| {
        change.game.cards()?;
        let number = numbered::still_next(number, change.game.next_number())?;
        let hand = hand_of(&change.game.record, &new)?;
        let state = &mut change.game;
        let cards = state.play.cards_mut()?;
        let outcome = cards.game.play(&hand).map_err(refused)?;
        let recorded = Hand {
            game_id: state.record.game.id.clone(),
            number,
            went_out: new.went_out,
            players: new.players,
            version: state.record.game.version,
            created_at: state.record.game.updated_at,
            edited: 0,
        };
        hands::insert(change.session.conn(), &recorded)?;
        cards.hands.push(PlayedHand {
            hand: recorded.clone(),
            outcome,
            after: cards.game.clone(),
        });
        state.record.entries.hands_mut()?.push(recorded);
        let kind = match cards.game.status() {
            CardStatus::Finished => EventKind::GameFinished,
            _ => EventKind::HandRecorded,
        };
        change.happened(kind, Some(number))
    })
    .map(Made::New)
}
