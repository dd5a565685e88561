//! A game's log of edits: every replacement of a turn or a hand (RULES §9).

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::utc;
use crate::service::record::{Edit, Entered, EntryKind};
use crate::values::{AccountId, EntryNumber, GameVersion};

/// One replacement of an entry: which, by whom, when, and the entry before and after it, each as
/// it was entered (a turn's player and dice; a hand's body as it is recorded).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Edit)]
pub struct EditView {
    /// `turn` in a dice game, `hand` in a card game.
    pub entry: EntryKind,
    /// The number of the turn or hand replaced.
    #[schema(value_type = i32)]
    pub number: EntryNumber,
    /// The account that replaced it.
    #[schema(value_type = String, format = Uuid)]
    pub account_id: AccountId,
    pub created_at: DateTime<Utc>,
    /// The game's version the replacement made: the id of its `turn_edited` or `hand_edited`
    /// event.
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub before: Entered,
    pub after: Entered,
}

impl From<Edit> for EditView {
    fn from(edit: Edit) -> EditView {
        EditView {
            entry: edit.entry,
            number: edit.number,
            account_id: edit.account_id,
            created_at: utc(edit.created_at),
            version: edit.version,
            before: edit.before,
            after: edit.after,
        }
    }
}
