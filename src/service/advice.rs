//! Advice on the rest of a turn (RULES §8): for dice a player describes, and for a digital
//! turn whose dice are rolling. The figures are the rules'; here they meet the game and the
//! problems a client reads.

use crate::error::{Error, ProblemCode, Result};
use crate::rules::dice::advice::{Advice, AdviceRefused, Goal, Lying, advise};
use crate::rules::dice::layout::DieId;
use crate::rules::phases;
use crate::service::dice::not_rollable;
use crate::service::digital::turn_in_play;
use crate::service::replay::GameState;
use crate::values::TurnNumber;

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

/// Advice on a digital turn in play, for its player's phase.
pub struct TurnAdvice {
    pub phase: u8,
    pub rolls_left: u8,
    /// The physical die at each position the advice names.
    pub dice: Vec<DieId>,
    pub advice: Advice,
}

/// The advice for digital turn `number` of a game the caller may read, as its dice lie now.
pub fn for_turn(state: &GameState, number: TurnNumber, goal: Goal) -> Result<TurnAdvice> {
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
    let advice =
        advise(phases::phase(phase), play.layout, &lying, rolls_left, goal).map_err(refused)?;
    Ok(TurnAdvice {
        phase: phase.get(),
        rolls_left,
        dice: open.rolls.last().iter().map(|rolled| rolled.id).collect(),
        advice,
    })
}
