//! The score pad of a game, as the paper pad in the box has it (seed `000_…`): a line per
//! player in seat order with the score of each phase, the Five Phase Bonus and total, the First
//! Finish Bonus, failures, the solitaire penalty, the grand total and the rank. A model only:
//! the JSON answer, and any other rendering (CSV, a printable page), is made from it.

use super::replay::GameState;
use super::{Session, games};
use crate::error::Result;
use crate::rules::PHASES;
use crate::rules::dice::game::{Status, ranks};
use crate::values::{AccountId, GameId, PlayerId, PlayerName};

/// The pad of the account's game.
pub fn read(session: &mut Session, account_id: &AccountId, game_id: &GameId) -> Result<Scoresheet> {
    games::get(session, account_id, game_id).map(|game| Scoresheet::of(&game))
}

/// The score pad of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scoresheet {
    pub game_id: GameId,
    /// The game's version the pad shows.
    pub version: i64,
    pub status: Status,
    /// The players with the highest grand total, once the game is over.
    pub winners: Vec<PlayerId>,
    /// One line per player, in seat order.
    pub lines: Vec<Line>,
}

/// A player's line on the pad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub player_id: PlayerId,
    pub name: PlayerName,
    pub seat: usize,
    /// The ten phases, in order.
    pub phases: Vec<PhaseScore>,
    pub five_phase_bonus: u32,
    pub five_phase_total: u32,
    pub first_finish_bonus: u32,
    pub failures: u32,
    /// The solitaire deduction (5 a failure), 0 in games of two or more.
    pub penalty: u32,
    pub grand_total: i64,
    /// 1 for the highest grand total; equal totals share a rank.
    pub rank: u32,
}

/// One phase of a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhaseScore {
    pub phase: u8,
    pub label: &'static str,
    /// None until the phase is made.
    pub score: Option<u32>,
}

impl Scoresheet {
    /// The pad of a game as it stands.
    pub fn of(state: &GameState) -> Scoresheet {
        let game = &state.game;
        let players = &state.record.players;
        let ranks = ranks(game.sheets());
        Scoresheet {
            game_id: state.id().clone(),
            version: state.version(),
            status: game.status(),
            winners: game
                .winners()
                .into_iter()
                .map(|seat| players[seat].id.clone())
                .collect(),
            lines: players
                .iter()
                .zip(game.sheets())
                .enumerate()
                .map(|(seat, (player, sheet))| Line {
                    player_id: player.id.clone(),
                    name: player.name.clone(),
                    seat,
                    phases: PHASES
                        .iter()
                        .zip(sheet.scores)
                        .map(|(phase, score)| PhaseScore {
                            phase: phase.number.get(),
                            label: phase.label,
                            score,
                        })
                        .collect(),
                    five_phase_bonus: sheet.five_phase_bonus,
                    five_phase_total: sheet.five_phase_total(),
                    first_finish_bonus: sheet.first_finish_bonus,
                    failures: sheet.failures,
                    penalty: sheet.penalty,
                    grand_total: sheet.grand_total(),
                    rank: ranks[seat],
                })
                .collect(),
        }
    }
}
