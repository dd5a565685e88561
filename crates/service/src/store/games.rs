//! Games and their players, and loading a game with everything needed to replay it.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use super::columns::{Json, Named};
use super::hands::{self, HandRow};
use super::kept_updates::TakeForChange;
use super::schema::{games, players, seat_claims};
use super::seats::{self, SeatClaimRow};
use super::turns::{self, TurnRow};
use super::{DbConnection, GameKey};
use crate::names::{GameKind, Mode};
use crate::record::{
    AnyEdition, DiceRules, Entries, Game, GameRecord, GameRules, GameStatus, Player,
};
use crate::rules::PhaseNumber;
use crate::rules::cards::CardRules;
use crate::rules::dice::DiceLayout;
use crate::values::{AccountId, GameId, GameName, GameVersion, PersonId, PlayerId, PlayerName};

/// In the order of the table's columns: a changed game is read back with `RETURNING` all of
/// them, which both backends share (`as_returning` is not among what they share).
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = games)]
struct GameRow {
    id: GameId,
    account_id: AccountId,
    mode: Named<Mode>,
    edition: Named<AnyEdition>,
    dice_layout: Named<DiceLayout>,
    status: Named<GameStatus>,
    version: GameVersion,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
    game: Named<GameKind>,
    /// A card game's variations; `None` for dice.
    card_rules: Option<Json<StoredCardRules>>,
    name: Option<GameName>,
    /// A card game's first dealer; `None` for dice.
    first_dealer: Option<i32>,
    rematch_of: Option<GameId>,
    /// What the game was made from, when the client chose its id (`made_with_id`).
    made_from: Option<String>,
}

/// A card game's variations as the `card_rules` column keeps them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct StoredCardRules {
    phases: Vec<u8>,
    ten_hands: bool,
}

/// Why a game's row does not make a game.
#[derive(Debug, thiserror::Error)]
#[error("game {id}: {why}")]
struct NotAGame {
    id: GameId,
    why: String,
}

impl TryFrom<GameRow> for Game {
    type Error = diesel::result::Error;

    fn try_from(row: GameRow) -> QueryResult<Game> {
        let not_a_game = |why: String| {
            diesel::result::Error::DeserializationError(Box::new(NotAGame {
                id: row.id.clone(),
                why,
            }))
        };
        let rules = match (row.game.0, row.edition.0, &row.card_rules) {
            (GameKind::Dice, AnyEdition::Dice(edition), None) => GameRules::Dice(DiceRules {
                mode: row.mode.0,
                edition,
                layout: row.dice_layout.0,
            }),
            (GameKind::Cards, AnyEdition::Cards(edition), Some(stored)) => {
                let stored = stored.value();
                let phases = stored
                    .phases
                    .iter()
                    .map(|&p| {
                        PhaseNumber::new(p).ok_or_else(|| not_a_game(format!("no phase {p}")))
                    })
                    .collect::<QueryResult<Vec<_>>>()?;
                let rules = CardRules::new(phases, stored.ten_hands, edition)
                    .map_err(|e| not_a_game(e.to_string()))?;
                GameRules::Cards(rules)
            }
            (kind, edition, rules) => {
                return Err(not_a_game(format!(
                    "a {kind:?} game with the edition {edition:?} and card rules {rules:?}"
                )));
            }
        };
        let first_dealer = match row.first_dealer {
            None => 0,
            Some(seat) => usize::try_from(seat)
                .map_err(|_| not_a_game(format!("the first dealer is seat {seat}")))?,
        };
        Ok(Game {
            id: row.id,
            account_id: row.account_id,
            rules,
            status: row.status.0,
            version: row.version,
            created_at: row.created_at,
            updated_at: row.updated_at,
            name: row.name,
            first_dealer,
            rematch_of: row.rematch_of,
        })
    }
}

impl GameRow {
    fn of(game: &Game) -> QueryResult<GameRow> {
        let (mode, edition, layout, card_rules) = match &game.rules {
            GameRules::Dice(dice) => (dice.mode, AnyEdition::Dice(dice.edition), dice.layout, None),
            GameRules::Cards(rules) => {
                let stored = StoredCardRules {
                    phases: rules.phases.iter().map(|p| p.get()).collect(),
                    ten_hands: rules.ten_hands,
                };
                let stored = Json::new(stored)
                    .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
                (
                    Mode::Tabletop,
                    AnyEdition::Cards(rules.edition),
                    DiceLayout::Standard,
                    Some(stored),
                )
            }
        };
        Ok(GameRow {
            id: game.id.clone(),
            account_id: game.account_id.clone(),
            mode: Named(mode),
            edition: Named(edition),
            dice_layout: Named(layout),
            status: Named(game.status),
            version: game.version,
            created_at: game.created_at,
            updated_at: game.updated_at,
            game: Named(game.kind()),
            first_dealer: card_rules.is_some().then_some(game.first_dealer as i32),
            card_rules,
            name: game.name.clone(),
            rematch_of: game.rematch_of.clone(),
            made_from: None,
        })
    }
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Identifiable, Associations)]
#[diesel(table_name = players, belongs_to(GameKey, foreign_key = game_id))]
struct PlayerRow {
    id: PlayerId,
    game_id: GameId,
    seat: i32,
    name: PlayerName,
    order_rolls: Option<Json<Vec<u8>>>,
    /// `None` only before `people::adopt_players` has run, which the server does before it
    /// serves.
    person_id: Option<PersonId>,
}

impl TryFrom<PlayerRow> for Player {
    type Error = diesel::result::Error;

    fn try_from(row: PlayerRow) -> QueryResult<Player> {
        let person_id = row.person_id.ok_or_else(|| {
            diesel::result::Error::DeserializationError(
                format!("player {} is nobody of the roster", row.id).into(),
            )
        })?;
        Ok(Player {
            id: row.id,
            game_id: row.game_id,
            seat: row.seat,
            person_id,
            name: row.name,
            order_rolls: row.order_rolls.map(Json::into_inner),
        })
    }
}

impl PlayerRow {
    fn of(player: &Player) -> QueryResult<PlayerRow> {
        Ok(PlayerRow {
            id: player.id.clone(),
            game_id: player.game_id.clone(),
            seat: player.seat,
            name: player.name.clone(),
            order_rolls: player
                .order_rolls
                .clone()
                .map(Json::new)
                .transpose()
                .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?,
            person_id: Some(player.person_id.clone()),
        })
    }
}

pub(crate) fn insert(conn: &mut DbConnection, game: &Game, seated: &[Player]) -> QueryResult<()> {
    diesel::insert_into(games::table)
        .values(GameRow::of(game)?)
        .execute(conn)?;
    // One statement per player: batch inserts are not among what both backends share.
    for player in seated {
        diesel::insert_into(players::table)
            .values(PlayerRow::of(player)?)
            .execute(conn)?;
    }
    Ok(())
}

/// Notes what a game whose id the client chose was made from.
pub(crate) fn set_made_from(
    conn: &mut DbConnection,
    game_id: &GameId,
    made_from: &str,
) -> QueryResult<()> {
    diesel::update(games::table.find(game_id))
        .set(games::made_from.eq(made_from))
        .execute(conn)
        .map(drop)
}

/// Whose a game is, and what it was made from, whoever's it is.
pub(crate) fn made_with_id(
    conn: &mut DbConnection,
    game_id: &GameId,
) -> QueryResult<Option<(AccountId, Option<String>)>> {
    games::table
        .find(game_id)
        .select((games::account_id, games::made_from))
        .first(conn)
        .optional()
}

/// Every game the account owns (not those where it only plays a seat), oldest first.
pub(crate) fn owned_by(conn: &mut DbConnection, account_id: &AccountId) -> QueryResult<Vec<Game>> {
    games::table
        .filter(games::account_id.eq(account_id))
        .order((games::created_at, games::id))
        .select(GameRow::as_select())
        .load(conn)?
        .into_iter()
        .map(Game::try_from)
        .collect()
}

/// Which of these players' ids some game already has.
pub(crate) fn players_taken(
    conn: &mut DbConnection,
    ids: &[PlayerId],
) -> QueryResult<Vec<PlayerId>> {
    players::table
        .filter(players::id.eq_any(ids))
        .select(players::id)
        .load(conn)
}

/// The games an account may see: those it owns, and those where it plays a seat.
#[diesel::dsl::auto_type]
fn visible_to<'a>(account_id: &'a AccountId) -> _ {
    games::account_id.eq(account_id).or(games::id.eq_any(
        seat_claims::table
            .filter(seat_claims::account_id.eq(account_id))
            .select(seat_claims::game_id),
    ))
}

fn games_of(rows: QueryResult<Option<GameRow>>) -> QueryResult<Option<Game>> {
    rows?.map(Game::try_from).transpose()
}

/// The game, if the account may see it: it owns the game or plays one of its seats.
pub(crate) fn find_visible(
    conn: &mut DbConnection,
    account_id: &AccountId,
    game_id: &GameId,
) -> QueryResult<Option<Game>> {
    games_of(
        games::table
            .find(game_id)
            .filter(visible_to(account_id))
            .select(GameRow::as_select())
            .first(conn)
            .optional(),
    )
}

/// The game, whoever may see it: for a holder of a link to it.
pub(crate) fn find(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Option<Game>> {
    games_of(
        games::table
            .find(game_id)
            .select(GameRow::as_select())
            .first(conn)
            .optional(),
    )
}

/// Takes the game for a change: bumps its version (which locks its row until the transaction
/// ends, on both backends) before anything else of it is read, and returns it as it now is.
/// With `member`, only if that account may see the game (its owner, or one with a seat): none
/// for a stranger, as for a game that does not exist, and without waiting for the game's lock.
/// What else the account may do is the caller's to check on what this returns.
pub(crate) fn lock_for_change(
    conn: &mut DbConnection,
    game_id: &GameId,
    now: NaiveDateTime,
    member: Option<&AccountId>,
) -> QueryResult<Option<Game>> {
    let member = member.map_or("", |account_id| account_id.as_str());
    let take = TakeForChange {
        game_id,
        now,
        member,
    };
    let row = match conn {
        DbConnection::Postgres(pg) => take.get_result::<GameRow>(pg),
        DbConnection::Sqlite(lite) => take.get_result::<GameRow>(lite),
    };
    games_of(row.optional())
}

/// Puts a game taken for a change back as it was (its version and time of change): a change
/// that turned out to change nothing, such as a replacement identical to its entry.
pub(crate) fn put_back(conn: &mut DbConnection, game: &Game) -> QueryResult<()> {
    diesel::update(games::table.find(&game.id))
        .set((
            games::version.eq(game.version),
            games::updated_at.eq(game.updated_at),
        ))
        .execute(conn)
        .map(drop)
}

/// Moves a game taken for a change on by one more version (a change of two events), and
/// returns the version it now has.
pub(crate) fn bump_version(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<GameVersion> {
    diesel::update(games::table.find(game_id))
        .set(games::version.eq(games::version + 1))
        .returning(games::version)
        .get_result(conn)
}

/// Gives a game taken for a change a name, or none.
pub(crate) fn set_name(
    conn: &mut DbConnection,
    game_id: &GameId,
    name: Option<&GameName>,
) -> QueryResult<()> {
    diesel::update(games::table.find(game_id))
        .set(games::name.eq(name))
        .execute(conn)
        .map(drop)
}

/// Deletes a game with everything of it (the database cascades).
pub(crate) fn delete(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<bool> {
    diesel::delete(games::table.find(game_id))
        .execute(conn)
        .map(|deleted| deleted > 0)
}

/// Whose games a page lists.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Whose<'a> {
    /// Those an account owns or plays a seat of.
    Account(&'a AccountId),
    /// Those a person of a roster plays, of one game or both.
    Person(&'a PersonId, Option<GameKind>),
}

/// Up to `limit` of the games listed, newest first, optionally of one status, after the game
/// created at `after.0` with the id `after.1` (any id-shaped text: a place in the order).
pub(crate) fn page(
    conn: &mut DbConnection,
    whose: Whose,
    status: Option<GameStatus>,
    after: Option<(NaiveDateTime, &str)>,
    limit: i64,
) -> QueryResult<Vec<Game>> {
    let mut query = games::table
        .select(GameRow::as_select())
        .order((games::created_at.desc(), games::id.desc()))
        .limit(limit)
        .into_boxed();
    match whose {
        Whose::Account(account_id) => query = query.filter(visible_to(account_id)),
        Whose::Person(person_id, kind) => {
            query = query.filter(
                games::id.eq_any(
                    players::table
                        .filter(players::person_id.eq(person_id))
                        .select(players::game_id),
                ),
            );
            if let Some(kind) = kind {
                query = query.filter(games::game.eq(Named(kind)));
            }
        }
    }
    if let Some(status) = status {
        query = query.filter(games::status.eq(Named(status)));
    }
    if let Some((created_at, id)) = after {
        query = query.filter(
            games::created_at
                .lt(created_at)
                .or(games::created_at.eq(created_at).and(games::id.lt(id))),
        );
    }
    query.load(conn)?.into_iter().map(Game::try_from).collect()
}

/// Loads the players, turns or hands, and claimed seats of these games, in a query each
/// whatever their number (none for hands when all are dice games, and the other way round).
pub(crate) fn load_records(
    conn: &mut DbConnection,
    games: Vec<Game>,
) -> QueryResult<Vec<GameRecord>> {
    // The games' keys, which their other rows are grouped by (`grouped_by`).
    let keys: Vec<GameKey> = games.iter().map(|g| GameKey { id: g.id.clone() }).collect();
    let of = |kind: GameKind| -> Vec<GameId> {
        games
            .iter()
            .filter(|game| game.kind() == kind)
            .map(|game| game.id.clone())
            .collect()
    };
    let (dice, cards) = (of(GameKind::Dice), of(GameKind::Cards));
    let players = PlayerRow::belonging_to(&keys)
        .order((players::game_id, players::seat))
        .select(PlayerRow::as_select())
        .load(conn)?
        .grouped_by(&keys);
    let turns = match dice.is_empty() {
        true => Vec::new(),
        false => turns::of_games(conn, &dice)?,
    }
    .grouped_by(&keys);
    let hands = match cards.is_empty() {
        true => Vec::new(),
        false => hands::of_games(conn, &cards)?,
    }
    .grouped_by(&keys);
    let all: Vec<GameId> = keys.iter().map(|key| key.id.clone()).collect();
    let claims = seats::of_games(conn, &all)?.grouped_by(&keys);
    games
        .into_iter()
        .zip(players)
        .zip(turns.into_iter().zip(hands).zip(claims))
        .map(|((game, players), ((turns, hands), claims))| {
            record(game, players, turns, hands, claims)
        })
        .collect()
}

fn record(
    game: Game,
    players: Vec<PlayerRow>,
    turns: Vec<TurnRow>,
    hands: Vec<HandRow>,
    claims: Vec<SeatClaimRow>,
) -> QueryResult<GameRecord> {
    let entries = match &game.rules {
        GameRules::Dice(_) => Entries::Turns(turns.into_iter().map(Into::into).collect()),
        GameRules::Cards(_) => Entries::Hands(hands.into_iter().map(Into::into).collect()),
    };
    Ok(GameRecord {
        game,
        entries,
        players: players
            .into_iter()
            .map(Player::try_from)
            .collect::<QueryResult<_>>()?,
        claims: claims.into_iter().map(Into::into).collect(),
    })
}

/// One game with its players, its turns or hands, and its claimed seats. Filters on one id,
/// unlike `load_records`, so that the statements are prepared once per connection and reused.
pub(crate) fn load_record(conn: &mut DbConnection, game: Game) -> QueryResult<GameRecord> {
    let players = players::table
        .filter(players::game_id.eq(&game.id))
        .order(players::seat)
        .select(PlayerRow::as_select())
        .load(conn)?;
    let (turns, hands) = if game.is_cards() {
        (Vec::new(), hands::of_game(conn, &game.id)?)
    } else {
        (turns::of_game(conn, &game.id)?, Vec::new())
    };
    let claims = seats::of_game(conn, &game.id)?;
    record(game, players, turns, hands, claims)
}

pub(crate) fn exists(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(games::table.find(game_id))).get_result(conn)
}
