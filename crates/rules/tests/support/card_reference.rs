//! A brute-force reference for the card game's phases: tries every way of giving each card to
//! one of the phase's groups or keeping it in hand, checks each group directly, and keeps the
//! most points laid down. Slow on purpose of being plainly right; `evaluate` and
//! `check_laid_down` are checked against it.

use phase10_rules::cards::{Card, CardColor, CardValue};
use phase10_rules::{GroupKind, Phase};

/// What a card is worth in a hand at the end (RULES §7), written out again here.
pub fn worth(card: Card) -> u32 {
    match card.value {
        CardValue::Number(n) if n >= 10 => 10,
        CardValue::Number(_) => 5,
        CardValue::Skip => 15,
        CardValue::Wild => 25,
    }
}

fn number(card: &Card) -> Option<u8> {
    match card.value {
        CardValue::Number(n) => Some(n),
        _ => None,
    }
}

fn is_wild(card: &Card) -> bool {
    card.value == CardValue::Wild
}

/// Whether `cards` could still become a group of `kind` with more cards added: no Skip, and
/// the natural cards already agree (one number, one color, or distinct numbers a run can hold).
fn could_grow(kind: GroupKind, cards: &[Card]) -> bool {
    if cards.iter().any(|c| c.value == CardValue::Skip) {
        return false;
    }
    let numbers: Vec<u8> = cards.iter().filter_map(number).collect();
    match kind {
        GroupKind::Set => numbers.windows(2).all(|w| w[0] == w[1]),
        GroupKind::Color => {
            let colors: Vec<Option<CardColor>> = cards
                .iter()
                .filter(|c| number(c).is_some())
                .map(|c| c.color)
                .collect();
            colors.iter().all(|&c| c.is_some() && c == colors[0])
        }
        GroupKind::Run => {
            let mut seen = [false; 13];
            cards.len() <= 12
                && numbers.iter().all(|&n| {
                    let fresh = (1..=12).contains(&n) && !seen[usize::from(n)];
                    seen[usize::from(n)] = true;
                    fresh
                })
                && match (numbers.iter().min(), numbers.iter().max()) {
                    (Some(lo), Some(hi)) => hi - lo < 12,
                    _ => true,
                }
        }
    }
}

/// Whether `cards` are, all of them, one group of `kind` of at least `size` cards.
pub fn is_group(kind: GroupKind, size: u8, cards: &[Card]) -> bool {
    if cards.len() < usize::from(size) || !could_grow(kind, cards) {
        return false;
    }
    match kind {
        GroupKind::Set | GroupKind::Color => true,
        GroupKind::Run => {
            // Some window of cards.len() numbers within 1-12 holds every natural card.
            let length = cards.len() as u8;
            (1..=13 - length).any(|start| {
                cards
                    .iter()
                    .filter_map(number)
                    .all(|n| (start..start + length).contains(&n))
            })
        }
    }
}

/// Whether these groups, the i-th given for the i-th group of the phase, make it: each a group,
/// a natural card somewhere, and in El Chavo's phase 10 a Wild or an 8 in a set.
pub fn makes_phase(phase: &Phase, el_chavo: bool, groups: &[Vec<Card>]) -> bool {
    groups.len() == phase.groups.len()
        && phase
            .groups
            .iter()
            .zip(groups)
            .all(|(g, cards)| is_group(g.kind, g.size, cards))
        && groups.iter().flatten().any(|c| number(c).is_some())
        && (!(el_chavo && phase.number.get() == 10)
            || phase.groups.iter().zip(groups).any(|(g, cards)| {
                g.kind == GroupKind::Set && cards.iter().any(|c| is_wild(c) || number(c) == Some(8))
            }))
}

/// Whether groups given in any order make the phase.
pub fn makes_phase_in_any_order(phase: &Phase, el_chavo: bool, groups: &[Vec<Card>]) -> bool {
    permutations(groups.len()).into_iter().any(|order| {
        let arranged: Vec<Vec<Card>> = order.iter().map(|&i| groups[i].clone()).collect();
        makes_phase(phase, el_chavo, &arranged)
    })
}

fn permutations(count: usize) -> Vec<Vec<usize>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for rest in permutations(count - 1) {
        for at in 0..=rest.len() {
            let mut order = rest.clone();
            order.insert(at, count - 1);
            all.push(order);
        }
    }
    all
}

/// The most points with which some of `cards` make the phase, or None when none do.
pub fn best_points(phase: &Phase, el_chavo: bool, cards: &[Card]) -> Option<u32> {
    let mut groups: Vec<Vec<Card>> = vec![Vec::new(); phase.groups.len()];
    let mut best = None;
    assign(phase, el_chavo, cards, &mut groups, &mut best);
    best
}

/// Gives the first card to each group in turn (or keeps it), then the rest likewise.
fn assign(
    phase: &Phase,
    el_chavo: bool,
    cards: &[Card],
    groups: &mut Vec<Vec<Card>>,
    best: &mut Option<u32>,
) {
    let Some((&card, rest)) = cards.split_first() else {
        if makes_phase(phase, el_chavo, groups) {
            let points = groups.iter().flatten().map(|&c| worth(c)).sum();
            *best = (*best).max(Some(points));
        }
        return;
    };
    assign(phase, el_chavo, rest, groups, best);
    for (at, group) in phase.groups.iter().enumerate() {
        groups[at].push(card);
        if could_grow(group.kind, &groups[at]) {
            assign(phase, el_chavo, rest, groups, best);
        }
        groups[at].pop();
    }
}
