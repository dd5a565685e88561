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

/// The rolls of one turn, first to last, and which dice each rolled: a die rolled again may come
/// up on the face it showed, so the faces alone do not tell (RULES §12 reviews the choice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rolls {
    throws: Vec<Throw>,
    /// For each throw, the places (in [`DieId::ALL`]'s order) of the dice it rolled: all ten
    /// in the first.
    rolled: Vec<Places>,
}

/// Places on the table as a set: bit `i` is the die at place `i`.
pub type Places = u16;

/// Every place of the ten dice.
pub const ALL_PLACES: Places = (1 << MAX_DICE) - 1;

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
        Rolls {
            throws: vec![DieId::ALL.map(|id| roll_one(layout, id, &mut roll))],
            rolled: vec![ALL_PLACES],
        }
    }

    /// Rolls as stored, checked: one to three throws of the dice in [`DieId::ALL`]'s order,
    /// the first rolling all ten, each later one at least one die, and a die it did not roll
    /// on the face it showed before. `rolled[k]` is `None` where the record does not say
    /// (turns stored before it did): the dice whose faces changed, which may be none.
    pub fn from_throws(throws: Vec<Throw>, rolled: Vec<Option<Places>>) -> Option<Rolls> {
        if !(1..=ROLLS_PER_TURN).contains(&throws.len()) || rolled.len() != throws.len() {
            return None;
        }
        let in_order = |throw: &Throw| throw.iter().zip(DieId::ALL).all(|(d, id)| d.id == id);
        if !throws.iter().all(in_order) || rolled[0].is_some_and(|first| first != ALL_PLACES) {
            return None;
        }
        let mut sets = vec![ALL_PLACES];
        for (k, pair) in throws.windows(2).enumerate() {
            let changed = (0..MAX_DICE)
                .filter(|&i| pair[0][i] != pair[1][i])
                .fold(0, |set, i| set | 1 << i);
            match rolled[k + 1] {
                Some(set) if set == 0 || set & !ALL_PLACES != 0 || changed & !set != 0 => {
                    return None;
                }
                said => sets.push(said.unwrap_or(changed)),
            }
        }
        Some(Rolls {
            throws,
            rolled: sets,
        })
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
        let mut places = 0;
        for (place, rolled) in next.iter_mut().enumerate() {
            if dice.contains(&rolled.id) {
                *rolled = roll_one(layout, rolled.id, &mut roll);
                places |= 1 << place;
            }
        }
        self.throws.push(next);
        self.rolled.push(places);
        Ok(self.last())
    }

    pub fn throws(&self) -> &[Throw] {
        &self.throws
    }

    /// The places of the dice throw `k` rolled (all ten in the first).
    pub fn rolled(&self, k: usize) -> Places {
        self.rolled[k]
    }

    /// The dice as they lie now.
    pub fn last(&self) -> &Throw {
        self.throws
            .last()
            .expect("a turn has at least its first roll")
    }

    pub fn rolls_left(&self) -> usize {
        ROLLS_PER_TURN - self.throws.len()
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
        assert_eq!(
            [rolls.rolled(0), rolls.rolled(1), rolls.rolled(2)],
            [ALL_PLACES, 1 | 1 << 9, 1 << 1]
        );
        assert!(DiceLayout::Standard.place(&rolls.final_roll()).is_ok());
    }

    #[test]
    fn stored_rolls_keep_the_dice_rolled_and_refuse_a_die_that_changed_unrolled() {
        // Every die rolled again shows face 0 again: only the record says which were rolled.
        let mut rolls = Rolls::start(DiceLayout::Standard, |_| 0);
        rolls
            .reroll(DiceLayout::Standard, &DieId::ALL[2..5], |_| 0)
            .unwrap();
        let throws = rolls.throws().to_vec();
        let said = Rolls::from_throws(throws.clone(), vec![Some(ALL_PLACES), Some(0b11100)]);
        assert_eq!(said.as_ref(), Some(&rolls));
        // Not said (an older record): the dice whose faces changed, here none.
        assert_eq!(
            Rolls::from_throws(throws.clone(), vec![None, None]).map(|r| r.rolled(1)),
            Some(0)
        );
        assert_eq!(
            Rolls::from_throws(throws.clone(), vec![None, Some(0)]),
            None
        );
        let mut changed = throws.clone();
        changed[1][7] = Rolls::start(DiceLayout::Standard, |_| 3).last()[7];
        assert_eq!(
            Rolls::from_throws(changed.clone(), vec![None, None]).map(|r| r.rolled(1)),
            Some(1 << 7)
        );
        assert_eq!(
            Rolls::from_throws(changed, vec![None, Some(0b11100)]),
            None,
            "die 7 changed without being rolled"
        );
    }
}
