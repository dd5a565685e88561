//! Pages of a listing: how many items a page holds, and the cursors that say where the next
//! page starts. A cursor is read back only in exactly the form the server writes it.

use chrono::DateTime;

use crate::error::{Error, ProblemCode, Result};
use crate::service::games::GamesAfter;
use crate::values::TurnNumber;

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

/// A games cursor is the creation time (microseconds) and id of the last game of a page, as
/// `{micros}.{id}` in lowercase hex.
pub fn encode_games_cursor(after: &GamesAfter) -> String {
    let text = format!(
        "{}.{}",
        after.created_at.and_utc().timestamp_micros(),
        after.id
    );
    hex::encode(text)
}

pub fn decode_games_cursor(cursor: &str) -> Result<GamesAfter> {
    // Capitals too would give each cursor several spellings: only the one given out is taken.
    let lower_hex = |b: u8| b.is_ascii_digit() || (b'a'..=b'f').contains(&b);
    if !cursor.bytes().all(lower_hex) {
        return Err(bad_cursor());
    }
    let bytes = hex::decode(cursor).map_err(|_| bad_cursor())?;
    let text = String::from_utf8(bytes).map_err(|_| bad_cursor())?;
    let (micros, id) = text.split_once('.').ok_or_else(bad_cursor)?;
    let id_like = id.len() == 36 && id.bytes().all(|b| lower_hex(b) || b == b'-');
    if !(1..=16).contains(&micros.len()) || !micros.bytes().all(|b| b.is_ascii_digit()) || !id_like
    {
        return Err(bad_cursor());
    }
    let micros: i64 = micros.parse().map_err(|_| bad_cursor())?;
    let created_at = DateTime::from_timestamp_micros(micros)
        .ok_or_else(bad_cursor)?
        .naive_utc();
    Ok(GamesAfter {
        created_at,
        id: id.to_string(),
    })
}

/// Which turns, hands or edits to list.
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
    pub fn page(&self) -> Result<(usize, Option<TurnNumber>)> {
        let limit = page_limit(self.limit, 50)?;
        let after = self
            .cursor
            .as_deref()
            .map(decode_turns_cursor)
            .transpose()?;
        Ok((limit, after))
    }
}

impl ListPlayed {
    /// The page of a game's edits asked for: its size (50 by default) and the version of the
    /// game it starts after (a cursor of the same form as a turn's number).
    pub fn page_of_versions(&self) -> Result<(usize, Option<i64>)> {
        let (limit, after) = self.page()?;
        Ok((limit, after.map(|number| i64::from(number.get()))))
    }
}

/// A page of numbered items (turns, hands) taken from those after the cursor, and the cursor of
/// the next page: the number of its last item, if more follow.
pub fn numbered_page<T>(
    items: impl Iterator<Item = T>,
    limit: usize,
    number_of: impl Fn(&T) -> TurnNumber,
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
pub fn decode_turns_cursor(cursor: &str) -> Result<TurnNumber> {
    let written = match cursor.as_bytes() {
        [b'1'..=b'9', rest @ ..] => rest.len() <= 8 && rest.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    written
        .then(|| TurnNumber::parse(cursor))
        .flatten()
        .ok_or_else(bad_cursor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_given() {
        let after = GamesAfter {
            created_at: DateTime::from_timestamp_micros(1_790_000_000_123_456)
                .unwrap()
                .naive_utc(),
            id: "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab".into(),
        };
        assert_eq!(
            decode_games_cursor(&encode_games_cursor(&after)).unwrap(),
            after
        );
        assert!(decode_games_cursor("zz").is_err());
        assert!(decode_games_cursor("31").is_err());
        // Only what encode_cursor makes: no sign, no NUL, no uppercase, a UUID-shaped id.
        let hex = |text: &str| text.bytes().map(|b| format!("{b:02x}")).collect::<String>();
        let id = "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab";
        assert!(decode_games_cursor(&hex(&format!("17.{id}"))).is_ok());
        // Any id-shaped text, as the document's pattern allows: a place in the order.
        assert!(decode_games_cursor(&hex(&format!("0.{}", "0".repeat(36)))).is_ok());
        for text in [
            format!("-17.{id}"),
            format!("+17.{id}"),
            format!("17.{}", &id[1..]),
            format!("17.{}", id.to_uppercase()),
            format!("17.{}\0", &id[1..]),
            format!("12345678901234567.{id}"),
        ] {
            assert!(decode_games_cursor(&hex(&text)).is_err(), "{text}");
        }
        assert!(decode_games_cursor(&hex(&format!("17.{id}")).to_uppercase()).is_err());
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
