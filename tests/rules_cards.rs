//! RULES §7, the card game: the deck, the cards' wire form and worth, the phases with cards
//! (sets, runs, one color, Wilds, Skips, El Chavo's phase 10).

use phase10::rules::cards::{
    CARD_COLORS, Card, CardColor, CardEdition, CardError, CardValue, DECK_SIZE, Evaluation,
    HIGHEST_CARD, LaidGroup, NotMade, StandsFor, TooManyInDeck, check_laid_down, evaluate,
    fits_one_deck,
};
use phase10::rules::{GroupKind, PHASES, PhaseNumber};
use serde_json::json;

/// Cards in short notation: a number then a color letter (`7r`, `12g`, `1b`, `5y`), `W`, `S`.
fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|token| match token {
            "W" => Card::WILD,
            "S" => Card::SKIP,
            _ => {
                let (number, color) = token.split_at(token.len() - 1);
                let color = match color {
                    "r" => CardColor::Red,
                    "b" => CardColor::Blue,
                    "y" => CardColor::Yellow,
                    "g" => CardColor::Green,
                    _ => panic!("no color in {token:?}"),
                };
                Card::number(number.parse().expect("a number"), color)
            }
        })
        .collect()
}

/// Groups in short notation, separated by `|`.
fn groups(text: &str) -> Vec<Vec<Card>> {
    text.split('|').map(cards).collect()
}

fn p(number: u8) -> PhaseNumber {
    PhaseNumber::new(number).expect("a phase 1-10")
}

fn assert_reads_well(words: &str) {
    for rust in [
        "{", "}", "::", "Some(", "None", "Cards(", "Points(", "Number(", "_",
    ] {
        assert!(!words.contains(rust), "{words:?} reads as Rust ({rust})");
    }
}

// ---- The deck and the cards ----

#[test]
fn the_deck_has_two_of_each_number_and_color_8_wilds_and_4_skips() {
    let mut deck = Vec::new();
    for color in CARD_COLORS {
        for n in 1..=HIGHEST_CARD {
            deck.extend([Card::number(n, color); 2]);
        }
    }
    deck.extend([Card::WILD; 8]);
    deck.extend([Card::SKIP; 4]);
    assert_eq!((deck.len(), DECK_SIZE), (108, 108));
    assert_eq!(fits_one_deck(&deck), Ok(()));
    assert!(deck.iter().all(|c| c.check().is_ok()));

    for (one_more, in_deck, words) in [
        (
            Card::number(7, CardColor::Red),
            2,
            "the deck has only 2 red 7s, and these cards have 3",
        ),
        (
            Card::WILD,
            8,
            "the deck has only 8 Wilds, and these cards have 9",
        ),
        (
            Card::SKIP,
            4,
            "the deck has only 4 Skips, and these cards have 5",
        ),
    ] {
        let mut more = deck.clone();
        more.push(one_more);
        let too_many = fits_one_deck(&more).expect_err("one card too many");
        assert_eq!(
            too_many,
            TooManyInDeck {
                card: one_more,
                count: in_deck + 1,
                in_deck
            }
        );
        assert_eq!(too_many.to_string(), words);
    }
    // The first card there are too many of, in the order given.
    let two_too_many = cards("5b 9y 9y 5b 9y 5b");
    assert_eq!(
        fits_one_deck(&two_too_many).map_err(|e| e.card),
        Err(Card::number(5, CardColor::Blue))
    );
}

#[test]
fn a_card_is_a_number_1_to_12_with_a_color_or_a_wild_or_a_skip_without_one() {
    assert_eq!(Card::number(12, CardColor::Green).check(), Ok(()));
    assert_eq!(Card::WILD.check(), Ok(()));
    assert_eq!(Card::SKIP.check(), Ok(()));
    let no_color = Card {
        value: CardValue::Number(7),
        color: None,
    };
    let colored_wild = Card {
        value: CardValue::Wild,
        color: Some(CardColor::Red),
    };
    let colored_skip = Card {
        value: CardValue::Skip,
        color: Some(CardColor::Blue),
    };
    let thirteen = Card::number(13, CardColor::Red);
    let zero = Card::number(0, CardColor::Red);
    for (card, error, words) in [
        (
            no_color,
            CardError::NoColor,
            "a numbered card has a color: red, blue, yellow or green",
        ),
        (colored_wild, CardError::ColorOnWild, "a Wild has no color"),
        (colored_skip, CardError::ColorOnSkip, "a Skip has no color"),
        (
            thirteen,
            CardError::NumberOutOfRange(13),
            "cards are numbered 1 to 12, not 13",
        ),
        (
            zero,
            CardError::NumberOutOfRange(0),
            "cards are numbered 1 to 12, not 0",
        ),
    ] {
        assert_eq!(card.check(), Err(error));
        assert_eq!(error.to_string(), words);
    }
    assert_eq!(Card::number(7, CardColor::Red).to_string(), "red 7");
    assert_eq!(Card::WILD.to_string(), "Wild");
    assert_eq!(Card::SKIP.to_string(), "Skip");
    assert!(Card::number(1, CardColor::Yellow).is_natural());
    assert!(!Card::WILD.is_natural() && !Card::SKIP.is_natural());
}

#[test]
fn a_card_is_written_with_its_value_1_to_12_w_or_s_and_its_color() {
    let read = |value: serde_json::Value| serde_json::from_value::<Card>(value);
    assert_eq!(
        read(json!({"value": 7, "color": "red"})).unwrap(),
        Card::number(7, CardColor::Red)
    );
    assert_eq!(read(json!({"value": "W"})).unwrap(), Card::WILD);
    assert_eq!(read(json!({"value": "S"})).unwrap(), Card::SKIP);
    // Shape first, meaning later: a colorless 7 reads, and `check` refuses it by name.
    assert_eq!(
        read(json!({"value": 7})).unwrap().check(),
        Err(CardError::NoColor)
    );
    for (bad, says) in [
        (json!({"value": 13, "color": "red"}), "invalid value"),
        (json!({"value": 0, "color": "red"}), "invalid value"),
        (json!({"value": -1, "color": "red"}), "invalid value"),
        (json!({"value": "X"}), "invalid value"),
        (json!({"value": true}), "invalid type"),
        (json!({"value": 7, "color": "orange"}), "unknown variant"),
        (
            json!({"value": 7, "color": "red", "suit": 1}),
            "unknown field",
        ),
    ] {
        let error = read(bad.clone()).expect_err("refused");
        assert!(error.to_string().contains(says), "{bad}: {error}");
    }
    assert_eq!(
        serde_json::to_value(Card::number(12, CardColor::Yellow)).unwrap(),
        json!({"value": 12, "color": "yellow"})
    );
    assert_eq!(
        serde_json::to_value(cards("W S")).unwrap(),
        json!([{"value": "W"}, {"value": "S"}])
    );
}

#[test]
fn cards_are_worth_5_for_1_to_9_10_for_10_to_12_15_for_a_skip_and_25_for_a_wild() {
    let worth: Vec<u32> = cards("1r 9g 10b 12y S W")
        .into_iter()
        .map(Card::points)
        .collect();
    assert_eq!(worth, vec![5, 5, 10, 10, 15, 25]);
}

// ---- The phases with cards ----

/// Cards that make each phase, and the points they lay down.
const MAKES: [(&str, u32); 10] = [
    ("7r 7b 7g 10y 10b 10r", 45),
    ("4r 4b 4y 5g 6g 7r 8b", 35),
    ("12r 12b 12y 12g 1r 2b 3y 4g", 60),
    ("6r 7b 8y 9g 10r 11b 12y", 50),
    ("1r 2b 3y 4g 5r 6b 7y 8g", 40),
    ("2r 3b 4y 5g 6r 7b 8y 9g 10r", 50),
    ("3r 3b 3y 3g 9r 9b 9y 9g", 40),
    ("1g 3g 5g 7g 9g 11g 12g", 45),
    ("11r 11b 11y 11g 11r 2b 2y", 60),
    ("8r 8b 8y 8g 8r 5b 5y 5g", 40),
];

#[test]
fn the_phases_are_the_ten_of_the_dice_game_made_with_cards() {
    for (phase, (hand, points)) in PHASES.iter().zip(MAKES) {
        for edition in [CardEdition::Standard, CardEdition::ElChavo] {
            let verdict = evaluate(phase.number, &cards(hand), edition);
            assert!(verdict.made, "{phase} with {hand}");
            assert_eq!(verdict.points_laid, points, "{phase} with {hand}");
            let shape: Vec<(GroupKind, u8)> =
                verdict.groups.iter().map(|g| (g.kind, g.size)).collect();
            let wanted: Vec<(GroupKind, u8)> =
                phase.groups.iter().map(|g| (g.kind, g.size)).collect();
            assert_eq!(shape, wanted, "groups in the phase's order");
            // One card fewer never makes it.
            let fewer = &cards(hand)[1..];
            assert!(!evaluate(phase.number, fewer, edition).made, "{phase}");
        }
    }
}

fn laid_cards(group: &LaidGroup) -> Vec<Card> {
    group.cards.iter().map(|c| c.card).collect()
}

fn stands(group: &LaidGroup) -> Vec<Option<StandsFor>> {
    group.cards.iter().map(|c| c.stands_for).collect()
}

#[test]
fn a_set_is_cards_of_one_number_in_any_colors() {
    let verdict = evaluate(p(1), &cards("5r 5b 5b 9g 9y 9r 3r"), CardEdition::Standard);
    assert!(verdict.made);
    assert_eq!(laid_cards(&verdict.groups[0]), cards("9r 9y 9g"));
    assert_eq!(laid_cards(&verdict.groups[1]), cards("5r 5b 5b"));
    // Two sets of one phase may share a number.
    let same = evaluate(p(1), &cards("6r 6b 6y 6g 6r 6b"), CardEdition::Standard);
    assert!(same.made);
    assert_eq!(same.points_laid, 30);
    assert!(!evaluate(p(1), &cards("5r 5b 6r 9g 9y 9r"), CardEdition::Standard).made);
}

#[test]
fn a_run_is_consecutive_numbers_within_1_to_12_without_wrapping_or_repeats() {
    let made = |hand: &str| evaluate(p(4), &cards(hand), CardEdition::Standard).made;
    assert!(made("6r 7b 8y 9g 10r 11b 12y"));
    assert!(made("1r 2b 3y 4g 5r 6b 7y"));
    assert!(!made("11r 12b 1y 2g 3r 4b 5y"), "no wrap past 12");
    assert!(!made("1r 2b 3y 3g 4r 5b 6y"), "no number twice");
    assert!(!made("1r 2b 3y 5g 6r 7b 8y"), "no gap");
    // A run is laid in order from its lowest number, a Wild in the place it fills.
    let verdict = evaluate(
        p(4),
        &cards("12y 8r W 11b 7b 10g 6g"),
        CardEdition::Standard,
    );
    let run = &verdict.groups[0];
    assert_eq!(laid_cards(run), cards("6g 7b 8r W 10g 11b 12y"));
    assert_eq!(stands(run)[3], Some(StandsFor::Number(9)));
    // A run of 12 is the longest.
    let all: String = (1..=12).map(|n| format!("{n}r ")).collect();
    let longest = evaluate(p(6), &cards(&all), CardEdition::Standard);
    assert_eq!(longest.groups[0].cards.len(), 12);
}

#[test]
fn phase_8_is_7_cards_of_one_color() {
    let verdict = evaluate(
        p(8),
        &cards("1b 5b 5b 9b 11b 12b W 3r"),
        CardEdition::Standard,
    );
    assert!(verdict.made);
    let group = &verdict.groups[0];
    assert_eq!(laid_cards(group), cards("1b 5b 5b 9b 11b 12b W"));
    assert_eq!(stands(group)[6], Some(StandsFor::Color(CardColor::Blue)));
    assert!(
        !evaluate(
            p(8),
            &cards("1b 5b 5b 9b 11b 12b 3r"),
            CardEdition::Standard
        )
        .made
    );
}

#[test]
fn a_wild_stands_for_any_number_or_color() {
    let verdict = evaluate(p(2), &cards("W 7r 7b 3y 4y W 6g"), CardEdition::Standard);
    assert!(verdict.made);
    let [set, run] = &verdict.groups[..] else {
        panic!("two groups")
    };
    assert_eq!(laid_cards(run), cards("3y 4y W 6g"));
    assert_eq!(
        stands(run),
        vec![None, None, Some(StandsFor::Number(5)), None]
    );
    assert_eq!(laid_cards(set), cards("7r 7b W"));
    assert_eq!(stands(set)[2], Some(StandsFor::Number(7)));
}

#[test]
fn a_phase_may_use_any_number_of_wilds_but_needs_one_natural_card() {
    let verdict = evaluate(p(10), &cards("W W W W W W W 4r"), CardEdition::Standard);
    assert!(verdict.made);
    assert_eq!(verdict.points_laid, 7 * 25 + 5);
    assert_eq!(
        check_laid_down(p(7), &groups("W W W W | 4r W W W"), CardEdition::Standard)
            .map(|g| g.len()),
        Ok(2)
    );
}

#[test]
fn a_phase_of_wilds_alone_is_not_made() {
    let wilds = cards("W W W W W W W W");
    for phase in &PHASES {
        assert!(
            !evaluate(phase.number, &wilds, CardEdition::Standard).made,
            "{phase}"
        );
    }
    let refused = check_laid_down(p(1), &groups("W W W | W W W"), CardEdition::Standard);
    assert_eq!(refused, Err(NotMade::NoNaturalCard));
    assert_eq!(
        NotMade::NoNaturalCard.to_string(),
        "a phase needs at least one natural card: Wilds alone do not make it"
    );
}

#[test]
fn a_skip_is_never_part_of_a_phase() {
    for phase in &PHASES {
        let skips_and_wilds = cards("S S S S W W W W 1r");
        let verdict = evaluate(phase.number, &skips_and_wilds, CardEdition::Standard);
        assert!(
            verdict
                .groups
                .iter()
                .flat_map(|g| &g.cards)
                .all(|c| c.card != Card::SKIP),
            "{phase}"
        );
    }
    assert!(!evaluate(p(8), &cards("1r 2r 3r 4r 5r 6r S"), CardEdition::Standard).made);
    let refused = check_laid_down(p(1), &groups("7r 7b 7y | 9r S 9b"), CardEdition::Standard);
    assert_eq!(refused, Err(NotMade::Skip { group: 1 }));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "the second group has a Skip, and a Skip is never part of a phase"
    );
}

#[test]
fn el_chavo_phase_10_needs_a_wild_or_an_8_in_a_set() {
    let without = cards("7r 7b 7y 7g 7r 3b 3y 3g");
    let with_8 = cards("8r 8b 8y 8g 8r 3b 3y 3g");
    let with_wild = cards("7r 7b 7y 7g W 3b 3y 3g");
    assert!(evaluate(p(10), &without, CardEdition::Standard).made);
    assert!(!evaluate(p(10), &without, CardEdition::ElChavo).made);
    assert!(evaluate(p(10), &with_8, CardEdition::ElChavo).made);
    assert!(evaluate(p(10), &with_wild, CardEdition::ElChavo).made);
    // An 8 that makes the phase only in the smaller set counts too.
    assert!(
        evaluate(
            p(10),
            &cards("7r 7b 7y 7g 7r 8b 8y 8g"),
            CardEdition::ElChavo
        )
        .made
    );
    // Only phase 10: El Chavo's other phases are the standard ones.
    assert!(evaluate(p(9), &cards("7r 7b 7y 7g 7r 3b 3y"), CardEdition::ElChavo).made);

    let laid = groups("7r 7b 7y 7g 7r | 3b 3y 3g");
    assert!(check_laid_down(p(10), &laid, CardEdition::Standard).is_ok());
    let refused = check_laid_down(p(10), &laid, CardEdition::ElChavo);
    assert_eq!(refused, Err(NotMade::NoElChavoCard));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "in the El Chavo edition, phase 10 needs a Wild or an 8 in one of its sets"
    );
    let with_8 = groups("3b 3y 3g | 8r 8b 8y 8g 8r");
    assert!(check_laid_down(p(10), &with_8, CardEdition::ElChavo).is_ok());
}

#[test]
fn the_way_laid_down_is_the_one_that_lays_the_most_points() {
    // Phase 1 from 10s, 9s and 2s: the 10s and 9s leave the least in hand.
    let verdict = evaluate(
        p(1),
        &cards("2r 2b 2y 10r 10b 10g 9r 9b 9y 9g"),
        CardEdition::Standard,
    );
    assert_eq!(verdict.points_laid, 30 + 20);
    assert_eq!(laid_cards(&verdict.groups[0]), cards("10r 10b 10g"));
    // Every Wild goes down where a set can take it, and groups grow past what the phase asks.
    let verdict = evaluate(
        p(2),
        &cards("5r 5b 5y 5g 1r 2b 3y 4g 6r W W"),
        CardEdition::Standard,
    );
    assert_eq!(verdict.points_laid, 9 * 5 + 2 * 25);
    let laid: usize = verdict.groups.iter().map(|g| g.cards.len()).sum();
    assert_eq!(laid, 11);
    // In a phase of one run, Wilds left over stand in for the run's lowest cards.
    let all: String = (1..=12).map(|n| format!("{n}r ")).collect();
    let verdict = evaluate(p(4), &cards(&format!("{all} W W")), CardEdition::Standard);
    assert_eq!(verdict.points_laid, 2 * 25 + 7 * 5 + 3 * 10);
    assert_eq!(
        stands(&verdict.groups[0])[..3],
        [Some(StandsFor::Number(1)), Some(StandsFor::Number(2)), None]
    );
    // Equal points: the same answer every time.
    let tied = cards("4r 4b 4y 6r 6b 6y 8r 8b 8y");
    let first = evaluate(p(1), &tied, CardEdition::Standard);
    assert_eq!(first, evaluate(p(1), &tied, CardEdition::Standard));
    assert_eq!(laid_cards(&first.groups[0]), cards("8r 8b 8y"));
    assert_eq!(laid_cards(&first.groups[1]), cards("6r 6b 6y"));
}

#[test]
fn cards_that_do_not_make_the_phase_lay_down_nothing() {
    assert_eq!(
        evaluate(p(3), &cards("5r 5b 5y 1r 2b 3y 4g"), CardEdition::Standard),
        Evaluation {
            made: false,
            groups: Vec::new(),
            points_laid: 0
        }
    );
    assert!(!evaluate(p(1), &[], CardEdition::Standard).made);
}

#[test]
fn groups_laid_down_are_matched_to_the_phase_in_any_order() {
    let laid = check_laid_down(
        p(2),
        &groups("9r W 11b 12y | 4r 4b 4y"),
        CardEdition::Standard,
    )
    .expect("a run and a set make phase 2");
    assert_eq!(
        laid.iter().map(|g| g.kind).collect::<Vec<_>>(),
        vec![GroupKind::Run, GroupKind::Set],
        "in the order given"
    );
    assert_eq!(stands(&laid[0])[1], Some(StandsFor::Number(10)));
    // A Wild keeps the place it was given in a run laid in order; else it fills a gap, then goes
    // above the highest card.
    let before = check_laid_down(p(4), &groups("W 2r 3b 4y 5g 6r 7b"), CardEdition::Standard);
    assert_eq!(stands(&before.unwrap()[0])[0], Some(StandsFor::Number(1)));
    let above = check_laid_down(p(4), &groups("7b 2r W 3b 4y 5g 6r"), CardEdition::Standard);
    let above = above.unwrap();
    assert_eq!(laid_cards(&above[0]), cards("2r 3b 4y 5g 6r 7b W"));
    assert_eq!(stands(&above[0])[6], Some(StandsFor::Number(8)));
    // Hits make groups longer than the phase asks.
    assert!(
        check_laid_down(
            p(9),
            &groups("3r 3b | 6r 6b 6y 6g W W 6r"),
            CardEdition::Standard
        )
        .is_ok()
    );
}

#[test]
fn laid_down_groups_that_are_not_the_phase_say_why() {
    let standard = CardEdition::Standard;
    for (phase, laid, why, group, words) in [
        (
            3,
            "4r 4b 4y 4g",
            NotMade::GroupCount {
                given: 1,
                needed: 2,
            },
            None,
            "the phase has 2 groups, not 1",
        ),
        (
            4,
            "1r 2r 3r 4r 5r 6r 7r | 9r 9b",
            NotMade::GroupCount {
                given: 2,
                needed: 1,
            },
            None,
            "the phase has 1 group, not 2",
        ),
        (
            1,
            "7r 7b 7y | 9r 8b 9y",
            NotMade::NotASet { group: 1 },
            Some(1),
            "the second group is not a set: a set is cards of one number",
        ),
        (
            2,
            "1r 2r 4r 5r | 9r 9b 9y",
            NotMade::NotARun { group: 0 },
            Some(0),
            "the first group is not a run: a run is cards of consecutive numbers within 1 to 12, \
             each number once",
        ),
        (
            8,
            "1r 2r 3r 4r 5r 6r 7b",
            NotMade::NotOneColor { group: 0 },
            Some(0),
            "the first group is not all one color",
        ),
        (
            9,
            "3r 3b 3y | 6r 6b 6y",
            NotMade::TooShort {
                group: 0,
                kind: GroupKind::Set,
                size: 5,
                given: 3,
            },
            Some(0),
            "the first group has only 3 cards, and the phase needs a set of at least 5",
        ),
        (
            3,
            "2r 3r 4r | 9r 9b 9y 9g",
            NotMade::TooShort {
                group: 0,
                kind: GroupKind::Run,
                size: 4,
                given: 3,
            },
            Some(0),
            "the first group has only 3 cards, and the phase needs a run of at least 4",
        ),
    ] {
        let refused = check_laid_down(p(phase), &groups(laid), standard);
        assert_eq!(refused, Err(why.clone()), "phase {phase}: {laid}");
        assert_eq!(why.group(), group);
        assert_eq!(why.to_string(), words);
        assert_reads_well(&why.to_string());
    }
}
