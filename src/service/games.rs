//! Creating, reading, listing and deleting games.

use super::access;
use super::display_names;
use super::names::{EditionName, LayoutName, Mode, StatusName, stored};
use super::replay::{GameState, replay};
use super::roller::DiceRoller;
use super::{VersionCheck, check_version};
use crate::error::{Error, FieldError, Result};
use crate::rules::game::{MAX_PLAYERS, Status};
use crate::rules::order::roll_for_order;
use crate::store::DbConnection;
use crate::store::events;
use crate::store::games::{self, GameRow, GamesAfter, PlayerRow};

/// The longest player name, in characters.
pub const MAX_PLAYER_NAME: usize = 40;

/// What a new game is made of.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// In turn order for a tabletop game; a digital game rolls for the order.
    pub names: Vec<String>,
    pub mode: Mode,
    pub edition: EditionName,
    pub layout: LayoutName,
}

fn check_players(names: &[String]) -> Result<Vec<String>> {
    if !(1..=MAX_PLAYERS).contains(&names.len()) {
        return Err(Error::invalid_field(
            "player_count",
            "players",
            format!("a game has 1 to {MAX_PLAYERS} players, not {}", names.len()),
        ));
    }
    let mut kept: Vec<String> = Vec::with_capacity(names.len());
    let mut errors = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let field = format!("players[{i}].name");
        match display_names::checked(name, MAX_PLAYER_NAME) {
            Err(why) => errors.push(FieldError::new(field, why.to_string())),
            Ok(name) => {
                let same = display_names::identity(&name);
                if kept
                    .iter()
                    .any(|other| display_names::identity(other) == same)
                {
                    errors.push(FieldError::new(
                        field,
                        format!("{name:?} is already a player of this game"),
                    ));
                }
                kept.push(name);
            }
        }
    }
    if errors.is_empty() {
        return Ok(kept);
    }
    let duplicate = errors.iter().any(|e| e.message.contains("already"));
    let code = if duplicate {
        "duplicate_name"
    } else {
        "invalid_name"
    };
    Err(Error::invalid_fields(code, errors))
}

/// Seats the players: as given at a table, by rolling a high die each in a digital game.
fn seat(names: Vec<String>, mode: Mode) -> Vec<(String, Option<Vec<u8>>)> {
    match mode {
        Mode::Tabletop => names.into_iter().map(|n| (n, None)).collect(),
        Mode::Digital => {
            let mut dice = DiceRoller::secure();
            let order = roll_for_order(names.len(), || dice.high_die());
            order
                .seating
                .iter()
                .map(|&player| (names[player].clone(), Some(order.rolls[player].clone())))
                .collect()
        }
    }
}

pub fn create(conn: &mut DbConnection, account_id: &str, new: NewGame) -> Result<GameState> {
    let names = check_players(&new.names)?;
    if new.mode == Mode::Digital && new.layout == LayoutName::AnyColors {
        // The server rolls the standard dice: with colorless faces phase 8 could never be made.
        return Err(Error::invalid_field(
            "digital_needs_standard_dice",
            "dice_layout",
            "a digital game is played with the server's standard dice",
        ));
    }
    let now = super::now();
    let game = GameRow {
        id: super::new_id(),
        account_id: account_id.to_string(),
        mode: stored(new.mode),
        edition: stored(new.edition),
        dice_layout: stored(new.layout),
        status: stored(StatusName::InProgress),
        version: 1,
        created_at: now,
        updated_at: now,
    };
    let players: Vec<PlayerRow> = seat(names, new.mode)
        .into_iter()
        .enumerate()
        .map(|(seat, (name, rolls))| PlayerRow {
            id: super::new_id(),
            game_id: game.id.clone(),
            seat: seat as i32,
            name,
            order_rolls: rolls.map(|r| serde_json::to_string(&r).unwrap_or_default()),
        })
        .collect();
    games::insert(conn, &game, &players)?;
    replay(games::GameRecord {
        game,
        players,
        turns: Vec::new(),
        claims: Vec::new(),
    })
}

/// The account's game, replayed.
pub fn get(conn: &mut DbConnection, account_id: &str, game_id: &str) -> Result<GameState> {
    let row = games::find_visible(conn, account_id, game_id)?.ok_or(Error::NotFound("game"))?;
    replay(games::load_record(conn, row)?)
}

/// Deletes the account's game and its turns, if `expected` allows its version.
pub fn delete(
    conn: &mut DbConnection,
    account_id: &str,
    game_id: &str,
    expected: Option<&VersionCheck>,
) -> Result<()> {
    let record = super::turns::take(conn, account_id, game_id)?;
    access::owner_only(&record, account_id, "delete the game")?;
    check_version(expected, record.game.version - 1)?;
    games::delete_owned(conn, account_id, game_id)?;
    // Its log goes with it: followers in other processes are told directly.
    events::announce(conn, game_id)?;
    Ok(())
}

/// A page of games and where the next one starts.
pub struct GamesPage {
    pub games: Vec<GameState>,
    pub next: Option<GamesAfter>,
}

pub fn list(
    conn: &mut DbConnection,
    account_id: &str,
    status: Option<StatusName>,
    after: Option<GamesAfter>,
    limit: usize,
) -> Result<GamesPage> {
    let status = status.map(stored);
    let mut rows = games::page(
        conn,
        account_id,
        status.as_deref(),
        after.as_ref(),
        limit as i64 + 1,
    )?;
    let more = rows.len() > limit;
    rows.truncate(limit);
    let next = more.then(|| rows.last()).flatten().map(|last| GamesAfter {
        created_at: last.created_at,
        id: last.id.clone(),
    });
    let games = games::load_records(conn, rows)?
        .into_iter()
        .map(replay)
        .collect::<Result<Vec<_>>>()?;
    Ok(GamesPage { games, next })
}

/// The stored status of a replayed game.
pub fn status_name(status: Status) -> String {
    stored(StatusName::from(status))
}
