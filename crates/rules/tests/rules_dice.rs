//! RULES §1, the dice: the standard layout, rollability, and the any_colors layout.

mod support;

use phase10_rules::dice::{
    Color, DiceLayout, Die, DieId, Face, Number, Roll, evaluate, layout::NotRollable,
};
use phase10_rules::phases::numbered as phase;
use support::roll;

fn faces_of(layout: DiceLayout, ids: &[DieId]) -> Vec<(Face, Option<Color>)> {
    ids.iter()
        .flat_map(|&id| layout.faces(id))
        .map(|f| (f.face, f.color))
        .collect()
}

#[test]
fn each_number_1_to_4_appears_once_in_every_color() {
    let low = faces_of(DiceLayout::Standard, &DieId::ALL[..4]);
    for value in 1..=4 {
        for color in Color::ALL {
            let face = Face::Number(Number::new(value).unwrap());
            let count = low.iter().filter(|&&f| f == (face, Some(color))).count();
            assert_eq!(count, 1, "{color} {value}");
        }
    }
}

#[test]
fn wild_appears_twice_in_every_color() {
    let low = faces_of(DiceLayout::Standard, &DieId::ALL[..4]);
    for color in Color::ALL {
        assert_eq!(
            low.iter()
                .filter(|&&f| f == (Face::Wild, Some(color)))
                .count(),
            2,
            "{color}"
        );
    }
}

#[test]
fn four_low_dice_show_1_to_4_and_two_wilds_six_high_dice_show_5_to_10() {
    for id in DieId::ALL {
        let faces: Vec<u32> = DiceLayout::Standard
            .faces(id)
            .iter()
            .map(|f| f.face.points())
            .collect();
        if id.is_low() {
            assert_eq!(faces, vec![1, 2, 3, 4, 0, 0], "{id}");
        } else {
            assert_eq!(faces, vec![5, 6, 7, 8, 9, 10], "{id}");
        }
    }
}

#[test]
fn rulebook_example_2_4_w_5_8_9_10_all_orange_is_rollable() {
    assert!(
        DiceLayout::Standard
            .place(&roll("2o 4o Wo 5o 8o 9o 10o"))
            .is_ok()
    );
}

#[test]
fn seven_tens_are_not_rollable() {
    let error = DiceLayout::Standard
        .place(&roll("10 10 10 10 10 10 10"))
        .unwrap_err();
    assert_eq!(error.index(), 6);
    assert_eq!(
        error.to_string(),
        "only the 6 high dice (H1 to H6, which show 5 to 10) show a 10, but 7 were given"
    );
}

#[test]
fn two_orange_fives_are_not_rollable() {
    let error = DiceLayout::Standard.place(&roll("5o 7 5o")).unwrap_err();
    assert_eq!(error.index(), 2);
    assert_eq!(
        error.to_string(),
        "no die shows an orange 5 twice: only the high die H3 has that face, and 2 were given"
    );
}

#[test]
fn eleven_dice_are_not_rollable() {
    let error = "1 2 3 4 5 6 7 8 9 10 W".parse::<Roll>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "11 dice were given, but the game has only 10"
    );
    let dice = vec![Die::new(Face::Wild, None); 11];
    assert_eq!(Roll::new(dice).unwrap_err().given, 11);
}

#[test]
fn a_die_face_that_does_not_exist_is_refused() {
    assert_eq!(Number::new(0), None);
    assert_eq!(Number::new(11), None);
    for bad in ["0", "11", "5x", "w", "", "10 r"] {
        assert!(bad.parse::<Die>().is_err(), "{bad:?}");
    }
}

#[test]
fn faces_that_each_exist_but_not_on_enough_dice_at_once_are_not_rollable() {
    // Only H3 shows an orange 5, and only H3 and H6 an orange 10.
    let error = DiceLayout::Standard.place(&roll("5o 10o 10o")).unwrap_err();
    let NotRollable::Conflict {
        involved,
        available,
        ..
    } = &error
    else {
        panic!("expected a conflict, got {error:?}");
    };
    assert_eq!(involved, &vec![0, 1, 2]);
    assert_eq!(available, &vec![DieId::H3, DieId::H6]);
    assert_eq!(
        error.to_string(),
        "3 dice (orange 5, orange 10, orange 10) could only have been rolled on 2 of the high dice (H3, H6): \
         they cannot all have been rolled together"
    );
    // Seven numbers from 5 to 10 need seven high dice.
    let error = DiceLayout::Standard
        .place(&roll("5 6 7 8 9 10 10"))
        .unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("7 dice (5, 6, 7, 8, 9, 10, 10)"),
        "{error}"
    );
}

#[test]
fn a_die_shown_in_a_color_its_face_does_not_have_is_not_rollable() {
    // Both red wilds are on L1 and L4; a third red wild has no die.
    let error = DiceLayout::Standard.place(&roll("Wr Wr Wr")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "only 2 of the low dice (L1, L4) show a red wild, but 3 were given"
    );
}

#[test]
fn rollable_dice_are_placed_on_different_physical_dice() {
    // The orange 10 moves to H6 because H3 is the only orange 5; the orange wild to L1 because L2
    // is the only orange 4.
    let placement = DiceLayout::Standard.place(&roll("5o 10o 4o Wo")).unwrap();
    assert_eq!(placement, vec![DieId::H3, DieId::H6, DieId::L2, DieId::L1]);
    assert!(
        DiceLayout::Standard
            .place(&roll("5o 10o 4o Wo Wo"))
            .is_err()
    );
}

#[test]
fn color_is_optional_on_a_submitted_die() {
    assert!(DiceLayout::Standard.place(&roll("8 8 8 10 W W")).is_ok());
    assert!(evaluate(phase(1).unwrap(), &roll("8 8 8 10 W W")).made);
}

#[test]
fn a_die_without_a_color_cannot_make_phase_8() {
    let phase_8 = phase(8).unwrap();
    assert!(evaluate(phase_8, &roll("2o 4o Wo 5o 8o 9o 10o")).made);
    assert!(!evaluate(phase_8, &roll("2o 4o Wo 5o 8o 9o 10")).made);
}

#[test]
fn any_colors_dice_check_only_the_counts() {
    let six_red_tens = roll("10r 10r 10r 10r 10r 10r");
    assert!(DiceLayout::Standard.place(&six_red_tens).is_err());
    assert!(DiceLayout::AnyColors.place(&six_red_tens).is_ok());
    assert!(
        DiceLayout::AnyColors
            .place(&roll("Wg Wg Wg Wg 5 6 7 8 9 10"))
            .is_ok()
    );
    // At most six dice in 5-10, at most four in 1-4 and W.
    assert!(
        DiceLayout::AnyColors
            .place(&roll("10 10 10 10 10 10 10"))
            .is_err()
    );
    assert!(
        DiceLayout::AnyColors
            .place(&roll("5 6 7 8 9 10 10"))
            .is_err()
    );
    assert!(DiceLayout::AnyColors.place(&roll("1 2 W W W")).is_err());
}

#[test]
fn no_dice_at_all_are_rollable() {
    assert_eq!(DiceLayout::Standard.place(&Roll::default()), Ok(vec![]));
}
