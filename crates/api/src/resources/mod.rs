//! One module per resource of the API: its routes (the handlers, each with its OpenAPI
//! description) and its request bodies and parameters. A handler reads the request, calls the
//! service once, and renders the answer with `views`.

pub mod accounts;
pub mod advice;
pub mod backup;
pub mod devices;
pub mod digital_turns;
pub mod edits;
pub mod entries;
pub mod events;
pub mod games;
pub mod hands;
pub mod health;
pub mod invites;
pub mod live_pad;
pub mod pad;
pub mod people;
pub mod phases;
pub mod review;
pub mod scoresheet;
pub mod share;
pub mod solitaire;
pub mod table;
pub mod table_app;
pub mod turns;
