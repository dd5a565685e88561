//! Best play of phase 8, "7 of all one color", on the standard dice (RULES §1, §2, §3, §8).
//!
//! A die's color depends on the physical die, so a position is the face of each of the ten dice
//! (6^10 of them), and what a choice keeps is a *pattern*: each die kept on its face or rolled
//! again (7^10 patterns). Neither fits a table; four facts make the work small, all exact:
//!
//! 1. **The final roll is a sum over colors.** At most one color can show 7 of 10 dice, so the
//!    outcome of the dice (made or not, score) is the sum over the colors of that color's own
//!    outcome, and a color's outcome depends only on the dice showing it. The value of a choice
//!    with one roll left is a sum of four lookups ([`LastRoll`]): per color, each die is rolled,
//!    kept on another color, or kept on one of its (one or two) faces of the color.
//! 2. **With one roll left, best play keeps dice of one color only** (or none). A color can
//!    still reach 7 only if at most three kept dice show other colors. When at most one color
//!    can, keeping only its dice and rolling the others is as good in both figures (a die rolled
//!    instead of kept on another color can only add to that color; the colors that cannot reach
//!    7 add nothing). When two colors or more can, at most six dice are kept, and the test
//!    `one_roll_left_keeps_one_color` checks every such keep of several colors, 1,489,310 of
//!    them, against keeping one color's part of it: always strictly worse in both figures.
//!    So best play with one roll left is worth the best, over the four colors, of
//!    [`OneRollLeft`]: for each color and set of dice showing it (7,776 sets a color, each die
//!    absent or on one of its faces of the color), the best subset to keep. The four sets of a
//!    position travel packed in a u64 and their figures are ranked per goal, so best play from a
//!    position is the highest of four u16 ranks and one lookup.
//! 3. **Two rolls left, keeping at most five dice, is a table** ([`TwoRollsLeft`]): for every
//!    pattern keeping at most five dice (2,259,313 of them), the exact sum of the one-roll-left
//!    value over the faces of the dice rolled again. It is built in one pass over the 6^10
//!    positions, four low dice outside, the six high dice inside: per low face, the sums over
//!    the high dice rolled again come from one sweep per die, and are added to the 16 patterns
//!    of the low dice. A choice keeping six dice or more rolls at most four again: a request
//!    sums those outcomes itself (`near`), and only for the choices that may be shown. Such a
//!    choice keeping one color is known from a small table. One keeping several colors has two
//!    upper bounds: the best one-color keep inside it (fact 4 below, checked for every such
//!    pattern) and each color alone (fact 5). Where either is below the fifth best choice
//!    already known, it is never shown and its sum is not made.
//! 4. **Best play with two rolls left** is over the one-color keeps, or one of a few
//!    *exceptional* patterns: a keep of several colors that beats every one-color keep it
//!    contains. That is not a theorem: keeping, say, an orange 2 on L4 and a blue 9 on H2 and
//!    rolling eight dice beats keeping either alone. The table of fact 3 is searched for them
//!    when it is built (16 for the `Make` goal, 6 for `Score`, all keeping two dice); among the
//!    patterns keeping six to nine dice the test `two_rolls_left_exceptions_keep_at_most_five_dice`
//!    (half a minute a goal, 219,731,480 patterns a goal) finds none.
//!    Stopping is never better than keeping the made color's seven best and rolling the rest
//!    (chance 1, and rolled dice can only add to that color), so a whole turn is the sum over
//!    the 6^10 first rolls of the best of four ranks and of the exceptions the roll contains.
//!    (The exceptions never turn out best: in every position holding one, a one-color keep of
//!    more dice does better, `the_exceptions_are_never_best_play`; the sum takes them anyway,
//!    so that it needs only the checks above.)
//! 5. **Each color alone bounds a choice** ([`alone`]). Best play with one roll left is the
//!    best of four colors' figures, so it is at most a threshold plus each figure's part above
//!    it; over the faces of the dice a choice rolls, each color's part depends only on the kept
//!    dice showing it. Four lookups bound any choice with two rolls left: a proof, with no
//!    exception to search for.
//!
//! Every figure is a numerator over a power of six: u64 numerators over 6^10 for one roll
//! left, over 6^20 for two, and the whole turn over 6^30 in u128. Between equal figures for the
//! goal the other goal's figure decides, at every decision of the rest of the turn (the
//! comparison is on the pair, so the figures of best play are well defined).

use std::sync::LazyLock;

use super::{Exact, Goal, Outlook};

mod alone;
mod last_roll;
mod near;
mod unnamed;
use crate::dice::{DiceLayout, DieId, Face};
use alone::Alone;
use last_roll::LastRoll;
pub use unnamed::{Way, phase_8_unnamed_choices};

/// The faces the ten dice show, in `DieId::ALL` order: `faces[d]` is the index (0..6) of the face
/// in `DiceLayout::Standard.faces(DieId::ALL[d])`.
pub type Faces = [u8; 10];

const DICE: usize = 10;
const COLORS: usize = 4;
const FACES: usize = 6;
/// Dice L1–L4 and H1–H6: the table of two rolls left is split between them.
const LOW: usize = 4;
const HIGH: usize = 6;
/// In a pattern, the die is rolled again.
const ROLLED: usize = 6;
/// Patterns keeping at most this many dice with two rolls left are in a table.
const MAX_KEPT: usize = 5;
/// Choices rolling at most this many dice with two rolls left are summed per request.
const NEAR: usize = DICE - MAX_KEPT - 1;
const CHOICES: usize = 1 << DICE;
/// Powers of seven: pattern indices, a digit per die.
const P7: [usize; HIGH + 1] = [1, 7, 49, 343, 2401, 16807, 117649];

/// For every choice of dice to roll again (bit d = `DieId::ALL[d]` is rolled again; 0 = stop
/// now), what best play for `goal` is worth from there. `rolls_left` is 1 or 2 (dice lie on the
/// table). Returned as a Vec of 1024 entries indexed by the mask.
///
/// The figures of mask 0 are those of the dice as they lie: a chance of 0 or 1 and their
/// phase 8 score. With one roll left nothing is decided after the choice, so the figures do not
/// depend on `goal`. The first call for a goal with two rolls left builds that goal's tables
/// (about a second in a release build).
///
/// # Panics
/// If a face is not 0..6 or `rolls_left` is not 1 or 2.
pub fn phase_8_choices(faces: Faces, rolls_left: u8, goal: Goal) -> Vec<Outlook> {
    assert!(
        faces.iter().all(|&f| usize::from(f) < FACES),
        "a face is 0 to 5"
    );
    let common = &*COMMON;
    match rolls_left {
        1 => common
            .last
            .choices(&faces)
            .iter()
            .enumerate()
            .map(|(mask, figures)| figures.outlook(mask.count_ones()))
            .collect(),
        2 => plan(goal)
            .choices(common, &faces, CHOICES, None)
            .into_iter()
            .map(|outlook| outlook.expect("every choice is weighed"))
            .collect(),
        _ => panic!("rolls_left is 1 or 2, not {rolls_left}"),
    }
}

/// As [`phase_8_choices`], but only the choices that may be among the best `shown` for `goal`
/// are kept: the others are `None`, proved worse than `shown` choices that are weighed. With two
/// rolls left this spares most of the work: of the 386 choices keeping six dice or more, which
/// a request sums itself, typically a handful are summed.
///
/// # Panics
/// As [`phase_8_choices`], or if `shown` is 0.
pub fn phase_8_best_choices(
    faces: Faces,
    rolls_left: u8,
    goal: Goal,
    shown: usize,
) -> Vec<Option<Outlook>> {
    phase_8_best_choices_and(faces, rolls_left, goal, shown, None)
}

/// As [`phase_8_best_choices`], with the choice rolling `also` again (bit d: die d) weighed
/// too, whatever its rank: a review's best choice beside the one the player made, at a
/// fraction of the cost of weighing every choice.
///
/// # Panics
/// As [`phase_8_best_choices`].
pub fn phase_8_best_choices_and(
    faces: Faces,
    rolls_left: u8,
    goal: Goal,
    shown: usize,
    also: Option<usize>,
) -> Vec<Option<Outlook>> {
    assert!(shown > 0, "at least one choice is shown");
    match rolls_left {
        2 => {
            assert!(
                faces.iter().all(|&f| usize::from(f) < FACES),
                "a face is 0 to 5"
            );
            plan(goal).choices(&COMMON, &faces, shown, also)
        }
        _ => phase_8_choices(faces, rolls_left, goal)
            .into_iter()
            .map(Some)
            .collect(),
    }
}

/// A whole turn (three rolls, all ten dice rolled first) played best for `goal`.
///
/// Exact over 6^30; the first call for a goal builds its tables and sums over the 6^10 first
/// rolls (about a second and a half in a release build).
pub fn phase_8_one_turn(goal: Goal) -> Outlook {
    static MAKE: LazyLock<Outlook> = LazyLock::new(|| plan(Goal::Make).one_turn(&COMMON));
    static SCORE: LazyLock<Outlook> = LazyLock::new(|| plan(Goal::Score).one_turn(&COMMON));
    match goal {
        Goal::Make => *MAKE,
        Goal::Score => *SCORE,
    }
}

static COMMON: LazyLock<Common> = LazyLock::new(Common::new);

fn plan(goal: Goal) -> &'static Plan {
    static MAKE: LazyLock<Plan> = LazyLock::new(|| Plan::new(&COMMON, Goal::Make));
    static SCORE: LazyLock<Plan> = LazyLock::new(|| Plan::new(&COMMON, Goal::Score));
    match goal {
        Goal::Make => &MAKE,
        Goal::Score => &SCORE,
    }
}

/// The chance and the expected score as numerators over a power of six the context gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Figures {
    chance: u64,
    score: u64,
}

impl Figures {
    fn made(score: u64) -> Figures {
        Figures { chance: 1, score }
    }

    #[inline]
    fn plus(self, other: Figures) -> Figures {
        Figures {
            chance: self.chance + other.chance,
            score: self.score + other.score,
        }
    }

    #[inline]
    fn times(self, factor: u64) -> Figures {
        Figures {
            chance: self.chance * factor,
            score: self.score * factor,
        }
    }

    /// As `Outlook::ranked`: the goal's figure first, the other's to break ties.
    #[inline]
    fn ranked(self, goal: Goal) -> (u64, u64) {
        match goal {
            Goal::Make => (self.chance, self.score),
            Goal::Score => (self.score, self.chance),
        }
    }

    /// The better for `goal` of two figures over the same power of six; `self` on a tie (the
    /// figures are then equal).
    #[inline]
    fn or(self, other: Figures, goal: Goal) -> Figures {
        if other.ranked(goal) > self.ranked(goal) {
            other
        } else {
            self
        }
    }

    fn outlook(self, sixes: u32) -> Outlook {
        Outlook {
            chance: Exact::new(u128::from(self.chance), sixes),
            expected_score: Exact::new(u128::from(self.score), sixes),
        }
    }
}

fn six_to(power: usize) -> u64 {
    6u64.pow(power as u32)
}

/// The standard dice, face by face.
struct Layout {
    color: [[u8; FACES]; DICE],
    points: [[u8; FACES]; DICE],
    /// `of_color[c][d][..count[c][d]]`: the faces of die d that show color c.
    of_color: [[[u8; 2]; DICE]; COLORS],
    count: [[u8; DICE]; COLORS],
}

impl Layout {
    fn standard() -> Layout {
        let mut layout = Layout {
            color: [[0; FACES]; DICE],
            points: [[0; FACES]; DICE],
            of_color: [[[0; 2]; DICE]; COLORS],
            count: [[0; DICE]; COLORS],
        };
        for (d, id) in DieId::ALL.into_iter().enumerate() {
            for (f, face) in DiceLayout::Standard.faces(id).into_iter().enumerate() {
                let c = face.color.expect("standard faces have colors").index();
                layout.color[d][f] = c as u8;
                layout.points[d][f] = face.face.number().map_or(0, |n| n.get());
                debug_assert_eq!(u32::from(layout.points[d][f]), face.face.points());
                debug_assert_eq!(layout.points[d][f] == 0, face.face == Face::Wild);
                let k = usize::from(layout.count[c][d]);
                layout.of_color[c][d][k] = f as u8;
                layout.count[c][d] += 1;
            }
        }
        layout
    }

    /// The figures of the dice as they lie (over 6^0).
    fn stop(&self, faces: &Faces) -> Figures {
        let mut made = Figures::default();
        for c in 0..COLORS {
            let mut points = [0; DICE];
            let mut n = 0;
            for (d, &f) in faces.iter().enumerate() {
                if self.color(d, usize::from(f)) == c {
                    points[n] = self.points[d][usize::from(f)];
                    n += 1;
                }
            }
            made = made.plus(Layout::outcome(&mut points[..n]));
        }
        made
    }

    fn color(&self, d: usize, face: usize) -> usize {
        usize::from(self.color[d][face])
    }

    /// The outcome of dice of one color, given their points: made with the seven best, or not.
    fn outcome(points: &mut [u8]) -> Figures {
        if points.len() < 7 {
            return Figures::default();
        }
        points.sort_unstable_by(|a, b| b.cmp(a));
        Figures::made(points[..7].iter().map(|&p| u64::from(p)).sum())
    }
}

/// A set of dice showing one color, as an index: per die a digit, 0 when the die is not in the
/// set, 1 + i when it shows its i-th face of the color (mixed radix 2 or 3; 7,776 sets a color).
/// The sets of the four colors of some dice travel together in a u64, 16 bits a color.
struct ColorSets {
    size: [usize; COLORS],
    /// `digit[c][d][f]`: what die d showing face f adds to the index of color c (0 when the face
    /// is another color).
    digit: [[[u32; FACES]; DICE]; COLORS],
    /// `packed[d][f]`: the same for the four colors at once.
    packed: [[u64; FACES]; DICE],
}

/// The set of color c among four packed sets.
#[inline]
fn set_of(sets: u64, c: usize) -> usize {
    (sets >> (16 * c) & 0xFFFF) as usize
}

impl ColorSets {
    fn new(layout: &Layout) -> ColorSets {
        let mut sets = ColorSets {
            size: [0; COLORS],
            digit: [[[0; FACES]; DICE]; COLORS],
            packed: [[0; FACES]; DICE],
        };
        for c in 0..COLORS {
            let mut stride = 1;
            for d in 0..DICE {
                for k in 0..usize::from(layout.count[c][d]) {
                    let f = usize::from(layout.of_color[c][d][k]);
                    sets.digit[c][d][f] = (k as u32 + 1) * stride;
                }
                stride *= 1 + u32::from(layout.count[c][d]);
            }
            sets.size[c] = stride as usize;
            assert!(stride <= 1 << 16, "a set index fits in 16 bits");
            for d in 0..DICE {
                for f in 0..FACES {
                    sets.packed[d][f] |= u64::from(sets.digit[c][d][f]) << (16 * c);
                }
            }
        }
        sets
    }

    /// The packed sets with die d on `face` added (no index overflows: die d was not in them).
    #[inline]
    fn add(&self, sets: u64, d: usize, face: usize) -> u64 {
        sets + self.packed[d][face]
    }

    #[cfg(test)]
    fn of(&self, faces: &Faces) -> u64 {
        (0..DICE).fold(0, |sets, d| self.add(sets, d, usize::from(faces[d])))
    }

    /// The pattern of a set: its dice kept on their faces, the others rolled; and how many kept.
    fn pattern(&self, layout: &Layout, c: usize, set: usize) -> ([u8; DICE], usize) {
        let mut pattern = [ROLLED as u8; DICE];
        let mut kept = 0;
        let mut rest = set;
        for (d, slot) in pattern.iter_mut().enumerate() {
            let radix = 1 + usize::from(layout.count[c][d]);
            let digit = rest % radix;
            rest /= radix;
            if digit > 0 {
                *slot = layout.of_color[c][d][digit - 1];
                kept += 1;
            }
        }
        (pattern, kept)
    }

    /// Replaces every set by the best, for `goal`, of its subsets (itself included).
    fn best_of_subsets(&self, layout: &Layout, c: usize, values: &mut [Figures], goal: Goal) {
        let mut stride = 1;
        for d in 0..DICE {
            let radix = 1 + usize::from(layout.count[c][d]);
            for set in 0..values.len() {
                let digit = set / stride % radix;
                if digit > 0 {
                    let without = values[set - digit * stride];
                    values[set] = values[set].or(without, goal);
                }
            }
            stride *= radix;
        }
    }
}

/// What does not depend on the goal.
struct Common {
    layout: Layout,
    sets: ColorSets,
    last: LastRoll,
    /// `keep[c][set]`: keeping that set of color c with one roll left, over 6^10.
    keep: [Vec<Figures>; COLORS],
    high: HighPatterns,
}

impl Common {
    fn new() -> Common {
        let layout = Layout::standard();
        let sets = ColorSets::new(&layout);
        let last = LastRoll::new(&layout, &sets);
        let keep = std::array::from_fn(|c| {
            (0..sets.size[c])
                .map(|set| last.keep_one_color(&layout, &sets, c, set))
                .collect()
        });
        Common {
            layout,
            sets,
            last,
            keep,
            high: HighPatterns::new(),
        }
    }
}

/// Figures of the sets of the four colors, ranked for a goal: the best of the four sets of some
/// dice is the highest of four small ranks, and one lookup.
struct Ranked {
    rank: [Vec<u16>; COLORS],
    figures: Vec<Figures>,
}

impl Ranked {
    fn new(values: &[Vec<Figures>; COLORS], goal: Goal) -> Ranked {
        let mut figures: Vec<Figures> = values.iter().flatten().copied().collect();
        figures.sort_unstable_by_key(|f| f.ranked(goal));
        figures.dedup();
        assert!(figures.len() <= 1 << 16, "a rank fits in 16 bits");
        let rank = std::array::from_fn(|c| {
            values[c]
                .iter()
                .map(|f| {
                    let at = figures.binary_search_by_key(&f.ranked(goal), |g| g.ranked(goal));
                    at.expect("every figure is ranked") as u16
                })
                .collect()
        });
        Ranked { rank, figures }
    }

    /// The figures of the set of color c.
    fn get(&self, c: usize, set: usize) -> Figures {
        self.figures[usize::from(self.rank[c][set])]
    }

    /// The best of the four packed sets.
    #[inline]
    fn best(&self, sets: u64) -> Figures {
        let [red, orange, blue, green] = &self.rank;
        let mut rank = red[set_of(sets, 0)];
        for other in [
            orange[set_of(sets, 1)],
            blue[set_of(sets, 2)],
            green[set_of(sets, 3)],
        ] {
            if other > rank {
                rank = other;
            }
        }
        self.figures[usize::from(rank)]
    }
}

/// Best play with one roll left (fact 2): for the set of color c, the best keep of a subset of
/// it, over 6^10.
struct OneRollLeft {
    goal: Goal,
    best: Ranked,
    /// The same figures as keys, for the sums a request makes.
    keys: near::Keys,
}

impl OneRollLeft {
    fn new(common: &Common, goal: Goal) -> OneRollLeft {
        let mut best = common.keep.clone();
        for (c, best) in best.iter_mut().enumerate() {
            common.sets.best_of_subsets(&common.layout, c, best, goal);
        }
        OneRollLeft {
            goal,
            keys: near::Keys::new(&best, goal),
            best: Ranked::new(&best, goal),
        }
    }

    /// Best play from dice of these packed color sets, over 6^10.
    #[inline]
    fn value(&self, sets: u64) -> Figures {
        self.best.best(sets)
    }

    /// The sum of `value` over every face of the dice `pattern` rolls again.
    fn sum_over_rolled(&self, sets: &ColorSets, pattern: &[u8; DICE]) -> Figures {
        fn walk(
            one: &OneRollLeft,
            sets: &ColorSets,
            pattern: &[u8; DICE],
            d: usize,
            index: u64,
        ) -> Figures {
            if d == DICE {
                return one.value(index);
            }
            match usize::from(pattern[d]) {
                ROLLED => (0..FACES).fold(Figures::default(), |sum, f| {
                    sum.plus(walk(one, sets, pattern, d + 1, sets.add(index, d, f)))
                }),
                f => walk(one, sets, pattern, d + 1, sets.add(index, d, f)),
            }
        }
        walk(self, sets, pattern, 0, 0)
    }

    /// `values[p]` for every pattern p of the high dice that keeps them all: best play with the
    /// low dice given by `low` (their color set indices) and the high dice on those faces.
    fn high_faces(&self, sets: &ColorSets, low: u64, values: &mut [Figures]) {
        for f0 in 0..FACES {
            let i0 = sets.add(low, LOW, f0);
            for f1 in 0..FACES {
                let i1 = sets.add(i0, LOW + 1, f1);
                for f2 in 0..FACES {
                    let i2 = sets.add(i1, LOW + 2, f2);
                    for f3 in 0..FACES {
                        let i3 = sets.add(i2, LOW + 3, f3);
                        for f4 in 0..FACES {
                            let i4 = sets.add(i3, LOW + 4, f4);
                            let p = f0 + f1 * P7[1] + f2 * P7[2] + f3 * P7[3] + f4 * P7[4];
                            let last = &sets.packed[LOW + 5];
                            for f5 in 0..FACES {
                                values[p + f5 * P7[5]] = self.best.best(i4 + last[f5]);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Sums over the faces of the high dice rolled again: fills every pattern of the high dice with
/// a rolled die from the patterns that keep it, one die after the other.
fn sum_high_rolled(values: &mut [Figures]) {
    for k in 0..HIGH {
        // Dice below k: any digit (already summed); die k rolled; dice above k: kept.
        for above in 0..FACES.pow((HIGH - 1 - k) as u32) {
            let mut high = 0;
            let mut rest = above;
            for place in &P7[k + 1..HIGH] {
                high += rest % FACES * place;
                rest /= FACES;
            }
            let step = P7[k];
            let rolled = high + ROLLED * step;
            for low in 0..step {
                let mut sum = values[high + low];
                for f in 1..FACES {
                    let value = values[high + f * step + low];
                    sum.chance += value.chance;
                    sum.score += value.score;
                }
                values[rolled + low] = sum;
            }
        }
    }
}

fn kept_in(pattern: usize, dice: usize) -> usize {
    (0..dice).filter(|&k| pattern / P7[k] % 7 != ROLLED).count()
}

/// The patterns of the six high dice (base 7, digit 6 = rolled) in order of dice kept, so that
/// the patterns keeping at most k dice come first.
struct HighPatterns {
    rank: Vec<u32>,
    order: Vec<u32>,
    /// `upto[k]`: how many patterns keep at most k dice.
    upto: [usize; HIGH + 1],
}

impl HighPatterns {
    fn new() -> HighPatterns {
        let mut order: Vec<u32> = (0..P7[HIGH] as u32).collect();
        order.sort_by_key(|&p| kept_in(p as usize, HIGH));
        let mut rank = vec![0; P7[HIGH]];
        let mut upto = [0; HIGH + 1];
        for (r, &p) in order.iter().enumerate() {
            rank[p as usize] = r as u32;
            upto[kept_in(p as usize, HIGH)..]
                .iter_mut()
                .for_each(|n| *n += 1);
        }
        HighPatterns { rank, order, upto }
    }
}

/// Fact 3: for every pattern keeping at most `MAX_KEPT` dice, the sum of best play with one
/// roll left (over 6^10) over the faces of the dice rolled again: over 6^(10 + dice rolled).
/// Per pattern of the low dice, a block of the high patterns keeping few enough dice.
struct TwoRollsLeft {
    offset: Vec<usize>,
    table: Vec<Figures>,
}

impl TwoRollsLeft {
    fn new(common: &Common, one: &OneRollLeft) -> TwoRollsLeft {
        let high = &common.high;
        let mut offset = vec![0; P7[LOW]];
        let mut size = 0;
        for (low, slot) in offset.iter_mut().enumerate() {
            *slot = size;
            size += high.upto[MAX_KEPT - kept_in(low, LOW)];
        }
        let mut table = vec![Figures::default(); size];
        let mut values = vec![Figures::default(); P7[HIGH]];
        let mut ranked = vec![Figures::default(); high.upto[MAX_KEPT]];
        for low in 0..FACES.pow(LOW as u32) {
            let faces: [usize; LOW] = std::array::from_fn(|d| low / FACES.pow(d as u32) % FACES);
            let index = (0..LOW).fold(0, |sets, d| common.sets.add(sets, d, faces[d]));
            one.high_faces(&common.sets, index, &mut values);
            sum_high_rolled(&mut values);
            for (slot, &p) in ranked.iter_mut().zip(&high.order) {
                *slot = values[p as usize];
            }
            // Each low die kept on its face or rolled: the sums add up over the faces rolled.
            for rolled in 0..1 << LOW {
                let pattern: usize = (0..LOW)
                    .map(|d| if rolled >> d & 1 == 1 { ROLLED } else { faces[d] } * P7[d])
                    .sum();
                let kept = LOW - (rolled as u32).count_ones() as usize;
                let block = &mut table[offset[pattern]..][..high.upto[MAX_KEPT - kept]];
                for (sum, value) in block.iter_mut().zip(&ranked) {
                    sum.chance += value.chance;
                    sum.score += value.score;
                }
            }
        }
        TwoRollsLeft { offset, table }
    }

    /// The sum for a pattern keeping at most `MAX_KEPT` dice.
    fn sum(&self, high: &HighPatterns, pattern: &[u8; DICE]) -> Figures {
        let low: usize = (0..LOW).map(|d| usize::from(pattern[d]) * P7[d]).sum();
        let upper: usize = (0..HIGH)
            .map(|k| usize::from(pattern[LOW + k]) * P7[k])
            .sum();
        self.table[self.offset[low] + high.rank[upper] as usize]
    }

    /// Where the patterns of the dice on `faces` are in the table, each die kept or rolled again.
    fn places(&self, high: &HighPatterns, faces: &Faces) -> Places {
        let pattern = |rolled: usize, dice: std::ops::Range<usize>| -> usize {
            let start = dice.start;
            dice.map(|d| {
                let digit = if rolled >> (d - start) & 1 == 1 {
                    ROLLED
                } else {
                    usize::from(faces[d])
                };
                digit * P7[d - start]
            })
            .sum()
        };
        Places {
            low: std::array::from_fn(|rolled| self.offset[pattern(rolled, 0..LOW)]),
            high: std::array::from_fn(|rolled| high.rank[pattern(rolled, LOW..DICE)] as usize),
        }
    }

    /// Every pattern in the table: the low pattern, the high pattern and the sum.
    fn entries<'a>(
        &'a self,
        high: &'a HighPatterns,
    ) -> impl Iterator<Item = ([u8; DICE], Figures)> + 'a {
        (0..P7[LOW]).flat_map(move |low| {
            let len = high.upto[MAX_KEPT - kept_in(low, LOW)];
            (0..len).map(move |r| {
                let upper = high.order[r] as usize;
                let pattern = std::array::from_fn(|d| {
                    let digit = if d < LOW {
                        low / P7[d]
                    } else {
                        upper / P7[d - LOW]
                    };
                    (digit % 7) as u8
                });
                (pattern, self.table[self.offset[low] + r])
            })
        })
    }
}

/// Where the patterns of some dice are in [`TwoRollsLeft`], by the dice rolled again: the
/// block of the low dice's pattern and the rank of the high dice's.
struct Places {
    low: [usize; 1 << LOW],
    high: [usize; 1 << HIGH],
}

impl Places {
    /// The place of the pattern rolling the dice of `mask` again (it keeps at most `MAX_KEPT`).
    #[inline]
    fn of(&self, mask: usize) -> usize {
        self.low[mask & ((1 << LOW) - 1)] + self.high[mask >> LOW]
    }
}

/// For every choice of dice to roll again (bit d: die d is rolled), `add(value, d, face)` folded
/// over the dice it keeps, from `none`, the value of keeping nothing.
fn over_kept<T: Copy>(faces: &Faces, none: T, add: impl Fn(T, usize, usize) -> T) -> Vec<T> {
    let mut kept = vec![none; CHOICES];
    // The kept dice of a mask are those of the mask with one more die rolled, plus that die.
    for mask in (0..CHOICES - 1).rev() {
        let d = (!mask).trailing_zeros() as usize;
        kept[mask] = add(kept[mask | 1 << d], d, usize::from(faces[d]));
    }
    kept
}

/// What a choice keeps: the packed color sets of its dice, the colors they show (bit c), and
/// their indices in the tables of one color.
#[derive(Clone, Copy, Default)]
struct Kept {
    sets: u64,
    colors: u8,
    at: [u32; COLORS],
}

impl Kept {
    /// Every choice's.
    fn of(common: &Common, faces: &Faces) -> Vec<Kept> {
        over_kept(faces, Kept::default(), |kept, d, f| Kept {
            sets: common.sets.add(kept.sets, d, f),
            colors: kept.colors | 1 << common.layout.color(d, f),
            at: common.last.index.add(kept.at, d, f),
        })
    }
}

/// The `shown`-th best of the figures known for `goal`, or nothing when fewer are known.
fn nth_best(known: &[Option<Figures>], shown: usize, goal: Goal) -> (u64, u64) {
    let mut ranked: Vec<(u64, u64)> = known.iter().flatten().map(|f| f.ranked(goal)).collect();
    if shown < ranked.len() {
        *ranked.select_nth_unstable_by(shown - 1, |a, b| b.cmp(a)).1
    } else {
        (0, 0)
    }
}

/// Everything best play for one goal needs.
struct Plan {
    one: OneRollLeft,
    two: TwoRollsLeft,
    /// For the set of color c, the best keep of a subset of it with two rolls left (all ten dice
    /// excluded: that is stopping), over 6^20.
    best: Ranked,
    /// `one_color[c][set]`: keeping exactly that set of color c with two rolls left, over 6^20.
    one_color: [Vec<Figures>; COLORS],
    /// The patterns of several colors better than every one-color pattern they contain, with
    /// their figures over 6^20 (fact 4).
    exceptions: Vec<([u8; DICE], Figures)>,
    /// Each color alone: a bound on any choice (fact 5).
    alone: Alone,
}

impl Plan {
    fn new(common: &Common, goal: Goal) -> Plan {
        let one = OneRollLeft::new(common, goal);
        let two = TwoRollsLeft::new(common, &one);
        let mut best: [Vec<Figures>; COLORS] = std::array::from_fn(|c| {
            (0..common.sets.size[c])
                .map(|set| {
                    let (pattern, kept) = common.sets.pattern(&common.layout, c, set);
                    let sum = match kept {
                        DICE => return Figures::default(),
                        0..=MAX_KEPT => two.sum(&common.high, &pattern),
                        _ => one.sum_over_rolled(&common.sets, &pattern),
                    };
                    sum.times(six_to(kept))
                })
                .collect()
        });
        let one_color = best.clone();
        for (c, best) in best.iter_mut().enumerate() {
            common.sets.best_of_subsets(&common.layout, c, best, goal);
        }
        let exceptions = two
            .entries(&common.high)
            .filter_map(|(pattern, sum)| {
                let mut index = [0u32; COLORS];
                let mut colors = 0u8;
                let mut kept = 0;
                for (d, &f) in pattern.iter().enumerate() {
                    let f = usize::from(f);
                    if f != ROLLED {
                        let c = common.layout.color(d, f);
                        index[c] += common.sets.digit[c][d][f];
                        colors |= 1 << c;
                        kept += 1;
                    }
                }
                if colors.count_ones() < 2 {
                    return None;
                }
                let figures = sum.times(six_to(kept));
                let one_color = (0..COLORS).fold(Figures::default(), |one_color, c| {
                    one_color.or(best[c][index[c] as usize], goal)
                });
                (figures.ranked(goal) > one_color.ranked(goal)).then_some((pattern, figures))
            })
            .collect::<Vec<_>>();
        assert!(exceptions.len() <= 64, "exceptions are tracked in a u64");
        Plan {
            best: Ranked::new(&best, goal),
            one_color,
            alone: Alone::new(common, &one),
            one,
            two,
            exceptions,
        }
    }

    fn goal(&self) -> Goal {
        self.one.goal
    }

    /// Every choice with two rolls left (`shown` = `CHOICES`), or only those that may be among
    /// the best `shown`: the others are `None`. Figures are over 6^20.
    ///
    /// Stopping and the keeps of one color are known from small tables, and the `shown`-th
    /// best of them is a floor: no choice below it is shown. A keep of several colors is
    /// worth no more than the best one-color keep inside it, unless it is an exception
    /// (fact 4), so one keeping at most `MAX_KEPT` dice is looked up in the table of fact 3
    /// only where that bound reaches the floor; the floor then rises to the `shown`-th best
    /// known. One keeping more dice is summed only where that bound and each color alone
    /// (fact 5) both reach it. The choice rolling `also` again is weighed whatever its rank.
    fn choices(
        &self,
        common: &Common,
        faces: &Faces,
        shown: usize,
        also: Option<usize>,
    ) -> Vec<Option<Outlook>> {
        let goal = self.goal();
        let kept = Kept::of(common, faces);
        let mut known: Vec<Option<Figures>> = (0..CHOICES)
            .map(|mask| {
                let colors = kept[mask].colors;
                if mask == 0 {
                    Some(common.layout.stop(faces).times(six_to(2 * DICE)))
                } else if colors.count_ones() <= 1 {
                    // keeping nothing is a keep of any color
                    let c = colors.trailing_zeros() as usize % COLORS;
                    Some(self.one_color[c][set_of(kept[mask].sets, c)])
                } else {
                    None
                }
            })
            .collect();
        let floor = nth_best(&known, shown, goal);
        let exceptions = self.exceptions_at(faces);
        let at = self.two.places(&common.high, faces);
        for (mask, figures) in known.iter_mut().enumerate() {
            let rolled = mask.count_ones() as usize;
            if figures.is_none()
                && rolled > NEAR
                && (exceptions.contains(&mask)
                    || also == Some(mask)
                    || self.best.best(kept[mask].sets).ranked(goal) >= floor)
            {
                *figures = Some(self.two.table[at.of(mask)].times(six_to(DICE - rolled)));
            }
        }
        let floor = nth_best(&known, shown, goal);
        let mut needed = vec![false; CHOICES];
        for (mask, figures) in known.iter().enumerate() {
            let rolled = mask.count_ones() as usize;
            let may_be_shown = || {
                self.best.best(kept[mask].sets).ranked(goal) >= floor
                    && self.alone.at_most(&kept[mask].at, DICE - rolled) >= floor.0
            };
            if figures.is_none() && rolled <= NEAR && (also == Some(mask) || may_be_shown()) {
                // its sum needs the sums of every subset of the dice it rolls
                let mut subset = mask;
                while subset > 0 {
                    needed[subset] = true;
                    subset = (subset - 1) & mask;
                }
            }
        }
        let differing = near::sums(common, &self.one, faces, &needed);
        known
            .iter()
            .enumerate()
            .map(|(mask, figures)| {
                let figures = match figures {
                    Some(figures) => *figures,
                    None if needed[mask] => {
                        let mut sum = differing[0];
                        let mut subset = mask;
                        while subset > 0 {
                            sum = sum.plus(differing[subset]);
                            subset = (subset - 1) & mask;
                        }
                        sum.times(six_to(DICE - mask.count_ones() as usize))
                    }
                    None => return None,
                };
                (figures.ranked(goal) >= floor || also == Some(mask))
                    .then(|| figures.outlook(2 * DICE as u32))
            })
            .collect()
    }

    /// The choices keeping an exception of fact 4 on these dice (bit d: die d is rolled).
    fn exceptions_at(&self, faces: &Faces) -> Vec<usize> {
        self.exceptions
            .iter()
            .filter(|(pattern, _)| {
                (0..DICE).all(|d| usize::from(pattern[d]) == ROLLED || pattern[d] == faces[d])
            })
            .map(|(pattern, _)| {
                (0..DICE)
                    .filter(|&d| usize::from(pattern[d]) == ROLLED)
                    .fold(0, |mask, d| mask | 1 << d)
            })
            .collect()
    }

    /// The sum over the 6^10 first rolls of best play with two rolls left: the best one-color
    /// keep or exceptional pattern (stopping is never better, fact 4), over 6^30.
    fn one_turn(&self, common: &Common) -> Outlook {
        let goal = self.goal();
        let sets = &common.sets;
        // allowed[d][f]: the exceptions that die d on face f does not rule out.
        let mut allowed = [[0u64; FACES]; DICE];
        for (e, (pattern, _)) in self.exceptions.iter().enumerate() {
            for (d, slots) in allowed.iter_mut().enumerate() {
                for (f, slot) in slots.iter_mut().enumerate() {
                    let kept = usize::from(pattern[d]);
                    if kept == ROLLED || kept == f {
                        *slot |= 1 << e;
                    }
                }
            }
        }
        let with_exceptions = |mut best: Figures, mut exceptions: u64| {
            while exceptions != 0 {
                let e = exceptions.trailing_zeros() as usize;
                exceptions &= exceptions - 1;
                best = best.or(self.exceptions[e].1, goal);
            }
            best
        };
        let mut chance = 0u128;
        let mut score = 0u128;
        for low in 0..FACES.pow(LOW as u32) {
            let mut faces = [0usize; DICE];
            for (d, face) in faces.iter_mut().enumerate().take(LOW) {
                *face = low / FACES.pow(d as u32) % FACES;
            }
            let index = (0..LOW).fold(0, |index, d| sets.add(index, d, faces[d]));
            let exceptions = (0..LOW).fold(u64::MAX, |e, d| e & allowed[d][faces[d]]);
            for f0 in 0..FACES {
                let i0 = sets.add(index, LOW, f0);
                let e0 = exceptions & allowed[LOW][f0];
                for f1 in 0..FACES {
                    let i1 = sets.add(i0, LOW + 1, f1);
                    let e1 = e0 & allowed[LOW + 1][f1];
                    for f2 in 0..FACES {
                        let i2 = sets.add(i1, LOW + 2, f2);
                        let e2 = e1 & allowed[LOW + 2][f2];
                        for f3 in 0..FACES {
                            let i3 = sets.add(i2, LOW + 3, f3);
                            let e3 = e2 & allowed[LOW + 3][f3];
                            for f4 in 0..FACES {
                                let i4 = sets.add(i3, LOW + 4, f4);
                                let e4 = e3 & allowed[LOW + 4][f4];
                                // six figures over 6^20 still fit in a u64
                                let mut sum = Figures::default();
                                let last = &sets.packed[LOW + 5];
                                for f5 in 0..FACES {
                                    let mut best = self.best.best(i4 + last[f5]);
                                    let exceptions = e4 & allowed[LOW + 5][f5];
                                    if exceptions != 0 {
                                        best = with_exceptions(best, exceptions);
                                    }
                                    sum.chance += best.chance;
                                    sum.score += best.score;
                                }
                                chance += u128::from(sum.chance);
                                score += u128::from(sum.score);
                            }
                        }
                    }
                }
            }
        }
        Outlook {
            chance: Exact::new(chance, 30),
            expected_score: Exact::new(score, 30),
        }
    }
}

#[cfg(test)]
mod tests;
