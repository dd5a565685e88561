//! What the people running the service watch: Prometheus metrics, served only on the address
//! the operator names (`--metrics-bind`), never on the API's own (there `/metrics` is 404).
//!
//! The `metrics` crate records (counters, gauges and histograms, from anywhere, without a
//! handle), `metrics-exporter-prometheus` keeps them and renders the text exposition, and
//! `metrics-process` reads the process's memory and CPU at each scrape. Gauges that are a
//! state of the server rather than events (the pool, the open streams) are read at each
//! scrape too, from what the server registered here when it started.

use std::sync::{Mutex, OnceLock};

use actix_web::{App, HttpResponse, HttpServer, web};
use metrics::{describe_counter, describe_gauge, describe_histogram, gauge};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Those the API records: requests and their latency, turns, hands, advice and its time.
pub use crate::api::telemetry::{ADVICE, ADVICE_SECONDS, HANDS, REQUEST_SECONDS, REQUESTS, TURNS};
/// Database connections in use and idle, and the pool's size.
pub const POOL_IN_USE: &str = "phase10_db_pool_connections_in_use";
pub const POOL_IDLE: &str = "phase10_db_pool_connections_idle";
pub const POOL_MAX: &str = "phase10_db_pool_connections_max";
/// Event streams open.
pub const STREAMS: &str = "phase10_event_streams_open";
/// Those the service records itself: how long a request waited for a database connection,
/// and the games it worked out again from their record.
pub use crate::service::telemetry::{GAMES_REPLAYED, POOL_WAIT_SECONDS};

/// Latency buckets, in seconds: from a tenth of a millisecond (an advice answer) to ten
/// seconds (a request's deadline).
const BUCKETS: [f64; 14] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 2.5, 10.0,
];

/// A state of the server read at each scrape: a gauge's name and how to read it.
type Reading = (&'static str, Box<dyn Fn() -> f64 + Send + Sync>);

struct Exposition {
    handle: PrometheusHandle,
    readings: Mutex<Vec<Reading>>,
    process: metrics_process::Collector,
}

static EXPOSITION: OnceLock<Exposition> = OnceLock::new();

/// Installs the process's recorder (once; later calls keep the first). Until it is installed,
/// what is recorded goes nowhere, at the cost of a branch.
pub fn install() -> &'static PrometheusHandle {
    &EXPOSITION
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
                .expect("buckets are given")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder already set (a test binary installing twice) is kept.
            let _ = metrics::set_global_recorder(recorder);
            describe();
            let process = metrics_process::Collector::default();
            process.describe();
            Exposition {
                handle,
                readings: Mutex::new(Vec::new()),
                process,
            }
        })
        .handle
}

fn describe() {
    describe_counter!(REQUESTS, "Requests answered, by route, method and status");
    describe_histogram!(
        REQUEST_SECONDS,
        metrics::Unit::Seconds,
        "Time to answer a request, by route and method"
    );
    describe_counter!(
        TURNS,
        "Turns recorded: tabletop turns, and digital turns scored"
    );
    describe_counter!(HANDS, "Hands of the card game recorded");
    describe_counter!(
        GAMES_REPLAYED,
        "Games worked out again from their record (not as this process last saw them), by what for"
    );
    describe_counter!(ADVICE, "Advice answered, by goal");
    describe_histogram!(
        ADVICE_SECONDS,
        metrics::Unit::Seconds,
        "Time the advisor took for an answer"
    );
    describe_histogram!(
        POOL_WAIT_SECONDS,
        metrics::Unit::Seconds,
        "Time a request waited for a database connection"
    );
    describe_gauge!(POOL_IN_USE, "Database connections in use");
    describe_gauge!(POOL_IDLE, "Database connections open and idle");
    describe_gauge!(POOL_MAX, "The most database connections the pool opens");
    describe_gauge!(STREAMS, "Event streams open");
}

/// Registers a state of the server to be read at each scrape as the gauge `name` (a server
/// started again in the same process replaces its own).
pub fn read_at_scrape(name: &'static str, read: impl Fn() -> f64 + Send + Sync + 'static) {
    let Some(exposition) = EXPOSITION.get() else {
        return;
    };
    let mut readings = exposition
        .readings
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    readings.retain(|(kept, _)| *kept != name);
    readings.push((name, Box::new(read)));
}

/// The text exposition now: the states read, the process's figures, everything recorded.
fn render() -> String {
    install();
    let exposition = EXPOSITION.get().expect("installed above");
    {
        let readings = exposition
            .readings
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        for (name, read) in readings.iter() {
            gauge!(*name).set(read());
        }
    }
    exposition.process.collect();
    exposition.handle.render()
}

/// Serves `GET /metrics` on `bind`, on a worker of its own, until the process ends.
pub fn serve(bind: &str) -> std::io::Result<actix_web::dev::Server> {
    install();
    let server = HttpServer::new(|| {
        App::new().route(
            "/metrics",
            web::get().to(|| async {
                let text = web::block(render).await.unwrap_or_default();
                HttpResponse::Ok()
                    .content_type("text/plain; version=0.0.4; charset=utf-8")
                    .body(text)
            }),
        )
    })
    .workers(1)
    .disable_signals()
    .shutdown_timeout(1)
    .bind(bind)?
    .run();
    Ok(server)
}
