//! Running the service: logs, the pool, migrations, and the HTTP server with graceful shutdown
//! (on SIGTERM it stops accepting, ends the event streams, and lets requests in flight finish;
//! SIGINT, Ctrl-C, stops it at once).

mod connection;
mod connection_limit;
mod heads;

use connection::Connection;
use connection_limit::ConnectionLimit;

use std::io::IsTerminal;
use std::net::TcpListener;
use std::sync::Arc;
use std::time::Duration;

use actix_http::{HttpService, KeepAlive};
use actix_rt::net::TcpStream;
use actix_service::{IntoServiceFactory, ServiceFactoryExt, map_config};
use actix_web::dev::AppConfig;
use actix_web::web;
use tracing_subscriber::EnvFilter;

use crate::AppParts;
use crate::api::AppState;
use crate::api::http::client_address::TrustedProxies;
use crate::api::http::extract::BodyLimit;
use crate::api::http::rate_limit::{RateLimits, RateSettings};
use crate::api::openapi::{OpenApiJson, document_json};
use crate::api::resources::events::StreamSettings;
use crate::config::{Config, PublicUrl};
use crate::service::clock::{Clock, SystemClock};
use crate::service::database::Database;
use crate::service::idempotency::KeyPolicy;
use crate::service::live::Live;
use crate::service::roller::{Dice, SecureDice};
use crate::service::{self, Service, invites, keys, share};
use crate::service::{DatabasePool, open_database};
use crate::whole_game::advice::GameAdvisor;
use crate::whole_game::phase_8_table::Phase8Table;

/// Where the service's time and dice come from: the system's clock and secure dice, unless a
/// test sets its own.
#[derive(Clone)]
pub struct TimeAndDice {
    pub clock: Arc<dyn Clock>,
    pub dice: Arc<dyn Dice>,
}

impl Default for TimeAndDice {
    fn default() -> TimeAndDice {
        TimeAndDice {
            clock: Arc::new(SystemClock),
            dice: Arc::new(SecureDice),
        }
    }
}

/// Sets up logging once; later calls do nothing.
///
/// actix-http logs at ERROR every connection it drops for a request it could not parse: those
/// are the client's doing (and answered 400 by actix-http), so unless the filter says otherwise
/// of `actix_http`, they are not logged.
pub fn init_tracing(filter: &str, json: bool) {
    let mut filter = filter.to_string();
    if !filter.contains("actix_http") {
        filter.push_str(",actix_http::h1::dispatcher=off");
    }
    let filter = EnvFilter::try_new(&filter).unwrap_or_else(|_| EnvFilter::new("info"));
    // Colors only for a person at a terminal: a log file or a collector gets plain text.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(std::io::stderr);
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}

/// The pool for the configured database, with its migrations applied.
pub fn migrated_pool(config: &Config) -> Result<DatabasePool, String> {
    let database = Database::from_url(&config.database_url);
    let backend = database.backend_name();
    let (pool, applied) = open_database(database, &config.pool_settings()).map_err(|error| {
        let mut chain = error.to_string();
        let mut cause = std::error::Error::source(&error);
        while let Some(error) = cause {
            chain = format!("{chain}: {error}");
            cause = error.source();
        }
        chain
    })?;
    tracing::info!(backend, applied, "database ready");
    Ok(pool)
}

pub use crate::api::resources::health::Drain;

/// A server started, and its drain.
pub struct Serving {
    pub server: actix_web::dev::Server,
    pub drain: Drain,
}

/// Stops the server as a process manager asks: on SIGTERM it drains for `drain_for` (`/readyz`
/// 503, every request still answered), then stops taking connections and answers the
/// requests it has (event streams end at once, with a `retry:`); on SIGINT it does the same
/// without draining. The process exits within `drain_for` and `SHUTDOWN_WITHIN` seconds.
pub async fn stop_on_signals(
    server: actix_web::dev::ServerHandle,
    drain: Drain,
    drain_for: Duration,
) -> std::io::Result<()> {
    use actix_web::rt::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    let terminated = tokio::select! {
        _ = terminate.recv() => true,
        _ = interrupt.recv() => false,
    };
    drain.start();
    if terminated {
        tracing::info!(
            drain_ms = drain_for.as_millis() as u64,
            "SIGTERM: draining (/readyz 503), then stopping"
        );
        actix_web::rt::time::sleep(drain_for).await;
    }
    tracing::info!("stopping: no new connections; answering the requests in flight");
    server.stop(true).await;
    Ok(())
}

/// Starts serving on `listener`; the returned server runs until stopped.
pub fn start(
    config: &Config,
    listener: TcpListener,
    pool: DatabasePool,
) -> std::io::Result<Serving> {
    start_with(config, listener, pool, |_| {})
}

/// Like `start`, with `extra` routes.
pub fn start_with(
    config: &Config,
    listener: TcpListener,
    pool: DatabasePool,
    extra: fn(&mut web::ServiceConfig),
) -> std::io::Result<Serving> {
    start_playing_with(config, listener, pool, extra, TimeAndDice::default())
}

/// Like `start_with`, with the clock and the dice given.
///
/// The server is actix-web's `HttpServer` taken apart: the same `ServerBuilder` and
/// `HttpService` with the same settings, and one step between them that `HttpServer` has no
/// place for (it hands the raw socket to actix-http): `connection::admit`, which bounds the
/// connections of one address and wraps each socket to time every head and to see its client
/// leave (see `connection` for what actix-http cannot do, and where it says so).
pub fn start_playing_with(
    config: &Config,
    listener: TcpListener,
    pool: DatabasePool,
    extra: fn(&mut web::ServiceConfig),
    time_and_dice: TimeAndDice,
) -> std::io::Result<Serving> {
    let keys = config.key_policy();
    let drain = Drain::default();
    let trusted = TrustedProxies::from_config(config);
    let live = Live::new(listen_url(config), config.stream_limits());
    let service = Arc::new(Service::new(service::Parts {
        pool,
        standby: config
            .database_read_url
            .as_deref()
            .map(|url| service::standby_pool(Database::from_url(url), &config.pool_settings())),
        clock: time_and_dice.clock,
        dice: time_and_dice.dice,
        keys,
        invite_ttl: Duration::from_secs(config.invite_ttl_secs),
        share_ttl: Duration::from_secs(config.share_ttl_secs),
        live: live.clone(),
        event_data: crate::api::views::events::event_data,
    }));
    purge_keys_now_and_then(Arc::clone(&service), keys);
    read_at_scrape(&service, &live);
    let local = listener.local_addr()?;
    let public_url = match &config.public_url {
        Some(url) => url.clone(),
        None => {
            let url = PublicUrl::of_listener(local, crate::config::outward_address());
            tracing::info!(
                at = url.as_str(),
                "the table app (open it on the phones at the table)"
            );
            if !local.ip().is_loopback() && !local.ip().is_unspecified() {
                tracing::warn!(
                    links = url.as_str(),
                    "no PUBLIC_URL: shared links name the address the server listens on; set \
                     PUBLIC_URL to the address people reach it at"
                );
            }
            url
        }
    };
    let parts = AppParts {
        state: web::Data::new(AppState {
            service,
            deadline: Duration::from_millis(config.query_timeout_ms),
            streams: StreamSettings::from_config(config),
            public_url,
            drain: drain.clone(),
            game_advisor: Arc::new(GameAdvisor::new(phase_8_table(config)?)),
        }),
        openapi: web::Data::new(OpenApiJson(document_json().into())),
        rate_limits: web::Data::new(RateLimits::new(RateSettings::from_config(config))),
        trusted_proxies: web::Data::new(trusted.clone()),
        body_limit: BodyLimit {
            bytes: config.body_limit,
            within: config.request_timeout(),
        },
        header_limit: config.header_limit,
        cors_origins: config.cors_origins.clone(),
    };
    let request_timeout = config.request_timeout();
    let limit = ConnectionLimit::new(config.max_connections_per_address, trusted);
    let workers = match config.workers {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    // `HttpServer::max_connections`: past its share, a worker stops accepting until a
    // connection closes (the rest wait in the listen backlog), so that the process never runs
    // out of file descriptors. Signals are the binary's to handle (`stop_on_signals`): it
    // drains before it stops.
    let per_worker = config.connection_cap().div_ceil(workers).max(1);
    let builder = actix_server::Server::build()
        .workers(workers)
        .max_concurrent_connections(per_worker)
        .disable_signals()
        .shutdown_timeout(SHUTDOWN_WITHIN);
    // A graceful shutdown lets each connection finish its request in flight (actix-http 3.13.3
    // and later), but an event stream never finishes: end them all as soon as it starts (their
    // clients reconnect, to another process), so that it waits only for real requests.
    let stopping = builder.graceful_shutdown_signal();
    let streams_end = stopping.clone();
    actix_web::rt::spawn(async move {
        streams_end.notified().await;
        live.end_streams();
    });
    let draining = drain.clone();
    let server = builder.listen("phase10", listener, move || {
        let stopping = stopping.clone();
        let app = crate::app(parts.clone(), extra)
            .into_factory()
            .map_err(|error| error.error_response());
        let http = HttpService::build()
            .keep_alive(KeepAlive::Timeout(KEEP_ALIVE))
            // Off: it would time only a connection's first head, and answer it without a
            // problem; `Connection` times every head (see `connection`).
            .client_request_timeout(Duration::ZERO)
            .client_disconnect_timeout(Duration::from_secs(1))
            .local_addr(local)
            .on_connect_ext(|connection: &Connection<TcpStream>, data| {
                data.insert(connection.state().clone());
            })
            .graceful_shutdown_signal(move || {
                let stopping = stopping.clone();
                async move { stopping.notified().await }
            })
            .h1(map_config(app, |_| AppConfig::default()));
        connection::admit(limit.clone(), request_timeout, draining.clone()).and_then(http)
    })?;
    Ok(Serving {
        server: server.run(),
        drain,
    })
}

/// The states of this server the metrics read at each scrape (`telemetry`).
fn read_at_scrape(service: &Arc<Service>, live: &Live) {
    use crate::service::PoolState;
    use crate::telemetry::{POOL_IDLE, POOL_IN_USE, POOL_MAX, STREAMS, read_at_scrape};
    let pool = |pick: fn(PoolState) -> u32| {
        let service = Arc::downgrade(service);
        move || {
            service
                .upgrade()
                .map_or(0.0, |service| f64::from(pick(service.pool_state())))
        }
    };
    read_at_scrape(POOL_IN_USE, pool(|state| state.in_use));
    read_at_scrape(POOL_IDLE, pool(|state| state.idle));
    read_at_scrape(POOL_MAX, pool(|state| state.most));
    let live = live.clone();
    read_at_scrape(STREAMS, move || live.open_streams() as f64);
}

/// How long a shutdown waits for requests in flight, in seconds.
const SHUTDOWN_WITHIN: u64 = 10;

/// How long an idle connection is kept open between requests (actix's default, said here).
const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// The PostgreSQL database whose announced changes this process follows, if any.
fn listen_url(config: &Config) -> Option<String> {
    match Database::from_url(&config.database_url) {
        Database::Postgres(url) if config.events_listen => Some(url),
        _ => None,
    }
}

/// How long the purge of what is past its time may take.
const PURGE_WITHIN: Duration = Duration::from_secs(60);

/// Forgets idempotency keys, invites, share links and pairing codes past their time, from now
/// on and every so often (a tenth of the time keys are kept, within a second and ten minutes), while the server runs.
fn purge_keys_now_and_then(service: Arc<Service>, keys: KeyPolicy) {
    let every = (keys.keep_for / 10)
        .to_std()
        .unwrap_or_default()
        .clamp(Duration::from_secs(1), Duration::from_secs(600));
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval(every);
        loop {
            ticks.tick().await;
            let service = Arc::clone(&service);
            let purged = web::block(move || {
                let mut session = service.session(PURGE_WITHIN)?;
                Ok::<_, crate::error::Error>(
                    session.purge_keys(keys)?
                        + invites::purge(&mut session)?
                        + share::purge(&mut session)?
                        + keys::purge(&mut session)?,
                )
            })
            .await;
            match purged {
                Ok(Ok(0)) => {}
                Ok(Ok(purged)) => {
                    tracing::debug!(purged, "idempotency keys, invites and share links purged")
                }
                Ok(Err(error)) => {
                    let error = error.chain();
                    tracing::warn!(%error, "idempotency keys, invites or share links not purged")
                }
                Err(error) => {
                    tracing::warn!(%error, "idempotency keys, invites or share links not purged")
                }
            }
        }
    });
}

/// Phase 8's table for whole-game advice, when the operator gave one; a file that is not it
/// stops the start, saying why.
fn phase_8_table(config: &Config) -> std::io::Result<Option<Phase8Table>> {
    let Some(path) = &config.solitaire_phase_8_table else {
        return Ok(None);
    };
    let theta = crate::whole_game::published().phase_8.theta;
    let table = Phase8Table::open(path, theta).map_err(std::io::Error::other)?;
    tracing::info!(path = %path.display(), "phase 8 of a whole game advised from its table");
    Ok(Some(table))
}
