//! Running the service: logs, the pool, migrations, and the HTTP server with graceful shutdown
//! (actix stops accepting on SIGTERM or SIGINT and lets requests in flight finish).

use std::net::TcpListener;

use actix_web::{HttpServer, web};
use tracing_subscriber::EnvFilter;

use crate::api::AppState;
use crate::api::openapi::{OpenApiJson, document_json};
use crate::config::Config;
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
    let state = web::Data::new(AppState { pool });
    let openapi = web::Data::new(OpenApiJson(document_json()));
    let body_limit = config.body_limit;
    let mut server =
        HttpServer::new(move || crate::app(state.clone(), openapi.clone(), body_limit))
            .listen(listener)?
            .shutdown_timeout(10);
    if config.workers > 0 {
        server = server.workers(config.workers);
    }
    Ok(server.run())
}
