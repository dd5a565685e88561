//! HTTP-level tests: a real server on a real database, each test on SQLite and on PostgreSQL.

mod helpers;

mod accounts;
mod bad_input;
mod conditional;
mod digital;
mod events;
mod games;
mod idempotency;
mod invites;
mod last_event_id;
mod limits;
mod phases;
mod proxy;
mod scoresheet;
mod service;
mod sse;
mod turns;
