//! A game and its players, as answered.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::utc;

use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, Game, Status};
use crate::service::names::Mode;
use crate::service::replay::GameState;
use crate::values::{GameId, PlayerId, PlayerName, TurnNumber};

/// A player of a game, as the game stands.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Player)]
pub struct PlayerView {
    #[schema(value_type = String, format = Uuid)]
    pub id: PlayerId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    /// 0 for the first player in turn order.
    pub seat: usize,
    /// The phase the player is working on; 11 once phase 10 is done.
    pub phase: u8,
    /// Running score with bonuses (in solitaire, less the penalty once the game is over).
    pub total: i64,
    pub failures: u32,
    pub finished: bool,
    /// In a digital game, the high-die rolls that decided the order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_rolls: Option<Vec<u8>>,
    /// Whether an invited account plays this seat (otherwise the game's owner does).
    pub claimed: bool,
}

/// A game.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Game)]
pub struct GameView {
    #[schema(value_type = String, format = Uuid)]
    pub id: GameId,
    pub mode: Mode,
    pub edition: Edition,
    pub dice_layout: DiceLayout,
    pub status: Status,
    pub round: u32,
    /// Whose turn it is; null once the game is over.
    #[schema(value_type = Option<String>, format = Uuid)]
    pub current_player_id: Option<PlayerId>,
    /// The number of the digital turn in play (rolled, not yet scored), if any.
    #[schema(value_type = Option<i32>)]
    pub turn_in_play: Option<TurnNumber>,
    /// Grows by one on every change of the game.
    pub version: i64,
    pub players: Vec<PlayerView>,
    /// The players with the highest grand total, once the game is over.
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<PlayerId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub(super) fn game_view(
    state: &GameState,
    game: &Game,
    in_play: Option<TurnNumber>,
    version: i64,
    updated_at: NaiveDateTime,
) -> GameView {
    let players = &state.record.players;
    GameView {
        id: state.record.game.id.clone(),
        mode: state.mode,
        edition: state.edition,
        dice_layout: state.layout,
        status: game.status(),
        round: game.round(),
        current_player_id: game.current_seat().map(|seat| players[seat].id.clone()),
        turn_in_play: in_play,
        version,
        players: players
            .iter()
            .zip(game.sheets())
            .enumerate()
            .map(|(seat, (player, sheet))| PlayerView {
                id: player.id.clone(),
                name: player.name.clone(),
                seat,
                phase: sheet.phase,
                total: sheet.grand_total(),
                failures: sheet.failures,
                finished: sheet.finished(),
                order_rolls: player
                    .order_rolls
                    .as_deref()
                    .and_then(|r| serde_json::from_str(r).ok()),
                claimed: state.record.claims.iter().any(|c| c.player_id == player.id),
            })
            .collect(),
        winners: game
            .winners()
            .into_iter()
            .map(|seat| players[seat].id.clone())
            .collect(),
        created_at: utc(state.record.game.created_at),
        updated_at: utc(updated_at),
    }
}

impl From<&GameState> for GameView {
    fn from(state: &GameState) -> GameView {
        game_view(
            state,
            &state.game,
            state.open.as_ref().map(|open| open.row.number),
            state.record.game.version,
            state.record.game.updated_at,
        )
    }
}
