//! Pages of a listing: how many items a page holds, and the cursors that say where the next
//! page starts. A cursor is read back only in exactly the form the server writes it.

use crate::error::{Error, ProblemCode, Result};
use crate::values::EntryNumber;

/// The most items a page holds.
pub const MAX_PAGE: u32 = 100;

/// Checks a page size.
pub fn page_limit(limit: Option<u32>, default: u32) -> Result<usize> {
    match limit.unwrap_or(default) {
        limit @ 1..=MAX_PAGE => Ok(limit as usize),
        other => Err(Error::invalid_field(
            ProblemCode::InvalidLimit,
            "limit",
            format!("must be 1 to {MAX_PAGE}, not {other}"),
        )),
    }
}

pub fn bad_cursor() -> Error {
    Error::Malformed("cursor is not one this server gave out".into())
}

/// A cursor of a listing whose page ends at a key of its own: the key's JSON in lowercase hex.
/// Read back only in exactly the form written: a key that does not write itself back the same
/// is not one the server gave out.
pub fn encode_cursor<K: serde::Serialize>(after: &K) -> String {
    hex::encode(serde_json::to_vec(after).expect("a page's key is plain data"))
}

pub fn decode_cursor<K: serde::Serialize + serde::de::DeserializeOwned>(cursor: &str) -> Result<K> {
    let bytes = hex::decode(cursor).map_err(|_| bad_cursor())?;
    let after: K = serde_json::from_slice(&bytes).map_err(|_| bad_cursor())?;
    match encode_cursor(&after) == cursor {
        true => Ok(after),
        false => Err(bad_cursor()),
    }
}

/// Which page of a listing with a generic cursor (`encode_cursor`) to read.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListPage {
    /// 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    #[param(pattern = "^([0-9a-f]{2})+$", max_length = 1000)]
    pub cursor: Option<String>,
}

impl ListPage {
    /// The page asked for: its size (50 by default) and the key it starts after.
    pub fn page<K: serde::Serialize + serde::de::DeserializeOwned>(
        &self,
    ) -> Result<(usize, Option<K>)> {
        page(self.limit, self.cursor.as_deref(), 50)
    }
}

/// The page a listing's query asks for: its size (`default` if none is given) and the key of
/// its generic cursor (`encode_cursor`) it starts after.
pub fn page<K: serde::Serialize + serde::de::DeserializeOwned>(
    limit: Option<u32>,
    cursor: Option<&str>,
    default: u32,
) -> Result<(usize, Option<K>)> {
    let limit = page_limit(limit, default)?;
    let after = cursor.map(decode_cursor).transpose()?;
    Ok((limit, after))
}

/// Which turns or hands to list.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListPlayed {
    /// 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    // The pattern is exactly what `decode_turns_cursor` takes.
    #[param(pattern = "^[1-9][0-9]{0,8}$")]
    pub cursor: Option<String>,
}

impl ListPlayed {
    /// The page asked for: its size (50 by default) and the number it starts after.
    pub fn page(&self) -> Result<(usize, Option<EntryNumber>)> {
        let limit = page_limit(self.limit, 50)?;
        let after = self
            .cursor
            .as_deref()
            .map(decode_turns_cursor)
            .transpose()?;
        Ok((limit, after))
    }
}

/// A page of numbered items (turns, hands) taken from those after the cursor, and the cursor of
/// the next page: the number of its last item, if more follow.
pub fn numbered_page<T>(
    items: impl Iterator<Item = T>,
    limit: usize,
    number_of: impl Fn(&T) -> EntryNumber,
) -> (Vec<T>, Option<String>) {
    let mut rest = items.peekable();
    let page: Vec<T> = rest.by_ref().take(limit).collect();
    let next = rest
        .peek()
        .is_some()
        .then(|| page.last().map(|item| number_of(item).to_string()))
        .flatten();
    (page, next)
}

/// A turns (or hands) cursor is the number of the last turn of a page, written as the server
/// writes it (no sign, no leading zero).
pub fn decode_turns_cursor(cursor: &str) -> Result<EntryNumber> {
    let written = match cursor.as_bytes() {
        [b'1'..=b'9', rest @ ..] => rest.len() <= 8 && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    written
        .then(|| EntryNumber::parse(cursor))
        .flatten()
        .ok_or_else(bad_cursor)
}

#[cfg(test)]
mod tests {
    use chrono::DateTime;

    use super::*;
    use crate::service::games::GamesAfter;
    use crate::values::GameId;

    #[test]
    fn a_cursor_reads_back_only_as_given() {
        let after = GamesAfter {
            created_at: DateTime::from_timestamp_micros(1_790_000_000_123_456)
                .unwrap()
                .naive_utc(),
            id: GameId::parse("0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab").unwrap(),
        };
        let cursor = encode_cursor(&after);
        assert_eq!(decode_cursor::<GamesAfter>(&cursor).unwrap(), after);
        assert!(decode_cursor::<GamesAfter>(&cursor.to_uppercase()).is_err());
        for bad in ["", "zz", "31", "7b7d"] {
            assert!(decode_cursor::<GamesAfter>(bad).is_err(), "{bad:?}");
        }
        // The same key in another spelling (spaces, a shorter fraction, capitals) is not one
        // given out, and an id is a UUID (no text with a NUL reaches the database).
        let hex = |text: &str| hex::encode(text);
        let id = "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab";
        for text in [
            format!(r#"{{"created_at":"2026-09-21T14:13:20.1","id":"{id}"}}"#),
            format!(r#"{{ "created_at":"2026-09-21T14:13:20.100","id":"{id}"}}"#),
            format!(r#"{{"id":"{id}","created_at":"2026-09-21T14:13:20.100"}}"#),
            format!(
                r#"{{"created_at":"2026-09-21T14:13:20.100","id":"{}"}}"#,
                id.to_uppercase()
            ),
            r#"{"created_at":"2026-09-21T14:13:20.100","id":"a\u0000b"}"#.to_string(),
        ] {
            assert!(decode_cursor::<GamesAfter>(&hex(&text)).is_err(), "{text}");
        }
        let written = format!(r#"{{"created_at":"2026-09-21T14:13:20.100","id":"{id}"}}"#);
        assert!(decode_cursor::<GamesAfter>(&hex(&written)).is_ok());
    }

    #[test]
    fn a_turns_cursor_is_read_only_as_the_server_writes_it() {
        assert_eq!(decode_turns_cursor("7").unwrap().get(), 7);
        assert_eq!(decode_turns_cursor("999999999").unwrap().get(), 999_999_999);
        for cursor in ["", "0", "07", "-1", "+1", "1.0", "1000000000", "1\0"] {
            assert!(decode_turns_cursor(cursor).is_err(), "{cursor:?}");
        }
    }
}
