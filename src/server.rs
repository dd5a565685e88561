//! Running the service: logs, the pool, migrations, and the HTTP server with graceful shutdown
//! (actix stops accepting on SIGTERM or SIGINT and lets requests in flight finish).

use std::net::TcpListener;
use std::time::Duration;

use actix_web::{HttpServer, web};
use tracing_subscriber::EnvFilter;

use crate::AppParts;
use crate::api::AppState;
use crate::api::live::Live;
use crate::api::openapi::{OpenApiJson, document_json};
use crate::api::rate_limit::RateLimits;
use crate::config::Config;
use crate::service::idempotency::{self, KeyPolicy};
use crate::service::invites;
use crate::store::{self, Database, PoolSettings};

/// Sets up logging once; later calls do nothing.
pub fn init_tracing(filter: &str, json: bool) {
    let filter = EnvFilter::try_new(filter).unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}

/// The pool for the configured database, with its migrations applied.
pub fn migrated_pool(config: &Config) -> Result<store::Pool, String> {
    let database = Database::from_url(&config.database_url);
    let backend = database.backend_name();
    let pool = store::pool(
        database,
        &PoolSettings {
            max_size: config.pool_size.max(1),
            connection_timeout: config.db_timeout(),
        },
    );
    let mut conn = pool
        .get()
        .map_err(|e| format!("cannot connect to the {backend} database: {e}"))?;
    let applied = store::migrate(&mut conn).map_err(|e| e.to_string())?;
    tracing::info!(backend, applied, "database ready");
    Ok(pool)
}

/// Starts serving on `listener`; the returned server runs until stopped.
pub fn start(
    config: &Config,
    listener: TcpListener,
    pool: store::Pool,
) -> std::io::Result<actix_web::dev::Server> {
    start_with(config, listener, pool, |_| {})
}

/// Like `start`, with `extra` routes.
pub fn start_with(
    config: &Config,
    listener: TcpListener,
    pool: store::Pool,
    extra: fn(&mut web::ServiceConfig),
) -> std::io::Result<actix_web::dev::Server> {
    let keys = config.key_policy();
    purge_keys_now_and_then(pool.clone(), keys);
    let parts = AppParts {
        state: web::Data::new(AppState {
            pool,
            keys,
            deadline: Duration::from_millis(config.query_timeout_ms),
            live: Live::new(listen_url(config), config.stream_limits()),
            streams: config.stream_settings(),
            invite_ttl: Duration::from_secs(config.invite_ttl_secs),
        }),
        openapi: web::Data::new(OpenApiJson(document_json().into())),
        rate_limits: web::Data::new(RateLimits::new(config.rate_settings())),
        body_limit: config.body_limit,
        header_limit: config.header_limit,
        cors_origins: config.cors_origins.clone(),
    };
    let mut server = HttpServer::new(move || crate::app(parts.clone(), extra))
        .listen(listener)?
        .shutdown_timeout(10);
    if config.workers > 0 {
        server = server.workers(config.workers);
    }
    Ok(server.run())
}

/// The PostgreSQL database whose announced changes this process follows, if any.
fn listen_url(config: &Config) -> Option<String> {
    match Database::from_url(&config.database_url) {
        Database::Postgres(url) if config.events_listen => Some(url),
        _ => None,
    }
}

/// Forgets idempotency keys and invites past their time, from now on and every so often (a
/// tenth of the time keys are kept, within a second and ten minutes), while the server runs.
fn purge_keys_now_and_then(pool: store::Pool, keys: KeyPolicy) {
    let every = (keys.keep_for / 10)
        .to_std()
        .unwrap_or_default()
        .clamp(Duration::from_secs(1), Duration::from_secs(600));
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval(every);
        loop {
            ticks.tick().await;
            let pool = pool.clone();
            let purged = web::block(move || {
                let mut conn = pool.get()?;
                Ok::<_, crate::error::Error>(
                    idempotency::purge(&mut conn, keys)? + invites::purge(&mut conn)?,
                )
            })
            .await;
            match purged {
                Ok(Ok(0)) => {}
                Ok(Ok(purged)) => tracing::debug!(purged, "idempotency keys and invites purged"),
                Ok(Err(error)) => tracing::warn!(%error, "idempotency keys or invites not purged"),
                Err(error) => tracing::warn!(%error, "idempotency keys or invites not purged"),
            }
        }
    });
}
