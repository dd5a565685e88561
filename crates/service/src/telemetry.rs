//! The metrics the service records itself, by name. The server's `telemetry` describes them
//! with the rest and serves them to the operator.

/// How long a request waited for a database connection, in seconds.
pub const POOL_WAIT_SECONDS: &str = "phase10_db_pool_wait_seconds";
/// Games worked out again from their record, not found as this process last changed or read
/// them, by what for: a `read` or a `change`.
pub const GAMES_REPLAYED: &str = "phase10_games_replayed_total";
