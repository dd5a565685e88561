//! Fact 5 of the module: an upper bound on a choice with two rolls left, each color alone.
//!
//! With one roll left best play is worth the best of the four colors' own figures (fact 2),
//! and no figure is negative, so it is worth at most their sum. Summed over the faces of the
//! dice a choice rolls, that sum splits into one sum per color, and a color's sum depends
//! only on which kept dice show it: a table of one color ([`ColorIndex`]). So the goal's figure
//! of any choice is at most four lookups. Where one color leads, the others add little: the
//! bound keeps most choices of several colors from being summed.

use super::last_roll::ColorIndex;
use super::{COLORS, Common, OneRollLeft, six_to};

/// Per color, the sum over the dice rolled of the goal's figure of best play with one roll
/// left for that color alone: over 6^(10 + dice rolled).
pub(super) struct Alone {
    table: [Vec<u64>; COLORS],
}

impl Alone {
    pub(super) fn new(common: &Common, one: &OneRollLeft) -> Alone {
        let index: &ColorIndex = &common.last.index;
        let goal = one.goal;
        let table = std::array::from_fn(|c| {
            index
                .table(&common.layout, &common.sets, c, |set| one.best.get(c, set))
                .into_iter()
                .map(|figures| figures.ranked(goal).0)
                .collect()
        });
        Alone { table }
    }

    /// No less than the goal's figure, over 6^20, of the choice keeping `kept` dice whose
    /// indices in the tables of one color are `at`.
    #[inline]
    pub(super) fn at_most(&self, at: &[u32; COLORS], kept: usize) -> u64 {
        let sum: u64 = (0..COLORS).map(|c| self.table[c][at[c] as usize]).sum();
        sum * six_to(kept)
    }
}
