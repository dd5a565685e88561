//! Values that cross every layer, typed: the ids of accounts, games and players, a turn's
//! number, a game's version, and the names of players and accounts (`names`). Each is parsed once, where it enters (a path, a body, a row), and is then only ever
//! what it says: an id is a UUID in its one written form (hyphenated, lowercase), a turn number
//! is 1 or more. Stored as text and integers on both databases.

use std::fmt;

use diesel::backend::Backend;
use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::expression::AsExpression;
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::{BigInt, Integer, Text};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use names::{AccountName, GameName, PlayerName};

/// Stores a newtype of a `String` as text, on either database: written as it is, read back as
/// it was written (it was checked then).
macro_rules! stored_as_text {
    ($name:ident) => {
        impl<DB: diesel::backend::Backend> diesel::serialize::ToSql<diesel::sql_types::Text, DB>
            for $name
        where
            str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
        {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, DB>,
            ) -> diesel::serialize::Result {
                <str as diesel::serialize::ToSql<diesel::sql_types::Text, DB>>::to_sql(
                    self.0.as_str(),
                    out,
                )
            }
        }

        impl<DB: diesel::backend::Backend> diesel::deserialize::FromSql<diesel::sql_types::Text, DB>
            for $name
        where
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<$name> {
                <String as diesel::deserialize::FromSql<diesel::sql_types::Text, DB>>::from_sql(
                    bytes,
                )
                .map($name)
            }
        }
    };
}

/// A newtype of an integer, stored as that integer (its SQL type given) on either database and
/// written as its number (in JSON, and as text).
macro_rules! stored_and_written_as_its_number {
    ($(#[$doc:meta])* $name:ident($integer:ty) as $sql:ty) => {
        $(#[$doc])*
        #[derive(
            Debug,
            Clone,
            Copy,
            PartialEq,
            Eq,
            Hash,
            PartialOrd,
            Ord,
            Serialize,
            Deserialize,
            AsExpression,
            FromSqlRow,
        )]
        #[serde(transparent)]
        #[diesel(sql_type = $sql)]
        pub struct $name($integer);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl<DB: Backend> ToSql<$sql, DB> for $name
        where
            $integer: ToSql<$sql, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, DB>) -> serialize::Result {
                self.0.to_sql(out)
            }
        }

        impl<DB: Backend> FromSql<$sql, DB> for $name
        where
            $integer: FromSql<$sql, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> deserialize::Result<$name> {
                <$integer>::from_sql(bytes).map($name)
            }
        }
    };
}

pub mod name_schemas;
pub mod names;

macro_rules! uuid_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, AsExpression, FromSqlRow)]
        #[diesel(sql_type = Text)]
        pub struct $name(String);

        impl $name {
            /// A new random id.
            pub fn random() -> $name {
                $name(uuid::Uuid::new_v4().hyphenated().to_string())
            }

            /// Reads an id written as a UUID in hyphenated form, in either case: one resource,
            /// one address.
            pub fn parse(text: &str) -> Option<$name> {
                let hyphenated = text.len() == 36;
                match uuid::Uuid::try_parse(text) {
                    Ok(id) if hyphenated => Some($name(id.hyphenated().to_string())),
                    _ => None,
                }
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        /// An id equals a reference to the same id: rows are compared with the ids asked for.
        impl PartialEq<&$name> for $name {
            fn eq(&self, other: &&$name) -> bool {
                self == *other
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        /// Anything but a UUID is refused: in a path, the path names no resource (404); in a
        /// body, the value is invalid (422). Nothing else reaches the database, which may refuse
        /// it (PostgreSQL takes no NUL in text).
        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$name, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                $name::parse(&text).ok_or_else(|| {
                    serde::de::Error::invalid_value(
                        serde::de::Unexpected::Str(&text),
                        &"a UUID",
                    )
                })
            }
        }

        stored_as_text!($name);
    };
}

uuid_id!(
    /// An account's id.
    AccountId
);
uuid_id!(
    /// A game's id.
    GameId
);
uuid_id!(
    /// A player's id: one seat of one game.
    PlayerId
);
uuid_id!(
    /// An API key's id: one device of an account (the key itself is a secret, this is not).
    KeyId
);
uuid_id!(
    /// A person's id: one of the people of an account's roster, who play its games' seats.
    PersonId
);

stored_and_written_as_its_number! {
    /// An entry's number in its game, a dice game's turn or a card game's hand: 1 for the
    /// first, and so on without gaps.
    EntryNumber(i32) as Integer
}

impl EntryNumber {
    pub const FIRST: EntryNumber = EntryNumber(1);

    /// An entry's number written as the server writes it in paths and cursors: 1 or more, decimal.
    pub fn parse(text: &str) -> Option<EntryNumber> {
        text.parse().ok().filter(|n| *n >= 1).map(EntryNumber)
    }

    /// The number a client gave an entry: 1 or more.
    pub fn sent(n: u32) -> Option<EntryNumber> {
        i32::try_from(n).ok().filter(|n| *n >= 1).map(EntryNumber)
    }

    /// The entry after this one.
    pub fn next(self) -> EntryNumber {
        EntryNumber(self.0 + 1)
    }

    /// The entry before this one, or none before the first.
    pub fn previous(self) -> Option<EntryNumber> {
        (self.0 > 1).then(|| EntryNumber(self.0 - 1))
    }

    pub fn get(self) -> i32 {
        self.0
    }
}

stored_and_written_as_its_number! {
    /// A game's version: 1 when it is made, one more with every change (its log's events are
    /// numbered by the versions they made). A client names one in `If-Match` and as an ETag, in
    /// `Last-Event-ID` and in an edits cursor. Stored as a 64-bit integer, written as a number.
    GameVersion(i64) as BigInt
}

impl GameVersion {
    /// Before the game was made: what a follower that has seen nothing has seen.
    pub const NONE: GameVersion = GameVersion(0);
    /// The game as it was made.
    pub const FIRST: GameVersion = GameVersion(1);

    /// A version as a client or a row gives it (a follower's 0 included).
    pub fn of(version: i64) -> GameVersion {
        GameVersion(version)
    }

    /// The version the next change makes.
    pub fn next(self) -> GameVersion {
        GameVersion(self.0 + 1)
    }

    /// The version the change before this one made.
    pub fn previous(self) -> GameVersion {
        GameVersion(self.0 - 1)
    }

    pub fn get(self) -> i64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_read_in_its_one_written_form() {
        let id = "0B7C5E1A-2F3D-4C5B-8A9E-0123456789AB";
        assert_eq!(
            GameId::parse(id).unwrap().as_str(),
            "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab"
        );
        for text in [
            "",
            "0b7c5e1a2f3d4c5b8a9e0123456789ab",
            "{0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab}",
            "x",
        ] {
            assert_eq!(GameId::parse(text), None, "{text:?}");
        }
        assert_ne!(GameId::random(), GameId::random());
    }

    #[test]
    fn a_game_version_is_written_as_its_number_and_counts_changes() {
        let third = GameVersion::FIRST.next().next();
        assert_eq!(third, GameVersion::of(3));
        assert_eq!(third.previous().previous(), GameVersion::FIRST);
        assert_eq!(GameVersion::FIRST.previous(), GameVersion::NONE);
        assert!(GameVersion::NONE < GameVersion::FIRST);
        assert_eq!(serde_json::to_string(&third).unwrap(), "3");
        assert_eq!(serde_json::from_str::<GameVersion>("3").unwrap(), third);
        assert_eq!(third.to_string(), "3");
    }

    #[test]
    fn an_entry_number_is_one_or_more() {
        assert_eq!(EntryNumber::parse("1"), Some(EntryNumber::FIRST));
        for text in ["0", "-1", "-2147483648", "2147483648", "x", ""] {
            assert_eq!(EntryNumber::parse(text), None, "{text:?}");
        }
        assert_eq!(EntryNumber::FIRST.previous(), None);
        assert_eq!(
            EntryNumber::FIRST.next().previous(),
            Some(EntryNumber::FIRST)
        );
    }
}
