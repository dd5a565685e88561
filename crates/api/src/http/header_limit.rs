//! A limit on the size of a request's headers, below actix's own (which closes the connection
//! without an answer): a request over it gets a 431 problem.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};

use crate::error::Error;

pub use crate::config::DEFAULT_HEADER_LIMIT;

/// The configured header limit, as app data.
#[derive(Debug, Clone, Copy)]
pub struct HeaderLimit(pub usize);

/// The middleware.
pub async fn limit_headers(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let limit = request
        .app_data::<web::Data<HeaderLimit>>()
        .map_or(DEFAULT_HEADER_LIMIT, |l| l.0);
    let size: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    if size > limit {
        let error = Error::HeadersTooLarge { limit };
        return Ok(request
            .into_response(error.error_response())
            .map_into_right_body());
    }
    next.call(request)
        .await
        .map(ServiceResponse::map_into_left_body)
}
