//! The dice of one kind as counts per face: the six high dice (faces 5–10) or the four low dice
//! (1, 2, 3, 4, W). For the nine phases of numbers colors do not matter and dice of one kind are
//! alike, so what lies on the table, what is kept and what is rolled are multisets, ranked here.

/// The most faces a kind of die has.
pub(crate) const FACES: usize = 6;

/// Counts per face, in face order; faces a kind lacks stay 0.
pub(crate) type Counts = [u8; FACES];

/// Every multiset of at most `dice` dice over `faces` faces, numbered 0..len.
pub(crate) struct Multisets {
    faces: usize,
    dice: u8,
    /// How many ways out of 6 each face comes up.
    weights: [u8; FACES],
    counts: Vec<Counts>,
    sizes: Vec<u8>,
    /// `grown[m][f]`: the multiset `m` with one more die showing face `f` (`NONE` when full).
    grown: Vec<[u16; FACES]>,
    /// Every sub-multiset of `m`, itself included.
    within: Vec<Vec<u16>>,
    /// Multiset numbers from largest to smallest, so a multiset comes after all it can grow into.
    largest_first: Vec<u16>,
}

pub(crate) const NONE: u16 = u16::MAX;

impl Multisets {
    /// The high dice: six dice, faces 5 to 10, each 1 in 6.
    pub(crate) fn high() -> Multisets {
        Multisets::new(6, 6, [1; FACES])
    }

    /// The low dice: four dice, faces 1, 2, 3, 4 each 1 in 6 and W 2 in 6.
    pub(crate) fn low() -> Multisets {
        Multisets::new(5, 4, [1, 1, 1, 1, 2, 0])
    }

    fn new(faces: usize, dice: u8, weights: [u8; FACES]) -> Multisets {
        let mut counts = Vec::new();
        let mut current = [0u8; FACES];
        collect(faces, dice, 0, &mut current, &mut counts);
        let sizes: Vec<u8> = counts.iter().map(|c| c.iter().sum()).collect();
        let number_of =
            |c: &Counts| counts.binary_search(c).expect("every multiset is listed") as u16;
        let grown = counts
            .iter()
            .zip(&sizes)
            .map(|(c, &size)| {
                let mut next = [NONE; FACES];
                if size < dice {
                    for (f, slot) in next.iter_mut().enumerate().take(faces) {
                        let mut bigger = *c;
                        bigger[f] += 1;
                        *slot = number_of(&bigger);
                    }
                }
                next
            })
            .collect();
        let within = counts
            .iter()
            .map(|whole| {
                counts
                    .iter()
                    .enumerate()
                    .filter(|(_, part)| part.iter().zip(whole).all(|(p, w)| p <= w))
                    .map(|(m, _)| m as u16)
                    .collect()
            })
            .collect();
        let mut largest_first: Vec<u16> = (0..counts.len() as u16).collect();
        largest_first.sort_by_key(|&m| std::cmp::Reverse(sizes[usize::from(m)]));
        Multisets {
            faces,
            dice,
            weights,
            counts,
            sizes,
            grown,
            within,
            largest_first,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.counts.len()
    }

    pub(crate) fn faces(&self) -> usize {
        self.faces
    }

    pub(crate) fn weight(&self, face: usize) -> u64 {
        u64::from(self.weights[face])
    }

    pub(crate) fn counts(&self, m: u16) -> &Counts {
        &self.counts[usize::from(m)]
    }

    pub(crate) fn size(&self, m: u16) -> u8 {
        self.sizes[usize::from(m)]
    }

    pub(crate) fn is_full(&self, m: u16) -> bool {
        self.size(m) == self.dice
    }

    pub(crate) fn grown(&self, m: u16, face: usize) -> u16 {
        self.grown[usize::from(m)][face]
    }

    pub(crate) fn within(&self, m: u16) -> &[u16] {
        &self.within[usize::from(m)]
    }

    /// The multiset of no dice.
    pub(crate) fn empty(&self) -> u16 {
        self.number(&[0; FACES])
            .expect("the empty multiset is listed")
    }

    pub(crate) fn largest_first(&self) -> &[u16] {
        &self.largest_first
    }

    /// The number of the multiset with these counts, if it has at most `dice` dice.
    pub(crate) fn number(&self, counts: &Counts) -> Option<u16> {
        self.counts.binary_search(counts).ok().map(|m| m as u16)
    }

    /// In how many of the `6^dice` ways of rolling all the dice this full multiset comes up.
    pub(crate) fn ways(&self, m: u16) -> u128 {
        let counts = self.counts(m);
        let mut ways = factorial(self.dice);
        for (face, &count) in counts.iter().enumerate().take(self.faces) {
            ways /= factorial(count);
            ways *= u128::from(self.weights[face]).pow(u32::from(count));
        }
        ways
    }
}

fn factorial(n: u8) -> u128 {
    (1..=u128::from(n)).product()
}

/// Lists the multisets in increasing order of their counts (so `binary_search` finds them).
fn collect(faces: usize, left: u8, face: usize, current: &mut Counts, out: &mut Vec<Counts>) {
    if face == faces {
        out.push(*current);
        return;
    }
    for count in 0..=left {
        current[face] = count;
        collect(faces, left - count, face + 1, current, out);
    }
    current[face] = 0;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_multisets_of_each_kind_are_counted_as_the_issue_says() {
        let (high, low) = (Multisets::high(), Multisets::low());
        assert_eq!(high.len(), 924);
        assert_eq!(low.len(), 126);
        let full = |m: &Multisets| (0..m.len() as u16).filter(|&x| m.is_full(x)).count();
        assert_eq!(full(&high) * full(&low), 32_340);
        assert_eq!(high.len() * low.len(), 116_424);
        let all_ways = |m: &Multisets| -> u128 {
            (0..m.len() as u16)
                .filter(|&x| m.is_full(x))
                .map(|x| m.ways(x))
                .sum()
        };
        assert_eq!(all_ways(&high), 6u128.pow(6));
        assert_eq!(all_ways(&low), 6u128.pow(4));
    }
}
