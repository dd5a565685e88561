//! `GET /v1/phases` and `POST /v1/evaluate`: the rules, without a game. Both are open.

use actix_web::{HttpResponse, get, post};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{Error, FieldError, ProblemCode, Result};
use crate::http::extract::{JsonBody, read_json};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::resources::games::WhichGame;
use crate::rules::cards::{self, Card, CardEdition, LaidGroup, MAX_EVALUATED, fits_one_deck};
use crate::rules::dice::advice::{Goal, one_turn_of};
use crate::rules::dice::{DiceLayout, evaluate};
use crate::rules::{GroupKind, PHASES, PhaseNumber};
use crate::service::dice::{ShownDie, not_rollable, shown_roll};
use crate::service::names::{CardsKind, DiceKind, GameKind};
use crate::views::{GroupView, MissView, groups, miss};

/// A group a phase needs.
#[derive(Debug, Serialize, ToSchema)]
pub struct PhaseGroup {
    pub kind: GroupKind,
    pub size: u8,
}

/// A whole turn of Phase 10 Dice on a phase, played best (RULES §8): exact figures.
#[derive(Debug, Serialize, ToSchema)]
pub struct OneTurn {
    /// The probability of making the phase in one turn, played for the best chance.
    pub chance: f64,
    /// The expected score of one turn, played for the best expected score.
    pub expected_score: f64,
}

/// One of the ten phases.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Phase)]
pub struct PhaseInfo {
    pub phase: u8,
    pub label: String,
    pub groups: Vec<PhaseGroup>,
    /// Phase 10 Dice: what a whole turn on this phase is worth with best play.
    pub one_turn: OneTurn,
}

/// The ten phases, in order.
#[derive(Debug, Serialize, ToSchema)]
#[serde(transparent)]
pub struct PhaseList(pub Vec<PhaseInfo>);

/// Dice, or cards, to judge against a phase: told apart by `game` (`dice` when it is left out
/// or null).
// Without an OpenAPI discriminator, whose property every branch would have to require: the two
// shapes are told apart by the fields each requires (`dice`, `cards`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // a schema: the body is read by `WhichGame`, then as the shape it names
#[schema(as = EvaluateRequest)]
pub enum EvaluateAny {
    Dice(EvaluateDice),
    Cards(EvaluateCards),
}

/// Dice to judge against a phase.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"phase": 1, "dice": [
    {"value": 8}, {"value": 8}, {"value": 8}, {"value": 10}, {"value": "W"}, {"value": "W"}
]}))]
pub struct EvaluateDice {
    /// `dice`, the default (as is null).
    #[serde(default)]
    pub game: Option<DiceKind>,
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

/// Cards to judge against a phase of the card game: what a player could lay down.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"game": "cards", "phase": 2, "cards": [
    {"value": 7, "color": "red"}, {"value": 7, "color": "blue"}, {"value": "W"},
    {"value": 3, "color": "green"}, {"value": 4, "color": "green"}, {"value": 5, "color": "red"},
    {"value": 6, "color": "yellow"}, {"value": "S"}
]}))]
pub struct EvaluateCards {
    pub game: CardsKind,
    /// 1 to 10: the same ten phases as the dice game.
    #[schema(minimum = 1, maximum = 10)]
    pub phase: u8,
    /// The cards, at most 24, all from one deck.
    #[schema(max_items = 24)]
    pub cards: Vec<Card>,
    /// Defaults to `standard`; `el-chavo` asks for a Wild or an 8 in a set of phase 10.
    #[serde(default)]
    pub edition: CardEdition,
}

/// A verdict: on dice, or on cards.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(as = Evaluation, discriminator(property_name = "game", mapping(
    ("dice" = "#/components/schemas/DiceEvaluation"),
    ("cards" = "#/components/schemas/CardEvaluation")
)))]
pub enum EvaluationAny {
    Dice(EvaluationView),
    Cards(CardEvaluationView),
}

/// How dice make a phase: the best way, if any.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = DiceEvaluation)]
pub struct EvaluationView {
    /// `dice`.
    pub game: DiceKind,
    pub phase: u8,
    pub made: bool,
    /// The sum of the natural dice used; 0 when not made.
    pub score: u32,
    /// Which dice make which group; empty when not made.
    pub groups: Vec<GroupView>,
    /// When not made: what is missing, in words and as data.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub miss: Option<MissView>,
}

/// How cards make a phase: the way that lays down the most points, if any.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CardEvaluation)]
pub struct CardEvaluationView {
    /// `cards`.
    pub game: CardsKind,
    pub phase: u8,
    pub made: bool,
    /// The points of the cards laid down (0 when not made).
    pub points_laid: u32,
    /// The points of the cards left over: what they would cost if the hand ended now.
    pub points_left: u32,
    /// Which cards make which group, and what each Wild stands for; empty when not made.
    pub groups: Vec<LaidGroup>,
}

/// List the phases
///
/// The ten phases and the groups each needs: the same in Phase 10 Dice and in the card game
/// (where a run is of cards 1 to 12, and a Wild stands for any number or color).
#[utoipa::path(
    operation_id = "listPhases",
    tag = "rules",
    responses((status = 200, description = "The ten phases", body = PhaseList)),
    extensions(("x-declared" = json!(Declared {
        problems: vec![],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/phases")]
pub async fn list_phases() -> Result<HttpResponse> {
    // The first call works out every phase's tables: off the server's threads.
    let turns = crate::blocking(|| {
        PHASES.map(|p| OneTurn {
            chance: one_turn_of(&p, Goal::Make).chance.to_f64(),
            expected_score: one_turn_of(&p, Goal::Score).expected_score.to_f64(),
        })
    })
    .await?;
    let phases = PHASES
        .iter()
        .zip(turns)
        .map(|(p, one_turn)| PhaseInfo {
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
            one_turn,
        })
        .collect();
    Ok(HttpResponse::Ok().json(PhaseList(phases)))
}

/// Evaluate dice or cards
///
/// Dice: the best way they make the phase (whether they make it, the highest score, which dice
/// make which group and what each wild stands for). Cards (`"game": "cards"`): whether some of
/// them make the phase, laid down the way that leaves the fewest points in hand.
#[utoipa::path(
    operation_id = "evaluateDice",
    tag = "rules",
    request_body = EvaluateAny,
    responses((status = 200, description = "The verdict", body = EvaluationAny)),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 413, 415, 422, 429],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Advice,
        secret_path: false,
    })))
)]
#[post("/evaluate")]
pub async fn evaluate_dice(body: JsonBody<WhichGame>) -> Result<HttpResponse> {
    let JsonBody(which, raw) = body;
    let verdict = match which.game {
        GameKind::Dice => EvaluationAny::Dice(judge_dice(read_json(&raw.0)?)?),
        GameKind::Cards => EvaluationAny::Cards(judge_cards(read_json(&raw.0)?)?),
    };
    Ok(HttpResponse::Ok().json(verdict))
}

fn judge_dice(request: EvaluateDice) -> Result<EvaluationView> {
    let (phase, roll) = shown_roll(request.phase, &request.dice)?;
    request.dice_layout.place(&roll).map_err(not_rollable)?;
    let verdict = evaluate(phase, &roll);
    Ok(EvaluationView {
        game: DiceKind::Dice,
        phase: verdict.phase,
        made: verdict.made,
        score: verdict.score,
        groups: groups(&verdict),
        miss: miss(phase, roll.dice(), verdict.made),
    })
}

fn judge_cards(request: EvaluateCards) -> Result<CardEvaluationView> {
    let phase = PhaseNumber::new(request.phase).ok_or_else(|| {
        Error::invalid_field(
            ProblemCode::InvalidPhase,
            "phase",
            format!("there is no phase {}: phases are 1 to 10", request.phase),
        )
    })?;
    let cards = one_deck_of(&request.cards)?;
    let verdict = cards::evaluate(phase, cards, request.edition);
    let all: u32 = cards.iter().map(|card| card.points()).sum();
    Ok(CardEvaluationView {
        game: CardsKind::Cards,
        phase: phase.get(),
        made: verdict.made,
        points_laid: verdict.points_laid,
        points_left: all - verdict.points_laid,
        groups: verdict.groups,
    })
}

/// Cards that can be judged: at most `MAX_EVALUATED`, each one that exists, all from one deck.
fn one_deck_of(cards: &[Card]) -> Result<&[Card]> {
    if cards.len() > MAX_EVALUATED {
        return Err(Error::invalid_field(
            ProblemCode::InvalidValue,
            "cards",
            format!(
                "at most {MAX_EVALUATED} cards are judged at once, not {}",
                cards.len()
            ),
        ));
    }
    let invalid: Vec<FieldError> = cards
        .iter()
        .enumerate()
        .filter_map(|(i, card)| {
            let why = card.check().err()?;
            Some(FieldError::new(format!("cards[{i}]"), why.to_string()))
        })
        .collect();
    if !invalid.is_empty() {
        return Err(Error::invalid_fields(ProblemCode::InvalidCard, invalid));
    }
    fits_one_deck(cards)
        .map_err(|e| Error::invalid_field(ProblemCode::NotOneDeck, "cards", e.to_string()))?;
    Ok(cards)
}
