//! Tables of one color over the dice kept for the last roll: per color, each die is rolled
//! (digit 0), kept on another color (1) or kept on its i-th face of the color (2 + i). An entry
//! sums, over the faces of the dice rolled, what the dice kept on the color are worth, and the
//! position of a choice in such a table is the sum of its kept dice's digits.

use super::{COLORS, ColorSets, DICE, FACES, Faces, Figures, Layout, over_kept, six_to};

/// Where the choices of some dice lie in tables of one color: `digit[c][d][f]` is what die d
/// kept on face f adds to the index of color c; `stride[c][d]` is the place of die d there.
pub(super) struct ColorIndex {
    pub(super) digit: [[[u32; FACES]; DICE]; COLORS],
    stride: [[u32; DICE]; COLORS],
    radix: [[u32; DICE]; COLORS],
    size: [usize; COLORS],
}

impl ColorIndex {
    fn new(layout: &Layout) -> ColorIndex {
        let mut index = ColorIndex {
            digit: [[[0; FACES]; DICE]; COLORS],
            stride: [[0; DICE]; COLORS],
            radix: [[0; DICE]; COLORS],
            size: [0; COLORS],
        };
        for c in 0..COLORS {
            let mut size = 1;
            for d in 0..DICE {
                index.stride[c][d] = size;
                index.radix[c][d] = 2 + u32::from(layout.count[c][d]);
                index.digit[c][d] = [size; FACES];
                for k in 0..usize::from(layout.count[c][d]) {
                    let f = usize::from(layout.of_color[c][d][k]);
                    index.digit[c][d][f] = (2 + k as u32) * size;
                }
                size *= index.radix[c][d];
            }
            index.size[c] = size as usize;
        }
        index
    }

    /// The table of color c whose entry with no die rolled is `kept(set)`, `set` being the
    /// [`ColorSets`] index of the dice kept on the color; a rolled die sums its six faces.
    pub(super) fn table(
        &self,
        layout: &Layout,
        sets: &ColorSets,
        c: usize,
        kept: impl Fn(usize) -> Figures,
    ) -> Vec<Figures> {
        let (radix, stride) = (&self.radix[c], &self.stride[c]);
        let mut table = vec![Figures::default(); self.size[c]];
        // A rolled die (digit 0) is worked out from the same index with the die kept on each of
        // its faces, all at higher indices: fill from the top.
        for index in (0..table.len()).rev() {
            let mut digits = [0; DICE];
            let mut rest = index as u32;
            for d in 0..DICE {
                digits[d] = rest % radix[d];
                rest /= radix[d];
            }
            table[index] = match digits.iter().position(|&g| g == 0) {
                Some(d) => {
                    let step = stride[d] as usize;
                    let on_color = u64::from(layout.count[c][d]);
                    let mut sum = table[index + step].times(6 - on_color);
                    for k in 0..on_color as usize {
                        sum = sum.plus(table[index + (2 + k) * step]);
                    }
                    sum
                }
                None => kept((0..DICE).filter(|&d| digits[d] >= 2).fold(0, |set, d| {
                    let f = layout.of_color[c][d][(digits[d] - 2) as usize];
                    set + sets.digit[c][d][usize::from(f)] as usize
                })),
            };
        }
        table
    }

    /// The indices `at` with die d kept on face f added.
    #[inline]
    pub(super) fn add(&self, at: [u32; COLORS], d: usize, f: usize) -> [u32; COLORS] {
        std::array::from_fn(|c| at[c] + self.digit[c][d][f])
    }
}

/// The final roll, color by color: per color the figures of that color's outcome over
/// 6^(dice rolled). 248,832 entries a color.
pub(super) struct LastRoll {
    pub(super) table: [Vec<Figures>; COLORS],
    pub(super) index: ColorIndex,
}

impl LastRoll {
    pub(super) fn new(layout: &Layout, sets: &ColorSets) -> LastRoll {
        let index = ColorIndex::new(layout);
        let table = std::array::from_fn(|c| {
            index.table(layout, sets, c, |set| {
                let (pattern, _) = sets.pattern(layout, c, set);
                let mut points = [0; DICE];
                let mut n = 0;
                for (d, &f) in pattern.iter().enumerate() {
                    if usize::from(f) < FACES {
                        points[n] = layout.points[d][usize::from(f)];
                        n += 1;
                    }
                }
                Layout::outcome(&mut points[..n])
            })
        });
        LastRoll { table, index }
    }

    /// The figures of every choice with one roll left, over 6^(dice rolled again).
    pub(super) fn choices(&self, faces: &Faces) -> Vec<Figures> {
        over_kept(faces, [0; COLORS], |at, d, f| self.index.add(at, d, f))
            .iter()
            .map(|index| {
                (0..COLORS).fold(Figures::default(), |sum, c| {
                    sum.plus(self.table[c][index[c] as usize])
                })
            })
            .collect()
    }

    /// The figures of keeping one color's set and rolling every other die, over 6^10.
    pub(super) fn keep_one_color(
        &self,
        layout: &Layout,
        sets: &ColorSets,
        c: usize,
        set: usize,
    ) -> Figures {
        let (pattern, kept) = sets.pattern(layout, c, set);
        let index = (0..DICE)
            .filter(|&d| usize::from(pattern[d]) < FACES)
            .fold([0; COLORS], |at, d| {
                self.index.add(at, d, usize::from(pattern[d]))
            });
        let sum = (0..COLORS).fold(Figures::default(), |sum, other| {
            sum.plus(self.table[other][index[other] as usize])
        });
        sum.times(six_to(kept))
    }
}
