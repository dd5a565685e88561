//! A brute-force reference evaluator: tries every way of giving the dice to the groups, group by
//! group, and keeps the best. Slow on purpose of being plainly right; the real evaluator is
//! checked against it and benchmarked against it.

use phase10_rules::dice::{Color, Die, Face};
use phase10_rules::{Group, GroupKind, Phase};

/// The best score with which `dice` make `phase`, or `None` when they do not make it.
pub fn best_score(phase: &Phase, dice: &[Die]) -> Option<u32> {
    let free: Vec<usize> = (0..dice.len()).collect();
    best(phase.groups, &free, dice)
}

fn best(groups: &[Group], free: &[usize], dice: &[Die]) -> Option<u32> {
    let Some((group, rest)) = groups.split_first() else {
        return Some(0);
    };
    let mut best_so_far = None;
    for chosen in combinations(free, usize::from(group.size)) {
        let picked: Vec<Die> = chosen.iter().map(|&i| dice[i]).collect();
        let Some(score) = group_score(group.kind, &picked) else {
            continue;
        };
        let left: Vec<usize> = free
            .iter()
            .copied()
            .filter(|i| !chosen.contains(i))
            .collect();
        if let Some(more) = best(rest, &left, dice) {
            best_so_far = best_so_far.max(Some(score + more));
        }
    }
    best_so_far
}

/// Every way to choose `size` of `items`, in order.
fn combinations(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (at, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[at + 1..], size - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The score of these dice as one group of `kind`, if they make one.
pub fn group_score(kind: GroupKind, dice: &[Die]) -> Option<u32> {
    let numbers: Vec<u8> = dice
        .iter()
        .filter_map(|d| d.face.number())
        .map(|n| n.get())
        .collect();
    let score = numbers.iter().map(|&n| u32::from(n)).sum();
    let makes = match kind {
        GroupKind::Set => numbers.iter().all(|&n| n == numbers[0]),
        GroupKind::Run => {
            let size = dice.len() as u8;
            (1..=11 - size).any(|start| {
                let mut seen = [false; 11];
                numbers.iter().all(|&n| {
                    let fits = (start..start + size).contains(&n) && !seen[usize::from(n)];
                    seen[usize::from(n)] = true;
                    fits
                })
            })
        }
        GroupKind::Color => Color::ALL
            .iter()
            .any(|&c| dice.iter().all(|d| d.color == Some(c))),
    };
    makes.then_some(score)
}

/// Whether a die is a wild.
pub fn is_wild(die: &Die) -> bool {
    die.face == Face::Wild
}
