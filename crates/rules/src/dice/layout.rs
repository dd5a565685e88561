//! The physical dice and rollability (RULES §1): could the dice a player shows really have been
//! rolled on the ten dice of the game?
//!
//! Each shown die must be matched to a different physical die that has that face. That is a
//! bipartite matching of at most ten dice against ten, found by augmenting paths; when one fails,
//! the dice it reached are exactly the ones that cannot all be placed, and the error names them.

use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::faces::{Color, Die, Face, MAX_DICE, Number, Roll};

/// One of the ten physical dice: L1–L4 show 1–4 and two wilds, H1–H6 show 5–10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum DieId {
    L1,
    L2,
    L3,
    L4,
    H1,
    H2,
    H3,
    H4,
    H5,
    H6,
}

impl DieId {
    pub const ALL: [DieId; MAX_DICE] = [
        DieId::L1,
        DieId::L2,
        DieId::L3,
        DieId::L4,
        DieId::H1,
        DieId::H2,
        DieId::H3,
        DieId::H4,
        DieId::H5,
        DieId::H6,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DieId::L1 => "L1",
            DieId::L2 => "L2",
            DieId::L3 => "L3",
            DieId::L4 => "L4",
            DieId::H1 => "H1",
            DieId::H2 => "H2",
            DieId::H3 => "H3",
            DieId::H4 => "H4",
            DieId::H5 => "H5",
            DieId::H6 => "H6",
        }
    }

    pub fn from_name(name: &str) -> Option<DieId> {
        DieId::ALL.into_iter().find(|id| id.name() == name)
    }

    /// A low die shows 1–4 and two wilds; a high die shows 5–10.
    pub fn is_low(self) -> bool {
        (self as usize) < 4
    }

    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for DieId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A face printed on a physical die. `color: None` means the face may be any color (the
/// `any_colors` layout, for printings whose colors differ from the standard one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhysicalFace {
    pub face: Face,
    pub color: Option<Color>,
}

impl PhysicalFace {
    /// Whether a die shown as `shown` could be this face.
    pub fn can_show(self, shown: &Die) -> bool {
        self.face == shown.face
            && match (self.color, shown.color) {
                (Some(printed), Some(claimed)) => printed == claimed,
                _ => true,
            }
    }
}

/// The dice the game is played with: the standard colors, or any colors (only counts checked).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum DiceLayout {
    /// The colors of RULES §1.
    #[default]
    Standard,
    /// Any colors: only the numbers of faces are checked.
    AnyColors,
}

const fn n(value: u8, color: Color) -> PhysicalFace {
    match Number::new(value) {
        Some(number) => PhysicalFace {
            face: Face::Number(number),
            color: Some(color),
        },
        None => panic!("a printed face is 1 to 10"),
    }
}

const fn w(color: Color) -> PhysicalFace {
    PhysicalFace {
        face: Face::Wild,
        color: Some(color),
    }
}

use Color::{Blue as B, Green as G, Orange as O, Red as R};

/// RULES §1, die by die in the order of `DieId::ALL`.
const STANDARD: [[PhysicalFace; 6]; MAX_DICE] = [
    [n(1, B), n(2, G), n(3, O), n(4, G), w(R), w(O)],
    [n(1, R), n(2, B), n(3, G), n(4, O), w(B), w(O)],
    [n(1, O), n(2, R), n(3, R), n(4, B), w(G), w(B)],
    [n(1, G), n(2, O), n(3, B), n(4, R), w(R), w(G)],
    [n(5, R), n(6, O), n(7, B), n(8, G), n(9, O), n(10, G)],
    [n(5, G), n(6, R), n(7, G), n(8, O), n(9, B), n(10, R)],
    [n(5, O), n(6, B), n(7, R), n(8, B), n(9, G), n(10, O)],
    [n(5, R), n(6, G), n(7, O), n(8, B), n(9, R), n(10, B)],
    [n(5, B), n(6, B), n(7, R), n(8, O), n(9, R), n(10, G)],
    [n(5, B), n(6, O), n(7, G), n(8, R), n(9, G), n(10, O)],
];

const fn uncolored(face: PhysicalFace) -> PhysicalFace {
    PhysicalFace {
        face: face.face,
        color: None,
    }
}

const ANY_LOW: [PhysicalFace; 6] = {
    let l = STANDARD[0];
    [
        uncolored(l[0]),
        uncolored(l[1]),
        uncolored(l[2]),
        uncolored(l[3]),
        uncolored(l[4]),
        uncolored(l[5]),
    ]
};

const ANY_HIGH: [PhysicalFace; 6] = {
    let h = STANDARD[4];
    [
        uncolored(h[0]),
        uncolored(h[1]),
        uncolored(h[2]),
        uncolored(h[3]),
        uncolored(h[4]),
        uncolored(h[5]),
    ]
};

impl DiceLayout {
    /// The six faces of one physical die.
    pub fn faces(self, die: DieId) -> [PhysicalFace; 6] {
        match self {
            DiceLayout::Standard => STANDARD[die.index()],
            DiceLayout::AnyColors if die.is_low() => ANY_LOW,
            DiceLayout::AnyColors => ANY_HIGH,
        }
    }

    /// The physical dice that could show `shown`, as a bit set over `DieId::ALL`.
    pub(crate) fn candidates(self, shown: &Die) -> u16 {
        static STANDARD_TABLE: LazyLock<CandidateTable> =
            LazyLock::new(|| CandidateTable::of(DiceLayout::Standard));
        static ANY_COLORS_TABLE: LazyLock<CandidateTable> =
            LazyLock::new(|| CandidateTable::of(DiceLayout::AnyColors));
        let table = match self {
            DiceLayout::Standard => &STANDARD_TABLE,
            DiceLayout::AnyColors => &ANY_COLORS_TABLE,
        };
        table.0[CandidateTable::slot(shown)]
    }

    /// Works out from the faces which physical dice could show `shown`.
    fn find_candidates(self, shown: &Die) -> u16 {
        DieId::ALL
            .iter()
            .enumerate()
            .filter(|(_, id)| self.faces(**id).iter().any(|face| face.can_show(shown)))
            .fold(0, |set, (bit, _)| set | 1 << bit)
    }

    /// Checks that the roll could have been rolled: every shown die on a different physical die
    /// with that face. On success, says which physical die showed each die of the roll.
    pub fn place(self, roll: &Roll) -> Result<Vec<DieId>, NotRollable> {
        let dice = roll.dice();
        let candidates: Vec<u16> = dice.iter().map(|die| self.candidates(die)).collect();
        if let Some(shortage) = face_shortage(dice, &candidates) {
            return Err(shortage);
        }
        let mut matching = Matching {
            candidates: &candidates,
            shown_by: [None; MAX_DICE],
            tried: 0,
            reached: 0,
        };
        for index in 0..dice.len() {
            matching.tried = 0;
            matching.reached = 0;
            if !matching.place(index) {
                return Err(conflict(dice, index, matching.reached, matching.tried));
            }
        }
        let mut placement = vec![DieId::L1; dice.len()];
        for (physical, shown) in matching.shown_by.iter().enumerate() {
            if let Some(shown) = shown {
                placement[*shown] = DieId::ALL[physical];
            }
        }
        Ok(placement)
    }
}

/// For every die a player can show (eleven faces, four colors or none), the physical dice that
/// could show it: rollability is checked on every turn of every replay, so it is looked up.
struct CandidateTable([u16; 11 * 5]);

impl CandidateTable {
    fn slot(die: &Die) -> usize {
        let face = match die.face {
            Face::Number(n) => usize::from(n.get() - 1),
            Face::Wild => 10,
        };
        face * 5 + die.color.map_or(4, Color::index)
    }

    fn of(layout: DiceLayout) -> CandidateTable {
        let mut table = [0; 11 * 5];
        let faces = Number::all().map(Face::Number).chain([Face::Wild]);
        for face in faces {
            for color in Color::ALL.map(Some).into_iter().chain([None]) {
                let die = Die::new(face, color);
                table[Self::slot(&die)] = layout.find_candidates(&die);
            }
        }
        CandidateTable(table)
    }
}

/// Augmenting-path matching of shown dice (by index) to physical dice (by bit).
struct Matching<'a> {
    candidates: &'a [u16],
    /// For each physical die, the shown die it is matched to.
    shown_by: [Option<usize>; MAX_DICE],
    /// Physical dice visited by the current search.
    tried: u16,
    /// Shown dice visited by the current search.
    reached: u16,
}

impl Matching<'_> {
    fn place(&mut self, shown: usize) -> bool {
        self.reached |= 1 << shown;
        for physical in 0..MAX_DICE {
            let bit = 1u16 << physical;
            if self.candidates[shown] & bit == 0 || self.tried & bit != 0 {
                continue;
            }
            self.tried |= bit;
            let free = match self.shown_by[physical] {
                None => true,
                Some(other) => self.place(other),
            };
            if free {
                self.shown_by[physical] = Some(shown);
                return true;
            }
        }
        false
    }
}

/// The common case worth its own words: more dice of one exact face than dice that have it.
fn face_shortage(dice: &[Die], candidates: &[u16]) -> Option<NotRollable> {
    dice.iter().enumerate().find_map(|(index, die)| {
        let available = candidates[index].count_ones() as usize;
        let seen_before = dice[..index].iter().filter(|other| *other == die).count();
        if seen_before != available {
            return None;
        }
        let given = dice.iter().filter(|other| *other == die).count();
        (given > available).then(|| NotRollable::FaceShortage {
            index,
            die: *die,
            given,
            available: ids(candidates[index]),
        })
    })
}

fn conflict(dice: &[Die], index: usize, reached: u16, tried: u16) -> NotRollable {
    let involved: Vec<usize> = (0..dice.len()).filter(|i| reached & 1 << i != 0).collect();
    NotRollable::Conflict {
        index,
        shown: involved.iter().map(|i| dice[*i]).collect(),
        involved,
        available: ids(tried),
    }
}

fn ids(set: u16) -> Vec<DieId> {
    DieId::ALL
        .into_iter()
        .enumerate()
        .filter(|(bit, _)| set & 1 << bit != 0)
        .map(|(_, id)| id)
        .collect()
}

fn id_list(ids: &[DieId]) -> String {
    ids.iter()
        .map(|id| id.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn die_list(dice: &[Die]) -> String {
    dice.iter()
        .map(Die::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the shown dice could not have been rolled. `index` is the position of the first die
/// that cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotRollable {
    /// More dice show one face than there are dice with that face.
    #[error("{}", shortage_words(die, *given, available))]
    FaceShortage {
        index: usize,
        die: Die,
        given: usize,
        available: Vec<DieId>,
    },
    /// These dice each have a face somewhere, but not on enough different dice at once.
    #[error(
        "{} dice ({}) could only have been rolled on {}: they cannot all have been rolled together",
        involved.len(), die_list(shown), dice_words(available)
    )]
    Conflict {
        index: usize,
        involved: Vec<usize>,
        shown: Vec<Die>,
        available: Vec<DieId>,
    },
}

impl NotRollable {
    /// The position in the roll of the die that cannot be placed.
    pub fn index(&self) -> usize {
        match self {
            NotRollable::FaceShortage { index, .. } | NotRollable::Conflict { index, .. } => *index,
        }
    }
}

fn shortage_words(die: &Die, given: usize, available: &[DieId]) -> String {
    let face = die.described();
    match available {
        [] => format!("no die shows {face}"),
        [only] => {
            let kind = if only.is_low() { "low" } else { "high" };
            format!(
                "no die shows {face} twice: only the {kind} die {only} has that face, and {given} were given"
            )
        }
        _ => format!(
            "only {} show {face}, but {given} were given",
            dice_words(available)
        ),
    }
}

/// Physical dice in a player's words: which of the low dice (1 to 4 and W) or the high dice (5
/// to 10) they are, by name.
fn dice_words(ids: &[DieId]) -> String {
    let (low, high) = (
        ids.iter().all(|id| id.is_low()),
        ids.iter().all(|id| !id.is_low()),
    );
    match ids.len() {
        4 if low => "the 4 low dice (L1 to L4, which show 1 to 4 and W)".to_string(),
        6 if high => "the 6 high dice (H1 to H6, which show 5 to 10)".to_string(),
        n if low => format!("{n} of the low dice ({})", id_list(ids)),
        n if high => format!("{n} of the high dice ({})", id_list(ids)),
        n => format!("{n} dice ({})", id_list(ids)),
    }
}
