//! A card game's score pad as a state machine (RULES §7): each hand checked and scored, players
//! moving through the phases of the list, the end, the tie-break hand, winners and ranks.
//!
//! A game is built by replaying its hands from the start, so its state is always what the rules
//! say of the hands recorded: undoing a hand is replaying all but the last.

use serde::{Deserialize, Serialize};

use super::hand::{Hand, HandEntry, HandError, HandPlace, HandProblem};
use super::hand_checks::{HandCheck, Scored};
// The interface lists these with `CardGame`; they live with the pad and the variations.
pub use super::sheet::{CardSheet, HandLine, HandOutcome};
pub use super::variations::{CardRules, CardSetupError, MAX_CARD_PLAYERS, MIN_CARD_PLAYERS};
use crate::phases::PhaseNumber;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = CardGameStatus))]
#[serde(rename_all = "snake_case")]
pub enum CardStatus {
    InProgress,
    /// Players who completed the last phase tie on the fewest points: their tie-break hand is due.
    TieBreak,
    Finished,
}

/// A card game being scored. Seats are numbered from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardGame {
    names: Vec<String>,
    rules: CardRules,
    sheets: Vec<CardSheet>,
    /// For each seat, how many phases of the list are behind them (the index of the phase
    /// they work on).
    progress: Vec<usize>,
    status: CardStatus,
    tied: Vec<usize>,
    winners: Vec<usize>,
    hands_played: u32,
}

impl CardGame {
    /// names: the players' names in seat order (for refusals in their words).
    pub fn new(names: Vec<String>, rules: CardRules) -> Result<CardGame, CardSetupError> {
        if !(MIN_CARD_PLAYERS..=MAX_CARD_PLAYERS).contains(&names.len()) {
            return Err(CardSetupError::PlayerCount(names.len()));
        }
        rules.check()?;
        let players = names.len();
        Ok(CardGame {
            names,
            rules,
            sheets: vec![CardSheet::default(); players],
            progress: vec![0; players],
            status: CardStatus::InProgress,
            tied: Vec::new(),
            winners: Vec::new(),
            hands_played: 0,
        })
    }

    pub fn rules(&self) -> &CardRules {
        &self.rules
    }

    pub fn names(&self) -> &[String] {
        &self.names
    }

    pub fn status(&self) -> CardStatus {
        self.status
    }

    /// The score pad, by seat.
    pub fn sheets(&self) -> &[CardSheet] {
        &self.sheets
    }

    /// The phase the player works on; None once every phase of the list is behind them (made,
    /// or in ten_hands passed), or for a seat the game does not have.
    pub fn phase_of(&self, seat: usize) -> Option<PhaseNumber> {
        self.rules.phases.get(*self.progress.get(seat)?).copied()
    }

    /// How many hands have been played, the tie-break hand included.
    pub fn hands_played(&self) -> u32 {
        self.hands_played
    }

    /// Seats waiting for the tie-break hand (empty unless status is TieBreak).
    pub fn tied(&self) -> &[usize] {
        &self.tied
    }

    /// Seats that won (empty until finished; several when ten_hands totals are equal).
    pub fn winners(&self) -> Vec<usize> {
        self.winners.clone()
    }

    /// 1 for the winners; the others ranked by phases done (more first), then total (fewer
    /// first); equal ones share a rank, and the next rank skips. ten_hands: by total alone.
    pub fn ranks(&self) -> Vec<u32> {
        let ahead = |other: usize, seat: usize| {
            let (o, s) = (&self.sheets[other], &self.sheets[seat]);
            if self.rules.ten_hands {
                return o.total < s.total;
            }
            match (self.winners.contains(&other), self.winners.contains(&seat)) {
                (true, false) => true,
                (_, true) => false,
                (false, false) => {
                    (o.phases_done.len(), std::cmp::Reverse(o.total))
                        > (s.phases_done.len(), std::cmp::Reverse(s.total))
                }
            }
        };
        let seats = 0..self.sheets.len();
        seats
            .clone()
            .map(|seat| {
                let before = seats.clone().filter(|&other| ahead(other, seat)).count();
                u32::try_from(before).unwrap_or(u32::MAX - 1) + 1
            })
            .collect()
    }

    /// Checks a hand against RULES §7 "What a recorded hand must satisfy" and the game's state,
    /// and plays it; on Err the game is unchanged.
    pub fn play(&mut self, hand: &Hand) -> Result<HandOutcome, HandError> {
        match (self.status, hand) {
            (CardStatus::Finished, _) => Err(HandError::new(
                HandProblem::GameOver,
                HandPlace::Hand,
                format!("the game is over: {} won", self.winner_words()),
            )),
            (CardStatus::TieBreak, Hand::Played { .. }) => Err(HandError::new(
                HandProblem::TieBreakDue,
                HandPlace::Hand,
                format!(
                    "{} tied: the next hand is their tie-break hand, recorded with only who went out",
                    self.names_of(&self.tied)
                ),
            )),
            (CardStatus::InProgress, Hand::TieBreak { .. }) => Err(HandError::new(
                HandProblem::NotATieBreak,
                HandPlace::Hand,
                "no players are tied, so there is no tie-break hand: record a hand with every player",
            )),
            (CardStatus::TieBreak, Hand::TieBreak { went_out }) => self.play_tie_break(*went_out),
            (CardStatus::InProgress, Hand::Played { went_out, entries }) => {
                self.play_hand(*went_out, entries)
            }
        }
    }

    fn play_hand(
        &mut self,
        went_out: usize,
        entries: &[HandEntry],
    ) -> Result<HandOutcome, HandError> {
        let players = self.names.len();
        let check = HandCheck {
            names: &self.names,
            phases: (0..players).map(|seat| self.phase_of(seat)).collect(),
            edition: self.rules.edition,
        };
        let scored: Vec<Scored> = check.check(went_out, entries)?;
        let phases = check.phases;
        // Nothing can fail from here: the game changes.
        self.hands_played += 1;
        let number = self.hands_played;
        let mut lines = Vec::with_capacity(players);
        for (seat, (result, phase)) in scored.into_iter().zip(phases).enumerate() {
            let Some(phase) = phase else { continue };
            let line = HandLine {
                number,
                phase,
                made: result.made,
                points: result.points,
                went_out: seat == went_out,
            };
            let sheet = &mut self.sheets[seat];
            sheet.total += result.points;
            sheet.hands.push(line);
            if result.made {
                sheet.phases_done.push(phase);
            }
            if result.made || self.rules.ten_hands {
                self.progress[seat] += 1;
            }
            lines.push((seat, line));
        }
        self.end_of_hand();
        Ok(HandOutcome {
            number,
            went_out,
            tie_break: false,
            lines,
        })
    }

    /// Whether the hand just played ends the game, and who won.
    fn end_of_hand(&mut self) {
        let lowest = |seats: &mut dyn Iterator<Item = usize>| -> Vec<usize> {
            let seats: Vec<usize> = seats.collect();
            let least = seats.iter().map(|&s| self.sheets[s].total).min();
            seats
                .into_iter()
                .filter(|&s| Some(self.sheets[s].total) == least)
                .collect()
        };
        let phases = self.rules.phases.len();
        if self.rules.ten_hands {
            if self.hands_played as usize >= phases {
                self.winners = lowest(&mut (0..self.names.len()));
                self.status = CardStatus::Finished;
            }
            return;
        }
        let mut completed = (0..self.names.len()).filter(|&s| self.progress[s] >= phases);
        let fewest = lowest(&mut completed);
        match fewest.len() {
            0 => {}
            1 => {
                self.winners = fewest;
                self.status = CardStatus::Finished;
            }
            _ => {
                self.tied = fewest;
                self.status = CardStatus::TieBreak;
            }
        }
    }

    fn play_tie_break(&mut self, went_out: usize) -> Result<HandOutcome, HandError> {
        if !self.tied.contains(&went_out) {
            let who = match self.names.get(went_out) {
                Some(name) => name.clone(),
                None => format!("seat {went_out}"),
            };
            return Err(HandError::new(
                HandProblem::NotTied,
                HandPlace::WentOut,
                format!(
                    "only {} tied, so one of them went out of the tie-break hand, not {who}",
                    self.names_of(&self.tied)
                ),
            ));
        }
        let Some(&last) = self.rules.phases.last() else {
            return Err(HandError::new(
                HandProblem::GameOver,
                HandPlace::Hand,
                "the game has no phases",
            ));
        };
        self.hands_played += 1;
        let number = self.hands_played;
        let tied = std::mem::take(&mut self.tied);
        let lines: Vec<(usize, HandLine)> = tied
            .iter()
            .map(|&seat| {
                let line = HandLine {
                    number,
                    phase: last,
                    made: seat == went_out,
                    points: 0,
                    went_out: seat == went_out,
                };
                (seat, line)
            })
            .collect();
        for &(seat, line) in &lines {
            self.sheets[seat].hands.push(line);
        }
        self.winners = vec![went_out];
        self.status = CardStatus::Finished;
        Ok(HandOutcome {
            number,
            went_out,
            tie_break: true,
            lines,
        })
    }

    /// "Ann", "Ann and Bo", "Ann, Bo and Cy".
    fn names_of(&self, seats: &[usize]) -> String {
        let names: Vec<&str> = seats
            .iter()
            .filter_map(|&s| self.names.get(s).map(String::as_str))
            .collect();
        match names.split_last() {
            None => String::new(),
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }

    fn winner_words(&self) -> String {
        self.names_of(&self.winners)
    }
}
