//! A digital dice game held against best play (RULES §12, API.md "Game review"): every scored
//! turn's rolls and choices, valued by the advisor, and each player's figures. The figures are
//! the rules' (`rules::dice::review`); here they meet the game and its players.

use serde::Serialize;
use utoipa::ToSchema;

use super::names::Mode;
use super::replay::{DiceState, GameState, PlayedTurn};
use super::rolls::{RolledDieView, throw_view};
use crate::error::{Error, ProblemCode, Result};
use crate::rules::dice::game::Sheet;
use crate::rules::dice::review::{self, ForMake, Label, Tally, TurnReview, Valuer};
use crate::rules::dice::rolls::{Places, Rolls};
use crate::rules::phases::{PHASES, Phase};

/// The one phase made of a color, whose whole-game values need the table of every keep pattern.
const PHASE_OF_COLORS: u8 = 8;
use crate::values::{EntryNumber, GameId, PlayerId};
use crate::whole_game::State;
use crate::whole_game::advice::GameAdvisor;

/// What a review's values are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = ReviewGoal)]
pub enum ReviewGoal {
    /// The chance that the turn makes the phase, from 0 to 1; labels in percentage points.
    Make,
    /// The points still to come in a solitaire game, this turn's included; labels in points.
    Game,
}

/// How many decisions have each label.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
pub struct LabelCounts {
    pub best: u32,
    pub good: u32,
    pub inaccuracy: u32,
    pub mistake: u32,
    pub blunder: u32,
}

impl From<[u32; 5]> for LabelCounts {
    fn from([best, good, inaccuracy, mistake, blunder]: [u32; 5]) -> LabelCounts {
        LabelCounts {
            best,
            good,
            inaccuracy,
            mistake,
            blunder,
        }
    }
}

/// A player's choices and luck over the game.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PlayerReview {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    /// Choices made with rolls left (stopping included).
    pub decisions: u32,
    /// 100 × the mean of value chosen ÷ value best over the decisions; null without any.
    pub accuracy: Option<f64>,
    /// The sum of the player's rolls' luck.
    pub luck: f64,
    pub labels: LabelCounts,
}

impl PlayerReview {
    pub fn of(player_id: PlayerId, tally: &Tally) -> PlayerReview {
        PlayerReview {
            player_id,
            decisions: tally.decisions,
            accuracy: tally.accuracy(),
            luck: tally.luck,
            labels: tally.labels.into(),
        }
    }
}

/// A choice of dice to roll again (none: stopping), beside the best one.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DecisionReview {
    /// The places in `dice` (0–9) rolled again; empty: the player stopped.
    pub reroll: Vec<usize>,
    /// The best choice's places; empty: stopping was best.
    pub best_reroll: Vec<usize>,
    pub value_chosen: f64,
    pub value_best: f64,
    /// `value_best − value_chosen`.
    pub error: f64,
    pub label: Label,
}

/// One roll of a turn, and the choice made after it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct RollReview {
    /// All ten dice as they lie after the roll (`rolled`: the dice it rolled).
    pub dice: Vec<RolledDieView>,
    pub rolls_left: u8,
    /// What the dice were worth, played best from there.
    pub value_after_roll: f64,
    /// `value_after_roll` minus what rolling was worth before it.
    pub luck: f64,
    /// None after the third roll.
    pub decision: Option<DecisionReview>,
}

/// A scored digital turn held against best play.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = TurnReview)]
pub struct TurnReviewView {
    #[schema(value_type = i32, minimum = 1)]
    pub number: EntryNumber,
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    /// The phase the turn was played on.
    pub phase: u8,
    /// What the turn was worth before its first roll.
    pub value_before: f64,
    /// What its final dice were worth: 1 or 0 for make.
    pub result: f64,
    /// The sum of its rolls' luck; `result − value_before = luck − error`.
    pub luck: f64,
    /// The sum of its choices' errors.
    pub error: f64,
    pub rolls: Vec<RollReview>,
}

/// A digital game held against best play.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = GameReview)]
pub struct GameReview {
    #[schema(value_type = String, format = Uuid)]
    pub game_id: GameId,
    pub goal: ReviewGoal,
    /// Why a solitaire game is reviewed for make, when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub note: Option<String>,
    /// Every player, in seat order.
    pub players: Vec<PlayerReview>,
    /// The scored turns, in order; a turn still rolling is left out.
    pub turns: Vec<TurnReviewView>,
}

/// The review of a digital game, for `make` with several players and for the whole game in
/// solitaire (for `make` there too when the server cannot value phase 8 for the whole game).
pub fn of(state: &GameState, whole_game: &GameAdvisor) -> Result<GameReview> {
    let play = state.dice()?;
    if play.rules.mode != Mode::Digital {
        return Err(Error::conflict(
            ProblemCode::NoRolls,
            "the players of a tabletop game roll their own dice, so the server has no rolls to \
             review: only a digital game's turns can be reviewed"
                .into(),
        ));
    }
    let solitaire = state.record.players.len() == 1;
    let reaches_phase_8 = play
        .turns
        .iter()
        .any(|t| t.outcome.phase == PHASE_OF_COLORS);
    let (goal, note) = match solitaire {
        false => (ReviewGoal::Make, None),
        true if !reaches_phase_8 || whole_game.values_all_of_phase_8() => (ReviewGoal::Game, None),
        true => (
            ReviewGoal::Make,
            Some(
                "this server was started without phase 8's table for the whole game, so this \
                 solitaire game, which reached phase 8, is reviewed turn by turn for the chance \
                 to make each phase"
                    .to_owned(),
            ),
        ),
    };
    let mut tallies = vec![Tally::default(); state.record.players.len()];
    let mut turns = Vec::new();
    for (at, turn) in play.turns.iter().enumerate() {
        let Some(rolls) = &turn.rolls else { continue };
        let reviewed = match goal {
            ReviewGoal::Make => for_make(play, turn, rolls),
            ReviewGoal::Game => {
                let valuer = whole_game.valuer(phase_of(turn), solitaire_state(play, at));
                review_with(&valuer, rolls)
            }
        }?;
        tallies[turn.outcome.seat].add(&reviewed);
        turns.push(turn_view(turn, rolls, reviewed));
    }
    Ok(GameReview {
        game_id: state.record.game.id.clone(),
        goal,
        note,
        players: (state.record.players.iter().zip(&tallies))
            .map(|(player, tally)| PlayerReview::of(player.id.clone(), tally))
            .collect(),
        turns,
    })
}

/// Each seat's choices over a game's scored turns, reviewed for `make`: what a finished digital
/// game of several players adds to its people's figures (`figures::results`).
pub(super) fn seats_for_make(play: &DiceState) -> Result<Vec<Tally>> {
    let mut tallies = vec![Tally::default(); play.game.sheets().len()];
    for turn in &play.turns {
        if let Some(rolls) = &turn.rolls {
            tallies[turn.outcome.seat].add(&for_make(play, turn, rolls)?);
        }
    }
    Ok(tallies)
}

fn phase_of(turn: &PlayedTurn) -> &'static Phase {
    &PHASES[usize::from(turn.outcome.phase) - 1]
}

/// A scored digital turn reviewed for the chance to make its phase.
fn for_make(play: &DiceState, turn: &PlayedTurn, rolls: &Rolls) -> Result<TurnReview> {
    let valuer = ForMake {
        phase: phase_of(turn),
        layout: play.rules.layout,
    };
    review_with(&valuer, rolls)
}

/// Where a solitaire game stood as its turn `at` began (RULES §11).
fn solitaire_state(play: &DiceState, at: usize) -> State {
    let before = at.checked_sub(1);
    let sheet = before.map_or_else(Sheet::default, |t| play.turns[t].after.sheets()[0].clone());
    State {
        phase: play.turns[at].outcome.phase,
        phases_total: sheet.scores.iter().flatten().sum(),
        failed_on_phase_10: sheet.failures_on_last_phase > 0,
    }
}

/// A stored turn's review: the advisor refusing its own server's rolls is a bug.
fn review_with<V: Valuer>(valuer: &V, rolls: &Rolls) -> Result<TurnReview>
where
    V::Refused: std::fmt::Display,
{
    review::review_turn(valuer, rolls)
        .map_err(|why| Error::bug(format!("a digital turn could not be reviewed: {why}")))
}

fn places(set: Places) -> Vec<usize> {
    (0..16).filter(|at| set & 1 << at != 0).collect()
}

fn turn_view(turn: &PlayedTurn, rolls: &Rolls, reviewed: TurnReview) -> TurnReviewView {
    TurnReviewView {
        number: turn.turn.number,
        player_id: turn.turn.player_id.clone(),
        phase: turn.outcome.phase,
        value_before: reviewed.value_before,
        result: reviewed.result,
        luck: reviewed.luck,
        error: reviewed.error,
        rolls: (reviewed.rolls.into_iter().enumerate())
            .map(|(k, roll)| RollReview {
                dice: throw_view(&rolls.throws()[k], rolls.rolled(k)),
                rolls_left: roll.rolls_left,
                value_after_roll: roll.value_after_roll,
                luck: roll.luck,
                decision: roll.decision.map(|d| DecisionReview {
                    reroll: places(d.reroll),
                    best_reroll: places(d.best_reroll),
                    value_chosen: d.value_chosen,
                    value_best: d.value_best,
                    error: d.error,
                    label: d.label,
                }),
            })
            .collect(),
    }
}
