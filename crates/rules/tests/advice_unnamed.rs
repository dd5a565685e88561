//! RULES §8, dice without names: in phase 8, dice given by their faces alone that fit the ten
//! physical dice in several ways are advised on the average over every way. Checked against a
//! brute force of its own: the ways found by trying every physical die at every place, and each
//! way's figures from the evaluator on every outcome of the dice rolled again (one roll left), or
//! from the best of all 1024 named choices after each outcome (two rolls left).

use phase10_rules::PHASES;
use phase10_rules::dice::advice::{
    Exact, Faces, Goal, Lying, OPTIONS_SHOWN, Outlook, advise, phase_8_choices, weigh_all,
};
use phase10_rules::dice::{DiceLayout, Die, DieId, Roll, evaluate};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The die a physical die shows on face `f`.
fn shown(d: usize, f: u8) -> Die {
    let face = DiceLayout::Standard.faces(DieId::ALL[d])[usize::from(f)];
    Die::new(face.face, face.color)
}

/// Every way the dice on the table lie: per way, the physical die at each place and its face.
fn ways(table: &[Die]) -> Vec<Vec<(usize, u8)>> {
    fn walk(table: &[Die], used: u16, way: &mut Vec<(usize, u8)>, all: &mut Vec<Vec<(usize, u8)>>) {
        let Some(die) = table.get(way.len()) else {
            all.push(way.clone());
            return;
        };
        for d in (0..10).filter(|d| used & 1 << d == 0) {
            for f in (0..6).filter(|&f| shown(d, f) == *die) {
                way.push((d, f));
                walk(table, used | 1 << d, way, all);
                way.pop();
            }
        }
    }
    let mut all = Vec::new();
    walk(table, 0, &mut Vec::new(), &mut all);
    all
}

fn faces_of(way: &[(usize, u8)]) -> Faces {
    let mut faces = [0; 10];
    for &(d, f) in way {
        faces[d] = f;
    }
    faces
}

/// The physical dice at the places of `places`.
fn dice_at(way: &[(usize, u8)], places: &[usize]) -> Vec<usize> {
    places.iter().map(|&i| way[i].0).collect()
}

/// Every outcome of rolling these physical dice again.
fn outcomes(faces: Faces, rolled: &[usize]) -> impl Iterator<Item = Faces> + '_ {
    (0..6usize.pow(rolled.len() as u32)).map(move |mut code| {
        let mut outcome = faces;
        for &d in rolled {
            outcome[d] = (code % 6) as u8;
            code /= 6;
        }
        outcome
    })
}

/// Numerators of a chance and a score over a common denominator.
#[derive(Default)]
struct Sum {
    chance: u128,
    score: u128,
}

impl Sum {
    /// The average over `ways` ways of figures each over 6^sixes.
    fn mean(&self, sixes: u32, ways: usize) -> (f64, f64) {
        let whole = 6f64.powi(sixes as i32) * ways as f64;
        (self.chance as f64 / whole, self.score as f64 / whole)
    }
}

/// One roll left: the evaluator on every outcome of every way.
fn one_roll_left(table: &[Die], places: &[usize]) -> (f64, f64) {
    let ways = ways(table);
    let mut sum = Sum::default();
    for way in &ways {
        for outcome in outcomes(faces_of(way), &dice_at(way, places)) {
            let dice = (0..10).map(|d| shown(d, outcome[d])).collect();
            let verdict = evaluate(&PHASES[7], &Roll::new(dice).unwrap());
            sum.chance += u128::from(verdict.made);
            sum.score += u128::from(verdict.score);
        }
    }
    sum.mean(places.len() as u32, ways.len())
}

/// Two rolls left: after each outcome of each way, the best of all 1024 named choices.
fn two_rolls_left(table: &[Die], places: &[usize], goal: Goal) -> (f64, f64) {
    let ways = ways(table);
    let mut sum = Sum::default();
    for way in &ways {
        for outcome in outcomes(faces_of(way), &dice_at(way, places)) {
            let best: Outlook = *phase_8_choices(outcome, 1, goal)
                .iter()
                .max_by_key(|o| o.ranked(goal))
                .unwrap();
            sum.chance += best.chance.over(10);
            sum.score += best.expected_score.over(10);
        }
    }
    sum.mean(10 + places.len() as u32, ways.len())
}

/// A phase 8 position whose dice fit the physical dice in several ways, shuffled on the table.
fn unnamed_position(rng: &mut SmallRng) -> Vec<Die> {
    loop {
        let mut table: Vec<Die> = (0..10).map(|d| shown(d, rng.random_range(0..6))).collect();
        for i in (1..10).rev() {
            table.swap(i, rng.random_range(0..=i));
        }
        if ways(&table).len() > 1 {
            return table;
        }
    }
}

fn unnamed(table: &[Die]) -> Vec<Lying> {
    table.iter().map(|&die| Lying { die, id: None }).collect()
}

fn close(answer: Exact, brute: f64) -> bool {
    (answer.to_f64() - brute).abs() <= 1e-12 * brute.abs().max(1.0)
}

fn check(table: &[Die], rolls_left: u8, goal: Goal, most_rolled: u32) {
    let phase = &PHASES[7];
    let every = weigh_all(
        phase,
        DiceLayout::Standard,
        &unnamed(table),
        rolls_left,
        goal,
    )
    .expect("dice without names are advised");
    let mut checked = 0;
    for choice in &every.options {
        if choice.reroll.len() as u32 > most_rolled {
            continue;
        }
        let (chance, score) = match rolls_left {
            // rolling none is stopping: the dice as they lie
            _ if choice.reroll.is_empty() => one_roll_left(table, &[]),
            1 => one_roll_left(table, &choice.reroll),
            _ => two_rolls_left(table, &choice.reroll, goal),
        };
        assert!(close(choice.outlook.chance, chance), "{table:?} {choice:?}");
        assert!(
            close(choice.outlook.expected_score, score),
            "{table:?} {choice:?}"
        );
        checked += 1;
    }
    assert!(checked > 0);
    // The five shown are the five best of all, and the figures of the turn are the best's.
    let shown = advise(
        phase,
        DiceLayout::Standard,
        &unnamed(table),
        rolls_left,
        goal,
    )
    .unwrap();
    assert_eq!(
        shown.options,
        every.options[..OPTIONS_SHOWN.min(every.options.len())]
    );
    assert_eq!(shown.outlook, every.options[0].outlook);
}

#[test]
fn one_roll_left_dice_without_names_are_the_average_over_every_way_they_lie() {
    let mut rng = SmallRng::seed_from_u64(250);
    let most = if cfg!(debug_assertions) { 2 } else { 3 };
    for _ in 0..6 {
        let table = unnamed_position(&mut rng);
        for goal in [Goal::Make, Goal::Score] {
            check(&table, 1, goal, most);
        }
    }
}

#[test]
fn two_rolls_left_dice_without_names_are_the_average_over_every_way_they_lie() {
    let mut rng = SmallRng::seed_from_u64(251);
    for goal in [Goal::Make, Goal::Score] {
        for _ in 0..3 {
            check(&unnamed_position(&mut rng), 2, goal, 1);
        }
    }
}

#[test]
fn dice_named_where_they_could_lie_otherwise_are_advised_as_that_one_way() {
    let mut rng = SmallRng::seed_from_u64(252);
    let table = unnamed_position(&mut rng);
    let way = ways(&table).swap_remove(0);
    let named: Vec<Lying> = table
        .iter()
        .zip(&way)
        .map(|(&die, &(d, _))| Lying {
            die,
            id: Some(DieId::ALL[d]),
        })
        .collect();
    let advice = advise(&PHASES[7], DiceLayout::Standard, &named, 1, Goal::Make).unwrap();
    let faces = faces_of(&way);
    let by_die = phase_8_choices(faces, 1, Goal::Make);
    for choice in &advice.options {
        let mask = dice_at(&way, &choice.reroll)
            .iter()
            .fold(0, |m, d| m | 1 << d);
        assert_eq!(choice.outlook, by_die[mask]);
    }
}
