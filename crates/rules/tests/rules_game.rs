//! RULES §4, a game: order, turns, failures, the Five Phase Bonus, the end of normal play with
//! its last tries, the First Finish Bonus of both editions, solitaire, grand totals and winners.

mod support;

use phase10_rules::dice::game::{
    BonusKind, Edition, Game, SetupError, Status, TurnError, TurnOutcome,
};
use phase10_rules::dice::order::roll_for_order;
use phase10_rules::dice::{DiceLayout, Roll};
use support::{roll, roll_scoring, scores_of};

/// A roll that makes each phase, and its score.
const MAKE: [(&str, u32); 10] = [
    ("8 8 8 10 W W", 34),
    ("5 5 5 1 2 3 4", 25),
    ("10 10 10 10 1 2 3 4", 50),
    ("1 2 3 4 5 6 7", 28),
    ("1 2 3 4 5 6 7 8", 36),
    ("2 3 4 5 6 7 8 9 10", 54),
    ("10 10 10 10 9 9 W W", 58),
    ("4o 7o 8o 8o 9o 10o 10o", 56),
    ("10 10 10 10 10 10 W", 60),
    ("10 10 10 10 10 4 4 4", 62),
];
/// All ten phases made with `MAKE`: phases 1-5 total 173, no Five Phase Bonus.
const ALL_PHASES: i64 = 463;

fn new_game(players: usize, edition: Edition) -> Game {
    Game::new(players, edition, DiceLayout::Standard).unwrap()
}

fn current(game: &Game) -> usize {
    game.current_seat().expect("the game is not over")
}

/// The current player makes their phase.
#[track_caller]
fn make(game: &mut Game) -> TurnOutcome {
    let seat = current(game);
    let phase = game.sheets()[seat].phase;
    game.play(seat, &roll(MAKE[usize::from(phase) - 1].0))
        .unwrap()
}

/// The current player fails their phase.
fn fail(game: &mut Game) -> TurnOutcome {
    let seat = current(game);
    game.play(seat, &Roll::default()).unwrap()
}

/// Plays turns by a script: `M` makes the phase, `F` fails it, each for whoever's turn it is.
#[track_caller]
fn script(game: &mut Game, turns: &str) {
    for turn in turns.split_whitespace() {
        match turn {
            "M" => make(game),
            "F" => fail(game),
            other => panic!("not a turn: {other}"),
        };
    }
}

fn bonus_kinds(outcome: &TurnOutcome) -> Vec<BonusKind> {
    outcome.bonuses.iter().map(|b| b.kind).collect()
}

fn totals(game: &Game) -> Vec<i64> {
    game.sheets().iter().map(|s| s.grand_total()).collect()
}

#[test]
fn the_highest_order_roll_plays_first_and_so_on_down() {
    let mut rolls = [7, 10, 5].into_iter();
    let order = roll_for_order(3, || rolls.next().unwrap());
    assert_eq!(order.seating, vec![1, 0, 2]);
    assert_eq!(order.rolls, vec![vec![7], vec![10], vec![5]]);
}

#[test]
fn players_who_tie_roll_again_among_themselves_until_the_order_is_strict() {
    // Players 0, 1 and 3 tie on 9; they roll 6, 6, 8; players 0 and 1 tie again and roll 8, 7.
    let mut rolls = [9, 9, 5, 9, 6, 6, 8, 8, 7].into_iter();
    let order = roll_for_order(4, || rolls.next().unwrap());
    assert_eq!(order.seating, vec![3, 0, 1, 2]);
    assert_eq!(
        order.rolls,
        vec![vec![9, 6, 8], vec![9, 6, 7], vec![5], vec![9, 8]]
    );
}

#[test]
fn a_tabletop_game_plays_in_the_seating_order_given() {
    let game = new_game(3, Edition::Mattel2011);
    assert_eq!(game.current_seat(), Some(0));
    assert_eq!((game.status(), game.round()), (Status::InProgress, 1));
}

#[test]
fn a_game_has_1_to_8_players() {
    for players in [0, 9] {
        assert_eq!(
            Game::new(players, Edition::Mattel2011, DiceLayout::Standard),
            Err(SetupError::PlayerCount(players))
        );
    }
    assert!(Game::new(1, Edition::Mattel2011, DiceLayout::Standard).is_ok());
    assert!(Game::new(8, Edition::Mattel2011, DiceLayout::Standard).is_ok());
}

#[test]
fn turns_go_round_in_order() {
    let mut game = new_game(3, Edition::Mattel2011);
    let mut seen = Vec::new();
    for _ in 0..7 {
        seen.push((current(&game), game.round()));
        fail(&mut game);
    }
    assert_eq!(
        seen,
        vec![(0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2), (0, 3)]
    );
    assert_eq!(game.turns_played(), 7);
}

#[test]
fn a_turn_out_of_order_is_refused_and_changes_nothing() {
    let mut game = new_game(3, Edition::Mattel2011);
    let before = game.clone();
    assert_eq!(
        game.play(1, &roll(MAKE[0].0)),
        Err(TurnError::NotYourTurn {
            expected: 0,
            given: 1
        })
    );
    assert_eq!(
        game.play(3, &roll(MAKE[0].0)),
        Err(TurnError::NoSuchSeat(3))
    );
    assert_eq!(game, before);
}

#[test]
fn dice_that_are_not_rollable_are_refused_and_change_nothing() {
    let mut game = new_game(2, Edition::Mattel2011);
    let before = game.clone();
    let refused = game.play(0, &roll("10 10 10 10 10 10 10"));
    assert!(
        matches!(refused, Err(TurnError::NotRollable(_))),
        "{refused:?}"
    );
    assert_eq!(game, before);
}

#[test]
fn a_turn_that_makes_the_phase_records_its_score_and_moves_to_the_next_phase() {
    let mut game = new_game(2, Edition::Mattel2011);
    let outcome = make(&mut game);
    assert_eq!((outcome.phase, outcome.evaluation.score), (1, 34));
    let sheet = &game.sheets()[0];
    assert_eq!(
        (sheet.phase, sheet.scores[0], sheet.failures),
        (2, Some(34), 0)
    );
    assert_eq!(game.current_seat(), Some(1));
}

#[test]
fn a_failed_turn_scores_nothing_and_the_player_stays_on_the_same_phase() {
    let mut game = new_game(2, Edition::Mattel2011);
    let outcome = game.play(0, &roll("8 8 9 10 W")).unwrap();
    assert!(!outcome.evaluation.made);
    let sheet = &game.sheets()[0];
    assert_eq!((sheet.phase, sheet.scores[0], sheet.failures), (1, None, 1));
    assert_eq!(sheet.grand_total(), 0);
}

/// Rolls for phases 1-5 whose scores total exactly `total`, with the best of phases 1-3.
#[track_caller]
fn first_five_phases_totalling(total: u32) -> Vec<Roll> {
    let fixed = [(1, 60), (2, 57), (3, 59)];
    let rest = total - fixed.iter().map(|(_, s)| s).sum::<u32>();
    let (four, five) = scores_of(4)
        .into_iter()
        .find_map(|four| {
            scores_of(5)
                .contains(&(rest - four))
                .then(|| (four, rest - four))
        })
        .unwrap_or_else(|| panic!("phases 4 and 5 cannot total {rest}"));
    fixed
        .iter()
        .map(|&(phase, score)| roll_scoring(phase, score))
        .chain([roll_scoring(4, four), roll_scoring(5, five)])
        .collect()
}

#[test]
fn five_phase_bonus_when_phases_1_to_5_total_221_or_more() {
    for (total, bonus) in [(221, 40), (220, 0)] {
        let mut game = new_game(1, Edition::Mattel2011);
        let mut outcomes = Vec::new();
        for dice in first_five_phases_totalling(total) {
            outcomes.push(game.play(0, &dice).unwrap());
        }
        let sheet = &game.sheets()[0];
        assert_eq!(sheet.five_phase_bonus, bonus, "phases 1-5 total {total}");
        assert_eq!(sheet.five_phase_total(), total + bonus);
        let earned = if bonus > 0 {
            vec![BonusKind::FivePhase]
        } else {
            vec![]
        };
        assert_eq!(bonus_kinds(&outcomes[4]), earned);
        assert!(outcomes[..4].iter().all(|o| o.bonuses.is_empty()));
    }
}

#[test]
fn the_first_player_to_complete_phase_10_ends_normal_play_and_gets_the_first_finish_bonus() {
    let mut game = new_game(2, Edition::Mattel2011);
    script(&mut game, &"M F ".repeat(9));
    let outcome = make(&mut game);
    assert_eq!(bonus_kinds(&outcome), vec![BonusKind::FirstFinish]);
    assert_eq!(game.status(), Status::LastRound);
    assert_eq!(game.first_finisher(), Some(0));
    assert_eq!(game.current_seat(), Some(1), "the others get a last try");
    assert!(game.sheets()[0].finished());
    assert_eq!(game.sheets()[0].phase, 11);
    assert_eq!(game.sheets()[0].grand_total(), ALL_PHASES + 40);
}

/// Three players: seat 0 fails once, then everyone makes every phase, so seat 1 completes
/// phase 10 first; seat 2, seated after, and seat 0, seated before, are both on phase 10.
#[track_caller]
fn three_finish_on_phase_10(edition: Edition) -> (Game, TurnOutcome, TurnOutcome) {
    let mut game = new_game(3, edition);
    script(&mut game, &format!("F M M {}", "M M M ".repeat(8)));
    script(&mut game, "M M");
    assert_eq!(game.status(), Status::LastRound);
    assert_eq!(game.first_finisher(), Some(1));
    let seated_after = make(&mut game);
    let seated_before = make(&mut game);
    (game, seated_after, seated_before)
}

#[test]
fn mattel_first_finish_bonus_for_a_player_seated_after_who_completes_phase_10_in_the_same_round() {
    let (game, seated_after, seated_before) = three_finish_on_phase_10(Edition::Mattel2011);
    assert_eq!(
        (seated_after.seat, bonus_kinds(&seated_after)),
        (2, vec![BonusKind::FirstFinish])
    );
    assert_eq!(
        (seated_before.seat, bonus_kinds(&seated_before)),
        (0, vec![])
    );
    assert_eq!(game.status(), Status::Finished);
    assert_eq!(
        totals(&game),
        vec![ALL_PHASES, ALL_PHASES + 40, ALL_PHASES + 40]
    );
}

#[test]
fn fundex_first_finish_bonus_for_a_player_seated_after_who_was_already_on_phase_10() {
    let (game, seated_after, seated_before) = three_finish_on_phase_10(Edition::Fundex2008);
    assert_eq!(bonus_kinds(&seated_after), vec![BonusKind::FirstFinish]);
    assert_eq!(bonus_kinds(&seated_before), vec![]);
    assert_eq!(
        totals(&game),
        vec![ALL_PHASES, ALL_PHASES + 40, ALL_PHASES + 40]
    );
}

#[test]
fn equal_grand_totals_share_the_win() {
    let (game, _, _) = three_finish_on_phase_10(Edition::Mattel2011);
    assert_eq!(game.winners(), vec![1, 2]);
    assert_eq!(
        phase10_rules::dice::game::ranks(game.sheets()),
        vec![3, 1, 1]
    );
}

/// Seat 0 always fails; seat 1 always makes it and finishes first in round 10; seat 2 failed
/// twice, so its last try begins on phase 8.
#[track_caller]
fn last_try_from_phase_8(edition: Edition) -> Game {
    let mut game = new_game(3, edition);
    script(
        &mut game,
        &format!("F M F F M F {} F M", "F M M ".repeat(7)),
    );
    assert_eq!(
        (game.status(), game.sheets()[2].phase),
        (Status::LastRound, 8)
    );
    game
}

#[test]
fn a_last_try_goes_on_through_the_phases_while_the_player_makes_them() {
    let mut game = last_try_from_phase_8(Edition::Mattel2011);
    for phase in [8, 9] {
        let outcome = make(&mut game);
        assert_eq!((outcome.seat, outcome.phase), (2, phase));
        assert_eq!(game.current_seat(), Some(2), "still seat 2's last try");
    }
    let finishing = make(&mut game);
    assert_eq!(bonus_kinds(&finishing), vec![BonusKind::FirstFinish]);
    // Seat 0's last try, in the next round: two phases, then a failure ends the game.
    assert_eq!((game.current_seat(), game.round()), (Some(0), 11));
    script(&mut game, "M M F");
    assert_eq!(game.status(), Status::Finished);
    assert_eq!(game.current_seat(), None);
    let seat_0 = &game.sheets()[0];
    assert_eq!((seat_0.phase, seat_0.failures), (3, 11));
    assert_eq!(game.winners(), vec![1, 2]);
}

#[test]
fn fundex_gives_no_first_finish_bonus_to_a_last_try_that_began_before_phase_10() {
    let mut game = last_try_from_phase_8(Edition::Fundex2008);
    script(&mut game, "M M");
    let finishing = make(&mut game);
    assert_eq!(finishing.phase, 10);
    assert_eq!(bonus_kinds(&finishing), vec![]);
    assert!(game.sheets()[2].finished());
    assert_eq!(game.sheets()[2].first_finish_bonus, 0);
}

#[test]
fn a_last_try_that_fails_passes_the_turn_and_the_game_ends_after_the_last_one() {
    let mut game = new_game(2, Edition::Mattel2011);
    script(&mut game, &"M F ".repeat(9));
    script(&mut game, "M F");
    assert_eq!(game.status(), Status::Finished);
    assert_eq!(game.winners(), vec![0]);
    assert_eq!(game.play(1, &Roll::default()), Err(TurnError::GameOver));
    assert_eq!(game.play(0, &Roll::default()), Err(TurnError::GameOver));
}

#[test]
fn grand_total_is_all_phase_scores_and_both_bonuses() {
    let mut game = new_game(1, Edition::Mattel2011);
    for dice in first_five_phases_totalling(230) {
        game.play(0, &dice).unwrap();
    }
    script(&mut game, "M M M M M");
    let sheet = &game.sheets()[0];
    let later_phases: i64 = MAKE[5..].iter().map(|(_, s)| i64::from(*s)).sum();
    assert_eq!(sheet.grand_total(), 230 + 40 + later_phases + 40);
}

#[test]
fn solitaire_ends_when_phase_10_is_made_and_each_failed_turn_costs_5_points() {
    let mut game = new_game(1, Edition::Mattel2011);
    script(&mut game, "F M M F F M M M M M M M M");
    assert_eq!(game.status(), Status::Finished);
    let sheet = &game.sheets()[0];
    assert_eq!((sheet.failures, sheet.penalty), (3, 15));
    assert_eq!(
        sheet.first_finish_bonus, 40,
        "phase 10 was made at the first try"
    );
    assert_eq!(sheet.grand_total(), ALL_PHASES + 40 - 15);
    assert_eq!(game.winners(), vec![0]);
}

#[test]
fn solitaire_first_finish_bonus_only_if_phase_10_was_made_on_the_first_try() {
    let mut game = new_game(1, Edition::Mattel2011);
    script(&mut game, &"M ".repeat(9));
    let failed = fail(&mut game);
    assert_eq!(failed.phase, 10);
    let finishing = make(&mut game);
    assert_eq!(bonus_kinds(&finishing), vec![]);
    let sheet = &game.sheets()[0];
    assert_eq!((sheet.first_finish_bonus, sheet.penalty), (0, 5));
    assert_eq!(sheet.grand_total(), ALL_PHASES - 5);
}

#[test]
fn the_solitaire_penalty_is_taken_only_when_the_game_is_over() {
    let mut game = new_game(1, Edition::Mattel2011);
    script(&mut game, "F F M");
    let sheet = &game.sheets()[0];
    assert_eq!(
        (sheet.failures, sheet.penalty, sheet.grand_total()),
        (2, 0, 34)
    );
}
