//! Recording a hand of a card game (RULES §7): a change of the game (`change`), like a turn of a
//! dice game. Undoing the latest and replacing one are `entries`' and `edits`', as for turns.

use std::sync::Arc;

use super::card_replay::{hand_of, refused};
use super::change::{Changed, change_game};
use super::chosen::Made;
use super::events::EventKind;
use super::numbered::{self, SentEntry};
use super::record::Hand;
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
    let sent = SentEntry::Hand(&new);
    if let Some(state) = numbered::sent_again(session, account_id, game_id, number, sent)? {
        return Ok(Made::Already(state));
    }
    change_game(session, account_id, game_id, expected, |change| {
        change.game.cards()?;
        let number = numbered::still_next(number, change.game.next_number())?;
        let hand = hand_of(&change.game.record, &new)?;
        let game = &change.game.record.game;
        let recorded = Hand {
            game_id: game.id.clone(),
            number,
            went_out: new.went_out,
            players: new.players,
            version: game.version,
            created_at: game.updated_at,
            edited: 0,
        };
        let (cards, entries) = change.game.cards_mut()?;
        let outcome = cards.game.play(&hand).map_err(refused)?;
        hands::insert(change.session.conn(), &recorded)?;
        cards.hands.push(PlayedHand {
            hand: recorded.clone(),
            outcome,
            after: cards.game.clone(),
        });
        entries.push(recorded);
        let kind = match cards.game.status() {
            CardStatus::Finished => EventKind::GameFinished,
            _ => EventKind::HandRecorded,
        };
        change.happened(kind, Some(number))
    })
    .map(Made::New)
}
