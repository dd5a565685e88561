//! One player's line on the score pad, and the standings computed from all of them.

use crate::phases::{LAST_PHASE, PhaseNumber};

/// Points of the Five Phase Bonus and of the First Finish Bonus.
pub const BONUS_POINTS: u32 = 40;
/// Phases 1–5 must total more than this for the Five Phase Bonus.
pub const FIVE_PHASE_THRESHOLD: u32 = 220;
/// What each failed turn costs in solitaire, at the end.
pub const SOLITAIRE_PENALTY: u32 = 5;

/// A player's score pad line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// The phase the player is working on: 1–10, or 11 once phase 10 is done.
    pub phase: u8,
    /// The score of each phase made, phase 1 first.
    pub scores: [Option<u32>; LAST_PHASE as usize],
    pub five_phase_bonus: u32,
    pub first_finish_bonus: u32,
    /// Failed turns, over the whole game.
    pub failures: u32,
    /// Failed turns on phase 10 (solitaire's First Finish Bonus needs it made at the first try).
    pub failures_on_last_phase: u32,
    /// The solitaire deduction, set when the game ends.
    pub penalty: u32,
}

impl Default for Sheet {
    fn default() -> Self {
        Sheet {
            phase: 1,
            scores: [None; LAST_PHASE as usize],
            five_phase_bonus: 0,
            first_finish_bonus: 0,
            failures: 0,
            failures_on_last_phase: 0,
            penalty: 0,
        }
    }
}

impl Sheet {
    /// The phase the player is working on; none once phase 10 is done.
    pub fn phase_in_play(&self) -> Option<PhaseNumber> {
        PhaseNumber::new(self.phase)
    }

    /// Whether the player has completed phase 10.
    pub fn finished(&self) -> bool {
        self.phase > LAST_PHASE
    }

    fn sum_of_phases(&self, phases: std::ops::RangeInclusive<usize>) -> u32 {
        self.scores[phases].iter().flatten().sum()
    }

    /// Phases 1–5 plus the Five Phase Bonus.
    pub fn five_phase_total(&self) -> u32 {
        self.sum_of_phases(0..=4) + self.five_phase_bonus
    }

    /// All phase scores and both bonuses, less the solitaire penalty (which can make it negative).
    pub fn grand_total(&self) -> i64 {
        let earned = self.sum_of_phases(0..=usize::from(LAST_PHASE) - 1)
            + self.five_phase_bonus
            + self.first_finish_bonus;
        i64::from(earned) - i64::from(self.penalty)
    }
}

/// Each player's rank by grand total (1 is best; equal totals share a rank, the next rank skips).
pub fn ranks(sheets: &[Sheet]) -> Vec<u32> {
    sheets
        .iter()
        .map(|sheet| {
            let ahead = sheets
                .iter()
                .filter(|other| other.grand_total() > sheet.grand_total())
                .count();
            u32::try_from(ahead).unwrap_or(u32::MAX - 1) + 1
        })
        .collect()
}
