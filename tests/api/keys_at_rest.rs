//! A stolen database holds no usable key: API keys are kept as hashes, and so are idempotency
//! keys, while the answer a retried account creation gets back (which holds its API key) is
//! sealed under the client's Idempotency-Key.

use diesel::prelude::*;
use serde_json::json;

use crate::helpers::{Backend, TestApp, spawn_app};

/// Everything the database holds, as text: for SQLite the file's bytes (and its write-ahead
/// log's), for PostgreSQL every row of every table of the test's database.
#[track_caller]
fn everything_stored(app: &TestApp, backend: Backend) -> String {
    match backend {
        Backend::Sqlite => ["", "-wal"]
            .iter()
            .filter_map(|suffix| std::fs::read(format!("{}{suffix}", app.database_url)).ok())
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .collect(),
        Backend::Postgres => {
            #[derive(QueryableByName)]
            struct Name {
                #[diesel(sql_type = diesel::sql_types::Text)]
                name: String,
            }
            #[derive(QueryableByName)]
            struct Row {
                #[diesel(sql_type = diesel::sql_types::Text)]
                row: String,
            }
            let mut conn = PgConnection::establish(&app.database_url).expect("PostgreSQL");
            let tables: Vec<Name> = diesel::sql_query(
                "SELECT table_name::text AS name FROM information_schema.tables \
                 WHERE table_schema = current_schema()",
            )
            .load(&mut conn)
            .expect("the tables");
            assert!(tables.iter().any(|t| t.name == "idempotency_keys"));
            tables
                .iter()
                .flat_map(|table| {
                    diesel::sql_query(format!(
                        "SELECT row_to_json(t)::text AS row FROM \"{}\" t",
                        table.name
                    ))
                    .load::<Row>(&mut conn)
                    .expect("the rows")
                })
                .map(|row| row.row + "\n")
                .collect()
        }
    }
}

fn no_api_key_is_kept_in_clear_and_a_retry_still_gets_it(backend: Backend) {
    let app = spawn_app(backend);
    let anonymous = app.with_key(None);
    let idempotency_key = "3f0b8d52-6c1e-4b7a-9d2f-0e5a1c7b9d44";
    let headers = [("Idempotency-Key", idempotency_key)];
    let body = json!({"name": "Kitchen table"});
    let created = anonymous
        .post_with("/v1/accounts", &body, &headers)
        .expect(201);
    let api_key = created.json()["api_key"].as_str().unwrap().to_string();
    assert_eq!(created.header("cache-control"), Some("no-store"));

    let stored = everything_stored(&app, backend);
    assert!(
        stored.contains("Kitchen table"),
        "the dump reads the database"
    );
    assert!(
        !stored.contains(&api_key),
        "the API key is in the database in clear"
    );
    let secret = api_key.trim_start_matches("p10_");
    assert!(
        !stored.contains(secret),
        "the API key's secret is in the database"
    );
    assert!(
        !stored.contains(idempotency_key),
        "the Idempotency-Key is in clear"
    );

    let retried = anonymous
        .post_with("/v1/accounts", &body, &headers)
        .expect(201);
    assert_eq!(retried.header("idempotent-replayed"), Some("true"));
    assert_eq!(retried.header("cache-control"), Some("no-store"));
    assert_eq!(retried.json()["api_key"], api_key.as_str());
    app.with_key(Some(&api_key))
        .get(&format!(
            "/v1/accounts/{}",
            created.json()["id"].as_str().unwrap()
        ))
        .expect(200);
}

fn an_account_is_created_with_a_key_long_enough_to_seal_its_answer(backend: Backend) {
    let app = spawn_app(backend);
    let anonymous = app.with_key(None);
    let before = app.row_counts();
    let problem = anonymous
        .post_with(
            "/v1/accounts",
            &json!({"name": "Ann"}),
            &[("Idempotency-Key", "retry-1")],
        )
        .expect_problem(422, "invalid_idempotency_key");
    assert!(problem["detail"].as_str().unwrap().contains("at least 16"));
    assert_eq!(app.row_counts(), before);
    anonymous
        .post_with(
            "/v1/accounts",
            &json!({"name": "Ann"}),
            &[("Idempotency-Key", "retry-1-sixteen!")],
        )
        .expect(201);
}

crate::on_both_backends!(
    no_api_key_is_kept_in_clear_and_a_retry_still_gets_it,
    an_account_is_created_with_a_key_long_enough_to_seal_its_answer,
);
