//! The score pad of a game, as the paper pad in the box has it (seed `000_…`): a line per
//! player in seat order with the score of each phase, the Five Phase Bonus and total, the First
//! Finish Bonus, failures, the solitaire penalty, the grand total and the rank. A model with no
//! format of its own: serde serialises it as the JSON answer, and any other rendering (CSV, a
//! printable page) is made from it.

use serde::Serialize;
use utoipa::ToSchema;

pub use super::card_scoresheet::CardScoresheet;
use super::names::DiceKind;
use super::replay::{DiceState, GameState, Play};
use crate::rules::PHASES;
use crate::rules::dice::game::{Status, ranks};
use crate::values::{GameId, GameVersion, PlayerId, PlayerName};

/// The score pad of a game: of Phase 10 Dice, or of the card game, told apart by `game`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "game", mapping(
    ("dice" = "#/components/schemas/DiceScoresheet"),
    ("cards" = "#/components/schemas/CardScoresheet")
)))]
pub enum Scoresheet {
    Dice(DiceScoresheet),
    Cards(CardScoresheet),
}

impl Scoresheet {
    /// The pad of a game as it stands.
    pub fn of(state: &GameState) -> Scoresheet {
        match &state.play {
            Play::Dice(dice) => Scoresheet::Dice(DiceScoresheet::of(state, dice)),
            Play::Cards(cards) => Scoresheet::Cards(CardScoresheet::of(state, &cards.game)),
        }
    }

    /// The game's version the pad shows.
    pub fn version(&self) -> GameVersion {
        match self {
            Scoresheet::Dice(pad) => pad.version,
            Scoresheet::Cards(pad) => pad.version,
        }
    }
}

/// The score pad of a dice game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DiceScoresheet {
    #[schema(value_type = String, format = Uuid)]
    pub game_id: GameId,
    /// `dice`.
    pub game: DiceKind,
    /// The game's version the pad shows (the answer's ETag).
    #[serde(skip)]
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub status: Status,
    /// The players with the highest grand total, once the game is over.
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<PlayerId>,
    /// One line per player, in seat order.
    #[serde(rename = "players")]
    pub lines: Vec<Line>,
    /// Whose turn it is; null once the game is over.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub turn_of: Option<PlayerId>,
}

/// A player's line on the score pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = ScoresheetLine)]
pub struct Line {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    pub seat: usize,
    /// The phase the player is on (1 to 10); null once they have made all ten.
    #[schema(required = true)]
    pub phase: Option<u8>,
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
    /// The numbers of this player's turns that were replaced after they were entered (RULES
    /// §9), in order; empty if none was.
    pub edited_turns: Vec<u32>,
}

/// One phase on the score pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct PhaseScore {
    pub phase: u8,
    pub label: &'static str,
    /// Null until the phase is made.
    #[schema(required = true)]
    pub score: Option<u32>,
}

impl DiceScoresheet {
    /// The pad of a dice game as it stands.
    fn of(state: &GameState, dice: &DiceState) -> DiceScoresheet {
        let (players, game) = (&state.record.players, &dice.game);
        let ranks = ranks(game.sheets());
        DiceScoresheet {
            game_id: state.id().clone(),
            game: DiceKind::Dice,
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
                    phase: sheet.phase_in_play().map(|p| p.get()),
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
                    edited_turns: (dice.turns.iter())
                        .map(|played| &played.turn)
                        .filter(|turn| turn.edited > 0 && turn.player_id == player.id)
                        .map(|turn| turn.number.get().unsigned_abs())
                        .collect(),
                })
                .collect(),
            turn_of: game.current_seat().map(|seat| players[seat].id.clone()),
        }
    }
}
