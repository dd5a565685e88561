//! The card game through the API (RULES §7, API.md "Card games"): a whole game from creation to
//! the winner with an undo, its pad checked number by number, every bad hand refused with
//! nothing stored, and a card game beside dice games (wrong game, evaluate, events, ETags).

use serde_json::{Value, json};

use std::time::Duration;

use crate::helpers::{Backend, TestApp, game_path, spawn_app};
use crate::sse::EventStream;

const SOON: Duration = Duration::from_secs(5);

/// Cards in short notation: "7r 12b W S" (r red, b blue, y yellow, g green; W and S have no
/// color).
#[track_caller]
pub fn cards(text: &str) -> Value {
    let mut cards = Vec::new();
    for token in text.split_whitespace() {
        cards.push(match token {
            "W" | "S" => json!({"value": token}),
            _ => {
                let (number, color) = token.split_at(token.len() - 1);
                let color = match color {
                    "r" => "red",
                    "b" => "blue",
                    "y" => "yellow",
                    "g" => "green",
                    other => panic!("no color {other:?} in {token:?}"),
                };
                json!({"value": number.parse::<u8>().expect("a number"), "color": color})
            }
        });
    }
    Value::Array(cards)
}

/// The id of the player in `seat`.
fn id(game: &Value, seat: usize) -> Value {
    game["players"][seat]["id"].clone()
}

fn hands_path(game: &Value) -> String {
    format!("{}/hands", game_path(game))
}

/// A new card game of these players with these variations.
#[track_caller]
fn card_game(app: &TestApp, names: &[&str], extra: Value) -> Value {
    let mut variations = json!({"game": "cards"});
    if let (Some(all), Some(extra)) = (variations.as_object_mut(), extra.as_object()) {
        all.extend(extra.clone());
    }
    app.new_game(names, variations)
}

/// Ann, Bo and Cy play the first three phases.
#[track_caller]
fn three_phases(backend: Backend) -> (TestApp, Value) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = card_game(&app, &["Ann", "Bo", "Cy"], json!({"phases": [1, 2, 3]}));
    (app, game)
}

/// Hand 1: Ann goes out laying down 7 7 W and 9 9 9; Bo laid down too and holds a red 7 and a
/// Skip (20); Cy did not and holds ten cards worth 75.
fn hand_one(game: &Value) -> Value {
    json!({"went_out": id(game, 0), "players": [
        {"player_id": id(game, 0), "made": true, "cards": [],
         "laid_down": [cards("7r 7b W"), cards("9g 9y 9r")]},
        {"player_id": id(game, 1), "made": true, "cards": cards("7r S")},
        {"player_id": id(game, 2), "made": false, "points": 75},
    ]})
}

/// Hand 2: Bo goes out; Ann did not lay down phase 2 and holds W W S 1 2 3 10 11 12 5 (115);
/// Cy laid down phase 1 and holds 30 points.
fn hand_two(game: &Value) -> Value {
    json!({"went_out": id(game, 1), "players": [
        {"player_id": id(game, 0), "made": false,
         "cards": cards("W W S 1r 2r 3r 10b 11b 12b 5g")},
        {"player_id": id(game, 1), "made": true, "points": 0},
        {"player_id": id(game, 2), "made": true, "points": 30},
    ]})
}

/// Hand 3: Bo goes out again, completing phase 3, the last; Ann makes phase 2 and holds 10
/// points, Cy makes phase 2 and holds a Wild.
fn hand_three(game: &Value) -> Value {
    json!({"went_out": id(game, 1), "players": [
        {"player_id": id(game, 0), "made": true, "points": 10},
        {"player_id": id(game, 1), "made": true},
        {"player_id": id(game, 2), "made": true, "cards": cards("W")},
    ]})
}

fn totals(game: &Value) -> Vec<i64> {
    game["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["total"].as_i64().expect("a total"))
        .collect()
}

fn phases(game: &Value) -> Vec<Value> {
    game["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p["phase"].clone())
        .collect()
}

fn a_whole_card_game_is_played_from_creation_to_the_winner_with_an_undo(backend: Backend) {
    let (app, game) = three_phases(backend);
    assert_eq!(game["game"], "cards");
    assert_eq!(game["mode"], "tabletop");
    assert_eq!(game["edition"], "standard");
    assert_eq!(game["phases"], json!([1, 2, 3]));
    assert_eq!(game["status"], "in_progress");
    assert_eq!(game["current_player_id"], Value::Null);
    assert_eq!(phases(&game), [json!(1), json!(1), json!(1)]);

    let first = app.post(&hands_path(&game), &hand_one(&game)).expect(201);
    let location = first.header("location").expect("a Location").to_string();
    let first = first.json();
    assert_eq!(location, format!("{}/1", hands_path(&game)));
    assert_eq!(first["number"], 1);
    assert_eq!(first["tie_break"], false);
    assert_eq!(first["went_out"], id(&game, 0));
    assert_eq!(
        first["players"],
        json!([
            {"player_id": id(&game, 0), "phase": 1, "made": true, "points": 0, "went_out": true,
             "cards": [], "laid_down": first["players"][0]["laid_down"].clone()},
            {"player_id": id(&game, 1), "phase": 1, "made": true, "points": 20, "went_out": false,
             "cards": cards("7r S")},
            {"player_id": id(&game, 2), "phase": 1, "made": false, "points": 75, "went_out": false},
        ])
    );
    let laid = &first["players"][0]["laid_down"];
    assert_eq!(laid[0]["kind"], "set");
    assert_eq!(laid[0]["cards"][2]["stands_for"], 7, "{laid}");
    assert_eq!(totals(&first["game"]), [0, 20, 75]);
    assert_eq!(phases(&first["game"]), [json!(2), json!(2), json!(1)]);
    assert_eq!(app.get(&location).expect(200).json()["number"], 1);

    let second = app
        .post(&hands_path(&game), &hand_two(&game))
        .expect(201)
        .json();
    assert_eq!(totals(&second["game"]), [115, 20, 105]);
    assert_eq!(phases(&second["game"]), [json!(2), json!(3), json!(2)]);

    // The owner undoes hand 2: the game is as hand 1 left it, and hand 2 can be played again.
    app.delete(&format!("{}/1", hands_path(&game)))
        .expect_problem(409, "not_latest_hand");
    let undone = app
        .delete(&format!("{}/2", hands_path(&game)))
        .expect(200)
        .json();
    assert_eq!(totals(&undone), [0, 20, 75]);
    assert_eq!(undone["hands"], 1);
    app.get(&format!("{}/2", hands_path(&game)))
        .expect_problem(404, "not_found");
    app.post(&hands_path(&game), &hand_two(&game)).expect(201);

    let last = app
        .post(&hands_path(&game), &hand_three(&game))
        .expect(201)
        .json();
    let over = &last["game"];
    assert_eq!(over["status"], "finished");
    assert_eq!(totals(over), [125, 20, 130]);
    assert_eq!(over["winners"], json!([id(&game, 1)]));
    assert_eq!(phases(over), [json!(3), Value::Null, json!(3)]);
    app.post(&hands_path(&game), &hand_three(&game))
        .expect_problem(409, "game_over");

    // The pad, number by number, as worked out above.
    let pad = app.scoresheet(&game);
    let line = |seat: usize, hands: Value, done: Value, phase: Value, total: u32, rank: u32| {
        json!({"player_id": id(&game, seat), "name": game["players"][seat]["name"],
               "seat": seat, "hands": hands, "phases_done": done, "phase": phase,
               "total": total, "rank": rank})
    };
    let hand = |number: u32, phase: u8, made: bool, points: u32, went_out: bool| {
        json!({"number": number, "phase": phase, "made": made, "points": points,
               "went_out": went_out, "edited": 0})
    };
    // Ann deals hand 1, Bo hand 2, Cy hand 3 (RULES §10): the game is over, nobody deals next.
    let dealt = |number: u32| {
        json!({"number": number, "dealer_id": id(&game, number as usize - 1),
                                     "tie_break": false})
    };
    let mut pad = pad;
    for (seat, player) in pad["players"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .enumerate()
    {
        for hand in player["hands"].as_array_mut().unwrap() {
            let number = hand["number"].as_u64().unwrap() as usize;
            assert_eq!(hand["dealt"], json!(number - 1 == seat), "{hand}");
            hand.as_object_mut().unwrap().remove("dealt");
        }
    }
    assert_eq!(
        pad,
        json!({"game_id": game["id"], "game": "cards", "status": "finished",
               "hands": [dealt(1), dealt(2), dealt(3)], "dealer_id": null,
               "edition": "standard", "phases": [1, 2, 3], "ten_hands": false,
               "winners": [id(&game, 1)], "players": [
            line(0, json!([hand(1, 1, true, 0, true), hand(2, 2, false, 115, false),
                           hand(3, 2, true, 10, false)]), json!([1, 2]), json!(3), 125, 2),
            line(1, json!([hand(1, 1, true, 20, false), hand(2, 2, true, 0, true),
                           hand(3, 3, true, 0, true)]), json!([1, 2, 3]), Value::Null, 20, 1),
            line(2, json!([hand(1, 1, false, 75, false), hand(2, 1, true, 30, false),
                           hand(3, 2, true, 25, false)]), json!([1, 2]), json!(3), 130, 3),
        ]})
    );

    let listed = app.get(&hands_path(&game)).expect(200).json();
    let numbers: Vec<&Value> = listed["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|hand| &hand["number"])
        .collect();
    assert_eq!(numbers, [1, 2, 3]);
    let page = app
        .get(&format!("{}?limit=2", hands_path(&game)))
        .expect(200)
        .json();
    assert_eq!(page["next_cursor"], "2");
}

/// Posts a hand that must be refused with `status` and `code` (at `field`), and checks that no
/// table changed.
#[track_caller]
fn refused(app: &TestApp, game: &Value, body: Value, status: u16, code: &str, field: &str) {
    let before = app.row_counts();
    let problem = app
        .post(&hands_path(game), &body)
        .expect_problem(status, code);
    assert_eq!(app.row_counts(), before, "{code} changed the database");
    if !field.is_empty() {
        assert_eq!(problem["errors"][0]["field"], field, "{problem}");
    }
    let detail = problem["detail"].as_str().unwrap_or_default();
    assert!(!detail.contains("::"), "a Rust path in {detail:?}");
}

fn every_bad_hand_is_refused_and_nothing_is_stored(backend: Backend) {
    let (app, game) = three_phases(backend);
    let (ann, bo, cy) = (id(&game, 0), id(&game, 1), id(&game, 2));
    let out = json!({"player_id": ann, "made": true, "cards": []});
    let bo_holds = |line: Value| {
        let mut hand = json!({"player_id": bo});
        hand.as_object_mut()
            .unwrap()
            .extend(line.as_object().unwrap().clone());
        hand
    };
    let cy_75 = json!({"player_id": cy, "made": false, "points": 75});
    let with =
        |bo_line: Value| json!({"went_out": ann, "players": [out, bo_holds(bo_line), cy_75]});
    let cases = [
        (
            json!({"went_out": game["id"], "players": [out, bo_holds(json!({"made": false, "points": 50})), cy_75]}),
            422,
            "unknown_player",
            "went_out",
        ),
        (
            json!({"went_out": ann, "players": [out, cy_75]}),
            422,
            "player_missing",
            "",
        ),
        (
            json!({"went_out": ann, "players": [out, cy_75, cy_75]}),
            422,
            "player_repeated",
            "",
        ),
        (
            with(json!({"made": false, "points": 50, "cards": cards("1r")})),
            422,
            "cards_and_points",
            "players[1]",
        ),
        (with(json!({"made": false})), 422, "holding_unknown", ""),
        (
            json!({"went_out": ann, "players": [
            {"player_id": ann, "made": false, "cards": []}, bo_holds(json!({"made": false, "points": 50})), cy_75]}),
            422,
            "went_out_not_made",
            "",
        ),
        (
            json!({"went_out": ann, "players": [
            {"player_id": ann, "made": true, "points": 5}, bo_holds(json!({"made": false, "points": 50})), cy_75]}),
            422,
            "went_out_holds_cards",
            "",
        ),
        (
            with(json!({"made": true, "points": 0})),
            422,
            "holds_nothing",
            "",
        ),
        (
            with(json!({"made": false, "cards": cards("1r 2r 3r 4r 5r 6r 7r 8r 9r")})),
            422,
            "hand_size",
            "",
        ),
        (
            with(json!({"made": true, "cards": cards("1r 2r 3r 4r 5r")})),
            422,
            "hand_size",
            "",
        ),
        (
            with(json!({"made": false, "points": 35})),
            422,
            "impossible_points",
            "",
        ),
        (
            with(json!({"made": false, "points": 245})),
            422,
            "impossible_points",
            "",
        ),
        (
            with(json!({"made": true, "points": 52})),
            422,
            "impossible_points",
            "",
        ),
        (
            with(json!({"made": true, "cards": cards("7r 7r 7r")})),
            422,
            "not_one_deck",
            "",
        ),
        (
            with(json!({"made": true, "cards": cards("W W W W W W W W W")})),
            422,
            "not_one_deck",
            "players[1].cards[8]",
        ),
        (
            json!({"went_out": ann, "players": [out, bo_holds(json!({"made": false, "points": 230})),
                {"player_id": cy, "made": false, "points": 230}]}),
            422,
            "not_one_deck",
            "players[2].points",
        ),
        (
            json!({"went_out": ann, "players": [out,
                bo_holds(json!({"made": false, "cards": cards("W W W W W W W W 1r 2r")})),
                {"player_id": cy, "made": false, "points": 230}]}),
            422,
            "not_one_deck",
            "players[2].points",
        ),
        (
            with(json!({"made": true, "cards": [{"value": 7}]})),
            422,
            "invalid_card",
            "players[1].cards[0]",
        ),
        (
            with(json!({"made": true, "cards": [{"value": "W", "color": "red"}]})),
            422,
            "invalid_card",
            "players[1].cards[0]",
        ),
        (
            with(json!({"made": true, "cards": [{"value": 13, "color": "red"}]})),
            422,
            "invalid_value",
            "",
        ),
        (
            with(
                json!({"made": false, "points": 50, "laid_down": [cards("1r 1b 1g"), cards("2r 2b 2g")]}),
            ),
            422,
            "laid_down_without_phase",
            "",
        ),
        (
            with(
                json!({"made": true, "points": 20, "laid_down": [cards("1r 1b 2g"), cards("2r 2b 2g")]}),
            ),
            422,
            "phase_not_made",
            "",
        ),
        (
            with(
                json!({"made": true, "points": 20, "laid_down": [cards("W W W"), cards("W W W")]}),
            ),
            422,
            "phase_not_made",
            "",
        ),
        (
            with(
                json!({"made": true, "points": 20, "laid_down": [cards("S 1b 1g"), cards("2r 2b 2g")]}),
            ),
            422,
            "phase_not_made",
            "",
        ),
        (json!({"went_out": ann}), 409, "not_a_tie_break", ""),
        (
            json!({"went_out": ann, "players": [], "colour": "red"}),
            400,
            "malformed_request",
            "",
        ),
    ];
    for (body, status, code, field) in cases {
        refused(&app, &game, body, status, code, field);
    }
    // One deck for the whole hand, points included: sixteen Wilds are not one deck.
    let twice_230 = json!({"went_out": ann, "players": [out, bo_holds(json!({"made": false,
        "points": 230})), {"player_id": cy, "made": false, "points": 230}]});
    let problem = app
        .post(&hands_path(&game), &twice_230)
        .expect_problem(422, "not_one_deck");
    assert_eq!(
        problem["detail"],
        "players[2].points: the cards of this hand do not fit in one deck: Bo's 230 points and Cy's 230 points \
         need at least 16 Wilds between them, and one deck has 8 left"
    );
    // The words a player would use: Bo did not lay down, so Bo holds ten cards.
    let problem = app
        .post(
            &hands_path(&game),
            &with(json!({"made": false, "points": 35})),
        )
        .expect_problem(422, "impossible_points");
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("Bo") && detail.contains("35"), "{detail}");
    // And a good hand still goes in afterwards.
    app.post(&hands_path(&game), &hand_one(&game)).expect(201);
}

fn a_card_game_checks_its_variations(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let refused = |body: Value, code: &str| {
        let before = app.row_counts();
        app.post("/v1/games", &body).expect_problem(422, code);
        assert_eq!(app.row_counts(), before);
    };
    let players =
        |n: usize| -> Vec<Value> { (0..n).map(|i| json!({"name": format!("P{i}")})).collect() };
    refused(
        json!({"game": "cards", "players": players(1)}),
        "player_count",
    );
    refused(
        json!({"game": "cards", "players": players(7)}),
        "player_count",
    );
    refused(
        json!({"game": "cards", "players": players(2), "phases": []}),
        "invalid_phases",
    );
    refused(
        json!({"game": "cards", "players": players(2), "phases": [3, 2]}),
        "invalid_phases",
    );
    refused(
        json!({"game": "cards", "players": players(2), "phases": [2, 2]}),
        "invalid_phases",
    );
    refused(
        json!({"game": "cards", "players": players(2), "phases": [0, 1]}),
        "invalid_phases",
    );
    refused(
        json!({"game": "cards", "players": players(2), "edition": "mattel-2011"}),
        "invalid_value",
    );
    refused(
        json!({"game": "chess", "players": players(2)}),
        "invalid_value",
    );
    app.post(
        "/v1/games",
        &json!({"game": "cards", "players": players(2), "dice_layout": "standard"}),
    )
    .expect_problem(400, "malformed_request");
    let even = app.new_game(
        &["Ann", "Bo"],
        json!({"game": "cards", "phases": [2, 4, 6, 8, 10],
        "edition": "el-chavo", "ten_hands": true}),
    );
    assert_eq!(even["phases"], json!([2, 4, 6, 8, 10]));
    assert_eq!(even["edition"], "el-chavo");
    assert_eq!(even["ten_hands"], true);
    assert_eq!(phases(&even), [json!(2), json!(2)]);
    // Dice games are as they were, with `game` said.
    let dice = app.new_game(&["Ann"], json!({}));
    assert_eq!(dice["game"], "dice");
    assert_eq!(dice["edition"], "mattel-2011");
}

fn turns_on_a_card_game_and_hands_on_a_dice_game_are_409_wrong_game(backend: Backend) {
    let (app, cards_game) = three_phases(backend);
    let dice_game = app.new_game(&["Ann", "Bo", "Cy"], json!({}));
    let before = app.row_counts();
    app.turn(&cards_game, 0, "8 8 8 10 W W")
        .expect_problem(409, "wrong_game");
    app.get(&format!("{}/turns", game_path(&cards_game)))
        .expect_problem(409, "wrong_game");
    app.post(&hands_path(&dice_game), &hand_one(&dice_game))
        .expect_problem(409, "wrong_game");
    app.get(&hands_path(&dice_game))
        .expect_problem(409, "wrong_game");
    app.delete(&format!("{}/1", hands_path(&dice_game)))
        .expect_problem(409, "wrong_game");
    assert_eq!(app.row_counts(), before);

    // With a hand 1 recorded, a turn 1 is still not the card game's: every turn route says
    // so, or that there is no such turn, whatever number it is sent with.
    app.post(&hands_path(&cards_game), &hand_one(&cards_game))
        .expect(201);
    let before = app.row_counts();
    let turns = format!("{}/turns", game_path(&cards_game));
    for number in [1, 2, 3] {
        let sent = json!({"player_id": id(&cards_game, 0), "number": number});
        app.post(&turns, &sent).expect_problem(409, "wrong_game");
    }
    app.get(&format!("{turns}/1"))
        .expect_problem(409, "wrong_game");
    let dice = json!({"dice": [{"value": 8}]});
    app.put(&format!("{turns}/1"), &dice)
        .expect_problem(409, "wrong_game");
    app.delete(&format!("{turns}/1"))
        .expect_problem(409, "wrong_game");
    app.post(&format!("{turns}/1/score"), &json!({}))
        .expect_problem(404, "not_found");
    app.post(&format!("{turns}/1/rolls"), &json!({"reroll": ["H1"]}))
        .expect_problem(404, "not_found");
    assert_eq!(app.row_counts(), before);
}

fn a_tie_on_the_fewest_points_is_settled_by_a_tie_break_hand(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = card_game(&app, &["Ann", "Bo", "Cy"], json!({"phases": [1]}));
    let (ann, bo, cy) = (id(&game, 0), id(&game, 1), id(&game, 2));
    // With one phase, the first hand ends the game: Ann went out completing it, alone.
    let alone = app
        .post(
            &hands_path(&game),
            &json!({"went_out": ann, "players": [
                {"player_id": ann, "made": true},
                {"player_id": bo, "made": false, "points": 50},
                {"player_id": cy, "made": false, "points": 55},
            ]}),
        )
        .expect(201)
        .json();
    assert_eq!(alone["game"]["status"], "finished");
    assert_eq!(alone["game"]["winners"], json!([ann]));

    let game = card_game(&app, &["Ann", "Bo", "Cy"], json!({"phases": [1, 2]}));
    let (ann, bo, cy) = (id(&game, 0), id(&game, 1), id(&game, 2));
    // Hand 1: Ann out; Bo made holding 10; Cy not made (50).
    app.post(
        &hands_path(&game),
        &json!({"went_out": ann, "players": [
            {"player_id": ann, "made": true},
            {"player_id": bo, "made": true, "points": 10},
            {"player_id": cy, "made": false, "points": 50},
        ]}),
    )
    .expect(201);
    // Hand 2: Bo out, completing phase 2 with 10 in all; Ann completes it too holding 10: a tie.
    let tie = app
        .post(
            &hands_path(&game),
            &json!({"went_out": bo, "players": [
                {"player_id": ann, "made": true, "points": 10},
                {"player_id": bo, "made": true},
                {"player_id": cy, "made": true, "points": 5},
            ]}),
        )
        .expect(201)
        .json();
    assert_eq!(tie["game"]["status"], "tie_break");
    assert_eq!(tie["game"]["tied"], json!([ann, bo]));
    assert_eq!(tie["game"]["winners"], json!([]));
    // Only who went out is recorded now, and only a tied player.
    refused(&app, &game, hand_three(&game), 409, "tie_break_due", "");
    refused(&app, &game, json!({"went_out": cy}), 422, "not_tied", "");
    let settled = app
        .post(&hands_path(&game), &json!({"went_out": bo}))
        .expect(201)
        .json();
    assert_eq!(settled["tie_break"], true);
    assert_eq!(settled["game"]["status"], "finished");
    assert_eq!(settled["game"]["winners"], json!([bo]));
    assert_eq!(
        totals(&settled["game"]),
        [10, 10, 55],
        "a tie-break's cards count for nothing"
    );
    // The pad says it was the tie-break, and who went out of it; Cy did not play it.
    let page = app.pad_text(&game, "text/html");
    let row = &page[page
        .find("<th scope=\"row\">Hand 3 (tie-break)</th>")
        .expect("the row")..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert_eq!(
        row.matches("<td class=\"out\">out</td>").count(),
        1,
        "{row}"
    );
    // Cy dealt it (the deal passes on every hand) and did not play it.
    assert!(
        row.ends_with(
            "<td><span class=\"dealer\" title=\"dealt this hand\">D</span></td>\
             <td></td><td></td><td></td>"
        ),
        "{row}"
    );
    // Undoing the tie-break hand brings the tie back.
    let undone = app
        .delete(&format!("{}/3", hands_path(&game)))
        .expect(200)
        .json();
    assert_eq!(undone["status"], "tie_break");
}

fn evaluate_judges_cards_against_a_phase(backend: Backend) {
    let app = spawn_app(backend);
    let verdict = app
        .post(
            "/v1/evaluate",
            &json!({"game": "cards", "phase": 2,
            "cards": cards("7r 7b W 3g 4g 5r 6y S")}),
        )
        .expect(200)
        .json();
    assert_eq!(verdict["game"], "cards");
    assert_eq!(verdict["made"], true);
    assert_eq!(
        verdict["points_left"], 15,
        "only the Skip is left: {verdict}"
    );
    assert_eq!(verdict["points_laid"], 5 * 6 + 25);
    let kinds: Vec<&Value> = verdict["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| &g["kind"])
        .collect();
    assert_eq!(kinds, ["set", "run"]);
    let not = app
        .post(
            "/v1/evaluate",
            &json!({"game": "cards", "phase": 1, "cards": cards("W W W W W W")}),
        )
        .expect(200)
        .json();
    assert_eq!(not["made"], false, "a phase of Wilds alone is not made");
    assert_eq!(not["groups"], json!([]));
    app.post(
        "/v1/evaluate",
        &json!({"game": "cards", "phase": 1, "cards": cards("1r 1r 1r")}),
    )
    .expect_problem(422, "not_one_deck");
    app.post(
        "/v1/evaluate",
        &json!({"game": "cards", "phase": 11, "cards": []}),
    )
    .expect_problem(422, "invalid_phase");
    app.post(
        "/v1/evaluate",
        &json!({"game": "cards", "phase": 1, "dice": []}),
    )
    .expect_problem(400, "malformed_request");
}

fn a_card_game_is_read_with_etags_and_followed_like_a_dice_game(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = card_game(&app, &["Ann", "Bo", "Cy"], json!({"phases": [1, 2, 3]}));
    let first = app.post(&hands_path(&game), &hand_one(&game)).expect(201);
    let etag = first.header("etag").expect("an ETag").to_string();
    let hand = format!("{}/1", hands_path(&game));
    app.get_with(&hand, &[("If-None-Match", &etag)]).expect(304);
    app.post_with(
        &hands_path(&game),
        &hand_two(&game),
        &[("If-Match", "\"1\"")],
    )
    .expect_problem(412, "precondition_failed");
    // The same key gets the same answer, and the hand is recorded once.
    let key_header = [("Idempotency-Key", "hand-two-once")];
    let once = app
        .post_with(&hands_path(&game), &hand_two(&game), &key_header)
        .expect(201);
    let again = app
        .post_with(&hands_path(&game), &hand_two(&game), &key_header)
        .expect(201);
    assert_eq!(again.header("idempotent-replayed"), Some("true"));
    assert_eq!(once.json()["number"], again.json()["number"]);
    let games = app.get("/v1/games").expect(200).json();
    assert_eq!(games["items"][0]["game"], "cards");
    assert_eq!(games["items"][0]["hands"], 2);
    app.post(&hands_path(&game), &hand_three(&game)).expect(201);
    let finished = app.get("/v1/games?status=finished").expect(200).json();
    assert_eq!(finished["items"][0]["id"], game["id"]);

    // The log: the game's creation and each hand with its hand; the last is sent as
    // hand_recorded, then game_finished with its id.
    let url = app.url(&format!("{}/events?after=0", game_path(&game)));
    let stream = EventStream::open(&url, &key, None);
    let seen: Vec<_> = (0..5).map(|_| stream.next_event(SOON)).collect();
    let kinds: Vec<(Option<i64>, &str)> = seen.iter().map(|e| (e.id, e.kind.as_str())).collect();
    assert_eq!(
        kinds,
        [
            (Some(1), "game_created"),
            (Some(2), "hand_recorded"),
            (Some(3), "hand_recorded"),
            (None, "hand_recorded"),
            (Some(4), "game_finished"),
        ]
    );
    assert_eq!(seen[1].data["hand"]["number"], 1);
    // Each event holds the game once: the hand's copy is put back as it is sent.
    assert_eq!(seen[1].data["hand"]["game"], seen[1].data["game"]);
    let stored: Value = {
        use crate::helpers::schema::events;
        use diesel::prelude::*;
        let data: String = events::table
            .filter(events::game_id.eq(game["id"].as_str().unwrap()))
            .filter(events::version.eq(2_i64))
            .select(events::data)
            .first(&mut app.connection())
            .expect("the hand's event");
        serde_json::from_str(&data).unwrap()
    };
    assert_eq!(stored["hand"]["number"], 1);
    assert!(stored["hand"].get("game").is_none(), "{stored}");
    assert_eq!(seen[4].data["hand"]["number"], 3);
    assert_eq!(seen[4].data["game"]["status"], "finished");
}

fn a_phone_at_the_table_follows_and_records_a_card_game_a_stranger_sees_nothing(backend: Backend) {
    let mut app = spawn_app(backend);
    let bo = app.sign_up("Bo");
    let eve = app.sign_up("Eve");
    let ann = app.sign_up("Ann");
    let game = card_game(&app, &["Ann", "Bo", "Cy"], json!({"phases": [1, 2, 3]}));
    let invite = app
        .post(
            &format!("{}/invites", game_path(&game)),
            &json!({"player_id": id(&game, 1)}),
        )
        .expect(201)
        .json();
    let code = invite["code"].as_str().unwrap();
    let as_bo = app.with_key(Some(&bo));
    let accepted = as_bo
        .post(&format!("/v1/invites/{code}/accept"), &json!({}))
        .expect(200)
        .json();
    assert_eq!(accepted["game"], "cards");
    assert_eq!(accepted["players"][1]["claimed"], true);
    // Bo's phone records the hand everyone played; Ann's sees it.
    as_bo.post(&hands_path(&game), &hand_one(&game)).expect(201);
    let as_ann = app.with_key(Some(&ann));
    assert_eq!(as_ann.get(&game_path(&game)).expect(200).json()["hands"], 1);
    // Only the owner undoes.
    as_bo
        .delete(&format!("{}/1", hands_path(&game)))
        .expect_problem(403, "not_owner");
    // A stranger is told there is no such game.
    let as_eve = app.with_key(Some(&eve));
    as_eve
        .get(&game_path(&game))
        .expect_problem(404, "not_found");
    as_eve
        .get(&hands_path(&game))
        .expect_problem(404, "not_found");
    as_eve
        .post(&hands_path(&game), &hand_two(&game))
        .expect_problem(404, "not_found");
    as_eve
        .get(&format!("{}/scoresheet", game_path(&game)))
        .expect_problem(404, "not_found");
}

crate::on_both_backends!(
    a_phone_at_the_table_follows_and_records_a_card_game_a_stranger_sees_nothing,
    a_whole_card_game_is_played_from_creation_to_the_winner_with_an_undo,
    every_bad_hand_is_refused_and_nothing_is_stored,
    a_card_game_checks_its_variations,
    turns_on_a_card_game_and_hands_on_a_dice_game_are_409_wrong_game,
    a_tie_on_the_fewest_points_is_settled_by_a_tie_break_hand,
    evaluate_judges_cards_against_a_phase,
    a_card_game_is_read_with_etags_and_followed_like_a_dice_game,
);
