//! A person's figures (RULES §10) are always true to the record: after random play through the
//! API (dice games of 1 to 3 people created by name or by person, either edition and dice
//! layout; turns played, games played to the end, the latest turn undone, old turns replaced;
//! card games of two, `ten_hands` or not, with hands undone and replaced and tie-breaks; games
//! deleted, players reseated, people renamed and removed), every person's `/stats` and the
//! leaderboards are what a brute force works out from the games as the API shows them: their
//! players, totals and winners, their turns and hands, never the figures themselves. Beside
//! it, the edge cases one at a time.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use diesel::connection::SimpleConnection;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, dice, spawn_app_with};
use crate::scoresheet::BEST_ROLLS;

/// The server's settings here: no limits on writes or accounts (one account a case).
const FLAGS: [&str; 2] = ["--rate-limit-writes=0", "--rate-limit-accounts=0"];

/// The roster of every table, in this order.
const NAMES: [&str; 4] = ["Ann", "Bo", "Cy", "Di"];

/// Stands for the best roll of the phase the player is on (`BEST_ROLLS`).
const BEST: &str = "best";

/// What a turn may end with: a miss, the best roll of the phase, sets, a failing run, one
/// color.
const ROLLS: [&str; 6] = [
    "",
    BEST,
    "W W W W 10 10 10 10 10 10",
    "1 2 3 5 6 7",
    "10 10 10 10 10 10",
    "4o 9o 8o 10o 7o 8o 10o",
];

fn roll_on(roll: usize, phase: &Value) -> &'static str {
    match ROLLS[roll] {
        BEST => BEST_ROLLS[phase.as_u64().expect("a phase") as usize - 1],
        dice => dice,
    }
}

/// A client of the app with a key of its own, which can also PATCH.
struct Client {
    agent: ureq::Agent,
    base: String,
    key: String,
}

impl Client {
    fn new(app: &TestApp, key: &str) -> Client {
        Client {
            agent: ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(Duration::from_secs(60)))
                .build()
                .new_agent(),
            base: app.base.clone(),
            key: key.to_string(),
        }
    }

    /// A new account of the app, and a client acting as it.
    #[track_caller]
    fn sign_up(app: &TestApp) -> Client {
        let mut client = Client::new(app, "");
        let account = client
            .post("/v1/accounts", &json!({"name": "Table"}))
            .expect(201)
            .json();
        client.key = account["api_key"].as_str().expect("a key").to_string();
        client
    }

    fn send(&self, method: &str, path: &str, body: Option<&Value>) -> Reply {
        let url = format!("{}{path}", self.base);
        let bearer = format!("Bearer {}", self.key);
        let result = match (method, body) {
            ("GET", None) => self.agent.get(&url).header("Authorization", &bearer).call(),
            ("DELETE", None) => self
                .agent
                .delete(&url)
                .header("Authorization", &bearer)
                .call(),
            (_, Some(body)) => {
                let request = match method {
                    "POST" => self.agent.post(&url),
                    "PUT" => self.agent.put(&url),
                    "PATCH" => self.agent.patch(&url),
                    other => panic!("no body with {other}"),
                };
                request
                    .header("Authorization", &bearer)
                    .header("Content-Type", "application/json")
                    .send(body.to_string().as_bytes())
            }
            (other, None) => panic!("{other} needs a body"),
        };
        let mut response = result.expect("the server answers");
        let headers = response
            .headers()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
            .collect();
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().unwrap_or_default();
        Reply {
            status,
            headers,
            text,
        }
    }

    fn get(&self, path: &str) -> Reply {
        self.send("GET", path, None)
    }

    fn delete(&self, path: &str) -> Reply {
        self.send("DELETE", path, None)
    }

    fn post(&self, path: &str, body: &Value) -> Reply {
        self.send("POST", path, Some(body))
    }

    fn put(&self, path: &str, body: &Value) -> Reply {
        self.send("PUT", path, Some(body))
    }

    fn patch(&self, path: &str, body: &Value) -> Reply {
        self.send("PATCH", path, Some(body))
    }

    /// Every item of a paginated list, page by page.
    #[track_caller]
    fn all(&self, path: &str) -> Vec<Value> {
        let sep = if path.contains('?') { '&' } else { '?' };
        let mut items = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let url = match &cursor {
                None => format!("{path}{sep}limit=100"),
                Some(c) => format!("{path}{sep}limit=100&cursor={c}"),
            };
            let page = self.get(&url).expect(200).json();
            items.extend(page["items"].as_array().expect("items").iter().cloned());
            match page["next_cursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => return items,
            }
        }
    }

    #[track_caller]
    fn game(&self, id: &str) -> Value {
        self.get(&format!("/v1/games/{id}")).expect(200).json()
    }

    #[track_caller]
    fn stats(&self, person: &Value) -> Value {
        let id = person["id"].as_str().expect("a person id");
        self.get(&format!("/v1/people/{id}/stats"))
            .expect(200)
            .json()
    }
}

/// How a seat names its person when the game is created.
#[derive(Debug, Clone, Copy)]
enum Naming {
    ById,
    ByName,
    /// By the name in capitals: the same name as a game compares names.
    Shouted,
}

/// A new game's seats, in order: which person of the roster, named how.
type Seats = Vec<(usize, Naming)>;

/// A card hand of two players, by seat.
#[derive(Debug, Clone)]
struct Hand {
    went_out: usize,
    other_made: bool,
    points: usize,
}

#[derive(Debug, Clone)]
enum Op {
    NewDice {
        seats: Seats,
        any_colors: bool,
        fundex: bool,
    },
    /// A turn of whoever's turn it is.
    Turn {
        game: Index,
        roll: usize,
    },
    /// The game played to its end, every turn the best roll.
    Finish {
        game: Index,
    },
    /// The latest turn undone.
    Undo {
        game: Index,
    },
    Replace {
        game: Index,
        turn: Index,
        roll: usize,
    },
    NewCards {
        seats: Seats,
        phases: Vec<u8>,
        ten_hands: bool,
    },
    Hand {
        game: Index,
        hand: Hand,
    },
    UndoHand {
        game: Index,
    },
    ReplaceHand {
        game: Index,
        number: Index,
        hand: Hand,
    },
    /// Another person, not in the game, put in a seat (of either game).
    Reseat {
        game: Index,
        seat: Index,
        person: Index,
    },
    Delete {
        game: Index,
    },
    /// A person renamed (refused when someone else has a name that looks the same).
    Rename {
        person: usize,
        name: usize,
    },
    /// A person removed from the roster (refused while they play a game); a game naming them
    /// later adds them again, as someone new.
    Remove {
        person: usize,
    },
}

/// What people may be renamed to: new names, and the roster's own.
const RENAMES: [&str; 6] = ["Eve", "Zed", "Al", "Ann", "Bo", "Cy"];

fn seats(people: usize, sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Seats> {
    prop::sample::subsequence((0..people).collect::<Vec<_>>(), sizes)
        .prop_shuffle()
        .prop_flat_map(|order| {
            let naming = prop_oneof![
                Just(Naming::ById),
                Just(Naming::ByName),
                Just(Naming::Shouted)
            ];
            let n = order.len();
            (Just(order), prop::collection::vec(naming, n))
        })
        .prop_map(|(order, namings)| order.into_iter().zip(namings).collect())
}

fn hand() -> impl Strategy<Value = Hand> {
    // The other player mostly made it, with few points: ties at the end are likely.
    let made = prop::bool::weighted(0.75);
    (0..2usize, made, 0..2usize).prop_map(|(went_out, other_made, points)| Hand {
        went_out,
        other_made,
        points,
    })
}

fn op(people: usize) -> impl Strategy<Value = Op> {
    let index = any::<Index>;
    let roll = 0..ROLLS.len();
    prop_oneof![
        3 => (seats(people, 1..=3), prop::bool::weighted(0.2), any::<bool>())
            .prop_map(|(seats, any_colors, fundex)| Op::NewDice { seats, any_colors, fundex }),
        5 => (index(), roll.clone()).prop_map(|(game, roll)| Op::Turn { game, roll }),
        3 => index().prop_map(|game| Op::Finish { game }),
        2 => index().prop_map(|game| Op::Undo { game }),
        3 => (index(), index(), roll)
            .prop_map(|(game, turn, roll)| Op::Replace { game, turn, roll }),
        2 => (
            seats(people, 2..=2),
            prop_oneof![Just(vec![1u8]), Just(vec![1u8, 2])],
            prop::bool::weighted(0.3),
        )
            .prop_map(|(seats, phases, ten_hands)| Op::NewCards { seats, phases, ten_hands }),
        8 => (index(), hand()).prop_map(|(game, hand)| Op::Hand { game, hand }),
        1 => index().prop_map(|game| Op::UndoHand { game }),
        1 => (index(), index(), hand())
            .prop_map(|(game, number, hand)| Op::ReplaceHand { game, number, hand }),
        2 => (index(), index(), index())
            .prop_map(|(game, seat, person)| Op::Reseat { game, seat, person }),
        1 => index().prop_map(|game| Op::Delete { game }),
        1 => (0..people, 0..RENAMES.len()).prop_map(|(person, name)| Op::Rename { person, name }),
        1 => (0..people).prop_map(|person| Op::Remove { person }),
    ]
}

/// A table of one account: its people (as `POST /v1/people` answered, with their names as they
/// are now, and a null id once removed from the roster) and the ids of its games that were not
/// deleted.
struct Table {
    client: Client,
    people: Vec<Value>,
    dice: Vec<String>,
    cards: Vec<String>,
}

fn player_id(game: &Value, seat: usize) -> Value {
    game["players"][seat]["id"].clone()
}

fn hand_body(game: &Value, hand: &Hand) -> Value {
    let out = hand.went_out;
    let other = 1 - out;
    let points = match hand.other_made {
        true => [5, 10][hand.points],
        false => [50, 75][hand.points],
    };
    json!({"went_out": player_id(game, out), "players": [
        {"player_id": player_id(game, out), "made": true, "points": 0},
        {"player_id": player_id(game, other), "made": hand.other_made, "points": points},
    ]})
}

fn tie_break_body(game: &Value, hand: &Hand) -> Value {
    json!({"went_out": player_id(game, hand.went_out)})
}

/// The problem code of an answer, if it is one.
fn code(reply: &Reply) -> String {
    serde_json::from_str::<Value>(&reply.text)
        .ok()
        .and_then(|v| v["code"].as_str().map(str::to_string))
        .unwrap_or_default()
}

impl Table {
    #[track_caller]
    fn new(app: &TestApp, people: usize) -> Table {
        let client = Client::sign_up(app);
        let people = NAMES[..people]
            .iter()
            .map(|name| {
                client
                    .post("/v1/people", &json!({"name": name}))
                    .expect(201)
                    .json()
            })
            .collect();
        Table {
            client,
            people,
            dice: Vec::new(),
            cards: Vec::new(),
        }
    }

    fn players(&self, seats: &[(usize, Naming)]) -> Vec<Value> {
        seats
            .iter()
            .map(|&(person, naming)| {
                let who = &self.people[person];
                match if who["id"].is_null() {
                    Naming::ByName
                } else {
                    naming
                } {
                    Naming::ById => json!({"person_id": who["id"]}),
                    Naming::ByName => json!({"name": who["name"]}),
                    Naming::Shouted => {
                        json!({"name": who["name"].as_str().unwrap().to_uppercase()})
                    }
                }
            })
            .collect()
    }

    /// Creates a game and checks that each seat plays the person meant: someone new in place
    /// of a person removed from the roster.
    #[track_caller]
    fn create(&mut self, seats: &[(usize, Naming)], mut body: Value) -> String {
        body["players"] = Value::Array(self.players(seats));
        let game = self.client.post("/v1/games", &body).expect(201).json();
        for (seat, &(person, _)) in seats.iter().enumerate() {
            let playing = &game["players"][seat]["person_id"];
            if self.people[person]["id"].is_null() {
                assert!(
                    self.people.iter().all(|p| &p["id"] != playing),
                    "seat {seat} of {body} is not someone new: {game}"
                );
                let id = playing.as_str().expect("a person id");
                self.people[person] = self
                    .client
                    .get(&format!("/v1/people/{id}"))
                    .expect(200)
                    .json();
            }
            assert_eq!(playing, &self.people[person]["id"], "seat {seat} of {body}");
        }
        game["id"].as_str().expect("a game id").to_string()
    }

    fn path(id: &str) -> String {
        format!("/v1/games/{id}")
    }

    #[track_caller]
    fn run(&mut self, op: &Op) {
        let pick = |games: &[String], index: &Index| -> Option<String> {
            (!games.is_empty()).then(|| games[index.index(games.len())].clone())
        };
        let client = &self.client;
        match op {
            Op::NewDice {
                seats,
                any_colors,
                fundex,
            } => {
                let layout = if *any_colors {
                    "any_colors"
                } else {
                    "standard"
                };
                let edition = if *fundex {
                    "fundex-2008"
                } else {
                    "mattel-2011"
                };
                let id = self.create(seats, json!({"dice_layout": layout, "edition": edition}));
                self.dice.push(id);
            }
            Op::Turn { game, roll } => {
                let Some(id) = pick(&self.dice, game) else {
                    return;
                };
                self.turn(&client.game(&id), *roll);
            }
            Op::Finish { game } => {
                let Some(id) = pick(&self.dice, game) else {
                    return;
                };
                let mut now = client.game(&id);
                for _ in 0..200 {
                    if now["current_player_id"].is_null() {
                        break;
                    }
                    now = self.turn(&now, 1);
                }
                assert_eq!(now["status"], "finished", "{now}");
            }
            Op::Undo { game } => {
                let Some(id) = pick(&self.dice, game) else {
                    return;
                };
                let turns = client.all(&format!("{}/turns", Table::path(&id)));
                if let Some(last) = turns.last() {
                    client
                        .delete(&format!("{}/turns/{}", Table::path(&id), last["number"]))
                        .expect(200);
                }
            }
            Op::Replace { game, turn, roll } => {
                let Some(id) = pick(&self.dice, game) else {
                    return;
                };
                let turns = client.all(&format!("{}/turns", Table::path(&id)));
                if turns.is_empty() {
                    return;
                }
                let old = &turns[turn.index(turns.len())];
                let reply = client.put(
                    &format!("{}/turns/{}", Table::path(&id), old["number"]),
                    &json!({"dice": dice(roll_on(*roll, &old["phase"]))}),
                );
                let refused = reply.status == 422
                    && ["edit_breaks_later", "color_required"].contains(&code(&reply).as_str());
                assert!(
                    reply.status == 200 || refused,
                    "replacing turn {} of {id}: {} {}",
                    old["number"],
                    reply.status,
                    reply.text
                );
            }
            Op::NewCards {
                seats,
                phases,
                ten_hands,
            } => {
                let variations = json!({"game": "cards", "phases": phases, "ten_hands": ten_hands});
                let id = self.create(seats, variations);
                self.cards.push(id);
            }
            Op::Hand { game, hand } => {
                let Some(id) = pick(&self.cards, game) else {
                    return;
                };
                let now = client.game(&id);
                let body = match now["status"].as_str() {
                    Some("finished") => return,
                    Some("tie_break") => tie_break_body(&now, hand),
                    _ => hand_body(&now, hand),
                };
                client
                    .post(&format!("{}/hands", Table::path(&id)), &body)
                    .expect(201);
            }
            Op::UndoHand { game } => {
                let Some(id) = pick(&self.cards, game) else {
                    return;
                };
                let hands = client.all(&format!("{}/hands", Table::path(&id)));
                if let Some(last) = hands.last() {
                    client
                        .delete(&format!("{}/hands/{}", Table::path(&id), last["number"]))
                        .expect(200);
                }
            }
            Op::ReplaceHand { game, number, hand } => {
                let Some(id) = pick(&self.cards, game) else {
                    return;
                };
                let now = client.game(&id);
                let hands = client.all(&format!("{}/hands", Table::path(&id)));
                if hands.is_empty() {
                    return;
                }
                let old = &hands[number.index(hands.len())];
                let body = match old["tie_break"].as_bool() {
                    Some(true) => tie_break_body(&now, hand),
                    _ => hand_body(&now, hand),
                };
                let reply = client.put(
                    &format!("{}/hands/{}", Table::path(&id), old["number"]),
                    &body,
                );
                let refused = reply.status == 422 && code(&reply) == "edit_breaks_later";
                assert!(
                    reply.status == 200 || refused,
                    "replacing hand {} of {id}: {} {}",
                    old["number"],
                    reply.status,
                    reply.text
                );
            }
            Op::Reseat { game, seat, person } => {
                let all: Vec<String> = self.dice.iter().chain(&self.cards).cloned().collect();
                let Some(id) = pick(&all, game) else {
                    return;
                };
                let now = client.game(&id);
                let players = now["players"].as_array().expect("players");
                let playing: Vec<&Value> = players.iter().map(|p| &p["person_id"]).collect();
                let others: Vec<&Value> = self
                    .people
                    .iter()
                    .filter(|p| !p["id"].is_null() && !playing.contains(&&p["id"]))
                    .collect();
                if others.is_empty() {
                    return;
                }
                let seat = seat.index(players.len());
                let new = &others[person.index(others.len())]["id"];
                let after = client
                    .patch(
                        &format!(
                            "{}/players/{}",
                            Table::path(&id),
                            players[seat]["id"].as_str().unwrap()
                        ),
                        &json!({"person_id": new}),
                    )
                    .expect(200)
                    .json();
                assert_eq!(&after["players"][seat]["person_id"], new, "{after}");
            }
            Op::Delete { game } => {
                let all: Vec<String> = self.dice.iter().chain(&self.cards).cloned().collect();
                let Some(id) = pick(&all, game) else {
                    return;
                };
                client.delete(&Table::path(&id)).expect(204);
                self.dice.retain(|g| *g != id);
                self.cards.retain(|g| *g != id);
            }
            Op::Rename { person, name } => {
                let Some(id) = self.people[*person]["id"].as_str() else {
                    return;
                };
                // Not to the name of someone removed: a game naming them adds someone new.
                let new = RENAMES[*name];
                if self.people.iter().any(|p| {
                    p["id"].is_null() && p["name"].as_str().unwrap().eq_ignore_ascii_case(new)
                }) {
                    return;
                }
                let reply = client.patch(&format!("/v1/people/{id}"), &json!({"name": new}));
                match reply.status {
                    200 => self.people[*person] = reply.json(),
                    _ => {
                        reply.expect_problem(409, "person_exists");
                    }
                }
            }
            Op::Remove { person } => {
                let Some(id) = self.people[*person]["id"].as_str() else {
                    return;
                };
                let reply = client.delete(&format!("/v1/people/{id}"));
                match reply.status {
                    204 => self.people[*person]["id"] = Value::Null,
                    _ => {
                        reply.expect_problem(409, "person_has_games");
                    }
                }
            }
        }
    }

    /// A turn of whoever's turn it is in a dice game (none once it is over); dice that need
    /// their colors there (phase 8) are a miss instead. The game after it.
    #[track_caller]
    fn turn(&self, game: &Value, roll: usize) -> Value {
        let Some(current) = game["current_player_id"].as_str() else {
            return game.clone();
        };
        let player = game["players"]
            .as_array()
            .expect("players")
            .iter()
            .find(|p| p["id"] == current)
            .expect("the current player plays");
        let path = format!("{}/turns", Table::path(game["id"].as_str().unwrap()));
        let body = |dice_text: &str| json!({"player_id": current, "dice": dice(dice_text)});
        let mut reply = self
            .client
            .post(&path, &body(roll_on(roll, &player["phase"])));
        if reply.status == 422 && code(&reply) == "color_required" {
            reply = self.client.post(&path, &body(""));
        }
        reply.expect(201).json()["game"].clone()
    }
}

/// One person's figures of one game, as worked out from the record.
#[derive(Debug, Default, Clone)]
struct Figures {
    games: i64,
    wins: i64,
    total_sum: i64,
    best_total: Option<i64>,
    five_phase_bonuses: i64,
    first_finish_bonuses: i64,
    hands: i64,
    went_out: i64,
    attempts: [i64; 10],
    made: [i64; 10],
    /// Dice: the attempts whose phase has a known chance (not phase 8 with `any_colors`).
    advised: [i64; 10],
}

fn rate(part: i64, whole: i64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

impl Figures {
    fn dice_json(&self, chances: &[f64]) -> Value {
        let phases: Vec<Value> = (0..10)
            .map(|p| {
                json!({"phase": p + 1, "attempts": self.attempts[p], "made": self.made[p],
                       "expected_made": self.advised[p] as f64 * chances[p],
                       "advised_attempts": self.advised[p]})
            })
            .collect();
        json!({"games": self.games, "wins": self.wins,
               "win_rate": rate(self.wins, self.games),
               "average_total": rate(self.total_sum, self.games),
               "best_total": self.best_total,
               "five_phase_bonuses": self.five_phase_bonuses,
               "first_finish_bonuses": self.first_finish_bonuses,
               "phases": phases,
               // Tabletop games have no rolls to review: `tests/api/review.rs` counts digital ones.
               "review": {"decisions": 0, "accuracy": null, "luck": 0.0,
                          "labels": {"best": 0, "good": 0, "inaccuracy": 0, "mistake": 0,
                                     "blunder": 0}}})
    }

    fn cards_json(&self) -> Value {
        let phases: Vec<Value> = (0..10)
            .map(|p| json!({"phase": p + 1, "attempts": self.attempts[p], "made": self.made[p]}))
            .collect();
        json!({"games": self.games, "wins": self.wins,
               "win_rate": rate(self.wins, self.games),
               "average_total": rate(self.total_sum, self.games),
               "best_total": self.best_total,
               "hands": self.hands, "went_out": self.went_out,
               "phases": phases})
    }
}

/// Everyone's figures, worked out from the record.
#[derive(Debug, Default, Clone)]
struct Person {
    in_progress: i64,
    dice: Figures,
    cards: Figures,
}

fn phase_index(value: &Value) -> usize {
    let phase = value.as_u64().expect("a phase") as usize;
    assert!((1..=10).contains(&phase), "phase {phase}");
    phase - 1
}

/// Works out every person's figures from the games as the API shows them: each game's players,
/// totals and winners, and the turns or hands of the finished ones.
#[track_caller]
fn brute_force(client: &Client) -> BTreeMap<String, Person> {
    let mut people: BTreeMap<String, Person> = client
        .all("/v1/people")
        .iter()
        .map(|p| (p["id"].as_str().unwrap().to_string(), Person::default()))
        .collect();
    for game in client.all("/v1/games") {
        let id = game["id"].as_str().unwrap();
        let players = game["players"].as_array().expect("players");
        let person_of: BTreeMap<&str, &str> = players
            .iter()
            .map(|p| {
                let person = p["person_id"].as_str().expect("a person_id");
                assert!(people.contains_key(person), "{person} not in the roster");
                (p["id"].as_str().unwrap(), person)
            })
            .collect();
        if game["status"] != "finished" {
            for person in person_of.values() {
                people.get_mut(*person).unwrap().in_progress += 1;
            }
            continue;
        }
        let dice = match game["game"].as_str() {
            Some("dice") => true,
            Some("cards") => false,
            other => panic!("a game of {other:?}"),
        };
        let winners = game["winners"].as_array().expect("winners");
        for player in players {
            let person = people.get_mut(person_of[player["id"].as_str().unwrap()]);
            let person = person.unwrap();
            let figures = if dice {
                &mut person.dice
            } else {
                &mut person.cards
            };
            let total = player["total"].as_i64().expect("a total");
            figures.games += 1;
            figures.wins += i64::from(winners.contains(&player["id"]));
            figures.total_sum += total;
            figures.best_total = Some(match (figures.best_total, dice) {
                (None, _) => total,
                (Some(best), true) => best.max(total),
                (Some(best), false) => best.min(total),
            });
        }
        let path = format!("/v1/games/{id}");
        if dice {
            let any_colors = game["dice_layout"] == "any_colors";
            let mut bonuses: BTreeSet<(&str, String)> = BTreeSet::new();
            let turns = client.all(&format!("{path}/turns"));
            for turn in &turns {
                let player = turn["player_id"].as_str().unwrap();
                let figures = &mut people.get_mut(person_of[player]).unwrap().dice;
                let phase = phase_index(&turn["phase"]);
                figures.attempts[phase] += 1;
                figures.made[phase] += i64::from(turn["made"].as_bool().expect("made"));
                if !(any_colors && phase == 7) {
                    figures.advised[phase] += 1;
                }
                for bonus in turn["bonuses"].as_array().expect("bonuses") {
                    bonuses.insert((player, bonus["kind"].as_str().unwrap().to_string()));
                }
            }
            for (player, kind) in bonuses {
                let figures = &mut people.get_mut(person_of[player]).unwrap().dice;
                match kind.as_str() {
                    "five_phase" => figures.five_phase_bonuses += 1,
                    "first_finish" => figures.first_finish_bonuses += 1,
                    other => panic!("a bonus {other}"),
                }
            }
        } else {
            for hand in client.all(&format!("{path}/hands")) {
                if hand["tie_break"] == true {
                    continue;
                }
                for line in hand["players"].as_array().expect("players") {
                    let player = line["player_id"].as_str().unwrap();
                    let figures = &mut people.get_mut(person_of[player]).unwrap().cards;
                    let phase = phase_index(&line["phase"]);
                    figures.hands += 1;
                    figures.went_out += i64::from(line["went_out"].as_bool().expect("went_out"));
                    figures.attempts[phase] += 1;
                    figures.made[phase] += i64::from(line["made"].as_bool().expect("made"));
                }
            }
        }
    }
    people
}

/// Where two answers differ, numbers with a fraction compared to a relative 1e-9.
fn differences(at: &str, actual: &Value, expected: &Value, out: &mut Vec<String>) {
    match (actual, expected) {
        (Value::Number(a), Value::Number(e)) if a.is_f64() || e.is_f64() => {
            let (a, e) = (a.as_f64().unwrap(), e.as_f64().unwrap());
            if (a - e).abs() > 1e-9 * a.abs().max(e.abs()) {
                out.push(format!("{at}: {a} where the record says {e}"));
            }
        }
        (Value::Object(a), Value::Object(e)) => {
            let keys: BTreeSet<&String> = a.keys().chain(e.keys()).collect();
            for key in keys {
                match (a.get(key), e.get(key)) {
                    (Some(a), Some(e)) => differences(&format!("{at}.{key}"), a, e, out),
                    (None, _) => out.push(format!("{at}.{key}: missing")),
                    (_, None) => out.push(format!("{at}.{key}: not expected")),
                }
            }
        }
        (Value::Array(a), Value::Array(e)) if a.len() == e.len() => {
            for (i, (a, e)) in a.iter().zip(e).enumerate() {
                differences(&format!("{at}[{i}]"), a, e, out);
            }
        }
        _ if actual != expected => {
            out.push(format!("{at}: {actual} where the record says {expected}"))
        }
        _ => {}
    }
}

fn same(what: &str, actual: &Value, expected: &Value) -> Result<(), TestCaseError> {
    let mut out = Vec::new();
    differences("", actual, expected, &mut out);
    if out.is_empty() {
        Ok(())
    } else {
        Err(TestCaseError::fail(format!(
            "{what}:\n  {}\nanswered: {actual}\nexpected: {expected}",
            out.join("\n  ")
        )))
    }
}

/// Each phase's one-turn chance with best play for `make`, as `GET /v1/phases` gives it.
#[track_caller]
fn chances(app: &TestApp) -> Vec<f64> {
    app.get("/v1/phases")
        .expect(200)
        .json()
        .as_array()
        .expect("phases")
        .iter()
        .map(|p| p["one_turn"]["chance"].as_f64().expect("a chance"))
        .collect()
}

/// The leaderboard of one game the record makes: people with at least `min_games` finished
/// games, most wins, then the higher win rate, then by name; level people share a rank.
fn ranking(
    names: &BTreeMap<String, String>,
    figures: &BTreeMap<String, Person>,
    dice: bool,
    min_games: i64,
) -> Value {
    let mut lines: Vec<(&String, &String, i64, i64)> = figures
        .iter()
        .map(|(id, person)| {
            let of = if dice { &person.dice } else { &person.cards };
            (id, &names[id], of.games, of.wins)
        })
        .filter(|(_, _, games, _)| *games >= min_games)
        .collect();
    lines.sort_by(|a, b| {
        b.3.cmp(&a.3)
            .then((b.3 * a.2).cmp(&(a.3 * b.2)))
            .then(a.1.cmp(b.1))
    });
    let mut items: Vec<Value> = Vec::new();
    for (i, (id, name, games, wins)) in lines.iter().enumerate() {
        let level = |j: usize| lines[j].3 == *wins && lines[j].3 * games == wins * lines[j].2;
        let rank = match i > 0 && level(i - 1) {
            true => items[i - 1]["rank"].as_u64().unwrap(),
            false => i as u64 + 1,
        };
        items.push(
            json!({"person_id": id, "name": name, "games": games, "wins": wins,
                          "win_rate": rate(*wins, *games), "rank": rank}),
        );
    }
    json!({"game": if dice { "dice" } else { "cards" }, "items": items, "next_cursor": null})
}

/// Every person's `/stats`, and both leaderboards, against the brute force.
fn check_figures(client: &Client, chances: &[f64]) -> Result<(), TestCaseError> {
    let figures = brute_force(client);
    let roster = client.all("/v1/people");
    let names: BTreeMap<String, String> = roster
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap().to_string(),
                p["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    for person in &roster {
        let id = person["id"].as_str().unwrap();
        let of = &figures[id];
        let expected = json!({"person_id": id, "name": person["name"],
            "in_progress": of.in_progress,
            "dice": of.dice.dice_json(chances), "cards": of.cards.cards_json()});
        same(
            &format!("/stats of {}", person["name"]),
            &client.stats(person),
            &expected,
        )?;
    }
    for dice in [true, false] {
        for min_games in [1, 2] {
            let game = if dice { "dice" } else { "cards" };
            let path = format!("/v1/leaderboard?game={game}&min_games={min_games}");
            let answered = client.get(&path).expect(200).json();
            same(
                &path,
                &answered,
                &ranking(&names, &figures, dice, min_games),
            )?;
        }
    }
    Ok(())
}

fn figures_are_true_to_the_record_after_random_play(backend: Backend) {
    let app = spawn_app_with(backend, &FLAGS);
    let chances = chances(&app);
    let strategy = (3..=4usize)
        .prop_flat_map(|people| (Just(people), prop::collection::vec(op(people), 6..40)));
    let mut runner = TestRunner::new(Config {
        cases: 24,
        max_shrink_iters: 200,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&strategy, |(people, ops)| {
            let mut table = Table::new(&app, people);
            for op in &ops {
                table.run(op);
            }
            check_figures(&table.client, &chances)
        })
        .unwrap();
}

// The edge cases, one at a time.

/// A new table of Ann, Bo and Cy.
fn table(app: &TestApp) -> Table {
    Table::new(app, 3)
}

impl Table {
    /// A dice game of these people (roster indices), played to its end: `winner` plays the
    /// best roll of every phase, the others miss every turn (`None`: everyone plays the best).
    #[track_caller]
    fn played(&mut self, people: &[usize], winner: Option<usize>) -> Value {
        let seats: Seats = people.iter().map(|&p| (p, Naming::ById)).collect();
        let id = self.create(&seats, json!({}));
        self.dice.push(id.clone());
        let mut now = self.client.game(&id);
        while let Some(current) = now["current_player_id"].as_str() {
            let seat = now["players"]
                .as_array()
                .unwrap()
                .iter()
                .position(|p| p["id"] == current)
                .unwrap();
            let roll = match winner {
                Some(w) if people[seat] != w => 0,
                _ => 1,
            };
            now = self.turn(&now, roll);
        }
        assert_eq!(now["status"], "finished");
        now
    }

    #[track_caller]
    fn stats_of(&self, person: usize) -> Value {
        self.client.stats(&self.people[person])
    }
}

/// The figures of several people, `(games, wins, best_total)` of dice, and `in_progress`.
#[track_caller]
fn dice_lines(table: &Table, people: &[usize]) -> Vec<(Value, Value, Value, Value)> {
    people
        .iter()
        .map(|&p| {
            let stats = table.stats_of(p);
            let dice = &stats["dice"];
            (
                dice["games"].clone(),
                dice["wins"].clone(),
                dice["best_total"].clone(),
                stats["in_progress"].clone(),
            )
        })
        .collect()
}

fn a_finished_games_results_move_with_a_reseated_player(backend: Backend) {
    let app = spawn_app_with(backend, &FLAGS);
    let mut table = table(&app);
    // Ann wins against Bo; then the seat Bo played turns out to be Cy's.
    let game = table.played(&[0, 1], Some(0));
    let bo_before = table.stats_of(1);
    assert_eq!(
        dice_lines(&table, &[0, 1, 2]),
        [
            (json!(1), json!(1), json!(649), json!(0)),
            (json!(1), json!(0), json!(0), json!(0)),
            (json!(0), json!(0), Value::Null, json!(0)),
        ]
    );
    assert_eq!(bo_before["dice"]["phases"][0]["attempts"], 10);
    let seat = &game["players"][1]["id"];
    table
        .client
        .patch(
            &format!(
                "/v1/games/{}/players/{}",
                game["id"].as_str().unwrap(),
                seat.as_str().unwrap()
            ),
            &json!({"person_id": table.people[2]["id"]}),
        )
        .expect(200);
    assert_eq!(
        dice_lines(&table, &[0, 1, 2]),
        [
            (json!(1), json!(1), json!(649), json!(0)),
            (json!(0), json!(0), Value::Null, json!(0)),
            (json!(1), json!(0), json!(0), json!(0)),
        ]
    );
    // Cy has exactly what Bo had; Bo has nothing left.
    let mut cy = table.stats_of(2);
    cy["person_id"] = bo_before["person_id"].clone();
    cy["name"] = bo_before["name"].clone();
    assert_eq!(cy, bo_before);
    assert_eq!(table.stats_of(1)["dice"]["phases"][0]["attempts"], 0);
    let board = table
        .client
        .get("/v1/leaderboard?game=dice")
        .expect(200)
        .json();
    let names: Vec<&Value> = board["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| &line["name"])
        .collect();
    assert_eq!(names, ["Ann", "Cy"]);
    check_figures(&table.client, &chances(&app)).unwrap();
}

fn undoing_the_final_turn_takes_the_game_out_of_the_figures(backend: Backend) {
    let app = spawn_app_with(backend, &FLAGS);
    let mut table = table(&app);
    let game = table.played(&[0], None);
    let id = game["id"].as_str().unwrap();
    let finished = table.stats_of(0);
    assert_eq!(
        dice_lines(&table, &[0]),
        [(json!(1), json!(1), json!(649), json!(0))]
    );
    assert_eq!(finished["dice"]["first_finish_bonuses"], 1);
    assert_eq!(finished["dice"]["five_phase_bonuses"], 1);
    assert_eq!(finished["dice"]["phases"][9]["made"], 1);
    // The last turn (phase 10) undone: the game is in play again and counts for nothing.
    table
        .client
        .delete(&format!("/v1/games/{id}/turns/10"))
        .expect(200);
    let undone = table.stats_of(0);
    assert_eq!(
        dice_lines(&table, &[0]),
        [(json!(0), json!(0), Value::Null, json!(1))]
    );
    assert_eq!(undone["dice"]["five_phase_bonuses"], 0);
    assert_eq!(undone["dice"]["phases"][0]["attempts"], 0);
    assert_eq!(undone["dice"]["phases"][0]["expected_made"], 0.0);
    check_figures(&table.client, &chances(&app)).unwrap();
    // Played again, it counts again, once.
    let again = table.turn(&table.client.game(id), 1);
    assert_eq!(again["status"], "finished");
    assert_eq!(table.stats_of(0), finished);
}

fn deleting_a_finished_game_takes_it_out_of_the_figures(backend: Backend) {
    let app = spawn_app_with(backend, &FLAGS);
    let mut table = table(&app);
    let first = table.played(&[0, 1], Some(1));
    table.played(&[0], None);
    let unfinished = table.create(&[(0, Naming::ById)], json!({}));
    assert_eq!(
        dice_lines(&table, &[0, 1]),
        [
            (json!(2), json!(1), json!(649), json!(1)),
            (json!(1), json!(1), json!(649), json!(0)),
        ]
    );
    table
        .client
        .delete(&format!("/v1/games/{}", first["id"].as_str().unwrap()))
        .expect(204);
    assert_eq!(
        dice_lines(&table, &[0, 1]),
        [
            (json!(1), json!(1), json!(649), json!(1)),
            (json!(0), json!(0), Value::Null, json!(0)),
        ]
    );
    table
        .client
        .delete(&format!("/v1/games/{unfinished}"))
        .expect(204);
    assert_eq!(table.stats_of(0)["in_progress"], 0);
    let board = table
        .client
        .get("/v1/leaderboard?game=dice&min_games=1")
        .expect(200)
        .json();
    assert_eq!(board["items"].as_array().unwrap().len(), 1, "{board}");
    check_figures(&table.client, &chances(&app)).unwrap();
}

/// The leaderboard of dice games: (name, wins, rank) of each line.
#[track_caller]
fn board(client: &Client, min_games: u32) -> Vec<(Value, Value, Value)> {
    let board = client
        .get(&format!("/v1/leaderboard?game=dice&min_games={min_games}"))
        .expect(200)
        .json();
    board["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["name"].clone(), l["wins"].clone(), l["rank"].clone()))
        .collect()
}

fn people_level_on_wins_and_rate_share_a_rank(backend: Backend) {
    let app = spawn_app_with(backend, &FLAGS);
    let mut table = table(&app);
    // Ann beats Cy, Bo beats Cy: Ann and Bo 1 of 1, Cy 0 of 2.
    table.played(&[0, 2], Some(0));
    table.played(&[1, 2], Some(1));
    assert_eq!(
        board(&table.client, 1),
        [
            (json!("Ann"), json!(1), json!(1)),
            (json!("Bo"), json!(1), json!(1)),
            (json!("Cy"), json!(0), json!(3)),
        ]
    );
    assert_eq!(board(&table.client, 2), [(json!("Cy"), json!(0), json!(1))]);
    // Bo wins alone, then loses to Ann: both have 2 wins, Ann of 2 games, Bo of 3; the better
    // rate goes first.
    table.played(&[1], None);
    table.played(&[1, 0], Some(0));
    assert_eq!(
        board(&table.client, 1),
        [
            (json!("Ann"), json!(2), json!(1)),
            (json!("Bo"), json!(2), json!(2)),
            (json!("Cy"), json!(0), json!(3)),
        ]
    );
    check_figures(&table.client, &chances(&app)).unwrap();
}

fn a_tie_break_hand_decides_a_card_game_and_counts_for_no_hand(backend: Backend) {
    let app = spawn_app_with(backend, &FLAGS);
    let mut table = table(&app);
    let seats: Seats = vec![(0, Naming::ByName), (1, Naming::ById)];
    let id = table.create(&seats, json!({"game": "cards", "phases": [1, 2]}));
    let hands = format!("/v1/games/{id}/hands");
    let game = table.client.game(&id);
    let hand = |went_out: usize| Hand {
        went_out,
        other_made: true,
        points: 0,
    };
    table
        .client
        .post(&hands, &hand_body(&game, &hand(0)))
        .expect(201);
    let tie = table
        .client
        .post(&hands, &hand_body(&game, &hand(1)))
        .expect(201)
        .json();
    assert_eq!(tie["game"]["status"], "tie_break", "{tie}");
    let cards = |person: usize| {
        let stats = table.stats_of(person);
        (
            stats["cards"]["games"].clone(),
            stats["in_progress"].clone(),
        )
    };
    assert_eq!(
        (cards(0), cards(1)),
        ((json!(0), json!(1)), (json!(0), json!(1)))
    );
    table
        .client
        .post(&hands, &tie_break_body(&game, &hand(1)))
        .expect(201);
    let bo = table.stats_of(1)["cards"].clone();
    assert_eq!(
        (&bo["games"], &bo["wins"], &bo["hands"], &bo["went_out"]),
        (&json!(1), &json!(1), &json!(2), &json!(1))
    );
    assert_eq!(
        (&bo["best_total"], &bo["average_total"]),
        (&json!(5), &json!(5.0))
    );
    let ann = table.stats_of(0)["cards"].clone();
    assert_eq!(
        (&ann["games"], &ann["wins"], &ann["hands"], &ann["went_out"]),
        (&json!(1), &json!(0), &json!(2), &json!(1))
    );
    check_figures(&table.client, &chances(&app)).unwrap();
}

fn figures_are_the_same_after_a_restart(backend: Backend) {
    let mut app = spawn_app_with(backend, &FLAGS);
    let mut table = table(&app);
    table.played(&[0, 1], Some(1));
    table.played(&[2], None);
    table.create(&[(0, Naming::ById)], json!({}));
    let id = table.create(
        &[(1, Naming::ById), (2, Naming::ById)],
        json!({"game": "cards", "phases": [1]}),
    );
    let game = table.client.game(&id);
    let hand = Hand {
        went_out: 1,
        other_made: false,
        points: 1,
    };
    table
        .client
        .post(&format!("/v1/games/{id}/hands"), &hand_body(&game, &hand))
        .expect(201);
    let before: Vec<Value> = (0..3).map(|p| table.stats_of(p)).collect();
    assert_eq!(before[2]["cards"]["wins"], 1);
    // The server starts again on the same database: nothing is counted twice, or lost.
    app.restart();
    table.client = Client::new(&app, &table.client.key);
    let after: Vec<Value> = (0..3).map(|p| table.stats_of(p)).collect();
    assert_eq!(after, before);
    check_figures(&table.client, &chances(&app)).unwrap();
}

fn games_finishing_at_once_all_count(backend: Backend) {
    let app = spawn_app_with(backend, &FLAGS);
    let mut table = table(&app);
    // Six games of Ann, three with Bo, each one turn from its end: Ann alone has made phases
    // 1 to 9; Ann and Bo, who play the best roll of every phase, wait for Bo's last try.
    let games: Vec<Value> = (0..6)
        .map(|i| {
            let (seats, turns) = match i % 2 {
                0 => (vec![(0, Naming::ById)], 9),
                _ => (vec![(0, Naming::ById), (1, Naming::ById)], 19),
            };
            let id = table.create(&seats, json!({}));
            table.dice.push(id.clone());
            let mut now = table.client.game(&id);
            for _ in 0..turns {
                now = table.turn(&now, 1);
            }
            assert_ne!(now["status"], "finished");
            now
        })
        .collect();
    let table = &table;
    let ended: Vec<Value> = std::thread::scope(|scope| {
        let threads: Vec<_> = games
            .iter()
            .map(|game| scope.spawn(move || table.turn(game, 1)))
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    assert!(ended.iter().all(|game| game["status"] == "finished"));
    assert_eq!(
        dice_lines(table, &[0, 1]),
        [
            (json!(6), json!(6), json!(649), json!(0)),
            (json!(3), json!(3), json!(649), json!(0)),
        ]
    );
    check_figures(&table.client, &chances(&app)).unwrap();
}

/// Two games of the same two people, seated in opposite orders, finishing at once: each adds
/// to the people's figures in one order (the people's, by id), not in its seats' order, in which
/// one finish held Ann's figures and waited for Bo's while the other held Bo's and waited for
/// Ann's, and PostgreSQL ended one of them as a deadlock (a 500, found by the digital turns'
/// benchmark). Ann's figures held from outside line both finishes up at once. PostgreSQL only:
/// SQLite writes one transaction at a time.
#[test]
fn games_of_the_same_people_in_other_orders_finish_at_once() {
    let app = spawn_app_with(Backend::Postgres, &FLAGS);
    let mut table = table(&app);
    // Both people's figures are rows already, to be held.
    table.played(&[0, 1], None);
    let one_turn_from_the_end = |table: &mut Table, people: [usize; 2]| {
        let seats: Seats = people.iter().map(|&p| (p, Naming::ById)).collect();
        let id = table.create(&seats, json!({}));
        table.dice.push(id.clone());
        let mut now = table.client.game(&id);
        for _ in 0..19 {
            now = table.turn(&now, 1);
        }
        assert_ne!(now["status"], "finished");
        now
    };
    let ann_first = one_turn_from_the_end(&mut table, [0, 1]);
    let bo_first = one_turn_from_the_end(&mut table, [1, 0]);
    let ann = table.people[0]["id"].as_str().unwrap().to_string();
    let mut holder = app.connection();
    holder
        .batch_execute(&format!(
            "BEGIN; SELECT 1 FROM figures WHERE person_id = '{ann}' FOR UPDATE;"
        ))
        .expect("Ann's figures held");
    let table = &table;
    let ended = std::thread::scope(|scope| {
        let first = scope.spawn(|| table.turn(&ann_first, 1));
        std::thread::sleep(Duration::from_millis(300));
        let second = scope.spawn(|| table.turn(&bo_first, 1));
        std::thread::sleep(Duration::from_millis(300));
        holder.batch_execute("ROLLBACK;").expect("let go");
        [first.join(), second.join()]
    });
    for game in ended {
        assert_eq!(
            game.expect("the finish is answered 201")["status"],
            "finished"
        );
    }
    assert_eq!(
        dice_lines(table, &[0, 1]),
        [
            (json!(3), json!(3), json!(649), json!(0)),
            (json!(3), json!(3), json!(649), json!(0)),
        ],
        "three games each, every one a shared win (both play the best roll of every phase)"
    );
    check_figures(&table.client, &chances(&app)).unwrap();
}

crate::on_both_backends!(
    figures_are_true_to_the_record_after_random_play,
    a_finished_games_results_move_with_a_reseated_player,
    undoing_the_final_turn_takes_the_game_out_of_the_figures,
    deleting_a_finished_game_takes_it_out_of_the_figures,
    people_level_on_wins_and_rate_share_a_rank,
    a_tie_break_hand_decides_a_card_game_and_counts_for_no_hand,
    figures_are_the_same_after_a_restart,
    games_finishing_at_once_all_count,
);
