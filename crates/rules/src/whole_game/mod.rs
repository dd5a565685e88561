//! The best whole solitaire game (RULES §11), solved once offline by `phase10 solitaire`
//! ([`solve`]) and committed as `data/solitaire.json`: the value of every state between turns,
//! how phase 8's was found, and what simpler play is worth. The server reads it as it is built
//! ([`published`]) and advises a turn for the whole game from it ([`advice`]).

pub mod advice;
pub mod phase_8_table;
pub mod solve;

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::dice::advice::solitaire::{FIRST_FINISH, FIVE_PHASE, FIVE_PHASE_LINE, MISS};

/// What the file holds.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Solitaire {
    /// How to make it again.
    pub command: String,
    /// The expected grand total of a game from its start with best play: the value of phase 1.
    pub expected_grand_total: f64,
    /// The same with every turn played for `make`, then for `score` (RULES §8), computed the
    /// same way (fixed points over the same states, the play of each turn fixed).
    pub every_turn_for_make: f64,
    pub every_turn_for_score: f64,
    /// The best game the dice allow (RULES §6).
    pub best_possible: f64,
    /// Every state's value: the expected points still to come with best play.
    pub states: States,
    /// Every state's chance that its turn, played best for the whole game, makes the phase.
    pub chances: States,
    pub phase_8: Phase8,
    /// What the command took on the machine that ran it.
    pub seconds: f64,
    pub peak_memory_mib: f64,
}

/// A figure for every state between turns of a solitaire game.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = SolitaireStates))]
pub struct States {
    pub phase_1: f64,
    /// `phase_2[t]` … `phase_5[t]`: the phase with `t` points made in the phases before.
    pub phase_2: Vec<f64>,
    pub phase_3: Vec<f64>,
    pub phase_4: Vec<f64>,
    pub phase_5: Vec<f64>,
    pub phase_6: f64,
    pub phase_7: f64,
    pub phase_8: f64,
    pub phase_9: f64,
    /// Phase 10, its first try still to come (the First Finish Bonus within reach).
    pub phase_10: f64,
    /// Phase 10 after it has failed once.
    pub phase_10_failed: f64,
}

/// How phase 8's value was found: `theta = V8 − V9 − 5` by Newton's method over every keep
/// pattern, and the root bracketed on both sides.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Phase8 {
    pub theta: f64,
    /// The chance that a phase 8 turn played best for the whole game makes the phase.
    pub chance: f64,
    /// Its expected score (0 for a miss).
    pub expected_score: f64,
    /// Each of Newton's steps: `theta` and the turn played best there (worth 5 at the root).
    pub newton: Vec<Step>,
    /// The turn a little below and above the root: worth more than 5, then less.
    pub below: Step,
    pub above: Step,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
pub struct Step {
    pub theta: f64,
    pub value: f64,
    pub chance: f64,
}

/// The file as committed, read once.
pub fn published() -> &'static Solitaire {
    static FILE: LazyLock<Solitaire> = LazyLock::new(|| {
        serde_json::from_str(include_str!("../../../../data/solitaire.json"))
            .expect("data/solitaire.json is what `phase10 solitaire` writes")
    });
    &FILE
}

/// A solitaire game between turns (API.md "Whole-game advice"): the phase to play, the total of
/// the phases made so far, and whether phase 10 has already failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    pub phase: u8,
    pub phases_total: u32,
    pub failed_on_phase_10: bool,
}

/// A state the game cannot be in, in a player's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoSuchState {
    #[error("on phase 1 no phase has been made yet: phases_total is 0, not {0}")]
    TotalBeforeAnything(u32),
    #[error("before phase {phase} the phases made come to at most {most} points, not {total}")]
    TotalTooHigh { phase: u8, most: usize, total: u32 },
    #[error("failed_on_phase_10 says phase 10 has failed, but the game is on phase {0}")]
    FailedBeforePhase10(u8),
}

/// What ending a turn is worth: `made[s]` for the phase made with score `s`, `missed` for a miss.
#[derive(Debug, Clone, PartialEq)]
pub struct Ends {
    pub made: Vec<f64>,
    pub missed: f64,
}

impl Solitaire {
    /// The state's value: the expected points still to come with best play.
    pub fn value(&self, state: State) -> Result<f64, NoSuchState> {
        let s = &self.states;
        let total = usize::try_from(state.phases_total).unwrap_or(usize::MAX);
        let by_total = |values: &Vec<f64>| {
            values.get(total).copied().ok_or(NoSuchState::TotalTooHigh {
                phase: state.phase,
                most: values.len() - 1,
                total: state.phases_total,
            })
        };
        if state.failed_on_phase_10 && state.phase != 10 {
            return Err(NoSuchState::FailedBeforePhase10(state.phase));
        }
        match state.phase {
            1 if total != 0 => Err(NoSuchState::TotalBeforeAnything(state.phases_total)),
            1 => Ok(s.phase_1),
            2 => by_total(&s.phase_2),
            3 => by_total(&s.phase_3),
            4 => by_total(&s.phase_4),
            5 => by_total(&s.phase_5),
            6 => Ok(s.phase_6),
            7 => Ok(s.phase_7),
            8 => Ok(s.phase_8),
            9 => Ok(s.phase_9),
            _ if state.failed_on_phase_10 => Ok(s.phase_10_failed),
            _ => Ok(s.phase_10),
        }
    }

    /// What ending a turn in `state` is worth, for scores up to `best_score`: the score, the
    /// bonuses it earns and the next state's value; a miss costs 5 and leaves the state (a
    /// first try at phase 10 leaves it failed).
    pub fn ends(&self, state: State, best_score: usize) -> Result<Ends, NoSuchState> {
        let here = self.value(state)?;
        let s = &self.states;
        let total = state.phases_total as usize;
        let after = |values: &Vec<f64>, score: usize| values[total + score];
        let made = (0..=best_score)
            .map(|score| {
                let next = match state.phase {
                    1 => after(&s.phase_2, score),
                    2 => after(&s.phase_3, score),
                    3 => after(&s.phase_4, score),
                    4 => after(&s.phase_5, score),
                    5 if total + score > FIVE_PHASE_LINE => FIVE_PHASE + s.phase_6,
                    5 => s.phase_6,
                    6 => s.phase_7,
                    7 => s.phase_8,
                    8 => s.phase_9,
                    9 => s.phase_10,
                    _ if state.failed_on_phase_10 => 0.0,
                    _ => FIRST_FINISH,
                };
                score as f64 + next
            })
            .collect();
        let missed = if state.phase == 10 {
            s.phase_10_failed - MISS
        } else {
            here - MISS
        };
        Ok(Ends { made, missed })
    }
}

#[cfg(test)]
mod simulation;
#[cfg(test)]
mod tests;
