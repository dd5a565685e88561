//! Helpers shared by the rules tests: reading rolls, every roll of the standard dice, and the
//! card game's brute-force reference (`card_reference`).
#![allow(dead_code)]

pub mod card_reference;
pub mod reference;

use std::collections::HashMap;
use std::sync::OnceLock;

use phase10_rules::dice::{Color, DiceLayout, Die, DieId, Face, Roll, evaluate};
use phase10_rules::{GroupKind, PHASES};

/// A roll in short notation: `roll("8 8 8 10 W W")`, `roll("5o 9o Wr")`.
#[track_caller]
pub fn roll(text: &str) -> Roll {
    match text.parse() {
        Ok(roll) => roll,
        Err(e) => panic!("bad roll {text:?}: {e}"),
    }
}

/// Every combination of numbers ten standard dice can show, colors left out: four low dice
/// each 1–4 or W, six high dice each 5–10. Each roll of the physical dice shows exactly one of
/// these, and each of these is shown by some roll.
pub fn every_roll_of_numbers() -> Vec<Roll> {
    let low: Vec<Face> = (1..=4).map(number).chain([Face::Wild]).collect();
    let high: Vec<Face> = (5..=10).map(number).collect();
    let mut rolls = Vec::new();
    for low_faces in multisets(&low, 4) {
        for high_faces in multisets(&high, 6) {
            let dice = low_faces
                .iter()
                .chain(&high_faces)
                .map(|&face| Die::new(face, None));
            rolls.push(Roll::new(dice.collect()).expect("ten dice"));
        }
    }
    rolls
}

/// For one color: every roll where each die shows a face of that color or, where it has no
/// such face or shows another, its first face of another color. The best roll for a color group
/// of that color is among them: faces of other colors cannot help such a group.
pub fn every_roll_for_color(color: Color) -> Vec<Roll> {
    let layout = DiceLayout::Standard;
    let mut rolls = vec![Vec::new()];
    for id in DieId::ALL {
        let faces = layout.faces(id);
        let mut options: Vec<Die> = faces
            .iter()
            .filter(|f| f.color == Some(color))
            .map(|f| Die::new(f.face, f.color))
            .collect();
        if let Some(other) = faces.iter().find(|f| f.color != Some(color)) {
            options.push(Die::new(other.face, other.color));
        }
        rolls = rolls
            .into_iter()
            .flat_map(|so_far: Vec<Die>| {
                options.iter().map(move |&die| {
                    let mut next = so_far.clone();
                    next.push(die);
                    next
                })
            })
            .collect();
    }
    rolls
        .into_iter()
        .map(|dice| Roll::new(dice).expect("ten dice"))
        .collect()
}

fn number(value: u8) -> Face {
    Face::Number(phase10_rules::dice::Number::new(value).expect("1 to 10"))
}

/// Every multiset of `size` items from `items` (combinations with repetition).
fn multisets(items: &[Face], size: usize) -> Vec<Vec<Face>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let Some((&first, rest)) = items.split_first() else {
        return Vec::new();
    };
    let mut all: Vec<Vec<Face>> = multisets(items, size - 1)
        .into_iter()
        .map(|mut m| {
            m.insert(0, first);
            m
        })
        .collect();
    all.extend(multisets(rest, size));
    all
}

/// For each phase but 8 and each score it can have, the first roll of numbers that makes it
/// with that score.
fn rolls_by_score() -> &'static HashMap<(u8, u32), Roll> {
    static BY_SCORE: OnceLock<HashMap<(u8, u32), Roll>> = OnceLock::new();
    BY_SCORE.get_or_init(|| {
        let mut found = HashMap::new();
        let phases = PHASES
            .iter()
            .filter(|p| p.groups.iter().all(|g| g.kind != GroupKind::Color));
        let phases: Vec<_> = phases.collect();
        for roll in every_roll_of_numbers() {
            for phase in &phases {
                let e = evaluate(phase, &roll);
                if e.made {
                    found
                        .entry((phase.number.get(), e.score))
                        .or_insert_with(|| roll.clone());
                }
            }
        }
        found
    })
}

/// A roll of the standard dice that makes `phase` with exactly `score` (any phase but 8): for
/// building games whose totals a test needs.
#[track_caller]
pub fn roll_scoring(phase: u8, score: u32) -> Roll {
    match rolls_by_score().get(&(phase, score)) {
        Some(roll) => roll.clone(),
        None => panic!("no roll makes phase {phase} with {score}"),
    }
}

/// The scores with which some roll makes `phase` (any phase but 8), lowest first.
pub fn scores_of(phase: u8) -> Vec<u32> {
    let mut scores: Vec<u32> = rolls_by_score()
        .keys()
        .filter(|(p, _)| *p == phase)
        .map(|(_, s)| *s)
        .collect();
    scores.sort_unstable();
    scores
}

/// A roll as dice land: each die of `layout` shows face `faces[i]`; only the dice in `keep`
/// (a bit set over `DieId::ALL`) are shown, and colors are left out when `colorless`.
pub fn physical_roll(
    layout: DiceLayout,
    faces: [usize; 10],
    keep: u16,
    colorless: bool,
) -> Vec<Die> {
    DieId::ALL
        .iter()
        .enumerate()
        .filter(|(bit, _)| keep & 1 << bit != 0)
        .map(|(bit, &id)| {
            let face = layout.faces(id)[faces[bit] % 6];
            let color = if colorless {
                None
            } else {
                face.color.or(Some(Color::ALL[faces[bit] % 4]))
            };
            Die::new(face.face, color)
        })
        .collect()
}

/// Every way `count` dice of one kind come up, as (faces, in how many of the 6^count ways).
/// High dice show 5–10; low dice 1–4 and W (0) on two faces of six.
pub fn outcomes(count: usize, high: bool) -> Vec<(Vec<u8>, u128)> {
    let faces: Vec<u8> = if high {
        (5..=10).collect()
    } else {
        vec![1, 2, 3, 4, 0, 0]
    };
    // Face by face: 6^count sequences, folded by the sorted faces they give.
    let mut folded: HashMap<Vec<u8>, u128> = HashMap::new();
    let mut sequence = vec![0usize; count];
    loop {
        let mut shown: Vec<u8> = sequence.iter().map(|&f| faces[f]).collect();
        shown.sort_unstable();
        *folded.entry(shown).or_default() += 1;
        let Some(at) = (0..count).find(|&i| sequence[i] < 5) else {
            break;
        };
        sequence[at] += 1;
        sequence[..at].iter_mut().for_each(|f| *f = 0);
    }
    folded.into_iter().collect()
}
