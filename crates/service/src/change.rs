//! The one way a game changes: every change (a game created or deleted, a turn recorded, started,
//! rolled, scored or undone, a hand recorded or undone, a seat claimed) goes through `change_game`
//! (a new game through `create`), inside the write transaction that
//! `Session::write` opens.
//!
//! How concurrent changes are kept apart, on both databases alike: a change first takes the game
//! by bumping its version (`UPDATE games … RETURNING`), which locks the game's row until the
//! transaction ends. Any other change of the same game waits at that statement, then finds the
//! version moved on; so changes of one game happen one after another, each on the state the one
//! before left, and `If-Match` is checked against the version the game had when it was taken.
//! Reads take no lock.
//!
//! A change is then: the game's state at the version it had (kept from the last change made in
//! this process at that version, or read and replayed), access checked, the rules applied by the
//! caller (which writes its turn or seat), and the change's event appended: the database's
//! trigger sets the game's cached status from it and, on PostgreSQL, notifies every process.

use std::sync::Arc;

use super::events::{Event, EventKind};
use super::figures;
use super::record::{Entries, Game, GameRecord, GameStatus, LoggedEvent, Player};
use super::replay::{GameState, replay};
use super::store::{events, games};
use super::{Session, VersionCheck, access, check_version};
use crate::error::{Error, Result};
use crate::values::{AccountId, EntryNumber, GameId, GameVersion};

/// A game being changed: its state as the change goes, and the events the change makes.
pub struct Change<'a, 's> {
    pub session: &'a mut Session<'s>,
    pub game: GameState,
    events: Vec<Event>,
    /// The version the next event will have, once asked for.
    next: Option<GameVersion>,
    /// Whether the change deleted the game.
    deleted: bool,
    /// Whether the game was over before the change: its results counted in its people's
    /// figures, which the change may alter (`figures::follow`).
    was_over: bool,
    /// The game's row as it was before it was taken for this change (none for a new game).
    taken_from: Option<super::record::Game>,
    /// Whether the change turned out to change nothing (`leave_unchanged`).
    unchanged: bool,
}

impl Change<'_, '_> {
    /// Says what the change did, as the game now stands: each call is an event of its own, with
    /// a version of its own (a third roll is a roll, then a scored turn).
    pub fn happened(&mut self, kind: EventKind, turn: Option<EntryNumber>) -> Result<()> {
        let version = self.next_version()?;
        self.next = None;
        self.game.record.game.status = self.game.status();
        let event = Event {
            kind,
            version,
            turn,
        };
        log(self.session, &self.game, &event)?;
        self.events.push(event);
        Ok(())
    }
}

impl Change<'_, '_> {
    /// The version the next event of this change will have, which the game has from now on:
    /// the version the change took for its first event, a version of its own for each further
    /// one.
    pub fn next_version(&mut self) -> Result<GameVersion> {
        if let Some(version) = self.next {
            return Ok(version);
        }
        let version = match self.events.last() {
            None => self.game.record.game.version,
            Some(_) => games::bump_version(self.session.conn(), &self.game.record.game.id)?,
        };
        self.game.record.game.version = version;
        self.next = Some(version);
        Ok(version)
    }
}

/// Appends an event to the game's log, with the JSON its subscribers are sent. The game's
/// cached status follows it (the database's trigger).
fn log(session: &mut Session, game: &GameState, event: &Event) -> Result<()> {
    let logged = LoggedEvent {
        game_id: game.record.game.id.clone(),
        version: event.version,
        kind: event.kind,
        data: (session.service.parts.event_data)(event, game)?,
        created_at: game.record.game.updated_at,
        status: game.record.game.status,
    };
    Ok(events::append(session.conn(), logged)?)
}

impl Change<'_, '_> {
    /// Ends the change with nothing changed (a replacement identical to its entry, RULES §9):
    /// the game is put back as it was taken, at its version, and nothing is logged or sent.
    pub fn leave_unchanged(&mut self) {
        self.unchanged = true;
    }

    /// Deletes the game with its record and its log, as the last thing the change does: its
    /// followers are told (in other processes, through the database, once it commits).
    pub fn delete(&mut self) -> Result<()> {
        let id = self.game.record.game.id.clone();
        figures::follow(self.session.conn(), &id, self.was_over, None)?;
        games::delete(self.session.conn(), &id)?;
        events::announce(self.session.conn(), &id)?;
        self.deleted = true;
        Ok(())
    }
}

/// Creates a game from its first record (its row and its players, at version 1): the change
/// that makes it, with its event, `game_created`.
#[tracing::instrument(skip_all, fields(account_id = %game.account_id, game_id = %game.id))]
pub fn create(session: &mut Session, game: Game, players: Vec<Player>) -> Result<Changed> {
    games::insert(session.conn(), &game, &players)?;
    let state = replay(GameRecord {
        entries: Entries::none_for(&game.rules),
        game,
        players,
        claims: Vec::new(),
    })?;
    let mut change = Change {
        session,
        game: state,
        events: Vec::new(),
        next: None,
        deleted: false,
        was_over: false,
        taken_from: None,
        unchanged: false,
    };
    change.happened(EventKind::GameCreated, None)?;
    finish(change)
}

/// Brings in a game worked out from a record made elsewhere (an import), its rows already
/// written: its log starts with one `game_created`, at the version it has; its results count in
/// its people's figures.
pub fn imported(session: &mut Session, game: GameState) -> Result<Changed> {
    let mut change = Change {
        session,
        game,
        events: Vec::new(),
        next: None,
        deleted: false,
        was_over: false,
        taken_from: None,
        unchanged: false,
    };
    change.happened(EventKind::GameCreated, None)?;
    finish(change)
}

/// What a change did: the game as it left it, and its events (the last has the game's version).
pub struct Changed {
    pub game: Arc<GameState>,
    pub events: Vec<Event>,
}

/// Who is changing a game.
#[derive(Debug, Clone, Copy)]
pub enum Changer<'a> {
    /// An account that may see the game (its owner, or one that plays a seat): a stranger is
    /// told the game does not exist, before anything else. What else it may do is the
    /// change's to check (`access`).
    Member(&'a AccountId),
    /// An account holding an invite to the game, which is the invite's to check.
    Invited,
}

/// Takes the game for a change by the account, checks `If-Match` against the version it had,
/// and lets `apply` change it.
#[tracing::instrument(skip_all, fields(account_id = %account_id, game_id = %game_id))]
pub fn change_game(
    session: &mut Session,
    account_id: &AccountId,
    game_id: &GameId,
    expected: Option<&VersionCheck>,
    apply: impl FnOnce(&mut Change) -> Result<()>,
) -> Result<Changed> {
    change_as(
        session,
        Changer::Member(account_id),
        game_id,
        expected,
        apply,
    )
}

/// `change_game`, for any `Changer`.
#[tracing::instrument(skip_all, fields(game_id = %game_id))]
pub fn change_as(
    session: &mut Session,
    changer: Changer,
    game_id: &GameId,
    expected: Option<&VersionCheck>,
    apply: impl FnOnce(&mut Change) -> Result<()>,
) -> Result<Changed> {
    let now = session.now();
    let member = match changer {
        Changer::Member(account_id) => Some(account_id),
        Changer::Invited => None,
    };
    let row = games::lock_for_change(session.conn(), game_id, now, member)?
        .ok_or(Error::NotFound("game"))?;
    let before = row.version.previous();
    let mut game = match session.recent().game(game_id, before) {
        Some(kept) => Arc::unwrap_or_clone(kept),
        None => {
            metrics::counter!(crate::telemetry::GAMES_REPLAYED, "for" => "change").increment(1);
            let mut read = row.clone();
            read.version = before;
            replay(games::load_record(session.conn(), read)?)?
        }
    };
    if let Changer::Member(account_id) = changer {
        access::role(&game.record, account_id)?;
    }
    check_version(expected, before)?;
    let was_over = game.status() == GameStatus::Finished;
    let taken_from = std::mem::replace(&mut game.record.game, row);
    let mut change = Change {
        session,
        game,
        events: Vec::new(),
        next: None,
        deleted: false,
        was_over,
        taken_from: Some(taken_from),
        unchanged: false,
    };
    apply(&mut change)?;
    finish(change)
}

/// What every change ends with: the game kept for when the write commits (or forgotten, if
/// the change deleted it).
fn finish(change: Change) -> Result<Changed> {
    let Change {
        session,
        game,
        events,
        deleted,
        was_over,
        taken_from,
        unchanged,
        ..
    } = change;
    if let (true, Some(taken_from)) = (unchanged, taken_from) {
        games::put_back(session.conn(), &taken_from)?;
        let mut game = game;
        game.record.game = taken_from;
        return Ok(Changed {
            game: Arc::new(game),
            events: Vec::new(),
        });
    }
    if deleted {
        session.deleted.push(game.record.game.id.clone());
    } else if events.is_empty() {
        return Err(Error::bug("a change of a game made no event"));
    } else {
        figures::follow(session.conn(), game.id(), was_over, Some(&game))?;
    }
    // One game for the answer and the cache, not a copy each: a long game is many turns.
    let game = Arc::new(game);
    if !deleted {
        session.changed.push(Arc::clone(&game));
    }
    Ok(Changed { game, events })
}
