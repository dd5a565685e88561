//! An account's roster (RULES §10): the people who play at its tables, added by name or when a
//! game names them, renamed everywhere, removed while they play no game; and who sits in each
//! seat of a new game.

use chrono::NaiveDateTime;

use super::Session;
use super::change::change_game;
use super::chosen::{ChosenId, Made, id_taken};
use super::record::Person;
use super::replay::replay;
use super::store::people;
use crate::error::{Error, FieldError, ProblemCode, Result};
use crate::events::EventKind;
use crate::values::{AccountId, PersonId, PlayerName};

/// Who plays a seat of a new game: the roster's person of that name (added if new), or the
/// person of that id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NewPlayer {
    Named(String),
    Person(PersonId),
}

/// Where a page of the roster starts: after this person, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PeopleAfter {
    pub created_at: NaiveDateTime,
    pub id: PersonId,
}

pub struct PeoplePage {
    pub people: Vec<Person>,
    pub next: Option<PeopleAfter>,
}

fn parsed(name: &str, field: &str) -> Result<PlayerName> {
    PlayerName::parse(name)
        .map_err(|why| Error::invalid_field(ProblemCode::InvalidName, field, why.to_string()))
}

fn already_named(name: &PlayerName, person: &Person) -> Error {
    let also = match person.name.as_str() == name.as_str() {
        true => String::new(),
        false => format!(" (as {:?}, which looks the same)", person.name.as_str()),
    };
    Error::conflict(
        ProblemCode::PersonExists,
        format!(
            "{:?} is already in the roster{also}: person {}",
            name.as_str(),
            person.id
        ),
    )
}

/// The most people a roster holds: a family's or a club's with room to spare, and a
/// leaderboard that pages through them.
pub const MOST_PEOPLE: i64 = 1_000;

/// The places a roster has left, counted once in the adding transaction with the account's
/// row locked (additions to one roster at once count one after the other), then kept as people
/// are added.
pub(super) struct Room {
    held: i64,
}

impl Room {
    pub(super) fn of(session: &mut Session, account_id: &AccountId) -> Result<Room> {
        let held = people::count_for_adding(session.conn(), account_id)?;
        Ok(Room { held })
    }

    /// Takes places for `more` people: 409 `roster_full` if they would take the roster past
    /// [`MOST_PEOPLE`].
    pub(super) fn take(&mut self, more: usize) -> Result<()> {
        let held = self.held;
        if held + more as i64 <= MOST_PEOPLE {
            self.held += more as i64;
            return Ok(());
        }
        let adding = match more {
            1 => "one more".to_owned(),
            more => format!("{more} more"),
        };
        Err(Error::conflict(
            ProblemCode::RosterFull,
            format!(
                "the roster holds at most {MOST_PEOPLE} people and has {held}, so it has no \
                 room for {adding}: remove people who no longer play from it first"
            ),
        ))
    }
}

/// Refuses adding `more` people to a roster they would take past [`MOST_PEOPLE`].
fn make_room(session: &mut Session, account_id: &AccountId, more: usize) -> Result<()> {
    match more {
        0 => Ok(()),
        more => Room::of(session, account_id)?.take(more),
    }
}

/// Adds a person to the account's roster: 409 `person_exists` if one of the roster has a name
/// that looks the same. With an id the client chose: the person it added before from the same
/// body, as they are now; 409 `id_taken` if the id is another's.
pub fn add(
    session: &mut Session,
    account_id: &AccountId,
    name: &str,
    chosen: Option<ChosenId<PersonId>>,
) -> Result<Made<Person, Person>> {
    let name = parsed(name, "name")?;
    if let Some(chosen) = &chosen
        && let Some((owner, made_from)) = people::made_with_id(session.conn(), &chosen.id)?
    {
        if owner == account_id && made_from.as_deref() == Some(chosen.made_from.as_str()) {
            return get(session, account_id, &chosen.id).map(Made::Already);
        }
        return Err(id_taken("person"));
    }
    if let Some(existing) = people::by_name(session.conn(), account_id, &name)? {
        return Err(already_named(&name, &existing));
    }
    make_room(session, account_id, 1)?;
    let person = Person {
        id: chosen
            .as_ref()
            .map_or_else(PersonId::random, |chosen| chosen.id.clone()),
        account_id: account_id.clone(),
        name: name.clone(),
        created_at: session.now(),
    };
    let added = people::add(session.conn(), &person)?;
    if added.id != person.id {
        return Err(already_named(&name, &added));
    }
    if let Some(chosen) = chosen {
        people::set_made_from(session.conn(), &chosen.id, &chosen.made_from)?;
    }
    Ok(Made::New(added))
}

/// The account's person: 404 for anyone else's, as for one that does not exist.
pub fn get(session: &mut Session, account_id: &AccountId, person_id: &PersonId) -> Result<Person> {
    people::find(session.conn(), account_id, person_id)?.ok_or(Error::NotFound("person"))
}

/// A page of the account's roster, oldest first.
pub fn list(
    session: &mut Session,
    account_id: &AccountId,
    after: Option<PeopleAfter>,
    limit: usize,
) -> Result<PeoplePage> {
    let mut rows = people::page(
        session.conn(),
        account_id,
        after.as_ref().map(|a| (a.created_at, a.id.as_str())),
        limit as i64 + 1,
    )?;
    let more = rows.len() > limit;
    rows.truncate(limit);
    let next = more.then(|| rows.last()).flatten().map(|last| PeopleAfter {
        created_at: last.created_at,
        id: last.id.clone(),
    });
    Ok(PeoplePage { people: rows, next })
}

/// Renames a person everywhere: in the roster and in every seat they play, each of their games
/// a change of its own (`player_changed`), so that pads and caches follow. 409
/// `person_exists` if another person of the roster has a name that looks the same.
pub fn rename(
    session: &mut Session,
    account_id: &AccountId,
    person_id: &PersonId,
    name: &str,
) -> Result<Person> {
    let mut person = get(session, account_id, person_id)?;
    let name = parsed(name, "name")?;
    if name == person.name {
        return Ok(person);
    }
    if let Some(other) = people::by_name(session.conn(), account_id, &name)?
        && other.id != person.id
    {
        return Err(already_named(&name, &other));
    }
    if !people::rename(session.conn(), person_id, &name)? {
        return Err(Error::conflict(
            ProblemCode::PersonExists,
            format!("{:?} is already in the roster", name.as_str()),
        ));
    }
    for game_id in people::games_of(session.conn(), person_id)? {
        change_game(session, account_id, &game_id, None, |change| {
            let mut record = change.game.record.clone();
            for player in record.players.iter_mut() {
                if player.person_id == person.id {
                    player.name = name.clone();
                }
            }
            change.game = replay(record)?;
            change.happened(EventKind::PlayerChanged, None)
        })?;
    }
    person.name = name;
    Ok(person)
}

/// Removes a person from the roster: 409 `person_has_games` while they play any game.
pub fn delete(session: &mut Session, account_id: &AccountId, person_id: &PersonId) -> Result<()> {
    let person = get(session, account_id, person_id)?;
    let games = people::games_of(session.conn(), person_id)?.len();
    if games > 0 {
        let plural = if games == 1 { "game" } else { "games" };
        return Err(Error::conflict(
            ProblemCode::PersonHasGames,
            format!(
                "{} plays in {games} {plural}: delete those games, or put someone else in {} \
                 seats, first",
                person.name,
                if games == 1 { "that game's" } else { "their" }
            ),
        ));
    }
    people::delete(session.conn(), person_id)?;
    Ok(())
}

/// The people who play the seats of a new game, in the order given: each named one found in
/// the roster by a name that looks the same, or added to it; each one given by id found in
/// the account's roster (404 otherwise). One person twice is 422 `duplicate_person`, naming
/// both lines. Nothing is added unless every seat is filled.
pub(super) fn seat_people(
    session: &mut Session,
    account_id: &AccountId,
    players: &[NewPlayer],
) -> Result<Vec<Person>> {
    // Every name checked first, so that one refusal names every bad line.
    let mut errors = Vec::new();
    let mut names = Vec::with_capacity(players.len());
    for (i, player) in players.iter().enumerate() {
        if let NewPlayer::Named(name) = player {
            match PlayerName::parse(name) {
                Ok(name) => names.push(Some(name)),
                Err(why) => {
                    errors.push(FieldError::new(
                        format!("players[{i}].name"),
                        why.to_string(),
                    ));
                    names.push(None);
                }
            }
        } else {
            names.push(None);
        }
    }
    if !errors.is_empty() {
        return Err(Error::invalid_fields(ProblemCode::InvalidName, errors));
    }
    let ids: Vec<PersonId> = players
        .iter()
        .filter_map(|p| match p {
            NewPlayer::Person(id) => Some(id.clone()),
            NewPlayer::Named(_) => None,
        })
        .collect();
    let known = people::find_all(session.conn(), account_id, &ids)?;
    let now = session.now();
    // Each seat's person: found, or new (added once every seat is known to be fine).
    let mut seated: Vec<(Person, bool)> = Vec::with_capacity(players.len());
    for (player, name) in players.iter().zip(names) {
        match (player, name) {
            (NewPlayer::Person(id), _) => {
                let person = known.iter().find(|p| p.id == id);
                seated.push((person.cloned().ok_or(Error::NotFound("person"))?, false));
            }
            (NewPlayer::Named(_), Some(name)) => {
                match people::by_name(session.conn(), account_id, &name)? {
                    Some(person) => seated.push((person, false)),
                    None => {
                        // The same new name twice is one new person, seated twice.
                        let twin = seated
                            .iter()
                            .find(|(p, new)| *new && p.name.identity() == name.identity());
                        let person = match twin {
                            Some((p, _)) => p.clone(),
                            // People added together stay in the roster in the order given.
                            None => Person {
                                id: PersonId::random(),
                                account_id: account_id.clone(),
                                name,
                                created_at: now
                                    + chrono::Duration::microseconds(seated.len() as i64),
                            },
                        };
                        seated.push((person, true));
                    }
                }
            }
            (NewPlayer::Named(_), None) => return Err(Error::bug("a name left unchecked")),
        }
    }
    check_each_once(players, &seated)?;
    let new = seated.iter().filter(|(_, new)| *new).count();
    make_room(session, account_id, new)?;
    let mut added = Vec::new();
    for (person, new) in seated {
        if new {
            people::add(session.conn(), &person).map(|p| added.push(p))?;
        } else {
            added.push(person);
        }
    }
    Ok(added)
}

/// One person plays one seat: a person given twice (by name or by id) is refused, each pair
/// named with both of its lines.
fn check_each_once(players: &[NewPlayer], seated: &[(Person, bool)]) -> Result<()> {
    let mut errors = Vec::new();
    // Two names that look the same keep the code they always had.
    let mut by_name_only = true;
    for (j, (person, _)) in seated.iter().enumerate() {
        if let Some(i) = seated[..j].iter().position(|(p, _)| p.id == person.id) {
            let said = |k: usize| match &players[k] {
                NewPlayer::Named(name) => format!("players[{k}] ({name:?})"),
                NewPlayer::Person(_) => format!("players[{k}] (person_id)"),
            };
            by_name_only &= matches!(
                (&players[i], &players[j]),
                (NewPlayer::Named(_), NewPlayer::Named(_))
            );
            let message = format!(
                "{} and {} are both {}, who can play only one seat",
                said(i),
                said(j),
                person.name
            );
            let field = |k: usize| match &players[k] {
                NewPlayer::Named(_) => format!("players[{k}].name"),
                NewPlayer::Person(_) => format!("players[{k}].person_id"),
            };
            errors.push(FieldError::new(field(i), message.clone()));
            errors.push(FieldError::new(field(j), message));
        }
    }
    let code = match by_name_only {
        true => ProblemCode::DuplicateName,
        false => ProblemCode::DuplicatePerson,
    };
    match errors.is_empty() {
        true => Ok(()),
        false => Err(Error::invalid_fields(code, errors)),
    }
}
