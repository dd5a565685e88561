//! The names people give players and accounts (`PlayerName`, `AccountName`): shown on every
//! phone and printed on the score pad, so they must show as what they are. A name is trimmed and kept in Unicode's composed
//! form (NFC), so that `René` typed on two keyboards is one name; it may not hold control
//! characters (a line break, ESC, DEL, C1), nor the invisible marks that reorder text (bidi
//! overrides and isolates, U+202A–U+202E, U+2066–U+2069), and it must show something: a name of
//! nothing but spaces and zero-width characters is refused.

use diesel::deserialize::FromSqlRow;
use diesel::expression::AsExpression;
use diesel::sql_types::Text;
use serde::{Serialize, Serializer};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Why a name is refused, in the client's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadName {
    Length { most: usize },
    Control(char),
    Reordering(char),
    Invisible,
}

impl std::fmt::Display for BadName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadName::Length { most } => write!(f, "must be 1 to {most} characters"),
            BadName::Control(c) => write!(
                f,
                "cannot contain control characters such as line breaks (U+{:04X})",
                u32::from(*c)
            ),
            BadName::Reordering(c) => write!(
                f,
                "cannot contain characters that reorder the text around them (U+{:04X})",
                u32::from(*c)
            ),
            BadName::Invisible => {
                f.write_str("must show something: it has only invisible characters")
            }
        }
    }
}

/// Control characters (Unicode's Cc) and the line and paragraph separators.
fn is_control(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// The explicit directional formatting characters (embeddings, overrides, isolates).
fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing by themselves: white space, and Unicode's default-ignorable
/// code points (zero-width spaces and joiners, variation selectors, fillers, tags).
fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// The name as kept (trimmed, composed), or why it is refused. `most` counts the characters
/// as sent.
pub fn checked(name: &str, most: usize) -> Result<String, BadName> {
    if name.chars().count() > most {
        return Err(BadName::Length { most });
    }
    let name: String = name.trim().nfc().collect();
    if name.is_empty() {
        return Err(BadName::Length { most });
    }
    if let Some(c) = name.chars().find(|c| is_control(*c)) {
        return Err(BadName::Control(c));
    }
    if let Some(c) = name.chars().find(|c| reorders(*c)) {
        return Err(BadName::Reordering(c));
    }
    // A combining mark alone shows as a dangling accent, not as a name.
    if name
        .chars()
        .all(|c| is_invisible(c) || is_combining_mark(c))
    {
        return Err(BadName::Invisible);
    }
    Ok(name)
}

/// What two names must not share to be told apart: their composed form, ignoring case (folded
/// through upper case, so that `ß` and `SS` are one).
pub fn identity(name: &str) -> String {
    name.nfc().collect::<String>().to_uppercase().to_lowercase()
}

macro_rules! checked_name {
    ($(#[$doc:meta])* $name:ident, $most:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, AsExpression, FromSqlRow)]
        #[diesel(sql_type = Text)]
        pub struct $name(String);

        impl $name {
            /// The longest name, in characters as sent.
            pub const MOST: usize = $most;

            /// The name as kept (trimmed, composed), or why it is refused.
            pub fn parse(text: &str) -> Result<$name, BadName> {
                checked(text, Self::MOST).map($name)
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            /// What two names must not share to be told apart.
            pub fn identity(&self) -> String {
                identity(&self.0)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(&self.0)
            }
        }

        stored_as_text!($name);
    };
}

checked_name!(
    /// A player's name: 1 to 40 characters, unique within the game (by `identity`).
    PlayerName,
    40
);
checked_name!(
    /// An account's name: 1 to 100 characters.
    AccountName,
    100
);
checked_name!(
    /// A game's label ("Tuesday at Grandma's"): 1 to 80 characters.
    GameName,
    80
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_composed() {
        assert_eq!(checked("  Rene\u{301} ", 40).unwrap(), "Ren\u{e9}");
        assert_eq!(identity("Rene\u{301}"), identity("RENÉ"));
        assert_eq!(identity("Strauß"), identity("STRAUSS"));
        assert_eq!(checked("Ann & Bo 🎲", 40).unwrap(), "Ann & Bo 🎲");
        assert_eq!(checked("a\u{200D}b", 40).unwrap(), "a\u{200D}b");
    }

    #[test]
    fn names_that_do_not_show_as_they_are_are_refused() {
        for (name, why) in [
            ("Ann\u{1b}[31m", BadName::Control('\u{1b}')),
            ("Ann\nBo", BadName::Control('\n')),
            ("Ann\u{7f}", BadName::Control('\u{7f}')),
            ("Ann\u{85}x", BadName::Control('\u{85}')),
            ("Ann\u{2028}Bo", BadName::Control('\u{2028}')),
            ("Ann\u{202E}oB", BadName::Reordering('\u{202E}')),
            ("\u{2067}Ann", BadName::Reordering('\u{2067}')),
            ("\u{200B}\u{200B}", BadName::Invisible),
            ("\u{FEFF} \u{2060}", BadName::Invisible),
            ("\u{2800}\u{2800}", BadName::Invisible),
            ("\u{301}\u{302}", BadName::Invisible),
            ("   ", BadName::Length { most: 40 }),
            ("", BadName::Length { most: 40 }),
        ] {
            assert_eq!(checked(name, 40), Err(why), "{name:?}");
        }
        assert_eq!(
            checked(&"x".repeat(41), 40),
            Err(BadName::Length { most: 40 })
        );
        assert!(checked(&"x".repeat(40), 40).is_ok());
    }
}
