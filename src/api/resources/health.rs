//! `GET /healthz` (the process is up) and `GET /readyz` (the database answers).

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::AppState;
use crate::error::Result;

/// A health verdict.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok` or `ready`.
    pub status: String,
}

/// Liveness
///
/// The process is up and serving.
#[utoipa::path(
    operation_id = "healthz",
    tag = "service",
    responses((status = 200, description = "Up", body = Health)),
    extensions(("x-declared" = json!({
        "problems": [],
        "idempotency_key": "none",
        "rate_limit": "none",
        "secret_path": false
    })))
)]
#[get("/healthz")]
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "ok".into(),
    })
}

/// Readiness
///
/// The database is reachable; 503 while it is not.
#[utoipa::path(
    operation_id = "readyz",
    tag = "service",
    responses((status = 200, description = "Ready", body = Health)),
    extensions(("x-declared" = json!({
        "problems": [503],
        "idempotency_key": "none",
        "rate_limit": "none",
        "secret_path": false
    })))
)]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse> {
    state.run(|session| session.ping()).await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ready".into(),
    }))
}
