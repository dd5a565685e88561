//! `POST /v1/advice` (open) and `GET /v1/games/{game_id}/turns/{number}/advice`: the best play
//! of the rest of a turn (RULES §8), with its exact odds.

use std::time::Instant;

use actix_web::{HttpResponse, get, post};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::turns::TurnAt;
use crate::api::TurnPath;
use crate::api::http::conditional::IfNoneMatch;
use crate::api::http::extract::{JsonBody, QueryParams};
use crate::error::Result;
use crate::rules::dice::advice::{self, Advice, Goal, Lying};
use crate::rules::dice::layout::{DiceLayout, DieId};
use crate::rules::dice::{Color, Die};
use crate::service::advice::{TurnAdvice, for_turn, refused};
use crate::service::dice::{DieValue, numbered_phase};
use crate::service::games;
use crate::telemetry::{ADVICE, ADVICE_SECONDS};

/// A die as it lies on the table. In phase 8 every die needs its color. Its `die` is never
/// needed: where the faces fit the ten dice in several ways, the figures are the exact average
/// over every way (RULES §8); naming the dice narrows that to the one way named.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LyingDie {
    pub value: DieValue,
    #[serde(default)]
    pub color: Option<Color>,
    /// Which of the ten dice it is: `L1`–`L4` (1–4 and W), `H1`–`H6` (5–10).
    #[serde(default)]
    pub die: Option<DieId>,
}

/// A position of a turn to be advised on.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"phase": 1, "rolls_left": 1, "goal": "make", "dice": [
    {"value": 8}, {"value": 8}, {"value": 3}, {"value": 10}, {"value": "W"},
    {"value": 5}, {"value": 6}, {"value": 1}, {"value": 9}, {"value": 2}
]}))]
pub struct AdviceRequest {
    /// 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub phase: u8,
    /// The ten dice as they lie; left out (or empty) when `rolls_left` is 3, before the first
    /// roll.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub dice: Vec<LyingDie>,
    /// Rolls still to come in the turn: 3 before the first roll, 0 once the turn is over.
    #[schema(minimum = 0, maximum = 3)]
    pub rolls_left: u8,
    /// `make` by default.
    #[serde(default)]
    pub goal: Goal,
    /// Defaults to `standard`. Phase 8 cannot be advised with `any_colors`.
    #[serde(default)]
    pub dice_layout: DiceLayout,
}

/// A choice and what best play after it is worth.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdviceOption {
    /// The positions in `dice` of the dice to roll again; empty: stop.
    pub reroll: Vec<usize>,
    /// The positions in `dice` of the other dice, those kept.
    pub keep: Vec<usize>,
    pub chance: f64,
    pub expected_score: f64,
    /// The choice in one sentence a player reads, figures rounded: "Keep 7 7 7 and 10 10, roll
    /// the other five: 71% to make phase 10".
    #[schema(example = "Keep 7 7 7 and 10 10, roll the other five: 71% to make phase 10")]
    pub summary: String,
}

/// The best play of the rest of a turn. Every figure is exact: a probability or an expectation
/// over the standard dice, rounded only to the nearest double.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Advice)]
pub struct AdviceView {
    pub phase: u8,
    pub goal: Goal,
    pub rolls_left: u8,
    /// The probability that the turn makes the phase, with best play for the goal from here.
    pub chance: f64,
    /// The expected score of the turn (0 when the phase is not made), with the same play.
    pub expected_score: f64,
    /// The best choice now: the positions in `dice` of the dice to roll again; empty: stop (or,
    /// with 3 rolls left, nothing to choose: all ten dice are rolled).
    pub reroll: Vec<usize>,
    /// The five best choices, best first; ties go to the better figure for the other goal, then
    /// to fewer dice rolled. Empty with 3 rolls left: `summary` says so.
    #[schema(max_items = 5)]
    pub options: Vec<AdviceOption>,
    /// What to do now, in one sentence: the best choice's summary, or before the first roll,
    /// that all ten dice are rolled and what best play is worth.
    pub summary: String,
}

/// A choice on a digital turn and what best play after it is worth.
#[derive(Debug, Serialize, ToSchema)]
pub struct TurnAdviceOption {
    /// The dice to roll again, by name; empty: stop (score the turn).
    pub reroll: Vec<DieId>,
    /// The other dice, those kept, by name.
    pub keep: Vec<DieId>,
    pub chance: f64,
    pub expected_score: f64,
    /// The choice in one sentence a player reads, figures rounded.
    pub summary: String,
}

/// The best play of the rest of a digital turn, as its dice lie.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TurnAdvice)]
pub struct TurnAdviceView {
    /// The phase the turn is played on.
    pub phase: u8,
    pub goal: Goal,
    pub rolls_left: u8,
    /// The probability that the turn makes the phase, with best play for the goal from here.
    pub chance: f64,
    /// The expected score of the turn, with the same play.
    pub expected_score: f64,
    /// The best choice now: the dice to roll again, by name; empty: score the turn.
    pub reroll: Vec<DieId>,
    /// The five best choices, best first.
    #[schema(max_items = 5)]
    pub options: Vec<TurnAdviceOption>,
    /// What to do now, in one sentence: the best choice's summary.
    pub summary: String,
}

/// The goal to advise for.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct AdviceQuery {
    /// `make` by default.
    pub goal: Option<Goal>,
}

impl AdviceView {
    fn new(phase: u8, goal: Goal, rolls_left: u8, dice: usize, advice: &Advice) -> AdviceView {
        AdviceView {
            phase,
            goal,
            rolls_left,
            chance: advice.outlook.chance.to_f64(),
            expected_score: advice.outlook.expected_score.to_f64(),
            reroll: advice.reroll().to_vec(),
            options: advice
                .options
                .iter()
                .map(|choice| AdviceOption {
                    reroll: choice.reroll.clone(),
                    keep: kept(dice, &choice.reroll).collect(),
                    chance: choice.outlook.chance.to_f64(),
                    expected_score: choice.outlook.expected_score.to_f64(),
                    summary: choice.summary.clone(),
                })
                .collect(),
            summary: advice.summary.clone(),
        }
    }
}

impl TurnAdviceView {
    fn new(goal: Goal, turn: &TurnAdvice) -> TurnAdviceView {
        let names = |positions: &[usize]| positions.iter().map(|&i| turn.dice[i]).collect();
        let advice = &turn.advice;
        TurnAdviceView {
            phase: turn.phase,
            goal,
            rolls_left: turn.rolls_left,
            chance: advice.outlook.chance.to_f64(),
            expected_score: advice.outlook.expected_score.to_f64(),
            reroll: names(advice.reroll()),
            options: advice
                .options
                .iter()
                .map(|choice| TurnAdviceOption {
                    reroll: names(&choice.reroll),
                    keep: kept(turn.dice.len(), &choice.reroll)
                        .map(|i| turn.dice[i])
                        .collect(),
                    chance: choice.outlook.chance.to_f64(),
                    expected_score: choice.outlook.expected_score.to_f64(),
                    summary: choice.summary.clone(),
                })
                .collect(),
            summary: advice.summary.clone(),
        }
    }
}

/// Counts an answer of the advisor for `goal`, and how long it took since `start`.
fn advised(goal: Goal, start: Instant) {
    let goal = match goal {
        Goal::Make => "make",
        Goal::Score => "score",
    };
    metrics::counter!(ADVICE, "goal" => goal).increment(1);
    metrics::histogram!(ADVICE_SECONDS, "goal" => goal).record(start.elapsed().as_secs_f64());
}

/// The positions of `dice` dice that a choice rolling `reroll` keeps.
fn kept(dice: usize, reroll: &[usize]) -> impl Iterator<Item = usize> + '_ {
    (0..dice).filter(move |i| !reroll.contains(i))
}

/// Advise on a turn
///
/// The best play of the rest of a Phase 10 Dice turn from the dice as they lie: the exact chance
/// of making the phase and the exact expected score with best play for the goal, which dice to
/// roll again, and the five best choices. Open, like evaluate.
#[utoipa::path(
    operation_id = "adviseTurn",
    tag = "rules",
    request_body = AdviceRequest,
    responses((status = 200, description = "The best play from here", body = AdviceView)),
    extensions(("x-declared" = json!({
        "problems": [400, 413, 415, 422, 429],
        "idempotency_key": "none",
        "rate_limit": "advice",
        "secret_path": false
    })))
)]
#[post("/advice")]
pub async fn advise_position(body: JsonBody<AdviceRequest>) -> Result<HttpResponse> {
    let request = body.0;
    let phase = numbered_phase(request.phase)?;
    let lying: Vec<Lying> = request
        .dice
        .iter()
        .map(|d| Lying {
            die: Die::new(d.value.0, d.color),
            id: d.die,
        })
        .collect();
    let (rolls_left, goal, layout) = (request.rolls_left, request.goal, request.dice_layout);
    let dice = lying.len();
    // The first answer for a phase builds its tables: off the server's threads.
    let advice = crate::api::blocking(move || {
        let start = Instant::now();
        let advice = advice::advise(phase, layout, &lying, rolls_left, goal);
        advised(goal, start);
        advice
    })
    .await?
    .map_err(refused)?;
    let view = AdviceView::new(phase.number.get(), goal, rolls_left, dice, &advice);
    Ok(HttpResponse::Ok().json(view))
}

/// Advise on a digital turn
///
/// The same advice for a digital turn whose dice are rolling, on its player's phase, naming the
/// dice to roll again. For whoever may play the turn or read the game.
#[utoipa::path(
    operation_id = "adviseDigitalTurn",
    tag = "turns",
    params(TurnPath, AdviceQuery, IfNoneMatch),
    responses(
        (status = 200, description = "The best play from here", body = TurnAdviceView,
         headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!({
        "problems": [400, 401, 404, 409, 422, 429, 503],
        "idempotency_key": "none",
        "rate_limit": "advice",
        "secret_path": false
    })))
)]
#[get("/games/{game_id}/turns/{number}/advice")]
pub async fn advise_digital_turn(
    turn: TurnAt,
    query: QueryParams<AdviceQuery>,
) -> Result<HttpResponse> {
    let goal = query.0.goal.unwrap_or_default();
    let (game_id, number) = (turn.game_id.clone(), turn.number);
    let (version, advised) = turn
        .state
        .run_as(turn.caller.clone(), move |session, account| {
            let game = games::get(session, &account.id, &game_id)?;
            let start = Instant::now();
            let advice = for_turn(&game, number, goal)?;
            advised(goal, start);
            Ok((game.version(), advice))
        })
        .await?;
    Ok(turn
        .conditions
        .read(version, &TurnAdviceView::new(goal, &advised)))
}
