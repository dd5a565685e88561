//! A digital turn held against best play (RULES §12): what each position it went through was
//! worth, the luck of each roll and the error of each choice, for whatever an advisor values
//! ([`Valuer`]): a turn's chance to make the phase, or a solitaire game's points to come.
//!
//! Every figure is a difference of the advisor's values, so over a turn
//! `result − value_before = luck − error` holds by construction: each roll's luck starts from
//! the value of the choice that rolled it, and each choice's error from the value of the
//! position it was made at, which is its best choice's.

use serde::Serialize;

use super::advice::{AdviceRefused, Goal, Lying, best_choice_and, one_turn_of};
use super::layout::DiceLayout;
use super::rolls::{ALL_PLACES, Places, ROLLS_PER_TURN, Rolls};
use crate::phases::Phase;

/// An advisor as a review asks it.
pub trait Valuer {
    type Refused;

    /// What the turn is worth before its first roll.
    fn before(&self) -> Result<f64, Self::Refused>;

    /// Choices at a position (the places to roll again; none is stopping) with their values:
    /// the best first, then, in any order, the one the player made (`chosen`) among any
    /// others; with no rolls left, stopping alone. Choices that leave the same faces on the
    /// table may be given once, as any one of them.
    fn choices(
        &self,
        dice: &[Lying],
        rolls_left: u8,
        chosen: Places,
    ) -> Result<Vec<(Places, f64)>, Self::Refused>;

    /// How many of the review's units (what labels are told in) a value of 1 is.
    fn units(&self) -> f64;
}

/// How a choice compares with the best one, by its error in the review's units (RULES §12):
/// percentage points for make, points for the whole game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = ReviewLabel))]
pub enum Label {
    /// As good as the best choice.
    Best,
    /// Under 2 units worse.
    Good,
    /// From 2 units worse.
    Inaccuracy,
    /// From 5 units worse.
    Mistake,
    /// From 10 units worse.
    Blunder,
}

impl Label {
    pub const ALL: [Label; 5] = [
        Label::Best,
        Label::Good,
        Label::Inaccuracy,
        Label::Mistake,
        Label::Blunder,
    ];

    /// The label of an error in units: a choice worth as much as the best (to the last few
    /// bits of a double) is `best`.
    pub fn of(error: f64) -> Label {
        match error {
            e if e <= 1e-9 => Label::Best,
            e if e < 2.0 => Label::Good,
            e if e < 5.0 => Label::Inaccuracy,
            e if e < 10.0 => Label::Mistake,
            _ => Label::Blunder,
        }
    }
}

/// A choice made with rolls left, beside the best one.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The places rolled again: none is stopping.
    pub reroll: Places,
    pub best_reroll: Places,
    pub value_chosen: f64,
    pub value_best: f64,
    /// `value_best − value_chosen`: 0 or more.
    pub error: f64,
    pub label: Label,
}

/// One roll of a turn and the choice made after it.
#[derive(Debug, Clone, PartialEq)]
pub struct RollReview {
    pub rolls_left: u8,
    /// What the dice it left were worth, played best from there.
    pub value_after_roll: f64,
    /// `value_after_roll` minus what the roll was expected to give.
    pub luck: f64,
    /// None with no rolls left.
    pub decision: Option<Decision>,
}

/// A turn held against best play.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnReview {
    pub value_before: f64,
    /// What the final dice are worth.
    pub result: f64,
    /// The sum of its rolls' luck.
    pub luck: f64,
    /// The sum of its choices' errors.
    pub error: f64,
    pub rolls: Vec<RollReview>,
}

/// Reviews a turn's rolls.
///
/// # Errors
/// What the valuer refuses.
pub fn review_turn<V: Valuer>(valuer: &V, rolls: &Rolls) -> Result<TurnReview, V::Refused> {
    let value_before = valuer.before()?;
    let throws = rolls.throws();
    let mut expected = value_before;
    let mut reviewed = Vec::with_capacity(throws.len());
    for (k, throw) in throws.iter().enumerate() {
        let rolls_left = u8::try_from(ROLLS_PER_TURN - 1 - k).expect("three rolls");
        let dice: Vec<Lying> = throw
            .iter()
            .map(|rolled| Lying {
                die: rolled.shown(),
                id: Some(rolled.id),
            })
            .collect();
        // The next roll's dice, or none: the player stopped here.
        let reroll = throws.get(k + 1).map_or(0, |_| rolls.rolled(k + 1));
        let choices = valuer.choices(&dice, rolls_left, reroll)?;
        let (best_reroll, value_best) = choices[0];
        let decision = (rolls_left > 0).then(|| {
            let value_chosen = value_of(&choices, &dice, reroll);
            let error = value_best - value_chosen;
            Decision {
                reroll,
                best_reroll,
                value_chosen,
                value_best,
                error,
                label: Label::of(error * valuer.units()),
            }
        });
        reviewed.push(RollReview {
            rolls_left,
            value_after_roll: value_best,
            luck: value_best - expected,
            decision: decision.clone(),
        });
        expected = decision.map_or(value_best, |d| d.value_chosen);
    }
    Ok(TurnReview {
        value_before,
        result: expected,
        luck: reviewed.iter().map(|r| r.luck).sum(),
        error: (reviewed.iter().filter_map(|r| r.decision.as_ref()))
            .map(|d| d.error)
            .sum(),
        rolls: reviewed,
    })
}

/// The value of rolling `reroll` again: the choice given for those places, else the one that
/// leaves the same faces on the table.
fn value_of(choices: &[(Places, f64)], dice: &[Lying], reroll: Places) -> f64 {
    let kept = |places: Places| {
        let mut faces: Vec<_> = (dice.iter().enumerate())
            .filter(|(at, _)| places & 1 << at == 0)
            .map(|(_, lying)| lying.die.face)
            .collect();
        faces.sort_unstable();
        faces
    };
    let same = choices.iter().find(|(places, _)| *places == reroll);
    let alike = || {
        choices
            .iter()
            .find(|(places, _)| kept(*places) == kept(reroll))
    };
    same.or_else(alike)
        .map(|(_, value)| *value)
        .expect("every choice of dice to roll again is valued")
}

/// A turn played for its chance to make the phase (RULES §8, `make`): values are chances, told
/// in percentage points.
pub struct ForMake<'a> {
    pub phase: &'a Phase,
    pub layout: DiceLayout,
}

impl Valuer for ForMake<'_> {
    type Refused = AdviceRefused;

    fn before(&self) -> Result<f64, AdviceRefused> {
        Ok(one_turn_of(self.phase, Goal::Make).chance.to_f64())
    }

    fn choices(
        &self,
        dice: &[Lying],
        rolls_left: u8,
        chosen: Places,
    ) -> Result<Vec<(Places, f64)>, AdviceRefused> {
        let choices = best_choice_and(
            self.phase,
            self.layout,
            dice,
            rolls_left,
            Goal::Make,
            chosen,
        )?
        .ok_or(AdviceRefused::RollsLeft(rolls_left))?;
        Ok(choices
            .into_iter()
            .map(|(places, outlook)| (places & ALL_PLACES, outlook.chance.to_f64()))
            .collect())
    }

    fn units(&self) -> f64 {
        100.0
    }
}

/// A player's choices and rolls over the turns of a game, added up.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tally {
    pub decisions: u32,
    /// The sum over decisions of value chosen ÷ value best (1 where the best is worth 0).
    pub accuracy_sum: f64,
    pub luck: f64,
    /// How many decisions have each label, in [`Label::ALL`]'s order.
    pub labels: [u32; 5],
}

impl Tally {
    pub fn add(&mut self, turn: &TurnReview) {
        self.luck += turn.luck;
        for decision in turn.rolls.iter().filter_map(|r| r.decision.as_ref()) {
            self.decisions += 1;
            self.accuracy_sum += if decision.value_best > 0.0 {
                decision.value_chosen / decision.value_best
            } else {
                1.0
            };
            let at = Label::ALL.iter().position(|l| *l == decision.label);
            self.labels[at.expect("a label")] += 1;
        }
    }

    /// 100 × the mean of value chosen ÷ value best; none without decisions.
    pub fn accuracy(&self) -> Option<f64> {
        (self.decisions > 0).then(|| 100.0 * self.accuracy_sum / f64::from(self.decisions))
    }
}
