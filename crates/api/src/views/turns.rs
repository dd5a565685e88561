//! A turn, played or in play, with the game right after it.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::games::{GameView, game_view};
use super::groups::{GroupView, MissView, groups, miss};
use super::utc;
use crate::rules::PHASES;
use crate::rules::dice::game::BonusKind;
use crate::rules::dice::rolls::Rolls;
use crate::rules::dice::{Color, Die, DieId};
use crate::service::dice::{DieValue, ShownDie};
use crate::service::replay::{DiceState, GameState, OpenTurn, PlayedTurn};
use crate::service::rolls::{RolledDieView, lying_view, rolls_view};
use crate::values::{EntryNumber, PlayerId};

/// A bonus a turn earned.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Bonus)]
pub struct BonusView {
    pub kind: BonusKind,
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
    #[schema(nullable = false)]
    pub color: Option<Color>,
    /// The physical die, for dice the server rolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub die: Option<DieId>,
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
    #[schema(value_type = i32)]
    pub number: EntryNumber,
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
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
    /// A scored turn that did not make its phase: what was missing, in words and as data, so
    /// that an app can ask "record it as a miss?" of dice entered by hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub miss: Option<MissView>,
    /// Empty while rolling.
    pub bonuses: Vec<BonusView>,
    /// The dice the turn ended with, or, while rolling, as they lie now.
    pub dice: Vec<TurnDie>,
    /// A digital turn's rolls, first to last, each of all ten dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rolls: Option<Vec<Vec<RolledDieView>>>,
    /// How many more times a digital turn's dice may be rolled (0 once it is scored).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rolls_left: Option<usize>,
    pub created_at: DateTime<Utc>,
    /// How many times the turn's dice were replaced after it was recorded (`PUT`): 0 if never.
    pub edited: u32,
    /// The game right after this turn (while rolling, the game as it is).
    pub game: GameView,
}

/// The dice as the last roll of a turn left them, naming their dice.
fn lying(rolls: &Rolls) -> Vec<TurnDie> {
    lying_view(rolls).into_iter().map(TurnDie::from).collect()
}

pub fn turn_view(state: &GameState, dice: &DiceState, turn: &PlayedTurn) -> TurnView {
    let outcome = &turn.outcome;
    let shown = match &turn.rolls {
        Some(rolls) => lying(rolls),
        None => turn.turn.dice.iter().map(TurnDie::from).collect(),
    };
    let ended: Vec<Die> = shown.iter().map(|d| Die::new(d.value.0, d.color)).collect();
    TurnView {
        number: turn.turn.number,
        player_id: turn.turn.player_id.clone(),
        state: TurnState::Scored,
        phase: outcome.phase,
        made: outcome.evaluation.made,
        score: outcome.evaluation.score,
        groups: groups(&outcome.evaluation),
        miss: miss(
            &PHASES[usize::from(outcome.phase) - 1],
            &ended,
            outcome.evaluation.made,
        ),
        bonuses: outcome
            .bonuses
            .iter()
            .map(|b| BonusView {
                kind: b.kind,
                points: b.points,
            })
            .collect(),
        dice: shown,
        rolls: turn.rolls.as_ref().map(rolls_view),
        // A scored turn is rolled no more, however early it was scored.
        rolls_left: turn.rolls.as_ref().map(|_| 0),
        created_at: utc(turn.turn.created_at),
        edited: turn.turn.edited.unsigned_abs(),
        game: game_view(
            state,
            dice,
            &turn.after,
            None,
            turn.turn.version,
            turn.turn.created_at,
        ),
    }
}

/// A digital turn in play, with the game as it is.
pub fn open_turn_view(state: &GameState, dice: &DiceState, open: &OpenTurn) -> TurnView {
    let phase = state
        .seat_of(&open.turn.player_id)
        .map(|seat| dice.game.sheets()[seat].phase)
        .unwrap_or_default();
    TurnView {
        number: open.turn.number,
        player_id: open.turn.player_id.clone(),
        state: TurnState::Rolling,
        phase,
        made: false,
        score: 0,
        groups: Vec::new(),
        miss: None,
        bonuses: Vec::new(),
        dice: lying(&open.rolls),
        rolls: Some(rolls_view(&open.rolls)),
        rolls_left: Some(open.rolls.rolls_left()),
        created_at: utc(open.turn.created_at),
        edited: 0,
        game: GameView::from(state),
    }
}

/// The game's turns after turn `after`, the one in play last (none in a card game).
pub fn turns_after(
    state: &GameState,
    after: Option<EntryNumber>,
) -> impl Iterator<Item = TurnView> + '_ {
    let dice = state.dice().ok();
    let played = dice
        .into_iter()
        .flat_map(|dice| dice.turns.iter().map(move |turn| (dice, turn)))
        .filter(move |(_, t)| Some(t.turn.number) > after)
        .map(|(dice, t)| turn_view(state, dice, t));
    let open = dice
        .into_iter()
        .flat_map(|dice| dice.open.iter().map(move |open| (dice, open)))
        .filter(move |(_, o)| Some(o.turn.number) > after)
        .map(|(dice, o)| open_turn_view(state, dice, o));
    played.chain(open)
}

/// Turn `number` of the game: played, or in play.
pub fn turn_view_of(state: &GameState, number: EntryNumber) -> Option<TurnView> {
    turns_after(state, number.previous())
        .next()
        .filter(|turn| turn.number == number)
}
