//! A turn played with the server's dice (RULES §5): a roll of all ten dice, then up to two
//! re-rolls of any chosen dice. Where the randomness comes from is the caller's: `roll` picks a
//! face (0 to 5) of the die it is given.

use thiserror::Error;

use super::faces::{Die, MAX_DICE, Roll};
use super::layout::{DiceLayout, DieId, PhysicalFace};

/// Rolls in a turn: the first, and two more at most.
pub const ROLLS_PER_TURN: usize = 3;

/// One physical die and the face it came up on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RolledDie {
    pub id: DieId,
    pub face: PhysicalFace,
}

impl RolledDie {
    /// The die as the rules see it.
    pub fn shown(&self) -> Die {
        Die::new(self.face.face, self.face.color)
    }
}

/// All ten dice, as one roll left them.
pub type Throw = [RolledDie; MAX_DICE];

/// Why dice cannot be rolled again.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RerollError {
    #[error("the turn has had all {ROLLS_PER_TURN} rolls")]
    NoRollsLeft,
    #[error("name at least one die to roll again")]
    NoDice,
    #[error("{0} is named more than once")]
    Repeated(DieId),
}

/// The rolls of one turn, first to last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolls(Vec<Throw>);

fn roll_one(layout: DiceLayout, id: DieId, roll: &mut impl FnMut(DieId) -> usize) -> RolledDie {
    let faces = layout.faces(id);
    RolledDie {
        id,
        face: faces[roll(id) % faces.len()],
    }
}

impl Rolls {
    /// The first roll: all ten dice.
    pub fn start(layout: DiceLayout, mut roll: impl FnMut(DieId) -> usize) -> Rolls {
        Rolls(vec![DieId::ALL.map(|id| roll_one(layout, id, &mut roll))])
    }

    /// Rolls as stored, checked: one to three throws.
    pub fn from_throws(throws: Vec<Throw>) -> Option<Rolls> {
        (1..=ROLLS_PER_TURN)
            .contains(&throws.len())
            .then_some(Rolls(throws))
    }

    /// Rolls the named dice again; the others keep their faces.
    pub fn reroll(
        &mut self,
        layout: DiceLayout,
        dice: &[DieId],
        mut roll: impl FnMut(DieId) -> usize,
    ) -> Result<&Throw, RerollError> {
        if self.rolls_left() == 0 {
            return Err(RerollError::NoRollsLeft);
        }
        if dice.is_empty() {
            return Err(RerollError::NoDice);
        }
        for (i, id) in dice.iter().enumerate() {
            if dice[..i].contains(id) {
                return Err(RerollError::Repeated(*id));
            }
        }
        let mut next = *self.last();
        for rolled in next.iter_mut().filter(|d| dice.contains(&d.id)) {
            *rolled = roll_one(layout, rolled.id, &mut roll);
        }
        self.0.push(next);
        Ok(self.last())
    }

    pub fn throws(&self) -> &[Throw] {
        &self.0
    }

    /// The dice as they lie now.
    pub fn last(&self) -> &Throw {
        self.0.last().expect("a turn has at least its first roll")
    }

    pub fn rolls_left(&self) -> usize {
        ROLLS_PER_TURN - self.0.len()
    }

    /// The dice the turn ends with, for the rules to score.
    pub fn final_roll(&self) -> Roll {
        Roll::new(self.last().iter().map(RolledDie::shown).collect()).expect("ten dice are a roll")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reroll_changes_only_the_named_dice_and_a_turn_has_three_rolls() {
        let mut rolls = Rolls::start(DiceLayout::Standard, |_| 0);
        let first = *rolls.last();
        let again = *rolls
            .reroll(DiceLayout::Standard, &[DieId::ALL[0], DieId::ALL[9]], |_| 5)
            .unwrap();
        for (i, (before, after)) in first.iter().zip(&again).enumerate() {
            assert_eq!(before.id, after.id);
            if i == 0 || i == 9 {
                assert_eq!(after.face, DiceLayout::Standard.faces(after.id)[5]);
            } else {
                assert_eq!(before, after);
            }
        }
        assert_eq!(rolls.rolls_left(), 1);
        assert_eq!(
            rolls.reroll(DiceLayout::Standard, &[], |_| 0),
            Err(RerollError::NoDice)
        );
        let twice = [DieId::ALL[3], DieId::ALL[3]];
        assert_eq!(
            rolls.reroll(DiceLayout::Standard, &twice, |_| 0),
            Err(RerollError::Repeated(DieId::ALL[3]))
        );
        rolls
            .reroll(DiceLayout::Standard, &[DieId::ALL[1]], |_| 1)
            .unwrap();
        assert_eq!(
            rolls.reroll(DiceLayout::Standard, &[DieId::ALL[1]], |_| 1),
            Err(RerollError::NoRollsLeft)
        );
        assert_eq!(rolls.throws().len(), 3);
        assert!(DiceLayout::Standard.place(&rolls.final_roll()).is_ok());
    }
}
