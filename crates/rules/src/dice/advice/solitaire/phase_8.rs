//! Phase 8 of a whole solitaire game (RULES §11), solved over every keep pattern.
//!
//! A phase 8 made with score `s` is worth `s + V9` (phase 9 onwards), a miss `V8 − 5` (the same
//! state, 5 points less). Subtracting `V8 − 5` from every end changes no choice: the turn's
//! final dice are worth `s − θ` when they make the phase and 0 when not, with
//! `θ = V8 − V9 − 5`, and `V8` is the fixed point where that turn played best is worth exactly
//! 5. As a function of `θ` the turn's value is the highest of straight lines (one per way of
//! playing it, of slope minus its chance to make the phase), convex and decreasing, so Newton's
//! method ends in a few steps: each is one turn played out over the 7^10 patterns
//! ([`Patterns`]), about 4.5 GB. The tests hold it against bisection and against brute force on
//! fewer dice.

use super::MISS;
use super::patterns::{Patterns, Worth};
use crate::dice::layout::PhysicalFace;
use crate::dice::{Color, DiceLayout, DieId, Face};

/// No phase made: the end of a position that does not hold enough dice of one color.
const NOT_MADE: u8 = u8::MAX;

/// How each position of the dice ends a turn: made or not, and its score. `need` dice of one
/// color make the phase (7 on the ten standard dice), scored on the best `need` of them.
pub struct Ends {
    dice: usize,
    /// Per position (faces in base 6, die 0 the lowest digit): the score, or `NOT_MADE`.
    scores: Vec<u8>,
}

impl Ends {
    /// Phase 8 on the standard dice.
    pub fn standard() -> Ends {
        let faces: Vec<[PhysicalFace; 6]> = DieId::ALL
            .iter()
            .map(|&die| DiceLayout::Standard.faces(die))
            .collect();
        Ends::of(&faces, 7)
    }

    /// `need` of one color made with these dice.
    pub fn of(dice: &[[PhysicalFace; 6]], need: usize) -> Ends {
        let positions = 6usize.pow(u32::try_from(dice.len()).expect("a few dice"));
        let mut faces = vec![0usize; dice.len()];
        let mut scores = Vec::with_capacity(positions);
        for _ in 0..positions {
            scores.push(score_of(dice, &faces, need));
            for face in faces.iter_mut() {
                *face += 1;
                if *face < 6 {
                    break;
                }
                *face = 0;
            }
        }
        Ends {
            dice: dice.len(),
            scores,
        }
    }

    pub fn dice(&self) -> usize {
        self.dice
    }

    /// The score of position `position` if it makes the phase.
    pub fn score(&self, position: usize) -> Option<u8> {
        let score = self.scores[position];
        (score != NOT_MADE).then_some(score)
    }

    /// What position `position` is worth as the turn ends there, for this `theta`.
    pub fn worth(&self, position: usize, theta: f64) -> Worth {
        match self.score(position) {
            Some(score) => Worth {
                value: f64::from(score) - theta,
                chance: 1.0,
            },
            None => Worth::default(),
        }
    }
}

/// The best `need` natural dice of a color with `need` or more (a W of the color counts, for 0).
fn score_of(dice: &[[PhysicalFace; 6]], faces: &[usize], need: usize) -> u8 {
    Color::ALL
        .iter()
        .find_map(|&color| {
            let mut values: Vec<u8> = dice
                .iter()
                .zip(faces)
                .map(|(die, &face)| die[face])
                .filter(|face| face.color == Some(color))
                .map(|face| match face.face {
                    Face::Number(number) => number.get(),
                    Face::Wild => 0,
                })
                .collect();
            (values.len() >= need).then(|| {
                values.sort_unstable_by(|a, b| b.cmp(a));
                values[..need].iter().sum()
            })
        })
        .unwrap_or(NOT_MADE)
}

/// One turn of three rolls played best for `theta`: its value and chance. `keep` sees the
/// patterns as they are with two rolls left (what each choice after the first roll is worth).
pub fn turn(
    patterns: &mut Patterns,
    ends: &Ends,
    theta: f64,
    keep: impl FnOnce(&Patterns),
) -> Worth {
    patterns.set_ends(|_, position| ends.worth(position, theta));
    patterns.expect();
    patterns.choose();
    patterns.expect();
    keep(patterns);
    patterns.choose();
    patterns.expect();
    patterns.all_rolled()
}

/// Phase 8 solved: `theta = V8 − V9 − 5`, the turn played best at it, and Newton's steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    pub theta: f64,
    pub turn: Worth,
    /// Each step's `theta` and the turn played best there.
    pub steps: Vec<(f64, Worth)>,
}

/// Newton's steps before giving up (a handful are ever needed).
const MOST_STEPS: usize = 32;

/// The `theta` where the turn played best is worth `MISS`, by Newton's method from `start`.
///
/// # Panics
/// If the turn can never make the phase, or the steps do not settle.
pub fn solve(patterns: &mut Patterns, ends: &Ends, start: f64) -> Solved {
    let mut theta = start;
    let mut steps = Vec::new();
    for step in 1..=MOST_STEPS {
        let at = turn(patterns, ends, theta, |_| ());
        steps.push((theta, at));
        assert!(at.chance > 0.0, "a turn that never makes the phase");
        // the play best at `theta` is a line: value(t) = at.value − at.chance · (t − theta)
        let next = theta + (at.value - MISS) / at.chance;
        // after the first step the points rise to the root; equal up to rounding: settled
        if step > 1 && next <= theta + 1e-12 * theta.abs().max(1.0) {
            return Solved {
                theta,
                turn: at,
                steps,
            };
        }
        theta = next;
    }
    panic!("Newton's method did not settle in {MOST_STEPS} steps")
}

/// The same `theta` by bisection between `low` (the turn worth more than `MISS`) and `high`
/// (less), to within `width`.
pub fn bisect(
    patterns: &mut Patterns,
    ends: &Ends,
    mut low: f64,
    mut high: f64,
    width: f64,
) -> f64 {
    while high - low > width {
        let middle = (low + high) / 2.0;
        if turn(patterns, ends, middle, |_| ()).value > MISS {
            low = middle;
        } else {
            high = middle;
        }
    }
    (low + high) / 2.0
}
