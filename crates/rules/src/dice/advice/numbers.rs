//! Best play for the nine phases of numbers (all but phase 8), worked out once per phase.
//!
//! A position is the multiset of high faces and the multiset of low faces on the table (32,340
//! full rolls); a choice is what is kept (one of 116,424 sub-multisets). For every kept multiset
//! and every number of rolls left, the tables hold what rolling the rest is worth with best play
//! afterwards. Rolling the missing dice one at a time gives the expectation in a few additions
//! per kept multiset: the value of keeping `K` with `m` dice missing is the average, over the
//! face of one more die, of keeping `K` and that die. Low dice are added first, then high.
//!
//! Figures stay whole numbers: with `r` rolls left every figure is kept times `6^(10·r)`, which
//! makes every expectation a whole number (each roll of ten dice has `6^10` equally likely
//! outcomes) and fits in a `u64` for one and two rolls left.

use std::sync::{LazyLock, OnceLock};

use super::multisets::{Counts, Multisets};
use super::{Exact, Goal, Outlook};
use crate::dice::evaluate;
use crate::dice::faces::{Die, Face, Number, Roll};
use crate::phases::{PHASES, Phase};

/// Sixes of the common denominator of one roll of all ten dice.
const SIXES_PER_ROLL: u32 = 10;

/// The two figures of a position, in this order: chance of making the phase, expected score.
type Pair = [u64; 2];

pub(super) struct Shapes {
    pub(super) high: Multisets,
    pub(super) low: Multisets,
}

pub(super) static SHAPES: LazyLock<Shapes> = LazyLock::new(|| Shapes {
    high: Multisets::high(),
    low: Multisets::low(),
});

/// A kept (or lying) multiset of dice: its high part and its low part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Kept {
    pub high: u16,
    pub low: u16,
}

impl Shapes {
    pub(super) fn slot(&self, kept: Kept) -> usize {
        usize::from(kept.high) * self.low.len() + usize::from(kept.low)
    }

    pub(super) fn slots(&self) -> usize {
        self.high.len() * self.low.len()
    }

    pub(super) fn full_rolls(&self) -> impl Iterator<Item = Kept> + '_ {
        let full = |m: &'_ Multisets| (0..m.len() as u16).filter(|&x| m.is_full(x)).collect();
        let (highs, lows): (Vec<u16>, Vec<u16>) = (full(&self.high), full(&self.low));
        highs
            .into_iter()
            .flat_map(move |high| lows.clone().into_iter().map(move |low| Kept { high, low }))
    }

    /// From a value of every full roll, one of every kept multiset: `add(sum, weight, bigger)`
    /// folded, from the default, over the faces of one more die (`weight` of the die's six
    /// faces show it), each giving the larger multiset's value; low dice are added first, then
    /// high.
    pub(super) fn grown_from_full<T: Copy + Default>(
        &self,
        full: &[T],
        add: impl Fn(T, u64, T) -> T,
    ) -> Vec<T> {
        let mut values = vec![T::default(); self.slots()];
        for &high in self.high.largest_first() {
            for &low in self.low.largest_first() {
                let slot = self.slot(Kept { high, low });
                let (kind, grow): (&Multisets, &dyn Fn(usize) -> Kept) = if !self.low.is_full(low) {
                    (&self.low, &|f| Kept {
                        high,
                        low: self.low.grown(low, f),
                    })
                } else if !self.high.is_full(high) {
                    (&self.high, &|f| Kept {
                        high: self.high.grown(high, f),
                        low,
                    })
                } else {
                    values[slot] = full[slot];
                    continue;
                };
                values[slot] = (0..kind.faces()).fold(T::default(), |sum, face| {
                    add(sum, kind.weight(face), values[self.slot(grow(face))])
                });
            }
        }
        values
    }

    fn kept_size(&self, kept: Kept) -> u32 {
        u32::from(self.high.size(kept.high) + self.low.size(kept.low))
    }

    /// The ten dice of a full roll, for the evaluator (colors play no part).
    pub(super) fn roll(&self, kept: Kept) -> Roll {
        let mut dice = Vec::with_capacity(10);
        for (face, &count) in self.high.counts(kept.high).iter().enumerate() {
            let number = Number::new(5 + face as u8).expect("high faces are 5 to 10");
            dice.extend((0..count).map(|_| Die::new(Face::Number(number), None)));
        }
        for (face, &count) in self.low.counts(kept.low).iter().enumerate() {
            let shown = match Number::new(1 + face as u8) {
                Some(number) if face < 4 => Face::Number(number),
                _ => Face::Wild,
            };
            dice.extend((0..count).map(|_| Die::new(shown, None)));
        }
        Roll::new(dice).expect("ten dice")
    }
}

/// What one phase's tables hold for one goal.
struct GoalTables {
    /// `kept[r - 1][slot]`: keeping the slot's dice and rolling the rest, with `r` rolls left
    /// (1 or 2), times `6^(10·r)`.
    kept: [Vec<Pair>; 2],
    one_turn: Outlook,
}

struct PhaseTables {
    /// The figures of a full roll if the turn stops on it (chance 0 or 1, and its score).
    stopped: Vec<Pair>,
    goals: [GoalTables; 2],
}

static TABLES: [OnceLock<PhaseTables>; 10] = [const { OnceLock::new() }; 10];

fn tables(phase: &Phase) -> &'static PhaseTables {
    let index = usize::from(phase.number.get()) - 1;
    TABLES[index].get_or_init(|| PhaseTables::build(&PHASES[index]))
}

fn goal_index(goal: Goal) -> usize {
    match goal {
        Goal::Make => 0,
        Goal::Score => 1,
    }
}

/// The better of two pairs for the goal: its own figure first, the other to break a tie.
fn ranked(pair: Pair, goal: Goal) -> (u64, u64) {
    match goal {
        Goal::Make => (pair[0], pair[1]),
        Goal::Score => (pair[1], pair[0]),
    }
}

fn scaled(pair: Pair, by: u64) -> Pair {
    [pair[0] * by, pair[1] * by]
}

impl PhaseTables {
    fn build(phase: &Phase) -> PhaseTables {
        let shapes = &*SHAPES;
        let mut stopped = vec![[0, 0]; shapes.slots()];
        for kept in shapes.full_rolls() {
            let verdict = evaluate(phase, &shapes.roll(kept));
            stopped[shapes.slot(kept)] = [u64::from(verdict.made), u64::from(verdict.score)];
        }
        let goals = [Goal::Make, Goal::Score].map(|goal| GoalTables::build(&stopped, goal));
        PhaseTables { stopped, goals }
    }
}

impl GoalTables {
    fn build(stopped: &[Pair], goal: Goal) -> GoalTables {
        let shapes = &*SHAPES;
        let one_roll = 6u64.pow(SIXES_PER_ROLL);
        let last = expect(stopped);
        let best_before_last = best_of_full_rolls(&last, stopped, one_roll, goal);
        let first = expect(&best_before_last);
        let best_before_first = best_of_full_rolls(&first, stopped, one_roll * one_roll, goal);
        let mut totals = [0u128; 2];
        for roll in shapes.full_rolls() {
            let ways = shapes.high.ways(roll.high) * shapes.low.ways(roll.low);
            for (total, figure) in totals.iter_mut().zip(best_before_first[shapes.slot(roll)]) {
                *total += ways * u128::from(figure);
            }
        }
        let sixes = 3 * SIXES_PER_ROLL;
        GoalTables {
            kept: [last, first],
            one_turn: Outlook {
                chance: Exact::new(totals[0], sixes),
                expected_score: Exact::new(totals[1], sixes),
            },
        }
    }
}

/// From the figures of every full roll (times some `d`), the figures of keeping each multiset and
/// rolling the rest once (times `d · 6^10`).
fn expect(full: &[Pair]) -> Vec<Pair> {
    let shapes = &*SHAPES;
    // `sums[slot]` is the kept multiset's figure times `d · 6^missing`, built from larger ones.
    let mut sums = shapes.grown_from_full(full, |sum: Pair, weight, bigger| {
        [sum[0] + weight * bigger[0], sum[1] + weight * bigger[1]]
    });
    for high in 0..shapes.high.len() as u16 {
        for low in 0..shapes.low.len() as u16 {
            let kept = Kept { high, low };
            let slot = shapes.slot(kept);
            sums[slot] = scaled(sums[slot], 6u64.pow(shapes.kept_size(kept)));
        }
    }
    sums
}

/// For every full roll, the figures of the best choice on it: stopping (`stopped`, times
/// `scale`) or keeping part of it with the rest rolled (`kept`, already times `scale`).
fn best_of_full_rolls(kept: &[Pair], stopped: &[Pair], scale: u64, goal: Goal) -> Vec<Pair> {
    let shapes = &*SHAPES;
    let mut best = vec![[0u64; 2]; shapes.slots()];
    for roll in shapes.full_rolls() {
        let slot = shapes.slot(roll);
        let mut top = scaled(stopped[slot], scale);
        for &high in shapes.high.within(roll.high) {
            for &low in shapes.low.within(roll.low) {
                let part = kept[shapes.slot(Kept { high, low })];
                if (high, low) != (roll.high, roll.low) && ranked(part, goal) > ranked(top, goal) {
                    top = part;
                }
            }
        }
        best[slot] = top;
    }
    best
}

/// The dice lying on the table, as multisets; `None` unless they are six high and four low.
pub(crate) fn lying(high: &Counts, low: &Counts) -> Option<Kept> {
    let shapes = &*SHAPES;
    let kept = Kept {
        high: shapes.high.number(high)?,
        low: shapes.low.number(low)?,
    };
    (shapes.high.is_full(kept.high) && shapes.low.is_full(kept.low)).then_some(kept)
}

/// Every choice on a full roll with `rolls_left` (1 or 2): each multiset that can be kept, with
/// what it is worth (keeping everything is stopping).
pub(crate) fn choices(
    phase: &Phase,
    roll: Kept,
    rolls_left: u8,
    goal: Goal,
) -> Vec<(Counts, Counts, Outlook)> {
    let shapes = &*SHAPES;
    let tables = tables(phase);
    let level = usize::from(rolls_left) - 1;
    let sixes = SIXES_PER_ROLL * u32::from(rolls_left);
    let figures = &tables.goals[goal_index(goal)].kept[level];
    let mut out = Vec::with_capacity(1024);
    for &high in shapes.high.within(roll.high) {
        for &low in shapes.low.within(roll.low) {
            let kept = Kept { high, low };
            let pair = if kept == roll {
                scaled(tables.stopped[shapes.slot(kept)], 6u64.pow(sixes))
            } else {
                figures[shapes.slot(kept)]
            };
            out.push((
                *shapes.high.counts(high),
                *shapes.low.counts(low),
                Outlook {
                    chance: Exact::new(u128::from(pair[0]), sixes),
                    expected_score: Exact::new(u128::from(pair[1]), sixes),
                },
            ));
        }
    }
    out
}

/// A whole turn played best for the goal.
pub(crate) fn one_turn(phase: &Phase, goal: Goal) -> Outlook {
    tables(phase).goals[goal_index(goal)].one_turn
}
