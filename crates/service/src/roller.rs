//! The server's dice. In production every face comes from the thread's cryptographically secure
//! generator (ChaCha, seeded and reseeded from the operating system). The dice are given to the
//! service when it is made, so tests can play with dice of their own: repeatable ones from a
//! seed, or faces they set.

use std::collections::VecDeque;
use std::sync::Mutex;

use rand::{Rng, SeedableRng};

/// Rolls one die at a time: a face index, 0 to 5, uniformly.
pub trait Dice: Send + Sync {
    /// The face a die comes up on (every die has six).
    fn face(&self) -> usize;

    /// A high die for the order roll-off: 5 to 10.
    fn high_die(&self) -> u8 {
        5 + u8::try_from(self.face()).unwrap_or(0)
    }
}

/// The production dice.
pub struct SecureDice;

impl Dice for SecureDice {
    fn face(&self) -> usize {
        rand::rng().random_range(0..6)
    }
}

/// Repeatable dice, from a seed.
pub struct SeededDice(Mutex<rand::rngs::StdRng>);

impl SeededDice {
    pub fn new(seed: u64) -> SeededDice {
        SeededDice(Mutex::new(rand::rngs::StdRng::seed_from_u64(seed)))
    }
}

impl Dice for SeededDice {
    fn face(&self) -> usize {
        let mut rng = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        rng.random_range(0..6)
    }
}

/// Dice that come up as they are told: the faces set, in order, and then seeded dice.
pub struct SetDice {
    faces: Mutex<VecDeque<usize>>,
    then: SeededDice,
}

impl SetDice {
    pub fn new(seed: u64) -> SetDice {
        SetDice {
            faces: Mutex::default(),
            then: SeededDice::new(seed),
        }
    }

    /// The next faces to come up (each 0 to 5), after any set before.
    pub fn set(&self, faces: impl IntoIterator<Item = usize>) {
        let mut queued = self
            .faces
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        queued.extend(faces.into_iter().map(|face| face % 6));
    }
}

impl Dice for SetDice {
    fn face(&self) -> usize {
        let next = self
            .faces
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop_front();
        next.unwrap_or_else(|| self.then.face())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::rolls::Rolls;
    use crate::rules::dice::{DiceLayout, DieId};

    /// Chi-square over six faces (five degrees of freedom) above which uniform dice are refused
    /// at the 0.1 % level.
    const CRITICAL: f64 = 20.515;
    const ROLLS: usize = 60_000;

    fn chi_square(counts: &[usize; 6], total: usize) -> f64 {
        let expected = total as f64 / 6.0;
        counts
            .iter()
            .map(|&c| (c as f64 - expected).powi(2) / expected)
            .sum()
    }

    /// How often each side of each of the ten standard dice comes up over `ROLLS` first rolls of
    /// a turn, each face drawn by `face`: the dice as the service rolls them (`Rolls::start`).
    fn sides_rolled(mut face: impl FnMut() -> usize) -> [[usize; 6]; 10] {
        let mut counts = [[0usize; 6]; 10];
        for _ in 0..ROLLS {
            let rolls = Rolls::start(DiceLayout::Standard, |_| face());
            for (i, rolled) in rolls.last().iter().enumerate() {
                // The six faces of each standard die are all different, so a face names its side.
                let faces = DiceLayout::Standard.faces(rolled.id);
                counts[i][faces.iter().position(|f| *f == rolled.face).unwrap()] += 1;
            }
        }
        counts
    }

    /// The dice whose sides come up unevenly, with their chi-square.
    fn uneven(counts: &[[usize; 6]; 10]) -> Vec<(DieId, f64)> {
        counts
            .iter()
            .enumerate()
            .map(|(i, die)| (DieId::ALL[i], chi_square(die, ROLLS)))
            .filter(|(_, chi)| *chi >= CRITICAL)
            .collect()
    }

    #[test]
    fn every_die_comes_up_uniformly_over_its_six_faces() {
        let roller = SeededDice::new(0x5eed_d1ce);
        let counts = sides_rolled(|| roller.face());
        assert_eq!(uneven(&counts), vec![], "{counts:?}");
    }

    /// The same count catches dice loaded by one roll in 48: a roller that, every eighth turn,
    /// turns each die's sixth face into its first.
    #[test]
    fn the_count_would_catch_a_loaded_roller() {
        let roller = SeededDice::new(0x5eed_d1ce);
        let mut rolled = 0usize;
        let counts = sides_rolled(|| {
            let turn = rolled / 10;
            rolled += 1;
            match roller.face() {
                5 if turn.is_multiple_of(8) => 0,
                face => face,
            }
        });
        assert_eq!(uneven(&counts).len(), 10, "every die is caught: {counts:?}");
    }

    #[test]
    fn set_dice_come_up_as_set_then_as_seeded() {
        let dice = SetDice::new(7);
        dice.set([5, 0, 7]);
        assert_eq!([dice.face(), dice.face(), dice.face()], [5, 0, 1]);
        let seeded = SeededDice::new(7);
        assert_eq!(dice.face(), seeded.face());
    }

    #[test]
    fn the_secure_roller_gives_every_face() {
        let roller = SecureDice;
        let mut seen = [false; 6];
        for _ in 0..1_000 {
            seen[roller.face()] = true;
        }
        assert_eq!(seen, [true; 6]);
    }
}
