//! The search for phases that mix color groups with sets or runs (house rules).
//!
//! A die's number and color both matter there, so this search tries, group by group, every
//! subset of the dice not yet taken that has the group's size. Exact and plainly correct, and
//! slower than the other two searches; no phase of the dice game needs it.

use super::{GroupUse, StandsFor, UsedDie, used};
use crate::dice::faces::{Color, Die, Face, Number};
use crate::phases::{Group, GroupKind, MAX_GROUPS};

/// What a subset of dice makes for a group: its score and what its wilds stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Made {
    Set(Number),
    /// The run's first number.
    Run(u8),
    Color(Color),
}

/// For each group, the dice it takes (a bit set over the roll) and what they make.
type Chosen = [(u16, Option<Made>); MAX_GROUPS];

struct Search<'a> {
    groups: &'a [Group],
    dice: &'a [Die],
    current: Chosen,
    best: Option<(u32, Chosen)>,
}

pub(super) fn best(groups: &[Group], dice: &[Die]) -> Option<Vec<GroupUse>> {
    let mut search = Search {
        groups,
        dice,
        current: [(0, None); MAX_GROUPS],
        best: None,
    };
    let all = (1u16 << dice.len()) - 1;
    search.visit(0, all, 0);
    let (_, chosen) = search.best?;
    Some(
        groups
            .iter()
            .zip(chosen)
            .map(|(group, (mask, made))| GroupUse {
                group: *group,
                dice: made.map_or_else(Vec::new, |made| group_dice(dice, mask, made)),
            })
            .collect(),
    )
}

impl Search<'_> {
    fn visit(&mut self, index: usize, free: u16, score: u32) {
        let Some(group) = self.groups.get(index) else {
            if self.best.is_none_or(|(best, _)| score > best) {
                self.best = Some((score, self.current));
            }
            return;
        };
        let mut subset = free;
        while subset != 0 {
            if subset.count_ones() == u32::from(group.size)
                && let Some((gained, made)) = judge(group.kind, group.size, self.dice, subset)
            {
                self.current[index] = (subset, Some(made));
                self.visit(index + 1, free & !subset, score + gained);
            }
            subset = (subset - 1) & free;
        }
    }
}

fn members(mask: u16, len: usize) -> impl Iterator<Item = usize> {
    (0..len).filter(move |i| mask & 1 << i != 0)
}

/// Whether the dice in `mask` make a group of this kind, and with what score.
fn judge(kind: GroupKind, size: u8, dice: &[Die], mask: u16) -> Option<(u32, Made)> {
    let chosen: Vec<Die> = members(mask, dice.len()).map(|i| dice[i]).collect();
    let numbers: Vec<u8> = chosen
        .iter()
        .filter_map(|d| d.face.number())
        .map(Number::get)
        .collect();
    let score = numbers.iter().map(|&n| u32::from(n)).sum();
    let made = match kind {
        GroupKind::Set => {
            let first = numbers.first().copied().unwrap_or(Number::MAX);
            if numbers.iter().any(|&n| n != first) {
                return None;
            }
            Made::Set(Number::new(first)?)
        }
        GroupKind::Run => {
            let mut sorted = numbers.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if sorted.len() != numbers.len() {
                return None;
            }
            let start = sorted
                .first()
                .copied()
                .unwrap_or(Number::MAX)
                .min(Number::MAX + 1 - size);
            if sorted.last().is_some_and(|&last| last >= start + size) {
                return None;
            }
            Made::Run(start)
        }
        GroupKind::Color => {
            let color = chosen.first()?.color?;
            if chosen.iter().any(|d| d.color != Some(color)) {
                return None;
            }
            Made::Color(color)
        }
    };
    Some((score, made))
}

/// The dice of a group in the order a player reads them, wilds marked with what they stand for.
fn group_dice(dice: &[Die], mask: u16, made: Made) -> Vec<UsedDie> {
    let mut indices: Vec<usize> = members(mask, dice.len()).collect();
    match made {
        Made::Set(number) => {
            indices.sort_by_key(|&i| dice[i].face == Face::Wild);
            indices
                .iter()
                .map(|&i| used(dice, i, Some(StandsFor::Number(number))))
                .collect()
        }
        Made::Color(color) => {
            indices.sort_by_key(|&i| std::cmp::Reverse(dice[i].face.points()));
            indices
                .iter()
                .map(|&i| used(dice, i, Some(StandsFor::Color(color))))
                .collect()
        }
        Made::Run(start) => {
            let mut wilds = indices.iter().filter(|&&i| dice[i].face == Face::Wild);
            let mut run = Vec::new();
            for value in (start..).take(indices.len()) {
                let number = Number::new(value);
                let natural = indices.iter().find(|&&i| dice[i].face.number() == number);
                if let Some(&i) = natural.or_else(|| wilds.next()) {
                    run.push(used(dice, i, number.map(StandsFor::Number)));
                }
            }
            run
        }
    }
}
