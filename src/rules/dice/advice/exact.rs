//! Exact figures: a probability or an expectation over dice is a whole number of sixths of
//! sixths, so the advisor keeps it as a numerator over a power of six and never rounds until it
//! answers.

use std::cmp::Ordering;

/// `numerator / 6^sixes`, compared by value.
#[derive(Debug, Clone, Copy)]
pub struct Exact {
    numerator: u128,
    sixes: u32,
}

/// The most sixes a figure of a turn needs: three rolls of ten dice.
pub const MAX_SIXES: u32 = 30;

impl Exact {
    pub const ZERO: Exact = Exact::new(0, 0);

    pub const fn new(numerator: u128, sixes: u32) -> Exact {
        Exact { numerator, sixes }
    }

    pub const fn whole(value: u32) -> Exact {
        Exact::new(value as u128, 0)
    }

    pub fn numerator(self) -> u128 {
        self.numerator
    }

    pub fn sixes(self) -> u32 {
        self.sixes
    }

    /// The same value over `6^sixes` (never fewer sixes than it has).
    pub fn over(self, sixes: u32) -> u128 {
        debug_assert!(sixes >= self.sixes);
        self.numerator * 6u128.pow(sixes - self.sixes)
    }

    /// The nearest `f64` a client reads; correct to the last bit or one below.
    pub fn to_f64(self) -> f64 {
        let mut numerator = self.numerator;
        let mut sixes = self.sixes;
        // Take out common factors so small figures convert exactly.
        while sixes > 0 && numerator.is_multiple_of(6) {
            numerator /= 6;
            sixes -= 1;
        }
        numerator as f64 / 6f64.powi(sixes as i32)
    }
}

impl PartialEq for Exact {
    fn eq(&self, other: &Exact) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Exact {}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Exact) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Exact {
    fn cmp(&self, other: &Exact) -> Ordering {
        if self.sixes == other.sixes {
            return self.numerator.cmp(&other.numerator);
        }
        let sixes = self.sixes.max(other.sixes);
        self.over(sixes).cmp(&other.over(sixes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_compare_by_value_whatever_their_sixes() {
        assert_eq!(Exact::new(1, 1), Exact::new(6, 2));
        assert!(Exact::new(1, 1) < Exact::new(7, 2));
        assert_eq!(Exact::new(36, 2).to_f64(), 1.0);
        assert_eq!(Exact::new(3, 1).to_f64(), 0.5);
        assert_eq!(Exact::whole(34), Exact::new(34 * 6u128.pow(30), 30));
    }
}
