//! Every choice at a position of a turn, valued for a whole solitaire game (RULES §11): the
//! expected points still to come, this turn included, with the chance and expected score of the
//! play that reaches them. The ends of the turn (what a made phase and a miss lead to) come
//! from the caller, who knows the game's state.
//!
//! - The phases of numbers: what keeping each multiset is worth, from the turn played for those
//!   ends ([`ValuedTurn`]), one choice per multiset as the exact advisor lists them.
//! - Phase 8: with one roll left, a choice is worth its exact chance and expected score at the
//!   ends (made: `s − theta` above a miss); with two, what the whole-game table of every keep
//!   pattern says (`lookup`). Dice that fit the ten dice in several ways are the average over
//!   the ways (RULES §8).

use super::advise::{first_of_alike, number_places};
use super::numbers::{Kept, SHAPES};
use super::phase_8::{Faces, Way, phase_8_choices};
use super::placed::{self, Lying};
use super::solitaire::patterns::{Patterns, ROLLED, Worth};
use super::valued::{Valued, ValuedTurn};
use super::{AdviceRefused, Goal};
use crate::PHASES;
use crate::dice::evaluate;
use crate::dice::faces::{MAX_DICE, Roll};
use crate::dice::layout::{DiceLayout, DieId};

/// A choice valued for the whole game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameChoice {
    /// The places on the table of the dice rolled again, as bits; none: stopping.
    pub reroll: u16,
    pub to_come: f64,
    pub chance: f64,
    pub expected_score: f64,
}

/// Every choice in a phase of numbers with `rolls_left` (1 or 2), from the turn played for the
/// state's ends.
pub fn number_choices(turn: &ValuedTurn, dice: &[Lying], rolls_left: u8) -> Vec<GameChoice> {
    let shapes = &*SHAPES;
    let places = number_places(dice);
    let mut out = Vec::with_capacity(1024);
    for &high in shapes.high.within(places.roll.high) {
        for &low in shapes.low.within(places.roll.low) {
            let figures: Valued = turn.keeping(Kept { high, low }, rolls_left);
            out.push(GameChoice {
                reroll: places.reroll(shapes.high.counts(high), shapes.low.counts(low)),
                to_come: figures.value,
                chance: 1.0 - figures.miss,
                expected_score: figures.score,
            });
        }
    }
    out
}

/// Phase 8's figures for the whole game: `theta = V8 − V9 − 5`, what a miss leaves (`V8 − 5`),
/// and with two rolls left the table of every keep pattern.
pub struct Phase8Game<'a> {
    pub theta: f64,
    pub missed: f64,
    pub lookup: Option<&'a dyn Fn(usize) -> std::io::Result<Worth>>,
}

/// Why phase 8 cannot be advised for the whole game.
#[derive(Debug, thiserror::Error)]
pub enum Phase8Refused {
    #[error(transparent)]
    Position(#[from] AdviceRefused),
    /// Two rolls left, and no table.
    #[error("no table")]
    NoTable,
    #[error("the table cannot be read: {0}")]
    Table(#[from] std::io::Error),
}

/// Every choice in phase 8 with `rolls_left` (1 or 2): one per set of places rolled again (of
/// dice that fit the ten dice in several ways, those showing the same face roll the first ones).
pub fn phase_8_choices_for_game(
    dice: &[Lying],
    rolls_left: u8,
    game: &Phase8Game,
) -> Result<Vec<GameChoice>, Phase8Refused> {
    let ways: Vec<Way> = placed::ways(DiceLayout::Standard, dice)
        .map_err(AdviceRefused::from)?
        .into_iter()
        .map(|die_at| {
            let mut faces: Faces = [0; MAX_DICE];
            for (lying, &die) in dice.iter().zip(&die_at) {
                faces[die] = face_index(die, lying);
            }
            Way { faces, die_at }
        })
        .collect();
    let choices = if ways.len() == 1 {
        (0..1 << MAX_DICE).collect()
    } else {
        first_of_alike(dice)
    };
    let lookup = match (rolls_left, game.lookup) {
        (2, None) => return Err(Phase8Refused::NoTable),
        (_, lookup) => lookup,
    };
    // per way, what each set of physical dice rolled again is worth
    let mut per_way: Vec<Vec<Worth>> = Vec::with_capacity(ways.len());
    for way in &ways {
        per_way.push(match (rolls_left, lookup) {
            (2, Some(lookup)) => {
                let mut worths = vec![Worth::default(); 1 << MAX_DICE];
                for &places in &choices {
                    let rolled = way.dice(places);
                    // rolling none is stopping; the table's pattern of every die kept is
                    // keeping them all and playing on with the last roll
                    worths[rolled] = match rolled {
                        0 => stopped(dice, game.theta),
                        _ => lookup(pattern(&way.faces, rolled))?,
                    };
                }
                worths
            }
            _ => phase_8_choices(way.faces, 1, Goal::Make)
                .iter()
                .map(|o| {
                    let (chance, score) = (o.chance.to_f64(), o.expected_score.to_f64());
                    Worth {
                        value: score - game.theta * chance,
                        chance,
                    }
                })
                .collect(),
        });
    }
    let n = ways.len() as f64;
    Ok(choices
        .into_iter()
        .map(|places| {
            let (value, chance) = ways
                .iter()
                .zip(&per_way)
                .fold((0.0, 0.0), |(v, c), (way, w)| {
                    let worth = w[way.dice(places)];
                    (v + worth.value / n, c + worth.chance / n)
                });
            GameChoice {
                reroll: places as u16,
                to_come: game.missed + value,
                chance,
                expected_score: value + game.theta * chance,
            }
        })
        .collect())
}

/// What stopping on the dice is worth above a miss: `s − theta` made, else 0.
fn stopped(dice: &[Lying], theta: f64) -> Worth {
    let roll = Roll::new(dice.iter().map(|d| d.die).collect()).expect("ten dice");
    let verdict = evaluate(&PHASES[7], &roll);
    match verdict.made {
        true => Worth {
            value: f64::from(verdict.score) - theta,
            chance: 1.0,
        },
        false => Worth::default(),
    }
}

/// The pattern of keeping every die on its face but those of `rolled` (bit d: die d).
fn pattern(faces: &Faces, rolled: usize) -> usize {
    let states: [u8; MAX_DICE] = std::array::from_fn(|d| {
        if rolled & 1 << d != 0 {
            ROLLED
        } else {
            faces[d]
        }
    });
    Patterns::index(&states)
}

/// The face (0..6) physical die `d` shows for the die lying at a place.
fn face_index(d: usize, lying: &Lying) -> u8 {
    DiceLayout::Standard
        .faces(DieId::ALL[d])
        .iter()
        .position(|f| f.face == lying.die.face && f.color == lying.die.color)
        .expect("a die lies on a face it has") as u8
}
