//! RULES §7, the card game: the deck, the cards' wire form and worth, the phases with cards
//! (sets, runs, one color, Wilds, Skips, El Chavo's phase 10), what a recorded hand must
//! satisfy, scoring, moving through the phases, the end with its tie-break hand, and the
//! variations (phases played, ten hands, editions).

use phase10_rules::cards::{
    CARD_COLORS, Card, CardColor, CardEdition, CardError, CardGame, CardRules, CardSetupError,
    CardStatus, CardValue, DECK_SIZE, Evaluation, HIGHEST_CARD, Hand, HandEntry, HandError,
    HandLine, HandOutcome, HandProblem, Held, LaidCard, LaidGroup, MAX_CARD_PLAYERS,
    MIN_CARD_PLAYERS, NotMade, StandsFor, TooManyInDeck, check_laid_down, evaluate, fits_one_deck,
};
use phase10_rules::{GroupKind, PHASES, PhaseNumber};
use serde_json::json;

const NAMES: [&str; 6] = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"];

/// Cards in short notation: a number then a color letter (`7r`, `12g`, `1b`, `5y`), `W`, `S`.
#[track_caller]
fn cards(text: &str) -> Vec<Card> {
    let mut cards = Vec::new();
    for token in text.split_whitespace() {
        cards.push(match token {
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
        });
    }
    cards
}

/// Groups in short notation, separated by `|`.
fn groups(text: &str) -> Vec<Vec<Card>> {
    text.split('|').map(cards).collect()
}

fn p(number: u8) -> PhaseNumber {
    PhaseNumber::new(number).expect("a phase 1-10")
}

fn phases(numbers: &[u8]) -> Vec<PhaseNumber> {
    numbers.iter().map(|&n| p(n)).collect()
}

fn game_of(players: usize, rules: CardRules) -> CardGame {
    let names = NAMES[..players].iter().map(|n| n.to_string()).collect();
    CardGame::new(names, rules).expect("2 to 6 players")
}

fn standard_game(players: usize) -> CardGame {
    game_of(
        players,
        CardRules::new(CardRules::all_ten(), false, CardEdition::Standard).unwrap(),
    )
}

/// A player's line in short notation: `O` went out (made, holding nothing), `M 10` made their
/// phase and holds 10 points, `F 50` did not and holds 50 points, `M: 10y S` / `F: …` the cards
/// held instead of points.
#[track_caller]
fn line(seat: usize, text: &str) -> HandEntry {
    let (made, rest) = match text.split_at(1) {
        ("O", "") => (true, None),
        ("M", rest) => (true, Some(rest)),
        ("F", rest) => (false, Some(rest)),
        _ => panic!("not a line: {text:?}"),
    };
    let held = match rest.map(str::trim) {
        None | Some("") => Held::Nothing,
        Some(rest) => match rest.strip_prefix(':') {
            Some(held) => Held::Cards(cards(held)),
            None => Held::Points(rest.trim().parse().expect("points")),
        },
    };
    HandEntry {
        seat,
        made,
        held,
        laid_down: None,
    }
}

/// A played hand: who went out, and each seat's line in seat order.
fn hand(went_out: usize, lines: &[&str]) -> Hand {
    Hand::Played {
        went_out,
        entries: lines
            .iter()
            .enumerate()
            .map(|(seat, text)| line(seat, text))
            .collect(),
    }
}

#[track_caller]
fn play(game: &mut CardGame, went_out: usize, lines: &[&str]) -> HandOutcome {
    match game.play(&hand(went_out, lines)) {
        Ok(outcome) => outcome,
        Err(e) => panic!("hand refused: {e} ({})", e.at),
    }
}

fn totals(game: &CardGame) -> Vec<u32> {
    game.sheets().iter().map(|s| s.total).collect()
}

fn phases_of(game: &CardGame) -> Vec<Option<u8>> {
    (0..game.sheets().len())
        .map(|seat| game.phase_of(seat).map(PhaseNumber::get))
        .collect()
}

/// Checks a refusal: its kind, its field, its words (which read as a player would say them,
/// never as Rust), and that the game did not change.
#[track_caller]
fn assert_refused(
    game: &mut CardGame,
    hand: &Hand,
    problem: HandProblem,
    field: &str,
    words: &str,
) {
    let before = game.clone();
    let refused = game.play(hand);
    assert_eq!(game, &before, "a refused hand changes nothing");
    let error = refused.expect_err("the hand is refused");
    assert_eq!(
        (
            error.problem,
            error.at.to_string().as_str(),
            error.message.as_str()
        ),
        (problem, field, words)
    );
    assert_reads_well(&error.message);
    assert_eq!(error.to_string(), error.message);
}

#[track_caller]
fn assert_reads_well(words: &str) {
    for rust in [
        "{", "}", "::", "Some(", "None", "Cards(", "Points(", "Number(", "_",
    ] {
        assert!(!words.contains(rust), "{words:?} reads as Rust ({rust})");
    }
}

fn with_laid_down(mut hand: Hand, seat: usize, laid: &str) -> Hand {
    if let Hand::Played { entries, .. } = &mut hand {
        entries[seat].laid_down = Some(groups(laid));
    }
    hand
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

#[test]
fn laid_down_cards_are_written_with_what_each_wild_stands_for() {
    let laid =
        check_laid_down(p(4), &groups("3r W 5b 6y 7g 8r 9b"), CardEdition::Standard).unwrap();
    assert_eq!(
        serde_json::to_value(&laid[0]).unwrap(),
        json!({"kind": "run", "size": 7, "cards": [
            {"value": 3, "color": "red"},
            {"value": "W", "stands_for": 4},
            {"value": 5, "color": "blue"},
            {"value": 6, "color": "yellow"},
            {"value": 7, "color": "green"},
            {"value": 8, "color": "red"},
            {"value": 9, "color": "blue"},
        ]})
    );
    let wild_for_green = LaidCard {
        card: Card::WILD,
        stands_for: Some(StandsFor::Color(CardColor::Green)),
    };
    assert_eq!(
        serde_json::to_value(wild_for_green).unwrap(),
        json!({"value": "W", "stands_for": "green"})
    );
    assert_eq!(
        serde_json::to_value(CardEdition::ElChavo).unwrap(),
        json!("el-chavo")
    );
    assert_eq!(
        serde_json::from_value::<CardEdition>(json!("standard")).unwrap(),
        CardEdition::default()
    );
    assert_eq!(
        serde_json::to_value(CardStatus::TieBreak).unwrap(),
        json!("tie_break")
    );
    assert_eq!(
        serde_json::from_value::<CardStatus>(json!("in_progress")).unwrap(),
        CardStatus::InProgress
    );
}

// ---- A hand ----

#[test]
fn who_went_out_scores_0_and_the_others_score_their_cards_5_10_15_25() {
    let mut game = standard_game(3);
    let outcome = play(
        &mut game,
        1,
        &["F: 1r 2r 3b 9y 10g 12g S W 5r 5b", "O", "M: 11r 4y"],
    );
    // Ann: six cards 1-9 (30), two of 10-12 (20), a Skip (15), a Wild (25) = 90.
    // Cy: an 11 (10) and a 4 (5) = 15.
    assert_eq!(totals(&game), vec![90, 0, 15]);
    assert_eq!(
        outcome,
        HandOutcome {
            number: 1,
            went_out: 1,
            tie_break: false,
            lines: vec![
                (
                    0,
                    HandLine {
                        number: 1,
                        phase: p(1),
                        made: false,
                        points: 90,
                        went_out: false
                    }
                ),
                (
                    1,
                    HandLine {
                        number: 1,
                        phase: p(1),
                        made: true,
                        points: 0,
                        went_out: true
                    }
                ),
                (
                    2,
                    HandLine {
                        number: 1,
                        phase: p(1),
                        made: true,
                        points: 15,
                        went_out: false
                    }
                ),
            ],
        }
    );
    assert_eq!(game.sheets()[2].hands, vec![outcome.lines[2].1]);
}

#[test]
fn points_given_instead_of_cards_are_scored_as_given() {
    let mut game = standard_game(2);
    play(&mut game, 0, &["O", "F 135"]);
    play(&mut game, 0, &["M 0", "M 40"]);
    assert_eq!(totals(&game), vec![0, 175]);
}

#[test]
fn everyone_who_laid_down_their_phase_moves_to_the_next_one_phase_per_hand_the_others_stay() {
    let mut game = standard_game(4);
    play(&mut game, 2, &["M 5", "F 50", "O", "F 60"]);
    assert_eq!(phases_of(&game), vec![Some(2), Some(1), Some(2), Some(1)]);
    play(&mut game, 1, &["F 50", "O", "M 10", "F 60"]);
    assert_eq!(phases_of(&game), vec![Some(2), Some(2), Some(3), Some(1)]);
    let done: Vec<Vec<PhaseNumber>> = game
        .sheets()
        .iter()
        .map(|s| s.phases_done.clone())
        .collect();
    assert_eq!(
        done,
        vec![phases(&[1]), phases(&[1]), phases(&[1, 2]), vec![]]
    );
    assert_eq!(game.hands_played(), 2);
    assert_eq!(game.status(), CardStatus::InProgress);
}

#[test]
fn exactly_one_player_went_out_and_that_player_is_in_the_game() {
    let mut game = standard_game(3);
    assert_refused(
        &mut game,
        &hand(3, &["F 50", "F 50", "F 50"]),
        HandProblem::PlayerMissing,
        "went_out",
        "there is no seat 3 in this game: its 3 players sit at seats 0 to 2",
    );
}

#[test]
fn every_player_has_exactly_one_line() {
    let mut game = standard_game(3);
    let missing = Hand::Played {
        went_out: 0,
        entries: vec![line(0, "O"), line(1, "F 50")],
    };
    assert_refused(
        &mut game,
        &missing,
        HandProblem::PlayerMissing,
        "players",
        "Cy is not in the hand: every player has a line, with what they still hold",
    );
    let twice = Hand::Played {
        went_out: 0,
        entries: vec![
            line(0, "O"),
            line(1, "F 50"),
            line(1, "F 50"),
            line(2, "F 50"),
        ],
    };
    assert_refused(
        &mut game,
        &twice,
        HandProblem::PlayerRepeated,
        "players[2]",
        "Bo is in the hand twice: every player has one line",
    );
    let stranger = Hand::Played {
        went_out: 0,
        entries: vec![line(0, "O"), line(1, "F 50"), line(7, "F 50")],
    };
    assert_refused(
        &mut game,
        &stranger,
        HandProblem::PlayerMissing,
        "players[2]",
        "there is no seat 7 in this game: its 3 players sit at seats 0 to 2",
    );
    // Lines may come in any order; field paths follow the request's order.
    let any_order = Hand::Played {
        went_out: 0,
        entries: vec![line(2, "F 50"), line(0, "O"), line(1, "F 45")],
    };
    assert_refused(
        &mut game,
        &any_order,
        HandProblem::ImpossiblePoints,
        "players[2].points",
        "Bo did not lay down phase 1, so Bo holds 10 cards: at least 50 points, not 45",
    );
}

#[test]
fn who_went_out_laid_down_their_phase() {
    let mut game = standard_game(2);
    play(&mut game, 1, &["F 50", "O"]);
    assert_refused(
        &mut game,
        &hand(0, &["F 0", "F 50"]),
        HandProblem::WentOutNotMade,
        "players[0].made",
        "Ann went out, so Ann laid down phase 1: made must be true",
    );
    assert_refused(
        &mut game,
        &hand(1, &["F 50", "F"]),
        HandProblem::WentOutNotMade,
        "players[1].made",
        "Bo went out, so Bo laid down phase 2: made must be true",
    );
}

#[test]
fn who_went_out_holds_no_cards() {
    let mut game = standard_game(2);
    assert_refused(
        &mut game,
        &hand(0, &["M: 5r 6r", "F 50"]),
        HandProblem::WentOutHoldsCards,
        "players[0].cards",
        "Ann went out, so Ann holds no cards and scores 0, not 2 cards",
    );
    assert_refused(
        &mut game,
        &hand(0, &["M 15", "F 50"]),
        HandProblem::WentOutHoldsCards,
        "players[0].points",
        "Ann went out, so Ann holds no cards and scores 0, not 15 points",
    );
    // Nothing, no cards or 0 points all say the same.
    for out in ["O", "M:", "M 0"] {
        let mut game = standard_game(2);
        play(&mut game, 0, &[out, "F 50"]);
        assert_eq!(totals(&game), vec![0, 50], "{out}");
    }
}

#[test]
fn every_other_player_holds_at_least_one_card() {
    let mut game = standard_game(3);
    assert_refused(
        &mut game,
        &hand(0, &["O", "M 0", "F 50"]),
        HandProblem::HoldsNothing,
        "players[1].points",
        "Ann went out, so Bo, who did not, holds at least one card",
    );
    assert_refused(
        &mut game,
        &hand(0, &["O", "F 50", "M:"]),
        HandProblem::HoldsNothing,
        "players[2].cards",
        "Ann went out, so Cy, who did not, holds at least one card",
    );
    assert_refused(
        &mut game,
        &hand(0, &["O", "F 50", "M"]),
        HandProblem::HoldingUnknown,
        "players[2]",
        "Cy did not go out: give the cards Cy still holds, or their points",
    );
}

#[test]
fn both_cards_and_points_for_one_player_are_refused_by_name() {
    let error: HandError = HandError::cards_and_points(1, "Bo");
    assert_eq!(
        (
            error.problem,
            error.at.to_string().as_str(),
            error.message.as_str()
        ),
        (
            HandProblem::CardsAndPoints,
            "players[1]",
            "give either the cards Bo holds or their points, not both"
        )
    );
}

#[test]
fn a_player_who_did_not_lay_down_holds_exactly_10_cards_at_least_50_points() {
    let mut game = standard_game(2);
    play(&mut game, 0, &["O", "F 50"]);
    play(&mut game, 0, &["O", "F 50"]);
    play(&mut game, 0, &["O", "M 5"]);
    // Bo is on phase 2 and Ann on phase 4.
    assert_refused(
        &mut game,
        &hand(0, &["O", "F: 1r 2r 3r 4r 5r 6r 7r 8r 9r"]),
        HandProblem::HandSize,
        "players[1].cards",
        "Bo did not lay down phase 2, so Bo holds 10 cards, not 9",
    );
    assert_refused(
        &mut game,
        &hand(0, &["O", "F 35"]),
        HandProblem::ImpossiblePoints,
        "players[1].points",
        "Bo did not lay down phase 2, so Bo holds 10 cards: at least 50 points, not 35",
    );
    assert_refused(
        &mut game,
        &hand(1, &["F: 1r 2r 3r 4r 5r 6r 7r 8r 9r 10r 11r", "O"]),
        HandProblem::HandSize,
        "players[0].cards",
        "Ann did not lay down phase 4, so Ann holds 10 cards, not 11",
    );
    play(&mut game, 1, &["F: 1r 2r 3r 4r 5r 6r 7r 8r 9r 10r", "O"]);
    assert_eq!(totals(&game), vec![55, 105]);
}

#[test]
fn a_player_who_laid_down_holds_at_most_10_minus_the_phases_size_in_cards() {
    let sizes: Vec<usize> = PHASES.iter().map(|p| p.dice_needed()).collect();
    assert_eq!(sizes, vec![6, 7, 8, 7, 8, 9, 8, 7, 7, 8]);
    // Phase 1 is 6 cards: 1 to 4 left; phase 6 is 9: 1 left.
    let mut game = standard_game(2);
    assert_refused(
        &mut game,
        &hand(0, &["O", "M: 1r 2r 3r 4r 5r"]),
        HandProblem::HandSize,
        "players[1].cards",
        "Bo laid down phase 1, so Bo holds 1 to 4 cards, not 5",
    );
    assert_refused(
        &mut game,
        &hand(0, &["O", "M 125"]),
        HandProblem::ImpossiblePoints,
        "players[1].points",
        "Bo laid down phase 1, so Bo holds 1 to 4 cards: at most 100 points, not 125",
    );
    play(&mut game, 0, &["O", "M: W W W W"]);
    let rules = CardRules::new(phases(&[6]), false, CardEdition::Standard).unwrap();
    let mut game = game_of(2, rules);
    assert_refused(
        &mut game,
        &hand(0, &["O", "M: 1r 2r"]),
        HandProblem::HandSize,
        "players[1].cards",
        "Bo laid down phase 6, so Bo holds 1 card, not 2",
    );
    assert_refused(
        &mut game,
        &hand(0, &["O", "M 20"]),
        HandProblem::ImpossiblePoints,
        "players[1].points",
        "Bo laid down phase 6, so Bo holds 1 card: 1 card cannot make 20 points",
    );
    play(&mut game, 0, &["O", "M 25"]);
}

#[test]
fn points_given_without_cards_are_a_sum_that_many_cards_can_make() {
    let mut game = standard_game(2);
    assert_refused(
        &mut game,
        &hand(0, &["O", "F 37"]),
        HandProblem::ImpossiblePoints,
        "players[1].points",
        "Bo's 37 points are not a sum of cards: cards are worth 5, 10, 15 or 25",
    );
    // Ten cards make at most 8 Wilds and 2 Skips: 230.
    assert_refused(
        &mut game,
        &hand(0, &["O", "F 245"]),
        HandProblem::ImpossiblePoints,
        "players[1].points",
        "Bo did not lay down phase 1, so Bo holds 10 cards: at most 230 points, not 245",
    );
    assert_refused(
        &mut game,
        &hand(0, &["O", "F 250"]),
        HandProblem::ImpossiblePoints,
        "players[1].points",
        "Bo did not lay down phase 1, so Bo holds 10 cards: at most 230 points, not 250",
    );
    // Phase 3 leaves 1 or 2 cards: 45 is neither one card nor two.
    let rules = CardRules::new(phases(&[3]), false, CardEdition::Standard).unwrap();
    let mut phase_3 = game_of(2, rules);
    assert_refused(
        &mut phase_3,
        &hand(0, &["O", "M 45"]),
        HandProblem::ImpossiblePoints,
        "players[1].points",
        "Bo laid down phase 3, so Bo holds 1 or 2 cards: 1 or 2 cards cannot make 45 points",
    );
    play(&mut phase_3, 0, &["O", "M 40"]);
    play(&mut game, 0, &["O", "F 230"]);
    assert_eq!(totals(&game), vec![0, 230]);
}

#[test]
fn cards_given_fit_one_deck_across_the_whole_hand() {
    let mut game = standard_game(3);
    // Two red 7s held by Bo, a third laid down by Cy.
    let third_red_7 = with_laid_down(
        hand(0, &["O", "F: 7r 7r 1b 2b 3b 4b 5b 6b 8b 9b", "M: 12g"]),
        2,
        "7r 7b 7y | 9r 9y 9g",
    );
    assert_refused(
        &mut game,
        &third_red_7,
        HandProblem::NotOneDeck,
        "players[2].laid_down[0][0]",
        "the cards of this hand do not fit in one deck: the deck has only 2 red 7s, and these \
         cards have 3",
    );
    let nine_wilds = hand(0, &["O", "F: W W W W W 1r 2r 3r 4r 5r", "M: W W W W"]);
    assert_refused(
        &mut game,
        &nine_wilds,
        HandProblem::NotOneDeck,
        "players[2].cards[3]",
        "the cards of this hand do not fit in one deck: the deck has only 8 Wilds, and these \
         cards have 9",
    );
}

#[test]
fn a_card_that_does_not_exist_is_refused() {
    let mut game = standard_game(2);
    let mut bad = hand(0, &["O", "F: 1r 2r 3r 4r 5r 6r 7r 8r 9r 10r"]);
    if let Hand::Played { entries, .. } = &mut bad {
        entries[1].held = Held::Cards(
            cards("1r 2r 3r 4r 5r 6r 7r 8r 9r")
                .into_iter()
                .chain([Card::number(13, CardColor::Red)])
                .collect(),
        );
    }
    assert_refused(
        &mut game,
        &bad,
        HandProblem::InvalidCard,
        "players[1].cards[9]",
        "Bo holds a card that does not exist: cards are numbered 1 to 12, not 13",
    );
    let mut laid = with_laid_down(hand(0, &["O", "F 50"]), 0, "7r 7b 7y | 9r 9y 9g");
    if let Hand::Played { entries, .. } = &mut laid {
        let groups = entries[0].laid_down.as_mut().unwrap();
        groups[1][2] = Card {
            value: CardValue::Wild,
            color: Some(CardColor::Green),
        };
    }
    assert_refused(
        &mut game,
        &laid,
        HandProblem::InvalidCard,
        "players[0].laid_down[1][2]",
        "Ann laid down a card that does not exist: a Wild has no color",
    );
}

#[test]
fn laid_down_cards_make_the_players_phase() {
    let mut game = standard_game(2);
    play(&mut game, 0, &["O", "F 50"]);
    // Ann is on phase 2, Bo on phase 1.
    let not_a_run = with_laid_down(hand(0, &["O", "F 50"]), 0, "4r 4b 4y | 1r 2r 3r 5r");
    assert_refused(
        &mut game,
        &not_a_run,
        HandProblem::PhaseNotMade,
        "players[0].laid_down[1]",
        "the cards Ann laid down do not make phase 2 (1 set of 3 + 1 run of 4): the second \
         group is not a run: a run is cards of consecutive numbers within 1 to 12, each number \
         once",
    );
    let one_group = with_laid_down(hand(0, &["O", "F 50"]), 0, "4r 4b 4y 4g");
    assert_refused(
        &mut game,
        &one_group,
        HandProblem::PhaseNotMade,
        "players[0].laid_down",
        "the cards Ann laid down do not make phase 2 (1 set of 3 + 1 run of 4): the phase has 2 \
         groups, not 1",
    );
    let without_phase = with_laid_down(hand(0, &["O", "F 50"]), 1, "4r 4b 4y | 6r 6b 6y");
    assert_refused(
        &mut game,
        &without_phase,
        HandProblem::LaidDownWithoutPhase,
        "players[1].laid_down",
        "Bo did not lay down phase 1 (made is false), so there are no cards Bo laid down",
    );
    // Each player's own phase: Ann's phase 2, Bo's phase 1.
    let both = with_laid_down(
        with_laid_down(hand(0, &["O", "M 10"]), 0, "1r 2r 3r 4r | 4b 4y W"),
        1,
        "6r 6b 6y | 8r 8b 8y",
    );
    game.play(&both).expect("both phases made");
    assert_eq!(phases_of(&game), vec![Some(3), Some(2)]);
}

#[test]
fn a_refused_hand_changes_nothing() {
    let mut game = standard_game(3);
    play(&mut game, 0, &["O", "M 10", "F 60"]);
    let before = game.clone();
    assert!(game.play(&hand(1, &["F 50", "O", "F 61"])).is_err());
    assert!(game.play(&Hand::TieBreak { went_out: 0 }).is_err());
    assert_eq!(game, before);
}

// ---- The end ----

/// A game of two phases between Ann, Bo and Cy: Ann and Bo make both, Cy none.
fn two_phase_game() -> CardGame {
    let rules = CardRules::new(phases(&[1, 2]), false, CardEdition::Standard).unwrap();
    game_of(3, rules)
}

#[test]
fn the_first_hand_at_whose_end_someone_completed_the_last_phase_ends_the_game() {
    let mut game = two_phase_game();
    play(&mut game, 0, &["O", "M 20", "F 50"]);
    assert_eq!(game.status(), CardStatus::InProgress);
    assert!(game.winners().is_empty());
    play(&mut game, 0, &["O", "F 60", "F 50"]);
    // Ann completed phase 2, the last of the list.
    assert_eq!(game.status(), CardStatus::Finished);
    assert_eq!(game.winners(), vec![0]);
    assert_eq!(phases_of(&game), vec![None, Some(2), Some(1)]);
    assert_refused(
        &mut game,
        &hand(1, &["F 50", "O", "F 50"]),
        HandProblem::GameOver,
        "",
        "the game is over: Ann won",
    );
    assert_refused(
        &mut game,
        &Hand::TieBreak { went_out: 0 },
        HandProblem::GameOver,
        "",
        "the game is over: Ann won",
    );
}

#[test]
fn among_those_who_completed_the_last_phase_the_fewest_total_points_wins() {
    let mut game = two_phase_game();
    play(&mut game, 0, &["O", "M 20", "F 50"]);
    play(&mut game, 2, &["M 30", "M 5", "O"]);
    // Ann 30 and Bo 25 both completed phase 2; Cy has the fewest points (50) but did not.
    assert_eq!(totals(&game), vec![30, 25, 50]);
    assert_eq!(game.status(), CardStatus::Finished);
    assert_eq!(game.winners(), vec![1]);
    assert_eq!(game.ranks(), vec![2, 1, 3]);
}

/// Ann and Bo complete phase 2 in hand 2 with 20 points each; Cy made nothing.
fn tied_game() -> (CardGame, Vec<Hand>) {
    let mut game = two_phase_game();
    let hands = vec![
        hand(0, &["O", "M 20", "F 50"]),
        hand(1, &["M 20", "O", "F 50"]),
    ];
    for hand in &hands {
        game.play(hand).expect("a hand of the tie");
    }
    (game, hands)
}

#[test]
fn a_tie_on_points_is_broken_by_a_tie_break_hand_whose_cards_count_for_nothing() {
    let mut game = two_phase_game();
    play(&mut game, 0, &["O", "M 20", "F 50"]);
    assert_refused(
        &mut game,
        &Hand::TieBreak { went_out: 0 },
        HandProblem::NotATieBreak,
        "",
        "no players are tied, so there is no tie-break hand: record a hand with every player",
    );

    let (mut game, _) = tied_game();
    assert_eq!(totals(&game), vec![20, 20, 100]);
    assert_eq!(game.status(), CardStatus::TieBreak);
    assert_eq!(game.tied(), &[0, 1]);
    assert!(game.winners().is_empty());
    assert_eq!(game.ranks(), vec![1, 1, 3]);
    assert_refused(
        &mut game,
        &hand(0, &["O", "M 20", "F 50"]),
        HandProblem::TieBreakDue,
        "",
        "Ann and Bo tied: the next hand is their tie-break hand, recorded with only who went out",
    );

    let outcome = game.play(&Hand::TieBreak { went_out: 1 }).unwrap();
    assert_eq!(
        outcome,
        HandOutcome {
            number: 3,
            went_out: 1,
            tie_break: true,
            lines: vec![
                (
                    0,
                    HandLine {
                        number: 3,
                        phase: p(2),
                        made: false,
                        points: 0,
                        went_out: false
                    }
                ),
                (
                    1,
                    HandLine {
                        number: 3,
                        phase: p(2),
                        made: true,
                        points: 0,
                        went_out: true
                    }
                ),
            ],
        }
    );
    assert_eq!(game.status(), CardStatus::Finished);
    assert_eq!(game.winners(), vec![1]);
    assert!(game.tied().is_empty());
    assert_eq!(
        totals(&game),
        vec![20, 20, 100],
        "the tie-break's cards count for nothing"
    );
    assert_eq!(game.ranks(), vec![2, 1, 3]);
    assert_eq!(game.hands_played(), 3);
    assert_eq!(game.sheets()[1].hands.len(), 3);
    assert_eq!(
        game.sheets()[2].hands.len(),
        2,
        "Cy did not play the tie-break"
    );
    assert_refused(
        &mut game,
        &Hand::TieBreak { went_out: 1 },
        HandProblem::GameOver,
        "",
        "the game is over: Bo won",
    );
}

#[test]
fn a_tie_break_hand_names_one_of_the_tied_players() {
    let (mut game, _) = tied_game();
    assert_refused(
        &mut game,
        &Hand::TieBreak { went_out: 2 },
        HandProblem::NotTied,
        "went_out",
        "only Ann and Bo tied, so one of them went out of the tie-break hand, not Cy",
    );
    assert_refused(
        &mut game,
        &Hand::TieBreak { went_out: 9 },
        HandProblem::NotTied,
        "went_out",
        "only Ann and Bo tied, so one of them went out of the tie-break hand, not seat 9",
    );
}

/// Replays hands from the start, as the service does.
fn replay(players: usize, rules: &CardRules, hands: &[Hand]) -> CardGame {
    let mut game = game_of(players, rules.clone());
    for hand in hands {
        game.play(hand).expect("a recorded hand replays");
    }
    game
}

#[test]
fn undoing_the_hand_that_ended_the_game_is_replaying_all_but_the_last() {
    let (tied, mut hands) = tied_game();
    let rules = tied.rules().clone();
    let before_the_end = replay(3, &rules, &hands[..1]);
    assert_eq!(
        replay(3, &rules, &hands[..1]),
        before_the_end,
        "replay is deterministic"
    );
    assert_eq!(replay(3, &rules, &hands), tied);

    // The tie-break hand ended the game; undone, the tie-break is due again.
    let mut finished = tied.clone();
    hands.push(Hand::TieBreak { went_out: 0 });
    finished.play(&hands[2]).unwrap();
    assert_eq!(finished.status(), CardStatus::Finished);
    let undone = replay(3, &rules, &hands[..2]);
    assert_eq!(undone, tied);
    assert_eq!(undone.status(), CardStatus::TieBreak);

    // The hand that completed the last phase, undone: the game is in progress again.
    let mut game = two_phase_game();
    let first = hand(0, &["O", "M 20", "F 50"]);
    let last = hand(0, &["O", "F 50", "F 50"]);
    game.play(&first).unwrap();
    let in_progress = game.clone();
    game.play(&last).unwrap();
    assert_eq!(game.status(), CardStatus::Finished);
    let undone = replay(3, &rules, &[first]);
    assert_eq!(undone, in_progress);
    assert_eq!(
        (undone.status(), undone.winners()),
        (CardStatus::InProgress, vec![])
    );
}

#[test]
fn a_six_player_game_of_all_ten_phases_played_to_the_end() {
    let mut game = standard_game(6);
    // Cy's cards after hand 1: six of 1-9 (30), two of 10-12 (20), a Wild (25), a Skip (15).
    let cy_first = "F: 1r 2r 3b 4b 5y 9r 10g 11g W S";
    // Each hand: the seat who went out, then the lines of Ann, Bo, Cy, Di, Ed and Flo.
    let hands: [(usize, [&str; 6]); 11] = [
        (0, ["O", "M 10", cy_first, "M 20", "F 60", "M 5"]),
        (1, ["M 15", "O", "M 25", "F 50", "F 75", "M 10"]),
        (0, ["O", "F 55", "F 100", "M 10", "M 5", "M 25"]),
        (4, ["M 5", "M 20", "M 10", "F 65", "O", "F 80"]),
        (1, ["M 10", "O", "F 70", "M 15", "M 35", "F 95"]),
        (2, ["F 120", "M 25", "O", "M 30", "F 50", "F 60"]),
        (0, ["O", "M: S", "F 85", "F 55", "F 110", "F 50"]),
        (3, ["M 5", "M 50", "M 40", "O", "M 20", "M 10"]),
        (4, ["M 10", "M 25", "F 75", "F 65", "O", "F 90"]),
        (2, ["M 20", "M 5", "O", "M 25", "F 50", "F 55"]),
        (5, ["M: 10y", "M: S", "F 100", "M 5", "F 60", "O"]),
    ];
    for (number, (went_out, lines)) in hands.iter().enumerate() {
        assert_eq!(
            game.status(),
            CardStatus::InProgress,
            "before hand {}",
            number + 1
        );
        play(&mut game, *went_out, lines);
    }
    // Ann: 0 + 15 + 0 + 5 + 10 + 120 + 0 + 5 + 10 + 20 + 10 = 195
    // Bo:  10 + 0 + 55 + 20 + 0 + 25 + 15 + 50 + 25 + 5 + 15 = 220
    // Cy:  90 + 25 + 100 + 10 + 70 + 0 + 85 + 40 + 75 + 0 + 100 = 595
    // Di:  20 + 50 + 10 + 65 + 15 + 30 + 55 + 0 + 65 + 25 + 5 = 340
    // Ed:  60 + 75 + 5 + 0 + 35 + 50 + 110 + 20 + 0 + 50 + 60 = 465
    // Flo: 5 + 10 + 25 + 80 + 95 + 60 + 50 + 10 + 90 + 55 + 0 = 480
    assert_eq!(totals(&game), vec![195, 220, 595, 340, 465, 480]);
    let done: Vec<usize> = game.sheets().iter().map(|s| s.phases_done.len()).collect();
    assert_eq!(done, vec![10, 10, 5, 7, 5, 5]);
    assert_eq!(
        phases_of(&game),
        vec![None, None, Some(6), Some(8), Some(6), Some(6)]
    );
    // Ann and Bo completed phase 10 in hand 11; Ann has fewer points.
    assert_eq!(game.status(), CardStatus::Finished);
    assert_eq!(game.winners(), vec![0]);
    // Then Bo (10 phases), Di (7), and of the three with 5 phases Ed (465), Flo (480), Cy (595).
    assert_eq!(game.ranks(), vec![1, 2, 6, 3, 4, 5]);
    assert_eq!(game.hands_played(), 11);
    let ann: Vec<(u8, bool)> = game.sheets()[0]
        .hands
        .iter()
        .map(|h| (h.phase.get(), h.made))
        .collect();
    assert_eq!(
        ann,
        vec![
            (1, true),
            (2, true),
            (3, true),
            (4, true),
            (5, true),
            (6, false),
            (6, true),
            (7, true),
            (8, true),
            (9, true),
            (10, true),
        ]
    );
}

// ---- The variations ----

#[test]
fn a_game_has_2_to_6_players_and_plays_its_phases_in_order_each_once() {
    assert_eq!((MIN_CARD_PLAYERS, MAX_CARD_PLAYERS), (2, 6));
    let rules = CardRules::new(CardRules::all_ten(), false, CardEdition::Standard).unwrap();
    for players in [0, 1, 7] {
        let names = vec!["X".to_string(); players];
        let refused = CardGame::new(names, rules.clone());
        assert_eq!(refused, Err(CardSetupError::PlayerCount(players)));
    }
    assert_eq!(
        CardSetupError::PlayerCount(7).to_string(),
        "a card game has 2 to 6 players, not 7"
    );
    assert_eq!(
        CardRules::new(vec![], false, CardEdition::Standard),
        Err(CardSetupError::NoPhases)
    );
    for unordered in [&[2, 1][..], &[1, 4, 4]] {
        assert_eq!(
            CardRules::new(phases(unordered), false, CardEdition::Standard),
            Err(CardSetupError::PhasesNotIncreasing)
        );
    }
    assert_eq!(
        CardRules::all_ten(),
        phases(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    );
    assert_eq!(CardRules::even(), phases(&[2, 4, 6, 8, 10]));
    assert_eq!(CardRules::first(5), Some(phases(&[1, 2, 3, 4, 5])));
    assert_eq!(CardRules::first(10), Some(CardRules::all_ten()));
    assert_eq!((CardRules::first(0), CardRules::first(11)), (None, None));
}

/// Ann goes out every hand; the others never lay down. Returns the phase Ann worked on in
/// each hand, until the game ends.
fn ann_makes_every_phase(game: &mut CardGame) -> Vec<u8> {
    let mut lines = vec!["F 50"; game.sheets().len()];
    lines[0] = "O";
    let mut worked_on = Vec::new();
    while game.status() == CardStatus::InProgress {
        worked_on.push(game.phase_of(0).expect("a phase to play").get());
        play(game, 0, &lines);
    }
    worked_on
}

#[test]
fn the_even_phases_variation_plays_2_4_6_8_10() {
    let rules = CardRules::new(CardRules::even(), false, CardEdition::Standard).unwrap();
    let mut game = game_of(2, rules);
    assert_eq!(phases_of(&game), vec![Some(2), Some(2)]);
    assert_eq!(ann_makes_every_phase(&mut game), vec![2, 4, 6, 8, 10]);
    assert_eq!(game.winners(), vec![0]);
    assert_eq!(game.sheets()[0].phases_done, CardRules::even());
    assert_eq!(totals(&game), vec![0, 250]);
}

#[test]
fn the_first_5_phases_variation_ends_when_someone_completes_phase_5() {
    let rules = CardRules::new(CardRules::first(5).unwrap(), false, CardEdition::Standard).unwrap();
    let mut game = game_of(3, rules);
    play(&mut game, 1, &["F 50", "O", "F 50"]);
    assert_eq!(ann_makes_every_phase(&mut game), vec![1, 2, 3, 4, 5]);
    assert_eq!(game.winners(), vec![0]);
    assert_eq!(phases_of(&game), vec![None, Some(2), Some(1)]);
}

#[test]
fn a_list_of_phases_of_ones_own_is_played_in_order() {
    let rules = CardRules::new(phases(&[1, 4, 9]), false, CardEdition::Standard).unwrap();
    let mut game = game_of(2, rules);
    // Bo makes phase 1, then holds what phase 4 leaves (1 to 3 cards).
    play(&mut game, 0, &["O", "M 100"]);
    assert_refused(
        &mut game,
        &hand(0, &["O", "M: 1r 2r 3r 4r"]),
        HandProblem::HandSize,
        "players[1].cards",
        "Bo laid down phase 4, so Bo holds 1 to 3 cards, not 4",
    );
    play(&mut game, 0, &["O", "M 75"]);
    assert_eq!(phases_of(&game), vec![Some(9), Some(9)]);
    play(&mut game, 1, &["F 50", "O"]);
    assert_eq!(game.status(), CardStatus::Finished);
    assert_eq!(game.winners(), vec![1]);
    assert_eq!(totals(&game), vec![50, 175]);
    // Bo completed all three phases with more points than Ann, who did not.
    assert_eq!(game.ranks(), vec![2, 1]);
}

#[test]
fn ten_hands_everyone_moves_on_every_hand_and_the_lowest_total_wins() {
    let rules = CardRules::new(CardRules::all_ten(), true, CardEdition::Standard).unwrap();
    let mut game = game_of(3, rules.clone());
    for hand_number in 1..=10u8 {
        assert_eq!(game.status(), CardStatus::InProgress);
        assert_eq!(
            phases_of(&game),
            vec![Some(hand_number); 3],
            "hand {hand_number}: same phase"
        );
        let made_by_cy = if hand_number % 2 == 0 { "M 5" } else { "F 55" };
        play(&mut game, 0, &["O", "F 50", made_by_cy]);
    }
    assert_eq!(game.status(), CardStatus::Finished);
    assert_eq!(game.hands_played(), 10);
    assert_eq!(phases_of(&game), vec![None, None, None]);
    // Cy: 5 × 55 + 5 × 5 = 300; Bo: 10 × 50 = 500.
    assert_eq!(totals(&game), vec![0, 500, 300]);
    assert_eq!(game.winners(), vec![0]);
    assert_eq!(game.ranks(), vec![1, 3, 2], "by total alone");
    // Only the phases made are done.
    assert_eq!(game.sheets()[1].phases_done, vec![]);
    assert_eq!(game.sheets()[2].phases_done, phases(&[2, 4, 6, 8, 10]));
    assert_refused(
        &mut game,
        &hand(0, &["O", "F 50", "F 50"]),
        HandProblem::GameOver,
        "",
        "the game is over: Ann won",
    );
}

#[test]
fn ten_hands_lasts_as_many_hands_as_the_list_has_phases_and_equal_totals_share_the_win() {
    let rules = CardRules::new(phases(&[1, 4, 9]), true, CardEdition::Standard).unwrap();
    let mut game = game_of(3, rules);
    play(&mut game, 0, &["O", "F 50", "F 60"]);
    assert_eq!(phases_of(&game), vec![Some(4); 3]);
    play(&mut game, 1, &["F 50", "O", "M 10"]);
    assert_eq!(game.status(), CardStatus::InProgress);
    play(&mut game, 2, &["M 5", "M 5", "O"]);
    // Ann 55, Bo 55, Cy 70: Ann and Bo share the win.
    assert_eq!(totals(&game), vec![55, 55, 70]);
    assert_eq!(game.status(), CardStatus::Finished);
    assert_eq!(game.winners(), vec![0, 1]);
    assert_eq!(game.ranks(), vec![1, 1, 3]);
}

#[test]
fn the_el_chavo_edition_refuses_a_phase_10_laid_down_without_a_wild_or_an_8() {
    for (edition, accepted) in [(CardEdition::Standard, true), (CardEdition::ElChavo, false)] {
        let rules = CardRules::new(phases(&[10]), false, edition).unwrap();
        let mut game = game_of(2, rules);
        let laid = with_laid_down(hand(0, &["O", "F 50"]), 0, "7r 7b 7y 7g 7r | 3b 3y 3g");
        if accepted {
            game.play(&laid).expect("the standard edition's phase 10");
            assert_eq!(game.winners(), vec![0]);
        } else {
            assert_refused(
                &mut game,
                &laid,
                HandProblem::PhaseNotMade,
                "players[0].laid_down",
                "the cards Ann laid down do not make phase 10 (1 set of 5 + 1 set of 3): in the \
                 El Chavo edition, phase 10 needs a Wild or an 8 in one of its sets",
            );
            let with_wild = with_laid_down(hand(0, &["O", "F 50"]), 0, "7r 7b 7y 7g W | 3b 3y 3g");
            game.play(&with_wild).expect("a Wild is an El Chavo card");
        }
    }
}

#[cfg(feature = "openapi")]
#[test]
fn the_card_game_types_carry_their_schema_names() {
    use utoipa::ToSchema;
    let names = [
        Card::name(),
        CardValue::name(),
        <CardColor as ToSchema>::name(),
        CardEdition::name(),
        StandsFor::name(),
        LaidCard::name(),
        LaidGroup::name(),
        CardStatus::name(),
    ];
    assert_eq!(
        names.map(|n| n.into_owned()),
        [
            "Card",
            "CardValue",
            "CardColor",
            "CardEdition",
            "CardStandsFor",
            "LaidCard",
            "LaidCardGroup",
            "CardGameStatus"
        ]
        .map(String::from)
    );
    // A card's schema brings its value's: a number 1 to 12, or a letter, "W" or "S".
    let mut schemas = Vec::new();
    Card::schemas(&mut schemas);
    let (_, value) = schemas
        .iter()
        .find(|(name, _)| name == "CardValue")
        .expect("the card's value schema comes with it");
    let value = serde_json::to_value(value).unwrap();
    assert_eq!(
        value["oneOf"][0],
        json!({"type": "integer", "minimum": 1, "maximum": 12})
    );
    assert_eq!(
        value["oneOf"][1],
        json!({"$ref": "#/components/schemas/CardLetter"})
    );
    let (_, letter) = schemas
        .iter()
        .find(|(name, _)| name == "CardLetter")
        .expect("the letters' schema comes with it");
    assert_eq!(
        serde_json::to_value(letter).unwrap(),
        json!({"type": "string", "enum": ["W", "S"], "description": "A card without a number: \"W\" for a Wild, \"S\" for a Skip."})
    );
}
