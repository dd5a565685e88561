//! A card of the Phase 10 card game (RULES §7): a number 1–12 in one of four colors, a Wild or a
//! Skip, with its wire form and what it is worth in a hand at the end.
//!
//! Reading a card checks only the shape of its value (a number 1–12, "W" or "S"); whether the
//! color fits the value is `Card::check`, so that a refusal can name the card's field.

use std::fmt;

use serde::de::{self, Unexpected, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;
#[cfg(feature = "openapi")]
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
#[cfg(feature = "openapi")]
use utoipa::openapi::{Ref, RefOr};
#[cfg(feature = "openapi")]
use utoipa::{PartialSchema, ToSchema};

/// A card's color. Wire names: "red", "blue", "yellow", "green".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum CardColor {
    Red,
    Blue,
    Yellow,
    Green,
}

/// Every color, in the order searches try them (equal results go to the first).
pub const CARD_COLORS: [CardColor; 4] = [
    CardColor::Red,
    CardColor::Blue,
    CardColor::Yellow,
    CardColor::Green,
];

/// The highest number on a card; the lowest is 1.
pub const HIGHEST_CARD: u8 = 12;

impl CardColor {
    pub fn name(self) -> &'static str {
        match self {
            CardColor::Red => "red",
            CardColor::Blue => "blue",
            CardColor::Yellow => "yellow",
            CardColor::Green => "green",
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for CardColor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a card shows. Wire form: a number 1..=12, "W" (Wild) or "S" (Skip).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardValue {
    Number(u8),
    Wild,
    Skip,
}

impl Serialize for CardValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            CardValue::Number(n) => serializer.serialize_u8(*n),
            CardValue::Wild => serializer.serialize_str("W"),
            CardValue::Skip => serializer.serialize_str("S"),
        }
    }
}

const EXPECTED_VALUE: &str = "a number from 1 to 12, \"W\" or \"S\"";

struct CardValueVisitor;

impl Visitor<'_> for CardValueVisitor {
    type Value = CardValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTED_VALUE)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<CardValue, E> {
        match u8::try_from(value) {
            Ok(n @ 1..=HIGHEST_CARD) => Ok(CardValue::Number(n)),
            _ => Err(E::invalid_value(
                Unexpected::Unsigned(value),
                &EXPECTED_VALUE,
            )),
        }
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<CardValue, E> {
        match u64::try_from(value) {
            Ok(value) => self.visit_u64(value),
            Err(_) => Err(E::invalid_value(Unexpected::Signed(value), &EXPECTED_VALUE)),
        }
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<CardValue, E> {
        match value {
            "W" => Ok(CardValue::Wild),
            "S" => Ok(CardValue::Skip),
            _ => Err(E::invalid_value(Unexpected::Str(value), &EXPECTED_VALUE)),
        }
    }
}

impl<'de> Deserialize<'de> for CardValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<CardValue, D::Error> {
        deserializer.deserialize_any(CardValueVisitor)
    }
}

#[cfg(feature = "openapi")]
impl PartialSchema for CardValue {
    fn schema() -> RefOr<Schema> {
        let number = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1))
            .maximum(Some(HIGHEST_CARD));
        OneOfBuilder::new()
            .item(number)
            .item(Ref::from_schema_name("CardLetter"))
            .description(Some(
                "A number from 1 to 12, \"W\" for a Wild or \"S\" for a Skip.",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl ToSchema for CardValue {
    fn name() -> std::borrow::Cow<'static, str> {
        "CardValue".into()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push(("CardLetter".into(), CardLetter::schema()));
    }
}

/// A card without a number: "W" for a Wild, "S" for a Skip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum CardLetter {
    W,
    S,
}

/// A card as clients send it and as hands store it. A Wild or a Skip has no color; a numbered
/// card has one (`Card::check`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(example = json!({"value": 7, "color": "red"})))]
pub struct Card {
    pub value: CardValue,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<CardColor>,
}

/// Why a card does not exist, in a player's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum CardError {
    #[error("a numbered card has a color: red, blue, yellow or green")]
    NoColor,
    #[error("a Wild has no color")]
    ColorOnWild,
    #[error("a Skip has no color")]
    ColorOnSkip,
    #[error("cards are numbered 1 to {HIGHEST_CARD}, not {0}")]
    NumberOutOfRange(u8),
}

impl Card {
    pub const WILD: Card = Card {
        value: CardValue::Wild,
        color: None,
    };
    pub const SKIP: Card = Card {
        value: CardValue::Skip,
        color: None,
    };

    pub const fn number(n: u8, color: CardColor) -> Card {
        Card {
            value: CardValue::Number(n),
            color: Some(color),
        }
    }

    /// Points in a hand at the end (seed 002): 5 for 1–9, 10 for 10–12, 15 Skip, 25 Wild.
    pub fn points(self) -> u32 {
        match self.value {
            CardValue::Number(n) if n >= 10 => 10,
            CardValue::Number(_) => 5,
            CardValue::Skip => 15,
            CardValue::Wild => 25,
        }
    }

    /// A numbered card (not a Wild, not a Skip).
    pub fn is_natural(self) -> bool {
        matches!(self.value, CardValue::Number(_))
    }

    pub fn is_wild(self) -> bool {
        self.value == CardValue::Wild
    }

    pub fn is_skip(self) -> bool {
        self.value == CardValue::Skip
    }

    /// The card's number, if it is a numbered card.
    pub fn number_on(self) -> Option<u8> {
        match self.value {
            CardValue::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The card exists: a number 1–12 with a color, or a Wild or Skip without one.
    pub fn check(self) -> Result<(), CardError> {
        match (self.value, self.color) {
            (CardValue::Number(n), _) if !(1..=HIGHEST_CARD).contains(&n) => {
                Err(CardError::NumberOutOfRange(n))
            }
            (CardValue::Number(_), None) => Err(CardError::NoColor),
            (CardValue::Wild, Some(_)) => Err(CardError::ColorOnWild),
            (CardValue::Skip, Some(_)) => Err(CardError::ColorOnSkip),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Card {
    /// "red 7", "Wild", "Skip".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.value, self.color) {
            (CardValue::Number(n), Some(color)) => write!(f, "{color} {n}"),
            (CardValue::Number(n), None) => n.fmt(f),
            (CardValue::Wild, _) => f.write_str("Wild"),
            (CardValue::Skip, _) => f.write_str("Skip"),
        }
    }
}

/// "1 card", "10 cards".
pub(super) fn cards_words(count: usize) -> String {
    if count == 1 {
        "1 card".to_string()
    } else {
        format!("{count} cards")
    }
}
