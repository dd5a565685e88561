//! HTTP-level tests: a real server on a real database, each test on SQLite and on PostgreSQL.

mod helpers;

mod accounts;
mod advice;
mod bad_input;
mod cards;
mod conditional;
mod digital;
mod edit_properties;
mod edits;
mod events;
mod games;
mod hand_edits;
mod idempotency;
mod invites;
mod keys_at_rest;
mod last_event_id;
mod limits;
mod logs;
mod metrics;
mod misbehaving_clients;
mod pad;
mod people;
mod people_figures;
mod phases;
mod process;
mod proxy;
mod raw;
mod scoresheet;
mod service;
mod share;
mod sse;
mod stopping;
mod table_app;
mod turns;
