//! What a recorded hand must satisfy (RULES §7): who went out, who laid down their phase, what
//! each player still holds, the cards fitting one deck. Every refusal names the field at fault
//! and says why in a player's words.

use std::ops::RangeInclusive;

use super::card::{Card, cards_words};
use super::dealt::{PointsLine, deal, kind_words, left_after};
use super::deck::{CardEdition, fits_one_deck};
use super::hand::{HandEntry, HandError, HandPlace, HandProblem, Held, LinePart};
use super::laid_down::check_laid_down;
use super::points::{HAND_SIZE, NotHeld, count_range_words};
use crate::phases::{PhaseNumber, phase};

/// What the checks need to know of the game.
pub(super) struct HandCheck<'a> {
    /// The players' names, by seat.
    pub names: &'a [String],
    /// The phase each seat works on in this hand.
    pub phases: Vec<Option<PhaseNumber>>,
    pub edition: CardEdition,
}

/// What a played hand gives each player, by seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Scored {
    pub made: bool,
    pub points: u32,
}

impl HandCheck<'_> {
    /// Checks a played hand against RULES §7 "What a recorded hand must satisfy"; each player's
    /// result, by seat.
    pub fn check(&self, went_out: usize, entries: &[HandEntry]) -> Result<Vec<Scored>, HandError> {
        self.check_seats(went_out, entries)?;
        check_cards(entries, self.names)?;
        let mut scored = vec![Scored::default(); self.names.len()];
        for (index, entry) in entries.iter().enumerate() {
            scored[entry.seat] = self.check_entry(index, entry, went_out)?;
        }
        self.check_points_deal(went_out, entries)?;
        Ok(scored)
    }

    /// How many cards a player who did not go out holds: a full hand, or, having laid down
    /// their phase (its cards on the table, and hits may have gone too), 1 to what is left.
    fn held_counts(entry: &HandEntry, number: PhaseNumber) -> RangeInclusive<usize> {
        if entry.made {
            1..=HAND_SIZE - phase(number).dice_needed()
        } else {
            HAND_SIZE..=HAND_SIZE
        }
    }

    /// The lines given as points (but who went out's, who holds nothing), with the cards
    /// given, could all be dealt from one deck.
    fn check_points_deal(&self, went_out: usize, entries: &[HandEntry]) -> Result<(), HandError> {
        let mut given = Vec::new();
        let mut lines = Vec::new();
        for (index, entry) in entries.iter().enumerate() {
            if let Held::Cards(cards) = &entry.held {
                given.extend(cards.iter().map(|c| c.points()));
            }
            given.extend(
                entry
                    .laid_down
                    .iter()
                    .flatten()
                    .flatten()
                    .map(|c| c.points()),
            );
            if entry.seat == went_out {
                continue;
            }
            if let (Held::Points(points), Some(number)) = (&entry.held, self.phases[entry.seat]) {
                let line = PointsLine {
                    counts: Self::held_counts(entry, number),
                    points: *points,
                };
                lines.push((index, entry.seat, line));
            }
        }
        let dealt: Vec<PointsLine> = lines.iter().map(|(.., line)| line.clone()).collect();
        let Err(not) = deal(&dealt, left_after(given.iter().copied())) else {
            return Ok(());
        };
        let (index, _, _) = lines[not.line];
        let whose: Vec<String> = lines[..=not.line]
            .iter()
            .map(|(_, seat, line)| format!("{}'s {} points", self.name(*seat), line.points))
            .collect();
        let whose = match whose.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        };
        let given_too = if given.is_empty() {
            ""
        } else {
            " with the cards given"
        };
        let why = match not.short_of {
            Some((kind, needed, left)) => format!(
                "{whose} need at least {needed} {} between them, and one deck has {left} \
                 left{given_too}",
                kind_words(kind)
            ),
            None => format!("{whose} cannot all be held from one deck{given_too}"),
        };
        Err(HandError::new(
            HandProblem::NotOneDeck,
            HandPlace::line(index, LinePart::Points),
            format!("the cards of this hand do not fit in one deck: {why}"),
        ))
    }

    fn name(&self, seat: usize) -> &str {
        &self.names[seat]
    }

    /// Who went out is a player, and every player has exactly one line.
    fn check_seats(&self, went_out: usize, entries: &[HandEntry]) -> Result<(), HandError> {
        let players = self.names.len();
        let not_a_seat = |seat: usize| {
            format!(
                "there is no seat {seat} in this game: its {players} players sit at seats 0 to {}",
                players - 1
            )
        };
        if went_out >= players {
            return Err(HandError::new(
                HandProblem::PlayerMissing,
                HandPlace::WentOut,
                not_a_seat(went_out),
            ));
        }
        let mut seen = vec![false; players];
        for (index, entry) in entries.iter().enumerate() {
            let field = HandPlace::line(index, LinePart::Whole);
            match seen.get_mut(entry.seat) {
                None => {
                    return Err(HandError::new(
                        HandProblem::PlayerMissing,
                        field,
                        not_a_seat(entry.seat),
                    ));
                }
                Some(true) => {
                    let name = self.name(entry.seat);
                    return Err(HandError::new(
                        HandProblem::PlayerRepeated,
                        field,
                        format!("{name} is in the hand twice: every player has one line"),
                    ));
                }
                Some(seen) => *seen = true,
            }
        }
        if let Some(seat) = seen.iter().position(|seen| !seen) {
            let name = self.name(seat);
            return Err(HandError::new(
                HandProblem::PlayerMissing,
                HandPlace::Players,
                format!(
                    "{name} is not in the hand: every player has a line, with what they still hold"
                ),
            ));
        }
        Ok(())
    }

    /// One player's line: who went out, what they hold, what they laid down.
    fn check_entry(
        &self,
        index: usize,
        entry: &HandEntry,
        went_out: usize,
    ) -> Result<Scored, HandError> {
        let name = self.name(entry.seat);
        let field = |part| HandPlace::line(index, part);
        let Some(number) = self.phases[entry.seat] else {
            return Err(HandError::new(
                HandProblem::GameOver,
                field(LinePart::Whole),
                format!("{name} has no phase left to play"),
            ));
        };
        let points = if entry.seat == went_out {
            self.check_went_out(entry, name, number, &field)?;
            0
        } else {
            self.check_held(entry, name, number, self.name(went_out), &field)?
        };
        match (&entry.laid_down, entry.made) {
            (None, _) => {}
            (Some(_), false) => {
                return Err(HandError::new(
                    HandProblem::LaidDownWithoutPhase,
                    field(LinePart::LaidDown),
                    format!(
                        "{name} did not lay down phase {number} (made is false), so there are \
                         no cards {name} laid down"
                    ),
                ));
            }
            (Some(groups), true) => {
                if let Err(why) = check_laid_down(number, groups, self.edition) {
                    let at = why.group().map_or(LinePart::LaidDown, LinePart::Group);
                    return Err(HandError::new(
                        HandProblem::PhaseNotMade,
                        field(at),
                        format!(
                            "the cards {name} laid down do not make {}: {why}",
                            phase(number)
                        ),
                    ));
                }
            }
        }
        Ok(Scored {
            made: entry.made,
            points,
        })
    }

    fn check_went_out(
        &self,
        entry: &HandEntry,
        name: &str,
        number: PhaseNumber,
        field: &dyn Fn(LinePart) -> HandPlace,
    ) -> Result<(), HandError> {
        if !entry.made {
            return Err(HandError::new(
                HandProblem::WentOutNotMade,
                field(LinePart::Made),
                format!("{name} went out, so {name} laid down phase {number}: made must be true"),
            ));
        }
        let (at, held) = match &entry.held {
            Held::Cards(cards) if !cards.is_empty() => (LinePart::Cards, cards_words(cards.len())),
            Held::Points(points) if *points > 0 => (LinePart::Points, format!("{points} points")),
            _ => return Ok(()),
        };
        Err(HandError::new(
            HandProblem::WentOutHoldsCards,
            field(at),
            format!("{name} went out, so {name} holds no cards and scores 0, not {held}"),
        ))
    }

    /// What a player who did not go out holds, and its points.
    fn check_held(
        &self,
        entry: &HandEntry,
        name: &str,
        number: PhaseNumber,
        went_out: &str,
        field: &dyn Fn(LinePart) -> HandPlace,
    ) -> Result<u32, HandError> {
        let counts = Self::held_counts(entry, number);
        let holds = if entry.made {
            format!(
                "{name} laid down phase {number}, so {name} holds {}",
                count_range_words(&counts)
            )
        } else {
            format!("{name} did not lay down phase {number}, so {name} holds {HAND_SIZE} cards")
        };
        let (at, empty) = match &entry.held {
            Held::Nothing => {
                return Err(HandError::new(
                    HandProblem::HoldingUnknown,
                    field(LinePart::Whole),
                    format!(
                        "{name} did not go out: give the cards {name} still holds, or their points"
                    ),
                ));
            }
            Held::Cards(cards) => (LinePart::Cards, cards.is_empty()),
            Held::Points(points) => (LinePart::Points, *points == 0),
        };
        if empty {
            return Err(HandError::new(
                HandProblem::HoldsNothing,
                field(at),
                format!("{went_out} went out, so {name}, who did not, holds at least one card"),
            ));
        }
        match &entry.held {
            Held::Cards(cards) if !counts.contains(&cards.len()) => Err(HandError::new(
                HandProblem::HandSize,
                field(at),
                format!("{holds}, not {}", cards.len()),
            )),
            Held::Cards(cards) => Ok(cards.iter().map(|c| c.points()).sum()),
            Held::Points(points) => match NotHeld::why(*points, &counts) {
                Some(why) => Err(HandError::new(
                    HandProblem::ImpossiblePoints,
                    field(at),
                    why.words(&holds, name, &counts),
                )),
                None => Ok(*points),
            },
            Held::Nothing => Ok(0),
        }
    }
}

/// Every card given exists, and all of them (held and laid down, over the whole hand) fit one
/// deck.
fn check_cards(entries: &[HandEntry], names: &[String]) -> Result<(), HandError> {
    // Every card given: its field, the card, and who did what with it.
    let mut given: Vec<(HandPlace, Card, &str, &str)> = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        let name = names[entry.seat].as_str();
        if let Held::Cards(cards) = &entry.held {
            for (at, &card) in cards.iter().enumerate() {
                let field = HandPlace::line(index, LinePart::Card(at));
                given.push((field, card, name, "holds"));
            }
        }
        for (g, group) in entry.laid_down.iter().flatten().enumerate() {
            for (at, &card) in group.iter().enumerate() {
                let field = HandPlace::line(index, LinePart::GroupCard { group: g, at });
                given.push((field, card, name, "laid down"));
            }
        }
    }
    for (field, card, name, did) in &given {
        if let Err(why) = card.check() {
            return Err(HandError::new(
                HandProblem::InvalidCard,
                *field,
                format!("{name} {did} a card that does not exist: {why}"),
            ));
        }
    }
    if let Err(too_many) = fits_one_deck(given.iter().map(|(_, card, ..)| card)) {
        // The field is the first copy of the card beyond what the deck has.
        let field = given
            .iter()
            .filter(|(_, card, ..)| *card == too_many.card)
            .nth(too_many.in_deck)
            .map(|(field, ..)| *field)
            .unwrap_or(HandPlace::Players);
        return Err(HandError::new(
            HandProblem::NotOneDeck,
            field,
            format!("the cards of this hand do not fit in one deck: {too_many}"),
        ));
    }
    Ok(())
}
