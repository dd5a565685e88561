//! The names people give players and accounts (`PlayerName`, `AccountName`): shown on every
//! phone and printed on the score pad, so they must show as what they are. A name is trimmed and
//! kept in Unicode's composed form (NFC), so that `René` typed on two keyboards is one name. It
//! may hold letters and marks of any script, digits, punctuation, symbols, emoji (with the joiners
//! and presentation selectors that make them one picture: 👩‍👧, ❤️) and spaces between words. It
//! may not hold control characters (a line break, ESC, DEL, C1), the invisible marks that reorder
//! text (bidi overrides and isolates, U+202A–U+202E, U+2066–U+2069), any other invisible or
//! formatting character (zero-width spaces and joiners, soft hyphens, direction marks, tags,
//! variation selectors, fillers), nor more than three combining marks on one letter; and it must
//! show something: a name of nothing but spaces and zero-width characters is refused. Names that
//! look alike (`Ann`, `ANN`, `Аnn` in Cyrillic) share one `identity`.

use diesel::deserialize::FromSqlRow;
use diesel::expression::AsExpression;
use diesel::sql_types::Text;
use serde::{Serialize, Serializer};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_properties::{GeneralCategory, UnicodeEmoji, UnicodeGeneralCategory};
use unicode_security::skeleton;

/// The most combining marks one letter may carry (Hebrew points, Thai and Vietnamese tones).
const MOST_MARKS: usize = 3;

/// Why a name is refused, in the client's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadName {
    Length {
        most: usize,
    },
    Control(char),
    Reordering(char),
    Invisible,
    Hidden(char),
    Piled {
        most: usize,
    },
    /// A code point Unicode has not assigned, noncharacters included: no phone shows it.
    Unassigned(char),
    /// A private-use character: it shows as whatever each phone's fonts make of it.
    PrivateUse(char),
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
            BadName::Hidden(c) => write!(
                f,
                "cannot contain invisible or formatting characters such as zero-width spaces or \
                 joiners (U+{:04X})",
                u32::from(*c)
            ),
            BadName::Piled { most } => {
                write!(f, "cannot pile more than {most} marks on one letter")
            }
            BadName::Unassigned(c) => write!(
                f,
                "cannot contain code points that are not characters (U+{:04X}): no phone shows \
                 them",
                u32::from(*c)
            ),
            BadName::PrivateUse(c) => write!(
                f,
                "cannot contain private-use characters (U+{:04X}): each phone shows them \
                 differently, or not at all",
                u32::from(*c)
            ),
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

/// Characters that show nothing, or only change how their neighbours show: the format
/// characters (Cf: zero-width spaces and joiners, soft hyphen, BOM, direction marks, tags, …) and
/// the other default-ignorable code points (variation selectors, fillers, the blank braille cell).
fn is_hidden(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
        || matches!(
            c,
            '\u{034F}'
                | '\u{115F}'..='\u{1160}'
                | '\u{17B4}'..='\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{2065}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// Characters that show nothing by themselves: white space and the hidden ones.
fn is_invisible(c: char) -> bool {
    c.is_whitespace() || is_hidden(c)
}

/// A picture, not a digit or `#` (which Unicode also counts as emoji, for keycaps).
fn is_picture(c: char) -> bool {
    c.is_emoji_char() && !c.is_ascii()
}

/// Whether the hidden character at `at` belongs to an emoji: a presentation selector right after
/// one (❤️), or a zero-width joiner between two (👩‍👧 shows as one picture).
fn joins_emoji(chars: &[char], at: usize) -> bool {
    let before = |at: usize| at.checked_sub(1).map(|i| chars[i]);
    match chars[at] {
        '\u{FE0E}' | '\u{FE0F}' => before(at).is_some_and(|c| c.is_emoji_char()),
        '\u{200D}' => {
            let left = match before(at) {
                Some('\u{FE0E}' | '\u{FE0F}') => before(at - 1),
                left => left,
            };
            left.is_some_and(is_picture) && chars.get(at + 1).is_some_and(|c| is_picture(*c))
        }
        _ => false,
    }
}

/// The name as kept (trimmed, composed), or why it is refused. `most` counts the characters
/// as sent and as kept: composing can lengthen a name (U+FB2C, one character, is kept as
/// three), and the limit is what the pads and the phones show.
pub fn checked(name: &str, most: usize) -> Result<String, BadName> {
    if name.chars().count() > most {
        return Err(BadName::Length { most });
    }
    let name: String = name.trim().nfc().collect();
    if name.is_empty() || name.chars().count() > most {
        return Err(BadName::Length { most });
    }
    if let Some(c) = name.chars().find(|c| is_control(*c)) {
        return Err(BadName::Control(c));
    }
    if let Some(c) = name.chars().find(|c| reorders(*c)) {
        return Err(BadName::Reordering(c));
    }
    let category = |c: &char| c.general_category();
    if let Some(c) = (name.chars()).find(|c| category(c) == GeneralCategory::Unassigned) {
        return Err(BadName::Unassigned(c));
    }
    if let Some(c) = (name.chars()).find(|c| category(c) == GeneralCategory::PrivateUse) {
        return Err(BadName::PrivateUse(c));
    }
    // A combining mark alone shows as a dangling accent, not as a name.
    if name
        .chars()
        .all(|c| is_invisible(c) || is_combining_mark(c))
    {
        return Err(BadName::Invisible);
    }
    let chars: Vec<char> = name.chars().collect();
    if let Some(at) = (0..chars.len()).find(|at| is_hidden(chars[*at]) && !joins_emoji(&chars, *at))
    {
        return Err(BadName::Hidden(chars[at]));
    }
    let mut marks = 0;
    for c in &chars {
        marks = if is_combining_mark(*c) { marks + 1 } else { 0 };
        if marks > MOST_MARKS {
            return Err(BadName::Piled { most: MOST_MARKS });
        }
    }
    Ok(name)
}

/// A name's composed form, ignoring case (folded through upper case, so that `ß` and `SS` are one).
fn folded(name: &str) -> String {
    name.nfc().collect::<String>().to_uppercase().to_lowercase()
}

/// What two names must not share to be told apart: what they look like. The name is folded
/// (composed, case ignored), then replaced by its confusable skeleton (Unicode's UTS #39), folded
/// again, and so on until nothing changes (at most two rounds for any character: `ϛ` → `σ` → `o`).
/// So `Ann`, `ANN`, `ann` and `Аnn` (with a Cyrillic `А`) are one name, and so are `Strauß` and
/// `STRAUSS`, or `René` typed either way; `Ann` and `Anne` are two. The skeleton is meant to merge
/// what looks alike, and it does so on purpose here: `1` and `l`, `0` and `o`, `rn` and `m`
/// (`Emma` and `Ernrna`), a no-break space and a space, and it drops invisible characters (`👩‍👧`
/// and `👩👧`). UTS #39 also gives `I` (capital i) the skeleton of `l` and `1`, but case is folded
/// first, so `I` is `i` here and `Ian` and `lan` stay two names: an identity that merged `I` with
/// both `i` and `l` would merge `i` with `l`, which do not look alike.
///
/// A pure function of the name, and callers keep it in the database: changing it (or updating
/// the Unicode tables behind it, in unicode-security and the standard library) needs a data
/// migration that recomputes it.
pub fn identity(name: &str) -> String {
    let mut identity = folded(name);
    // Bounded, though no character needs more than two rounds.
    for _ in 0..4 {
        let next = folded(&skeleton(&identity).collect::<String>());
        if next == identity {
            break;
        }
        identity = next;
    }
    identity
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
    }

    #[test]
    fn names_of_every_script_and_emoji_are_kept() {
        for name in [
            "Ann Marie",
            "Ann\u{A0}Marie",
            "Zoë",
            "René",
            "Nguyễn",
            "שָׁלוֹם",
            "李 小龍",
            "李\u{3000}小龍",
            "👩\u{200D}👧 Mom",
            "👩🏽\u{200D}💻 Ida",
            "🏳\u{FE0F}\u{200D}🌈",
            "❤\u{FE0F} Bo",
            "Team 1\u{FE0F}\u{20E3}",
            "Ann & Bo 🎲",
            "Max\u{301}\u{302}\u{303}",
        ] {
            assert_eq!(
                checked(name, 40).as_deref(),
                Ok(name.nfc().collect::<String>().as_str()),
                "{name:?}"
            );
        }
    }

    #[test]
    fn names_that_hide_characters_or_pile_marks_are_refused() {
        for (name, hidden) in [
            ("An\u{200B}n", '\u{200B}'),
            ("An\u{200C}n", '\u{200C}'),
            ("a\u{200D}b", '\u{200D}'),
            ("👩\u{200D}b", '\u{200D}'),
            ("1\u{200D}2", '\u{200D}'),
            ("An\u{AD}n", '\u{AD}'),
            ("An\u{FEFF}n", '\u{FEFF}'),
            ("\u{FEFF}Ann", '\u{FEFF}'),
            ("Ann\u{200E}", '\u{200E}'),
            ("Ann\u{200F}", '\u{200F}'),
            ("Ann\u{61C}", '\u{61C}'),
            ("An\u{2060}n", '\u{2060}'),
            ("a\u{2062}b", '\u{2062}'),
            ("Ann\u{E0041}", '\u{E0041}'),
            ("Ann\u{FFF9}", '\u{FFF9}'),
            ("Ann\u{FE0F}", '\u{FE0F}'),
            ("Ann\u{E0100}", '\u{E0100}'),
            ("An\u{3164}n", '\u{3164}'),
            ("An\u{2800}n", '\u{2800}'),
            ("A\u{34F}nn", '\u{34F}'),
        ] {
            assert_eq!(checked(name, 40), Err(BadName::Hidden(hidden)), "{name:?}");
        }
        let piled = "Z\u{337}\u{322}\u{31B}\u{316}\u{300}algo";
        assert_eq!(checked(piled, 40), Err(BadName::Piled { most: 3 }));
        assert_eq!(
            checked("Max\u{301}\u{302}\u{303}\u{304}", 40),
            Err(BadName::Piled { most: 3 })
        );
        assert_eq!(
            BadName::Hidden('\u{200B}').to_string(),
            "cannot contain invisible or formatting characters such as zero-width spaces or \
             joiners (U+200B)"
        );
        assert_eq!(
            BadName::Piled { most: 3 }.to_string(),
            "cannot pile more than 3 marks on one letter"
        );
    }

    #[test]
    fn names_that_look_alike_share_an_identity() {
        for (one, other) in [
            ("Ann", "Аnn"),
            ("Ann", "ANN"),
            ("Ann", "ann"),
            ("Strauß", "STRAUSS"),
            ("René", "Rene\u{301}"),
            ("Bo1", "BOl"),
            ("Emma", "Ernrna"),
            ("Ann Marie", "Ann\u{A0}Marie"),
            ("\u{3DA}", "o"),
        ] {
            assert_eq!(identity(one), identity(other), "{one:?} {other:?}");
            assert_eq!(identity(&identity(one)), identity(one), "{one:?}");
        }
        for (one, other) in [("Ann", "Anne"), ("Ian", "lan"), ("Bo", "Bob")] {
            assert_ne!(identity(one), identity(other), "{one:?} {other:?}");
        }
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

    /// The outside probe's L4: the limit counted before composing let 40 × U+FB2C be kept as
    /// 120 characters; code points that are not characters, and private use, were kept.
    #[test]
    fn the_limit_counts_the_name_as_kept_and_only_characters_are_kept() {
        let shin = "\u{FB2C}";
        assert_eq!(checked(shin, 40).unwrap().chars().count(), 3);
        assert_eq!(
            checked(&shin.repeat(14), 40),
            Err(BadName::Length { most: 40 }),
            "14 × 3 = 42 characters as kept"
        );
        assert_eq!(checked(&shin.repeat(13), 40).unwrap().chars().count(), 39);
        assert_eq!(
            checked(&shin.repeat(40), 40),
            Err(BadName::Length { most: 40 })
        );
        for (name, why) in [
            ("Ann\u{0378}", BadName::Unassigned('\u{0378}')),
            ("Ann\u{FFFF}", BadName::Unassigned('\u{FFFF}')),
            ("Ann\u{FDD0}", BadName::Unassigned('\u{FDD0}')),
            ("Ann\u{10FFFE}", BadName::Unassigned('\u{10FFFE}')),
            ("Ann\u{E000}", BadName::PrivateUse('\u{E000}')),
            ("Ann\u{F8FF}", BadName::PrivateUse('\u{F8FF}')),
            ("Ann\u{F0000}", BadName::PrivateUse('\u{F0000}')),
        ] {
            assert_eq!(checked(name, 40), Err(why), "{name:?}");
        }
        let said = BadName::PrivateUse('\u{F8FF}').to_string();
        assert_eq!(
            said,
            "cannot contain private-use characters (U+F8FF): each phone shows them differently, \
             or not at all"
        );
    }
}
