//! `POST /v1/advice` (open) and `GET /v1/games/{game_id}/turns/{number}/advice`: the best play
//! of the rest of a turn (RULES §8), with its exact odds.

use std::time::Instant;

use actix_web::{HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::entries::TurnAt;
use crate::error::{Error, ProblemCode, Result};
use crate::http::conditional::IfNoneMatch;
use crate::http::extract::{JsonBody, QueryParams};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::rules::dice::advice::{self, Advised, Lying};
use crate::rules::dice::layout::{DiceLayout, DieId};
use crate::rules::dice::{Color, Die};
use crate::service::advice::{AdviceGoal, TurnAdvice, for_turn, game_refused, refused};
use crate::service::dice::{DieValue, numbered_phase};
use crate::service::games;
use crate::telemetry::{ADVICE, ADVICE_SECONDS};
use crate::whole_game::State;
use crate::{AppState, TurnPath};

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
    /// `make` by default; `game` for a solitaire game, with its `game_state`.
    #[serde(default)]
    pub goal: AdviceGoal,
    /// With `goal: game` only (and needed then): where the solitaire game stands.
    #[serde(default)]
    pub game_state: Option<GameStateBody>,
    /// Defaults to `standard`. Phase 8 cannot be advised with `any_colors`, nor a whole game.
    #[serde(default)]
    pub dice_layout: DiceLayout,
}

/// Where a solitaire game stands between turns (RULES §11): with `phase`, the state whose
/// value the advice for the whole game plays for.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = GameState)]
pub struct GameStateBody {
    /// The total of the phases made so far (0 on phase 1); it decides the Five Phase Bonus.
    #[schema(minimum = 0, maximum = 649)]
    pub phases_total: u32,
    /// Whether phase 10 has already failed once (its First Finish Bonus is then out of reach).
    #[serde(default)]
    pub failed_on_phase_10: bool,
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
    /// With `goal: game`: the points still to come in the game with best play after this
    /// choice, this turn included (scores, bonuses, penalties).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_to_come: Option<f64>,
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
    pub goal: AdviceGoal,
    pub rolls_left: u8,
    /// The probability that the turn makes the phase, with best play for the goal from here.
    pub chance: f64,
    /// The expected score of the turn (0 when the phase is not made), with the same play.
    pub expected_score: f64,
    /// With `goal: game`: the points still to come in the game with best play from here, this
    /// turn included; with 3 rolls left, the value of the state.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_to_come: Option<f64>,
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
    /// With `goal=game`: the points still to come in the game after this choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_to_come: Option<f64>,
    /// The choice in one sentence a player reads, figures rounded.
    pub summary: String,
}

/// The best play of the rest of a digital turn, as its dice lie.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = TurnAdvice)]
pub struct TurnAdviceView {
    /// The phase the turn is played on.
    pub phase: u8,
    pub goal: AdviceGoal,
    pub rolls_left: u8,
    /// The probability that the turn makes the phase, with best play for the goal from here.
    pub chance: f64,
    /// The expected score of the turn, with the same play.
    pub expected_score: f64,
    /// With `goal=game`: the points still to come in the game with best play from here.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_to_come: Option<f64>,
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
    /// `make` by default; `game` in a solitaire game only.
    pub goal: Option<AdviceGoal>,
}

impl AdviceView {
    fn new(
        phase: u8,
        goal: AdviceGoal,
        rolls_left: u8,
        dice: usize,
        advice: &Advised,
    ) -> AdviceView {
        AdviceView {
            phase,
            goal,
            rolls_left,
            chance: advice.chance,
            expected_score: advice.expected_score,
            expected_to_come: advice.expected_to_come,
            reroll: advice.reroll().to_vec(),
            options: advice
                .options
                .iter()
                .map(|choice| AdviceOption {
                    reroll: choice.reroll.clone(),
                    keep: kept(dice, &choice.reroll).collect(),
                    chance: choice.chance,
                    expected_score: choice.expected_score,
                    expected_to_come: choice.expected_to_come,
                    summary: choice.summary.clone(),
                })
                .collect(),
            summary: advice.summary.clone(),
        }
    }
}

impl TurnAdviceView {
    fn new(goal: AdviceGoal, turn: &TurnAdvice) -> TurnAdviceView {
        let names = |positions: &[usize]| positions.iter().map(|&i| turn.dice[i]).collect();
        let advice = &turn.advice;
        TurnAdviceView {
            phase: turn.phase,
            goal,
            rolls_left: turn.rolls_left,
            chance: advice.chance,
            expected_score: advice.expected_score,
            expected_to_come: advice.expected_to_come,
            reroll: names(advice.reroll()),
            options: advice
                .options
                .iter()
                .map(|choice| TurnAdviceOption {
                    reroll: names(&choice.reroll),
                    keep: kept(turn.dice.len(), &choice.reroll)
                        .map(|i| turn.dice[i])
                        .collect(),
                    chance: choice.chance,
                    expected_score: choice.expected_score,
                    expected_to_come: choice.expected_to_come,
                    summary: choice.summary.clone(),
                })
                .collect(),
            summary: advice.summary.clone(),
        }
    }
}

/// Counts an answer of the advisor for `goal`, and how long it took since `start`.
fn advised(goal: AdviceGoal, start: Instant) {
    let goal = goal.name();
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
/// roll again, and the five best choices. With `goal: game` and the `game_state` of a solitaire
/// game, best play for the whole game (RULES §11), each choice with the points still to come.
/// Open, like evaluate.
#[utoipa::path(
    operation_id = "adviseTurn",
    tag = "rules",
    request_body = AdviceRequest,
    responses((status = 200, description = "The best play from here", body = AdviceView)),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 413, 415, 422, 429],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Advice,
        secret_path: false,
    })))
)]
#[post("/advice")]
pub async fn advise_position(
    state: web::Data<AppState>,
    body: JsonBody<AdviceRequest>,
) -> Result<HttpResponse> {
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
    let at = game_state(goal, request.game_state, phase.number.get(), layout)?;
    let dice = lying.len();
    let whole_game = state.game_advisor.clone();
    // The first answer for a phase builds its tables: off the server's threads.
    let advice = crate::blocking(move || {
        let start = Instant::now();
        let advice = match (goal.of_turn(), at) {
            (Some(goal), _) => advice::advise(phase, layout, &lying, rolls_left, goal)
                .map(|advice| Advised::from(&advice))
                .map_err(refused),
            (None, Some(at)) => whole_game
                .advise(phase, &lying, rolls_left, at)
                .map_err(game_refused),
            (None, None) => unreachable!("game_state checks the state of a whole game"),
        };
        advised(goal, start);
        advice
    })
    .await??;
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
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 409, 422, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Advice,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/turns/{number}/advice")]
pub async fn advise_digital_turn(
    turn: TurnAt,
    query: QueryParams<AdviceQuery>,
) -> Result<HttpResponse> {
    let goal = query.0.goal.unwrap_or_default();
    let (game_id, number) = (turn.game_id.clone(), turn.number);
    let whole_game = turn.state.game_advisor.clone();
    let (version, advised) = turn
        .state
        .run_as(turn.caller.clone(), move |session, account| {
            let game = games::get(session, &account.id, &game_id)?;
            let start = Instant::now();
            let advice = for_turn(&game, number, goal, &whole_game)?;
            advised(goal, start);
            Ok((game.version(), advice))
        })
        .await?;
    Ok(turn
        .conditions
        .read(version, &TurnAdviceView::new(goal, &advised)))
}

/// The state of the solitaire game a request for `goal: game` is in; `game_state` is read with
/// that goal only, and needed then.
fn game_state(
    goal: AdviceGoal,
    body: Option<GameStateBody>,
    phase: u8,
    layout: DiceLayout,
) -> Result<Option<State>> {
    let field = |code, field: &str, message: &str| Err(Error::invalid_field(code, field, message));
    match (goal, body) {
        (AdviceGoal::Game, None) => field(
            ProblemCode::NoSuchGameState,
            "game_state",
            "advice for the whole game needs where the solitaire game stands: give game_state \
             with phases_total (and failed_on_phase_10 on phase 10)",
        ),
        (AdviceGoal::Game, Some(_)) if layout == DiceLayout::AnyColors => field(
            ProblemCode::InvalidValue,
            "dice_layout",
            "the whole game is solved for the rulebook's standard dice, not any_colors",
        ),
        (AdviceGoal::Game, Some(body)) => Ok(Some(State {
            phase,
            phases_total: body.phases_total,
            failed_on_phase_10: body.failed_on_phase_10,
        })),
        (_, Some(_)) => field(
            ProblemCode::NoSuchGameState,
            "game_state",
            "game_state is used only with goal game (the best play of a whole solitaire game): leave it out, or ask with goal game",
        ),
        (_, None) => Ok(None),
    }
}
