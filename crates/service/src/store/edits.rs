//! Edits: every replacement of an entry of a game (RULES §9), with who made it, when, and the
//! entry before and after. Kept with the game, deleted with it.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::columns::{Json, Named};
use super::schema::edits;
use crate::record::{Edit, Entered, EntryKind};
use crate::values::{AccountId, EntryNumber, GameId, GameVersion};

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = edits)]
struct EditRow {
    game_id: GameId,
    version: GameVersion,
    entry: Named<EntryKind>,
    number: EntryNumber,
    account_id: AccountId,
    created_at: NaiveDateTime,
    before: Json<Entered>,
    after: Json<Entered>,
}

impl From<EditRow> for Edit {
    fn from(row: EditRow) -> Edit {
        Edit {
            game_id: row.game_id,
            version: row.version,
            entry: row.entry.0,
            number: row.number,
            account_id: row.account_id,
            created_at: row.created_at,
            before: row.before.into_inner(),
            after: row.after.into_inner(),
        }
    }
}

pub(crate) fn insert(conn: &mut DbConnection, edit: &Edit) -> QueryResult<()> {
    let json = |entry: &Entered| {
        Json::new(entry.clone()).map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))
    };
    let row = EditRow {
        game_id: edit.game_id.clone(),
        version: edit.version,
        entry: Named(edit.entry),
        number: edit.number,
        account_id: edit.account_id.clone(),
        created_at: edit.created_at,
        before: json(&edit.before)?,
        after: json(&edit.after)?,
    };
    diesel::insert_into(edits::table)
        .values(row)
        .execute(conn)
        .map(drop)
}

/// Up to `limit` edits of the game made after its version `after`, oldest first.
pub(crate) fn after(
    conn: &mut DbConnection,
    game_id: &GameId,
    after: GameVersion,
    limit: i64,
) -> QueryResult<Vec<Edit>> {
    edits::table
        .filter(edits::game_id.eq(game_id))
        .filter(edits::version.gt(after))
        .order(edits::version)
        .limit(limit)
        .select(EditRow::as_select())
        .load(conn)
        .map(|rows| rows.into_iter().map(Edit::from).collect())
}
