//! Why dice do not make a phase, in a player's words and as data: for each group of the phase,
//! the most of it the dice come to ("a set of 3 (7 7 7); no run of 4, only 3 of it (4 5 6)"),
//! and whether dice are missing from the table (a turn ends with all ten).
//!
//! The most the dice come to is the arrangement with the most complete groups, then the most
//! dice placed: a part of a group is dice it could hold (a set's of one number, a run's of
//! different numbers close enough to fit it, a color group's of its color) with wilds anywhere.
//! With two groups, every part of the first that the dice allow is tried with the best part of
//! the second from the dice left: of the 2^10 subsets, only those no larger than the group and
//! taking the first of alike dice (a turn's view says this on every miss, so it is kept cheap).

use crate::dice::faces::{Color, Die, MAX_DICE};
use crate::phases::{Group, GroupKind, Phase};

/// How far dice get towards one group of the phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub group: Group,
    /// The positions of the dice that go towards it (at most its size).
    pub dice: Vec<usize>,
}

impl Part {
    pub fn complete(&self) -> bool {
        self.dice.len() == usize::from(self.group.size)
    }
}

/// Why dice do not make a phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Miss {
    /// Per group of the phase, in its order, the most of it the dice come to.
    pub parts: Vec<Part>,
    /// How many dice were given (a turn ends with ten).
    pub dice: usize,
}

/// The most the dice come to towards each group of a phase they do not make.
pub fn shortfall(phase: &Phase, dice: &[Die]) -> Miss {
    let all: Vec<usize> = (0..dice.len()).collect();
    let parts = match phase.groups {
        [only] => vec![best_part(*only, dice, &all)],
        [first, second] => {
            let mut best: Option<(Rank, Vec<Part>)> = None;
            let alike = earlier_alike(dice);
            for subset in 0u32..1 << dice.len() {
                if subset.count_ones() > u32::from(first.size) || !first_of_alike(subset, &alike) {
                    continue;
                }
                let taken: Vec<usize> = all
                    .iter()
                    .copied()
                    .filter(|i| subset & 1 << i != 0)
                    .collect();
                if !fits(*first, dice, &taken) {
                    continue;
                }
                let left: Vec<usize> = all
                    .iter()
                    .copied()
                    .filter(|i| subset & 1 << i == 0)
                    .collect();
                let parts = vec![
                    Part {
                        group: *first,
                        dice: taken,
                    },
                    best_part(*second, dice, &left),
                ];
                let rank = rank(&parts, dice);
                if best.as_ref().is_none_or(|(best, _)| rank > *best) {
                    best = Some((rank, parts));
                }
            }
            let mut parts = best.map(|(_, parts)| parts).unwrap_or_default();
            if first == second {
                // two groups alike (2 sets of 3): the one further along is said first
                parts.sort_by_key(|p| std::cmp::Reverse(p.dice.len()));
            }
            parts
        }
        _ => phase
            .groups
            .iter()
            .map(|g| Part {
                group: *g,
                dice: Vec::new(),
            })
            .collect(),
    };
    Miss {
        parts,
        dice: dice.len(),
    }
}

/// Per die, the earlier dice that show the same (bit j: die j).
fn earlier_alike(dice: &[Die]) -> Vec<u32> {
    (0..dice.len())
        .map(|i| {
            (0..i)
                .filter(|&j| dice[j] == dice[i])
                .fold(0, |mask, j| mask | 1 << j)
        })
        .collect()
}

/// Whether the subset takes, of dice that show the same, the first ones. Alike dice are
/// interchangeable, so the other subsets rank the same as one of these; and as the one of
/// them found first (the smallest) is always one of these, skipping the rest changes nothing.
fn first_of_alike(subset: u32, alike: &[u32]) -> bool {
    alike
        .iter()
        .enumerate()
        .all(|(i, &before)| subset & 1 << i == 0 || subset & before == before)
}

/// Complete groups, then dice placed, then natural points placed.
type Rank = (usize, usize, u32);

fn rank(parts: &[Part], dice: &[Die]) -> Rank {
    (
        parts.iter().filter(|p| p.complete()).count(),
        parts.iter().map(|p| p.dice.len()).sum(),
        parts
            .iter()
            .flat_map(|p| &p.dice)
            .map(|&i| dice[i].face.points())
            .sum(),
    )
}

/// Whether these dice could all go into the group (with more dice to come).
fn fits(group: Group, dice: &[Die], taken: &[usize]) -> bool {
    if taken.len() > usize::from(group.size) {
        return false;
    }
    if taken.is_empty() {
        return true;
    }
    let numbers = || {
        taken
            .iter()
            .filter_map(|&i| dice[i].face.number().map(|n| n.get()))
    };
    match group.kind {
        GroupKind::Set => numbers().collect::<std::collections::BTreeSet<_>>().len() <= 1,
        GroupKind::Run => {
            let mut seen = 0u16;
            for n in numbers() {
                if seen & 1 << n != 0 {
                    return false;
                }
                seen |= 1 << n;
            }
            seen == 0 || 15 - seen.leading_zeros() - seen.trailing_zeros() < u32::from(group.size)
        }
        GroupKind::Color => {
            let first = taken.first().and_then(|&i| dice[i].color);
            first.is_some() && taken.iter().all(|&i| dice[i].color == first)
        }
    }
}

/// The most of one group the dice at `from` come to: natural dice first, then wilds.
fn best_part(group: Group, dice: &[Die], from: &[usize]) -> Part {
    let size = usize::from(group.size);
    let wilds: Vec<usize> = from
        .iter()
        .copied()
        .filter(|&i| dice[i].face.number().is_none())
        .collect();
    let number = |i: usize| dice[i].face.number().map(|n| n.get());
    let candidates: Vec<Vec<usize>> = match group.kind {
        GroupKind::Set => (1..=10)
            .map(|n| {
                from.iter()
                    .copied()
                    .filter(|&i| number(i) == Some(n))
                    .collect()
            })
            .collect(),
        GroupKind::Run => (1..=11u8.saturating_sub(group.size))
            .map(|start| {
                (start..start + group.size)
                    .filter_map(|n| from.iter().copied().find(|&i| number(i) == Some(n)))
                    .collect()
            })
            .collect(),
        GroupKind::Color => Color::ALL
            .iter()
            .map(|&c| {
                let mut of_color: Vec<usize> = from
                    .iter()
                    .copied()
                    .filter(|&i| dice[i].color == Some(c))
                    .collect();
                // naturals first, the highest first, then the wilds of the color
                of_color.sort_by_key(|&i| std::cmp::Reverse(number(i).map_or(0, |n| n + 1)));
                of_color
            })
            .collect(),
    };
    let mut best = Vec::new();
    for mut part in candidates {
        if group.kind != GroupKind::Color {
            part.extend(&wilds);
        }
        part.truncate(size);
        let points = |p: &[usize]| p.iter().map(|&i| dice[i].face.points()).sum::<u32>();
        if (part.len(), points(&part)) > (best.len(), points(&best)) {
            best = part;
        }
    }
    if best.is_empty() && group.kind != GroupKind::Color {
        best = wilds.into_iter().take(size).collect();
    }
    best.sort_unstable();
    Part { group, dice: best }
}

/// A group as a player names it: "set of 3", "run of 4", "7 of one color".
pub fn group_words(group: Group) -> String {
    match group.kind {
        GroupKind::Set => format!("set of {}", group.size),
        GroupKind::Run => format!("run of {}", group.size),
        GroupKind::Color => format!("{} of one color", group.size),
    }
}

impl Miss {
    /// The miss in one sentence: "Not made: a set of 3 (7 7 7); no run of 4, only 3 of it
    /// (4 5 6)".
    pub fn summary(&self, dice: &[Die]) -> String {
        // A turn recorded with no dice is the way a missed turn is told.
        if self.dice == 0 {
            return "Not made: no dice were given (a missed turn)".into();
        }
        let said: Vec<String> = self
            .parts
            .iter()
            .map(|part| {
                let shown = faces(&part.dice, dice, part.group.kind == GroupKind::Color);
                let group = group_words(part.group);
                match part.dice.len() {
                    _ if part.complete() => format!("a {group} ({shown})"),
                    0 => format!("no {group}"),
                    have => format!("no {group}, only {have} of it ({shown})"),
                }
            })
            .collect();
        let mut sentence = format!("Not made: {}", said.join("; "));
        if self.dice < MAX_DICE {
            sentence.push_str(&format!(
                ". Only {} dice were given: a turn ends with all {MAX_DICE}",
                self.dice
            ));
        }
        sentence
    }
}

/// Dice by their faces, numbers ascending and wilds last; with their color first where it is
/// what counts.
fn faces(at: &[usize], dice: &[Die], colored: bool) -> String {
    let mut shown: Vec<Die> = at.iter().map(|&i| dice[i]).collect();
    shown.sort_by_key(|d| d.face.number().map_or(11, |n| n.get()));
    let words: Vec<String> = shown.iter().map(|d| d.face.to_string()).collect();
    match shown.first().and_then(|d| d.color) {
        Some(color) if colored => format!("{color} {}", words.join(" ")),
        _ => words.join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PHASES;

    fn dice(text: &str) -> Vec<Die> {
        text.split(' ').map(|d| d.parse().unwrap()).collect()
    }

    fn said(phase: usize, text: &str) -> String {
        let dice = dice(text);
        shortfall(&PHASES[phase - 1], &dice).summary(&dice)
    }

    #[test]
    fn a_miss_says_what_the_dice_come_to() {
        assert_eq!(
            said(2, "7 7 7 4 9 9 1 10 3 1"),
            "Not made: a set of 3 (7 7 7); no run of 4, only 3 of it (1 3 4)"
        );
        // Two dice short either way: a complete group is said first.
        assert_eq!(
            said(10, "7 7 7 W 10 10 2 5 6 9"),
            "Not made: no set of 5, only 3 of it (7 7 7); a set of 3 (10 10 W)"
        );
        assert_eq!(
            said(8, "5g 6g 8g 9g Wg 1r 2b 7o 10r 3o"),
            "Not made: no 7 of one color, only 5 of it (green 5 6 8 9 W)"
        );
        assert_eq!(
            said(4, "1 2 3 5 6 9 9 9 10 10"),
            "Not made: no run of 7, only 5 of it (1 2 3 5 6)"
        );
    }

    #[test]
    fn a_miss_is_dice_that_fit_their_groups_and_never_all_of_them() {
        use crate::dice::{DiceLayout, DieId, Roll, evaluate};
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(25);
        let mut misses = 0;
        for _ in 0..3000 {
            let count = rng.random_range(7..=10);
            let table: Vec<Die> = DieId::ALL[..count]
                .iter()
                .map(|&id| {
                    let face = DiceLayout::Standard.faces(id)[rng.random_range(0..6)];
                    Die::new(face.face, face.color)
                })
                .collect();
            for phase in &PHASES {
                if evaluate(phase, &Roll::new(table.clone()).unwrap()).made {
                    continue;
                }
                misses += 1;
                let miss = shortfall(phase, &table);
                assert!(miss.parts.iter().any(|p| !p.complete()), "{table:?}");
                let mut used = 0u16;
                for part in &miss.parts {
                    assert!(fits(part.group, &table, &part.dice), "{table:?} {part:?}");
                    for &i in &part.dice {
                        assert_eq!(used & 1 << i, 0, "a die in two groups");
                        used |= 1 << i;
                    }
                }
            }
        }
        assert!(misses > 10_000, "{misses}");
    }

    #[test]
    fn dice_left_out_are_said_to_be_missing() {
        // nine dice, one short: another 8 or 6 would have made it
        assert_eq!(
            said(10, "8 8 8 8 W 6 6 2 9"),
            "Not made: no set of 5, only 4 of it (8 8 8 8); a set of 3 (6 6 W). Only 9 dice were given: a turn ends with all 10"
        );
    }

    #[test]
    fn a_turn_without_dice_is_a_missed_turn() {
        let miss = shortfall(&PHASES[0], &[]);
        assert_eq!(
            miss.summary(&[]),
            "Not made: no dice were given (a missed turn)"
        );
    }
}
