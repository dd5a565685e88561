//! Fact 5 of the module: an upper bound on a choice with two rolls left, each color alone.
//!
//! With one roll left best play is worth the best of the four colors' own figures (fact 2).
//! For any threshold t, the best of four figures is at most t plus the part of each figure
//! above t (if the best is above t, its own part makes up the difference; the others add
//! nothing negative). Summed over the faces of the dice a choice rolls, that splits into one
//! sum per color, and a color's sum depends only on which kept dice show it: a table of one
//! color ([`ColorIndex`](super::last_roll::ColorIndex)). So the goal's figure of any choice is
//! at most four lookups and t times the outcomes.
//!
//! With t = 0 the bound is the sum of the colors' figures. A threshold near the figures that
//! compete to be shown drops the colors that trail from the sum altogether; where a choice's
//! figure is below the threshold the bound proves nothing, but such a choice is rarely near
//! the best five.

use super::{COLORS, Common, DICE, Figures, Goal, OneRollLeft, six_to};

/// Per color, the sum over the dice rolled of the part above the threshold of the goal's
/// figure of best play with one roll left for that color alone: over 6^(10 + dice rolled).
pub(super) struct Alone {
    /// Over 6^10.
    pub(super) threshold: u64,
    table: [Vec<u64>; COLORS],
}

impl Alone {
    /// The bound of a goal, with a threshold near the figures that compete to be shown: an
    /// eighth of a chance, six points (measured: of the thresholds tried, these leave fewest
    /// choices to sum).
    pub(super) fn new(common: &Common, one: &OneRollLeft) -> Alone {
        let goal = one.goal;
        let threshold = match goal {
            Goal::Make => six_to(10) / 8,
            Goal::Score => 6 * six_to(10),
        };
        let table = std::array::from_fn(|c| {
            (common.last.index)
                .table(&common.layout, &common.sets, c, |set| {
                    // the goal's figure, less the threshold, as figures the table sums
                    let above = one
                        .best
                        .get(c, set)
                        .ranked(goal)
                        .0
                        .saturating_sub(threshold);
                    match goal {
                        Goal::Make => Figures {
                            chance: above,
                            score: 0,
                        },
                        Goal::Score => Figures {
                            chance: 0,
                            score: above,
                        },
                    }
                })
                .iter()
                .map(|figures| figures.ranked(goal).0)
                .collect()
        });
        Alone { threshold, table }
    }

    /// No less than the goal's figure, over 6^20, of the choice keeping `kept` dice whose
    /// indices in the tables of one color are `at`.
    #[inline]
    pub(super) fn at_most(&self, at: &[u32; COLORS], kept: usize) -> u64 {
        let above: u64 = (0..COLORS).map(|c| self.table[c][at[c] as usize]).sum();
        (self.threshold * six_to(DICE - kept) + above) * six_to(kept)
    }
}
