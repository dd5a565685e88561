//! Turns: the record of a game. Each row is the dice a player ended a turn with.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::turns;
use crate::values::{GameId, PlayerId, TurnNumber};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = turns)]
pub struct TurnRow {
    pub game_id: GameId,
    pub number: TurnNumber,
    pub player_id: PlayerId,
    /// The dice as JSON: `[{"value": 8, "color": "orange"}, {"value": "W"}]`.
    pub dice: String,
    /// The game's version once this turn was recorded (for a digital turn, last changed).
    pub version: i64,
    pub created_at: NaiveDateTime,
    /// `scored`, or `rolling` while a digital turn is in play.
    pub state: String,
    /// A digital turn's rolls, first to last, as JSON; `None` for a tabletop turn.
    pub rolls: Option<String>,
}

/// The `state` of a turn that counts in the game.
pub const SCORED: &str = "scored";
/// The `state` of a digital turn still in play.
pub const ROLLING: &str = "rolling";

/// Adds a turn. Two writers adding the same number to one game cannot both succeed: the
/// primary key refuses the second.
pub fn insert(conn: &mut DbConnection, turn: &TurnRow) -> QueryResult<()> {
    diesel::insert_into(turns::table)
        .values(turn)
        .execute(conn)
        .map(drop)
}

/// Rewrites a digital turn in play: its rolls, its dice, its state and the version it took.
/// False if it is not in play.
pub fn update_in_play(conn: &mut DbConnection, turn: &TurnRow) -> QueryResult<bool> {
    diesel::update(
        turns::table
            .find((&turn.game_id, turn.number))
            .filter(turns::state.eq(ROLLING)),
    )
    .set((
        turns::dice.eq(&turn.dice),
        turns::rolls.eq(&turn.rolls),
        turns::state.eq(&turn.state),
        turns::version.eq(turn.version),
    ))
    .execute(conn)
    .map(|updated| updated == 1)
}

pub fn delete(conn: &mut DbConnection, game_id: &GameId, number: TurnNumber) -> QueryResult<bool> {
    diesel::delete(turns::table.find((game_id, number)))
        .execute(conn)
        .map(|deleted| deleted > 0)
}

/// The turns of these games, each game's in order.
pub fn of_games(conn: &mut DbConnection, game_ids: &[GameId]) -> QueryResult<Vec<TurnRow>> {
    turns::table
        .filter(turns::game_id.eq_any(game_ids))
        .order((turns::game_id, turns::number))
        .select(TurnRow::as_select())
        .load(conn)
}

/// The turns of one game, in order.
pub fn of_game(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Vec<TurnRow>> {
    turns::table
        .filter(turns::game_id.eq(game_id))
        .order(turns::number)
        .select(TurnRow::as_select())
        .load(conn)
}
