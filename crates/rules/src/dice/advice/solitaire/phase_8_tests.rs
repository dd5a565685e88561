//! Phase 8 of the whole game against brute force on fewer dice, Newton against bisection, and
//! its ends against the evaluator.

use std::collections::HashMap;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::MISS;
use super::patterns::{Patterns, Worth};
use super::phase_8::{Ends, bisect, solve, turn};
use crate::PHASES;
use crate::dice::layout::PhysicalFace;
use crate::dice::{DiceLayout, Die, DieId, Roll, evaluate};

/// Four of the standard dice, two low and two high: 3 of one color make the phase.
fn four_dice() -> Vec<[PhysicalFace; 6]> {
    [0, 1, 4, 5]
        .iter()
        .map(|&d| DiceLayout::Standard.faces(DieId::ALL[d]))
        .collect()
}

/// A turn of three rolls played best, by trying every choice on every position: no patterns,
/// no passes. `end` values a position (faces die by die).
fn brute_force(dice: usize, end: impl Fn(&[u8]) -> Worth) -> Worth {
    let positions: Vec<Vec<u8>> = (0..6usize.pow(dice as u32))
        .map(|n| {
            (0..dice)
                .map(|d| (n / 6usize.pow(d as u32) % 6) as u8)
                .collect()
        })
        .collect();
    let better = |a: Worth, b: Worth| {
        if (b.value, b.chance) > (a.value, a.chance) {
            b
        } else {
            a
        }
    };
    let mut worth: HashMap<Vec<u8>, Worth> =
        positions.iter().map(|p| (p.clone(), end(p))).collect();
    for _rolls_left in 1..=2 {
        let mut next = HashMap::new();
        for position in &positions {
            let mut best: Option<Worth> = None;
            for mask in 0..1usize << dice {
                // every outcome of the dice of `mask` rolled again, equally likely
                let rolled: Vec<usize> = (0..dice).filter(|d| mask & 1 << d != 0).collect();
                let outcomes = 6usize.pow(rolled.len() as u32);
                let mut sum = Worth::default();
                for outcome in 0..outcomes {
                    let mut faces = position.clone();
                    for (k, &d) in rolled.iter().enumerate() {
                        faces[d] = (outcome / 6usize.pow(k as u32) % 6) as u8;
                    }
                    let w = worth[&faces];
                    sum.value += w.value;
                    sum.chance += w.chance;
                }
                let mean = Worth {
                    value: sum.value / outcomes as f64,
                    chance: sum.chance / outcomes as f64,
                };
                best = Some(best.map_or(mean, |b| better(b, mean)));
            }
            next.insert(position.clone(), best.expect("a choice"));
        }
        worth = next;
    }
    let n = positions.len() as f64;
    let total = positions.iter().fold(Worth::default(), |t, p| Worth {
        value: t.value + worth[p].value,
        chance: t.chance + worth[p].chance,
    });
    Worth {
        value: total.value / n,
        chance: total.chance / n,
    }
}

/// A position's number: its faces in base 6, die 0 the lowest digit.
fn position_of(faces: &[u8]) -> usize {
    faces.iter().rev().fold(0, |n, &f| n * 6 + usize::from(f))
}

fn close(a: Worth, b: Worth) -> bool {
    (a.value - b.value).abs() < 1e-12 && (a.chance - b.chance).abs() < 1e-12
}

#[test]
fn the_patterns_play_a_turn_as_brute_force_does() {
    let ends = Ends::of(&four_dice(), 3);
    let mut patterns = Patterns::new(4);
    // not a whole number: a made phase worth exactly 0 would tie with a miss, and rounding,
    // which the two sum differently, would decide the chance
    for theta in [-20.0, 0.0, 12.5, 29.7] {
        let passes = turn(&mut patterns, &ends, theta, |_| ());
        let brute = brute_force(4, |faces| ends.worth(position_of(faces), theta));
        assert!(close(passes, brute), "theta {theta}: {passes:?} {brute:?}");
    }
}

#[test]
fn a_choice_with_two_rolls_left_is_worth_the_mean_of_the_last_roll_played_best() {
    // what `turn` shows with two rolls left: keeping dice 0 and 2 on faces 1 and 3 and rolling
    // the others, once, then playing the last roll best
    let ends = Ends::of(&four_dice(), 3);
    let mut patterns = Patterns::new(4);
    let mut kept = Worth::default();
    turn(&mut patterns, &ends, 10.0, |p| kept = p.at(&[1, 6, 3, 6]));
    let mut last = Patterns::new(4);
    last.set_ends(|_, position| ends.worth(position, 10.0));
    last.expect();
    last.choose();
    let mut sum = Worth::default();
    for (a, b) in (0..6).flat_map(|a| (0..6).map(move |b| (a, b))) {
        let w = last.at(&[1, a, 3, b]);
        sum.value += w.value / 36.0;
        sum.chance += w.chance / 36.0;
    }
    assert!(close(kept, sum), "{kept:?} {sum:?}");
}

#[test]
fn newton_and_bisection_find_the_same_theta() {
    let ends = Ends::of(&four_dice(), 3);
    let mut patterns = Patterns::new(4);
    let solved = solve(&mut patterns, &ends, 0.0);
    assert!(solved.steps.len() <= 8, "{} steps", solved.steps.len());
    assert!((solved.turn.value - MISS).abs() < 1e-9, "{solved:?}");
    let bisected = bisect(&mut patterns, &ends, -100.0, 100.0, 1e-9);
    assert!(
        (solved.theta - bisected).abs() < 1e-7,
        "{} {bisected}",
        solved.theta
    );
    // from above as from below
    let from_above = solve(&mut patterns, &ends, 80.0);
    assert!((from_above.theta - solved.theta).abs() < 1e-9);
}

#[test]
fn the_ends_of_the_standard_dice_are_the_evaluators() {
    let ends = Ends::standard();
    let mut rng = SmallRng::seed_from_u64(8);
    let mut made = 0;
    for _ in 0..3000 {
        // mostly one color, so that many positions make the phase
        let faces: Vec<usize> = (0..10).map(|_| rng.random_range(0..6)).collect();
        let position = position_of(&faces.iter().map(|&f| f as u8).collect::<Vec<_>>());
        let dice: Vec<Die> = DieId::ALL
            .iter()
            .zip(&faces)
            .map(|(&id, &f)| {
                let face = DiceLayout::Standard.faces(id)[f];
                Die::new(face.face, face.color)
            })
            .collect();
        let verdict = evaluate(&PHASES[7], &Roll::new(dice).expect("ten dice"));
        let score = verdict
            .made
            .then(|| u8::try_from(verdict.score).expect("small"));
        assert_eq!(ends.score(position), score, "{faces:?}");
        made += usize::from(score.is_some());
    }
    assert!(made > 0);
}
