//! Turns: the record of a game. Each row is the dice a player ended a turn with.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::columns::{Json, Named};
use super::schema::turns;
use super::{DbConnection, GameKey};
use crate::dice::ShownDie;
use crate::record::{Turn, TurnState};
use crate::rolls::RolledDieView;
use crate::values::{EntryNumber, GameId, GameVersion, PlayerId};

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Associations)]
#[diesel(table_name = turns, belongs_to(GameKey, foreign_key = game_id))]
pub(super) struct TurnRow {
    game_id: GameId,
    number: EntryNumber,
    player_id: PlayerId,
    dice: Json<Vec<ShownDie>>,
    version: GameVersion,
    created_at: NaiveDateTime,
    state: Named<TurnState>,
    rolls: Option<Json<Vec<Vec<RolledDieView>>>>,
    edited: i32,
}

impl From<TurnRow> for Turn {
    fn from(row: TurnRow) -> Turn {
        Turn {
            game_id: row.game_id,
            number: row.number,
            player_id: row.player_id,
            dice: row.dice.into_inner(),
            version: row.version,
            created_at: row.created_at,
            state: row.state.0,
            rolls: row.rolls.map(Json::into_inner),
            edited: row.edited,
        }
    }
}

fn not_written(e: serde_json::Error) -> diesel::result::Error {
    diesel::result::Error::SerializationError(Box::new(e))
}

impl TurnRow {
    fn of(turn: &Turn) -> QueryResult<TurnRow> {
        Ok(TurnRow {
            game_id: turn.game_id.clone(),
            number: turn.number,
            player_id: turn.player_id.clone(),
            dice: Json::new(turn.dice.clone()).map_err(not_written)?,
            version: turn.version,
            created_at: turn.created_at,
            state: Named(turn.state),
            rolls: turn
                .rolls
                .clone()
                .map(Json::new)
                .transpose()
                .map_err(not_written)?,
            edited: turn.edited,
        })
    }
}

/// Rows a batch insert writes at once, well within both backends' limits on bound values.
const BATCH: usize = 500;

/// Adds many turns (an imported game's), a few hundred to a statement. Batch inserts are not
/// among what diesel's `MultiConnection` shares, so the statement is written per backend.
pub(crate) fn insert_all(conn: &mut DbConnection, all: &[Turn]) -> QueryResult<()> {
    for batch in all.chunks(BATCH) {
        let rows = batch
            .iter()
            .map(TurnRow::of)
            .collect::<QueryResult<Vec<_>>>()?;
        let insert = diesel::insert_into(turns::table).values(rows);
        match conn {
            DbConnection::Postgres(pg) => insert.execute(pg)?,
            DbConnection::Sqlite(lite) => insert.execute(lite)?,
        };
    }
    Ok(())
}

/// Adds a turn. Two writers adding the same number to one game cannot both succeed: the
/// primary key refuses the second.
pub(crate) fn insert(conn: &mut DbConnection, turn: &Turn) -> QueryResult<()> {
    diesel::insert_into(turns::table)
        .values(TurnRow::of(turn)?)
        .execute(conn)
        .map(drop)
}

/// Rewrites a digital turn in play: its rolls, its dice, its state and the version it took.
/// False if it is not in play.
pub(crate) fn update_in_play(conn: &mut DbConnection, turn: &Turn) -> QueryResult<bool> {
    let row = TurnRow::of(turn)?;
    diesel::update(
        turns::table
            .find((&row.game_id, row.number))
            .filter(turns::state.eq(Named(TurnState::Rolling))),
    )
    .set((
        turns::dice.eq(&row.dice),
        turns::rolls.eq(&row.rolls),
        turns::state.eq(&row.state),
        turns::version.eq(row.version),
    ))
    .execute(conn)
    .map(|updated| updated == 1)
}

/// Replaces a scored turn's dice (RULES §9), with how many times it was replaced. False if the
/// game has no such scored turn.
pub(crate) fn replace(conn: &mut DbConnection, turn: &Turn) -> QueryResult<bool> {
    let row = TurnRow::of(turn)?;
    diesel::update(
        turns::table
            .find((&row.game_id, row.number))
            .filter(turns::state.eq(Named(TurnState::Scored))),
    )
    .set((turns::dice.eq(&row.dice), turns::edited.eq(row.edited)))
    .execute(conn)
    .map(|updated| updated == 1)
}

pub(crate) fn delete(
    conn: &mut DbConnection,
    game_id: &GameId,
    number: EntryNumber,
) -> QueryResult<bool> {
    diesel::delete(turns::table.find((game_id, number)))
        .execute(conn)
        .map(|deleted| deleted > 0)
}

/// The turns of these games, each game's in order.
pub(super) fn of_games(conn: &mut DbConnection, game_ids: &[GameId]) -> QueryResult<Vec<TurnRow>> {
    turns::table
        .filter(turns::game_id.eq_any(game_ids))
        .order((turns::game_id, turns::number))
        .select(TurnRow::as_select())
        .load(conn)
}

/// The turns of one game, in order.
pub(super) fn of_game(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Vec<TurnRow>> {
    turns::table
        .filter(turns::game_id.eq(game_id))
        .order(turns::number)
        .select(TurnRow::as_select())
        .load(conn)
}
