//! Turns played by the advisor's choices on simulated dice make the phase as often as it says
//! they will (RULES §8). For each phase, enough turns are played that three standard errors of
//! the simulated chance are under one percentage point, and the simulated chance must lie within
//! three standard errors of the announced one. The dice are seeded, so the check is repeatable.

use phase10_rules::dice::advice::{Goal, Lying, advise, one_turn_of};
use phase10_rules::dice::evaluate;
use phase10_rules::dice::layout::DiceLayout;
use phase10_rules::dice::rolls::{ROLLS_PER_TURN, Rolls};
use phase10_rules::{PHASES, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays one turn for the goal by the advisor's choices; whether it made the phase.
fn play_turn(phase: &Phase, rng: &mut SmallRng, goal: Goal) -> bool {
    let layout = DiceLayout::Standard;
    let mut rolls = Rolls::start(layout, |_| rng.random_range(0..6));
    while rolls.rolls_left() > 0 {
        let lying: Vec<Lying> = rolls
            .last()
            .iter()
            .map(|d| Lying {
                die: d.shown(),
                id: Some(d.id),
            })
            .collect();
        let rolls_left = rolls.rolls_left() as u8;
        let advice = advise(phase, layout, &lying, rolls_left, goal).expect("advice");
        if advice.reroll().is_empty() {
            break;
        }
        let ids: Vec<_> = advice
            .reroll()
            .iter()
            .map(|&i| rolls.last()[i].id)
            .collect();
        rolls
            .reroll(layout, &ids, |_| rng.random_range(0..6))
            .expect("a roll left");
    }
    assert!(rolls.throws().len() <= ROLLS_PER_TURN);
    evaluate(phase, &rolls.final_roll()).made
}

#[test]
fn turns_played_by_the_advice_make_the_phase_as_often_as_announced() {
    std::thread::scope(|threads| {
        for phase in &PHASES {
            threads.spawn(move || simulate(phase));
        }
    });
}

fn simulate(phase: &Phase) {
    let mut rng = SmallRng::seed_from_u64(u64::from(phase.number.get()));
    let announced = one_turn_of(phase, Goal::Make).chance.to_f64();
    let variance = announced * (1.0 - announced);
    // Three standard errors under one point: 3 * sqrt(p(1-p)/n) < 0.01.
    let turns = (9.0 * variance / 1e-4).ceil() as usize + 1;
    let made = (0..turns)
        .filter(|_| play_turn(phase, &mut rng, Goal::Make))
        .count();
    let simulated = made as f64 / turns as f64;
    let three_errors = 3.0 * (variance / turns as f64).sqrt();
    assert!(three_errors < 0.01);
    println!("{phase}: {made} of {turns} made ({simulated:.4}), announced {announced:.4}");
    assert!(
        (simulated - announced).abs() <= three_errors,
        "{phase}: {made} of {turns} turns made it ({simulated:.4}), the advisor said {announced:.4}"
    );
}
