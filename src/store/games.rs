//! Games and their players, and loading a game with everything needed to replay it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::hands::{self, HandRow};
use super::schema::{games, players, seat_claims};
use super::seats::{self, SeatClaimRow};
use super::turns::{self, TurnRow};
use crate::values::{AccountId, GameId, PlayerId, PlayerName};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = games)]
pub struct GameRow {
    pub id: GameId,
    pub account_id: AccountId,
    pub mode: String,
    pub edition: String,
    pub dice_layout: String,
    /// A cache of the replayed status, to list games by status: the status of the game's
    /// latest event, which the database copies here (a trigger on `events`).
    pub status: String,
    pub version: i64,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// Which game: `dice` or `cards` (`CARDS`).
    pub game: String,
    /// A card game's variations as JSON (its phases, ten hands); `None` for dice.
    pub card_rules: Option<String>,
}

/// The `game` of a card game.
pub const CARDS: &str = "cards";

impl GameRow {
    pub fn is_cards(&self) -> bool {
        self.game == CARDS
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = players)]
pub struct PlayerRow {
    pub id: PlayerId,
    pub game_id: GameId,
    /// 0 for the first player in turn order.
    pub seat: i32,
    pub name: PlayerName,
    /// The high-die rolls that decided a digital game's order, as a JSON array.
    pub order_rolls: Option<String>,
}

/// A game with its players (by seat), its turns or hands (in order) and its claimed seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub game: GameRow,
    pub players: Vec<PlayerRow>,
    /// A dice game's turns; none in a card game.
    pub turns: Vec<TurnRow>,
    /// A card game's hands; none in a dice game.
    pub hands: Vec<HandRow>,
    pub claims: Vec<SeatClaimRow>,
}

pub fn insert(conn: &mut DbConnection, game: &GameRow, seated: &[PlayerRow]) -> QueryResult<()> {
    diesel::insert_into(games::table)
        .values(game)
        .execute(conn)?;
    // One statement per player: batch inserts are not among what both backends share.
    for player in seated {
        diesel::insert_into(players::table)
            .values(player)
            .execute(conn)?;
    }
    Ok(())
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

/// The game, if the account may see it: it owns the game or plays one of its seats.
pub fn find_visible(
    conn: &mut DbConnection,
    account_id: &AccountId,
    game_id: &GameId,
) -> QueryResult<Option<GameRow>> {
    games::table
        .find(game_id)
        .filter(visible_to(account_id))
        .select(GameRow::as_select())
        .first(conn)
        .optional()
}

/// The game, whoever may see it: for a holder of a link to it.
pub fn find(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Option<GameRow>> {
    games::table
        .find(game_id)
        .select(GameRow::as_select())
        .first(conn)
        .optional()
}

/// Takes the game for a change: bumps its version (which locks its row until the transaction
/// ends, on both backends) before anything else of it is read, and returns it as it now is.
/// Who may make the change is the caller's to check on what this returns.
pub fn lock_for_change(
    conn: &mut DbConnection,
    game_id: &GameId,
    now: NaiveDateTime,
) -> QueryResult<Option<GameRow>> {
    diesel::update(games::table.find(game_id))
        .set((
            games::version.eq(games::version + 1),
            games::updated_at.eq(now),
        ))
        .returning(games::all_columns)
        .get_result(conn)
        .optional()
}

/// Moves a game taken for a change on by one more version (a change of two events), and
/// returns the version it now has.
pub fn bump_version(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<i64> {
    diesel::update(games::table.find(game_id))
        .set(games::version.eq(games::version + 1))
        .returning(games::version)
        .get_result(conn)
}

pub fn delete_owned(
    conn: &mut DbConnection,
    account_id: &AccountId,
    game_id: &GameId,
) -> QueryResult<bool> {
    diesel::delete(
        games::table
            .find(game_id)
            .filter(games::account_id.eq(account_id)),
    )
    .execute(conn)
    .map(|deleted| deleted > 0)
}

/// Where a page of games starts: after this game, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GamesAfter {
    pub created_at: NaiveDateTime,
    /// The last game's id as text: a cursor is a place in the order, which any id-shaped text
    /// names (the OpenAPI pattern of a cursor allows it), not a game that must exist.
    pub id: String,
}

/// Up to `limit` of the games the account owns or plays a seat of, newest first, optionally
/// of one status.
pub fn page(
    conn: &mut DbConnection,
    account_id: &AccountId,
    status: Option<&str>,
    after: Option<&GamesAfter>,
    limit: i64,
) -> QueryResult<Vec<GameRow>> {
    let mut query = games::table
        .filter(visible_to(account_id))
        .select(GameRow::as_select())
        .order((games::created_at.desc(), games::id.desc()))
        .limit(limit)
        .into_boxed();
    if let Some(status) = status {
        query = query.filter(games::status.eq(status));
    }
    if let Some(after) = after {
        query = query.filter(
            games::created_at.lt(after.created_at).or(games::created_at
                .eq(after.created_at)
                .and(games::id.lt(&after.id))),
        );
    }
    query.load(conn)
}

/// Loads the players, turns or hands, and claimed seats of these games, in a query each
/// whatever their number (none for hands when all are dice games, and the other way round).
pub fn load_records(conn: &mut DbConnection, rows: Vec<GameRow>) -> QueryResult<Vec<GameRecord>> {
    let ids: Vec<GameId> = rows.iter().map(|g| g.id.clone()).collect();
    let (card_ids, dice_ids): (Vec<&GameRow>, Vec<&GameRow>) =
        rows.iter().partition(|g| g.is_cards());
    let ids_of = |games: Vec<&GameRow>| games.into_iter().map(|g| g.id.clone()).collect::<Vec<_>>();
    let all_players: Vec<PlayerRow> = players::table
        .filter(players::game_id.eq_any(&ids))
        .order((players::game_id, players::seat))
        .select(PlayerRow::as_select())
        .load(conn)?;
    let all_turns = match ids_of(dice_ids) {
        ids if ids.is_empty() => Vec::new(),
        ids => turns::of_games(conn, &ids)?,
    };
    let all_hands = match ids_of(card_ids) {
        ids if ids.is_empty() => Vec::new(),
        ids => hands::of_games(conn, &ids)?,
    };
    let all_claims = seats::of_games(conn, &ids)?;
    Ok(rows
        .into_iter()
        .map(|game| {
            let id = game.id.clone();
            GameRecord {
                claims: of_game(&all_claims, &id, |c| &c.game_id),
                players: of_game(&all_players, &id, |p| &p.game_id),
                turns: of_game(&all_turns, &id, |t| &t.game_id),
                hands: of_game(&all_hands, &id, |h| &h.game_id),
                game,
            }
        })
        .collect())
}

/// The rows of one game among those of several.
fn of_game<T: Clone>(rows: &[T], id: &GameId, game_of: impl Fn(&T) -> &GameId) -> Vec<T> {
    rows.iter()
        .filter(|row| game_of(row) == id)
        .cloned()
        .collect()
}

/// One game with its players, its turns or hands, and its claimed seats. Filters on one id,
/// unlike `load_records`, so that the statements are prepared once per connection and reused.
pub fn load_record(conn: &mut DbConnection, game: GameRow) -> QueryResult<GameRecord> {
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
    Ok(GameRecord {
        game,
        players,
        turns,
        hands,
        claims,
    })
}

pub fn exists(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<bool> {
    diesel::select(diesel::dsl::exists(games::table.find(game_id))).get_result(conn)
}
