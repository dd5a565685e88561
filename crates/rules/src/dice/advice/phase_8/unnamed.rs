//! Phase 8 with dice without names (RULES §8): a player at a table says "a red 7", not "H4".
//! Where the faces shown fit the physical dice in several ways, each way is an equally likely
//! outcome of the same roll, so a choice of dice on the table (by their places) is worth the
//! average, over the ways, of rolling again the physical dice that lie at those places.
//!
//! With one roll left every choice of every way is four lookups. With two, the work of a named
//! position ([`Plan::choices`]) is done once for every way at once: the choices known from
//! tables are summed over the ways; a choice that must be summed per request is summed only if
//! its bound, summed over the ways in the same way, may reach the `shown`-th best. Of two ways
//! with the same faces on every die (two orange wilds swapped), the sums are made once.

use std::collections::HashMap;

use super::{
    CHOICES, COLORS, COMMON, Common, DICE, Faces, Figures, Goal, Kept, NEAR, Places, Plan, near,
    plan, set_of, six_to,
};
use crate::dice::advice::{Exact, Outlook};

/// One way the dice on the table lie on the ten physical dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Way {
    /// The face of each physical die, as in [`Faces`].
    pub faces: Faces,
    /// The index of the physical die at each place on the table.
    pub die_at: [usize; DICE],
}

impl Way {
    /// The physical dice (bit d: `DieId::ALL[d]`) at the places of `places` (bit i: place i).
    pub(crate) fn dice(&self, places: usize) -> usize {
        (0..DICE)
            .filter(|i| places & 1 << i != 0)
            .fold(0, |mask, i| mask | 1 << self.die_at[i])
    }
}

/// Figures summed over the ways, over 6^20 (two rolls left) or 6^10 (one).
#[derive(Debug, Clone, Copy, Default)]
struct Sum {
    chance: u128,
    score: u128,
}

impl Sum {
    fn add(&mut self, figures: Figures) {
        self.chance += u128::from(figures.chance);
        self.score += u128::from(figures.score);
    }

    fn ranked(self, goal: Goal) -> (u128, u128) {
        match goal {
            Goal::Make => (self.chance, self.score),
            Goal::Score => (self.score, self.chance),
        }
    }

    fn mean(self, ways: usize, sixes: u32) -> Outlook {
        let parts = u32::try_from(ways).expect("fewer ways than 2^32");
        Outlook {
            chance: Exact::divided(self.chance, sixes, parts),
            expected_score: Exact::divided(self.score, sixes, parts),
        }
    }
}

/// For each choice of places on the table to roll again (`choices`, bit i: place i), what best
/// play for `goal` is worth from there, averaged over the `ways` the dice lie; `None` for a
/// choice proved worse than `shown` choices that are weighed. `rolls_left` is 1 or 2.
///
/// # Panics
/// If there is no way, `rolls_left` is not 1 or 2, or `shown` is 0.
pub fn phase_8_unnamed_choices(
    ways: &[Way],
    choices: &[usize],
    rolls_left: u8,
    goal: Goal,
    shown: usize,
) -> Vec<Option<Outlook>> {
    assert!(
        !ways.is_empty() && shown > 0,
        "some ways, some choices shown"
    );
    match rolls_left {
        1 => one_roll_left(&COMMON, ways, choices),
        2 => plan(goal).unnamed_choices(&COMMON, ways, choices, shown),
        _ => panic!("rolls_left is 1 or 2, not {rolls_left}"),
    }
}

/// Every choice with one roll left, averaged: nothing is decided after it, so nothing is
/// pruned.
fn one_roll_left(common: &Common, ways: &[Way], choices: &[usize]) -> Vec<Option<Outlook>> {
    let mut sums = vec![Sum::default(); choices.len()];
    for (faces, ways) in by_faces(ways) {
        let figures = common.last.choices(&faces);
        for way in ways {
            for (sum, &places) in sums.iter_mut().zip(choices) {
                let mask = way.dice(places);
                // over 6^rolled: brought to 6^10
                sum.add(figures[mask].times(six_to(DICE - mask.count_ones() as usize)));
            }
        }
    }
    sums.into_iter()
        .map(|sum| Some(sum.mean(ways.len(), DICE as u32)))
        .collect()
}

/// The ways grouped by the faces of the physical dice.
fn by_faces(ways: &[Way]) -> Vec<(Faces, Vec<&Way>)> {
    let mut groups: Vec<(Faces, Vec<&Way>)> = Vec::new();
    let mut at: HashMap<Faces, usize> = HashMap::new();
    for way in ways {
        let group = *at.entry(way.faces).or_insert_with(|| {
            groups.push((way.faces, Vec::new()));
            groups.len() - 1
        });
        groups[group].1.push(way);
    }
    groups
}

/// The `shown`-th best of the sums known for `goal`, or nothing when fewer are known.
fn nth_best(known: &[Option<Sum>], shown: usize, goal: Goal) -> (u128, u128) {
    let mut ranked: Vec<(u128, u128)> = known.iter().flatten().map(|s| s.ranked(goal)).collect();
    if shown < ranked.len() {
        *ranked.select_nth_unstable_by(shown - 1, |a, b| b.cmp(a)).1
    } else {
        (0, 0)
    }
}

/// What a plan knows of the faces of one group of ways.
struct OnFaces<'a> {
    faces: Faces,
    ways: Vec<&'a Way>,
    kept: Vec<Kept>,
    at: Places,
}

impl Plan {
    /// [`Plan::choices`] for every way at once, by places on the table (module documentation).
    fn unnamed_choices(
        &self,
        common: &Common,
        ways: &[Way],
        choices: &[usize],
        shown: usize,
    ) -> Vec<Option<Outlook>> {
        let goal = self.goal();
        let groups: Vec<OnFaces> = by_faces(ways)
            .into_iter()
            .map(|(faces, ways)| OnFaces {
                faces,
                ways,
                kept: Kept::of(common, &faces),
                at: self.two.places(&common.high, &faces),
            })
            .collect();
        // The colors a choice keeps are those shown at its places: the same in every way.
        let colors_kept = |places: usize| {
            let first = &groups[0];
            first.kept[first.ways[0].dice(places)].colors
        };
        let mut known: Vec<Option<Sum>> = choices
            .iter()
            .map(|&places| {
                let rolled = places.count_ones() as usize;
                let colors = colors_kept(places);
                if places != 0 && colors.count_ones() > 1 && rolled <= NEAR {
                    return None;
                }
                let mut sum = Sum::default();
                for group in &groups {
                    for way in &group.ways {
                        let mask = way.dice(places);
                        sum.add(if mask == 0 {
                            common.layout.stop(&group.faces).times(six_to(2 * DICE))
                        } else if colors.count_ones() <= 1 {
                            let c = colors.trailing_zeros() as usize % COLORS;
                            self.one_color[c][set_of(group.kept[mask].sets, c)]
                        } else {
                            self.two.table[group.at.of(mask)].times(six_to(DICE - rolled))
                        });
                    }
                }
                Some(sum)
            })
            .collect();
        let floor = nth_best(&known, shown, goal);
        // Per group, the sets of dice whose sums some choice that may be shown needs.
        let mut needed = vec![vec![false; CHOICES]; groups.len()];
        let mut summed = vec![false; choices.len()];
        for ((&places, figures), summed) in choices.iter().zip(&known).zip(&mut summed) {
            if figures.is_some() {
                continue;
            }
            let kept = DICE - places.count_ones() as usize;
            let bound: u128 = groups
                .iter()
                .flat_map(|group| {
                    group.ways.iter().map(|way| {
                        let at = &group.kept[way.dice(places)];
                        let best = self.best.best(at.sets).ranked(goal).0;
                        u128::from(best.min(self.alone.at_most(&at.at, kept)))
                    })
                })
                .sum();
            if bound < floor.0 {
                continue;
            }
            *summed = true;
            for (group, needed) in groups.iter().zip(&mut needed) {
                for way in &group.ways {
                    let mask = way.dice(places);
                    let mut subset = mask;
                    while subset > 0 {
                        needed[subset] = true;
                        subset = (subset - 1) & mask;
                    }
                }
            }
        }
        let differing: Vec<Vec<Figures>> = groups
            .iter()
            .zip(&needed)
            .map(|(group, needed)| near::sums(common, &self.one, &group.faces, needed))
            .collect();
        for ((&places, figures), _) in choices
            .iter()
            .zip(&mut known)
            .zip(&summed)
            .filter(|(_, summed)| **summed)
        {
            let mut sum = Sum::default();
            for (group, differing) in groups.iter().zip(&differing) {
                for way in &group.ways {
                    let mask = way.dice(places);
                    let mut within = differing[0];
                    let mut subset = mask;
                    while subset > 0 {
                        within = within.plus(differing[subset]);
                        subset = (subset - 1) & mask;
                    }
                    sum.add(within.times(six_to(DICE - mask.count_ones() as usize)));
                }
            }
            *figures = Some(sum);
        }
        let floor = nth_best(&known, shown, goal);
        known
            .into_iter()
            .map(|sum| {
                let sum = sum?;
                (sum.ranked(goal) >= floor).then(|| sum.mean(ways.len(), 2 * DICE as u32))
            })
            .collect()
    }
}
