//! A digital turn's dice: roll some again, or score the turn as they lie. The turn itself is
//! started like any turn, by `POST /v1/games/{game_id}/turns` with only a `player_id`.

use actix_web::{HttpResponse, post};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::TurnPath;
use crate::error::{Error, FieldError, ProblemCode, Result};
use crate::http::conditional::IfMatch;
use crate::http::extract::{JsonBody, RawBody};
use crate::http::idempotency::IdempotencyKey;
use crate::http::request_metrics::count_if_done;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::resources::entries::{TurnAt, entry_after};
use crate::rules::dice::{DieId, MAX_DICE};
use crate::service::entries::EntryChange;
use crate::telemetry::TURNS;
use crate::views::{TurnView, turn_view_of};

/// Which dice to roll again.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"reroll": ["H1", "H4", "L3"]}))]
pub struct RerollDice {
    /// The dice to roll again, by name (L1–L4, H1–H6), each at most once; the others keep
    /// their faces.
    #[schema(value_type = Vec<DieId>, min_items = 1, max_items = 10)]
    pub reroll: Vec<String>,
}

/// Reads the named dice; an unknown name is refused with the field that holds it.
fn named_dice(names: &[String]) -> Result<Vec<DieId>> {
    if names.len() > MAX_DICE {
        return Err(Error::invalid_field(
            ProblemCode::TooManyDice,
            "reroll",
            format!("there are {MAX_DICE} dice, not {}", names.len()),
        ));
    }
    let mut errors = Vec::new();
    let dice: Vec<DieId> = names
        .iter()
        .enumerate()
        .filter_map(|(i, name)| {
            let die = DieId::from_name(name);
            if die.is_none() {
                errors.push(FieldError::new(
                    format!("reroll[{i}]"),
                    format!("{name:?} is not a die: the dice are L1 to L4 and H1 to H6"),
                ));
            }
            die
        })
        .collect();
    if errors.is_empty() {
        return Ok(dice);
    }
    Err(Error::invalid_fields(ProblemCode::UnknownDie, errors))
}

/// Roll dice again
///
/// Rolls the named dice of the digital turn in play again. A turn has three rolls: after the
/// third, it is scored at once (and the answer is the scored turn).
#[utoipa::path(
    operation_id = "rollDice",
    tag = "turns",
    params(TurnPath, IfMatch),
    request_body = RerollDice,
    responses(
        (status = 200, description = "The turn after the roll", body = TurnView,
         headers(("ETag" = String, description = "The game's version after the roll"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games/{game_id}/turns/{number}/rolls")]
pub async fn roll_dice(
    turn: TurnAt,
    key: IdempotencyKey,
    body: JsonBody<RerollDice>,
) -> Result<HttpResponse> {
    let JsonBody(request, raw) = body;
    let action = EntryChange::RollAgain(named_dice(&request.reroll)?);
    act_on(turn, key, Some(&raw), action).await
}

/// Score a turn
///
/// Ends the digital turn in play and scores its dice as they lie.
#[utoipa::path(
    operation_id = "scoreTurn",
    tag = "turns",
    params(TurnPath, IfMatch),
    responses(
        (status = 200, description = "The scored turn and the game after it", body = TurnView,
         headers(("ETag" = String, description = "The game's version after the turn"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 403, 404, 409, 412, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games/{game_id}/turns/{number}/score")]
pub async fn score_turn(turn: TurnAt, key: IdempotencyKey) -> Result<HttpResponse> {
    act_on(turn, key, None, EntryChange::Score)
        .await
        .inspect(|answer| count_if_done(answer, TURNS))
}

/// Does `what` to the turn in play, and answers with the turn as it left it.
async fn act_on(
    turn: TurnAt,
    key: IdempotencyKey,
    body: Option<&RawBody>,
    what: EntryChange,
) -> Result<HttpResponse> {
    turn.act(key, body, what, entry_after(turn_view_of)).await
}
