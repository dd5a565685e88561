//! The binary: `serve` (the default), `migrate`, `openapi` or `solitaire`.

use std::net::TcpListener;
use std::process::ExitCode;

use clap::Parser;
use phase10::config::{Command, Config};
use phase10::server;

#[actix_web::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    if let Some(Command::Openapi) = config.command {
        print!("{}", phase10::api::openapi::document_json());
        return ExitCode::SUCCESS;
    }
    if let Some(Command::Solitaire { out, phase_8_table }) = &config.command {
        return solve_solitaire(out, phase_8_table.as_deref());
    }
    server::init_tracing(&config.log, config.log_json);
    let pool = match server::migrated_pool(&config) {
        Ok(pool) => pool,
        Err(error) => {
            tracing::error!(%error, "start-up failed");
            return ExitCode::FAILURE;
        }
    };
    if let Some(Command::Migrate) = config.command {
        return ExitCode::SUCCESS;
    }
    let listener = match TcpListener::bind(&config.bind) {
        Ok(listener) => listener,
        Err(error) => {
            tracing::error!(%error, bind = %config.bind, "cannot listen");
            return ExitCode::FAILURE;
        }
    };
    phase10::telemetry::install();
    if let Some(bind) = &config.metrics_bind {
        match phase10::telemetry::serve(bind) {
            Ok(metrics) => {
                tracing::info!(%bind, "metrics at /metrics");
                actix_web::rt::spawn(metrics);
            }
            Err(error) => {
                tracing::error!(%error, %bind, "cannot serve the metrics");
                return ExitCode::FAILURE;
            }
        }
    }
    tracing::info!(bind = %config.bind, "serving; docs at /docs");
    // The advisor's tables, built beside the server so that no answer waits for them.
    std::thread::spawn(phase10::rules::dice::advice::warm_up);
    match server::start(&config, listener, pool) {
        Ok(serving) => {
            let drain_for = std::time::Duration::from_millis(config.drain_ms);
            let (handle, drain) = (serving.server.handle(), serving.drain);
            actix_web::rt::spawn(async move {
                if let Err(error) = server::stop_on_signals(handle, drain, drain_for).await {
                    tracing::error!(%error, "cannot wait for signals");
                }
            });
            match serving.server.await {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => {
                    tracing::error!(%error, "server failed");
                    ExitCode::FAILURE
                }
            }
        }
        Err(error) => {
            tracing::error!(%error, "cannot start");
            ExitCode::FAILURE
        }
    }
}

/// `phase10 solitaire`: solves the whole game and writes `out` (JSON).
fn solve_solitaire(out: &std::path::Path, table: Option<&std::path::Path>) -> ExitCode {
    let solved = phase10::whole_game::solve::solve(table, |step| eprintln!("{step}"));
    let written = solved.and_then(|solved| {
        eprintln!(
            "expected grand total {:.6}, in {:.0} s, at most {:.0} MiB",
            solved.expected_grand_total, solved.seconds, solved.peak_memory_mib
        );
        let json = serde_json::to_string_pretty(&solved).map_err(std::io::Error::other)?;
        std::fs::write(out, json + "\n")
    });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("phase10 solitaire: {error}");
            ExitCode::FAILURE
        }
    }
}
