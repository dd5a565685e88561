//! Accounts: a name, and the hash of the key the account was made with (`keys` has every key
//! it has now; the key itself is never stored).

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::schema::accounts;
use crate::values::{AccountId, AccountName};

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Insertable)]
#[diesel(table_name = accounts)]
pub(crate) struct AccountRow {
    pub id: AccountId,
    pub name: AccountName,
    pub api_key_hash: String,
    pub created_at: NaiveDateTime,
}

pub(crate) fn insert(conn: &mut DbConnection, account: &AccountRow) -> QueryResult<()> {
    diesel::insert_into(accounts::table)
        .values(account)
        .execute(conn)
        .map(drop)
}
