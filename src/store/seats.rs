//! Seats claimed by accounts other than the game's owner.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::seat_claims;
use crate::values::{AccountId, GameId, PlayerId};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = seat_claims)]
pub struct SeatClaimRow {
    pub player_id: PlayerId,
    pub game_id: GameId,
    /// The account that plays this seat; the owner no longer does.
    pub account_id: AccountId,
    pub claimed_at: NaiveDateTime,
}

/// Claims a seat. A seat is claimed once: the primary key refuses a second claim.
pub fn insert(conn: &mut DbConnection, claim: &SeatClaimRow) -> QueryResult<()> {
    diesel::insert_into(seat_claims::table)
        .values(claim)
        .execute(conn)
        .map(drop)
}

/// The claimed seats of one game.
pub fn of_game(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Vec<SeatClaimRow>> {
    seat_claims::table
        .filter(seat_claims::game_id.eq(game_id))
        .select(SeatClaimRow::as_select())
        .load(conn)
}

/// The claimed seats of these games.
pub fn of_games(conn: &mut DbConnection, game_ids: &[GameId]) -> QueryResult<Vec<SeatClaimRow>> {
    seat_claims::table
        .filter(seat_claims::game_id.eq_any(game_ids))
        .select(SeatClaimRow::as_select())
        .load(conn)
}
