//! RULES §6, the best game: the best score of each phase over every roll of the standard dice,
//! and the solitaire game of those rolls totalling 649.

mod support;

use phase10_rules::dice::game::{Edition, Game, Status};
use phase10_rules::dice::{Color, DiceLayout, Roll, evaluate};
use phase10_rules::{GroupKind, PHASES};
use support::{every_roll_for_color, every_roll_of_numbers};

const BEST_SCORES: [u32; 10] = [60, 57, 59, 49, 52, 54, 60, 56, 60, 62];

/// The best roll and its score for each phase, over every roll of the standard dice.
fn best_rolls() -> Vec<(u32, Roll)> {
    let numbers = every_roll_of_numbers();
    let colored: Vec<Roll> = Color::ALL
        .into_iter()
        .flat_map(every_roll_for_color)
        .collect();
    PHASES
        .iter()
        .map(|phase| {
            let uses_color = phase.groups.iter().any(|g| g.kind == GroupKind::Color);
            let rolls = if uses_color { &colored } else { &numbers };
            let mut best: Option<(u32, Roll)> = None;
            for roll in rolls {
                let verdict = evaluate(phase, roll);
                if verdict.made
                    && best
                        .as_ref()
                        .is_none_or(|(score, _)| verdict.score > *score)
                {
                    best = Some((verdict.score, roll.clone()));
                }
            }
            best.expect("every phase can be made")
        })
        .collect()
}

#[test]
fn best_score_of_each_phase_over_every_roll_matches_the_rulebook() {
    let best: Vec<u32> = best_rolls().into_iter().map(|(score, _)| score).collect();
    assert_eq!(best, BEST_SCORES);
}

#[test]
fn every_roll_of_numbers_covers_each_combination_once() {
    // 70 combinations of the four low dice (1-4 or W) times 462 of the six high dice (5-10).
    assert_eq!(every_roll_of_numbers().len(), 70 * 462);
    for roll in every_roll_of_numbers().iter().step_by(97) {
        assert!(
            DiceLayout::Standard.place(roll).is_ok(),
            "{roll:?} must be rollable"
        );
    }
}

#[test]
fn phase_8_would_be_64_with_free_colors() {
    let phase_8 = &PHASES[7];
    let seven_high = support::roll("10r 10r 10r 9r 9r 9r 4r");
    assert!(DiceLayout::Standard.place(&seven_high).is_err());
    assert!(
        DiceLayout::AnyColors
            .place(&support::roll("10r 10r 10r 9r 9r 9r"))
            .is_ok()
    );
    let free = support::roll("10r 10r 10r 10r 10r 10r 4r");
    assert_eq!(DiceLayout::AnyColors.place(&free).map(|_| ()), Ok(()));
    assert_eq!(evaluate(phase_8, &free).score, 64);
}

#[test]
fn the_best_solitaire_game_totals_649() {
    let mut game = Game::new(1, Edition::Mattel2011, DiceLayout::Standard).expect("one player");
    for (_, roll) in best_rolls() {
        game.play(0, &roll).expect("a turn of the only player");
    }
    assert_eq!(game.status(), Status::Finished);
    let sheet = &game.sheets()[0];
    assert_eq!(sheet.five_phase_bonus, 40);
    assert_eq!(sheet.five_phase_total(), 277 + 40);
    assert_eq!(sheet.first_finish_bonus, 40);
    assert_eq!(sheet.penalty, 0);
    assert_eq!(sheet.grand_total(), 649);
    assert_eq!(game.winners(), vec![0]);
}
