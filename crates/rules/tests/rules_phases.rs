//! RULES §2 and §3: what makes each phase, and the score of a turn.

mod support;

use phase10_rules::dice::{Color, Evaluation, Number, StandsFor, evaluate};
use phase10_rules::{GroupKind, PHASES, phases};
use support::roll;

#[track_caller]
fn judge(phase: u8, dice: &str) -> Evaluation {
    evaluate(phases::numbered(phase).unwrap(), &roll(dice))
}

/// Each group as a player would read it: the dice in it, wilds written as "W=what".
fn groups(verdict: &Evaluation) -> Vec<String> {
    verdict
        .groups
        .iter()
        .map(|g| {
            g.dice
                .iter()
                .map(|u| match u.stands_for {
                    Some(StandsFor::Number(n)) => format!("W={n}"),
                    Some(StandsFor::Color(c)) => format!("W={c}"),
                    None => u.die.face.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn number(value: u8) -> StandsFor {
    StandsFor::Number(Number::new(value).unwrap())
}

#[test]
fn the_ten_phases_are_as_in_the_rules() {
    type Row = (u8, &'static str, Vec<(GroupKind, u8)>);
    let table: Vec<Row> = PHASES
        .iter()
        .map(|p| {
            (
                p.number.get(),
                p.label,
                p.groups.iter().map(|g| (g.kind, g.size)).collect(),
            )
        })
        .collect();
    use GroupKind::{Color as C, Run as R, Set as S};
    assert_eq!(
        table,
        vec![
            (1, "2 sets of 3", vec![(S, 3), (S, 3)]),
            (2, "1 set of 3 + 1 run of 4", vec![(S, 3), (R, 4)]),
            (3, "1 set of 4 + 1 run of 4", vec![(S, 4), (R, 4)]),
            (4, "1 run of 7", vec![(R, 7)]),
            (5, "1 run of 8", vec![(R, 8)]),
            (6, "1 run of 9", vec![(R, 9)]),
            (7, "2 sets of 4", vec![(S, 4), (S, 4)]),
            (8, "7 of all one color", vec![(C, 7)]),
            (9, "1 set of 5 + 1 set of 2", vec![(S, 5), (S, 2)]),
            (10, "1 set of 5 + 1 set of 3", vec![(S, 5), (S, 3)]),
        ]
    );
    assert_eq!(phases::numbered(0), None);
    assert_eq!(phases::numbered(11), None);
    assert_eq!(phases::PhaseNumber::new(11), None);
    for number in 1..=10 {
        let phase = phases::PhaseNumber::new(number).unwrap();
        assert_eq!(phases::phase(phase).number, phase);
    }
}

#[test]
fn a_set_is_dice_of_one_number_and_a_wild_stands_in_for_any_number() {
    let verdict = judge(1, "5 5 W 7 7 7");
    assert!(verdict.made);
    assert_eq!(groups(&verdict), vec!["7 7 7", "5 5 W=5"]);
    assert_eq!(verdict.score, 31);
    assert!(!judge(1, "5 5 6 7 7 7").made);
}

#[test]
fn two_sets_of_a_phase_may_share_a_number() {
    let verdict = judge(1, "9 9 9 9 9 9");
    assert_eq!((verdict.made, verdict.score), (true, 54));
    assert_eq!(
        groups(&judge(7, "10 10 10 10 10 W W W")),
        vec!["10 10 10 10", "10 W=10 W=10 W=10"]
    );
}

#[test]
fn a_run_is_consecutive_numbers_with_no_number_twice() {
    assert_eq!(judge(4, "1 2 3 4 5 6 7").score, 28);
    assert!(!judge(4, "1 2 3 4 5 6 6").made);
    assert!(!judge(4, "1 2 3 4 5 6 8").made);
}

#[test]
fn a_wild_fills_any_place_in_a_run() {
    let verdict = judge(4, "1 W 3 4 5 6 7");
    assert_eq!(groups(&verdict), vec!["1 W=2 3 4 5 6 7"]);
    assert_eq!(verdict.score, 26);
}

#[test]
fn a_run_never_wraps_and_never_goes_past_1_or_10() {
    assert!(!judge(4, "8 9 10 1 2 3 4").made);
    // Two wilds above 10 would score more, but a run stops at 10: they stand for 3 and 4.
    let verdict = judge(5, "5 6 7 8 9 10 W W");
    assert_eq!(groups(&verdict), vec!["W=3 W=4 5 6 7 8 9 10"]);
    assert_eq!(verdict.score, 45);
}

#[test]
fn all_one_color_counts_a_wild_only_if_it_is_that_color() {
    assert!(!judge(8, "2o 4o Wr 5o 8o 9o 10o").made);
    let verdict = judge(8, "2o 4o Wo 5o 8o 9o 10o");
    assert!(verdict.made);
    let wild = verdict.groups[0]
        .dice
        .iter()
        .find(|u| u.stands_for.is_some())
        .unwrap();
    assert_eq!(wild.stands_for, Some(StandsFor::Color(Color::Orange)));
}

#[test]
fn rulebook_example_2_4_w_5_8_9_10_all_orange_makes_phase_8() {
    let verdict = judge(8, "2o 4o Wo 5o 8o 9o 10o");
    assert_eq!((verdict.made, verdict.score), (true, 38));
    assert_eq!(groups(&verdict), vec!["10 9 8 5 4 2 W=orange"]);
}

#[test]
fn the_groups_of_a_phase_use_different_dice() {
    assert!(!judge(1, "10 10 10 W W").made);
    assert!(
        !judge(2, "4 4 4 1 2 3").made,
        "the 4 cannot be in the set and the run"
    );
    assert_eq!(
        groups(&judge(2, "4 4 4 1 2 3 W")),
        vec!["4 4 4", "1 2 3 W=4"]
    );
}

#[test]
fn a_group_may_be_made_of_wilds_alone() {
    // A set of wilds alone stands for the highest number.
    let verdict = judge(1, "6 6 6 W W W");
    assert_eq!(groups(&verdict), vec!["6 6 6", "W=10 W=10 W=10"]);
    assert_eq!(verdict.score, 18);
    assert_eq!(judge(4, "W W W W 5 6 7").score, 18);
}

#[test]
fn a_phase_made_with_more_dice_than_it_needs_is_scored_on_the_best_dice_it_needs() {
    let verdict = judge(4, "1 2 3 4 5 6 7 8 9 10");
    assert_eq!(groups(&verdict), vec!["4 5 6 7 8 9 10"]);
    assert_eq!(verdict.score, 49);
    assert_eq!(judge(8, "1o 2r 3o 4o 5o 6o 7o 8o 9o 10o").score, 49);
}

#[test]
fn seed_example_phase_1_with_8_8_8_10_w_w_scores_34() {
    let verdict = judge(1, "8 8 8 10 W W");
    assert_eq!((verdict.made, verdict.score), (true, 34));
    assert_eq!(groups(&verdict), vec!["10 W=10 W=10", "8 8 8"]);
}

#[test]
fn the_score_is_the_sum_of_the_natural_dice_used_and_a_wild_scores_0() {
    let verdict = judge(3, "7 7 7 W 1 2 3 4 9 10");
    assert_eq!(groups(&verdict), vec!["7 7 7 W=7", "1 2 3 4"]);
    assert_eq!(verdict.score, 21 + 10);
}

#[test]
fn the_server_takes_the_assignment_with_the_highest_score() {
    // The five 9s-and-wilds set scores more than the five 6s-and-wilds set would.
    let verdict = judge(9, "9 9 9 W W 6 6 W");
    assert_eq!(groups(&verdict), vec!["9 9 9 W=9 W=9", "6 6"]);
    assert_eq!(verdict.score, 39);
    // Both wilds in the set of 10s: 10 10 10 W W + 4 4 4 beats 10 10 10 + 4 4 4 W W.
    assert_eq!(judge(10, "10 10 10 4 4 4 W W").score, 42);
}

#[test]
fn a_phase_not_made_scores_0_and_has_no_groups() {
    let verdict = judge(6, "1 2 3 4 5 6 7 8");
    assert_eq!(
        (verdict.made, verdict.score, verdict.groups.len()),
        (false, 0, 0)
    );
    assert!(!evaluate(phases::numbered(1).unwrap(), &Default::default()).made);
}

#[test]
fn it_reports_which_dice_made_which_group_and_what_each_wild_stood_for() {
    let verdict = judge(2, "W 9 9 3 5 6 W");
    assert_eq!(groups(&verdict), vec!["9 9 W=9", "3 W=4 5 6"]);
    let wild_in_run = verdict.groups[1].dice[1];
    assert_eq!(
        (wild_in_run.index, wild_in_run.stands_for),
        (6, Some(number(4)))
    );
    assert_eq!(verdict.groups[0].dice[2].index, 0);
}
