//! Phase 10 scorekeeping, the server: the HTTP/1.1 server that runs the API's app (`server`)
//! and the operator's metrics (`telemetry`). Under it, each a crate of its own: the HTTP API
//! (`api`, `crates/api`), what each request does (`service`, `crates/service`, which alone
//! reaches the database through its private store) and the rules (`rules`, `crates/rules`).

pub mod server;
pub mod telemetry;

/// The HTTP API, its configuration, its errors and the score pad (`crates/api`).
pub use phase10_api as api;
pub use phase10_api::{AppParts, app, config, error, pad};
/// The games' rules, the advisor and the best whole solitaire game (`crates/rules`).
pub use phase10_api::{rules, whole_game};
/// What each request does, over its private store (`crates/service`), and the typed values
/// every layer shares.
pub use phase10_api::{service, values};
