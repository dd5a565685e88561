//! Property tests: on random rollable rolls, the evaluator agrees with the brute-force
//! reference on made and score for every phase, and the assignment it reports is a real one.

mod support;

use phase10_rules::dice::{Color, DiceLayout, Die, Evaluation, Face, Roll, StandsFor, evaluate};
use phase10_rules::{Group, GroupKind, PHASES, Phase};
use proptest::prelude::*;
use support::physical_roll;
use support::reference::{best_score, group_score, is_wild};

/// Phases no rulebook has, to reach the evaluator's other searches: colors mixed with sets and
/// runs, several color groups, identical runs, three groups.
const HOUSE_PHASES: [Phase; 5] = [
    Phase::new(
        1,
        "1 run of 4 + 4 of one color",
        &[Group::run(4), Group::color(4)],
    ),
    Phase::new(
        2,
        "1 set of 3 + 3 of one color",
        &[Group::set(3), Group::color(3)],
    ),
    Phase::new(
        3,
        "2 color groups of 3",
        &[Group::color(3), Group::color(3)],
    ),
    Phase::new(4, "2 runs of 3", &[Group::run(3), Group::run(3)]),
    Phase::new(
        5,
        "3 sets of 2",
        &[Group::set(2), Group::set(2), Group::set(2)],
    ),
];

/// Random rolls as they land on the physical dice: any subset of the ten, in any order, with
/// or without colors, on either layout.
fn rolls() -> impl Strategy<Value = Roll> {
    (
        prop::array::uniform10(0usize..6),
        0u16..1024,
        any::<bool>(),
        any::<bool>(),
    )
        .prop_flat_map(|(faces, keep, colorless, any_colors)| {
            let layout = if any_colors {
                DiceLayout::AnyColors
            } else {
                DiceLayout::Standard
            };
            Just(physical_roll(layout, faces, keep, colorless)).prop_shuffle()
        })
        .prop_map(|dice| Roll::new(dice).expect("at most ten dice"))
}

/// Checks that the reported groups are a real way the roll makes the phase, with that score.
#[track_caller]
fn assert_real_assignment(phase: &Phase, roll: &Roll, verdict: &Evaluation) {
    if !verdict.made {
        assert_eq!((verdict.score, verdict.groups.len()), (0, 0));
        return;
    }
    assert_eq!(verdict.groups.len(), phase.groups.len());
    let mut seen = vec![false; roll.len()];
    let mut total = 0;
    for (used, wanted) in verdict.groups.iter().zip(phase.groups) {
        assert_eq!(used.group, *wanted);
        assert_eq!(used.dice.len(), usize::from(wanted.size));
        let dice: Vec<Die> = used.dice.iter().map(|u| u.die).collect();
        for u in &used.dice {
            assert_eq!(u.die, roll.dice()[u.index], "the die at its index");
            assert!(!seen[u.index], "a die is used once");
            seen[u.index] = true;
            assert_eq!(
                u.stands_for.is_some(),
                is_wild(&u.die),
                "only a wild stands for something"
            );
        }
        total += group_score(wanted.kind, &dice).expect("the dice make the group");
        // What the wilds stand for must complete the group.
        let stood: Vec<Die> = used
            .dice
            .iter()
            .map(|u| match u.stands_for {
                Some(StandsFor::Number(n)) => Die::new(Face::Number(n), u.die.color),
                _ => u.die,
            })
            .collect();
        match wanted.kind {
            GroupKind::Set => assert!(stood.windows(2).all(|w| w[0].face == w[1].face)),
            GroupKind::Run => {
                let values: Vec<u8> = stood
                    .iter()
                    .filter_map(|d| d.face.number())
                    .map(|n| n.get())
                    .collect();
                assert_eq!(values.len(), stood.len());
                assert!(
                    values.windows(2).all(|w| w[1] == w[0] + 1),
                    "a run in order: {values:?}"
                );
            }
            GroupKind::Color => {
                let color: Option<Color> = used.dice[0].die.color;
                for u in &used.dice {
                    assert_eq!(u.die.color, color);
                    if let Some(stands) = u.stands_for {
                        assert_eq!(Some(stands), color.map(StandsFor::Color));
                    }
                }
            }
        }
    }
    assert_eq!(total, verdict.score);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn evaluator_matches_brute_force_reference_on_every_phase(roll in rolls()) {
        for phase in &PHASES {
            let verdict = evaluate(phase, &roll);
            prop_assert_eq!(verdict.made.then_some(verdict.score), best_score(phase, roll.dice()),
                "{} on {:?}", phase, roll);
            assert_real_assignment(phase, &roll, &verdict);
        }
    }

    #[test]
    fn evaluator_matches_brute_force_reference_on_house_phases(roll in rolls()) {
        for phase in &HOUSE_PHASES {
            let verdict = evaluate(phase, &roll);
            prop_assert_eq!(verdict.made.then_some(verdict.score), best_score(phase, roll.dice()),
                "{} on {:?}", phase, roll);
            assert_real_assignment(phase, &roll, &verdict);
        }
    }

    #[test]
    fn every_roll_produced_from_the_layout_is_accepted(roll in rolls()) {
        // Rolls of either layout are rollable on the any_colors layout; standard-colored rolls
        // on the standard one too.
        prop_assert!(DiceLayout::AnyColors.place(&roll).is_ok());
    }

    #[test]
    fn every_roll_of_the_standard_dice_is_accepted(
        faces in prop::array::uniform10(0usize..6), keep in 0u16..1024, colorless in any::<bool>()
    ) {
        let dice = physical_roll(DiceLayout::Standard, faces, keep, colorless);
        let roll = Roll::new(dice).expect("at most ten dice");
        let placement = DiceLayout::Standard.place(&roll).expect("rollable");
        prop_assert_eq!(placement.len(), roll.len());
    }
}

#[test]
fn equal_score_alternatives_are_resolved_the_same_way_every_time() {
    let roll = support::roll("8 8 8 W W W 2");
    let first = evaluate(&PHASES[0], &roll);
    for _ in 0..10 {
        assert_eq!(evaluate(&PHASES[0], &roll), first);
    }
}
