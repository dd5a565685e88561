//! The JSON the API answers with, built from replayed games. Every body is a named schema.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use crate::rules::digital::Rolls;
use crate::rules::game::{BonusKind, Game, ranks};
use crate::rules::{Evaluation, GroupKind, StandsFor};
use crate::service::dice::{ColorName, DieValue, ShownDie};
use crate::service::names::{EditionName, LayoutName, Mode, StatusName};
use crate::service::replay::{GameState, OpenTurn, PlayedTurn};
use crate::service::rolls::{DieName, RolledDieView, rolls_view, throw_view};
use crate::store::games::PlayerRow;

pub fn utc(time: NaiveDateTime) -> DateTime<Utc> {
    time.and_utc()
}

/// The kind of a group of a phase.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = GroupKind)]
#[serde(rename_all = "snake_case")]
pub enum GroupKindName {
    Set,
    Run,
    Color,
}

impl From<GroupKind> for GroupKindName {
    fn from(kind: GroupKind) -> Self {
        match kind {
            GroupKind::Set => GroupKindName::Set,
            GroupKind::Run => GroupKindName::Run,
            GroupKind::Color => GroupKindName::Color,
        }
    }
}

/// What a wild stands for: a number (in a set or run) or a color (in a color group).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(untagged)]
pub enum WildStandsFor {
    Number(u8),
    Color(ColorName),
}

/// A die used in a group.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GroupDie {
    pub value: DieValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<ColorName>,
    /// Set on a wild only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stands_for: Option<WildStandsFor>,
    /// The die's position in the dice sent.
    pub index: usize,
}

/// One group of a phase and the dice that make it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Group)]
pub struct GroupView {
    pub kind: GroupKindName,
    pub size: u8,
    pub dice: Vec<GroupDie>,
}

pub fn groups(evaluation: &Evaluation) -> Vec<GroupView> {
    evaluation
        .groups
        .iter()
        .map(|g| GroupView {
            kind: g.group.kind.into(),
            size: g.group.size,
            dice: g
                .dice
                .iter()
                .map(|used| GroupDie {
                    value: DieValue(used.die.face),
                    color: used.die.color.map(ColorName::from),
                    stands_for: used.stands_for.map(|s| match s {
                        StandsFor::Number(n) => WildStandsFor::Number(n.get()),
                        StandsFor::Color(c) => WildStandsFor::Color(c.into()),
                    }),
                    index: used.index,
                })
                .collect(),
        })
        .collect()
}

/// A player of a game, as the game stands.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Player)]
pub struct PlayerView {
    #[schema(format = Uuid)]
    pub id: String,
    pub name: String,
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
    #[schema(format = Uuid)]
    pub id: String,
    pub mode: Mode,
    pub edition: EditionName,
    pub dice_layout: LayoutName,
    pub status: StatusName,
    pub round: u32,
    /// Whose turn it is; null once the game is over.
    #[schema(format = Uuid)]
    pub current_player_id: Option<String>,
    /// The number of the digital turn in play (rolled, not yet scored), if any.
    pub turn_in_play: Option<i32>,
    /// Grows by one on every change of the game.
    pub version: i64,
    pub players: Vec<PlayerView>,
    /// The players with the highest grand total, once the game is over.
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn game_view(
    state: &GameState,
    game: &Game,
    in_play: Option<i32>,
    version: i64,
    updated_at: NaiveDateTime,
) -> GameView {
    let players: &[PlayerRow] = &state.record.players;
    GameView {
        id: state.record.game.id.clone(),
        mode: state.mode,
        edition: state.edition,
        dice_layout: state.layout,
        status: game.status().into(),
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

/// The kind of a bonus.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[schema(as = BonusKind)]
#[serde(rename_all = "snake_case")]
pub enum BonusKindName {
    FivePhase,
    FirstFinish,
}

/// A bonus a turn earned.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Bonus)]
pub struct BonusView {
    pub kind: BonusKindName,
    pub points: u32,
}

/// Where a turn stands: a digital turn is `rolling` until it is scored.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TurnState {
    Rolling,
    Scored,
}

/// A die of a turn: as the player showed it, or, rolled by the server, naming its die.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TurnDie {
    pub value: DieValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<ColorName>,
    /// The physical die, for dice the server rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub die: Option<DieName>,
}

impl From<&ShownDie> for TurnDie {
    fn from(shown: &ShownDie) -> TurnDie {
        TurnDie {
            value: shown.value,
            color: shown.color,
            die: None,
        }
    }
}

impl From<RolledDieView> for TurnDie {
    fn from(rolled: RolledDieView) -> TurnDie {
        TurnDie {
            value: rolled.value,
            color: rolled.color,
            die: Some(rolled.die),
        }
    }
}

/// A turn and the game right after it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Turn)]
pub struct TurnView {
    /// 1 for the first turn of the game.
    pub number: i32,
    #[schema(format = Uuid)]
    pub player_id: String,
    /// `scored` for every tabletop turn; a digital turn is `rolling` until it is scored.
    pub state: TurnState,
    /// The phase the turn was played on.
    pub phase: u8,
    /// Whether the turn made the phase (false while rolling).
    pub made: bool,
    /// 0 while rolling.
    pub score: u32,
    /// Empty while rolling.
    pub groups: Vec<GroupView>,
    /// Empty while rolling.
    pub bonuses: Vec<BonusView>,
    /// The dice the turn ended with, or, while rolling, as they lie now.
    pub dice: Vec<TurnDie>,
    /// A digital turn's rolls, first to last, each of all ten dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolls: Option<Vec<Vec<RolledDieView>>>,
    /// How many more times a digital turn's dice may be rolled (0 once it is scored).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolls_left: Option<usize>,
    pub created_at: DateTime<Utc>,
    /// The game right after this turn (while rolling, the game as it is).
    pub game: GameView,
}

/// The dice as the last roll of a turn left them, naming their dice.
fn lying(rolls: &Rolls) -> Vec<TurnDie> {
    throw_view(rolls.last())
        .into_iter()
        .map(TurnDie::from)
        .collect()
}

pub fn turn_view(state: &GameState, turn: &PlayedTurn) -> TurnView {
    let outcome = &turn.outcome;
    let dice = match &turn.rolls {
        Some(rolls) => lying(rolls),
        None => turn.dice.iter().map(TurnDie::from).collect(),
    };
    TurnView {
        number: turn.row.number,
        player_id: turn.row.player_id.clone(),
        state: TurnState::Scored,
        phase: outcome.phase,
        made: outcome.evaluation.made,
        score: outcome.evaluation.score,
        groups: groups(&outcome.evaluation),
        bonuses: outcome
            .bonuses
            .iter()
            .map(|b| BonusView {
                kind: match b.kind {
                    BonusKind::FivePhase => BonusKindName::FivePhase,
                    BonusKind::FirstFinish => BonusKindName::FirstFinish,
                },
                points: b.points,
            })
            .collect(),
        dice,
        rolls: turn.rolls.as_ref().map(rolls_view),
        // A scored turn is rolled no more, however early it was scored.
        rolls_left: turn.rolls.as_ref().map(|_| 0),
        created_at: utc(turn.row.created_at),
        game: game_view(
            state,
            &turn.after,
            None,
            turn.row.version,
            turn.row.created_at,
        ),
    }
}

/// A digital turn in play, with the game as it is.
pub fn open_turn_view(state: &GameState, open: &OpenTurn) -> TurnView {
    let phase = state
        .seat_of(&open.row.player_id)
        .map(|seat| state.game.sheets()[seat].phase)
        .unwrap_or_default();
    TurnView {
        number: open.row.number,
        player_id: open.row.player_id.clone(),
        state: TurnState::Rolling,
        phase,
        made: false,
        score: 0,
        groups: Vec::new(),
        bonuses: Vec::new(),
        dice: lying(&open.rolls),
        rolls: Some(rolls_view(&open.rolls)),
        rolls_left: Some(open.rolls.rolls_left()),
        created_at: utc(open.row.created_at),
        game: GameView::from(state),
    }
}

/// The game's turns after turn `after`, the one in play last.
pub fn turns_after(state: &GameState, after: i32) -> impl Iterator<Item = TurnView> + '_ {
    let played = state
        .turns
        .iter()
        .filter(move |t| t.row.number > after)
        .map(|t| turn_view(state, t));
    let open = state
        .open
        .iter()
        .filter(move |o| o.row.number > after)
        .map(|o| open_turn_view(state, o));
    played.chain(open)
}

/// The latest turn: the one in play, or the last one played.
pub fn latest_turn(state: &GameState) -> Option<TurnView> {
    match (&state.open, state.turns.last()) {
        (Some(open), _) => Some(open_turn_view(state, open)),
        (None, Some(turn)) => Some(turn_view(state, turn)),
        (None, None) => None,
    }
}

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
    #[schema(format = Uuid)]
    pub player_id: String,
    pub name: String,
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
    #[schema(format = Uuid)]
    pub game_id: String,
    pub status: StatusName,
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<String>,
    pub players: Vec<ScoresheetLine>,
}

impl From<&GameState> for Scoresheet {
    fn from(state: &GameState) -> Scoresheet {
        let game = &state.game;
        let players = &state.record.players;
        let ranks = ranks(game.sheets());
        Scoresheet {
            game_id: state.record.game.id.clone(),
            status: game.status().into(),
            winners: game
                .winners()
                .into_iter()
                .map(|seat| players[seat].id.clone())
                .collect(),
            players: players
                .iter()
                .zip(game.sheets())
                .enumerate()
                .map(|(seat, (player, sheet))| ScoresheetLine {
                    player_id: player.id.clone(),
                    name: player.name.clone(),
                    seat,
                    phases: crate::rules::DICE_PHASES
                        .iter()
                        .zip(sheet.scores)
                        .map(|(phase, score)| PhaseScore {
                            phase: phase.number,
                            label: phase.label.to_string(),
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
