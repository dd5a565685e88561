//! The server's dice as stored with a digital turn and as shown to clients: each die named by
//! the physical die it is (`"die": "H3"`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::dice::DieValue;
use crate::rules::dice::rolls::{Places, RolledDie, Rolls, Throw};
use crate::rules::dice::{Color, DiceLayout, DieId};

/// A die the server rolled: which physical die, and the face it came up on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = RolledDie)]
#[serde(deny_unknown_fields)]
pub struct RolledDieView {
    pub die: DieId,
    pub value: DieValue,
    /// The die's color: a digital game's dice are standard ones, which show a color on every face.
    // Never None for a digital game (`digital_needs_standard_dice`), so the document makes it
    // required; an Option only because the stored form is read with this type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Color, required = true)]
    pub color: Option<Color>,
    /// Whether this roll rolled the die: every die of a turn's first roll, and the dice a
    /// re-roll named (one may come up on the face it showed before).
    // Turns stored before the server kept it read false on every die (`checked`).
    #[serde(default)]
    #[schema(required = true)]
    pub rolled: bool,
}

impl RolledDieView {
    fn of(die: &RolledDie, rolled: bool) -> RolledDieView {
        RolledDieView {
            die: die.id,
            value: DieValue(die.face.face),
            color: die.face.color,
            rolled,
        }
    }
}

/// A throw as shown: all ten dice, L1 to H6, and which of them it rolled.
pub fn throw_view(throw: &Throw, rolled: Places) -> Vec<RolledDieView> {
    throw
        .iter()
        .enumerate()
        .map(|(place, die)| RolledDieView::of(die, rolled & 1 << place != 0))
        .collect()
}

/// Every throw of a turn as shown, first to last.
pub fn rolls_view(rolls: &Rolls) -> Vec<Vec<RolledDieView>> {
    (rolls.throws().iter().enumerate())
        .map(|(k, throw)| throw_view(throw, rolls.rolled(k)))
        .collect()
}

/// The dice as the last roll of a turn left them.
pub fn lying_view(rolls: &Rolls) -> Vec<RolledDieView> {
    let last = rolls.throws().len() - 1;
    throw_view(rolls.last(), rolls.rolled(last))
}

/// Why rolls as recorded are not rolls of this game's dice.
#[derive(Debug, thiserror::Error)]
#[error("its recorded rolls are not rolls of these dice: {0}")]
pub struct NotRolls(String);

/// Rolls as recorded with a turn (as shown) back as rolls, checking that every face is one the
/// die has in this layout.
pub fn checked(shown: &[Vec<RolledDieView>], layout: DiceLayout) -> Result<Rolls, NotRolls> {
    let mut throws = Vec::with_capacity(shown.len());
    let mut rolled = Vec::with_capacity(shown.len());
    for view in shown {
        let said = (view.iter().enumerate())
            .filter(|(_, d)| d.rolled)
            .fold(0, |set: Places, (place, _)| set | 1 << place);
        rolled.push((said != 0).then_some(said));
        let dice: Vec<RolledDie> = view
            .iter()
            .map(|d| {
                let id = d.die;
                layout
                    .faces(id)
                    .into_iter()
                    .find(|f| f.face == d.value.0 && f.color == d.color)
                    .map(|face| RolledDie { id, face })
                    .ok_or_else(|| NotRolls(format!("{id} has no such face")))
            })
            .collect::<Result<_, _>>()?;
        let throw: Throw = dice
            .try_into()
            .map_err(|_| NotRolls("a throw is not ten dice".into()))?;
        throws.push(throw);
    }
    Rolls::from_throws(throws, rolled).ok_or_else(|| {
        NotRolls(
            "a turn has one to three rolls of the ten dice in order, each rolling some, \
             and a die not rolled keeps its face"
                .into(),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document makes a rolled die's `color` required: a digital game's dice, standard ones,
    /// show a color on every face, so the view of any roll carries one on every die.
    #[test]
    fn every_die_a_digital_game_rolls_shows_its_color() {
        for face in 0..6 {
            let rolls = Rolls::start(DiceLayout::Standard, |_| face);
            let views = rolls_view(&rolls);
            assert!(views[0].iter().all(|die| die.color.is_some()), "{views:?}");
            let json = serde_json::to_value(&views[0]).unwrap();
            assert!(
                json.as_array()
                    .unwrap()
                    .iter()
                    .all(|die| die["color"].is_string())
            );
        }
    }
}
