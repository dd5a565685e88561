//! What every request goes through, whatever its resource: the caller's key, problem+json for
//! every error, reading bodies and parameters, idempotency keys, conditional requests, limits on
//! headers, connections and request rates, CORS, the client's address, request logs.

pub mod auth;
pub mod client_address;
pub mod conditional;
pub mod connection_state;
pub mod cors;
pub mod docs_policy;
pub mod draining;
pub mod extract;
pub mod header_limit;
pub mod idempotency;
pub mod language;
pub mod middleware;
pub mod negotiate;
pub mod pagination;
pub mod problem;
pub mod rate_limit;
pub mod representation;
pub mod request_log;
pub mod request_metrics;
