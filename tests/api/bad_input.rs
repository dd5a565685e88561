//! Bad input: each gets the documented status as problem+json and changes nothing.

use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, dice, spawn_app, spawn_app_with, turns_path};

/// A game of two with one turn played, so that refused turns have something to spoil.
#[track_caller]
fn app_with_a_game(backend: Backend) -> (TestApp, Value) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    (app, game)
}

/// Sends a body and checks the problem it gets and that no table changed.
#[track_caller]
fn refused(
    app: &TestApp,
    path: &str,
    content_type: &str,
    body: &[u8],
    status: u16,
    code: &str,
) -> Value {
    let before = app.row_counts();
    let problem = app
        .post_raw(path, content_type, body)
        .expect_problem(status, code);
    assert_eq!(app.row_counts(), before, "{code} changed the database");
    problem
}

#[track_caller]
fn refused_json(app: &TestApp, path: &str, body: &[u8], status: u16, code: &str) -> Value {
    refused(app, path, "application/json", body, status, code)
}

/// Bo's turn with `dice`, refused with `status` and `code`.
#[track_caller]
fn refused_turn(app: &TestApp, game: &Value, dice: Value, status: u16, code: &str) -> Value {
    refused_json(app, &turns_path(game), &bo_turn(game, dice), status, code)
}

/// Checks the problem's detail says `text`.
#[track_caller]
fn says(problem: &Value, text: &str) {
    let detail = problem["detail"].as_str().unwrap_or_default();
    assert!(detail.contains(text), "{problem}");
}

fn bo_turn(game: &Value, dice: Value) -> Vec<u8> {
    json!({"player_id": game["players"][1]["id"], "dice": dice})
        .to_string()
        .into_bytes()
}

fn malformed_json_is_400(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    refused_json(
        &app,
        &turns_path(&game),
        b"{\"player_id\": ",
        400,
        "malformed_request",
    );
    refused_json(
        &app,
        &turns_path(&game),
        b"[1, 2]",
        400,
        "malformed_request",
    );
    refused_json(
        &app,
        "/v1/games",
        b"{\"players\": [{\"name\": \"A\"}]} trailing",
        400,
        "malformed_request",
    );
    // An object left open is said of the body, not of a place written `?`.
    let open = b"{\"game\": \"cards\", \"players\": [{\"name\": \"A\"}]";
    let problem = refused_json(&app, "/v1/games", open, 400, "malformed_request");
    assert_eq!(
        problem["detail"],
        "the body is not valid: EOF while parsing an object at line 1 column 44"
    );
    let open = b"{\"players\": [{\"name\": ";
    let problem = refused_json(&app, "/v1/games", open, 400, "malformed_request");
    let detail = problem["detail"].as_str().unwrap_or_default();
    assert!(
        detail.starts_with("the body is not valid at players[0].name: "),
        "{detail}"
    );
}

fn a_wrong_type_is_400(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let problem = refused_turn(
        &app,
        &game,
        json!([{"value": true}]),
        400,
        "malformed_request",
    );
    says(&problem, "dice[0].value");
    refused_json(
        &app,
        "/v1/games",
        br#"{"players": "Ann"}"#,
        400,
        "malformed_request",
    );
    refused_json(
        &app,
        "/v1/games",
        br#"{"mode": "tabletop"}"#,
        400,
        "malformed_request",
    );
}

fn a_wrong_content_type_is_415(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    refused(
        &app,
        &turns_path(&game),
        "text/plain",
        &bo_turn(&game, json!([])),
        415,
        "unsupported_media_type",
    );
    refused(
        &app,
        "/v1/accounts",
        "application/x-www-form-urlencoded",
        b"name=Ann",
        415,
        "unsupported_media_type",
    );
}

fn json_of_another_kind_or_charset_is_415(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let body = bo_turn(&game, json!([]));
    for content_type in [
        "application/json; charset=latin1",
        "application/merge-patch+json",
        "application/vnd.api+json",
    ] {
        refused(
            &app,
            &turns_path(&game),
            content_type,
            &body,
            415,
            "unsupported_media_type",
        );
    }
    for content_type in [
        "application/json; charset=utf-8",
        "Application/JSON;Charset=\"UTF-8\"",
    ] {
        app.post_raw(&turns_path(&game), content_type, &body)
            .expect(201);
        app.delete(&format!("{}/2", turns_path(&game))).expect(200);
    }
}

/// Words of the server's language, not the client's: Rust's types and values.
const RUST_WORDS: [&str; 16] = [
    "struct", "enum ", "u8", "u16", "u32", "u64", "i32", "i64", "usize", "f64", "Option", "None",
    "Some(", "Vec", "String", "untagged",
];

fn errors_are_said_in_the_clients_words(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let turns = turns_path(&game);
    let player = game["players"][1]["id"].clone();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("/v1/games", b"\"Ann\"".to_vec()),
        ("/v1/games", br#"{"players": [{"name": 5}]}"#.to_vec()),
        ("/v1/games", br#"{"players": [[5]]}"#.to_vec()),
        (
            "/v1/games",
            br#"{"players": [{"name": "Ann"}], "mode": 3}"#.to_vec(),
        ),
        (
            "/v1/games",
            br#"{"players": [{"name": "Ann"}], "mode": ["digital"]}"#.to_vec(),
        ),
        ("/v1/evaluate", br#"{"phase": "one", "dice": []}"#.to_vec()),
        (
            "/v1/evaluate",
            "{\"phase\": \"expected \u{20ac}\"}".as_bytes().to_vec(),
        ),
        (
            "/v1/evaluate",
            "{\"phase\": \"expected u\"}".as_bytes().to_vec(),
        ),
        ("/v1/evaluate", br#"{"phase": 300, "dice": []}"#.to_vec()),
        ("/v1/evaluate", br#"{"phase": -1, "dice": []}"#.to_vec()),
        ("/v1/evaluate", br#"{"phase": 1.5, "dice": []}"#.to_vec()),
        ("/v1/evaluate", br#"{"phase": null, "dice": []}"#.to_vec()),
        ("/v1/evaluate", br#"{"phase": 1, "dice": {}}"#.to_vec()),
        (
            "/v1/evaluate",
            br#"{"phase": 1, "dice": [{"value": [8]}]}"#.to_vec(),
        ),
        (
            "/v1/evaluate",
            br#"{"phase": 1, "dice": [{"value": 8, "color": 2}]}"#.to_vec(),
        ),
        (
            "/v1/evaluate",
            br#"{"phase": 1, "dice": [{"value": 8}], "dice_layout": {}}"#.to_vec(),
        ),
        ("/v1/evaluate", b"[]".to_vec()),
        ("/v1/evaluate", b"".to_vec()),
        ("/v1/accounts", br#"{"name": {"first": "Ann"}}"#.to_vec()),
        (
            turns.as_str(),
            json!({"player_id": player, "dice": "8 8 8"})
                .to_string()
                .into_bytes(),
        ),
        (
            turns.as_str(),
            json!({"player_id": 7}).to_string().into_bytes(),
        ),
    ];
    for (path, body) in cases {
        let reply = app.post_raw(path, "application/json", &body);
        assert!(matches!(reply.status, 400 | 422), "{path} {reply:?}");
        let problem = reply.json();
        let mut said = vec![problem["detail"].as_str().unwrap().to_string()];
        for error in problem["errors"].as_array().into_iter().flatten() {
            said.push(error["message"].as_str().unwrap().to_string());
        }
        for text in said {
            for word in RUST_WORDS {
                assert!(
                    !text.contains(word),
                    "{word:?} in {text:?} for {}",
                    String::from_utf8_lossy(&body)
                );
            }
        }
    }
}

/// A body that stops short of the length it announced: said as such, not as a Rust value.
/// A body left empty (as a generated client sends a model it could not serialise) is said to be
/// empty, not "EOF while parsing".
fn an_empty_body_is_said_so(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    for body in [&b""[..], b" \n"] {
        let problem = refused_json(&app, "/v1/games", body, 400, "malformed_request");
        says(
            &problem,
            "the body is empty: send the request's JSON object",
        );
    }
}

fn a_body_cut_short_is_said_so(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    let mut raw = crate::raw::Raw::connect(&app.base);
    raw.send(
        b"POST /v1/evaluate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"phase\": 1",
    );
    raw.stream
        .shutdown(std::net::Shutdown::Write)
        .expect("half-close");
    let answer = raw.answer(std::time::Duration::from_secs(5));
    let problem = answer.expect_problem(400, "malformed_request");
    says(&problem, "the body ended before it was complete");
}

fn a_422_is_titled_unprocessable_content(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    let problem = refused_json(
        &app,
        "/v1/evaluate",
        br#"{"phase": 11, "dice": []}"#,
        422,
        "invalid_phase",
    );
    assert_eq!(problem["title"], "Unprocessable Content");
}

fn names_that_do_not_show_as_they_are_are_422(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    let shin = "\u{FB2C}".repeat(40);
    for (name, says) in [
        ("Ann\u{1b}[31m", "control characters"),
        ("Ann\nBo", "control characters"),
        ("Ann\u{7f}", "control characters"),
        ("Ann\u{9b}", "control characters"),
        ("Ann\u{202e}oB", "reorder"),
        ("\u{200b}\u{200b}\u{2060}", "invisible"),
        // The outside probe's L4: 40 characters sent, 120 kept; not characters; private use.
        (shin.as_str(), "1 to 40 characters"),
        ("Ann\u{FFFF}", "not characters"),
        ("Ann\u{E000}", "private-use"),
    ] {
        let game = json!({"players": [{"name": name}, {"name": "Bo"}]}).to_string();
        let problem = refused_json(&app, "/v1/games", game.as_bytes(), 422, "invalid_name");
        assert_eq!(problem["errors"][0]["field"], "players[0].name");
        let message = problem["errors"][0]["message"].as_str().unwrap();
        assert!(message.contains(says), "{name:?}: {message}");
        let account = json!({"name": name}).to_string();
        let problem = app
            .with_key(None)
            .post_raw("/v1/accounts", "application/json", account.as_bytes())
            .expect_problem(422, "invalid_name");
        assert_eq!(problem["errors"][0]["field"], "name");
    }
    // Canonically equal names are one name, and a name is kept composed.
    let game = json!({"players": [{"name": "Ren\u{e9}"}, {"name": "Rene\u{301}"}]}).to_string();
    refused_json(&app, "/v1/games", game.as_bytes(), 422, "duplicate_name");
    let made = app.new_game(&["Rene\u{301}", "Zo\u{eb}"], json!({}));
    assert_eq!(made["players"][0]["name"], "Ren\u{e9}");
}

fn an_unknown_field_is_400(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let body = json!({"player_id": game["players"][1]["id"], "dice": [], "score": 99}).to_string();
    let problem = refused_json(
        &app,
        &turns_path(&game),
        body.as_bytes(),
        400,
        "malformed_request",
    );
    says(&problem, "unknown field `score`");
    let die = json!([{"value": 8, "colour": "red"}]);
    refused_turn(&app, &game, die, 400, "malformed_request");
}

fn eleven_dice_are_422(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let problem = refused_turn(
        &app,
        &game,
        dice("1 2 3 4 5 6 7 8 9 10 W"),
        422,
        "not_rollable",
    );
    assert_eq!(problem["errors"][0]["field"], "dice");
}

fn seven_tens_are_422(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let problem = refused_turn(
        &app,
        &game,
        dice("10 10 10 10 10 10 10"),
        422,
        "not_rollable",
    );
    assert_eq!(problem["errors"][0]["field"], "dice[6]");
    assert!(
        problem["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("only the 6 high dice (H1 to H6, which show 5 to 10) show a 10")
    );
}

fn two_orange_fives_are_422(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let problem = refused_turn(&app, &game, dice("5o 5o"), 422, "not_rollable");
    says(&problem, "no die shows an orange 5 twice");
}

fn a_die_value_or_color_outside_its_range_is_422(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    for (die, field) in [
        (json!({"value": 11}), "dice[0].value"),
        (json!({"value": 0}), "dice[0].value"),
        (json!({"value": -3}), "dice[0].value"),
        (json!({"value": "X"}), "dice[0].value"),
        (json!({"value": 5, "color": "purple"}), "dice[0].color"),
    ] {
        let problem = refused_turn(&app, &game, json!([die]), 422, "invalid_value");
        assert_eq!(problem["errors"][0]["field"], field);
    }
}

fn a_phase_8_die_without_a_color_is_422(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    for roll in &crate::scoresheet::BEST_ROLLS[..7] {
        app.turn(&game, 0, roll).expect(201);
    }
    let body =
        json!({"player_id": game["players"][0]["id"], "dice": dice("4o 9o 8o 10o 7o 8o 10")})
            .to_string();
    let problem = refused_json(
        &app,
        &turns_path(&game),
        body.as_bytes(),
        422,
        "color_required",
    );
    assert_eq!(problem["errors"][0]["field"], "dice[6].color");
    let body = json!({"phase": 8, "dice": dice("4o 9 8o")}).to_string();
    refused_json(&app, "/v1/evaluate", body.as_bytes(), 422, "color_required");
}

fn a_player_count_out_of_bounds_is_422(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    let nine: Vec<Value> = (0..9).map(|i| json!({"name": format!("P{i}")})).collect();
    for players in [json!([]), json!(nine)] {
        let problem = refused_json(
            &app,
            "/v1/games",
            json!({"players": players}).to_string().as_bytes(),
            422,
            "player_count",
        );
        assert_eq!(problem["errors"][0]["field"], "players");
    }
}

fn duplicate_or_bad_names_are_422(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    let body = json!({"players": [{"name": "Ann"}, {"name": "Bo"}, {"name": "ann "}]}).to_string();
    let problem = refused_json(&app, "/v1/games", body.as_bytes(), 422, "duplicate_name");
    // Both lines are named.
    assert_eq!(problem["errors"][0]["field"], "players[0].name");
    assert_eq!(problem["errors"][1]["field"], "players[2].name");
    for name in ["", " ", &"x".repeat(41)] {
        let body = json!({"players": [{"name": name}]}).to_string();
        refused_json(&app, "/v1/games", body.as_bytes(), 422, "invalid_name");
    }
}

fn an_unknown_mode_edition_or_layout_is_422(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    for (field, value) in [
        ("mode", "online"),
        ("edition", "fundex-1999"),
        ("dice_layout", "checkered"),
    ] {
        let mut body = json!({"players": [{"name": "Ann"}]});
        body[field] = json!(value);
        let problem = refused_json(
            &app,
            "/v1/games",
            body.to_string().as_bytes(),
            422,
            "invalid_value",
        );
        assert_eq!(problem["errors"][0]["field"], field);
    }
}

fn an_oversized_body_is_413(backend: Backend) {
    let mut app = spawn_app_with(backend, &["--body-limit=1024"]);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let padding = " ".repeat(2000);
    let body = format!(
        "{{\"player_id\": \"{}\",{padding}\"dice\": []}}",
        game["players"][0]["id"].as_str().unwrap()
    );
    refused_json(
        &app,
        &turns_path(&game),
        body.as_bytes(),
        413,
        "payload_too_large",
    );
    // The default limit is 64 KiB.
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let huge = format!("{{\"name\": \"{}\"}}", "x".repeat(70 * 1024));
    refused_json(
        &app,
        "/v1/accounts",
        huge.as_bytes(),
        413,
        "payload_too_large",
    );
}

/// A game id is a UUID; anything else names no game, even text PostgreSQL would refuse.
fn a_game_id_that_is_not_a_uuid_is_404(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    for id in ["not-a-uuid", "%00", "a%00b"] {
        app.get(&format!("/v1/games/{id}"))
            .expect_problem(404, "not_found");
        app.get(&format!("/v1/games/{id}/scoresheet"))
            .expect_problem(404, "not_found");
        app.get(&format!("/v1/games/{id}/turns/1"))
            .expect_problem(404, "not_found");
        refused_json(
            &app,
            &format!("/v1/games/{id}/turns"),
            &bo_turn(&game, json!([])),
            404,
            "not_found",
        );
    }
}

/// No text can hold a NUL (PostgreSQL cannot store one); the text `\u0000` itself is fine.
fn a_nul_in_text_is_422(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    let problem = refused_json(
        &app,
        "/v1/accounts",
        br#"{"name": "Ann\u0000"}"#,
        422,
        "invalid_value",
    );
    assert_eq!(problem["errors"][0]["field"], "name");
    let problem = refused_json(
        &app,
        "/v1/games",
        br#"{"players": [{"name": "Ann"}, {"name": "\u0000Bo"}]}"#,
        422,
        "invalid_value",
    );
    assert_eq!(problem["errors"][0]["field"], "players[1].name");
    let account = app
        .post("/v1/accounts", &json!({"name": "back\\u0000slash"}))
        .expect(201)
        .json();
    assert_eq!(account["name"], "back\\u0000slash");
}

/// A cursor is only ever one the server gave out: another spelling of a place in the order is
/// refused, and so is one that would take a NUL to the database (PostgreSQL takes none in
/// text), whatever listing it is given to.
fn a_cursor_the_server_did_not_give_out_is_400(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let id = "0b7c5e1a-2f3d-4c5b-8a9e-0123456789ab";
    let game_id = game["id"].as_str().unwrap();
    let person = game["players"][0]["person_id"].as_str().unwrap();
    let at = "2026-09-21T14:13:20.100";
    let listings = [
        (
            "/v1/games".to_string(),
            format!(r#"{{"created_at":"{at}","id":"{id}"}}"#),
        ),
        (
            "/v1/people".to_string(),
            format!(r#"{{"created_at":"{at}","id":"{id}"}}"#),
        ),
        (
            format!("/v1/people/{person}/games"),
            format!(r#"{{"created_at":"{at}","id":"{id}"}}"#),
        ),
        (
            "/v1/leaderboard".to_string(),
            format!(r#"{{"wins":1,"games":1,"name":"Ann","person_id":"{id}"}}"#),
        ),
        (
            format!("/v1/games/{game_id}/edits"),
            r#"{"version":1}"#.to_string(),
        ),
    ];
    for (path, key) in listings {
        app.get(&format!("{path}?cursor={}", hex::encode(&key)))
            .expect(200);
        let with_nul = key
            .replace(id, "a\\u0000b")
            .replace("Ann", "A\\u0000nn")
            .replace(":1}", ":\"\\u0000\"}");
        let spaced = key.replacen(':', ": ", 1);
        for bad in [with_nul, spaced, "17.a\0b".to_string()] {
            app.get(&format!("{path}?cursor={}", hex::encode(&bad)))
                .expect_problem(400, "malformed_request");
        }
        app.get(&format!(
            "{path}?cursor={}",
            hex::encode(&key).to_uppercase()
        ))
        .expect(400);
    }
}

/// A name's length is that of the name as sent, as the document has it (surrounding whitespace
/// is trimmed off after).
fn a_name_too_long_as_sent_is_422(backend: Backend) {
    let (app, _) = app_with_a_game(backend);
    let name = format!(" {} ", "x".repeat(40));
    let body = json!({"players": [{"name": name}]}).to_string();
    refused_json(&app, "/v1/games", body.as_bytes(), 422, "invalid_name");
    let body = json!({"name": format!(" {}", "x".repeat(100))}).to_string();
    refused_json(&app, "/v1/accounts", body.as_bytes(), 422, "invalid_name");
    let game = app.new_game(&[&format!(" {} ", "x".repeat(38))], json!({}));
    assert_eq!(game["players"][0]["name"], "x".repeat(38));
}

/// JSON has numbers, not integers and floats: `8.0` is the whole number 8 (as in JSON Schema),
/// while `8.5` is no die.
fn a_whole_number_written_with_a_fraction_is_that_number(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let body = br#"{"phase": 1.0, "dice": [{"value": 8.0}, {"value": 8}, {"value": 80e-1}]}"#;
    let verdict = app
        .post_raw("/v1/evaluate", "application/json", body)
        .expect(200)
        .json();
    assert_eq!(verdict["phase"], 1);
    let turn = app
        .post_raw(
            &turns_path(&game),
            "application/json",
            &bo_turn(&game, json!([{"value": 5.0}])),
        )
        .expect(201)
        .json();
    assert_eq!(turn["dice"], json!([{"value": 5}]));
    refused_turn(
        &app,
        &game,
        json!([{"value": 5.5}]),
        400,
        "malformed_request",
    );
    let body = br#"{"phase": 11.0, "dice": []}"#;
    refused_json(&app, "/v1/evaluate", body, 422, "invalid_phase");
}

/// What the body alone breaks is refused as such, before If-Match is looked at (RFC 9110
/// §13.2.1): a player_id that is not a UUID, more than ten dice.
fn a_bad_body_is_422_before_a_stale_if_match(backend: Backend) {
    let (app, game) = app_with_a_game(backend);
    let stale = [("If-Match", "\"1\"")];
    let body = json!({"player_id": "nobody", "dice": []});
    let problem = app
        .post_with(&turns_path(&game), &body, &stale)
        .expect_problem(422, "invalid_value");
    assert_eq!(problem["errors"][0]["field"], "player_id");
    let body =
        json!({"player_id": game["players"][1]["id"], "dice": dice("1 2 3 4 5 6 7 8 9 10 W")});
    app.post_with(&turns_path(&game), &body, &stale)
        .expect_problem(422, "not_rollable");
    let body = json!({"player_id": game["players"][1]["id"], "dice": []});
    app.post_with(&turns_path(&game), &body, &stale)
        .expect_problem(412, "precondition_failed");
}

crate::on_both_backends!(
    json_of_another_kind_or_charset_is_415,
    errors_are_said_in_the_clients_words,
    a_body_cut_short_is_said_so,
    an_empty_body_is_said_so,
    a_422_is_titled_unprocessable_content,
    names_that_do_not_show_as_they_are_are_422,
    a_bad_body_is_422_before_a_stale_if_match,
    a_whole_number_written_with_a_fraction_is_that_number,
    a_name_too_long_as_sent_is_422,
    a_cursor_the_server_did_not_give_out_is_400,
    a_nul_in_text_is_422,
    a_game_id_that_is_not_a_uuid_is_404,
    malformed_json_is_400,
    a_wrong_type_is_400,
    a_wrong_content_type_is_415,
    an_unknown_field_is_400,
    eleven_dice_are_422,
    seven_tens_are_422,
    two_orange_fives_are_422,
    a_die_value_or_color_outside_its_range_is_422,
    a_phase_8_die_without_a_color_is_422,
    a_player_count_out_of_bounds_is_422,
    duplicate_or_bad_names_are_422,
    an_unknown_mode_edition_or_layout_is_422,
    an_oversized_body_is_413,
);
