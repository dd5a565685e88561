//! Exact figures: a probability or an expectation over dice is a whole number of sixths of
//! sixths, so the advisor keeps it as a numerator over a power of six and never rounds until it
//! answers.

use std::cmp::Ordering;

/// `numerator / (6^sixes · parts)`, compared by value.
#[derive(Debug, Clone, Copy)]
pub struct Exact {
    numerator: u128,
    sixes: u32,
    parts: u32,
}

/// The most sixes a figure of a turn needs: three rolls of ten dice.
pub const MAX_SIXES: u32 = 30;

impl Exact {
    pub const ZERO: Exact = Exact::new(0, 0);

    pub const fn new(numerator: u128, sixes: u32) -> Exact {
        Exact {
            numerator,
            sixes,
            parts: 1,
        }
    }

    /// `numerator / (6^sixes · parts)`: a sum of `parts` figures over `6^sixes`, averaged.
    pub const fn divided(numerator: u128, sixes: u32, parts: u32) -> Exact {
        Exact {
            numerator,
            sixes,
            parts,
        }
    }

    /// The average of figures that are numerators over a power of six (none is an average
    /// itself): their sum over the most sixes any of them has, in as many parts as there are.
    ///
    /// # Panics
    /// If there are none, or one of them is an average.
    pub fn mean(figures: &[Exact]) -> Exact {
        assert!(
            figures.iter().all(|f| f.parts == 1),
            "an average of averages is not kept"
        );
        let sixes = figures.iter().map(|f| f.sixes).max().expect("some figures");
        Exact {
            numerator: figures.iter().map(|f| f.over(sixes)).sum(),
            sixes,
            parts: u32::try_from(figures.len()).expect("fewer figures than 2^32"),
        }
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

    /// The same value over `6^sixes` (never fewer sixes than it has; not an average).
    pub fn over(self, sixes: u32) -> u128 {
        debug_assert!(sixes >= self.sixes && self.parts == 1);
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
        numerator as f64 / 6f64.powi(sixes as i32) / f64::from(self.parts)
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
        if self.sixes == other.sixes && self.parts == other.parts {
            return self.numerator.cmp(&other.numerator);
        }
        // a/(6^x·p) against b/(6^y·q): a·6^(s-x)·q against b·6^(s-y)·p. A numerator is below
        // 2^84 times its parts, and parts are below 2^20 where they are compared, so this fits.
        let sixes = self.sixes.max(other.sixes);
        let scaled = |f: &Exact, by: u32| f.numerator * 6u128.pow(sixes - f.sixes) * u128::from(by);
        scaled(self, other.parts).cmp(&scaled(other, self.parts))
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

    #[test]
    fn an_average_is_exact_whatever_it_divides_by() {
        let mean = Exact::mean(&[Exact::new(1, 1), Exact::whole(1), Exact::new(0, 2)]);
        // (1/6 + 1 + 0) / 3 = 7/18
        assert_eq!(mean, Exact::new(14, 2));
        assert_eq!(mean.to_f64(), 7.0 / 18.0);
        let fifth = Exact::mean(&[
            Exact::whole(1),
            Exact::ZERO,
            Exact::ZERO,
            Exact::ZERO,
            Exact::ZERO,
        ]);
        assert!(fifth < Exact::new(8, 2) && fifth > Exact::new(1, 1));
        assert_eq!(
            fifth,
            Exact::mean(&[
                Exact::new(36, 2),
                Exact::ZERO,
                Exact::ZERO,
                Exact::ZERO,
                Exact::ZERO
            ])
        );
    }
}
