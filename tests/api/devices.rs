//! An account's devices (API.md "Offline clients and several devices"): a key per device,
//! named, listed and deleted (the last one kept), and pairing a new device by a single-use code
//! that lasts ten minutes; both backends.

use chrono::TimeDelta;
use diesel::prelude::*;
use serde_json::{Value, json};

use crate::helpers::schema::{api_keys, pairings};
use crate::helpers::{Backend, TestApp, spawn_app, spawn_app_with};

/// A new account: its id and its first key.
fn open_account(app: &TestApp, name: &str) -> (String, String) {
    let made = app
        .with_key(None)
        .post("/v1/accounts", &json!({"name": name}))
        .expect(201)
        .json();
    let text = |field: &str| made[field].as_str().expect(field).to_string();
    (text("id"), text("api_key"))
}

fn keys(app: &TestApp, key: &str, account: &str) -> Vec<Value> {
    app.with_key(Some(key))
        .get(&format!("/v1/accounts/{account}/keys"))
        .expect(200)
        .json()["items"]
        .as_array()
        .expect("items")
        .clone()
}

fn names(listed: &[Value]) -> Vec<&str> {
    listed.iter().map(|k| k["name"].as_str().unwrap()).collect()
}

fn a_key_per_device_listed_and_deleted(backend: Backend) {
    let app = spawn_app(backend);
    let (account, first) = open_account(&app, "Ann's table");
    let listed = keys(&app, &first, &account);
    assert_eq!(names(&listed), ["First device"]);
    assert_eq!(
        listed[0]["id"], account,
        "the first key has the account's id"
    );
    assert_eq!(listed[0]["current"], true);
    assert!(listed[0]["last_used_at"].is_string(), "{listed:?}");

    app.clock.advance(TimeDelta::seconds(1));
    let made = app
        .with_key(Some(&first))
        .post(
            &format!("/v1/accounts/{account}/keys"),
            &json!({"name": "Bo's phone"}),
        )
        .expect(201);
    assert_eq!(made.header("cache-control"), Some("no-store"));
    let made = made.json();
    let fields: Vec<&String> = made.as_object().unwrap().keys().collect();
    assert_eq!(fields, ["api_key", "created_at", "id", "name"]);
    let second = made["api_key"].as_str().unwrap().to_string();
    // Both work, on the same account; the list says which one asks.
    let listed = keys(&app, &second, &account);
    assert_eq!(names(&listed), ["First device", "Bo's phone"]);
    assert_eq!(
        (&listed[0]["current"], &listed[1]["current"]),
        (&json!(false), &json!(true))
    );
    assert!(listed[1].get("api_key").is_none());
    // Only hashes are kept.
    let stored: Vec<String> = api_keys::table
        .select(api_keys::key_hash)
        .load(&mut app.connection())
        .unwrap();
    assert!(
        !stored.iter().any(|h| h == &second || h == &first),
        "{stored:?}"
    );

    // Deleting the first: refused from then on; the last one cannot go.
    let first_path = format!("/v1/accounts/{account}/keys/{account}");
    app.with_key(Some(&second)).delete(&first_path).expect(204);
    app.with_key(Some(&first))
        .get("/v1/games")
        .expect_problem(401, "unauthorized");
    app.with_key(Some(&second))
        .delete(&first_path)
        .expect_problem(404, "not_found");
    let second_id = made["id"].as_str().unwrap();
    let problem = app
        .with_key(Some(&second))
        .delete(&format!("/v1/accounts/{account}/keys/{second_id}"))
        .expect_problem(409, "last_key");
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("pair another device"),
        "{problem}"
    );
    app.with_key(Some(&second)).get("/v1/games").expect(200);
}

fn keys_of_another_account_are_not_found(backend: Backend) {
    let app = spawn_app(backend);
    let (ann, ann_key) = open_account(&app, "Ann's table");
    let (bo, bo_key) = open_account(&app, "Bo's table");
    let as_bo = app.with_key(Some(&bo_key));
    as_bo
        .get(&format!("/v1/accounts/{ann}/keys"))
        .expect_problem(404, "not_found");
    as_bo
        .post(
            &format!("/v1/accounts/{ann}/keys"),
            &json!({"name": "mine"}),
        )
        .expect_problem(404, "not_found");
    as_bo
        .delete(&format!("/v1/accounts/{bo}/keys/{ann}"))
        .expect_problem(404, "not_found");
    as_bo
        .post(&format!("/v1/accounts/{ann}/pairings"), &json!({}))
        .expect_problem(404, "not_found");
    as_bo
        .post(&format!("/v1/accounts/{bo}/keys"), &json!({"name": " "}))
        .expect_problem(422, "invalid_name");
    assert_eq!(keys(&app, &ann_key, &ann).len(), 1, "nothing changed");
}

fn a_device_is_paired_by_a_single_use_code(backend: Backend) {
    let app = spawn_app(backend);
    let (account, first) = open_account(&app, "Ann's table");
    let pairing = app
        .with_key(Some(&first))
        .post(&format!("/v1/accounts/{account}/pairings"), &json!({}))
        .expect(201);
    assert_eq!(pairing.header("cache-control"), Some("no-store"));
    let pairing = pairing.json();
    let code = pairing["code"].as_str().unwrap().to_string();
    let url = pairing["url"].as_str().unwrap();
    assert!(
        url.starts_with("http") && url.ends_with(&format!("/#/pair/{code}")),
        "{url}"
    );
    let stored: Vec<String> = pairings::table
        .select(pairings::code_hash)
        .load(&mut app.connection())
        .unwrap();
    assert!(!stored.iter().any(|h| h.contains(&code.replace('-', ""))));

    app.clock.advance(TimeDelta::seconds(1));
    // The new device sends the code, without a key, typed loosely.
    let typed = code.to_lowercase().replacen('-', "%20", 1);
    let paired = app
        .with_key(None)
        .post(
            &format!("/v1/pairings/{typed}"),
            &json!({"name": "Bo's phone"}),
        )
        .expect(201)
        .json();
    assert_eq!(paired["account_id"], account);
    let key = paired["api_key"].as_str().unwrap();
    let listed = keys(&app, key, &account);
    assert_eq!(names(&listed), ["First device", "Bo's phone"]);
    assert_eq!(listed[1]["id"], paired["key_id"]);
    // Once only.
    app.with_key(None)
        .post(
            &format!("/v1/pairings/{code}"),
            &json!({"name": "Cy's phone"}),
        )
        .expect_problem(404, "not_found");

    // Ten minutes, not one more.
    let late = app
        .with_key(Some(&first))
        .post(&format!("/v1/accounts/{account}/pairings"), &json!({}))
        .expect(201)
        .json();
    app.clock.advance(TimeDelta::minutes(10));
    app.with_key(None)
        .post(
            &format!("/v1/pairings/{}", late["code"].as_str().unwrap()),
            &json!({"name": "Cy's phone"}),
        )
        .expect_problem(404, "not_found");
    app.with_key(None)
        .post("/v1/pairings/NOT-A-CODE", &json!({"name": "Cy's phone"}))
        .expect_problem(404, "not_found");
    assert_eq!(keys(&app, &first, &account).len(), 2);
}

fn pairing_is_limited_per_address(backend: Backend) {
    let app = spawn_app_with(backend, &["--rate-limit-accounts=2"]);
    let guess = |n: usize| {
        app.with_key(None).post(
            &format!("/v1/pairings/AAAAA-AAAAA-AAAAA-AAAA{n}"),
            &json!({"name": "guess"}),
        )
    };
    guess(0).expect_problem(404, "not_found");
    guess(1).expect_problem(404, "not_found");
    let refused = guess(2);
    assert!(refused.header("retry-after").is_some());
    refused.expect_problem(429, "rate_limited");
}

crate::on_both_backends!(
    a_key_per_device_listed_and_deleted,
    keys_of_another_account_are_not_found,
    a_device_is_paired_by_a_single_use_code,
    pairing_is_limited_per_address,
);
