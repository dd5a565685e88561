//! The UPDATEs on the path of every turn and hand (taking the game for the change) and of every
//! finished game (adding to its players' figures), written as statements of one fixed text that
//! each connection prepares once and keeps.
//!
//! diesel never keeps an UPDATE's prepared statement (`UpdateStatement::walk_ast` marks it unsafe
//! to cache, since its changeset may turn out empty), so written with `diesel::update` each one
//! would be parsed and planned again every time: on SQLite that was a seventh of a turn's
//! instructions, the figures' 27 columns most of what a finished game added
//! (`bench/callgrind_turn.sh`). A `QueryFragment` of one's own is diesel's documented way to
//! write a statement it does not offer; the text here is the same for both backends, with
//! each one's bind markers.

use chrono::NaiveDateTime;
use diesel::backend::Backend;
use diesel::connection::Connection;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::serialize::ToSql;
use diesel::sql_types::{BigInt, HasSqlType, Text, Timestamp};
use diesel::sqlite::Sqlite;

use super::DbConnection;
use super::columns::Named;
use super::schema::games;
use crate::names::GameKind;
use crate::rules::dice::DiceLayout;
use crate::values::{GameId, PersonId};

/// `UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2 AND` the account `$3`
/// may see it (its owner, or an account with a seat; `''`: anyone) `RETURNING` every column.
/// A stranger's write thus finds no row without waiting for the game's lock (a row its
/// condition leaves out is not locked), nor loading the game.
pub(super) struct TakeForChange<'a> {
    pub game_id: &'a GameId,
    pub now: NaiveDateTime,
    /// The account changing the game, or `""` when the change checks its own right (an invite).
    pub member: &'a str,
}

impl<DB> QueryFragment<DB> for TakeForChange<'_>
where
    DB: Backend + HasSqlType<Timestamp> + HasSqlType<Text>,
    NaiveDateTime: ToSql<Timestamp, DB>,
    GameId: ToSql<Text, DB>,
    str: ToSql<Text, DB>,
    <games::table as Table>::AllColumns: QueryFragment<DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE games SET version = version + 1, updated_at = ");
        out.push_bind_param::<Timestamp, _>(&self.now)?;
        out.push_sql(" WHERE id = ");
        out.push_bind_param::<Text, _>(self.game_id)?;
        out.push_sql(" AND (");
        out.push_bind_param::<Text, _>(self.member)?;
        out.push_sql(" = '' OR account_id = ");
        out.push_bind_param::<Text, _>(self.member)?;
        out.push_sql(
            " OR EXISTS (SELECT 1 FROM seat_claims WHERE seat_claims.game_id = games.id \
             AND seat_claims.account_id = ",
        );
        out.push_bind_param::<Text, _>(self.member)?;
        out.push_sql(")) RETURNING ");
        games::all_columns.walk_ast(out.reborrow())
    }
}

impl QueryId for TakeForChange<'_> {
    type QueryId = TakeForChange<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

impl Query for TakeForChange<'_> {
    type SqlType = <<games::table as Table>::AllColumns as Expression>::SqlType;
}

impl<Conn> RunQueryDsl<Conn> for TakeForChange<'_> {}

/// The figures' counts, in the order of the table's columns after its key and account.
const COUNTS: [&str; 27] = [
    "games",
    "wins",
    "total_sum",
    "five_phase_bonuses",
    "first_finish_bonuses",
    "hands",
    "went_out",
    "attempts_1",
    "attempts_2",
    "attempts_3",
    "attempts_4",
    "attempts_5",
    "attempts_6",
    "attempts_7",
    "attempts_8",
    "attempts_9",
    "attempts_10",
    "made_1",
    "made_2",
    "made_3",
    "made_4",
    "made_5",
    "made_6",
    "made_7",
    "made_8",
    "made_9",
    "made_10",
];

/// `UPDATE figures SET games = games + $1, … WHERE person_id = … AND game = … AND dice_layout = …`:
/// one statement, so that two games of one person finishing at once both count.
pub(super) struct AddToFigures<'a> {
    pub person_id: &'a PersonId,
    pub game: Named<GameKind>,
    pub layout: Named<DiceLayout>,
    /// What to add to each of `COUNTS`, in its order.
    pub counts: [i64; 27],
}

impl<DB> QueryFragment<DB> for AddToFigures<'_>
where
    DB: Backend + HasSqlType<BigInt> + HasSqlType<Text>,
    i64: ToSql<BigInt, DB>,
    PersonId: ToSql<Text, DB>,
    Named<GameKind>: ToSql<Text, DB>,
    Named<DiceLayout>: ToSql<Text, DB>,
{
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, DB>) -> QueryResult<()> {
        out.push_sql("UPDATE figures SET ");
        for (at, (column, count)) in COUNTS.iter().zip(&self.counts).enumerate() {
            if at > 0 {
                out.push_sql(", ");
            }
            out.push_sql(column);
            out.push_sql(" = ");
            out.push_sql(column);
            out.push_sql(" + ");
            out.push_bind_param::<BigInt, _>(count)?;
        }
        out.push_sql(" WHERE person_id = ");
        out.push_bind_param::<Text, _>(self.person_id)?;
        out.push_sql(" AND game = ");
        out.push_bind_param::<Text, _>(&self.game)?;
        out.push_sql(" AND dice_layout = ");
        out.push_bind_param::<Text, _>(&self.layout)?;
        Ok(())
    }
}

impl QueryId for AddToFigures<'_> {
    type QueryId = AddToFigures<'static>;
    const HAS_STATIC_QUERY_ID: bool = true;
}

/// Runs a statement of this module on whichever database the connection is to. (They are
/// generic over the backend; `MultiConnection` would take them only through its own backend
/// type, which adds nothing here.)
pub(super) fn execute<Q>(conn: &mut DbConnection, statement: Q) -> QueryResult<usize>
where
    Q: QueryFragment<Pg> + QueryFragment<Sqlite> + QueryId,
{
    match conn {
        DbConnection::Postgres(pg) => pg.execute_returning_count(&statement),
        DbConnection::Sqlite(lite) => lite.execute_returning_count(&statement),
    }
}
