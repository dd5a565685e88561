//! A game as a state machine (RULES §4): seats, turns in order, failures, the Five Phase Bonus,
//! the end of normal play with its last tries, the First Finish Bonus of each edition, solitaire,
//! grand totals, ranks and winners.
//!
//! A game is built by replaying its turns from the start, so its state is always what the rules
//! say of the turns recorded: undoing a turn is replaying all but the last.

mod sheet;

pub use sheet::{BONUS_POINTS, FIVE_PHASE_THRESHOLD, SOLITAIRE_PENALTY, Sheet, ranks};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::dice::evaluate::{Evaluation, evaluate};
use crate::dice::faces::Roll;
use crate::dice::layout::{DiceLayout, DieId, NotRollable};
use crate::phases::{LAST_PHASE, phase};

/// The most players a game seats.
pub const MAX_PLAYERS: usize = 8;

/// The most turns a dice game holds (RULES §4): eight players would need 125 rounds to get
/// there. It bounds what replaying a game, reading it and its history can cost.
pub const MOST_TURNS: usize = 1000;

/// The rulebook that decides who else gets the First Finish Bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Edition {
    /// Every player seated after the first finisher who completes phase 10 in the same round.
    #[default]
    #[serde(rename = "mattel-2011")]
    Mattel2011,
    /// Only those of them who were already on phase 10 when their last try began.
    #[serde(rename = "fundex-2008")]
    Fundex2008,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = GameStatus))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    InProgress,
    /// Someone has completed phase 10; the others are taking their last tries.
    LastRound,
    Finished,
}

/// The kind of a bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum BonusKind {
    FivePhase,
    FirstFinish,
}

/// A bonus a turn earned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bonus {
    pub kind: BonusKind,
    pub points: u32,
}

/// What one turn did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnOutcome {
    pub seat: usize,
    /// The phase the turn was played on.
    pub phase: u8,
    pub evaluation: Evaluation,
    /// The physical die that showed each die of the roll.
    pub placement: Vec<DieId>,
    pub bonuses: Vec<Bonus>,
}

/// Why a game cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("a game has 1 to {MAX_PLAYERS} players, not {0}")]
    PlayerCount(usize),
}

/// Why a turn was refused; the game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TurnError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no seat {0}")]
    NoSuchSeat(usize),
    #[error("it is the turn of the player in seat {expected}, not seat {given}")]
    NotYourTurn { expected: usize, given: usize },
    #[error(transparent)]
    NotRollable(#[from] NotRollable),
}

/// The player taking a last try, and the phase they were on when it began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LastTry {
    started_on: u8,
}

/// A game in play. Seats are numbered from 0 in turn order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    edition: Edition,
    layout: DiceLayout,
    sheets: Vec<Sheet>,
    status: Status,
    round: u32,
    current: usize,
    first_finisher: Option<usize>,
    last_try: Option<LastTry>,
    turns: u32,
}

impl Game {
    pub fn new(players: usize, edition: Edition, layout: DiceLayout) -> Result<Game, SetupError> {
        if !(1..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::PlayerCount(players));
        }
        Ok(Game {
            edition,
            layout,
            sheets: vec![Sheet::default(); players],
            status: Status::InProgress,
            round: 1,
            current: 0,
            first_finisher: None,
            last_try: None,
            turns: 0,
        })
    }

    pub fn edition(&self) -> Edition {
        self.edition
    }

    pub fn layout(&self) -> DiceLayout {
        self.layout
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The round being played, from 1; a round ends after the last seat's turn.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The seat whose turn it is; `None` once the game is over.
    pub fn current_seat(&self) -> Option<usize> {
        (self.status != Status::Finished).then_some(self.current)
    }

    /// The score pad, by seat.
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }

    /// How many turns have been played.
    pub fn turns_played(&self) -> u32 {
        self.turns
    }

    /// The seat that completed phase 10 first, if any has.
    pub fn first_finisher(&self) -> Option<usize> {
        self.first_finisher
    }

    /// The seats with the highest grand total once the game is over (several share a win);
    /// empty while it is being played.
    pub fn winners(&self) -> Vec<usize> {
        if self.status != Status::Finished {
            return Vec::new();
        }
        let ranks = ranks(&self.sheets);
        (0..self.sheets.len())
            .filter(|&seat| ranks[seat] == 1)
            .collect()
    }

    /// Plays the turn of the player in `seat` with the dice they ended it with: the phase is made
    /// or failed, bonuses are given and play moves on. A refused turn changes nothing.
    pub fn play(&mut self, seat: usize, roll: &Roll) -> Result<TurnOutcome, TurnError> {
        if self.status == Status::Finished {
            return Err(TurnError::GameOver);
        }
        if seat >= self.sheets.len() {
            return Err(TurnError::NoSuchSeat(seat));
        }
        if seat != self.current {
            return Err(TurnError::NotYourTurn {
                expected: self.current,
                given: seat,
            });
        }
        let placement = self.layout.place(roll)?;
        let phase_number = self.sheets[seat].phase;
        let evaluation = match self.sheets[seat].phase_in_play() {
            Some(number) => evaluate(phase(number), roll),
            None => return Err(TurnError::GameOver),
        };
        self.turns += 1;
        let mut bonuses = Vec::new();
        let sheet = &mut self.sheets[seat];
        if evaluation.made {
            sheet.scores[usize::from(phase_number) - 1] = Some(evaluation.score);
            sheet.phase += 1;
            if phase_number == 5 && sheet.five_phase_total() > FIVE_PHASE_THRESHOLD {
                sheet.five_phase_bonus = BONUS_POINTS;
                bonuses.push(Bonus {
                    kind: BonusKind::FivePhase,
                    points: BONUS_POINTS,
                });
            }
        } else {
            sheet.failures += 1;
            if phase_number == LAST_PHASE {
                sheet.failures_on_last_phase += 1;
            }
        }
        let finished_now = self.sheets[seat].finished() && evaluation.made;
        if finished_now && self.earns_first_finish(seat) {
            self.sheets[seat].first_finish_bonus = BONUS_POINTS;
            bonuses.push(Bonus {
                kind: BonusKind::FirstFinish,
                points: BONUS_POINTS,
            });
        }
        self.move_on(seat, evaluation.made, finished_now);
        Ok(TurnOutcome {
            seat,
            phase: phase_number,
            evaluation,
            placement,
            bonuses,
        })
    }

    /// Whether the player in `seat`, who has just completed phase 10, gets the First Finish Bonus.
    fn earns_first_finish(&self, seat: usize) -> bool {
        let sheet = &self.sheets[seat];
        match self.first_finisher {
            None if self.sheets.len() == 1 => sheet.failures_on_last_phase == 0,
            None => true,
            Some(first) => {
                let seated_after = seat > first;
                match self.edition {
                    Edition::Mattel2011 => seated_after,
                    Edition::Fundex2008 => {
                        seated_after && self.last_try.is_some_and(|t| t.started_on == LAST_PHASE)
                    }
                }
            }
        }
    }

    fn move_on(&mut self, seat: usize, made: bool, finished_now: bool) {
        match self.status {
            Status::InProgress if finished_now && self.sheets.len() == 1 => self.finish(),
            Status::InProgress if finished_now => {
                self.first_finisher = Some(seat);
                self.status = Status::LastRound;
                self.pass_turn(seat);
            }
            Status::InProgress => self.pass_turn(seat),
            // A last try goes on through the phases while the player makes them.
            Status::LastRound if made && !finished_now => {}
            Status::LastRound => {
                let next = (seat + 1) % self.sheets.len();
                if Some(next) == self.first_finisher {
                    self.finish();
                } else {
                    self.pass_turn(seat);
                }
            }
            Status::Finished => {}
        }
    }

    /// Gives the turn to the next seat, starting a new round past the last seat.
    fn pass_turn(&mut self, seat: usize) {
        self.current = (seat + 1) % self.sheets.len();
        if self.current == 0 {
            self.round += 1;
        }
        if self.status == Status::LastRound {
            self.last_try = Some(LastTry {
                started_on: self.sheets[self.current].phase,
            });
        }
    }

    fn finish(&mut self) {
        self.status = Status::Finished;
        self.last_try = None;
        if let [solitaire] = self.sheets.as_mut_slice() {
            solitaire.penalty = SOLITAIRE_PENALTY * solitaire.failures;
        }
    }
}
