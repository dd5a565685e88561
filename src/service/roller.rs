//! The server's dice. In production every face comes from the thread's cryptographically secure
//! generator (ChaCha, seeded and reseeded from the operating system); only this module's tests
//! can make a roller from a seed.

use rand::Rng;
#[cfg(test)]
use rand::SeedableRng;

enum Source {
    Secure,
    #[cfg(test)]
    Seeded(Box<rand::rngs::StdRng>),
}

/// Rolls one die at a time: a face index, 0 to 5, uniformly.
pub struct DiceRoller(Source);

impl DiceRoller {
    pub fn secure() -> DiceRoller {
        DiceRoller(Source::Secure)
    }

    /// Repeatable dice, for tests of the dice themselves.
    #[cfg(test)]
    pub fn seeded(seed: u64) -> DiceRoller {
        DiceRoller(Source::Seeded(Box::new(rand::rngs::StdRng::seed_from_u64(
            seed,
        ))))
    }

    /// The face a die comes up on (every die has six).
    pub fn face(&mut self) -> usize {
        match &mut self.0 {
            Source::Secure => rand::rng().random_range(0..6),
            #[cfg(test)]
            Source::Seeded(rng) => rng.random_range(0..6),
        }
    }

    /// A high die for the order roll-off: 5 to 10.
    pub fn high_die(&mut self) -> u8 {
        let face = u8::try_from(self.face()).unwrap_or(0);
        5 + face
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::digital::Rolls;
    use crate::rules::{DiceLayout, DieId};

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
        let mut roller = DiceRoller::seeded(0x5eed_d1ce);
        let counts = sides_rolled(|| roller.face());
        assert_eq!(uneven(&counts), vec![], "{counts:?}");
    }

    /// The same count catches dice loaded by one roll in 48: a roller that, every eighth turn,
    /// turns each die's sixth face into its first.
    #[test]
    fn the_count_would_catch_a_loaded_roller() {
        let mut roller = DiceRoller::seeded(0x5eed_d1ce);
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
    fn the_secure_roller_gives_every_face() {
        let mut roller = DiceRoller::secure();
        let mut seen = [false; 6];
        for _ in 0..1_000 {
            seen[roller.face()] = true;
        }
        assert_eq!(seen, [true; 6]);
    }
}
