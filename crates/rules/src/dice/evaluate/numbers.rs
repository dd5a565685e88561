//! The search for phases made only of sets and runs.
//!
//! Colors play no part, so the roll is reduced to a count of dice per number and a count of
//! wilds. For a chosen target, taking as many natural dice as the group can use is never worse:
//! per number, the groups together use min(dice of that number, places for it) naturals whatever
//! order they take them in, and every place left over is a wild. So the search only chooses the
//! targets, and a group with no natural die in it is one option (its wilds can stand anywhere).

use super::{GroupUse, StandsFor, Target, Targets, UsedDie, repeats_previous, used};
use crate::dice::faces::{Die, Face, Number};
use crate::phases::{Group, GroupKind};

/// Dice not yet taken: `naturals[v]` dice show the number v (index 0 unused).
#[derive(Debug, Clone, Copy, Default)]
struct Pool {
    naturals: [u8; 11],
    wilds: u8,
}

struct Search<'a> {
    groups: &'a [Group],
    current: Targets,
    best: Option<(u32, Targets)>,
}

pub(super) fn best(groups: &[Group], dice: &[Die]) -> Option<Vec<GroupUse>> {
    let mut pool = Pool::default();
    for die in dice {
        match die.face {
            Face::Number(n) => pool.naturals[usize::from(n.get())] += 1,
            Face::Wild => pool.wilds += 1,
        }
    }
    let mut search = Search {
        groups,
        current: Targets::default(),
        best: None,
    };
    search.visit(0, pool, 0);
    let (_, targets) = search.best?;
    Some(fill(groups, &targets, dice))
}

/// The highest first number a run of `size` can have.
fn highest_start(size: u8) -> u8 {
    Number::MAX + 1 - size
}

impl Search<'_> {
    fn visit(&mut self, index: usize, pool: Pool, score: u32) {
        let Some(group) = self.groups.get(index) else {
            if self.best.is_none_or(|(best, _)| score > best) {
                self.best = Some((score, self.current));
            }
            return;
        };
        // Target 0 means "wilds only" and comes last.
        let limit = match (
            repeats_previous(self.groups, index),
            self.current[index.saturating_sub(1)],
        ) {
            (true, Target::Set(v) | Target::RunFrom(v)) => v,
            _ => Number::MAX,
        };
        match group.kind {
            GroupKind::Set => self.visit_sets(index, group.size, limit, pool, score),
            GroupKind::Run => self.visit_runs(index, group.size, limit, pool, score),
            GroupKind::Color => {}
        }
        if pool.wilds >= group.size {
            let mut next = pool;
            next.wilds -= group.size;
            self.current[index] = match group.kind {
                GroupKind::Run => Target::RunFrom(0),
                _ => Target::Set(0),
            };
            self.visit(index + 1, next, score);
        }
    }

    fn visit_sets(&mut self, index: usize, size: u8, limit: u8, pool: Pool, score: u32) {
        for value in (1..=limit).rev() {
            let take = pool.naturals[usize::from(value)].min(size);
            if take == 0 || size - take > pool.wilds {
                continue;
            }
            let mut next = pool;
            next.naturals[usize::from(value)] -= take;
            next.wilds -= size - take;
            self.current[index] = Target::Set(value);
            self.visit(index + 1, next, score + u32::from(take) * u32::from(value));
        }
    }

    fn visit_runs(&mut self, index: usize, size: u8, limit: u8, pool: Pool, score: u32) {
        for start in (1..=limit.min(highest_start(size))).rev() {
            let mut next = pool;
            let (mut taken, mut gained) = (0u8, 0u32);
            for value in start..start + size {
                let count = &mut next.naturals[usize::from(value)];
                if *count > 0 {
                    *count -= 1;
                    taken += 1;
                    gained += u32::from(value);
                }
            }
            if taken == 0 || size - taken > next.wilds {
                continue;
            }
            next.wilds -= size - taken;
            self.current[index] = Target::RunFrom(start);
            self.visit(index + 1, next, score + gained);
        }
    }
}

/// Picks the dice for the chosen targets, the same way the search counted them: naturals first
/// (in roll order), wilds for the places left. A run's dice come out from its lowest number up.
fn fill(groups: &[Group], targets: &Targets, dice: &[Die]) -> Vec<GroupUse> {
    let mut free: u16 = (1 << dice.len()) - 1;
    let mut take = |wanted: Face| {
        let index = (0..dice.len()).find(|&i| free & 1 << i != 0 && dice[i].face == wanted)?;
        free &= !(1 << index);
        Some(index)
    };
    let mut place = |into: &mut Vec<UsedDie>, number: Option<Number>, naturals_allowed: bool| {
        let natural = number
            .filter(|_| naturals_allowed)
            .and_then(|n| take(Face::Number(n)));
        let chosen = natural.or_else(|| take(Face::Wild));
        if let Some(index) = chosen {
            into.push(used(dice, index, number.map(StandsFor::Number)));
        }
    };
    groups
        .iter()
        .zip(targets)
        .map(|(group, target)| {
            let mut chosen = Vec::with_capacity(usize::from(group.size));
            match *target {
                Target::Set(value) => {
                    // Naturals come first, as a player lays them out. A wilds-only set (target 0)
                    // stands for the highest number.
                    let number = Number::new(value).or(Number::new(Number::MAX));
                    for _ in 0..group.size {
                        place(&mut chosen, number, value != 0);
                    }
                }
                Target::RunFrom(start) => {
                    let first = if start == 0 {
                        highest_start(group.size)
                    } else {
                        start
                    };
                    for value in first..first + group.size {
                        place(&mut chosen, Number::new(value), start != 0);
                    }
                }
                Target::Color(_) | Target::None => {}
            }
            GroupUse {
                group: *group,
                dice: chosen,
            }
        })
        .collect()
}
