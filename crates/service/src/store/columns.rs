//! Typed text columns, on both databases: a value of a closed set (`Named`, by the name it goes
//! by on the wire) and a JSON document (`Json`). Each is parsed where a row is read, so a row
//! that reaches the service holds values, never text to decode; text that names no value is a
//! deserialization error of the store, with its cause.

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::expression::AsExpression;
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::Text;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::names::Stored;

/// A column holding one value of a closed set, as its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, AsExpression, FromSqlRow)]
#[diesel(sql_type = Text)]
pub struct Named<T>(pub T);

/// A column holding a JSON document of type `T`, with its text: written once, when the value is
/// (the text a statement binds is borrowed from its row).
#[derive(Debug, Clone, PartialEq, Eq, AsExpression, FromSqlRow)]
#[diesel(sql_type = Text)]
pub struct Json<T> {
    value: T,
    text: String,
}

impl<T: Serialize> Json<T> {
    pub fn new(value: T) -> serde_json::Result<Json<T>> {
        let text = serde_json::to_string(&value)?;
        Ok(Json { value, text })
    }
}

impl<T> Json<T> {
    pub fn value(&self) -> &T {
        &self.value
    }

    pub fn into_inner(self) -> T {
        self.value
    }
}

/// Why a column's text is not what it should hold.
#[derive(Debug, thiserror::Error)]
#[error("{text:?} names no {kind}")]
struct UnknownName {
    kind: &'static str,
    text: String,
}

impl<T: Stored, DB: Backend> FromSql<Text, DB> for Named<T>
where
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Named<T>> {
        let text = String::from_sql(bytes)?;
        T::from_stored(&text).map(Named).ok_or_else(|| {
            let kind = std::any::type_name::<T>();
            UnknownName {
                kind: kind.rsplit("::").next().unwrap_or(kind),
                text,
            }
            .into()
        })
    }
}

impl<T: Stored + std::fmt::Debug, DB: Backend> ToSql<Text, DB> for Named<T>
where
    str: ToSql<Text, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        self.0.stored().to_sql(out)
    }
}

impl<T: DeserializeOwned, DB: Backend> FromSql<Text, DB> for Json<T>
where
    String: FromSql<Text, DB>,
{
    fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<Json<T>> {
        let text = String::from_sql(bytes)?;
        let value = serde_json::from_str(&text)?;
        Ok(Json { value, text })
    }
}

impl<T: std::fmt::Debug, DB: Backend> ToSql<Text, DB> for Json<T>
where
    str: ToSql<Text, DB>,
{
    fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
        self.text.as_str().to_sql(out)
    }
}
