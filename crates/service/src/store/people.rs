//! An account's roster (RULES §10): its people, the seats they play, and making people of the
//! players of games created before there were people.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;

use super::DbConnection;
use super::columns::Named;
use super::schema::{accounts, figures, games, people, players, review_figures};
use crate::names::GameKind;
use crate::record::Person;
use crate::rules::dice::DiceLayout;
use crate::values::names::identity;
use crate::values::{AccountId, GameId, PersonId, PlayerId, PlayerName};

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = people)]
struct PersonRow {
    id: PersonId,
    account_id: AccountId,
    name: PlayerName,
    /// What the name looks like: two people of a roster never share it.
    name_key: String,
    created_at: NaiveDateTime,
}

impl From<PersonRow> for Person {
    fn from(row: PersonRow) -> Person {
        Person {
            id: row.id,
            account_id: row.account_id,
            name: row.name,
            created_at: row.created_at,
        }
    }
}

impl PersonRow {
    fn of(person: &Person) -> PersonRow {
        PersonRow {
            id: person.id.clone(),
            account_id: person.account_id.clone(),
            name: person.name.clone(),
            name_key: person.name.identity(),
            created_at: person.created_at,
        }
    }
}

/// The figures' rows a person has from the start, one per game and dice layout, so that a
/// result is only ever added to a row (`UPDATE … SET games = games + 1`), never inserted in a
/// race with another.
const FIGURES_ROWS: [(GameKind, DiceLayout); 3] = [
    (GameKind::Dice, DiceLayout::Standard),
    (GameKind::Dice, DiceLayout::AnyColors),
    (GameKind::Cards, DiceLayout::Standard),
];

/// Adds a person to their account's roster, unless one of the same name (as `identity` has it)
/// is already there: then that person, untouched. Two requests adding one name at once get
/// the same person.
pub(crate) fn add(conn: &mut DbConnection, person: &Person) -> QueryResult<Person> {
    let row = PersonRow::of(person);
    if insert_unless_named(conn, &row)? == 0 {
        return by_key(conn, &person.account_id, &row.name_key)?
            .ok_or(diesel::result::Error::NotFound);
    }
    add_figures_rows(conn, person)?;
    Ok(person.clone())
}

/// How many people the account's roster holds, its account's row locked first on PostgreSQL
/// until the transaction ends, so that additions to one roster at once count one after the
/// other (SQLite's writers take turns already).
pub(crate) fn count_for_adding(
    conn: &mut DbConnection,
    account_id: &AccountId,
) -> QueryResult<i64> {
    if let DbConnection::Postgres(pg) = conn {
        accounts::table
            .find(account_id)
            .select(accounts::id)
            .for_update()
            .execute(pg)?;
    }
    people::table
        .filter(people::account_id.eq(account_id))
        .count()
        .get_result(conn)
}

/// Whose a person is, and what they were made from, whoever's they are.
pub(crate) fn made_with_id(
    conn: &mut DbConnection,
    person_id: &PersonId,
) -> QueryResult<Option<(AccountId, Option<String>)>> {
    people::table
        .find(person_id)
        .select((people::account_id, people::made_from))
        .first(conn)
        .optional()
}

/// Notes what a person whose id the client chose was made from.
pub(crate) fn set_made_from(
    conn: &mut DbConnection,
    person_id: &PersonId,
    made_from: &str,
) -> QueryResult<()> {
    diesel::update(people::table.find(person_id))
        .set(people::made_from.eq(made_from))
        .execute(conn)
        .map(drop)
}

/// Inserts a person unless the roster has one of the same key (then 0 rows): `ON CONFLICT DO
/// NOTHING`, which both backends have but diesel's `MultiConnection` does not offer, so it is
/// written once per backend.
fn insert_unless_named(conn: &mut DbConnection, row: &PersonRow) -> QueryResult<usize> {
    let insert = diesel::insert_into(people::table).values(row);
    match conn {
        DbConnection::Postgres(pg) => insert.on_conflict_do_nothing().execute(pg),
        DbConnection::Sqlite(lite) => insert.on_conflict_do_nothing().execute(lite),
    }
}

fn add_figures_rows(conn: &mut DbConnection, person: &Person) -> QueryResult<()> {
    diesel::insert_into(review_figures::table)
        .values(review_figures::person_id.eq(&person.id))
        .execute(conn)?;
    for (game, layout) in FIGURES_ROWS {
        diesel::insert_into(figures::table)
            .values((
                figures::person_id.eq(&person.id),
                figures::game.eq(Named(game)),
                figures::dice_layout.eq(Named(layout)),
                figures::account_id.eq(&person.account_id),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// The account's person whose name looks like this one, if any.
pub(crate) fn by_name(
    conn: &mut DbConnection,
    account_id: &AccountId,
    name: &PlayerName,
) -> QueryResult<Option<Person>> {
    by_key(conn, account_id, &name.identity())
}

fn by_key(
    conn: &mut DbConnection,
    account_id: &AccountId,
    key: &str,
) -> QueryResult<Option<Person>> {
    people::table
        .filter(people::account_id.eq(account_id))
        .filter(people::name_key.eq(key))
        .select(PersonRow::as_select())
        .first(conn)
        .optional()
        .map(|row| row.map(Person::from))
}

/// The account's person, if it has one of that id.
pub(crate) fn find(
    conn: &mut DbConnection,
    account_id: &AccountId,
    person_id: &PersonId,
) -> QueryResult<Option<Person>> {
    people::table
        .find(person_id)
        .filter(people::account_id.eq(account_id))
        .select(PersonRow::as_select())
        .first(conn)
        .optional()
        .map(|row| row.map(Person::from))
}

/// The account's people of these ids (those it has).
pub(crate) fn find_all(
    conn: &mut DbConnection,
    account_id: &AccountId,
    ids: &[PersonId],
) -> QueryResult<Vec<Person>> {
    people::table
        .filter(people::id.eq_any(ids))
        .filter(people::account_id.eq(account_id))
        .select(PersonRow::as_select())
        .load(conn)
        .map(|rows| rows.into_iter().map(Person::from).collect())
}

/// Up to `limit` of the account's people, oldest first, after the one added at `after.0` with
/// the id `after.1`.
pub(crate) fn page(
    conn: &mut DbConnection,
    account_id: &AccountId,
    after: Option<(NaiveDateTime, &str)>,
    limit: i64,
) -> QueryResult<Vec<Person>> {
    let mut query = people::table
        .filter(people::account_id.eq(account_id))
        .select(PersonRow::as_select())
        .order((people::created_at, people::id))
        .limit(limit)
        .into_boxed();
    if let Some((created_at, id)) = after {
        query = query.filter(
            people::created_at
                .gt(created_at)
                .or(people::created_at.eq(created_at).and(people::id.gt(id))),
        );
    }
    Ok(query.load(conn)?.into_iter().map(Person::from).collect())
}

/// Gives the person a new name, in the roster and in every seat they play; false if another
/// person of the roster has a name that looks the same.
pub(crate) fn rename(
    conn: &mut DbConnection,
    person_id: &PersonId,
    name: &PlayerName,
) -> QueryResult<bool> {
    let renamed = diesel::update(people::table.find(person_id))
        .set((people::name.eq(name), people::name_key.eq(name.identity())))
        .execute(conn);
    match renamed {
        Err(diesel::result::Error::DatabaseError(
            diesel::result::DatabaseErrorKind::UniqueViolation,
            _,
        )) => return Ok(false),
        other => other?,
    };
    diesel::update(players::table.filter(players::person_id.eq(person_id)))
        .set(players::name.eq(name))
        .execute(conn)?;
    Ok(true)
}

/// Removes a person from the roster (with their empty figures); false if they were not there.
pub(crate) fn delete(conn: &mut DbConnection, person_id: &PersonId) -> QueryResult<bool> {
    diesel::delete(people::table.find(person_id))
        .execute(conn)
        .map(|deleted| deleted > 0)
}

/// The games the person plays a seat of, of any status.
pub(crate) fn games_of(conn: &mut DbConnection, person_id: &PersonId) -> QueryResult<Vec<GameId>> {
    players::table
        .filter(players::person_id.eq(person_id))
        .select(players::game_id)
        .order(players::game_id)
        .load(conn)
}

/// How many of the person's games are not over: found among the account's open games
/// (`games_in_play`, a partial index), not among all the person's games, so that the count does
/// not grow with the games they finished.
pub(crate) fn games_in_progress(
    conn: &mut DbConnection,
    account_id: &AccountId,
    person_id: &PersonId,
) -> QueryResult<i64> {
    let seated = players::table
        .filter(players::game_id.eq(games::id))
        .filter(players::person_id.eq(person_id))
        .select(players::id);
    // The status as a literal, as the index's predicate has it: a bound parameter would not let
    // PostgreSQL's generic plan of the prepared statement use the partial index.
    games::table
        .filter(games::account_id.eq(account_id))
        .filter(diesel::dsl::sql::<diesel::sql_types::Bool>(
            "games.status <> 'finished'",
        ))
        .filter(diesel::dsl::exists(seated))
        .count()
        .get_result(conn)
}

/// Puts another person in a seat, with their name.
pub(crate) fn seat(
    conn: &mut DbConnection,
    player_id: &PlayerId,
    person: &Person,
) -> QueryResult<()> {
    diesel::update(players::table.find(player_id))
        .set((
            players::person_id.eq(&person.id),
            players::name.eq(&person.name),
        ))
        .execute(conn)
        .map(drop)
}

/// Makes the players of games created before there were people into people of their games'
/// accounts, once, before the server serves: a diesel migration cannot, as a name's key (its
/// UTS #39 skeleton) is computed in Rust. Players whose names look the same are one person of
/// their account (named as the player of the newest game, and untouched in their own games);
/// two such players of one game, which older rules allowed ("Al" and "AI"), are two people, the
/// second kept apart with a key no name can have. Safe to run again, and by two processes at
/// once: it only takes players without a person, and adding a person is idempotent.
pub(crate) fn adopt_players(conn: &mut DbConnection, now: NaiveDateTime) -> QueryResult<usize> {
    let orphans: Vec<(PlayerId, GameId, PlayerName, AccountId)> = players::table
        .inner_join(games::table)
        .filter(players::person_id.is_null())
        .order((games::created_at.desc(), games::id, players::seat))
        .select((
            players::id,
            players::game_id,
            players::name,
            games::account_id,
        ))
        .load(conn)?;
    let count = orphans.len();
    // Per account and key: the person's name (the newest game's spelling) and their players.
    let mut people: HashMap<(AccountId, String), (PlayerName, Vec<PlayerId>)> = HashMap::new();
    let mut seen_in_game: HashMap<(GameId, String), usize> = HashMap::new();
    for (player_id, game_id, name, account_id) in orphans {
        let mut key = identity(name.as_str());
        let twin = seen_in_game.entry((game_id, key.clone())).or_insert(0);
        if *twin > 0 {
            // A control character: never in a name, so never in a name's key.
            key = format!("{key}\u{1}{player_id}");
        }
        *twin += 1;
        people
            .entry((account_id, key))
            .or_insert_with(|| (name, Vec::new()))
            .1
            .push(player_id);
    }
    for ((account_id, key), (name, players_of)) in people {
        let person = match by_key(conn, &account_id, &key)? {
            Some(person) => person,
            None => {
                let person = Person {
                    id: PersonId::random(),
                    account_id,
                    name,
                    created_at: now,
                };
                let mut row = PersonRow::of(&person);
                row.name_key = key;
                insert_unless_named(conn, &row)?;
                match by_key(conn, &person.account_id, &row.name_key)? {
                    Some(found) if found.id != person.id => found,
                    _ => {
                        add_figures_rows(conn, &person)?;
                        person
                    }
                }
            }
        };
        for chunk in players_of.chunks(500) {
            diesel::update(
                players::table
                    .filter(players::id.eq_any(chunk))
                    .filter(players::person_id.is_null()),
            )
            .set(players::person_id.eq(&person.id))
            .execute(conn)?;
        }
    }
    Ok(count)
}
