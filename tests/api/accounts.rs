//! Accounts and API keys.

use serde_json::json;

use crate::helpers::{Backend, game_path, spawn_app};

fn creating_an_account_returns_its_key_once(backend: Backend) {
    let app = spawn_app(backend);
    let reply = app
        .post("/v1/accounts", &json!({"name": "  Ann's table "}))
        .expect(201);
    let account = reply.json();
    let id = account["id"].as_str().unwrap();
    assert_eq!(
        reply.header("location"),
        None,
        "readable only with its own key"
    );
    assert_eq!(account["name"], "Ann's table");
    let key = account["api_key"].as_str().unwrap();
    assert!(key.starts_with("p10_") && key.len() == 68, "{key}");

    let me = app
        .with_key(Some(key))
        .get(&format!("/v1/accounts/{id}"))
        .expect(200)
        .json();
    assert_eq!(me["name"], "Ann's table");
    assert!(me.get("api_key").is_none(), "the key is shown only once");
}

fn a_missing_or_unknown_key_is_401(backend: Backend) {
    let mut app = spawn_app(backend);
    let key = app.sign_up("Ann");
    let game = app.new_game(&["Ann"], json!({}));
    let path = game_path(&game);
    let problem = app
        .with_key(None)
        .get(&path)
        .expect_problem(401, "unauthorized");
    assert!(problem["detail"].as_str().unwrap().contains("Bearer"));
    app.with_key(Some("p10_not-a-key"))
        .get(&path)
        .expect_problem(401, "unauthorized");
    app.with_key(Some(&key)).get(&path).expect(200);
    app.with_key(None)
        .get("/v1/games")
        .expect_problem(401, "unauthorized");
}

fn another_account_is_not_found(backend: Backend) {
    let mut app = spawn_app(backend);
    app.sign_up("Ann");
    let other = app
        .post("/v1/accounts", &json!({"name": "Bo"}))
        .expect(201)
        .json();
    app.get(&format!("/v1/accounts/{}", other["id"].as_str().unwrap()))
        .expect_problem(404, "not_found");
}

fn an_account_name_out_of_bounds_is_422(backend: Backend) {
    let app = spawn_app(backend);
    for name in ["", "   ", &"x".repeat(101)] {
        let problem = app
            .post("/v1/accounts", &json!({"name": name}))
            .expect_problem(422, "invalid_name");
        assert_eq!(problem["errors"][0]["field"], "name");
    }
    assert_eq!(app.row_counts()[0], 0);
}

crate::on_both_backends!(
    creating_an_account_returns_its_key_once,
    a_missing_or_unknown_key_is_401,
    another_account_is_not_found,
    an_account_name_out_of_bounds_is_422,
);
