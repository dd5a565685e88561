//! Advice on the rest of a turn (RULES §8): for dice a player describes, and for a digital
//! turn whose dice are rolling. The figures are the rules'; here they meet the game and the
//! problems a client reads.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::dice::not_rollable;
use crate::digital::turn_in_play;
use crate::error::{Error, ProblemCode, Result};
use crate::replay::GameState;
use crate::rules::dice::advice::{AdviceRefused, Advised, Goal, Lying, advise};
use crate::rules::dice::layout::DieId;
use crate::rules::phases;
use crate::values::EntryNumber;
use crate::whole_game::State;
use crate::whole_game::advice::{GameAdvisor, GameRefused};

/// A refused position as the problem that names the field at fault.
pub fn refused(error: AdviceRefused) -> Error {
    let field = |code, field: String| Error::invalid_field(code, field, error.to_string());
    match &error {
        AdviceRefused::RollsLeft(_) => field(ProblemCode::InvalidValue, "rolls_left".into()),
        AdviceRefused::DiceBeforeFirstRoll | AdviceRefused::NotAllDice { .. } => {
            field(ProblemCode::DiceOnTable, "dice".into())
        }
        AdviceRefused::NotRollable(why) => not_rollable(why.clone()),
        AdviceRefused::Misnamed(why) => field(
            ProblemCode::DieMisnamed,
            format!("dice[{}].die", why.index()),
        ),
        AdviceRefused::ColorsUnknown => field(ProblemCode::ColorsUnknown, "dice_layout".into()),
        AdviceRefused::ColorRequired { index } => {
            field(ProblemCode::ColorRequired, format!("dice[{index}].color"))
        }
    }
}

/// What the player plays the rest of the turn for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = Goal)]
pub enum AdviceGoal {
    /// The highest chance that the final dice make the phase.
    #[default]
    Make,
    /// The highest expected score of the turn (0 when the phase is not made).
    Score,
    /// The most points expected over the rest of a solitaire game (RULES §11): its scores,
    /// bonuses and penalties, this turn included.
    Game,
}

impl AdviceGoal {
    /// The goal of one turn, or none for the whole game.
    pub fn of_turn(self) -> Option<Goal> {
        match self {
            AdviceGoal::Make => Some(Goal::Make),
            AdviceGoal::Score => Some(Goal::Score),
            AdviceGoal::Game => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AdviceGoal::Make => "make",
            AdviceGoal::Score => "score",
            AdviceGoal::Game => "game",
        }
    }
}

/// A refused whole-game position as the problem that names the field at fault.
pub fn game_refused(error: GameRefused) -> Error {
    match error {
        GameRefused::Position(why) => refused(why),
        GameRefused::State(why) => {
            Error::invalid_field(ProblemCode::NoSuchGameState, "game_state", why.to_string())
        }
        GameRefused::Phase8NeedsTable => Error::invalid_field(
            ProblemCode::Phase8TableMissing,
            "rolls_left",
            error.to_string(),
        ),
        GameRefused::Table(why) => Error::bug(format!("the phase 8 table: {why}")),
    }
}

/// Advice on a digital turn in play, for its player's phase.
pub struct TurnAdvice {
    pub phase: u8,
    pub rolls_left: u8,
    /// The physical die at each position the advice names.
    pub dice: Vec<DieId>,
    pub advice: Advised,
}

/// The advice for digital turn `number` of a game the caller may read, as its dice lie now:
/// for one goal of the turn, or for the whole game of a solitaire game (of several players:
/// 422 `solitaire_only`).
pub fn for_turn(
    state: &GameState,
    number: EntryNumber,
    goal: AdviceGoal,
    whole_game: &GameAdvisor,
) -> Result<TurnAdvice> {
    let open = turn_in_play(state, number, false)?;
    let play = state.dice()?;
    let phase = state
        .seat_of(&open.turn.player_id)
        .and_then(|seat| play.game.sheets().get(seat))
        .and_then(|sheet| sheet.phase_in_play())
        .ok_or_else(|| Error::bug(format!("turn {number} is played on no phase")))?;
    let lying: Vec<Lying> = open
        .rolls
        .last()
        .iter()
        .map(|rolled| Lying {
            die: rolled.shown(),
            id: Some(rolled.id),
        })
        .collect();
    let rolls_left = open.rolls.rolls_left() as u8;
    let advice = match goal.of_turn() {
        Some(goal) => Advised::from(
            &advise(
                phases::phase(phase),
                play.rules.layout,
                &lying,
                rolls_left,
                goal,
            )
            .map_err(refused)?,
        ),
        None => {
            let [sheet] = play.game.sheets() else {
                return Err(Error::invalid_field(
                    ProblemCode::SolitaireOnly,
                    "goal",
                    "goal game is the best play of a solitaire game: in a game of \
                     several players, what is best depends on the others; ask for make or score",
                ));
            };
            let at = State {
                phase: phase.get(),
                phases_total: sheet.scores.iter().flatten().sum(),
                failed_on_phase_10: sheet.failures_on_last_phase > 0,
            };
            whole_game
                .advise(phases::phase(phase), &lying, rolls_left, at)
                .map_err(game_refused)?
        }
    };
    Ok(TurnAdvice {
        phase: phase.get(),
        rolls_left,
        dice: open.rolls.last().iter().map(|rolled| rolled.id).collect(),
        advice,
    })
}
