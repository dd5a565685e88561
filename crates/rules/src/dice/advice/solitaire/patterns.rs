//! Best play of a turn over every keep pattern, for dice that are all different (phase 8's, whose
//! colors depend on the physical die): a pattern says of each die whether it lies on one of its
//! six faces or is rolled again, 7^n of them, and holds what it is worth. Written by hand: it is
//! three passes over one array, each linear in it, which no crate offers in this shape.
//!
//! - [`Patterns::expect`]: a pattern with rolled dice is worth the mean over their faces of the
//!   positions they can give. Taken one die at a time: a pattern with die `i` rolled is the mean
//!   of the six with it on each face. In place, die by die, every pattern ends right: one with
//!   rolled dice `R` is written last at the pass of the highest die of `R`, from patterns
//!   written right at earlier passes.
//! - [`Patterns::choose`]: a position (no die rolled) is worth its best choice, the best pattern
//!   within it (any of its dice rolled again; none: stopping). Taken one die at a time too: a
//!   pattern's best is the better of its own and that of the pattern with one more of its dice
//!   rolled.
//!
//! A turn of three rolls is then: ends on the positions, expect, choose (one roll left), expect,
//! choose (two rolls left), and the mean over the positions of the first roll.

/// A die rolled again, in a pattern (faces are 0 to 5).
pub const ROLLED: u8 = 6;
const STATES: usize = 7;

/// What a position or pattern is worth with the play that reaches it, and that play's chance of
/// making the phase. Between equal values the higher chance is the better.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Worth {
    pub value: f64,
    pub chance: f64,
}

impl Worth {
    fn better(self, other: Worth) -> Worth {
        if (other.value, other.chance) > (self.value, self.chance) {
            other
        } else {
            self
        }
    }
}

/// Every keep pattern of `dice` dice: pattern `Σ state_i · 7^i`, `state_i` a face or `ROLLED`.
pub struct Patterns {
    dice: usize,
    worth: Vec<Worth>,
}

impl Patterns {
    /// Every pattern, worth nothing yet (7^dice of them, 16 bytes each).
    pub fn new(dice: usize) -> Patterns {
        let count = STATES.pow(u32::try_from(dice).expect("a few dice"));
        Patterns {
            dice,
            worth: vec![Worth::default(); count],
        }
    }

    pub fn dice(&self) -> usize {
        self.dice
    }

    /// The pattern of these states (`ROLLED` or a face, die by die).
    pub fn index(states: &[u8]) -> usize {
        states
            .iter()
            .rev()
            .fold(0, |index, &state| index * STATES + usize::from(state))
    }

    pub fn at(&self, states: &[u8]) -> Worth {
        self.worth[Patterns::index(states)]
    }

    /// Sets every position (no die rolled) to what it is worth as the turn ends there: `end`
    /// gets the faces and the position's number in `0..6^dice` (faces in base 6).
    pub fn set_ends(&mut self, end: impl Fn(&[u8], usize) -> Worth) {
        let mut faces = vec![0u8; self.dice];
        for position in 0..6usize.pow(u32::try_from(self.dice).expect("a few dice")) {
            self.worth[Patterns::index(&faces)] = end(&faces, position);
            next_position(&mut faces);
        }
    }

    /// The pattern of every die rolled: after `expect`, the mean over every first roll.
    pub fn all_rolled(&self) -> Worth {
        self.worth[self.worth.len() - 1]
    }

    /// Every pattern's worth, in pattern order.
    pub fn worths(&self) -> &[Worth] {
        &self.worth
    }

    /// Each pattern with rolled dice becomes the mean over their faces (module docs).
    pub fn expect(&mut self) {
        for die in 0..self.dice {
            self.each_block(die, |parts| {
                let [f0, f1, f2, f3, f4, f5, rolled] = parts;
                for i in 0..rolled.len() {
                    let faces = [f0[i], f1[i], f2[i], f3[i], f4[i], f5[i]];
                    rolled[i] = Worth {
                        value: faces.iter().map(|w| w.value).sum::<f64>() / 6.0,
                        chance: faces.iter().map(|w| w.chance).sum::<f64>() / 6.0,
                    };
                }
            });
        }
    }

    /// Each pattern becomes its best within: itself or any of its kept dice rolled (module docs).
    pub fn choose(&mut self) {
        for die in 0..self.dice {
            self.each_block(die, |parts| {
                let [f0, f1, f2, f3, f4, f5, rolled] = parts;
                for face in [f0, f1, f2, f3, f4, f5] {
                    for (kept, again) in face.iter_mut().zip(rolled.iter()) {
                        *kept = kept.better(*again);
                    }
                }
            });
        }
    }

    /// Calls `work` with the seven parts of every block of `die` (the patterns alike but for
    /// that die: part `s` holds them with the die in state `s`), the blocks shared between two
    /// threads (the last die has one block: one thread).
    fn each_block(&mut self, die: usize, work: impl Fn([&mut [Worth]; STATES]) + Sync) {
        let stride = STATES.pow(u32::try_from(die).expect("a few dice"));
        let block = stride * STATES;
        let blocks = self.worth.len() / block;
        let run = |some: &mut [Worth]| {
            for b in some.chunks_mut(block) {
                work(parts(b, stride));
            }
        };
        let (first, second) = self.worth.split_at_mut(blocks / 2 * block);
        std::thread::scope(|scope| {
            scope.spawn(|| run(first));
            run(second);
        });
    }
}

/// The seven parts of a block, each `stride` long.
fn parts(block: &mut [Worth], stride: usize) -> [&mut [Worth]; STATES] {
    let mut parts = block.chunks_mut(stride);
    std::array::from_fn(|_| parts.next().expect("seven parts"))
}

/// The next position, faces counted in base 6 (die 0 the lowest digit).
fn next_position(faces: &mut [u8]) {
    for face in faces {
        if *face < 5 {
            *face += 1;
            return;
        }
        *face = 0;
    }
}
