//! The advisor's entry: a position of a turn (the dice on the table and the rolls left) and a
//! goal in, the best choices out, or why the position cannot be advised.

use thiserror::Error;

use super::multisets::Counts;
use super::numbers::Kept;
use super::phase_8::{
    Faces, Way, phase_8_best_choices_and, phase_8_one_turn, phase_8_unnamed_choices,
};
use super::placed::{self, Lying, Misnamed, Placement, place};
use super::summary::{choice_summary, first_roll_summary};
use super::{Advice, Exact, Goal, OPTIONS_SHOWN, Outlook, Weighed, better_first, numbers, rank};
use crate::dice::evaluate;
use crate::dice::faces::{Die, Face, MAX_DICE, Roll};
use crate::dice::layout::{DiceLayout, DieId, NotRollable};
use crate::dice::rolls::ROLLS_PER_TURN;
use crate::phases::{GroupKind, PHASES, Phase};

/// Why a position cannot be advised. Each names the die at fault where there is one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AdviceRefused {
    #[error("a turn has {ROLLS_PER_TURN} rolls: rolls_left is 0 to {ROLLS_PER_TURN}, not {0}")]
    RollsLeft(u8),
    #[error("with {ROLLS_PER_TURN} rolls left no die has been rolled yet: leave the dice out")]
    DiceBeforeFirstRoll,
    #[error("the advisor needs the {MAX_DICE} dice as they lie on the table, not {given}")]
    NotAllDice { given: usize },
    #[error(transparent)]
    NotRollable(#[from] NotRollable),
    #[error(transparent)]
    Misnamed(#[from] Misnamed),
    #[error(
        "phase 8 cannot be advised with any_colors dice: which colors a die can come up in is unknown"
    )]
    ColorsUnknown,
    #[error("phase 8 is made of colors: give the color of every die")]
    ColorRequired { index: usize },
}

/// The best play of the rest of a turn from `dice` (as they lie, in the player's order) with
/// `rolls_left` rolls left: the best [`OPTIONS_SHOWN`] choices.
pub fn advise(
    phase: &Phase,
    layout: DiceLayout,
    dice: &[Lying],
    rolls_left: u8,
    goal: Goal,
) -> Result<Advice, AdviceRefused> {
    weigh(phase, layout, dice, rolls_left, goal, OPTIONS_SHOWN)
}

/// As [`advise`], with every choice there is, best first. Choices that leave the same dice on the
/// table (the same faces, in the phases of numbers) are one choice: of dice showing the same
/// face, it rolls the first ones on the table.
pub fn weigh_all(
    phase: &Phase,
    layout: DiceLayout,
    dice: &[Lying],
    rolls_left: u8,
    goal: Goal,
) -> Result<Advice, AdviceRefused> {
    weigh(phase, layout, dice, rolls_left, goal, usize::MAX)
}

fn weigh(
    phase: &Phase,
    layout: DiceLayout,
    dice: &[Lying],
    rolls_left: u8,
    goal: Goal,
    shown: usize,
) -> Result<Advice, AdviceRefused> {
    let Some(choices) = choices_at(phase, layout, dice, rolls_left, goal, shown, None)? else {
        let outlook = one_turn_of(phase, goal);
        return Ok(Advice {
            outlook,
            options: Vec::new(),
            summary: first_roll_summary(phase, &outlook, goal),
        });
    };
    let faces: Vec<Die> = dice.iter().map(|d| d.die).collect();
    let mut options = rank(choices, goal, shown);
    for choice in &mut options {
        choice.summary = choice_summary(
            phase,
            &faces,
            &choice.reroll,
            &choice.outlook,
            goal,
            rolls_left,
        );
    }
    Ok(Advice {
        outlook: options[0].outlook,
        summary: options[0].summary.clone(),
        options,
    })
}

/// The best choice at a position and the one rolling `chosen` again, without their words: the
/// places rolled again (as bits) and what best play afterwards is worth; the best first (as
/// [`weigh_all`] ranks them), then the others weighed on the way, in no order, among them
/// `chosen` or, in the phases of numbers, a choice leaving the same faces on the table. In
/// phase 8 this weighs a few choices instead of all of them: what a review asks (RULES §12).
/// `None` before the first roll.
pub fn best_choice_and(
    phase: &Phase,
    layout: DiceLayout,
    dice: &[Lying],
    rolls_left: u8,
    goal: Goal,
    chosen: u16,
) -> Result<Option<Vec<(u16, Outlook)>>, AdviceRefused> {
    let Some(mut choices) = choices_at(phase, layout, dice, rolls_left, goal, 1, Some(chosen))?
    else {
        return Ok(None);
    };
    // One pass for the best instead of a sort of them all: the order is total (ties broken by
    // the places), so the best is the one `weigh_all` ranks first.
    let best = (0..choices.len()).min_by(|&a, &b| better_first(&choices[a], &choices[b], goal));
    if let Some(best) = best {
        choices.swap(0, best);
    }
    Ok(Some(
        choices.into_iter().map(|c| (c.reroll, c.outlook)).collect(),
    ))
}

/// The choices at a position that may be among the best `shown`, and the one rolling `also`
/// again, unranked; `None` before the first roll.
fn choices_at(
    phase: &Phase,
    layout: DiceLayout,
    dice: &[Lying],
    rolls_left: u8,
    goal: Goal,
    shown: usize,
    also: Option<u16>,
) -> Result<Option<Vec<Weighed>>, AdviceRefused> {
    let colors = is_of_colors(phase);
    let Some(roll) = position(phase, layout, dice, rolls_left)? else {
        return Ok(None);
    };
    let placement = place(layout, dice)?;
    if rolls_left == 0 {
        return Ok(Some(vec![Weighed {
            reroll: 0,
            outlook: stopped(phase, &roll),
        }]));
    }
    Ok(Some(if colors {
        match placement {
            Placement::Only(ids) => color_choices(dice, &ids, rolls_left, goal, shown, also),
            // A choice of places is one of the alike dice's choices only as its faces: all
            // are weighed where one is asked for.
            Placement::Several | Placement::None => {
                let shown = if also.is_some() { usize::MAX } else { shown };
                unnamed_color_choices(layout, dice, rolls_left, goal, shown)?
            }
        }
    } else {
        number_choices(phase, dice, rolls_left, goal)
    }))
}

/// Checks a position of a turn: the dice on the table (none before the first roll: `None`),
/// rollable, named where named, colored in phase 8, and the rolls left.
pub fn position(
    phase: &Phase,
    layout: DiceLayout,
    dice: &[Lying],
    rolls_left: u8,
) -> Result<Option<Roll>, AdviceRefused> {
    let colors = is_of_colors(phase);
    if colors && layout == DiceLayout::AnyColors {
        return Err(AdviceRefused::ColorsUnknown);
    }
    if usize::from(rolls_left) > ROLLS_PER_TURN {
        return Err(AdviceRefused::RollsLeft(rolls_left));
    }
    if usize::from(rolls_left) == ROLLS_PER_TURN {
        if !dice.is_empty() {
            return Err(AdviceRefused::DiceBeforeFirstRoll);
        }
        return Ok(None);
    }
    if dice.len() != MAX_DICE {
        return Err(AdviceRefused::NotAllDice { given: dice.len() });
    }
    if colors && let Some(index) = dice.iter().position(|d| d.die.color.is_none()) {
        return Err(AdviceRefused::ColorRequired { index });
    }
    let roll = Roll::new(dice.iter().map(|d| d.die).collect()).expect("ten dice");
    layout.place(&roll)?;
    place(layout, dice)?;
    Ok(Some(roll))
}

/// Builds every table the advisor answers from (a second or two in a release build), so that no
/// answer waits for one.
pub fn warm_up() {
    for phase in &PHASES {
        for goal in [Goal::Make, Goal::Score] {
            one_turn_of(phase, goal);
        }
    }
}

/// A whole turn played best for the goal, before its first roll.
pub fn one_turn_of(phase: &Phase, goal: Goal) -> Outlook {
    if is_of_colors(phase) {
        phase_8_one_turn(goal)
    } else {
        numbers::one_turn(phase, goal)
    }
}

/// Phase 8, the one phase of colors: its advice knows each physical die.
pub fn is_of_colors(phase: &Phase) -> bool {
    phase.groups.iter().any(|g| g.kind == GroupKind::Color)
}

/// The choices in phase 8 that may be among the best `shown`, and the one rolling the places
/// `also` again, one per set of physical dice rolled again (`ids`: the die at each position on
/// the table).
fn color_choices(
    dice: &[Lying],
    ids: &[DieId],
    rolls_left: u8,
    goal: Goal,
    shown: usize,
    also: Option<u16>,
) -> Vec<Weighed> {
    let mut faces: Faces = [0; MAX_DICE];
    let mut position = [0usize; MAX_DICE];
    for (at, (lying, id)) in dice.iter().zip(ids).enumerate() {
        let die = DieId::ALL.iter().position(|d| d == id).expect("a die");
        let shown = DiceLayout::Standard
            .faces(*id)
            .iter()
            .position(|f| f.face == lying.die.face && f.color == lying.die.color);
        faces[die] = shown.expect("a placed die shows one of its faces") as u8;
        position[die] = at;
    }
    // The same places as dice: bit d for the die at the place it lies.
    let also = also.map(|places| {
        (0..MAX_DICE)
            .filter(|&die| places & 1 << position[die] != 0)
            .fold(0, |mask, die| mask | 1 << die)
    });
    phase_8_best_choices_and(faces, rolls_left, goal, shown.min(1 << MAX_DICE), also)
        .into_iter()
        .enumerate()
        .filter_map(|(mask, outlook)| {
            Some(Weighed {
                reroll: (0..MAX_DICE)
                    .filter(|d| mask & 1 << d != 0)
                    .fold(0, |set, d| set | 1 << position[d]),
                outlook: outlook?,
            })
        })
        .collect()
}

/// The choices in phase 8 when the dice fit the physical dice in several ways (RULES §8): one per
/// number of dice rolled again among those showing the same face and color (of those, the first
/// ones on the table are rolled: see [`rank`]), each averaged over every way the dice lie.
fn unnamed_color_choices(
    layout: DiceLayout,
    dice: &[Lying],
    rolls_left: u8,
    goal: Goal,
    shown: usize,
) -> Result<Vec<Weighed>, AdviceRefused> {
    let ways: Vec<Way> = placed::ways(layout, dice)?
        .into_iter()
        .map(|die_at| {
            let mut faces: Faces = [0; MAX_DICE];
            for (lying, &die) in dice.iter().zip(&die_at) {
                let on = DiceLayout::Standard.faces(DieId::ALL[die]);
                faces[die] = on
                    .iter()
                    .position(|f| f.face == lying.die.face && f.color == lying.die.color)
                    .expect("a die lies on a face it has") as u8;
            }
            Way { faces, die_at }
        })
        .collect();
    let choices = first_of_alike(dice);
    let outlooks =
        phase_8_unnamed_choices(&ways, &choices, rolls_left, goal, shown.min(choices.len()));
    Ok(choices
        .into_iter()
        .zip(outlooks)
        .filter_map(|(reroll, outlook)| {
            Some(Weighed {
                reroll: reroll as u16,
                outlook: outlook?,
            })
        })
        .collect())
}

/// The sets of places to roll again when dice showing the same face are alike (they fit the
/// ten dice in several ways): of those, a choice rolls the first ones on the table.
pub(crate) fn first_of_alike(dice: &[Lying]) -> Vec<usize> {
    let mut alike: Vec<(Die, u16)> = Vec::new();
    for (index, lying) in dice.iter().enumerate() {
        match alike.iter_mut().find(|(die, _)| *die == lying.die) {
            Some((_, places)) => *places |= 1 << index,
            None => alike.push((lying.die, 1 << index)),
        }
    }
    let mut choices = vec![0usize];
    for (_, places) in alike {
        let mut firsts = vec![0usize];
        let mut first = 0;
        for index in (0..MAX_DICE).filter(|i| places & 1 << i != 0) {
            first |= 1 << index;
            firsts.push(first);
        }
        choices = choices
            .iter()
            .flat_map(|choice| firsts.iter().map(move |more| choice | more))
            .collect();
    }
    choices
}

/// The figures of stopping on these dice: made or not, and their score.
fn stopped(phase: &Phase, roll: &Roll) -> Outlook {
    let verdict = evaluate(phase, roll);
    Outlook {
        chance: Exact::whole(u32::from(verdict.made)),
        expected_score: Exact::whole(verdict.score),
    }
}

/// Where a die falls among the multisets of the phases of numbers: high (faces 5–10) or low
/// (1–4, W), and its face there.
fn kind_and_face(face: Face) -> (bool, usize) {
    match face.number().map(|n| n.get()) {
        Some(value @ 5..) => (true, usize::from(value - 5)),
        Some(value) => (false, usize::from(value - 1)),
        None => (false, 4),
    }
}

/// Ten dice of a phase of numbers on the table: their multisets, and where each face lies.
pub(crate) struct NumberPlaces {
    pub roll: Kept,
    high: Counts,
    low: Counts,
    /// `first[kind][face][n]`: the first n places on the table showing that face (kind 0 low).
    first: [[[u16; MAX_DICE + 1]; 6]; 2],
}

impl NumberPlaces {
    /// The places a choice keeping these multisets rolls again: of dice showing the same face,
    /// the first ones on the table (the smallest places: see [`rank`]).
    pub fn reroll(&self, kept_high: &Counts, kept_low: &Counts) -> u16 {
        let mut reroll = 0;
        for (kind, (lying, kept)) in [(self.low, kept_low), (self.high, kept_high)]
            .iter()
            .enumerate()
        {
            for face in 0..6 {
                reroll |= self.first[kind][face][usize::from(lying[face] - kept[face])];
            }
        }
        reroll
    }
}

/// Where the faces of ten rollable dice of a phase of numbers lie.
pub(crate) fn number_places(dice: &[Lying]) -> NumberPlaces {
    let (mut high, mut low): (Counts, Counts) = Default::default();
    let mut first = [[[0u16; MAX_DICE + 1]; 6]; 2];
    for (index, lying) in dice.iter().enumerate() {
        let (is_high, face) = kind_and_face(lying.die.face);
        let counts = if is_high { &mut high } else { &mut low };
        counts[face] += 1;
        let n = usize::from(counts[face]);
        let prefix = &mut first[usize::from(is_high)][face];
        prefix[n] = prefix[n - 1] | 1 << index;
    }
    let roll = numbers::lying(&high, &low).expect("ten rollable dice are six high and four low");
    NumberPlaces {
        roll,
        high,
        low,
        first,
    }
}

/// Every choice on the table in a phase of numbers, one per multiset kept.
fn number_choices(phase: &Phase, dice: &[Lying], rolls_left: u8, goal: Goal) -> Vec<Weighed> {
    let places = number_places(dice);
    numbers::choices(phase, places.roll, rolls_left, goal)
        .into_iter()
        .map(|(kept_high, kept_low, outlook)| Weighed {
            reroll: places.reroll(&kept_high, &kept_low),
            outlook,
        })
        .collect()
}
