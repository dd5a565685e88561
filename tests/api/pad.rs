//! The pad for people (API.md "The pad for people"): the scoresheet as CSV and as a printable
//! page chosen by `Accept`, each with its own ETag, 406 for a type it cannot give, and the
//! blank pad for people who play on paper.

use serde_json::{Value, json};

use crate::helpers::{Backend, Reply, TestApp, game_path, spawn_app};
use crate::scoresheet::BEST_ROLLS;

fn pad_path(game: &Value) -> String {
    format!("{}/scoresheet", game_path(game))
}

fn pad_as(app: &TestApp, game: &Value, accept: &str) -> Reply {
    app.get_with(&pad_path(game), &[("Accept", accept)])
}

/// Ann plays the best roll of every phase; Bo, beside her, fails every turn.
#[track_caller]
fn ann_beats_bo(app: &TestApp, names: [&str; 2]) -> Value {
    let game = app.new_game(&names, json!({}));
    for roll in BEST_ROLLS {
        app.turn(&game, 0, roll).expect(201);
        app.turn(&game, 1, "").expect(201);
    }
    game
}

/// The cells of the HTML row whose header is `label`, tags removed.
#[track_caller]
fn html_row(page: &str, label: &str) -> Vec<String> {
    let start = format!("<th scope=\"row\">{label}</th>");
    let Some(at) = page.find(&start) else {
        panic!("no row {label}");
    };
    let rest = &page[at + start.len()..];
    let row = &rest[..rest.find("</tr>").expect("the row ends")];
    row.split("<td")
        .skip(1)
        .map(|cell| {
            let text = &cell[cell.find('>').expect("a cell") + 1..];
            text[..text.find("</td>").expect("a cell ends")].to_string()
        })
        .collect()
}

const SOLITAIRE_649_CSV: &str = "\u{feff}Player,Ann\r\n\
2 sets of 3,60\r\n\
1 set of 3 + 1 run of 4,57\r\n\
1 set of 4 + 1 run of 4,59\r\n\
1 run of 7,49\r\n\
1 run of 8,52\r\n\
Five Phase Bonus,40\r\n\
Five Phase Total,317\r\n\
1 run of 9,54\r\n\
2 sets of 4,60\r\n\
7 of all one color,56\r\n\
1 set of 5 + 1 set of 2,60\r\n\
1 set of 5 + 1 set of 3,62\r\n\
First Finish Bonus,40\r\n\
Failures,0\r\n\
Solitaire Penalty,0\r\n\
Grand Total,649\r\n\
Winner,Winner\r\n";

fn the_solitaire_649_game_as_csv_is_the_paper_pad_row_by_row(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    for roll in BEST_ROLLS {
        app.turn(&game, 0, roll).expect(201);
    }
    let csv = pad_as(&app, &game, "text/csv").expect(200);
    assert_eq!(csv.header("content-type"), Some("text/csv; charset=utf-8"));
    // Named for the game's day (it has no name): an ASCII name and the full one.
    let day = &game["created_at"].as_str().unwrap()[..10];
    assert_eq!(
        csv.header("content-disposition"),
        Some(
            format!(
                "attachment; filename=\"phase10-dice-{day}.csv\"; \
                 filename*=UTF-8''phase10%2Ddice%2D{}%2Ecsv",
                day.replace('-', "%2D")
            )
            .as_str()
        )
    );
    assert_eq!(csv.header("vary"), Some("Accept, Accept-Language"));
    assert_eq!(csv.header("cache-control"), Some("private, no-cache"));
    assert_eq!(csv.header("content-language"), Some("en"));
    assert_eq!(csv.text, SOLITAIRE_649_CSV);
}

fn a_two_player_csv_marks_the_winner_and_quotes_and_neutralises_names(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = ann_beats_bo(&app, ["=1+1", "Bo, \"the ace\""]);
    let csv = pad_as(&app, &game, "text/csv").expect(200).text;
    let lines: Vec<&str> = csv.split("\r\n").collect();
    assert_eq!(lines[0], "\u{feff}Player,'=1+1,\"Bo, \"\"the ace\"\"\"");
    assert_eq!(lines[1], "2 sets of 3,60,");
    assert_eq!(lines[7], "Five Phase Total,317,0");
    assert_eq!(lines[14], "Failures,0,10");
    assert_eq!(lines[15], "Solitaire Penalty,0,0");
    assert_eq!(lines[16], "Grand Total,649,0");
    assert_eq!(lines[17], "Winner,Winner,");
    assert_eq!(lines[18], "");
    assert_eq!(lines.len(), 19);
}

fn the_page_shows_each_number_in_its_row_and_column_and_escapes_names(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let hostile = "<script>alert(1)</script> & \"x\"";
    let game = ann_beats_bo(&app, ["Ann", hostile]);
    let page = pad_as(&app, &game, "text/html").expect(200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let policy = page.header("content-security-policy").expect("a CSP");
    assert!(
        policy.starts_with("default-src 'none'; style-src 'sha256-"),
        "{policy}"
    );
    for part in [
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ] {
        assert!(policy.contains(part), "{policy}");
    }
    assert!(!policy.contains("script-src"));
    let html = page.text;
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<html lang=\"en\">"));
    assert!(html.contains("<title>Phase 10 Dice score pad</title>"));
    assert!(html.contains("<h1>Phase 10 Dice score pad</h1>"));
    assert!(html.contains("<p class=\"about\">finished · Winner: Ann</p>"));
    // The standings: Ann first, the winner, on no phase (all ten made), 649.
    let standings = &html[html.find("<table class=\"standings\">").expect("standings")..];
    let first = &standings[standings.find("<tbody>").unwrap()..];
    assert!(
        first.starts_with("<tbody>\n<tr class=\"won\"><th scope=\"row\">Ann <span"),
        "{first}"
    );
    assert!(
        first.contains("<td>all done</td><td data-label=\"Total\">649</td><td></td></tr>"),
        "{first}"
    );
    assert!(
        !html.contains("<script"),
        "no script, and the name is escaped"
    );
    assert!(html.contains(
        "<th scope=\"col\">&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;</th>"
    ));
    assert!(html.contains("<th scope=\"col\" class=\"won\">Ann "));
    assert_eq!(html_row(&html, "2 sets of 3"), ["60", ""]);
    assert_eq!(html_row(&html, "7 of all one color"), ["56", ""]);
    assert_eq!(html_row(&html, "Five Phase Total"), ["317", "0"]);
    assert_eq!(html_row(&html, "Failures"), ["0", "10"]);
    assert_eq!(html_row(&html, "Grand Total"), ["649", "0"]);
    assert_eq!(html_row(&html, "Winner"), ["Winner", ""]);
}

fn each_representation_has_its_own_etag_and_json_stays_the_default(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    app.turn(&game, 0, "10 10 10 10 10 10").expect(201);
    let path = pad_path(&game);
    let plain = app.get(&path).expect(200);
    assert_eq!(plain.header("content-type"), Some("application/json"));
    assert_eq!(plain.header("vary"), Some("Accept, Accept-Language"));
    let etag = plain.header("etag").expect("an ETag").to_string();
    assert_eq!(plain.json(), app.scoresheet(&game));
    assert_eq!(plain.json()["players"][0]["grand_total"], 60);
    for accept in ["*/*", "application/json", "application/*, text/csv;q=0.5"] {
        let reply = pad_as(&app, &game, accept).expect(200);
        assert_eq!(reply.header("content-type"), Some("application/json"));
        assert_eq!(reply.header("etag"), Some(etag.as_str()));
    }
    let mut tags = vec![etag];
    for (accept, kind) in [("text/csv", "text/csv"), ("text/html", "text/html")] {
        let reply = pad_as(&app, &game, accept).expect(200);
        assert!(reply.header("content-type").unwrap().starts_with(kind));
        tags.push(reply.header("etag").expect("an ETag").to_string());
    }
    assert_eq!(tags[1..], ["\"2-csv\"", "\"2-html\""]);
    for (accept, tag) in ["application/json", "text/csv", "text/html"]
        .iter()
        .zip(&tags)
    {
        let fresh = app.get_with(&path, &[("Accept", accept), ("If-None-Match", tag)]);
        let fresh = fresh.expect(304);
        assert_eq!(fresh.header("etag"), Some(tag.as_str()));
        assert_eq!(fresh.header("vary"), Some("Accept, Accept-Language"));
        let weak = format!("W/{tag}");
        app.get_with(&path, &[("Accept", accept), ("If-None-Match", &weak)])
            .expect(304);
        // Another representation's tag is not this one's.
        for other in tags.iter().filter(|t| *t != tag) {
            app.get_with(&path, &[("Accept", accept), ("If-None-Match", other)])
                .expect(200);
        }
    }
    app.turn(&game, 1, "").expect(201);
    app.get_with(
        &path,
        &[("Accept", "text/csv"), ("If-None-Match", &tags[1])],
    )
    .expect(200);
}

fn a_type_the_pad_cannot_be_given_as_is_406(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let before = app.row_counts();
    for accept in ["image/png", "application/xml, text/plain", "text/csv;q=0"] {
        let problem = pad_as(&app, &game, accept).expect_problem(406, "not_acceptable");
        let detail = problem["detail"].as_str().unwrap();
        assert!(
            detail.contains("application/json, text/csv or text/html"),
            "{detail}"
        );
    }
    assert_eq!(app.row_counts(), before);
    // No key: 401 before any talk of types.
    app.with_key(None)
        .get(&pad_path(&game))
        .expect_problem(401, "unauthorized");
}

fn a_card_games_csv_has_a_row_a_hand_with_running_totals(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({"game": "cards"}));
    let id = |seat: usize| game["players"][seat]["id"].clone();
    let hands = format!("{}/hands", game_path(&game));
    app.post(
        &hands,
        &json!({"went_out": id(0), "players": [
            {"player_id": id(0), "made": true},
            {"player_id": id(1), "made": false, "points": 50}]}),
    )
    .expect(201);
    app.post(
        &hands,
        &json!({"went_out": id(1), "players": [
            {"player_id": id(0), "made": false, "points": 55},
            {"player_id": id(1), "made": true}]}),
    )
    .expect(201);
    let csv = pad_as(&app, &game, "text/csv").expect(200).text;
    assert_eq!(
        csv,
        "\u{feff}Player,Ann Phase,Ann Made,Ann Points,Ann Total,Ann Went Out,\
         Bo Phase,Bo Made,Bo Points,Bo Total,Bo Went Out\r\n\
         Hand 1 (dealt by Ann),1,yes,0,0,yes,1,no,50,50,no\r\n\
         Hand 2 (dealt by Bo),2,no,55,55,no,1,yes,0,50,yes\r\n\
         Phases Done,1,,,,,1,,,,\r\n\
         Working On,Phase 2,,,,,Phase 2,,,,\r\n\
         Next Deal,deals,,,,,,,,,\r\n\
         Total Points,55,,,,,50,,,,\r\n\
         Winner,,,,,,,,,,\r\n"
    );
    let html = pad_as(&app, &game, "text/html").expect(200).text;
    assert_eq!(
        html_row(&html, "Hand 2"),
        [
            "2",
            "no",
            "55",
            "55",
            "1 <span class=\"dealer\" title=\"dealt this hand\">D</span>",
            "out",
            "0",
            "50"
        ]
    );
    assert!(html.contains("Standard edition · Phases played: 1 2 3 4 5 6 7 8 9 10"));
    assert!(html.contains("<td class=\"now\">deals</td>"));
    assert!(html.contains("<th scope=\"colgroup\" colspan=\"4\">Bo</th>"));
}

fn a_blank_pad_has_a_column_a_player_and_empty_cells(backend: Backend) {
    let app = spawn_app(backend);
    let open = app.with_key(None);
    for players in [1, 8] {
        let page = open
            .get(&format!("/pad/blank?players={players}"))
            .expect(200);
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert!(
            page.header("content-security-policy")
                .unwrap()
                .starts_with("default-src 'none'")
        );
        let html = page.text;
        assert_eq!(html.matches("<th scope=\"col\">Player ").count(), players);
        assert!(html.contains(&format!("<th scope=\"col\">Player {players}</th>")));
        assert_eq!(html_row(&html, "2 sets of 3"), vec![""; players]);
        assert_eq!(html_row(&html, "Grand Total"), vec![""; players]);
        assert!(html.contains("<th scope=\"row\">First Finish Bonus (+40)</th>"));
    }
    let cards = open.get("/pad/blank?players=3&game=cards").expect(200).text;
    assert!(cards.contains("<title>Phase 10 card game score pad (blank)</title>"));
    assert_eq!(html_row(&cards, "Hand 1"), vec![""; 12]);
    assert_eq!(html_row(&cards, "Total Points"), vec![""; 3]);
}

fn a_blank_pad_refuses_what_it_cannot_print(backend: Backend) {
    let app = spawn_app(backend);
    let open = app.with_key(None);
    for (query, status, code) in [
        ("", 400, "malformed_request"),
        ("?players=two", 400, "malformed_request"),
        ("?players=0", 422, "player_count"),
        ("?players=9", 422, "player_count"),
        ("?players=1&game=cards", 422, "player_count"),
        ("?players=7&game=cards", 422, "player_count"),
        ("?players=2&lang=not%20a%20tag", 400, "malformed_request"),
        ("?players=2&game=chess", 422, "invalid_value"),
        ("?players=2&colour=red", 400, "malformed_request"),
    ] {
        let problem = open
            .get(&format!("/pad/blank{query}"))
            .expect_problem(status, code);
        let detail = problem["detail"].as_str().unwrap();
        assert!(!detail.contains("BlankPadQuery"), "{detail}");
    }
}

crate::on_both_backends!(
    the_solitaire_649_game_as_csv_is_the_paper_pad_row_by_row,
    a_two_player_csv_marks_the_winner_and_quotes_and_neutralises_names,
    the_page_shows_each_number_in_its_row_and_column_and_escapes_names,
    each_representation_has_its_own_etag_and_json_stays_the_default,
    a_type_the_pad_cannot_be_given_as_is_406,
    a_card_games_csv_has_a_row_a_hand_with_running_totals,
    a_blank_pad_has_a_column_a_player_and_empty_cells,
    a_blank_pad_refuses_what_it_cannot_print,
);
