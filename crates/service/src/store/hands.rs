//! Hands: the record of a card game. Each row is one hand as recorded: who went out, and what
//! every player made, held and laid down.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::columns::Json;
use super::schema::hands;
use super::{DbConnection, GameKey};
use crate::record::{Hand, RecordedPlayer};
use crate::values::{EntryNumber, GameId, GameVersion, PlayerId};

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Associations)]
#[diesel(table_name = hands, belongs_to(GameKey, foreign_key = game_id))]
pub(super) struct HandRow {
    game_id: GameId,
    number: EntryNumber,
    went_out: PlayerId,
    players: Option<Json<Vec<RecordedPlayer>>>,
    version: GameVersion,
    created_at: NaiveDateTime,
    edited: i32,
}

impl From<HandRow> for Hand {
    fn from(row: HandRow) -> Hand {
        Hand {
            game_id: row.game_id,
            number: row.number,
            went_out: row.went_out,
            players: row.players.map(Json::into_inner),
            version: row.version,
            created_at: row.created_at,
            edited: row.edited,
        }
    }
}

impl HandRow {
    fn of(hand: &Hand) -> QueryResult<HandRow> {
        let players = hand
            .players
            .clone()
            .map(Json::new)
            .transpose()
            .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
        Ok(HandRow {
            game_id: hand.game_id.clone(),
            number: hand.number,
            went_out: hand.went_out.clone(),
            players,
            version: hand.version,
            created_at: hand.created_at,
            edited: hand.edited,
        })
    }
}

/// Adds many hands (an imported game's), a few hundred to a statement, per backend (as
/// `turns::insert_all`).
pub(crate) fn insert_all(conn: &mut DbConnection, all: &[Hand]) -> QueryResult<()> {
    for batch in all.chunks(500) {
        let rows = batch
            .iter()
            .map(HandRow::of)
            .collect::<QueryResult<Vec<_>>>()?;
        let insert = diesel::insert_into(hands::table).values(rows);
        match conn {
            DbConnection::Postgres(pg) => insert.execute(pg)?,
            DbConnection::Sqlite(lite) => insert.execute(lite)?,
        };
    }
    Ok(())
}

pub(crate) fn insert(conn: &mut DbConnection, hand: &Hand) -> QueryResult<()> {
    diesel::insert_into(hands::table)
        .values(HandRow::of(hand)?)
        .execute(conn)
        .map(drop)
}

/// Replaces a hand as recorded (RULES §9), with how many times it was replaced. False if the
/// game has no such hand.
pub(crate) fn replace(conn: &mut DbConnection, hand: &Hand) -> QueryResult<bool> {
    let row = HandRow::of(hand)?;
    diesel::update(hands::table.find((&row.game_id, row.number)))
        .set((
            hands::went_out.eq(&row.went_out),
            hands::players.eq(&row.players),
            hands::edited.eq(row.edited),
        ))
        .execute(conn)
        .map(|updated| updated == 1)
}

pub(crate) fn delete(
    conn: &mut DbConnection,
    game_id: &GameId,
    number: EntryNumber,
) -> QueryResult<bool> {
    diesel::delete(hands::table.find((game_id, number)))
        .execute(conn)
        .map(|deleted| deleted > 0)
}

/// The hands of these games, each game's in order.
pub(super) fn of_games(conn: &mut DbConnection, game_ids: &[GameId]) -> QueryResult<Vec<HandRow>> {
    hands::table
        .filter(hands::game_id.eq_any(game_ids))
        .order((hands::game_id, hands::number))
        .select(HandRow::as_select())
        .load(conn)
}

/// The hands of one card game, in order.
pub(super) fn of_game(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Vec<HandRow>> {
    hands::table
        .filter(hands::game_id.eq(game_id))
        .order(hands::number)
        .select(HandRow::as_select())
        .load(conn)
}
