//! Importing an account's document: its people and games made again in the caller's account,
//! with the same ids, each game worked out again by the rules before anything of it is written.

use crate::rules::dice::game::MOST_TURNS;
use std::collections::{HashMap, HashSet};

use super::document::*;
use super::first_repeated;
use crate::Session;
use crate::accounts::Account;
use crate::change;
use crate::chosen::id_taken;
use crate::error::{Error, FieldError, ProblemCode, Result};
use crate::people::Room;
use crate::record::{
    DiceRules, Edit, Entries, Game, GameRecord, GameRules, GameStatus, Person, Player,
};
use crate::replay::{GameState, replay_entered};
use crate::rules::PhaseNumber;
use crate::rules::cards::{CardRules, MAX_CARD_PLAYERS, MIN_CARD_PLAYERS};
use crate::rules::dice::game::MAX_PLAYERS;
use crate::store::{edits, games, hands, people, turns};
use crate::values::{GameId, GameName, GameVersion, PersonId, PlayerName};

/// What an import made: none of either for a document imported before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Imported {
    pub games: usize,
    pub people: usize,
}

/// 422 for a field of the document.
fn invalid(field: String, message: impl Into<String>) -> Error {
    Error::invalid_fields(
        ProblemCode::InvalidValue,
        vec![FieldError::new(field, message)],
    )
}

/// Makes the document's people and games in the caller's account, all or nothing (the caller's
/// write transaction).
pub fn import(
    session: &mut Session,
    account: &Account,
    document: AccountExport,
) -> Result<Imported> {
    if let Some(id) = first_repeated(document.people.iter().map(|p| &p.id)) {
        return Err(invalid(
            "people".into(),
            format!("person {id} is there twice"),
        ));
    }
    if let Some(id) = first_repeated(document.games.iter().map(|g| &g.id)) {
        return Err(invalid("games".into(), format!("game {id} is there twice")));
    }
    let (roster, made_people) = import_people(session, account, &document.people)?;
    let ours: HashSet<GameId> = document.games.iter().map(|g| g.id.clone()).collect();
    let mut made_games = 0;
    for (line, exported) in document.games.into_iter().enumerate() {
        // Every game is checked, those already here too: a document is taken whole or not at all.
        let already = match games::made_with_id(session.conn(), &exported.id)? {
            Some((owner, _)) if owner == account.id => true,
            Some(_) => return Err(id_taken("game")),
            None => false,
        };
        let edits = exported.edits.clone();
        let state = worked_out(session, account, &roster, &ours, line, exported, already)?;
        if already {
            continue;
        }
        let mut game = state.record.game.clone();
        game.status = state.status();
        games::insert(session.conn(), &game, &state.record.players)?;
        match &state.record.entries {
            Entries::Turns(all) => turns::insert_all(session.conn(), all)?,
            Entries::Hands(all) => hands::insert_all(session.conn(), all)?,
        }
        for edit in &edits {
            edits::insert(session.conn(), &edit_of(account, &game.id, edit))?;
        }
        change::imported(session, state)?;
        made_games += 1;
    }
    Ok(Imported {
        games: made_games,
        people: made_people,
    })
}

/// The game as the rules work it out from its entries, or why it does not replay (422).
fn worked_out(
    session: &mut Session,
    account: &Account,
    roster: &HashMap<PersonId, Person>,
    ours: &HashSet<GameId>,
    line: usize,
    exported: ExportedGame,
    already: bool,
) -> Result<GameState> {
    let (id, name) = (exported.id.clone(), exported.name.clone());
    let record = record_of(session, account, roster, ours, line, exported, already)?;
    let refused = |why: String| {
        let name = name.map(|n| format!(" ({n:?})")).unwrap_or_default();
        Error::invalid_fields(
            ProblemCode::ExportDoesNotReplay,
            vec![FieldError::new(
                format!("games[{line}]"),
                format!("game {id}{name} does not replay: {why}"),
            )],
        )
    };
    if let Entries::Turns(turns) = &record.entries
        && turns.len() > MOST_TURNS
    {
        return Err(refused(format!(
            "it has {} turns, and a dice game holds at most {MOST_TURNS}",
            turns.len()
        )));
    }
    replay_entered(record)?.map_err(|why| refused(why.to_string()))
}

/// The document's people in the caller's roster (made if new), by id; and how many were made.
fn import_people(
    session: &mut Session,
    account: &Account,
    exported: &[ExportedPerson],
) -> Result<(HashMap<PersonId, Person>, usize)> {
    let mut roster = HashMap::new();
    let mut made = 0;
    // The roster counted once for the whole document, then each new person takes a place.
    let mut room = Room::of(session, &account.id)?;
    for (line, person) in exported.iter().enumerate() {
        let name = PlayerName::parse(&person.name)
            .map_err(|why| invalid(format!("people[{line}].name"), why.to_string()))?;
        let kept = match people::made_with_id(session.conn(), &person.id)? {
            Some((owner, _)) if owner == account.id => {
                people::find(session.conn(), &account.id, &person.id)?
            }
            Some(_) => return Err(id_taken("person")),
            None => None,
        };
        let person = match kept {
            Some(kept) => kept,
            None => {
                let new = Person {
                    id: person.id.clone(),
                    account_id: account.id.clone(),
                    name,
                    created_at: person.created_at.naive_utc(),
                };
                room.take(1)?;
                let added = people::add(session.conn(), &new)?;
                if added.id != new.id {
                    return Err(Error::conflict(
                        ProblemCode::PersonExists,
                        format!(
                            "the roster already has {:?} (person {}), whose name looks the same \
                             as the document's {:?} (person {}): rename one of them first",
                            added.name.as_str(),
                            added.id,
                            new.name.as_str(),
                            new.id
                        ),
                    ));
                }
                made += 1;
                added
            }
        };
        roster.insert(person.id.clone(), person);
    }
    Ok((roster, made))
}

/// The record of an exported game, in the caller's account; its status is the replay's to say.
fn record_of(
    session: &mut Session,
    account: &Account,
    roster: &HashMap<PersonId, Person>,
    ours: &HashSet<GameId>,
    line: usize,
    exported: ExportedGame,
    already: bool,
) -> Result<GameRecord> {
    let at = |field: &str| format!("games[{line}].{field}");
    let (rules, first_dealer) = match exported.rules {
        ExportedRules::Dice(ExportedDiceRules {
            mode,
            edition,
            dice_layout,
            ..
        }) => {
            let rules = DiceRules {
                mode,
                edition,
                layout: dice_layout,
            };
            (GameRules::Dice(rules), 0)
        }
        ExportedRules::Cards(ExportedCardRules {
            edition,
            phases,
            ten_hands,
            first_dealer,
            ..
        }) => {
            let phases = phases
                .iter()
                .map(|&p| {
                    PhaseNumber::new(p).ok_or_else(|| {
                        invalid(at("rules.phases"), format!("there is no phase {p}"))
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            let rules = CardRules::new(phases, ten_hands, edition)
                .map_err(|e| invalid(at("rules.phases"), e.to_string()))?;
            if first_dealer >= exported.players.len() {
                return Err(invalid(
                    at("rules.first_dealer"),
                    "is not one of the game's seats",
                ));
            }
            (GameRules::Cards(rules), first_dealer)
        }
    };
    let seats = match rules {
        GameRules::Dice(_) => 1..=MAX_PLAYERS,
        GameRules::Cards(_) => MIN_CARD_PLAYERS..=MAX_CARD_PLAYERS,
    };
    if !seats.contains(&exported.players.len()) {
        let (least, most) = seats.into_inner();
        return Err(invalid(
            at("players"),
            format!("this game has {least} to {most} players"),
        ));
    }
    if exported.version < GameVersion::FIRST {
        return Err(invalid(at("version"), "a game's version is 1 or more"));
    }
    let wrong_entries = match rules {
        GameRules::Dice(_) => (!exported.hands.is_empty()).then_some("hands"),
        GameRules::Cards(_) => (!exported.turns.is_empty()).then_some("turns"),
    };
    if let Some(entries) = wrong_entries {
        return Err(invalid(at(entries), "are not entries of this game"));
    }
    let name = exported
        .name
        .as_deref()
        .map(GameName::parse)
        .transpose()
        .map_err(|why| invalid(at("name"), why.to_string()))?;
    let ids: Vec<_> = exported.players.iter().map(|p| p.id.clone()).collect();
    if let Some(id) = first_repeated(&ids) {
        return Err(invalid(
            at("players"),
            format!("player {id} is there twice"),
        ));
    }
    if !already && !games::players_taken(session.conn(), &ids)?.is_empty() {
        return Err(id_taken("player"));
    }
    let game_id = exported.id.clone();
    let players = exported
        .players
        .into_iter()
        .enumerate()
        .map(|(seat, player)| {
            let person = roster.get(&player.person_id).ok_or_else(|| {
                invalid(
                    at(&format!("players[{seat}].person_id")),
                    "is none of the document's people",
                )
            })?;
            Ok(Player {
                id: player.id,
                game_id: game_id.clone(),
                seat: seat as i32,
                person_id: person.id.clone(),
                name: person.name.clone(),
                order_rolls: player.order_rolls,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let versions = exported
        .turns
        .iter()
        .map(|t| t.version)
        .chain(exported.hands.iter().map(|h| h.version))
        .chain(exported.edits.iter().map(|e| e.version));
    if let Some(version) = versions
        .clone()
        .find(|v| !(GameVersion::FIRST..=exported.version).contains(v))
    {
        return Err(invalid(
            at("version"),
            format!(
                "an entry has version {version}, which the game's {} is not past",
                exported.version
            ),
        ));
    }
    if let Some(version) = first_repeated(exported.edits.iter().map(|e| &e.version)) {
        return Err(invalid(
            at("edits"),
            format!("two edits have version {version}"),
        ));
    }
    // A digital game's dice are the server's, which show a color on every face.
    let mut rolled = exported
        .turns
        .iter()
        .flat_map(|t| t.rolls.iter().flatten().flatten());
    if rolled.any(|die| die.color.is_none()) {
        return Err(invalid(
            at("turns"),
            "every die a digital turn rolled has its color",
        ));
    }
    let numbered_in_order =
        |numbers: Vec<i32>| numbers.iter().enumerate().all(|(i, &n)| n == i as i32 + 1);
    if !numbered_in_order(exported.turns.iter().map(|t| t.number.get()).collect())
        || !numbered_in_order(exported.hands.iter().map(|h| h.number.get()).collect())
    {
        return Err(invalid(
            at("turns"),
            "entries are numbered 1, 2, 3, … in order",
        ));
    }
    let game = Game {
        id: game_id.clone(),
        account_id: account.id.clone(),
        rules,
        status: GameStatus::InProgress,
        version: exported.version,
        created_at: exported.created_at.naive_utc(),
        updated_at: exported.updated_at.naive_utc(),
        name,
        first_dealer,
        rematch_of: exported.rematch_of.filter(|of| ours.contains(of)),
    };
    // Only the game's own kind of entry is there: the other was refused as not of this game.
    let entries = match &game.rules {
        GameRules::Dice(_) => Entries::Turns(
            (exported.turns.into_iter())
                .map(|t| t.recorded(&game_id))
                .collect(),
        ),
        GameRules::Cards(_) => Entries::Hands(
            (exported.hands.into_iter())
                .map(|h| h.recorded(&game_id))
                .collect(),
        ),
    };
    Ok(GameRecord {
        game,
        players,
        entries,
        claims: Vec::new(),
    })
}

/// An edit of an imported game, as made by the importing account (the account that made it
/// may not exist here).
fn edit_of(account: &Account, game_id: &GameId, edit: &ExportedEdit) -> Edit {
    Edit {
        game_id: game_id.clone(),
        version: edit.version,
        entry: edit.entry,
        number: edit.number,
        account_id: account.id.clone(),
        created_at: edit.created_at.naive_utc(),
        before: edit.before.clone(),
        after: edit.after.clone(),
    }
}
