//! Running the table: a game's name, the right person in a seat, the card game's dealer, and a
//! rematch with the same people.

use super::change::{Changed, change_game};
use super::games::game_name;
use super::people::NewPlayer;
use super::record::{GameRecord, GameRules};
use super::replay::{GameState, replay};
use super::store::{games, people};
use super::{Session, VersionCheck, access};
use crate::error::{Error, FieldError, ProblemCode, Result};
use crate::events::EventKind;
use crate::games::{NewCardGame, NewDiceGame, NewGame, create};
use crate::values::{AccountId, GameId, PersonId, PlayerId};

/// Who deals a card game's hand `number` (from 1): the first dealer, then the next seat to the
/// left, every hand, tie-break hands too (RULES §10).
pub fn dealer_of_hand(record: &GameRecord, number: u32) -> usize {
    let seats = record.players.len().max(1);
    (record.game.first_dealer + number.saturating_sub(1) as usize) % seats
}

/// Who deals a card game's coming hand; none once it is over, and none in a dice game.
pub fn coming_dealer(state: &GameState) -> Option<usize> {
    let cards = state.cards().ok()?;
    let over = cards.game.status() == crate::rules::cards::CardStatus::Finished;
    (!over).then(|| dealer_of_hand(&state.record, cards.game.hands_played() + 1))
}

/// Gives the game a name, or another one (`None`: no name): owner only.
pub fn rename(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    name: Option<&str>,
    expected: Option<&VersionCheck>,
) -> Result<Changed> {
    let name = game_name(name)?;
    change_game(session, account_id, game_id, expected, |change| {
        access::owner_only(&change.game.record, account_id, "rename the game")?;
        games::set_name(change.session.conn(), game_id, name.as_ref())?;
        change.game.record.game.name = name;
        change.happened(EventKind::GameRenamed, None)
    })
}

/// Puts another person of the roster in a seat (a wrong name picked at the table), with their
/// name: owner only. A person already in another seat of the game is 422 `duplicate_person`.
pub fn reseat(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    player_id: &PlayerId,
    person_id: &PersonId,
    expected: Option<&VersionCheck>,
) -> Result<Changed> {
    change_game(session, account_id, game_id, expected, |change| {
        access::owner_only(&change.game.record, account_id, "change who plays a seat")?;
        let seat = change
            .game
            .seat_of(player_id)
            .ok_or(Error::NotFound("player"))?;
        let person = people::find(change.session.conn(), account_id, person_id)?
            .ok_or(Error::NotFound("person"))?;
        let record = &change.game.record;
        if let Some(other) = record
            .players
            .iter()
            .find(|p| p.person_id == person.id && p.id != player_id)
        {
            return Err(Error::invalid_fields(
                ProblemCode::DuplicatePerson,
                vec![FieldError::new(
                    "person_id",
                    format!(
                        "{} already plays seat {} of this game, as player {}",
                        person.name, other.seat, other.id
                    ),
                )],
            ));
        }
        people::seat(change.session.conn(), player_id, &person)?;
        let mut record = record.clone();
        record.players[seat].person_id = person.id.clone();
        record.players[seat].name = person.name.clone();
        change.game = replay(record)?;
        change.happened(EventKind::PlayerChanged, None)
    })
}

/// A new game of the same kind, with the same people in the same seats and the same options
/// and name, played from the start: owner only. A digital game rolls for its order again; a
/// card game's first dealer is whoever would have dealt next in the old one.
pub fn rematch(session: &mut Session, account_id: &AccountId, game_id: &GameId) -> Result<Changed> {
    let old = super::games::get(session, account_id, game_id)?;
    access::owner_only(&old.record, account_id, "start a rematch")?;
    let players: Vec<NewPlayer> = old
        .record
        .players
        .iter()
        .map(|p| NewPlayer::Person(p.person_id.clone()))
        .collect();
    let name = old.record.game.name.as_ref().map(|n| n.to_string());
    let new = match &old.record.game.rules {
        GameRules::Dice(dice) => NewGame::Dice(NewDiceGame {
            players,
            name,
            mode: dice.mode,
            edition: dice.edition,
            layout: dice.layout,
        }),
        GameRules::Cards(rules) => {
            let played = old.cards()?.game.hands_played();
            NewGame::Cards(NewCardGame {
                players,
                name,
                edition: rules.edition,
                phases: Some(rules.phases.iter().map(|p| p.get()).collect()),
                ten_hands: rules.ten_hands,
                first_dealer: Some(dealer_of_hand(&old.record, played + 1)),
            })
        }
    };
    create(session, account_id, new, Some(game_id.clone()))
}
