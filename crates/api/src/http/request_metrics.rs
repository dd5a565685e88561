//! Every request counted and timed for the operator's metrics (`telemetry`), by the route that
//! took it (its pattern, never the path a client sent), its method and its status.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{Error, HttpResponse};
use metrics::{counter, histogram};

use super::idempotency::IDEMPOTENT_REPLAYED;
use crate::telemetry::{REQUEST_SECONDS, REQUESTS};

/// The methods the service answers; anything else is counted as `other`, so that a client
/// cannot make a label of its own.
fn method_label(method: &actix_web::http::Method) -> &'static str {
    match method.as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    }
}

pub async fn measure(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let start = Instant::now();
    let method = method_label(request.method());
    let answered = next.call(request).await;
    let (route, status) = match &answered {
        Ok(response) => (
            response
                .request()
                .match_pattern()
                .unwrap_or_else(|| "unrouted".into()),
            response.status(),
        ),
        Err(error) => ("unrouted".into(), error.as_response_error().status_code()),
    };
    let seconds = start.elapsed().as_secs_f64();
    counter!(REQUESTS, "route" => route.clone(), "method" => method, "status" => status.as_str().to_string())
        .increment(1);
    histogram!(REQUEST_SECONDS, "route" => route, "method" => method).record(seconds);
    answered
}

/// Counts a write that was done now (`counter`), not an answer replayed for a retried
/// `Idempotency-Key`.
pub fn count_if_done(response: &HttpResponse, counter: &'static str) {
    let replayed = response.headers().contains_key(IDEMPOTENT_REPLAYED);
    if response.status().is_success() && !replayed {
        counter!(counter).increment(1);
    }
}
