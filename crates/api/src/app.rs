//! The actix `App`: every route, the docs and the table app, with the middleware in the order
//! each answer goes through it.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{Condition, DefaultHeaders, from_fn};
use actix_web::{App, HttpResponse, web};
use tracing_actix_web::TracingLogger;
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

use crate::AppState;
use crate::http::client_address::TrustedProxies;
use crate::http::extract::BodyLimit;
use crate::http::header_limit::HeaderLimit;
use crate::http::rate_limit::RateLimits;
use crate::openapi::OpenApiJson;

/// What the app is made of, built once and shared by every worker.
#[derive(Clone)]
pub struct AppParts {
    pub state: web::Data<AppState>,
    pub openapi: web::Data<OpenApiJson>,
    pub rate_limits: web::Data<RateLimits>,
    pub trusted_proxies: web::Data<TrustedProxies>,
    pub body_limit: BodyLimit,
    pub header_limit: usize,
    /// Browser origins allowed to call (`*`: any); none by default.
    pub cors_origins: Vec<String>,
}

/// The application: every route, the docs, problem+json for every error (panics included),
/// limits on headers and request rates, CORS when configured, HEAD wherever GET is,
/// `X-Content-Type-Options: nosniff` on every answer, request logs. `extra` adds routes
/// (tests use it for a handler of their own).
pub fn app(
    parts: AppParts,
    extra: fn(&mut web::ServiceConfig),
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
        .configure(crate::routes)
        .split_for_parts();
    let cors = !parts.cors_origins.is_empty();
    app.app_data(parts.state)
        .app_data(parts.openapi)
        .app_data(parts.rate_limits)
        .app_data(parts.trusted_proxies)
        .app_data(parts.body_limit)
        .app_data(web::Data::new(HeaderLimit(parts.header_limit)))
        .service(crate::openapi::openapi_json)
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
        .configure(crate::resources::table_app::routes)
        .configure(extra)
        .default_service(web::to(crate::http::middleware::unrouted))
        .wrap(from_fn(crate::http::docs_policy::docs_policy))
        .wrap(from_fn(crate::http::draining::close_while_draining))
        .wrap(from_fn(crate::http::middleware::head_as_get))
        .wrap(from_fn(crate::http::middleware::catch_panics))
        .wrap(crate::http::middleware::problems())
        .wrap(from_fn(crate::http::rate_limit::limit))
        .wrap(from_fn(crate::http::header_limit::limit_headers))
        .wrap(Condition::new(
            cors,
            crate::http::cors::policy(&parts.cors_origins),
        ))
        // Again outside CORS, for the preflights it refuses (inside, for everything else, so
        // that an error answer keeps the CORS headers).
        .wrap(crate::http::middleware::problems())
        .wrap(crate::http::middleware::RequestIdHeader)
        .wrap(DefaultHeaders::new().add((header::X_CONTENT_TYPE_OPTIONS, "nosniff")))
        .wrap(from_fn(crate::http::request_metrics::measure))
        .wrap(TracingLogger::<crate::http::request_log::RequestSpan>::new())
}
