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
//! turn's value in `missed` and what the fixed points need, and with the expected score.
//!
//! The play is the best for the value ([`Play::Best`]), or the one goal's of the exact tables
//! whatever the value ([`Play::For`]): what a whole game is worth when every turn is played for
//! `make` or for `score`, computed the same way.

use super::Goal;
use super::multisets::NONE;
use super::numbers::{Kept, SHAPES, Shapes};
use crate::dice::evaluate;
use crate::phases::Phase;

/// A value, the chance of a miss and the expected score (0 for a miss) with the play that
/// reaches them.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Valued {
    pub value: f64,
    pub miss: f64,
    pub score: f64,
}

/// How a turn is played: for the highest value, or for one goal's figures (RULES §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Play {
    Best,
    For(Goal),
}

/// Figures closer than this are equal when a goal ranks them: f64 sums of the same exact
/// fraction can differ in their last bits, and a goal breaks a tie by its other figure.
const ROUNDING: f64 = 1e-12;

impl Valued {
    fn better(self, other: Valued, play: Play) -> Valued {
        let (made, other_made) = (1.0 - self.miss, 1.0 - other.miss);
        let ahead = |a: f64, b: f64| a > b + ROUNDING;
        let takes = match play {
            Play::Best => other.value > self.value,
            Play::For(Goal::Make) => {
                ahead(other_made, made) || (!ahead(made, other_made) && other.score > self.score)
            }
            Play::For(Goal::Score) => {
                ahead(other.score, self.score)
                    || (!ahead(self.score, other.score) && other_made > made)
            }
        };
        if takes { other } else { self }
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

/// A whole turn played for these end values, and what keeping each multiset is worth on the way:
/// with one roll left (`kept[0]`) and with two (`kept[1]`), and stopping on each full roll.
pub struct ValuedTurn {
    pub whole: Valued,
    stopped: Vec<Valued>,
    kept: [Vec<Valued>; 2],
}

impl ValuedTurn {
    pub fn new(verdicts: &Verdicts, ends: &EndValues, play: Play) -> ValuedTurn {
        let shapes = &*SHAPES;
        let stopped: Vec<Valued> = verdicts
            .made
            .iter()
            .map(|made| match made {
                Some(score) => Valued {
                    value: ends.made[usize::from(*score)],
                    miss: 0.0,
                    score: f64::from(*score),
                },
                None => Valued {
                    value: ends.missed,
                    miss: 1.0,
                    score: 0.0,
                },
            })
            .collect();
        let last = expect(shapes, &stopped);
        let before_last = expect(shapes, &best_keeps(shapes, &last, &stopped, play));
        let whole =
            expect(shapes, &best_keeps(shapes, &before_last, &stopped, play))[shapes.slot(Kept {
                high: shapes.high.empty(),
                low: shapes.low.empty(),
            })];
        ValuedTurn {
            whole,
            stopped,
            kept: [last, before_last],
        }
    }

    /// Keeping `kept` with `rolls_left` (1 or 2) and rolling the rest, then playing on; keeping
    /// a whole roll is stopping on it.
    pub(crate) fn keeping(&self, kept: Kept, rolls_left: u8) -> Valued {
        let shapes = &*SHAPES;
        let slot = shapes.slot(kept);
        if shapes.high.is_full(kept.high) && shapes.low.is_full(kept.low) {
            self.stopped[slot]
        } else {
            self.kept[usize::from(rolls_left) - 1][slot]
        }
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
            score: sum.score + share * bigger.score,
        }
    })
}

/// For every full roll, the best choice on it with one more roll to come: stopping or keeping
/// any part of it (`kept`). The best keep within each multiset is built from the smallest up.
fn best_keeps(shapes: &Shapes, kept: &[Valued], stopped: &[Valued], play: Play) -> Vec<Valued> {
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
                    best[at] = best[at].better(here, play);
                }
            }
            for face in 0..shapes.low.faces() {
                let bigger = shapes.low.grown(low, face);
                if bigger != NONE {
                    let at = shapes.slot(Kept { high, low: bigger });
                    best[at] = best[at].better(here, play);
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PHASES;
    use crate::dice::advice::{Goal, one_turn_of};

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
                Play::Best,
            );
            let by_make = ValuedTurn::new(
                &verdicts,
                &EndValues {
                    made: &ones,
                    missed: 0.0,
                },
                Play::Best,
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

    /// Played for one goal whatever the ends, a turn has that goal's exact figures: its chance
    /// for `make`, its expected score for `score` (the ends only value them).
    #[test]
    fn played_for_a_goal_a_turn_has_the_exact_tables_figures() {
        for phase in PHASES.iter().filter(|p| p.number.get() != 8) {
            let verdicts = Verdicts::of(phase);
            let made: Vec<f64> = (0..=verdicts.best_score())
                .map(|s| 100.0 - s as f64)
                .collect();
            for goal in [Goal::Make, Goal::Score] {
                let ends = EndValues {
                    made: &made,
                    missed: -7.0,
                };
                let turn = ValuedTurn::new(&verdicts, &ends, Play::For(goal)).whole;
                let exact = one_turn_of(phase, goal);
                let (chance, score) = (exact.chance.to_f64(), exact.expected_score.to_f64());
                let (given, wanted) = match goal {
                    Goal::Make => (1.0 - turn.miss, chance),
                    Goal::Score => (turn.score, score),
                };
                assert!((given - wanted).abs() < 1e-9, "{} {goal:?}", phase.number);
                // the value is what that play's ends are worth: made ones by score, misses
                assert!(turn.value <= 100.0 && turn.value >= -7.0);
            }
        }
    }
}
