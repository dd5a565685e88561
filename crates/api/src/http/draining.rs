//! While a process drains (after SIGTERM, `api::resources::health::Drain`), each answer ends
//! its connection (`Connection: close`): a client's next request then opens a new connection,
//! which the load balancer gives to a process that stays, instead of reusing one that is about
//! to be dropped (the outside probe's L2: 20 of 20 clients' next requests failed).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::ConnectionType;
use actix_web::middleware::Next;
use actix_web::{Error, web};

use crate::AppState;

pub async fn close_while_draining(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let state = request.app_data::<web::Data<AppState>>().cloned();
    let mut response = next.call(request).await?;
    if state.is_some_and(|state| state.drain.is_draining()) {
        (response.response_mut().head_mut()).set_connection_type(ConnectionType::Close);
    }
    Ok(response)
}
