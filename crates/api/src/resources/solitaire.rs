//! `GET /v1/solitaire`: the best whole solitaire game (RULES §11), as `phase10 solitaire`
//! solved it: what best play is worth from the start and from every state, beside what simpler
//! play is worth. Open, like the phases.

use actix_web::{HttpResponse, get};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::Result;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::whole_game::{States, published};

/// Phase 8 of the whole game: where a made phase 8 is worth just what a miss costs.
#[derive(Debug, Serialize, ToSchema)]
pub struct SolitairePhase8 {
    /// `V8 − V9 − 5`: a phase 8 made with fewer points than this is worth less than a miss
    /// (the next try is worth more than the 5 points it costs).
    pub theta: f64,
    /// The chance that a phase 8 turn played best for the whole game makes the phase.
    pub chance: f64,
    /// Its expected score (0 for a miss).
    pub expected_score: f64,
}

/// The best whole solitaire game, standard dice. Every figure is exact: a fixed point of the
/// turn's exact dynamic programme, to the precision of a double.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Solitaire)]
pub struct SolitaireView {
    /// The expected grand total of a game from its start with best play.
    pub expected_grand_total: f64,
    /// The same with every turn played for `make` (the best chance, RULES §8).
    pub every_turn_for_make: f64,
    /// The same with every turn played for `score`.
    pub every_turn_for_score: f64,
    /// The best game the dice allow (RULES §6).
    pub best_possible: f64,
    /// The expected points still to come with best play, from each state between turns.
    pub states: &'static States,
    /// The chance that each state's turn, played best for the whole game, makes its phase.
    pub chances: &'static States,
    pub phase_8: SolitairePhase8,
}

/// The best solitaire game
///
/// What best play of a whole solitaire game is worth (RULES §11): its expected grand total,
/// every state's value and its turn's chance, and what playing every turn for `make` or for
/// `score` is worth instead.
#[utoipa::path(
    operation_id = "getSolitaire",
    tag = "rules",
    responses((status = 200, description = "The best whole solitaire game", body = SolitaireView)),
    extensions(("x-declared" = json!(Declared {
        problems: vec![],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/solitaire")]
pub async fn get_solitaire() -> Result<HttpResponse> {
    let solved = published();
    Ok(HttpResponse::Ok().json(SolitaireView {
        expected_grand_total: solved.expected_grand_total,
        every_turn_for_make: solved.every_turn_for_make,
        every_turn_for_score: solved.every_turn_for_score,
        best_possible: solved.best_possible,
        states: &solved.states,
        chances: &solved.chances,
        phase_8: SolitairePhase8 {
            theta: solved.phase_8.theta,
            chance: solved.phase_8.chance,
            expected_score: solved.phase_8.expected_score,
        },
    }))
}
