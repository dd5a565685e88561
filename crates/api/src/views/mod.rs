//! The JSON the API answers with, per resource, built from what the service returns. Every body
//! is a named schema of the OpenAPI document.

pub mod edits;
pub mod events;
pub mod games;
pub mod groups;
pub mod hands;
pub mod people;
pub mod turns;

use chrono::{DateTime, NaiveDateTime, Utc};

pub use edits::EditView;
pub use games::{GameView, PlayerView};
pub use groups::{GroupView, MissView, groups, miss};
pub use hands::{HandView, hand_view_of, hands_after};
pub use turns::{TurnView, turn_view_of, turns_after};

pub fn utc(time: NaiveDateTime) -> DateTime<Utc> {
    time.and_utc()
}
