//! `GET /v1/phases` and `POST /v1/evaluate`: the rules, without a game. Both are open.

use actix_web::{HttpResponse, get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::api::http::extract::JsonBody;
use crate::api::views::{GroupView, groups};
use crate::error::Result;
use crate::rules::dice::{DiceLayout, evaluate};
use crate::rules::{GroupKind, PHASES};
use crate::service::dice::{ShownDie, not_rollable, shown_roll};

/// A group a phase needs.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhaseGroup {
    pub kind: GroupKind,
    pub size: u8,
}

/// One of the ten phases.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Phase)]
pub struct PhaseInfo {
    pub phase: u8,
    pub label: String,
    pub groups: Vec<PhaseGroup>,
}

/// The ten phases, in order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(transparent)]
pub struct PhaseList(pub Vec<PhaseInfo>);

/// Dice to judge against a phase.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"phase": 1, "dice": [
    {"value": 8}, {"value": 8}, {"value": 8}, {"value": 10}, {"value": "W"}, {"value": "W"}
]}))]
pub struct EvaluateRequest {
    /// 1 to 10.
    #[schema(minimum = 1, maximum = 10)]
    pub phase: u8,
    /// At most ten dice.
    #[schema(max_items = 10)]
    pub dice: Vec<ShownDie>,
    /// Defaults to `standard`.
    #[serde(default)]
    pub dice_layout: DiceLayout,
}

/// How dice make a phase: the best way, if any.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Evaluation)]
pub struct EvaluationView {
    pub phase: u8,
    pub made: bool,
    /// The sum of the natural dice used; 0 when not made.
    pub score: u32,
    /// Which dice make which group; empty when not made.
    pub groups: Vec<GroupView>,
}

/// List the phases
///
/// The ten phases of Phase 10 Dice and the groups each needs.
#[utoipa::path(
    operation_id = "listPhases",
    tag = "rules",
    responses((status = 200, description = "The ten phases", body = PhaseList))
)]
#[get("/phases")]
pub async fn list_phases() -> HttpResponse {
    let phases = PHASES
        .iter()
        .map(|p| PhaseInfo {
            phase: p.number.get(),
            label: p.label.to_string(),
            groups: p
                .groups
                .iter()
                .map(|g| PhaseGroup {
                    kind: g.kind,
                    size: g.size,
                })
                .collect(),
        })
        .collect();
    HttpResponse::Ok().json(PhaseList(phases))
}

/// Evaluate dice
///
/// The best way the dice make the phase: whether they make it, the highest score, which dice
/// make which group and what each wild stands for.
#[utoipa::path(
    operation_id = "evaluateDice",
    tag = "rules",
    request_body = EvaluateRequest,
    responses((status = 200, description = "The verdict", body = EvaluationView))
)]
#[post("/evaluate")]
pub async fn evaluate_dice(body: JsonBody<EvaluateRequest>) -> Result<HttpResponse> {
    let request = body.0;
    let (phase, roll) = shown_roll(request.phase, &request.dice)?;
    request.dice_layout.place(&roll).map_err(not_rollable)?;
    let verdict = evaluate(phase, &roll);
    Ok(HttpResponse::Ok().json(EvaluationView {
        phase: verdict.phase,
        made: verdict.made,
        score: verdict.score,
        groups: groups(&verdict),
    }))
}
