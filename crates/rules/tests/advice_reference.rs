//! The advisor against an independent brute force (RULES §8), for the nine phases of numbers:
//! with one roll left, every choice of dice to roll again and every outcome of rolling them is
//! enumerated and the final dice are judged by the evaluator; the advisor's figures must be the
//! same fractions and its ranking of the choices the same. With two rolls left, choices that roll
//! one or two dice again are checked the same way with the inner choice brute-forced too. Phase 8
//! has its own check (`advice_phase_8.rs`).

mod support;

use std::collections::HashMap;

use phase10_rules::dice::advice::{
    Advice, Exact, Goal, Lying, Outlook, advise, one_turn_of, weigh_all,
};
use phase10_rules::dice::layout::{DiceLayout, DieId};
use phase10_rules::dice::{Die, Roll, evaluate};
use phase10_rules::{PHASES, Phase};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use support::outcomes;

const GOALS: [Goal; 2] = [Goal::Make, Goal::Score];

fn number_phases() -> impl Iterator<Item = &'static Phase> {
    PHASES.iter().filter(|p| p.number.get() != 8)
}

/// Ten dice as a real roll leaves them, in a shuffled order.
fn random_table(rng: &mut SmallRng) -> Vec<Lying> {
    let mut dice: Vec<Lying> = DieId::ALL
        .iter()
        .map(|&id| {
            let face = DiceLayout::Standard.faces(id)[rng.random_range(0..6)];
            Lying {
                die: Die::new(face.face, face.color),
                id: None,
            }
        })
        .collect();
    dice.shuffle(rng);
    dice
}

/// A face as the brute force counts it: 0 for W, else the number.
fn value(die: &Die) -> u8 {
    die.face.number().map_or(0, |n| n.get())
}

fn die_of(value: u8) -> Die {
    match value {
        0 => "W".parse().unwrap(),
        v => v.to_string().parse().unwrap(),
    }
}

/// The evaluator's verdict on ten dice given as values, remembered by their sorted values.
struct Judge<'a> {
    phase: &'a Phase,
    seen: HashMap<u64, (u32, u32)>,
}

impl Judge<'_> {
    fn judge(&mut self, values: &[u8]) -> (u32, u32) {
        let mut sorted = [0u8; 10];
        sorted.copy_from_slice(values);
        sorted.sort_unstable();
        let key = sorted.iter().fold(0u64, |key, v| key * 11 + u64::from(*v));
        let phase = self.phase;
        *self.seen.entry(key).or_insert_with(|| {
            let roll = Roll::new(sorted.iter().map(|v| die_of(*v)).collect()).unwrap();
            let verdict = evaluate(phase, &roll);
            (u32::from(verdict.made), verdict.score)
        })
    }
}

/// `outcomes` of 0 to 6 high dice and of 0 to 4 low dice, listed once.
struct Outcomes {
    high: Vec<Vec<(Vec<u8>, u128)>>,
    low: Vec<Vec<(Vec<u8>, u128)>>,
}

impl Outcomes {
    fn new() -> Outcomes {
        Outcomes {
            high: (0..=6).map(|n| outcomes(n, true)).collect(),
            low: (0..=4).map(|n| outcomes(n, false)).collect(),
        }
    }
}

/// The exact figures of rolling the dice at `reroll` once and stopping.
fn roll_once(judge: &mut Judge, every: &Outcomes, table: &[u8], reroll: &[usize]) -> Outlook {
    let kept: Vec<u8> = (0..table.len())
        .filter(|i| !reroll.contains(i))
        .map(|i| table[i])
        .collect();
    let high = reroll.iter().filter(|&&i| table[i] >= 5).count();
    let low = reroll.len() - high;
    let (mut made, mut score) = (0u128, 0u128);
    for (highs, high_ways) in &every.high[high] {
        for (lows, low_ways) in &every.low[low] {
            let mut all = [0u8; 10];
            let parts = kept.iter().chain(highs).chain(lows);
            all.iter_mut().zip(parts).for_each(|(slot, v)| *slot = *v);
            let (m, s) = judge.judge(&all);
            made += high_ways * low_ways * u128::from(m);
            score += high_ways * low_ways * u128::from(s);
        }
    }
    let sixes = reroll.len() as u32;
    Outlook {
        chance: Exact::new(made, sixes),
        expected_score: Exact::new(score, sixes),
    }
}

fn positions(mask: u16) -> Vec<usize> {
    (0..10).filter(|i| mask & 1 << i != 0).collect()
}

/// Every choice of dice to roll again, brute-forced.
fn brute_force(phase: &Phase, table: &[Lying], every: &Outcomes) -> Vec<(Vec<usize>, Outlook)> {
    let values: Vec<u8> = table.iter().map(|d| value(&d.die)).collect();
    let mut judge = Judge {
        phase,
        seen: HashMap::new(),
    };
    (0..1u16 << 10)
        .map(|mask| {
            let reroll = positions(mask);
            let outlook = roll_once(&mut judge, every, &values, &reroll);
            (reroll, outlook)
        })
        .collect()
}

/// The choices ranked as RULES §8 says, one per multiset of dice kept.
fn ranking(
    table: &[Lying],
    mut all: Vec<(Vec<usize>, Outlook)>,
    goal: Goal,
) -> Vec<(Vec<usize>, Outlook)> {
    let values: Vec<u8> = table.iter().map(|d| value(&d.die)).collect();
    all.sort_by(|a, b| {
        b.1.ranked(goal)
            .cmp(&a.1.ranked(goal))
            .then(a.0.len().cmp(&b.0.len()))
            .then(a.0.cmp(&b.0))
    });
    let mut kept_seen = Vec::new();
    all.retain(|(reroll, _)| {
        let mut kept: Vec<u8> = (0..10)
            .filter(|i| !reroll.contains(i))
            .map(|i| values[i])
            .collect();
        kept.sort_unstable();
        let new = !kept_seen.contains(&kept);
        kept_seen.push(kept);
        new
    });
    all
}

fn weighed(phase: &Phase, table: &[Lying], rolls_left: u8, goal: Goal) -> Advice {
    weigh_all(phase, DiceLayout::Standard, table, rolls_left, goal).unwrap()
}

#[track_caller]
fn check_one_roll_left(phase: &Phase, table: &[Lying], every: &Outcomes) {
    let all = brute_force(phase, table, every);
    for goal in GOALS {
        let expected = ranking(table, all.clone(), goal);
        let advice = weighed(phase, table, 1, goal);
        let got: Vec<(Vec<usize>, Outlook)> = advice
            .options
            .iter()
            .map(|c| (c.reroll.clone(), c.outlook))
            .collect();
        assert_eq!(got, expected, "{phase}, {goal:?}, dice {table:?}");
        assert_eq!(advice.outlook, expected[0].1);
        let shown = advise(phase, DiceLayout::Standard, table, 1, goal).unwrap();
        assert_eq!(shown.options[..], advice.options[..5]);
        assert_eq!(shown.reroll(), &expected[0].0[..]);
    }
}

#[test]
fn with_one_roll_left_every_choice_and_figure_is_the_brute_force_s() {
    let mut rng = SmallRng::seed_from_u64(13);
    let every = Outcomes::new();
    for phase in number_phases() {
        for _ in 0..2 {
            check_one_roll_left(phase, &random_table(&mut rng), &every);
        }
    }
}

#[test]
fn positions_with_many_equal_faces_rank_as_the_brute_force_does() {
    // Ties between choices come with equal faces: wilds, pairs and a full set.
    let every = Outcomes::new();
    let tables = [
        "W W W W 10 10 10 10 10 10",
        "1 1 W W 5 5 6 6 7 7",
        "2 W 1 W 9 8 9 8 5 6",
    ];
    for (phase, text) in [
        (0, tables[0]),
        (6, tables[1]),
        (3, tables[2]),
        (9, tables[1]),
    ] {
        let table: Vec<Lying> = text
            .split(' ')
            .map(|t| Lying {
                die: t.parse().unwrap(),
                id: None,
            })
            .collect();
        check_one_roll_left(&PHASES[phase], &table, &every);
    }
}

#[test]
fn with_two_rolls_left_rolling_one_or_two_dice_is_worth_the_best_of_every_outcome() {
    let mut rng = SmallRng::seed_from_u64(14);
    for phase in number_phases() {
        let table = random_table(&mut rng);
        for goal in GOALS {
            let advice = weighed(phase, &table, 2, goal);
            for choice in advice
                .options
                .iter()
                .filter(|c| (1..=2).contains(&c.reroll.len()))
            {
                assert_eq!(
                    choice.outlook,
                    best_after_rolling(phase, &table, &choice.reroll, goal),
                    "{phase}, {goal:?}, {table:?}, rolling {:?}",
                    choice.reroll
                );
            }
        }
    }
}

/// Rolling the dice at `reroll` face by face on their own physical dice, then the best choice
/// with one roll left (taken from the advisor, itself checked against the brute force above).
fn best_after_rolling(phase: &Phase, table: &[Lying], reroll: &[usize], goal: Goal) -> Outlook {
    let (mut chance, mut score) = (0u128, 0u128);
    let sixes = 10 + reroll.len() as u32;
    let faces = |i: usize| {
        let low = table[i].die.face.number().is_none_or(|n| n.get() <= 4);
        DiceLayout::Standard.faces(if low { DieId::L1 } else { DieId::H1 })
    };
    let mut outcome = table.to_vec();
    for first in faces(reroll[0]) {
        outcome[reroll[0]].die = Die::new(first.face, None);
        let seconds: Vec<_> = match reroll.get(1) {
            Some(&at) => faces(at).map(Some).to_vec(),
            None => vec![None],
        };
        for second in seconds {
            if let Some(second) = second {
                outcome[reroll[1]].die = Die::new(second.face, None);
            }
            let best = weighed(phase, &outcome, 1, goal).outlook;
            chance += best.chance.over(10);
            score += best.expected_score.over(10);
        }
    }
    Outlook {
        chance: Exact::new(chance, sixes),
        expected_score: Exact::new(score, sixes),
    }
}

#[test]
fn the_advisor_never_does_worse_than_simple_strategies() {
    let mut rng = SmallRng::seed_from_u64(15);
    for phase in number_phases() {
        for _ in 0..20 {
            let table = random_table(&mut rng);
            for rolls_left in 1..=2 {
                for goal in GOALS {
                    let advice = weighed(phase, &table, rolls_left, goal);
                    let worth = |reroll: &[usize]| {
                        let mut reroll = reroll.to_vec();
                        reroll.sort_unstable();
                        advice
                            .options
                            .iter()
                            .find(|c| same_dice_kept(&table, &c.reroll, &reroll))
                            .expect("every choice is weighed")
                            .outlook
                    };
                    let best = advice.outlook.ranked(goal);
                    assert!(best >= worth(&[]).ranked(goal), "keeping everything");
                    let most = keep_the_most_of_a_group(phase, &table);
                    assert!(best >= worth(&most).ranked(goal), "keeping {most:?}");
                }
            }
        }
    }
}

fn same_dice_kept(table: &[Lying], a: &[usize], b: &[usize]) -> bool {
    let kept = |reroll: &[usize]| {
        let mut v: Vec<u8> = (0..table.len())
            .filter(|i| !reroll.contains(i))
            .map(|i| value(&table[i].die))
            .collect();
        v.sort_unstable();
        v
    };
    kept(a) == kept(b)
}

/// A player's rule of thumb: for the phase's first group, keep the wilds and the dice that make
/// the most of it (the commonest number for a set, the most numbers of one stretch for a run);
/// roll the rest.
fn keep_the_most_of_a_group(phase: &Phase, table: &[Lying]) -> Vec<usize> {
    let values: Vec<u8> = table.iter().map(|d| value(&d.die)).collect();
    let group = phase.groups[0];
    let keep: Vec<usize> = match group.kind {
        phase10_rules::GroupKind::Set => {
            let best = (1..=10)
                .max_by_key(|v| (values.iter().filter(|x| *x == v).count(), *v))
                .unwrap();
            (0..10)
                .filter(|&i| values[i] == best || values[i] == 0)
                .collect()
        }
        _ => {
            let size = group.size;
            let start = (1..=11 - size)
                .max_by_key(|s| ((*s..*s + size).filter(|v| values.contains(v)).count(), *s))
                .unwrap();
            let mut taken = Vec::new();
            for i in 0..10 {
                let v = values[i];
                let fits = v == 0 || (start..start + size).contains(&v);
                if fits && (v == 0 || !taken.iter().any(|&j: &usize| values[j] == v)) {
                    taken.push(i);
                }
            }
            taken
        }
    };
    (0..10).filter(|i| !keep.contains(i)).collect()
}

#[test]
fn a_whole_turn_is_worth_the_average_over_the_first_roll_of_its_best_choice() {
    // Checked on the one phase where the first roll folds small enough: rolling ten dice has
    // 32,340 outcomes by faces; the advisor's best for each, weighted, is its whole-turn figure.
    let phase = &PHASES[3];
    for goal in GOALS {
        let (mut chance, mut score) = (0u128, 0u128);
        for (highs, high_ways) in outcomes(6, true) {
            for (lows, low_ways) in outcomes(4, false) {
                let table: Vec<Lying> = highs
                    .iter()
                    .chain(&lows)
                    .map(|v| Lying {
                        die: die_of(*v),
                        id: None,
                    })
                    .collect();
                let best = advise(phase, DiceLayout::Standard, &table, 2, goal).unwrap();
                chance += high_ways * low_ways * best.outlook.chance.over(20);
                score += high_ways * low_ways * best.outlook.expected_score.over(20);
            }
        }
        let whole = one_turn_of(phase, goal);
        assert_eq!(whole.chance, Exact::new(chance, 30));
        assert_eq!(whole.expected_score, Exact::new(score, 30));
    }
}
