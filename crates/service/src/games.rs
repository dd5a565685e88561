//! Creating, reading, listing and deleting games.

use std::sync::Arc;

use chrono::NaiveDateTime;

use super::change::{self, Changed};
use super::chosen::{ChosenId, Made, id_taken};
use super::names::Mode;
use super::people::{self, NewPlayer};
use super::record::{DiceRules, Game, GameRules, GameStatus, Person, Player};
use super::replay::{GameState, replay};
use super::roller::Dice;
use super::store::games;
use super::{Session, VersionCheck, access};
use crate::error::{Error, ProblemCode, Result};
use crate::rules::PhaseNumber;
use crate::rules::cards::{CardEdition, CardRules, MAX_CARD_PLAYERS, MIN_CARD_PLAYERS};
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, MAX_PLAYERS, Status};
use crate::rules::dice::order::roll_for_order;
use crate::values::{AccountId, GameId, GameName, GameVersion, PlayerId};

/// Where a page of games starts: after this game, newest first.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GamesAfter {
    pub created_at: NaiveDateTime,
    /// The last game's id: a cursor is a place in the order, which any id names, not a game
    /// that must exist.
    pub id: GameId,
}

/// What a new game is made of: a dice game or a card game.
#[derive(Debug, Clone)]
pub enum NewGame {
    Dice(NewDiceGame),
    Cards(NewCardGame),
}

/// A new game of Phase 10 Dice.
#[derive(Debug, Clone)]
pub struct NewDiceGame {
    /// In turn order for a tabletop game; a digital game rolls for the order.
    pub players: Vec<NewPlayer>,
    pub name: Option<String>,
    pub mode: Mode,
    pub edition: Edition,
    pub layout: DiceLayout,
}

/// A new game of the Phase 10 card game, with its variations.
#[derive(Debug, Clone)]
pub struct NewCardGame {
    /// In seat order.
    pub players: Vec<NewPlayer>,
    pub name: Option<String>,
    pub edition: CardEdition,
    /// The phases played, in order (all ten when not given).
    pub phases: Option<Vec<u8>>,
    pub ten_hands: bool,
    /// The seat that deals the first hand (the first seat when not given).
    pub first_dealer: Option<usize>,
}

/// The people of a new game's seats, in the order given, if their number fits the game.
fn check_players(
    session: &mut Session,
    account_id: &AccountId,
    players: &[NewPlayer],
    bounds: std::ops::RangeInclusive<usize>,
) -> Result<Vec<Person>> {
    if !bounds.contains(&players.len()) {
        let (least, most) = bounds.into_inner();
        return Err(Error::invalid_field(
            ProblemCode::PlayerCount,
            "players",
            format!(
                "this game has {least} to {most} players, not {}",
                players.len()
            ),
        ));
    }
    people::seat_people(session, account_id, players)
}

/// A game's label, if it is given one.
pub(super) fn game_name(name: Option<&str>) -> Result<Option<GameName>> {
    name.map(|name| {
        GameName::parse(name)
            .map_err(|why| Error::invalid_field(ProblemCode::InvalidName, "name", why.to_string()))
    })
    .transpose()
}

/// Seats the people: as given at a table, by rolling a high die each in a digital game.
fn seat(people: Vec<Person>, mode: Mode, dice: &dyn Dice) -> Vec<(Person, Option<Vec<u8>>)> {
    match mode {
        Mode::Tabletop => people.into_iter().map(|p| (p, None)).collect(),
        Mode::Digital => {
            let order = roll_for_order(people.len(), || dice.high_die());
            order
                .seating
                .iter()
                .map(|&player| (people[player].clone(), Some(order.rolls[player].clone())))
                .collect()
        }
    }
}

/// A new game, in progress at version 1.
fn new_game(
    session: &Session,
    id: GameId,
    account_id: &AccountId,
    rules: GameRules,
    name: Option<GameName>,
) -> Game {
    let now = session.now();
    Game {
        id,
        account_id: account_id.clone(),
        rules,
        status: GameStatus::InProgress,
        version: GameVersion::FIRST,
        created_at: now,
        updated_at: now,
        name,
        first_dealer: 0,
        rematch_of: None,
    }
}

fn seated_players(game: &Game, seated: Vec<(Person, Option<Vec<u8>>)>) -> Vec<Player> {
    seated
        .into_iter()
        .enumerate()
        .map(|(seat, (person, order_rolls))| Player {
            id: PlayerId::random(),
            game_id: game.id.clone(),
            seat: seat as i32,
            person_id: person.id,
            name: person.name,
            order_rolls,
        })
        .collect()
}

/// A dice game's record: the game and its players, seated.
fn dice_game(
    session: &mut Session,
    id: GameId,
    account_id: &AccountId,
    new: NewDiceGame,
) -> Result<(Game, Vec<Player>)> {
    let name = game_name(new.name.as_deref())?;
    if new.mode == Mode::Digital && new.layout == DiceLayout::AnyColors {
        // The server rolls the standard dice: with colorless faces phase 8 could never be made.
        return Err(Error::invalid_field(
            ProblemCode::DigitalNeedsStandardDice,
            "dice_layout",
            "a digital game is played with the server's standard dice",
        ));
    }
    let people = check_players(session, account_id, &new.players, 1..=MAX_PLAYERS)?;
    let rules = GameRules::Dice(DiceRules {
        mode: new.mode,
        edition: new.edition,
        layout: new.layout,
    });
    let game = new_game(session, id, account_id, rules, name);
    let players = seated_players(&game, seat(people, new.mode, session.dice()));
    Ok((game, players))
}

/// A card game's record: the game, with its variations, and its players as given.
fn card_game(
    session: &mut Session,
    id: GameId,
    account_id: &AccountId,
    new: NewCardGame,
) -> Result<(Game, Vec<Player>)> {
    let name = game_name(new.name.as_deref())?;
    let seats = new.players.len();
    if let Some(first) = new.first_dealer.filter(|&first| first >= seats) {
        return Err(Error::invalid_field(
            ProblemCode::NoSuchSeat,
            "first_dealer",
            format!(
                "there is no seat {first} at a table of {seats}: seats are 0 to {}",
                seats.saturating_sub(1)
            ),
        ));
    }
    let phases = match new.phases {
        None => CardRules::all_ten(),
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                PhaseNumber::new(p).ok_or_else(|| {
                    Error::invalid_field(
                        ProblemCode::InvalidPhases,
                        format!("phases[{i}]"),
                        format!("there is no phase {p}: phases are 1 to 10"),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?,
    };
    let rules = CardRules::new(phases, new.ten_hands, new.edition)
        .map_err(|e| Error::invalid_field(ProblemCode::InvalidPhases, "phases", e.to_string()))?;
    let people = check_players(
        session,
        account_id,
        &new.players,
        MIN_CARD_PLAYERS..=MAX_CARD_PLAYERS,
    )?;
    let mut game = new_game(session, id, account_id, GameRules::Cards(rules), name);
    game.first_dealer = new.first_dealer.unwrap_or(0);
    let seated = people.into_iter().map(|person| (person, None)).collect();
    let players = seated_players(&game, seated);
    Ok((game, players))
}

/// Creates a game of the account's, as a change of its own (`game_created`).
#[tracing::instrument(skip_all, fields(account_id = %account_id))]
pub fn create(
    session: &mut Session,
    account_id: &AccountId,
    new: NewGame,
    rematch_of: Option<GameId>,
) -> Result<Changed> {
    make(session, GameId::random(), account_id, new, rematch_of)
}

fn make(
    session: &mut Session,
    id: GameId,
    account_id: &AccountId,
    new: NewGame,
    rematch_of: Option<GameId>,
) -> Result<Changed> {
    let (mut game, players) = match new {
        NewGame::Dice(new) => dice_game(session, id, account_id, new)?,
        NewGame::Cards(new) => card_game(session, id, account_id, new)?,
    };
    game.rematch_of = rematch_of;
    change::create(session, game, players)
}

/// Creates a game with the id the client chose: if the account made it before from the same
/// body, the game as it is now.
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %chosen.id))]
pub fn create_with_id(
    session: &mut Session,
    account_id: &AccountId,
    new: NewGame,
    chosen: ChosenId<GameId>,
) -> Result<Made<Changed, Arc<GameState>>> {
    if let Some((owner, made_from)) = games::made_with_id(session.conn(), &chosen.id)? {
        if owner == account_id && made_from.as_deref() == Some(chosen.made_from.as_str()) {
            return get(session, account_id, &chosen.id).map(Made::Already);
        }
        return Err(id_taken("game"));
    }
    let made = make(session, chosen.id.clone(), account_id, new, None)?;
    games::set_made_from(session.conn(), &chosen.id, &chosen.made_from)?;
    Ok(Made::New(made))
}

/// The account's game, replayed (or as this process last changed it, at the same version).
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id))]
pub fn get(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
) -> Result<Arc<GameState>> {
    let game =
        games::find_visible(session.conn(), account_id, game_id)?.ok_or(Error::NotFound("game"))?;
    state_of(session, game)
}

/// The game of a row read just now: as this process last changed or read it if that is the
/// row's version, else replayed from its record (and, outside a write, kept for the next
/// request: a read of a game another process changed replays it once, not every time).
pub(super) fn state_of(session: &mut Session, game: Game) -> Result<Arc<GameState>> {
    if let Some(kept) = session.recent().game(&game.id, game.version) {
        return Ok(kept);
    }
    metrics::counter!(crate::telemetry::GAMES_REPLAYED, "for" => "read").increment(1);
    let state = Arc::new(replay(games::load_record(session.conn(), game)?)?);
    if !session.writing {
        session.recent().keep_game(Arc::clone(&state));
    }
    Ok(state)
}

/// Deletes the account's game with everything of it, if `expected` allows its version: a
/// change its owner alone may make.
pub fn delete(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    expected: Option<&VersionCheck>,
) -> Result<()> {
    change::change_game(session, account_id, game_id, expected, |change| {
        access::owner_only(&change.game.record, account_id, "delete the game")?;
        change.delete()
    })
    .map(drop)
}

/// A page of games and where the next one starts.
pub struct GamesPage {
    pub games: Vec<GameState>,
    pub next: Option<GamesAfter>,
}

#[tracing::instrument(skip_all, fields(account_id = %account_id))]
pub fn list(
    session: &mut Session,
    account_id: &AccountId,
    status: Option<Status>,
    after: Option<GamesAfter>,
    limit: usize,
) -> Result<GamesPage> {
    page_of(
        session,
        games::Whose::Account(account_id),
        status.map(GameStatus::from),
        after,
        limit,
    )
}

/// A page of the games listed, replayed, newest first, and where the next one starts.
pub(super) fn page_of(
    session: &mut Session,
    whose: games::Whose,
    status: Option<GameStatus>,
    after: Option<GamesAfter>,
    limit: usize,
) -> Result<GamesPage> {
    let mut rows = games::page(
        session.conn(),
        whose,
        status,
        after
            .as_ref()
            .map(|after| (after.created_at, after.id.as_str())),
        limit as i64 + 1,
    )?;
    let more = rows.len() > limit;
    rows.truncate(limit);
    let next = more.then(|| rows.last()).flatten().map(|last| GamesAfter {
        created_at: last.created_at,
        id: last.id.clone(),
    });
    let games = games::load_records(session.conn(), rows)?
        .into_iter()
        .map(replay)
        .collect::<Result<Vec<_>>>()?;
    Ok(GamesPage { games, next })
}
