//! What a request sums itself: with two rolls left, a choice that keeps six dice or more rolls
//! at most four again, and its value is a sum of best play with one roll left over the
//! outcomes of those dice (fact 3 of the module). The positions that differ from the dice on
//! the table on a set D of at most four dice are summed once per D (147,426 positions when
//! every such choice is weighed), and a choice adds the sums of the subsets of the dice it
//! rolls.
//!
//! Best play with one roll left from a position is the best of four color sets' figures
//! (fact 2). Here the figures are [`Keys`]: one integer per figures, ordered as the goal ranks
//! them, so the best of four is a `max`; and a die that changes face changes the sets of two
//! colors only, so each position costs one lookup.

use super::{CHOICES, COLORS, Common, DICE, FACES, Faces, Figures, NEAR, OneRollLeft};
use crate::dice::advice::Goal;

/// Bits of a key below its goal's figure: the other figure fits in them.
const CHANCE_BITS: u32 = 26;
const SCORE_BITS: u32 = 32;

/// Per color and set of dice showing it, best play with one roll left as a key: the goal's
/// figure in the high bits, the other's in the low bits, so that comparing keys is ranking
/// figures for the goal (`Figures::ranked`). Figures over 6^10 fit: a chance is at most
/// 6^10 < 2^26, a score at most 70 × 6^10 < 2^32.
pub(super) struct Keys {
    goal: Goal,
    keys: [Vec<u64>; COLORS],
}

impl Keys {
    pub(super) fn new(best: &[Vec<Figures>; COLORS], goal: Goal) -> Keys {
        let keys = std::array::from_fn(|c| best[c].iter().map(|&f| key(f, goal)).collect());
        Keys { goal, keys }
    }

    #[inline]
    fn figures(&self, key: u64) -> Figures {
        match self.goal {
            Goal::Make => Figures {
                chance: key >> SCORE_BITS,
                score: key & ((1 << SCORE_BITS) - 1),
            },
            Goal::Score => Figures {
                chance: key & ((1 << CHANCE_BITS) - 1),
                score: key >> CHANCE_BITS,
            },
        }
    }
}

fn key(figures: Figures, goal: Goal) -> u64 {
    let Figures { chance, score } = figures;
    assert!(
        chance < 1 << CHANCE_BITS && score < 1 << SCORE_BITS,
        "figures over 6^10 fit a key"
    );
    match goal {
        Goal::Make => chance << SCORE_BITS | score,
        Goal::Score => score << CHANCE_BITS | chance,
    }
}

/// A face a die may show: its color and what it adds to the packed sets (`ColorSets::packed`).
#[derive(Clone, Copy, Default)]
struct Shown {
    color: usize,
    packed: u64,
}

/// The set of color c among packed sets.
#[inline]
fn set_of(sets: u64, c: usize) -> usize {
    (sets >> (16 * c) & 0xFFFF) as usize
}

struct Walk<'a> {
    keys: &'a [Vec<u64>; COLORS],
    /// How a key splits into figures: (shift, mask) of the chance and of the score.
    chance: (u32, u64),
    score: (u32, u64),
    own: [Shown; DICE],
    others: [[Shown; FACES - 1]; DICE],
    needed: &'a [bool],
    sums: Vec<Figures>,
}

impl Walk<'_> {
    /// Adds the positions that differ from the table on the dice of `mask` and on some dice
    /// from `from` on; `sets` and `keys` are those of the position differing on `mask` only.
    fn from(&mut self, from: usize, mask: usize, sets: u64, keys: [u64; COLORS], depth: usize) {
        let table = self.keys;
        for d in from..DICE {
            let m = mask | 1 << d;
            if !self.needed[m] {
                continue;
            }
            // Die d leaves its face on the table: one color's set changes.
            let own = self.own[d];
            let base = sets - own.packed;
            let left = table[own.color][set_of(base, own.color)];
            let keys = with(keys, own.color, left);
            let [a, b, c, e] = keys;
            // The best of the other colors, per color.
            let others_best = [
                b.max(c).max(e),
                a.max(c).max(e),
                a.max(b).max(e),
                a.max(b).max(c),
            ];
            let (mut chance, mut score) = (0, 0);
            for shown in self.others[d] {
                let sets = base + shown.packed;
                let key = table[shown.color][set_of(sets, shown.color)];
                let best = key.max(others_best[shown.color]);
                chance += best >> self.chance.0 & self.chance.1;
                score += best >> self.score.0 & self.score.1;
                if depth < NEAR {
                    self.from(d + 1, m, sets, with(keys, shown.color, key), depth + 1);
                }
            }
            let sum = &mut self.sums[m];
            sum.chance += chance;
            sum.score += score;
        }
    }
}

/// `keys` with color c's replaced, built in registers.
#[inline(always)]
fn with(keys: [u64; COLORS], c: usize, key: u64) -> [u64; COLORS] {
    let [a, b, d, e] = keys;
    [
        if c == 0 { key } else { a },
        if c == 1 { key } else { b },
        if c == 2 { key } else { d },
        if c == 3 { key } else { e },
    ]
}

/// For every set D of at most `NEAR` dice that is `needed` (so are all its subsets), the sum of
/// best play with one roll left (over 6^10) over the positions that differ from `faces` exactly
/// on the dice of D; zero for the other sets.
pub(super) fn sums(
    common: &Common,
    one: &OneRollLeft,
    faces: &Faces,
    needed: &[bool],
) -> Vec<Figures> {
    let shown = |d: usize, f: usize| Shown {
        color: common.layout.color(d, f),
        packed: common.sets.packed[d][f],
    };
    let own: [Shown; DICE] = std::array::from_fn(|d| shown(d, usize::from(faces[d])));
    let others = std::array::from_fn(|d| {
        let mut others = [Shown::default(); FACES - 1];
        let faces = (0..FACES).filter(|&f| f != usize::from(faces[d]));
        for (slot, f) in others.iter_mut().zip(faces) {
            *slot = shown(d, f);
        }
        others
    });
    let sets: u64 = own.iter().map(|s| s.packed).sum();
    let keys = &one.keys;
    let at: [u64; COLORS] = std::array::from_fn(|c| keys.keys[c][set_of(sets, c)]);
    let (chance, score) = match keys.goal {
        Goal::Make => (
            (SCORE_BITS, (1 << CHANCE_BITS) - 1),
            (0, (1 << SCORE_BITS) - 1),
        ),
        Goal::Score => (
            (0, (1 << CHANCE_BITS) - 1),
            (CHANCE_BITS, (1 << SCORE_BITS) - 1),
        ),
    };
    let mut walk = Walk {
        keys: &keys.keys,
        chance,
        score,
        own,
        others,
        needed,
        sums: vec![Figures::default(); CHOICES],
    };
    walk.sums[0] = keys.figures(at.into_iter().max().expect("four colors"));
    walk.from(0, 0, sets, at, 1);
    walk.sums
}
