//! Entries a client sends with the number it gave them (API.md "Offline clients and several
//! devices"): an offline phone numbers its turns and hands as it enters them, and sends them
//! when it can, as often as it must. The number makes a resend harmless however late it
//! comes, when any `Idempotency-Key` has long been forgotten: the entry already there with the
//! same content is the one sent (answered as it is, nothing recorded); another content there
//! is another phone's entry (409 `entry_taken`, saying what the game has); a number past the
//! next leaves a gap (409 `not_next`).

use std::sync::Arc;

use super::Session;
use super::dice::ShownDie;
use super::games;
use super::record::{EnteredHand, Hand, Turn};
use super::replay::GameState;
use crate::error::{Error, ProblemCode, Result};
use crate::values::{AccountId, EntryNumber, GameId, PlayerId};

/// An entry as a client sent it, to compare with what the game has at its number.
pub enum SentEntry<'a> {
    /// A turn: its player and, if given, its dice (none: a digital turn to start).
    Turn {
        player_id: &'a PlayerId,
        dice: Option<&'a [ShownDie]>,
    },
    Hand(&'a EnteredHand),
}

/// An entry `sent` with the `number` its client gave it: the account's game as it is if the
/// same entry is there already (nothing to record), none if the number is the game's next (the
/// entry is to be recorded) or none was given; 409 `wrong_game` for the other game's kind of
/// entry, `entry_taken` for another entry there, `not_next` for a gap.
pub fn sent_again(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    number: Option<EntryNumber>,
    sent: SentEntry,
) -> Result<Option<Arc<GameState>>> {
    let Some(number) = number else {
        return Ok(None);
    };
    let state = games::get(session, account_id, game_id)?;
    let entries = &state.record.entries;
    // What the game has at that number, if anything: the same entry, or another (in words). A
    // turn sent to a card game, or a hand to a dice game, is 409 `wrong_game`.
    let found = match sent {
        SentEntry::Turn { player_id, dice } => {
            let turn = entries.turns()?.iter().find(|turn| turn.number == number);
            turn.map(|turn| {
                let same = turn.player_id == player_id && dice.is_none_or(|d| d == turn.dice);
                (!same).then(|| taken_turn(&state, turn))
            })
        }
        SentEntry::Hand(new) => {
            let hand = entries.hands()?.iter().find(|hand| hand.number == number);
            hand.map(|hand| (!same_hand(hand, new)).then(|| taken_hand(&state, hand)))
        }
    };
    match found {
        Some(None) => Ok(Some(state)),
        Some(Some(taken)) => Err(Error::conflict(ProblemCode::EntryTaken, taken)),
        None => {
            let next = state.next_number();
            match number == next {
                true => Ok(None),
                false => Err(not_next(&state, number, next)),
            }
        }
    }
}

/// Within the change that records it: the entry's number is still the game's next. Another
/// request recorded one in between (a resend racing itself): sent again, it is answered then.
/// The number the entry is recorded with: the game's next.
pub fn still_next(number: Option<EntryNumber>, next: EntryNumber) -> Result<EntryNumber> {
    match number {
        Some(number) if number != next => Err(Error::conflict(
            ProblemCode::ConcurrentChange,
            format!("entry {number} was recorded by another request just now: send it again"),
        )),
        _ => Ok(next),
    }
}

fn not_next(state: &GameState, number: EntryNumber, next: EntryNumber) -> Error {
    let entry = state.record.entries.kind().word();
    Error::conflict(
        ProblemCode::NotNext,
        format!(
            "the game's next {entry} is {entry} {next}, not {number}: send the {entry}s \
             before it first"
        ),
    )
}

fn name_of(state: &GameState, player: &crate::values::PlayerId) -> String {
    state
        .record
        .players
        .iter()
        .find(|p| p.id == player)
        .map_or_else(|| "a player".into(), |p| p.name.as_str().to_string())
}

/// What the game has at a turn's number, in a player's words.
fn taken_turn(state: &GameState, turn: &Turn) -> String {
    let dice: Vec<String> = turn
        .dice
        .iter()
        .map(|die| match die.color {
            Some(color) => format!("{} {color}", die.value.0),
            None => die.value.0.to_string(),
        })
        .collect();
    let shown = match dice.is_empty() {
        true => "no dice".to_string(),
        false => dice.join(" "),
    };
    format!(
        "turn {} is already recorded, with other content: {}'s turn, {shown}",
        turn.number,
        name_of(state, &turn.player_id)
    )
}

/// What the game has at a hand's number, in a player's words.
fn taken_hand(state: &GameState, hand: &Hand) -> String {
    let tie_break = match hand.players {
        None => " (the tie-break hand)",
        Some(_) => "",
    };
    format!(
        "hand {} is already recorded, with other content: {} went out{tie_break}",
        hand.number,
        name_of(state, &hand.went_out)
    )
}

/// Whether a hand as recorded is the one entered.
pub fn same_hand(hand: &Hand, entered: &EnteredHand) -> bool {
    hand.went_out == entered.went_out && hand.players == entered.players
}
