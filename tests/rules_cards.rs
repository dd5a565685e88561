//! RULES §7, the card game: the deck, the cards' wire form and worth.

use phase10::rules::cards::{
    CARD_COLORS, Card, CardColor, CardError, CardValue, DECK_SIZE, HIGHEST_CARD, TooManyInDeck,
    fits_one_deck,
};
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
