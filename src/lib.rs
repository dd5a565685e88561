//! Phase 10 Dice scorekeeping: the rules (`rules`), the database (`store`), what each request
//! does (`service`) and the HTTP API (`api`). This file builds the actix `App`.

pub mod api;
pub mod config;
pub mod error;
pub mod rules;
pub mod server;
pub mod service;
pub mod store;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{App, HttpResponse, web};
use tracing_actix_web::TracingLogger;
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

use api::AppState;
use api::extract::BodyLimit;
use api::openapi::OpenApiJson;

/// The application: every route, the docs, problem+json for every error, request logs.
pub fn app(
    state: web::Data<AppState>,
    openapi: web::Data<OpenApiJson>,
    body_limit: usize,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let (app, _) = App::new()
        .into_utoipa_app()
        .configure(api::routes)
        .split_for_parts();
    app.app_data(state)
        .app_data(openapi)
        .app_data(BodyLimit(body_limit))
        .service(api::openapi::openapi_json)
        .service(
            SwaggerUi::new("/docs/{_:.*}").config(utoipa_swagger_ui::Config::from("/openapi.json")),
        )
        .route(
            "/docs",
            web::get().to(|| async {
                HttpResponse::PermanentRedirect()
                    .insert_header(("Location", "/docs/"))
                    .finish()
            }),
        )
        .default_service(web::to(api::middleware::unrouted))
        .wrap(api::middleware::problems())
        .wrap(api::middleware::RequestIdHeader)
        .wrap(TracingLogger::default())
}
