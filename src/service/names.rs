//! The names a game's settings and status go by, on the wire and in the database alike.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::rules::DiceLayout;
use crate::rules::game::{Edition, Status};

/// Who rolls the dice: the players at a table, or the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Tabletop,
    Digital,
}

/// The rulebook that decides who else gets the First Finish Bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[schema(as = Edition)]
pub enum EditionName {
    #[default]
    #[serde(rename = "mattel-2011")]
    Mattel2011,
    #[serde(rename = "fundex-2008")]
    Fundex2008,
}

/// The dice the game is played with: the standard colors, or any colors (only counts checked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[schema(as = DiceLayout)]
#[serde(rename_all = "snake_case")]
pub enum LayoutName {
    #[default]
    Standard,
    AnyColors,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = GameStatus)]
#[serde(rename_all = "snake_case")]
pub enum StatusName {
    InProgress,
    LastRound,
    Finished,
}

/// The stored form of a name is its JSON string.
pub fn stored<T: Serialize>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(name)) => name,
        _ => String::new(),
    }
}

/// Reads a stored name back.
pub fn from_stored<T: for<'de> Deserialize<'de>>(name: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(name.to_string())).ok()
}

impl From<EditionName> for Edition {
    fn from(name: EditionName) -> Edition {
        match name {
            EditionName::Mattel2011 => Edition::Mattel2011,
            EditionName::Fundex2008 => Edition::Fundex2008,
        }
    }
}

impl From<LayoutName> for DiceLayout {
    fn from(name: LayoutName) -> DiceLayout {
        match name {
            LayoutName::Standard => DiceLayout::Standard,
            LayoutName::AnyColors => DiceLayout::AnyColors,
        }
    }
}

impl From<Status> for StatusName {
    fn from(status: Status) -> StatusName {
        match status {
            Status::InProgress => StatusName::InProgress,
            Status::LastRound => StatusName::LastRound,
            Status::Finished => StatusName::Finished,
        }
    }
}
