//! Changing an entry after the fact (RULES §9): a tabletop turn or a card hand replaced, also in
//! a finished game. The game is worked out again from its record with the replacement, every
//! later entry kept as it was entered and judged on the phase its player is then on; a
//! replacement that would leave a later entry one the rules refuse is itself refused, naming it.
//! Every replacement is kept in the game's log of edits, and is a change of the game (`change`)
//! with its event, `turn_edited` or `hand_edited`.

use super::Session;
use super::access::{self, Role};
use super::card_replay::{EnteredHand, HandRefused, WhyHandRefused};
use super::change::Change;
use super::dice::ShownDie;
use super::dice_replay::{TurnRefused, WhyRefused};
use super::numbered;
use super::record::{Edit, Entered, EnteredTurn, Entries, EntryKind, GameRecord, GameStatus};
use super::replay::{Check, Refused, play_of};
use super::store::{edits, games, hands, turns};
use crate::error::{Error, FieldError, ProblemCode, Result};
use crate::rules::cards::{HandPlace, HandProblem};
use crate::rules::dice::game::TurnError;
use crate::values::{AccountId, EntryNumber, GameId, GameVersion, PlayerId};

/// A replacement of an entry (RULES §9), as it was sent.
pub enum Replacement {
    /// A tabletop turn's dice (none: a failed turn); `player_id`, if given, must be the turn's
    /// player, which does not change.
    Turn {
        player_id: Option<PlayerId>,
        dice: Vec<ShownDie>,
    },
    /// A card game's hand, as it is recorded.
    Hand(EnteredHand),
}

/// Replaces the dice of a tabletop turn.
pub(super) fn replace_turn(
    change: &mut Change,
    account_id: &AccountId,
    number: EntryNumber,
    player_id: Option<&PlayerId>,
    dice: Vec<ShownDie>,
) -> Result<()> {
    let record = &change.game.record;
    let turns = record.entries.turns()?;
    let index = record
        .entries
        .index_of(number)
        .ok_or(Error::NotFound("turn"))?;
    let old = &turns[index];
    if old.rolls.is_some() {
        return Err(Error::conflict(
            ProblemCode::ServerRolled,
            format!(
                "the server rolled the dice of turn {number}: a digital turn's dice cannot be \
                 replaced"
            ),
        ));
    }
    if access::role(record, account_id)? != Role::Owner {
        access::plays_seat(record, account_id, &old.player_id)?;
        finished_to_owner(change, account_id)?;
    }
    if let Some(given) = player_id.filter(|given| **given != old.player_id) {
        let whose = record.players.iter().find(|p| p.id == old.player_id);
        let whose = whose.map_or("another player", |p| p.name.as_str());
        let message = match record.players.iter().find(|p| p.id == given) {
            Some(other) => format!(
                "turn {number} is {whose}'s, not {}'s: the player of a turn does not change",
                other.name.as_str()
            ),
            None => format!("turn {number} is {whose}'s: the player of a turn does not change"),
        };
        return Err(Error::invalid_field(
            ProblemCode::InvalidValue,
            "player_id",
            message,
        ));
    }
    if old.dice == dice {
        change.leave_unchanged();
        return Ok(());
    }
    let player_id = old.player_id.clone();
    let after = Entered::Turn(EnteredTurn {
        player_id: player_id.clone(),
        dice: dice.clone(),
    });
    // The change's game is its own copy: a refusal below drops it with the change.
    let (_, turns) = change.game.dice_mut()?;
    let turn = &mut turns[index];
    let before = Entered::Turn(EnteredTurn {
        player_id,
        dice: std::mem::replace(&mut turn.dice, dice),
    });
    turn.edited += 1;
    keep_replacement(change, account_id, number, before, after)
}

/// Replaces a hand of a card game (the body it is recorded with).
pub(super) fn replace_hand(
    change: &mut Change,
    account_id: &AccountId,
    number: EntryNumber,
    new: EnteredHand,
) -> Result<()> {
    change.game.cards()?;
    if access::role(&change.game.record, account_id)? != Role::Owner {
        finished_to_owner(change, account_id)?;
    }
    let index = (change.game.record.entries)
        .index_of(number)
        .ok_or(Error::NotFound("hand"))?;
    let (_, hands) = change.game.cards_mut()?;
    let hand = &mut hands[index];
    if numbered::same_hand(hand, &new) {
        change.leave_unchanged();
        return Ok(());
    }
    let before = Entered::Hand(EnteredHand {
        went_out: std::mem::replace(&mut hand.went_out, new.went_out.clone()),
        players: std::mem::replace(&mut hand.players, new.players.clone()),
    });
    hand.edited += 1;
    keep_replacement(change, account_id, number, before, Entered::Hand(new))
}

/// Keeps the replacement of entry `number`, already made in the change's record: works the
/// game out again from it on, refusing it (nothing changed) if the rules refuse it or an entry
/// after it; stores it, and logs the edit.
fn keep_replacement(
    change: &mut Change,
    account_id: &AccountId,
    number: EntryNumber,
    before: Entered,
    after: Entered,
) -> Result<()> {
    let record = &change.game.record;
    let kind = record.entries.kind();
    change.game.play = match play_of(record, Check::AsEnteredFrom(number))? {
        Ok(play) => play,
        Err(refused) if refused.number() == number => return Err(refused.into_entered()),
        Err(Refused::Turn(refused)) => return Err(turn_breaks_later(record, refused)),
        Err(Refused::Hand(refused)) => return Err(hand_breaks_later(record, refused)),
    };
    let conn = change.session.conn();
    let entries = &change.game.record.entries;
    let index = entries.index_of(number);
    let stored = match (entries, index) {
        (Entries::Turns(all), Some(at)) => turns::replace(conn, &all[at])?,
        (Entries::Hands(all), Some(at)) => hands::replace(conn, &all[at])?,
        (_, None) => false,
    };
    if !stored {
        let word = kind.word();
        return Err(Error::bug(format!(
            "{word} {number} to replace is not in the database"
        )));
    }
    log_edit(change, account_id, kind, number, before, after)
}

/// Once a game has finished, its entries are its owner's alone to replace (RULES §9): they
/// decide its winners and its people's figures.
fn finished_to_owner(change: &Change, account_id: &AccountId) -> Result<()> {
    match change.game.status() == GameStatus::Finished {
        true => access::owner_only(
            &change.game.record,
            account_id,
            "replace an entry of a finished game",
        ),
        false => Ok(()),
    }
}

/// Keeps the replacement in the game's log of edits, and says what happened.
fn log_edit(
    change: &mut Change,
    account_id: &AccountId,
    entry: EntryKind,
    number: EntryNumber,
    before: Entered,
    after: Entered,
) -> Result<()> {
    let version = change.next_version()?;
    let game = &change.game.record.game;
    let edit = Edit {
        game_id: game.id.clone(),
        version,
        entry,
        number,
        account_id: account_id.clone(),
        created_at: game.updated_at,
        before,
        after,
    };
    edits::insert(change.session.conn(), &edit)?;
    change.happened(entry.edited(), Some(number))
}

/// A later entry that a replacement would break: 422 `edit_breaks_later`, naming it (its path
/// under the game, `turns/7` or `hands/5`, then the field of its body) and why, in a player's
/// words.
fn breaks_later(field: String, message: String) -> Error {
    Error::Invalid {
        code: ProblemCode::EditBreaksLater,
        detail: message.clone(),
        errors: vec![FieldError { field, message }],
    }
}

/// The name of the player in `seat`.
fn name(record: &GameRecord, seat: usize) -> &str {
    record
        .players
        .get(seat)
        .map_or("a player", |p| p.name.as_str())
}

fn turn_breaks_later(record: &GameRecord, refused: TurnRefused) -> Error {
    let number = refused.number;
    let at = format!("turns/{number}");
    match refused.why {
        WhyRefused::Turn(TurnError::GameOver) => breaks_later(
            at,
            format!(
                "turn {number}: the game would already be over, ended by turn {}",
                number.previous().map_or(0, EntryNumber::get)
            ),
        ),
        WhyRefused::Turn(TurnError::NotYourTurn { expected, given }) => breaks_later(
            format!("{at}/player_id"),
            format!(
                "turn {number}: it would be {}'s turn, not {}'s",
                name(record, expected),
                name(record, given)
            ),
        ),
        WhyRefused::Dice(Error::Invalid { errors, .. }) => {
            let seat = (record.entries.turns().ok())
                .and_then(|turns| turns.iter().find(|turn| turn.number == number))
                .and_then(|turn| record.players.iter().position(|p| p.id == turn.player_id))
                .unwrap_or(0);
            let phase = refused.before.sheets().get(seat).map_or(0, |s| s.phase);
            let first = errors.into_iter().next();
            let (field, why) = first.map_or((String::new(), String::new()), |e| {
                (format!("/{}", e.field), e.message)
            });
            breaks_later(
                format!("{at}{field}"),
                format!(
                    "turn {number}: {} would be on phase {phase}, and {why}",
                    name(record, seat)
                ),
            )
        }
        _ => refused.does_not_replay(&record.game.id),
    }
}

fn hand_breaks_later(record: &GameRecord, refused: HandRefused) -> Error {
    let number = refused.number;
    let at = format!("hands/{number}");
    let WhyHandRefused::Rules(error) = &refused.why else {
        return refused.does_not_replay(&record.game.id);
    };
    let field = match error.at {
        HandPlace::Hand => at.clone(),
        place => format!("{at}/{place}"),
    };
    let message = match error.problem {
        HandProblem::GameOver | HandProblem::TieBreakDue | HandProblem::NotATieBreak => {
            format!("hand {number}: after this change, {}", error.message)
        }
        _ => match line_of(record, number, error.at) {
            Some(seat) => {
                let phase = refused
                    .before
                    .phase_of(seat)
                    .map_or_else(|| "no phase".to_string(), |p| format!("phase {p}"));
                format!(
                    "hand {number}: {} would be on {phase}, and {}",
                    name(record, seat),
                    error.message
                )
            }
            None => format!("hand {number}: {}", error.message),
        },
    };
    breaks_later(field, message)
}

/// The seat of the player whose line of hand `number` a rule's refusal is about, if a line.
fn line_of(record: &GameRecord, number: EntryNumber, place: HandPlace) -> Option<usize> {
    let index = place.line_index()?;
    let hand = (record.entries.hands().ok()?.iter()).find(|hand| hand.number == number)?;
    let line = hand.players.as_ref()?.get(index)?;
    record.players.iter().position(|p| p.id == line.player_id)
}

/// A page of the game's edits, oldest first, after the edit that made version `after`: the
/// account must be able to see the game.
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id))]
pub fn list(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    after: Option<GameVersion>,
    limit: usize,
) -> Result<Vec<Edit>> {
    games::find_visible(session.conn(), account_id, game_id)?.ok_or(Error::NotFound("game"))?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    Ok(edits::after(
        session.conn(),
        game_id,
        after.unwrap_or(GameVersion::NONE),
        limit,
    )?)
}
