//! Hands: the record of a card game. Each row is one hand as recorded: who went out, and what
//! every player made, held and laid down.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::hands;
use crate::values::{GameId, PlayerId, TurnNumber};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = hands)]
pub struct HandRow {
    pub game_id: GameId,
    /// Hands are numbered like turns: 1, 2, … in the order they were played.
    pub number: TurnNumber,
    pub went_out: PlayerId,
    /// Each player's line as recorded, as JSON; `None` for a tie-break hand.
    pub players: Option<String>,
    /// The game's version once this hand was recorded.
    pub version: i64,
    pub created_at: NaiveDateTime,
}

pub fn insert(conn: &mut DbConnection, hand: &HandRow) -> QueryResult<()> {
    diesel::insert_into(hands::table)
        .values(hand)
        .execute(conn)
        .map(drop)
}

pub fn delete(conn: &mut DbConnection, game_id: &GameId, number: TurnNumber) -> QueryResult<bool> {
    diesel::delete(hands::table.find((game_id, number)))
        .execute(conn)
        .map(|deleted| deleted > 0)
}

/// The hands of these games, each game's in order.
pub fn of_games(conn: &mut DbConnection, game_ids: &[GameId]) -> QueryResult<Vec<HandRow>> {
    hands::table
        .filter(hands::game_id.eq_any(game_ids))
        .order((hands::game_id, hands::number))
        .select(HandRow::as_select())
        .load(conn)
}

/// The hands of one card game, in order.
pub fn of_game(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Vec<HandRow>> {
    hands::table
        .filter(hands::game_id.eq(game_id))
        .order(hands::number)
        .select(HandRow::as_select())
        .load(conn)
}
