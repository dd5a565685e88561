//! Backing up an account and bringing it back, here or on another server: `export` writes its
//! people and games as one document (`document`), `import` makes them again in the caller's
//! account with the same ids, each game worked out again from its entries by the rules
//! (`replay::replay_entered`), all in one transaction: a document that does not replay makes
//! nothing. What the caller has already (the same ids, in its account) is left as it is, so a
//! second import of a document makes nothing twice.

pub mod document;
mod entries;
mod restore;

use std::collections::HashSet;

use super::Session;
use super::accounts::Account;
use super::record::{GameRecord, GameRules};
use super::store::{edits, games, people};
use crate::error::Result;
use crate::names::{CardsKind, DiceKind};
use crate::values::GameVersion;
use document::*;

pub use restore::{Imported, import};

/// Games whose records are read at once.
const RECORDS_AT_ONCE: usize = 200;

/// The account's people and games, as one document.
pub fn export(session: &mut Session, account: &Account) -> Result<AccountExport> {
    let roster = people::page(session.conn(), &account.id, None, i64::MAX)?;
    let owned = games::owned_by(session.conn(), &account.id)?;
    let mut exported = Vec::with_capacity(owned.len());
    let mut owned = owned.into_iter().peekable();
    while owned.peek().is_some() {
        let some: Vec<_> = owned.by_ref().take(RECORDS_AT_ONCE).collect();
        for record in games::load_records(session.conn(), some)? {
            let edits = edits::after(session.conn(), &record.game.id, GameVersion::NONE, i64::MAX)?;
            exported.push(exported_game(record, edits));
        }
    }
    Ok(AccountExport {
        format: ExportFormat::V1,
        account: ExportedAccount {
            id: account.id.clone(),
            name: account.name.as_str().to_string(),
        },
        exported_at: session.now().and_utc(),
        people: roster
            .into_iter()
            .map(|person| ExportedPerson {
                id: person.id,
                name: person.name.as_str().to_string(),
                created_at: person.created_at.and_utc(),
            })
            .collect(),
        games: exported,
    })
}

fn exported_game(record: GameRecord, edits: Vec<super::record::Edit>) -> ExportedGame {
    let game = record.game;
    let (turns, hands) = entries::exported(record.entries);
    let rules = match game.rules {
        GameRules::Dice(dice) => ExportedRules::Dice(ExportedDiceRules {
            game: DiceKind::Dice,
            mode: dice.mode,
            edition: dice.edition,
            dice_layout: dice.layout,
        }),
        GameRules::Cards(cards) => ExportedRules::Cards(ExportedCardRules {
            game: CardsKind::Cards,
            edition: cards.edition,
            phases: cards.phases.iter().map(|p| p.get()).collect(),
            ten_hands: cards.ten_hands,
            first_dealer: game.first_dealer,
        }),
    };
    ExportedGame {
        id: game.id,
        rules,
        name: game.name.map(|name| name.as_str().to_string()),
        version: game.version,
        created_at: game.created_at.and_utc(),
        updated_at: game.updated_at.and_utc(),
        rematch_of: game.rematch_of,
        players: record
            .players
            .into_iter()
            .map(|player| ExportedPlayer {
                id: player.id,
                person_id: player.person_id,
                order_rolls: player.order_rolls,
            })
            .collect(),
        turns,
        hands,
        edits: edits
            .into_iter()
            .map(|edit| ExportedEdit {
                version: edit.version,
                entry: edit.entry,
                number: edit.number,
                created_at: edit.created_at.and_utc(),
                before: edit.before,
                after: edit.after,
            })
            .collect(),
    }
}

/// Whether the ids are all different; the first repeated one if not.
fn first_repeated<'a, T: std::hash::Hash + Eq + 'a>(
    ids: impl IntoIterator<Item = &'a T>,
) -> Option<&'a T> {
    let mut seen = HashSet::new();
    ids.into_iter().find(|id| !seen.insert(*id))
}
