//! The names a game's settings and status go by, on the wire and in the database alike. The
//! rules' own enums (`Edition`, `DiceLayout`, `Status`) carry their wire names; `Mode` is the
//! service's.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::rules::cards::{CardEdition, CardStatus};
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, Status};

/// Who rolls the dice: the players at a table, or the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    #[default]
    Tabletop,
    Digital,
}

/// Which game: Phase 10 Dice, or the Phase 10 card game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    #[default]
    Dice,
    Cards,
}

/// `dice`: what `game` says of a dice game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum DiceKind {
    Dice,
}

/// `cards`: what `game` says of a card game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardsKind {
    Cards,
}

/// A setting or status of a game as the database keeps it: as text, the name it goes by on the
/// wire (a test holds the two together).
pub trait Stored: Copy + 'static {
    /// Every value.
    const ALL: &'static [Self];

    /// The text the database keeps.
    fn stored(self) -> &'static str;

    /// The value stored as `text`, if any (text that names none is the database's fault, not
    /// a request's: the store says so when it reads it).
    fn from_stored(text: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|value| value.stored() == text)
    }
}

/// `Stored` for an enum, from one list of its values and their names: the match on the list is
/// exhaustive, so `ALL` holds every value.
macro_rules! stored_as {
    ($type:ty { $($value:path => $name:literal),+ $(,)? }) => {
        impl Stored for $type {
            const ALL: &'static [$type] = &[$($value),+];

            fn stored(self) -> &'static str {
                match self {
                    $($value => $name),+
                }
            }
        }
    };
}

stored_as!(Mode {
    Mode::Tabletop => "tabletop",
    Mode::Digital => "digital",
});

stored_as!(Edition {
    Edition::Mattel2011 => "mattel-2011",
    Edition::Fundex2008 => "fundex-2008",
});

stored_as!(DiceLayout {
    DiceLayout::Standard => "standard",
    DiceLayout::AnyColors => "any_colors",
});

stored_as!(Status {
    Status::InProgress => "in_progress",
    Status::LastRound => "last_round",
    Status::Finished => "finished",
});

stored_as!(GameKind {
    GameKind::Dice => "dice",
    GameKind::Cards => "cards",
});

stored_as!(CardEdition {
    CardEdition::Standard => "standard",
    CardEdition::ElChavo => "el-chavo",
});

stored_as!(CardStatus {
    CardStatus::InProgress => "in_progress",
    CardStatus::TieBreak => "tie_break",
    CardStatus::Finished => "finished",
});

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value is stored as its wire name and read back as itself.
    fn stored_as_on_the_wire<T>(names: &[&str])
    where
        T: Stored + Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug,
    {
        let stored: Vec<&str> = T::ALL.iter().map(|value| value.stored()).collect();
        assert_eq!(stored, names);
        for &value in T::ALL {
            let wire = serde_json::to_value(value).unwrap();
            assert_eq!(wire, serde_json::Value::from(value.stored()));
            assert_eq!(serde_json::from_value::<T>(wire).unwrap(), value);
            assert_eq!(T::from_stored(value.stored()).unwrap(), value);
        }
    }

    #[test]
    fn settings_and_statuses_are_stored_by_their_wire_names() {
        stored_as_on_the_wire::<Mode>(&["tabletop", "digital"]);
        stored_as_on_the_wire::<Edition>(&["mattel-2011", "fundex-2008"]);
        stored_as_on_the_wire::<DiceLayout>(&["standard", "any_colors"]);
        stored_as_on_the_wire::<Status>(&["in_progress", "last_round", "finished"]);
        stored_as_on_the_wire::<GameKind>(&["dice", "cards"]);
        stored_as_on_the_wire::<CardEdition>(&["standard", "el-chavo"]);
        stored_as_on_the_wire::<CardStatus>(&["in_progress", "tie_break", "finished"]);
    }

    #[test]
    fn unknown_stored_text_names_no_value() {
        for text in ["", "Mattel2011", "in progress", "\"finished\""] {
            assert_eq!(Edition::from_stored(text), None);
            assert_eq!(Status::from_stored(text), None);
        }
        assert_eq!(Mode::from_stored("robot"), None);
        assert_eq!(DiceLayout::from_stored("Standard"), None);
    }
}
