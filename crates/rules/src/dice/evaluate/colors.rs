//! The search for phases made only of color groups.
//!
//! A color group takes the highest natural dice of its color and fills up with wilds of that
//! color, so per color only how many places the groups ask for matters: the search chooses a
//! color for each group and scores a color by the prefix sums of its dice, highest first.

use super::{GroupUse, StandsFor, Target, Targets, repeats_previous, used};
use crate::dice::faces::{Color, Die, MAX_DICE};
use crate::phases::Group;

/// The dice of one color: `best[k]` is the sum of its k highest naturals.
#[derive(Debug, Clone, Copy, Default)]
struct Shelf {
    best: [u32; MAX_DICE + 1],
    naturals: u8,
    wilds: u8,
}

struct Search<'a> {
    groups: &'a [Group],
    shelves: [Shelf; 4],
    current: Targets,
    best: Option<(u32, Targets)>,
}

pub(super) fn best(groups: &[Group], dice: &[Die]) -> Option<Vec<GroupUse>> {
    let mut shelves = [Shelf::default(); 4];
    for color in Color::ALL {
        let shelf = &mut shelves[color.index()];
        let mut values = [0u32; MAX_DICE];
        let mut count = 0;
        for die in dice.iter().filter(|d| d.color == Some(color)) {
            values[count] = die.face.points();
            count += 1;
        }
        let values = &mut values[..count];
        values.sort_unstable_by(|a, b| b.cmp(a));
        for (k, value) in values.iter().enumerate() {
            if *value == 0 {
                shelf.wilds += 1;
            } else {
                shelf.naturals += 1;
                shelf.best[k + 1] = shelf.best[k] + value;
            }
        }
    }
    let mut search = Search {
        groups,
        shelves,
        current: Targets::default(),
        best: None,
    };
    search.visit(0, [0; 4], 0);
    let (_, targets) = search.best?;
    Some(fill(groups, &targets, dice))
}

impl Search<'_> {
    fn visit(&mut self, index: usize, demand: [u8; 4], score: u32) {
        let Some(group) = self.groups.get(index) else {
            if self.best.is_none_or(|(best, _)| score > best) {
                self.best = Some((score, self.current));
            }
            return;
        };
        let first = match (
            repeats_previous(self.groups, index),
            self.current[index.saturating_sub(1)],
        ) {
            (true, Target::Color(color)) => color.index(),
            _ => 0,
        };
        for color in &Color::ALL[first..] {
            let shelf = self.shelves[color.index()];
            let before = demand[color.index()];
            let after = before + group.size;
            if after > shelf.naturals + shelf.wilds {
                continue;
            }
            let gained = shelf.best[usize::from(after.min(shelf.naturals))]
                - shelf.best[usize::from(before.min(shelf.naturals))];
            let mut next = demand;
            next[color.index()] = after;
            self.current[index] = Target::Color(*color);
            self.visit(index + 1, next, score + gained);
        }
    }
}

/// Picks the dice for the chosen colors: the highest naturals of the color, then its wilds.
fn fill(groups: &[Group], targets: &Targets, dice: &[Die]) -> Vec<GroupUse> {
    let mut free = vec![true; dice.len()];
    groups
        .iter()
        .zip(targets)
        .map(|(group, target)| {
            let Target::Color(color) = *target else {
                return GroupUse {
                    group: *group,
                    dice: Vec::new(),
                };
            };
            let mut of_color: Vec<usize> = (0..dice.len())
                .filter(|&i| free[i] && dice[i].color == Some(color))
                .collect();
            // Highest naturals first, wilds (0 points) last; the roll's order breaks ties.
            of_color.sort_by_key(|&i| (std::cmp::Reverse(dice[i].face.points()), i));
            let chosen: Vec<_> = of_color
                .into_iter()
                .take(usize::from(group.size))
                .map(|i| {
                    free[i] = false;
                    used(dice, i, Some(StandsFor::Color(color)))
                })
                .collect();
            GroupUse {
                group: *group,
                dice: chosen,
            }
        })
        .collect()
}
