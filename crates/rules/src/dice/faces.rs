//! The dice a player shows: faces, colors, and a roll of at most ten dice (RULES §1).
//!
//! These types parse: a `Number` is always 1–10 and a `Roll` never holds more than ten dice, so
//! the evaluator and the game never see a face that cannot exist.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most dice a roll can hold: the game has ten.
pub const MAX_DICE: usize = 10;

/// One of the four colors of a face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Color {
    Red,
    Orange,
    Blue,
    Green,
}

impl Color {
    /// Every color, in the order the evaluator tries them (equal scores go to the first).
    pub const ALL: [Color; 4] = [Color::Red, Color::Orange, Color::Blue, Color::Green];

    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Orange => "orange",
            Color::Blue => "blue",
            Color::Green => "green",
        }
    }

    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A number on a die: always 1 to 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Number(u8);

impl Number {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 10;

    pub const fn new(value: u8) -> Option<Number> {
        if value >= Self::MIN && value <= Self::MAX {
            Some(Number(value))
        } else {
            None
        }
    }

    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every number, 1 to 10.
    pub fn all() -> impl DoubleEndedIterator<Item = Number> {
        (Self::MIN..=Self::MAX).map(Number)
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// What a die shows, leaving its color aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    Number(Number),
    Wild,
}

impl Face {
    pub fn number(self) -> Option<Number> {
        match self {
            Face::Number(n) => Some(n),
            Face::Wild => None,
        }
    }

    /// What the face scores when it is used in a phase: its number, or 0 for a wild.
    pub fn points(self) -> u32 {
        self.number().map_or(0, |n| u32::from(n.get()))
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::Number(n) => n.fmt(f),
            Face::Wild => f.write_str("W"),
        }
    }
}

/// One die as a player shows it: a face and, where given, its color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Die {
    pub face: Face,
    pub color: Option<Color>,
}

impl Die {
    pub const fn new(face: Face, color: Option<Color>) -> Die {
        Die { face, color }
    }

    /// The die in words a player reads in an error: "an orange 5", "a 10", "a red wild".
    pub fn described(&self) -> String {
        let face = match self.face {
            Face::Number(n) => n.to_string(),
            Face::Wild => "wild".to_string(),
        };
        let words = match self.color {
            Some(color) => format!("{color} {face}"),
            None => face,
        };
        let article = if words.starts_with(['a', 'e', 'i', 'o', 'u', '8']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {words}")
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.color {
            Some(color) => write!(f, "{} {}", color, self.face),
            None => self.face.fmt(f),
        }
    }
}

/// A die written in the short notation of tests and tools: the face, then an optional color
/// letter (`8`, `W`, `5o`, `Wr`, `10g`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}' is not a die: write a number 1-10 or W, then optionally r, o, b or g")]
pub struct DieNotationError(pub String);

impl FromStr for Die {
    type Err = DieNotationError;

    fn from_str(text: &str) -> Result<Die, DieNotationError> {
        let error = || DieNotationError(text.to_string());
        let (face_text, color) = match text.char_indices().last() {
            Some((at, letter)) if letter.is_ascii_lowercase() => {
                let color = match letter {
                    'r' => Color::Red,
                    'o' => Color::Orange,
                    'b' => Color::Blue,
                    'g' => Color::Green,
                    _ => return Err(error()),
                };
                (&text[..at], Some(color))
            }
            _ => (text, None),
        };
        let face = if face_text == "W" {
            Face::Wild
        } else {
            let value: u8 = face_text.parse().map_err(|_| error())?;
            Face::Number(Number::new(value).ok_or_else(error)?)
        };
        Ok(Die::new(face, color))
    }
}

/// The dice a player ended a turn with: at most ten.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Roll(Vec<Die>);

/// A roll was given more dice than the game has.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{given} dice were given, but the game has only {MAX_DICE}")]
pub struct TooManyDice {
    pub given: usize,
}

impl Roll {
    pub fn new(dice: Vec<Die>) -> Result<Roll, TooManyDice> {
        if dice.len() > MAX_DICE {
            return Err(TooManyDice { given: dice.len() });
        }
        Ok(Roll(dice))
    }

    pub fn dice(&self) -> &[Die] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Why a roll written in short notation could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RollNotationError {
    #[error(transparent)]
    Die(#[from] DieNotationError),
    #[error(transparent)]
    TooMany(#[from] TooManyDice),
}

impl FromStr for Roll {
    type Err = RollNotationError;

    /// Dice in short notation separated by spaces or commas: `"8 8 8 10 W W"`.
    fn from_str(text: &str) -> Result<Roll, RollNotationError> {
        let dice = text
            .split([' ', ','])
            .filter(|token| !token.is_empty())
            .map(str::parse)
            .collect::<Result<Vec<Die>, _>>()?;
        Ok(Roll::new(dice)?)
    }
}
