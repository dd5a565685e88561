//! `GET /healthz` (the process is up) and `GET /readyz` (the database answers).

use actix_web::{HttpResponse, get, web};
use serde::Serialize;
use utoipa::ToSchema;

use crate::AppState;
use crate::error::Result;
use crate::openapi::declared::{Declared, RateClass, TakesKey};

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
    extensions(("x-declared" = json!(Declared {
        problems: vec![],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
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
/// The database is reachable; 503 while it is not, and 503 `shutting_down` once the process
/// has been told to stop (SIGTERM): a load balancer takes it out while it still answers.
#[utoipa::path(
    operation_id = "readyz",
    tag = "service",
    responses((status = 200, description = "Ready", body = Health)),
    extensions(("x-declared" = json!(Declared {
        problems: vec![503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/readyz")]
pub async fn readyz(state: web::Data<AppState>) -> Result<HttpResponse> {
    if state.drain.is_draining() {
        return Err(crate::error::Error::ShuttingDown);
    }
    state.run(|session| session.ping()).await?;
    Ok(HttpResponse::Ok().json(Health {
        status: "ready".into(),
    }))
}

/// Whether a server has been told to stop. While it drains it answers as ever, but `/readyz`
/// says 503 `shutting_down`, so that a load balancer sends it nothing new before it stops
/// taking connections.
#[derive(Debug, Clone)]
pub struct Drain(std::sync::Arc<tokio::sync::watch::Sender<bool>>);

impl Default for Drain {
    fn default() -> Drain {
        Drain(std::sync::Arc::new(tokio::sync::watch::channel(false).0))
    }
}

impl Drain {
    pub fn start(&self) {
        self.0.send_replace(true);
    }

    pub fn is_draining(&self) -> bool {
        *self.0.borrow()
    }

    /// Done once the drain has begun.
    pub fn begun(&self) -> impl Future<Output = ()> + Send + 'static {
        let mut watching = self.0.subscribe();
        async move {
            if watching.wait_for(|draining| *draining).await.is_err() {
                std::future::pending::<()>().await;
            }
        }
    }
}
