//! Whole solitaire games played by the served advice on seeded dice: the check that the
//! published expected grand total is what best play scores on average.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::advice::GameAdvisor;
use super::phase_8_table::Phase8Table;
use super::{State, published};
use crate::PHASES;
use crate::dice::advice::Lying;
use crate::dice::advice::solitaire::{FIRST_FINISH, FIVE_PHASE, FIVE_PHASE_LINE, MISS};
use crate::dice::evaluate;
use crate::dice::faces::{Die, Roll};
use crate::dice::layout::{DiceLayout, DieId};

/// One die rolled: a face of its six, at random.
fn roll(id: DieId, rng: &mut SmallRng) -> Lying {
    let face = DiceLayout::Standard.faces(id)[rng.random_range(0..6)];
    Lying {
        die: Die::new(face.face, face.color),
        id: Some(id),
    }
}

/// The grand total of one solitaire game, every re-roll chosen by `advisor` for the whole game;
/// each state a turn is played in goes to `visited`.
fn play(advisor: &GameAdvisor, rng: &mut SmallRng, visited: &mut Vec<State>) -> f64 {
    let mut at = State {
        phase: 1,
        phases_total: 0,
        failed_on_phase_10: false,
    };
    let mut grand = 0.0;
    loop {
        visited.push(at);
        let rules = &PHASES[usize::from(at.phase) - 1];
        let mut dice: Vec<Lying> = DieId::ALL.iter().map(|&id| roll(id, rng)).collect();
        for rolls_left in [2, 1] {
            let advice = advisor
                .advise(rules, &dice, rolls_left, at)
                .expect("advised");
            if advice.reroll().is_empty() {
                break;
            }
            for &place in advice.reroll() {
                dice[place] = roll(dice[place].id.expect("named"), rng);
            }
        }
        let roll = Roll::new(dice.iter().map(|d| d.die).collect()).expect("ten dice");
        let verdict = evaluate(rules, &roll);
        if !verdict.made {
            grand -= MISS;
            at.failed_on_phase_10 |= at.phase == 10;
            continue;
        }
        grand += f64::from(verdict.score);
        let total = at.phases_total + verdict.score;
        if at.phase == 5 && total as usize > FIVE_PHASE_LINE {
            grand += FIVE_PHASE;
        }
        if at.phase == 10 {
            if !at.failed_on_phase_10 {
                grand += FIRST_FINISH;
            }
            return grand;
        }
        at = State {
            phase: at.phase + 1,
            phases_total: total,
            failed_on_phase_10: false,
        };
    }
}

/// At least 2,000 games on two threads (`GAMES` says how many), phase 8 from its table
/// (`PHASE_8_TABLE`): the mean grand total lies within 3.5 standard errors of the published one.
#[test]
#[ignore = "minutes, and the phase 8 table: PHASE_8_TABLE=path"]
fn best_play_scores_the_published_grand_total_on_average() {
    let games: u64 = std::env::var("GAMES").map_or(2000, |n| n.parse().expect("a number"));
    let path = std::env::var("PHASE_8_TABLE").expect("PHASE_8_TABLE names the table");
    let theta = published().phase_8.theta;
    let half = |seed: u64, games: u64| {
        let table = Phase8Table::open(path.as_ref(), theta).expect("the table");
        let advisor = GameAdvisor::new(Some(table));
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut visited = Vec::new();
        let totals: Vec<f64> = (0..games)
            .map(|_| play(&advisor, &mut rng, &mut visited))
            .collect();
        (totals, visited)
    };
    let (totals, visited) = std::thread::scope(|scope| {
        let other = scope.spawn(|| half(2, games / 2));
        let (mut totals, mut visited) = half(1, games - games / 2);
        let (more, seen) = other.join().expect("a thread of games");
        totals.extend(more);
        visited.extend(seen);
        (totals, visited)
    });
    chances_of_the_turns_played(&visited);
    let n = totals.len() as f64;
    let mean = totals.iter().sum::<f64>() / n;
    let variance = totals.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let error = (variance / n).sqrt();
    let published = published().expected_grand_total;
    println!(
        "{n} games: mean grand total {mean:.3}, standard error {error:.3}, published {published:.3}: {:.2} standard errors apart",
        (mean - published) / error
    );
    assert!(
        (mean - published).abs() < 3.5 * error,
        "{mean} is {:.1} standard errors from {published}",
        (mean - published).abs() / error
    );
}

/// Each phase's exact chance (from the file) over the states the games played its turns in:
/// the mean over those turns, and the lowest and highest.
fn chances_of_the_turns_played(visited: &[State]) {
    let chances = &published().chances;
    for phase in 1..=10u8 {
        let of = |at: &State| {
            let t = at.phases_total as usize;
            match at.phase {
                1 => chances.phase_1,
                2 => chances.phase_2[t],
                3 => chances.phase_3[t],
                4 => chances.phase_4[t],
                5 => chances.phase_5[t],
                6 => chances.phase_6,
                7 => chances.phase_7,
                8 => chances.phase_8,
                9 => chances.phase_9,
                _ if at.failed_on_phase_10 => chances.phase_10_failed,
                _ => chances.phase_10,
            }
        };
        let here: Vec<f64> = visited
            .iter()
            .filter(|at| at.phase == phase)
            .map(of)
            .collect();
        let mean = here.iter().sum::<f64>() / here.len() as f64;
        let (low, high) = here
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &c| (l.min(c), h.max(c)));
        println!(
            "phase {phase}: {} turns, chance {:.2}% on average (from {:.2}% to {:.2}%)",
            here.len(),
            100.0 * mean,
            100.0 * low,
            100.0 * high
        );
    }
}
