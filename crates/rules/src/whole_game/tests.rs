//! The committed solution against the code that makes it, and the advice for the whole game
//! against brute force.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::advice::{GameAdvisor, GameRefused};
use super::{MISS, State, published};
use crate::PHASES;
use crate::dice::advice::solitaire::FIVE_PHASE_LINE;
use crate::dice::advice::{
    EndValues, Lying, Play, ValuedTurn, Verdicts, first_phases, last_phases,
};
use crate::dice::evaluate;
use crate::dice::faces::{Die, Roll};
use crate::dice::layout::{DiceLayout, DieId};

fn state(phase: u8, phases_total: u32, failed_on_phase_10: bool) -> State {
    State {
        phase,
        phases_total,
        failed_on_phase_10,
    }
}

/// Every state of the file, with its phase.
fn every_state() -> Vec<State> {
    let s = &published().states;
    let mut states = vec![state(1, 0, false)];
    for (phase, values) in [
        (2, &s.phase_2),
        (3, &s.phase_3),
        (4, &s.phase_4),
        (5, &s.phase_5),
    ] {
        states.extend((0..values.len() as u32).map(|t| state(phase, t, false)));
    }
    states.extend([6, 7, 9, 10].map(|p| state(p, 0, false)));
    states.push(state(10, 0, true));
    states
}

#[test]
fn the_last_phases_are_what_the_code_makes() {
    let file = &published().states;
    let last = last_phases(Play::Best);
    assert_eq!(
        (file.phase_9, file.phase_10, file.phase_10_failed),
        (last.phase_9, last.phase_10, last.phase_10_failed),
        "data/solitaire.json is stale: run `{}`",
        published().command
    );
}

/// Each state's value is the fixed point of its own turn: played best for the ends the file
/// gives it, the turn is worth the value again (a miss costs 5 and leaves the state).
#[test]
fn every_state_is_the_fixed_point_of_its_turn() {
    let solved = published();
    let verdicts: Vec<Verdicts> = PHASES.iter().map(Verdicts::of).collect();
    for at in every_state() {
        let v = &verdicts[usize::from(at.phase) - 1];
        let ends = solved
            .ends(at, v.best_score())
            .expect("a state of the file");
        let ends = EndValues {
            made: &ends.made,
            missed: ends.missed,
        };
        let turn = ValuedTurn::new(v, &ends, Play::Best).whole.value;
        let value = solved.value(at).expect("a state of the file");
        assert!((turn - value).abs() < 1e-9, "{at:?}: {turn} {value}");
    }
}

#[test]
fn phase_8_is_where_its_turn_is_worth_a_miss() {
    let solved = published();
    let p8 = &solved.phase_8;
    let s = &solved.states;
    assert!((s.phase_8 - (p8.theta + s.phase_9 + MISS)).abs() < 1e-9);
    // Newton's points rise to the root after the first step; the last is worth 5
    let steps = &p8.newton;
    assert!(steps.windows(2).skip(1).all(|w| w[1].theta >= w[0].theta));
    assert!((steps.last().expect("steps").value - MISS).abs() < 1e-9);
    // bracketed: a little below the root the turn is worth more than 5, above it less
    assert!(p8.below.value > MISS && p8.above.value < MISS, "{p8:?}");
    assert!(p8.below.theta < p8.theta && p8.theta < p8.above.theta);
}

#[test]
fn best_play_beats_every_turn_for_one_goal_and_stays_under_the_best_game() {
    let solved = published();
    assert!(solved.expected_grand_total > solved.every_turn_for_make);
    assert!(solved.expected_grand_total > solved.every_turn_for_score);
    assert!(solved.expected_grand_total < solved.best_possible);
}

/// The states of phases 1 to 7 again from phase 8's value: what the command wrote.
#[test]
fn the_first_phases_are_what_the_code_makes() {
    let solved = published();
    let first = first_phases(solved.states.phase_8, Play::Best);
    let s = &solved.states;
    assert_eq!(first.phase_1, s.phase_1);
    assert_eq!(first.by_total[0], s.phase_2);
    assert_eq!(first.by_total[3], s.phase_5);
    assert_eq!((first.phase_6, first.phase_7), (s.phase_6, s.phase_7));
    assert_eq!(solved.expected_grand_total, s.phase_1);
}

#[test]
fn impossible_states_are_refused_in_words() {
    let solved = published();
    for (at, words) in [
        (state(1, 3, false), "phases_total is 0"),
        (state(3, 500, false), "at most 117 points"),
        (state(9, 0, true), "the game is on phase 9"),
    ] {
        let why = solved.value(at).expect_err("refused").to_string();
        assert!(why.contains(words), "{why}");
    }
}

/// Ten dice of the standard layout as they fell, named.
fn rolled(rng: &mut SmallRng) -> Vec<Lying> {
    DieId::ALL
        .iter()
        .map(|&id| {
            let face = DiceLayout::Standard.faces(id)[rng.random_range(0..6)];
            Lying {
                die: Die::new(face.face, face.color),
                id: Some(id),
            }
        })
        .collect()
}

/// With one roll left, each choice by brute force: every outcome of the dice rolled again,
/// judged by the evaluator and valued by the state's ends.
fn by_brute_force(phase: u8, at: State, dice: &[Lying], reroll: &[usize]) -> (f64, f64) {
    let solved = published();
    let ends = solved.ends(at, 70).expect("a state");
    let outcomes = 6usize.pow(reroll.len() as u32);
    let (mut to_come, mut chance) = (0.0, 0.0);
    for outcome in 0..outcomes {
        let mut faces: Vec<Die> = dice.iter().map(|d| d.die).collect();
        for (k, &place) in reroll.iter().enumerate() {
            let id = dice[place].id.expect("named");
            let face = DiceLayout::Standard.faces(id)[outcome / 6usize.pow(k as u32) % 6];
            faces[place] = Die::new(face.face, face.color);
        }
        let verdict = evaluate(
            &PHASES[usize::from(phase) - 1],
            &Roll::new(faces).expect("ten"),
        );
        if verdict.made {
            to_come += ends.made[verdict.score as usize];
            chance += 1.0;
        } else {
            to_come += ends.missed;
        }
    }
    (to_come / outcomes as f64, chance / outcomes as f64)
}

#[test]
fn with_one_roll_left_each_choice_is_worth_what_brute_force_says() {
    let advisor = GameAdvisor::new(None);
    let mut rng = SmallRng::seed_from_u64(11);
    for (phase, total) in [
        (1, 0),
        (3, 80),
        (5, FIVE_PHASE_LINE as u32 - 30),
        (7, 0),
        (8, 0),
        (10, 0),
    ] {
        let at = state(phase, total, false);
        let dice = rolled(&mut rng);
        let advice = advisor
            .advise(&PHASES[usize::from(phase) - 1], &dice, 1, at)
            .expect("advised");
        for option in advice.options.iter().filter(|o| o.reroll.len() <= 4) {
            let (to_come, chance) = by_brute_force(phase, at, &dice, &option.reroll);
            let given = option.expected_to_come.expect("to come");
            assert!(
                (given - to_come).abs() < 1e-9,
                "phase {phase}: {given} {to_come}"
            );
            assert!((option.chance - chance).abs() < 1e-12);
        }
    }
}

#[test]
fn before_the_first_roll_a_turn_is_worth_its_state() {
    let advisor = GameAdvisor::new(None);
    for at in [
        state(1, 0, false),
        state(4, 120, false),
        state(8, 0, false),
        state(10, 0, true),
    ] {
        let advice = advisor
            .advise(&PHASES[usize::from(at.phase) - 1], &[], 3, at)
            .expect("advised");
        let value = published().value(at).expect("a state");
        assert!((advice.expected_to_come.expect("to come") - value).abs() < 1e-9);
    }
}

#[test]
fn phase_8_with_two_rolls_left_needs_the_table_and_says_so() {
    let advisor = GameAdvisor::new(None);
    let dice = rolled(&mut SmallRng::seed_from_u64(3));
    let refused = advisor.advise(&PHASES[7], &dice, 2, state(8, 0, false));
    let Err(why @ GameRefused::Phase8NeedsTable) = refused else {
        panic!("{refused:?}")
    };
    assert!(why.to_string().contains("ask again with one roll left"));
}

/// With two rolls left, a choice is worth the mean, over the outcomes of the dice it rolls, of
/// best play with one roll left from there (itself checked by brute force above).
/// Answers how many choices it checked (those rolling 1 to 3 dice).
fn two_rolls_left_by_one(advisor: &GameAdvisor, phase: u8, at: State, seed: u64) -> usize {
    let dice = rolled(&mut SmallRng::seed_from_u64(seed));
    let rules = &PHASES[usize::from(phase) - 1];
    let advice = advisor.advise(rules, &dice, 2, at).expect("advised");
    let checked: Vec<_> = advice
        .options
        .iter()
        .filter(|o| (1..=3).contains(&o.reroll.len()))
        .collect();
    for option in &checked {
        let outcomes = 6usize.pow(option.reroll.len() as u32);
        let mut to_come = 0.0;
        for outcome in 0..outcomes {
            let mut after = dice.clone();
            for (k, &place) in option.reroll.iter().enumerate() {
                let id = dice[place].id.expect("named");
                let face = DiceLayout::Standard.faces(id)[outcome / 6usize.pow(k as u32) % 6];
                after[place].die = Die::new(face.face, face.color);
            }
            let next = advisor.advise(rules, &after, 1, at).expect("advised");
            to_come += next.expected_to_come.expect("to come") / outcomes as f64;
        }
        let given = option.expected_to_come.expect("to come");
        assert!(
            (given - to_come).abs() < 1e-9,
            "phase {phase}: {given} {to_come}"
        );
    }
    checked.len()
}

#[test]
fn with_two_rolls_left_each_choice_is_worth_best_play_with_one_left() {
    let advisor = GameAdvisor::new(None);
    let checked: usize = [(2, 40), (5, 190), (9, 0)]
        .iter()
        .flat_map(|&(phase, total)| (1..=4).map(move |seed| (phase, total, seed)))
        .map(|(phase, total, seed)| {
            two_rolls_left_by_one(&advisor, phase, state(phase, total, false), seed)
        })
        .sum();
    assert!(checked >= 5, "{checked} choices checked");
}

/// The same for phase 8 from its table (`phase10 solitaire --phase-8-table PATH`, 4.5 GB),
/// named by `PHASE_8_TABLE`.
#[test]
#[ignore = "needs the phase 8 table: PHASE_8_TABLE=path"]
fn phase_8_with_two_rolls_left_is_worth_best_play_with_one_left() {
    let path = std::env::var("PHASE_8_TABLE").expect("PHASE_8_TABLE names the table");
    let theta = published().phase_8.theta;
    let table = super::phase_8_table::Phase8Table::open(path.as_ref(), theta).expect("the table");
    let advisor = GameAdvisor::new(Some(table));
    let checked: usize = (1..=40)
        .map(|seed| two_rolls_left_by_one(&advisor, 8, state(8, 0, false), seed))
        .sum();
    assert!(checked >= 5, "{checked} choices checked");
}
