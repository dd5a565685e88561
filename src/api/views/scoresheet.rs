//! The score pad of a game, as JSON: the service's model (`service::scoresheet`) rendered.

use serde::Serialize;
use utoipa::ToSchema;

use crate::rules::dice::game::Status;
use crate::service::scoresheet as model;
use crate::values::{GameId, PlayerId, PlayerName};

/// One phase on the score pad.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PhaseScore {
    pub phase: u8,
    pub label: String,
    /// Null until the phase is made.
    pub score: Option<u32>,
}

/// A player's line on the score pad.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ScoresheetLine {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    pub seat: usize,
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

/// The score pad of a game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Scoresheet {
    #[schema(value_type = String, format = Uuid)]
    pub game_id: GameId,
    pub status: Status,
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<PlayerId>,
    pub players: Vec<ScoresheetLine>,
}

impl From<&model::Scoresheet> for Scoresheet {
    fn from(pad: &model::Scoresheet) -> Scoresheet {
        Scoresheet {
            game_id: pad.game_id.clone(),
            status: pad.status,
            winners: pad.winners.clone(),
            players: pad
                .lines
                .iter()
                .map(|line| ScoresheetLine {
                    player_id: line.player_id.clone(),
                    name: line.name.clone(),
                    seat: line.seat,
                    phases: line
                        .phases
                        .iter()
                        .map(|phase| PhaseScore {
                            phase: phase.phase,
                            label: phase.label.to_string(),
                            score: phase.score,
                        })
                        .collect(),
                    five_phase_bonus: line.five_phase_bonus,
                    five_phase_total: line.five_phase_total,
                    first_finish_bonus: line.first_finish_bonus,
                    failures: line.failures,
                    penalty: line.penalty,
                    grand_total: line.grand_total,
                    rank: line.rank,
                })
                .collect(),
        }
    }
}
