//! Conditional requests: ETags from the game's version, 304 on reads, 412 on stale writes.

use serde_json::json;

use crate::helpers::{Backend, TestApp, spawn_app};

#[track_caller]
fn two_players(backend: Backend) -> (TestApp, serde_json::Value, String) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let game = app.new_game(&["Ann", "Bo"], json!({}));
    let id = game["id"].as_str().unwrap().to_string();
    (app, game, id)
}

fn reads_carry_the_games_version_as_etag_and_answer_304_when_unchanged(backend: Backend) {
    let (app, game, id) = two_players(backend);
    for path in [
        format!("/v1/games/{id}"),
        format!("/v1/games/{id}/scoresheet"),
    ] {
        let first = app.get(&path).expect(200);
        assert_eq!(first.header("etag"), Some("\"1\""));
        let again = app
            .get_with(&path, &[("If-None-Match", "\"1\"")])
            .expect(304);
        assert!(again.text.is_empty());
        assert_eq!(again.header("etag"), Some("\"1\""));
        app.get_with(&path, &[("If-None-Match", "W/\"1\", \"7\"")])
            .expect(304);
        app.get_with(&path, &[("If-None-Match", "*")]).expect(304);
    }
    let turn = app.turn(&game, 0, "8 8 8 10 W W").expect(201);
    assert_eq!(turn.header("etag"), Some("\"2\""));
    let changed = app
        .get_with(&format!("/v1/games/{id}"), &[("If-None-Match", "\"1\"")])
        .expect(200);
    assert_eq!(changed.header("etag"), Some("\"2\""));
    let path = format!("/v1/games/{id}/turns/1");
    app.get_with(&path, &[("If-None-Match", "\"2\"")])
        .expect(304);
}

fn a_write_with_a_stale_if_match_is_412_and_changes_nothing(backend: Backend) {
    let (app, game, id) = two_players(backend);
    let body = json!({"player_id": game["players"][0]["id"], "dice": []});
    let turns = format!("/v1/games/{id}/turns");
    app.post_with(&turns, &body, &[("If-Match", "\"1\"")])
        .expect(201);
    let before = app.row_counts();
    let bo = json!({"player_id": game["players"][1]["id"], "dice": []});
    let problem = app
        .post_with(&turns, &bo, &[("If-Match", "\"1\"")])
        .expect_problem(412, "precondition_failed");
    assert!(problem["detail"].as_str().unwrap().contains("version 2"));
    // If-Match compares strongly: a weak tag never matches.
    app.post_with(&turns, &bo, &[("If-Match", "W/\"2\"")])
        .expect_problem(412, "precondition_failed");
    assert_eq!(app.row_counts(), before);
    app.post_with(&turns, &bo, &[("If-Match", "\"7\", \"2\"")])
        .expect(201);

    app.delete_with(&format!("{turns}/2"), &[("If-Match", "\"2\"")])
        .expect_problem(412, "precondition_failed");
    let undone = app
        .delete_with(&format!("{turns}/2"), &[("If-Match", "\"3\"")])
        .expect(200);
    assert_eq!(undone.header("etag"), Some("\"4\""));

    app.delete_with(&format!("/v1/games/{id}"), &[("If-Match", "\"3\"")])
        .expect_problem(412, "precondition_failed");
    app.get(&format!("/v1/games/{id}")).expect(200);
    app.delete_with(&format!("/v1/games/{id}"), &[("If-Match", "*")])
        .expect(204);
}

crate::on_both_backends!(
    reads_carry_the_games_version_as_etag_and_answer_304_when_unchanged,
    a_write_with_a_stale_if_match_is_412_and_changes_nothing,
);
