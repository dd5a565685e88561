//! The metrics the API records, by name. The server's `telemetry` describes them with the rest
//! and serves them to the operator.

/// Requests answered, by route, method and status.
pub const REQUESTS: &str = "phase10_http_requests_total";
/// Their latency, in seconds, by route and method.
pub const REQUEST_SECONDS: &str = "phase10_http_request_duration_seconds";
/// Turns recorded (tabletop turns and digital turns scored).
pub const TURNS: &str = "phase10_turns_recorded_total";
/// Hands of the card game recorded.
pub const HANDS: &str = "phase10_hands_recorded_total";
/// Advice answered, by goal; and how long the advisor took, in seconds.
pub const ADVICE: &str = "phase10_advice_answers_total";
pub const ADVICE_SECONDS: &str = "phase10_advice_duration_seconds";
