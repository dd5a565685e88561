//! Seats claimed by accounts other than the game's owner.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::schema::seat_claims;
use super::{DbConnection, GameKey};
use crate::record::SeatClaim;
use crate::values::{AccountId, GameId, PlayerId};

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Associations)]
#[diesel(table_name = seat_claims, belongs_to(GameKey, foreign_key = game_id))]
pub(super) struct SeatClaimRow {
    player_id: PlayerId,
    game_id: GameId,
    account_id: AccountId,
    claimed_at: NaiveDateTime,
}

impl From<SeatClaimRow> for SeatClaim {
    fn from(row: SeatClaimRow) -> SeatClaim {
        SeatClaim {
            player_id: row.player_id,
            game_id: row.game_id,
            account_id: row.account_id,
            claimed_at: row.claimed_at,
        }
    }
}

/// Claims a seat. A seat is claimed once: the primary key refuses a second claim.
pub(crate) fn insert(conn: &mut DbConnection, claim: &SeatClaim) -> QueryResult<()> {
    let row = SeatClaimRow {
        player_id: claim.player_id.clone(),
        game_id: claim.game_id.clone(),
        account_id: claim.account_id.clone(),
        claimed_at: claim.claimed_at,
    };
    diesel::insert_into(seat_claims::table)
        .values(row)
        .execute(conn)
        .map(drop)
}

/// The claimed seats of one game.
pub(super) fn of_game(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Vec<SeatClaimRow>> {
    seat_claims::table
        .filter(seat_claims::game_id.eq(game_id))
        .select(SeatClaimRow::as_select())
        .load(conn)
}

/// The claimed seats of these games.
pub(super) fn of_games(
    conn: &mut DbConnection,
    game_ids: &[GameId],
) -> QueryResult<Vec<SeatClaimRow>> {
    seat_claims::table
        .filter(seat_claims::game_id.eq_any(game_ids))
        .select(SeatClaimRow::as_select())
        .load(conn)
}
