//! Turns: the record of a game. Each row is the dice a player ended a turn with.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::turns;

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = turns)]
pub struct TurnRow {
    pub game_id: String,
    /// 1 for the first turn of the game, and so on without gaps.
    pub number: i32,
    pub player_id: String,
    /// The dice as JSON: `[{"value": 8, "color": "orange"}, {"value": "W"}]`.
    pub dice: String,
    /// The game's version once this turn was recorded.
    pub version: i64,
    pub created_at: NaiveDateTime,
}

/// Adds a turn. Two writers adding the same number to one game cannot both succeed: the
/// primary key refuses the second.
pub fn insert(conn: &mut DbConnection, turn: &TurnRow) -> QueryResult<()> {
    diesel::insert_into(turns::table)
        .values(turn)
        .execute(conn)
        .map(drop)
}

pub fn delete(conn: &mut DbConnection, game_id: &str, number: i32) -> QueryResult<bool> {
    diesel::delete(turns::table.find((game_id, number)))
        .execute(conn)
        .map(|deleted| deleted > 0)
}

/// The turns of these games, each game's in order.
pub fn of_games(conn: &mut DbConnection, game_ids: &[String]) -> QueryResult<Vec<TurnRow>> {
    turns::table
        .filter(turns::game_id.eq_any(game_ids))
        .order((turns::game_id, turns::number))
        .select(TurnRow::as_select())
        .load(conn)
}

/// The turns of one game, in order.
pub fn of_game(conn: &mut DbConnection, game_id: &str) -> QueryResult<Vec<TurnRow>> {
    turns::table
        .filter(turns::game_id.eq(game_id))
        .order(turns::number)
        .select(TurnRow::as_select())
        .load(conn)
}
