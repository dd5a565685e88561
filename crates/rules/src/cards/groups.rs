//! A phase as it lies on the table (RULES §7): its groups (sets, runs, color groups), their
//! cards, and what each Wild stands for; and whether cards a player laid down are one group.

use serde::Serialize;
#[cfg(feature = "openapi")]
use utoipa::openapi::{RefOr, Schema};
#[cfg(feature = "openapi")]
use utoipa::{PartialSchema, ToSchema};

#[cfg(feature = "openapi")]
use super::card::CardValue;
use super::card::{CARD_COLORS, Card, CardColor, HIGHEST_CARD};
use crate::phases::{Group, GroupKind};

/// What a Wild stands for in a group: a number (set, run) or a color (color group).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = CardStandsFor))]
#[serde(untagged)]
pub enum StandsFor {
    Number(u8),
    Color(CardColor),
}

/// A card of a laid-down group; `stands_for` only on Wilds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct LaidCard {
    #[serde(flatten)]
    pub card: Card,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stands_for: Option<StandsFor>,
}

// The schema of `LaidCard`, whose card is flattened: a card's own schema admits no other field,
// so the card's fields are written out beside `stands_for`.
/// A card of a laid-down group: a card, and on a Wild what it stands for.
#[cfg(feature = "openapi")]
#[derive(ToSchema)]
#[schema(as = LaidCard)]
#[allow(dead_code)]
struct LaidCardSchema {
    value: CardValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    color: Option<CardColor>,
    /// Set on a Wild only: the number (set, run) or the color (color group) it stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    stands_for: Option<StandsFor>,
}

#[cfg(feature = "openapi")]
impl PartialSchema for LaidCard {
    fn schema() -> RefOr<Schema> {
        LaidCardSchema::schema()
    }
}

#[cfg(feature = "openapi")]
impl ToSchema for LaidCard {
    fn name() -> std::borrow::Cow<'static, str> {
        LaidCardSchema::name()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        LaidCardSchema::schemas(schemas);
    }
}

impl LaidCard {
    pub(super) fn natural(card: Card) -> LaidCard {
        LaidCard {
            card,
            stands_for: None,
        }
    }

    pub(super) fn wild(stands_for: StandsFor) -> LaidCard {
        LaidCard {
            card: Card::WILD,
            stands_for: Some(stands_for),
        }
    }
}

/// A group of a phase as laid down: its kind and the size the phase asks for, and its cards (at
/// least `size`; a run in order from its lowest number).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = LaidCardGroup))]
pub struct LaidGroup {
    pub kind: GroupKind,
    pub size: u8,
    pub cards: Vec<LaidCard>,
}

impl LaidGroup {
    pub(super) fn new(group: Group, cards: Vec<LaidCard>) -> LaidGroup {
        LaidGroup {
            kind: group.kind,
            size: group.size,
            cards,
        }
    }
}

/// Why one group is not the group of the phase it was matched with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Fault {
    Skip,
    Kind,
    TooShort,
}

/// The cards as one group of the phase, with what each Wild stands for.
pub(super) fn lay_group(group: Group, cards: &[Card]) -> Result<LaidGroup, Fault> {
    if cards.iter().any(|c| c.is_skip()) {
        return Err(Fault::Skip);
    }
    if cards.iter().any(|c| c.check().is_err()) {
        return Err(Fault::Kind);
    }
    let laid = match group.kind {
        GroupKind::Set => lay_set(cards),
        GroupKind::Run => lay_run(cards),
        GroupKind::Color => lay_color(cards),
    }
    .ok_or(Fault::Kind)?;
    if laid.len() < usize::from(group.size) {
        return Err(Fault::TooShort);
    }
    Ok(LaidGroup {
        kind: group.kind,
        size: group.size,
        cards: laid,
    })
}

fn standing(cards: &[Card], stands_for: StandsFor) -> Vec<LaidCard> {
    cards
        .iter()
        .map(|&card| LaidCard {
            card,
            stands_for: card.is_wild().then_some(stands_for),
        })
        .collect()
}

/// Cards of one number, in the order given; Wilds alone stand for 12.
fn lay_set(cards: &[Card]) -> Option<Vec<LaidCard>> {
    let mut numbers = cards.iter().filter_map(|c| c.number_on());
    let number = numbers.next().unwrap_or(HIGHEST_CARD);
    numbers
        .all(|n| n == number)
        .then(|| standing(cards, StandsFor::Number(number)))
}

/// Cards of one color, in the order given; Wilds alone stand for red.
fn lay_color(cards: &[Card]) -> Option<Vec<LaidCard>> {
    let mut colors = cards.iter().filter(|c| c.is_natural()).map(|c| c.color);
    let color = colors.next().flatten().unwrap_or(CARD_COLORS[0]);
    colors
        .all(|c| c == Some(color))
        .then(|| standing(cards, StandsFor::Color(color)))
}

/// Cards of consecutive numbers within 1–12, each once. Laid in order from the lowest number;
/// given in order already, the Wilds keep the places they were given (a Wild before 3, 4, 5 is
/// a 2), else they fill the gaps, then go above the highest card, then below.
fn lay_run(cards: &[Card]) -> Option<Vec<LaidCard>> {
    let length = u8::try_from(cards.len())
        .ok()
        .filter(|&l| l <= HIGHEST_CARD)?;
    let placed_from = |start: u8| {
        start >= 1
            && start + length - 1 <= HIGHEST_CARD
            && cards
                .iter()
                .zip(start..)
                .all(|(card, place)| match card.number_on() {
                    Some(n) => n == place,
                    None => true,
                })
    };
    let first_natural = cards
        .iter()
        .enumerate()
        .find_map(|(at, c)| Some((at, c.number_on()?)));
    let in_order_from = match first_natural {
        None => Some(1),
        Some((at, n)) => u8::try_from(at)
            .ok()
            .and_then(|at| n.checked_sub(at))
            .filter(|&start| placed_from(start)),
    };
    if let Some(start) = in_order_from {
        return Some(
            cards
                .iter()
                .zip(start..)
                .map(|(&card, place)| LaidCard {
                    card,
                    stands_for: card.is_wild().then_some(StandsFor::Number(place)),
                })
                .collect(),
        );
    }
    let mut by_number: [Option<Card>; HIGHEST_CARD as usize + 1] =
        [None; HIGHEST_CARD as usize + 1];
    for &card in cards {
        if let Some(n) = card.number_on() {
            let place = by_number.get_mut(usize::from(n))?;
            if place.is_some() {
                return None;
            }
            *place = Some(card);
        }
    }
    let lowest = cards.iter().filter_map(|c| c.number_on()).min()?;
    let highest = cards.iter().filter_map(|c| c.number_on()).max()?;
    let start = lowest.min(HIGHEST_CARD + 1 - length);
    if highest >= start + length {
        return None;
    }
    Some(
        (start..start + length)
            .map(|place| match by_number[usize::from(place)] {
                Some(card) => LaidCard::natural(card),
                None => LaidCard::wild(StandsFor::Number(place)),
            })
            .collect(),
    )
}
