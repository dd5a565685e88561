//! Each test's own database, in the state of one migrated once, so that no test pays for
//! running every migration.
//!
//! The template of each backend is named after the migrations it holds, so that it is built
//! once and then reused by every test process and every run, and built again when a migration
//! changes. The server still migrates when it starts, and finds nothing to apply.
//!
//! SQLite: a migrated file under cargo's temporary directory for tests, copied into a new file
//! for each test and deleted afterwards.
//!
//! PostgreSQL, in the cluster `TEST_DATABASE_URL` names (default
//! `postgres://postgres@127.0.0.1:5432/test`): the template is a database built under an
//! advisory lock in the database that URL names. A test takes a free *slot*, a copy of the
//! template (`CREATE DATABASE … TEMPLATE`) that it holds with an advisory lock while it runs,
//! emptied of the rows an earlier test left. Slots are kept, not dropped: PostgreSQL
//! checkpoints the whole cluster on every `DROP DATABASE`, which made a database per test
//! slower than the migrations it saves.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use clap::Parser;
use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use phase10::config::Config;

use super::Backend;

/// A connection to either database, for the tests that look behind the API.
#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgres(PgConnection),
    Sqlite(SqliteConnection),
}

/// A test's database, thrown away (or given back) with it.
pub enum Scratch {
    Sqlite(PathBuf),
    /// A slot, held by the connection that holds its lock until the test ends (never used
    /// otherwise; in a mutex only so that the app can be shared between a test's threads).
    Postgres {
        _holder: Mutex<PgConnection>,
    },
}

impl Scratch {
    /// A new database holding every migration, and its URL.
    pub fn new(backend: Backend) -> (Scratch, String) {
        // before this process's first connection to PostgreSQL, as the server does
        phase10::service::database::prepare_for_postgres();
        match backend {
            Backend::Sqlite => {
                let id = uuid::Uuid::new_v4().simple().to_string();
                let path = std::env::temp_dir().join(format!("phase10-test-{id}.sqlite"));
                std::fs::copy(sqlite_template(), &path).unwrap_or_else(|e| {
                    panic!("copying the SQLite template to {}: {e}", path.display())
                });
                let url = path.display().to_string();
                (Scratch::Sqlite(path), url)
            }
            Backend::Postgres => {
                let mut admin = admin_connection();
                let name = take_slot(&mut admin);
                let url = with_database(&postgres_base_url(), &name);
                let _holder = Mutex::new(admin);
                (Scratch::Postgres { _holder }, url)
            }
        }
    }

    /// A connection of its own to the database at `url` (this one, or a way to it).
    pub fn connect(&self, url: &str) -> DbConnection {
        match self {
            Scratch::Sqlite(_) => {
                let mut conn = SqliteConnection::establish(url)
                    .unwrap_or_else(|e| panic!("opening {url}: {e}"));
                // As the server's own connections: writers wait for each other.
                conn.batch_execute("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;")
                    .expect("SQLite settings");
                DbConnection::Sqlite(conn)
            }
            Scratch::Postgres { .. } => DbConnection::Postgres(
                PgConnection::establish(url).unwrap_or_else(|e| panic!("connecting to {url}: {e}")),
            ),
        }
    }
}

/// A copy of a test's database as it was when made: a standby that stopped replaying its
/// primary there. Thrown away with it.
pub enum Frozen {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Scratch {
    /// A copy of the database at `url` as it is now, and its URL. On PostgreSQL nobody may be
    /// connected to it meanwhile (a copy is made from a template): connections left are ended.
    pub fn frozen_copy(&self, url: &str) -> (Frozen, String) {
        let id = uuid::Uuid::new_v4().simple().to_string();
        match self {
            Scratch::Sqlite(_) => {
                let path = std::env::temp_dir().join(format!("phase10-standby-{id}.sqlite"));
                let DbConnection::Sqlite(mut conn) = self.connect(url) else {
                    unreachable!("a SQLite scratch connects to SQLite")
                };
                conn.batch_execute(&format!("VACUUM INTO '{}'", path.display()))
                    .expect("a copy of the database");
                let copy = path.display().to_string();
                (Frozen::Sqlite(path), copy)
            }
            Scratch::Postgres { .. } => {
                let (name, copy) = (database_name(url), format!("standby_{id}"));
                let mut admin = admin_connection();
                run(
                    &mut admin,
                    &format!(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                         WHERE datname = '{name}' AND pid <> pg_backend_pid()"
                    ),
                );
                run(
                    &mut admin,
                    &format!("CREATE DATABASE {copy} TEMPLATE {name}"),
                );
                let copy_url = with_database(url, &copy);
                (Frozen::Postgres(copy), copy_url)
            }
        }
    }
}

impl Drop for Frozen {
    fn drop(&mut self) {
        match self {
            Frozen::Sqlite(path) => {
                let _ = std::fs::remove_file(path);
            }
            Frozen::Postgres(name) => {
                let statement = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                let _ = diesel::sql_query(statement).execute(&mut admin_connection());
            }
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // A PostgreSQL slot is given back as its holder closes: the next test to take it
        // empties it.
        if let Scratch::Sqlite(path) = self {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
    }
}

fn postgres_base_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// A connection to the database `TEST_DATABASE_URL` names; without one the test fails.
fn admin_connection() -> PgConnection {
    let url = postgres_base_url();
    PgConnection::establish(&url)
        .unwrap_or_else(|e| panic!("PostgreSQL is needed for these tests ({url}): {e}"))
}

#[track_caller]
fn run(conn: &mut PgConnection, statement: &str) {
    if let Err(e) = diesel::sql_query(statement).execute(conn) {
        panic!("{statement}: {e}");
    }
}

/// The database a PostgreSQL URL names (`test` in `postgres://host:5432/test?…`).
fn database_name(url: &str) -> String {
    let (head, _) = url.split_once('?').unwrap_or((url, ""));
    let after_scheme = head.find("://").map_or(0, |i| i + 3);
    match head[after_scheme..].split_once('/') {
        Some((_, name)) if !name.is_empty() => name.to_string(),
        _ => "test".to_string(),
    }
}

/// `url` naming the database `name` instead, with its parameters kept.
fn with_database(url: &str, name: &str) -> String {
    let (head, query) = match url.find('?') {
        Some(at) => url.split_at(at),
        None => (url, ""),
    };
    let after_scheme = head.find("://").map_or(0, |i| i + 3);
    let host = match head[after_scheme..].find('/') {
        Some(slash) => &head[..after_scheme + slash],
        None => head,
    };
    format!("{host}/{name}{query}")
}

/// FNV-1a: a hash that does not change with the toolchain, so that names made from it last.
pub fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// What a backend's migrations hold: each file's path and bytes, in the order of their paths.
fn migrations_hash(backend: &str) -> u64 {
    fn files(dir: &Path, found: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("reading the migrations in {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                files(&path, found);
            } else {
                found.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/service/migrations")
        .join(backend);
    let mut found = Vec::new();
    files(&root, &mut found);
    found.sort();
    found.iter().fold(FNV_START, |hash, path| {
        let relative = path.strip_prefix(&root).unwrap_or(path);
        let bytes = std::fs::read(path)
            .unwrap_or_else(|e| panic!("reading the migration {}: {e}", path.display()));
        fnv1a(fnv1a(hash, relative.to_string_lossy().as_bytes()), &bytes)
    })
}

/// Runs every migration on the database at `url`, as the server does when it starts.
fn migrate(url: &str) {
    let config = Config::try_parse_from(["phase10", &format!("--database-url={url}")])
        .expect("valid settings");
    let pool = phase10::server::migrated_pool(&config)
        .unwrap_or_else(|e| panic!("migrating the template {url}: {e}"));
    // Closes its connections: nobody may be connected to a database being copied.
    drop(pool);
}

/// The PostgreSQL template: its name, and the prefix of its slots' names.
struct Template {
    name: String,
    slots: String,
}

/// The PostgreSQL template, built if this run is the first with these migrations.
fn postgres_template() -> &'static Template {
    static TEMPLATE: OnceLock<Template> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let base = postgres_base_url();
        let hash = migrations_hash("postgres");
        let template = format!("{}_template_{hash:016x}", database_name(&base));
        let mut admin = admin_connection();
        // Test binaries (and nextest's tests) run at once: one builds, the others wait for it.
        let lock = lock_key(&template);
        diesel::sql_query("SELECT pg_advisory_lock($1)")
            .bind::<BigInt, _>(lock)
            .execute(&mut admin)
            .expect("the template's lock");
        if !database_exists(&mut admin, &template) {
            // Built under another name and renamed once whole, so that a build killed halfway
            // leaves no template behind, only a `_building` database the next build replaces.
            let building = format!("{template}_building");
            run(
                &mut admin,
                &format!("DROP DATABASE IF EXISTS \"{building}\" WITH (FORCE)"),
            );
            run(&mut admin, &format!("CREATE DATABASE \"{building}\""));
            migrate(&with_database(&base, &building));
            run(
                &mut admin,
                &format!("ALTER DATABASE \"{building}\" RENAME TO \"{template}\""),
            );
            drop_other_slots(&mut admin, &database_name(&base), hash);
        }
        diesel::sql_query("SELECT pg_advisory_unlock($1)")
            .bind::<BigInt, _>(lock)
            .execute(&mut admin)
            .expect("the template's lock let go");
        Template {
            name: template,
            slots: slot_prefix(&database_name(&base), hash),
        }
    })
}

/// What the names of the slots of these migrations start with.
fn slot_prefix(base_name: &str, hash: u64) -> String {
    format!("{base_name}_{hash:016x}_")
}

/// A database's or a table's name, as a query reads it.
#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

/// Drops the slots of other migrations, but for those a test holds: when the migrations
/// change, the slots of the old ones are of no more use.
fn drop_other_slots(admin: &mut PgConnection, base_name: &str, hash: u64) {
    let escaped: String = base_name
        .chars()
        .flat_map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                vec![c]
            } else {
                vec!['\\', c]
            }
        })
        .collect();
    let slots: Vec<Name> =
        diesel::sql_query("SELECT datname::text AS name FROM pg_database WHERE datname ~ $1")
            .bind::<Text, _>(format!("^{escaped}_[0-9a-f]{{16}}_[0-9]+$"))
            .load(admin)
            .expect("the list of databases");
    let ours = slot_prefix(base_name, hash);
    for Name { name } in slots {
        if !name.starts_with(&ours) && try_lock(admin, &name) {
            run(
                admin,
                &format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"),
            );
            diesel::sql_query("SELECT pg_advisory_unlock($1)")
                .bind::<BigInt, _>(lock_key(&name))
                .execute(admin)
                .expect("the slot's lock let go");
        }
    }
}

/// Takes the lock of the database `name` for as long as `admin` is open, unless another
/// connection holds it.
fn try_lock(admin: &mut PgConnection, name: &str) -> bool {
    #[derive(QueryableByName)]
    struct Taken {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        taken: bool,
    }
    diesel::sql_query("SELECT pg_try_advisory_lock($1) AS taken")
        .bind::<BigInt, _>(lock_key(name))
        .get_result::<Taken>(admin)
        .expect("a database's lock")
        .taken
}

/// The advisory lock that stands for a database's name.
fn lock_key(name: &str) -> i64 {
    i64::from_ne_bytes(fnv1a(FNV_START, name.as_bytes()).to_ne_bytes())
}

/// Takes the first slot no other test holds, and holds it as long as `admin` is open: a copy
/// of the template as it was made, or emptied of what the last test there left.
fn take_slot(admin: &mut PgConnection) -> String {
    let template = postgres_template();
    // Far more than tests run at once, even under nextest.
    for slot in 0..1000 {
        let name = format!("{}{slot}", template.slots);
        if !try_lock(admin, &name) {
            continue;
        }
        if database_exists(admin, &name) {
            // What the last test there left running (a server process, a listener): it must
            // not write into this test's rows.
            diesel::sql_query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE datname = $1 AND pid <> pg_backend_pid()",
            )
            .bind::<Text, _>(&name)
            .execute(admin)
            .expect("the slot's last connections closed");
            empty(&with_database(&postgres_base_url(), &name));
        } else {
            run(
                admin,
                &format!("CREATE DATABASE \"{name}\" TEMPLATE \"{}\"", template.name),
            );
        }
        return name;
    }
    panic!("no free slot among 1000 test databases");
}

/// Deletes every row but the migrations', children before their parents: a copy of the
/// template holds none. (`TRUNCATE` makes new files for every table: a quarter of a second
/// here, against milliseconds for deleting the few rows a test leaves.)
fn empty(url: &str) {
    let mut conn =
        PgConnection::establish(url).unwrap_or_else(|e| panic!("connecting to {url}: {e}"));
    let statements: String = deletion_order(&mut conn)
        .iter()
        .map(|table| format!("DELETE FROM \"{table}\";"))
        .collect();
    conn.batch_execute(&statements)
        .unwrap_or_else(|e| panic!("emptying {url}: {e}"));
}

/// The tables, each after every table that references it.
fn deletion_order(conn: &mut PgConnection) -> Vec<String> {
    #[derive(QueryableByName)]
    struct Reference {
        #[diesel(sql_type = Text)]
        child: String,
        #[diesel(sql_type = Text)]
        parent: String,
    }
    let mut left: Vec<String> = diesel::sql_query(
        "SELECT tablename::text AS name FROM pg_tables \
         WHERE schemaname = current_schema() AND tablename <> '__diesel_schema_migrations' \
         ORDER BY tablename",
    )
    .load::<Name>(conn)
    .expect("the tables")
    .into_iter()
    .map(|t| t.name)
    .collect();
    let references: Vec<Reference> = diesel::sql_query(
        "SELECT child.relname::text AS child, parent.relname::text AS parent \
         FROM pg_constraint c \
         JOIN pg_class child ON child.oid = c.conrelid \
         JOIN pg_class parent ON parent.oid = c.confrelid \
         WHERE c.contype = 'f' AND child.relnamespace = current_schema()::regnamespace",
    )
    .load(conn)
    .expect("the foreign keys");
    let mut order = Vec::new();
    while !left.is_empty() {
        let referenced = |table: &String| {
            references
                .iter()
                .any(|r| &r.parent == table && &r.child != table && left.contains(&r.child))
        };
        let Some(at) = left.iter().position(|t| !referenced(t)) else {
            panic!("the tables reference each other in a cycle: {left:?}");
        };
        order.push(left.remove(at));
    }
    order
}

fn database_exists(conn: &mut PgConnection, name: &str) -> bool {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        count: i64,
    }
    diesel::sql_query("SELECT count(*) AS count FROM pg_database WHERE datname = $1")
        .bind::<Text, _>(name)
        .get_result::<Count>(conn)
        .expect("the list of databases")
        .count
        > 0
}

/// The migrated SQLite file each test copies, built if this run is the first with these
/// migrations.
fn sqlite_template() -> &'static Path {
    static TEMPLATE: OnceLock<PathBuf> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let hash = migrations_hash("sqlite");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let template = dir.join(format!("sqlite-template-{hash:016x}.sqlite"));
        if !template.exists() {
            let id = uuid::Uuid::new_v4().simple().to_string();
            let building = dir.join(format!("sqlite-template-{hash:016x}-{id}.building"));
            let url = building.display().to_string();
            migrate(&url);
            // Out of write-ahead logging: the whole database in the one file that is copied.
            let mut conn = SqliteConnection::establish(&url)
                .unwrap_or_else(|e| panic!("opening the SQLite template {url}: {e}"));
            conn.batch_execute("PRAGMA journal_mode = DELETE")
                .expect("the SQLite template in one file");
            drop(conn);
            // Atomic: other processes see no template or a whole one (if two build at once,
            // the later replaces the same content).
            std::fs::rename(&building, &template).unwrap_or_else(|e| {
                panic!("naming the SQLite template {}: {e}", template.display())
            });
        }
        template
    })
}

#[test]
fn a_test_database_is_named_after_the_one_test_database_url_names() {
    let url = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable";
    assert_eq!(database_name(url), "test");
    assert_eq!(
        with_database(url, "test_0123"),
        "postgres://postgres@127.0.0.1:5432/test_0123?sslmode=disable"
    );
    assert_eq!(database_name("postgres://127.0.0.1"), "test");
    assert_eq!(
        with_database("postgres://127.0.0.1", "test_0123"),
        "postgres://127.0.0.1/test_0123"
    );
}
