//! Best play of a turn in a phase of numbers for any value of the final dice (RULES §11): a
//! whole game values a turn's end by more than its chance or its score. A phase made with score
//! `s` is worth `made[s]` (the score, the bonuses it earns and the rest of the game from the next
//! phase), a miss is worth `missed`; best play maximises the expected value.
//!
//! The positions are those of [`super::numbers`] (multisets of high and of low faces), and the
//! work is done in `f64`: the values of a whole game are fixed points of these turns
//! (`solitaire`), which exact fractions would not reach in reasonable time. The best keep of
//! every full roll is not found by trying its sub-multisets one by one but by one pass from
//! the smallest multisets up: the best keep within `K` is `K`'s own value or the best keep within
//! `K` less one die.
//!
//! Each figure travels with the chance of a miss under the same play, which is the slope of the
//! turn's value in `missed` and what the fixed points need.

use super::multisets::NONE;
use super::numbers::{Kept, SHAPES, Shapes};
use crate::rules::dice::evaluate;
use crate::rules::phases::Phase;

/// A value and the chance of a miss with the play that reaches it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Valued {
    pub value: f64,
    pub miss: f64,
}

impl Valued {
    fn better(self, other: Valued) -> Valued {
        if other.value > self.value {
            other
        } else {
            self
        }
    }
}

/// How each full roll ends a turn in one phase: made or not, and its score.
pub struct Verdicts {
    /// Per slot of a full roll, its score if it makes the phase.
    made: Vec<Option<u8>>,
}

impl Verdicts {
    pub fn of(phase: &Phase) -> Verdicts {
        let shapes = &*SHAPES;
        let mut made = vec![None; shapes.slots()];
        for roll in shapes.full_rolls() {
            let verdict = evaluate(phase, &shapes.roll(roll));
            made[shapes.slot(roll)] = verdict
                .made
                .then(|| u8::try_from(verdict.score).expect("a score below 256"));
        }
        Verdicts { made }
    }

    /// The highest score a turn can make.
    pub fn best_score(&self) -> usize {
        self.made
            .iter()
            .flatten()
            .map(|&s| usize::from(s))
            .max()
            .unwrap_or(0)
    }
}

/// What ending a turn is worth: `made[s]` for the phase made with score `s`, `missed` for a miss.
pub struct EndValues<'a> {
    pub made: &'a [f64],
    pub missed: f64,
}

/// A whole turn played best for these end values. (Advice at a position would keep the tables
/// of every kept multiset that are built on the way; nothing asks for it yet.)
pub struct ValuedTurn {
    pub whole: Valued,
}

impl ValuedTurn {
    pub fn new(verdicts: &Verdicts, ends: &EndValues) -> ValuedTurn {
        let shapes = &*SHAPES;
        let stopped: Vec<Valued> = verdicts
            .made
            .iter()
            .map(|made| match made {
                Some(score) => Valued {
                    value: ends.made[usize::from(*score)],
                    miss: 0.0,
                },
                None => Valued {
                    value: ends.missed,
                    miss: 1.0,
                },
            })
            .collect();
        let last = expect(shapes, &stopped);
        let before_last = expect(shapes, &best_keeps(shapes, &last, &stopped));
        let whole =
            expect(shapes, &best_keeps(shapes, &before_last, &stopped))[shapes.slot(Kept {
                high: shapes.high.empty(),
                low: shapes.low.empty(),
            })];
        ValuedTurn { whole }
    }
}

/// From the value of every full roll, the value of keeping each multiset and rolling the rest
/// once: the average over the face of one more die.
fn expect(shapes: &Shapes, full: &[Valued]) -> Vec<Valued> {
    shapes.grown_from_full(full, |sum: Valued, weight, bigger| {
        let share = weight as f64 / 6.0;
        Valued {
            value: sum.value + share * bigger.value,
            miss: sum.miss + share * bigger.miss,
        }
    })
}

/// For every full roll, the best choice on it with one more roll to come: stopping or keeping
/// any part of it (`kept`). The best keep within each multiset is built from the smallest up.
fn best_keeps(shapes: &Shapes, kept: &[Valued], stopped: &[Valued]) -> Vec<Valued> {
    // Keeping a whole full roll is stopping on it.
    let mut best = kept.to_vec();
    for roll in shapes.full_rolls() {
        let slot = shapes.slot(roll);
        best[slot] = stopped[slot];
    }
    for &high in shapes.high.largest_first().iter().rev() {
        for &low in shapes.low.largest_first().iter().rev() {
            let here = best[shapes.slot(Kept { high, low })];
            for face in 0..shapes.high.faces() {
                let bigger = shapes.high.grown(high, face);
                if bigger != NONE {
                    let at = shapes.slot(Kept { high: bigger, low });
                    best[at] = best[at].better(here);
                }
            }
            for face in 0..shapes.low.faces() {
                let bigger = shapes.low.grown(low, face);
                if bigger != NONE {
                    let at = shapes.slot(Kept { high, low: bigger });
                    best[at] = best[at].better(here);
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PHASES;
    use crate::rules::dice::advice::{Goal, one_turn_of};

    /// With the score as the value of a made phase and 0 for a miss, a turn played best is the
    /// exact tables' expected score for `score`; with 1 and 0, their chance for `make`.
    #[test]
    fn the_value_of_score_or_of_making_is_what_the_exact_tables_say() {
        for phase in PHASES.iter().filter(|p| p.number.get() != 8) {
            let verdicts = Verdicts::of(phase);
            let scores: Vec<f64> = (0..=verdicts.best_score()).map(|s| s as f64).collect();
            let ones = vec![1.0; scores.len()];
            let by_score = ValuedTurn::new(
                &verdicts,
                &EndValues {
                    made: &scores,
                    missed: 0.0,
                },
            );
            let by_make = ValuedTurn::new(
                &verdicts,
                &EndValues {
                    made: &ones,
                    missed: 0.0,
                },
            );
            let exact_score = one_turn_of(phase, Goal::Score).expected_score.to_f64();
            let exact_make = one_turn_of(phase, Goal::Make).chance.to_f64();
            assert!(
                (by_score.whole.value - exact_score).abs() < 1e-9,
                "{}",
                phase.number
            );
            assert!(
                (by_make.whole.value - exact_make).abs() < 1e-12,
                "{}",
                phase.number
            );
            // the chance of a miss goes with the play: 1 − the chance of making
            assert!((by_make.whole.miss - (1.0 - exact_make)).abs() < 1e-12);
        }
    }
}
