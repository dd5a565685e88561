//! The OpenAPI 3.1 document, generated from the handlers and types, served at `/openapi.json`
//! and committed at `openapi/openapi.json`; and the interactive docs at `/docs`.

use std::sync::LazyLock;

use actix_web::{App, HttpResponse, get, mime};
use utoipa::openapi::Required;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{Operation, ParameterBuilder, ParameterIn};
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::schema::{ObjectBuilder, Ref, Schema, SchemaType, Type};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::server::Server;
use utoipa::openapi::{Content, OpenApi as Document, RefOr};
use utoipa::{Modify, OpenApi, PartialSchema};
use utoipa_actix_web::AppExt;

pub mod declared;
mod event_stream;
mod links;
mod rate_limits;

use crate::http::negotiate::PROBLEM_JSON;
use crate::http::problem::{Problem, ProblemField};
use crate::routes;
use crate::service::events::EventKind;
use crate::service::idempotency::{MAX_KEY, MIN_SEALING_KEY};
use crate::views::events::EventData;
use declared::{Declared, ROUTES, TakesKey};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Phase 10 scorekeeper",
        description = "Scoresheets for Phase 10 Dice and the Phase 10 card game. Tabletop dice \
                       games record the dice each player ended a turn with; the server checks they \
                       could have been rolled, scores the best way they make the player's phase, \
                       gives the bonuses and runs the end of the game. Digital games are rolled by \
                       the server. Card games record each hand: who went out, who laid down their \
                       phase, what each player still holds; the server checks it against the rules \
                       and keeps the pad. Both games use the same ten phases. Every game can be \
                       followed live as server-sent events. Every error is \
                       application/problem+json with a stable `code`, its messages in English \
                       whatever the request's language. The pages and exports people read (the \
                       pads, the blank pads, the live page, the CSV) are in English or Spanish: \
                       `lang` first, then `Accept-Language`.",
        contact(name = "The Phase 10 scorekeeper's maintainers"),
        license(name = "MIT", identifier = "MIT")
    ),
    // EventData is the JSON of an event's `data` line (`GameEvent`): no operation names it as
    // a body.
    components(schemas(Problem, ProblemField, EventData, EventKind)),
    modifiers(&BearerKeys),
    tags(
        (name = "accounts", description = "Accounts and their API keys"),
        (name = "rules", description = "The phases, judging dice without a game, and the best play of a turn"),
        (name = "games", description = "Games and their score pads"),
        (name = "people", description = "The people who play at the account's tables: the roster, their games and figures, the leaderboard"),
        (name = "turns", description = "Turns of a dice game"),
        (name = "hands", description = "Hands of a card game"),
        (name = "pad", description = "The score pad for people: printable pages"),
        (name = "invites", description = "Invites to play a seat of a game from another account"),
        (name = "devices", description = "An account's devices: a key for each, and pairing a new one by a single-use code"),
        (name = "backup", description = "An account as one JSON document: exported, and imported into this server or another"),
        (name = "service", description = "Health of the service"),
    )
)]
struct BaseDocument;

struct BearerKeys;

impl Modify for BearerKeys {
    fn modify(&self, document: &mut Document) {
        let components = document.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "api_key",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// The problems any operation can answer, declared or not: too many connections from its
/// address (before any route is known), its headers too large, or a fault.
const ANY_OPERATION: [u16; 3] = [429, 431, 500];

/// The problem responses, by status: component name and when it happens.
const PROBLEMS: [(u16, &str, &str); 15] = [
    (
        400,
        "BadRequest",
        "The body or a parameter is malformed (bad JSON, wrong type, unknown field)",
    ),
    (401, "Unauthorized", "Missing or unknown API key"),
    (
        403,
        "Forbidden",
        "The caller may see the game but not do this: only its owner may, or another account \
         plays the seat",
    ),
    (
        404,
        "NotFound",
        "No such resource, or one the caller may not see",
    ),
    (
        409,
        "Conflict",
        "The request conflicts with the game's state, or one with the same Idempotency-Key is \
         still in flight (then with `Retry-After`)",
    ),
    (
        406,
        "NotAcceptable",
        "None of the media types Accept names can be given; the detail lists those that can",
    ),
    (410, "Gone", "The invite has expired or has been used"),
    (
        412,
        "PreconditionFailed",
        "If-Match names a version the game no longer has",
    ),
    (413, "PayloadTooLarge", "The body is larger than the limit"),
    (
        415,
        "UnsupportedMediaType",
        "The body is not application/json",
    ),
    (
        422,
        "UnprocessableContent",
        "Well-formed, but breaks a rule; `errors` names the fields",
    ),
    (
        429,
        "TooManyRequests",
        "Too many requests from this API key or address (a rate limit, with `RateLimit` and \
         `RateLimit-Policy`), too many connections from this address, or too many event \
         streams open; retry after `Retry-After` seconds",
    ),
    (
        431,
        "HeadersTooLarge",
        "The request's headers are larger than the limit",
    ),
    (500, "InternalError", "Something went wrong on the server"),
    (
        503,
        "ServiceUnavailable",
        "The database is unreachable; retry after `Retry-After` seconds",
    ),
];

fn problem_response(status: u16, description: &str) -> Response {
    let mut response = ResponseBuilder::new().description(description).content(
        PROBLEM_JSON.as_ref(),
        Content::new(Some(Ref::from_schema_name("Problem"))),
    );
    if status == 503 || status == 429 {
        response = response.header(
            "Retry-After",
            utoipa::openapi::header::Header::new(u32::schema()),
        );
    }
    response.build()
}

/// Adds the shared problem responses, and each operation's references to them.
fn add_problems(document: &mut Document) {
    let components = document.components.get_or_insert_with(Default::default);
    for (status, name, description) in PROBLEMS {
        components.responses.insert(
            name.to_string(),
            RefOr::T(problem_response(status, description)),
        );
    }
    for operation in operations_mut(document) {
        let declared = Declared::or_strictest(operation);
        for status in declared.problems.iter().chain(&ANY_OPERATION) {
            if let Some((_, name, _)) = PROBLEMS.iter().find(|(s, _, _)| s == status) {
                operation.responses.responses.insert(
                    status.to_string(),
                    RefOr::Ref(Ref::from_response_name(*name)),
                );
            }
        }
    }
}

/// Every operation of the document.
pub(super) fn operations_mut(document: &mut Document) -> impl Iterator<Item = &mut Operation> {
    document.paths.paths.values_mut().flat_map(|item| {
        [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
            &mut item.patch,
        ]
        .into_iter()
        .flatten()
    })
}

/// A header is text or absent, never null: utoipa makes an optional header's schema nullable.
fn headers_are_text(document: &mut Document) {
    for operation in operations_mut(document) {
        for parameter in operation.parameters.iter_mut().flatten() {
            if let RefOr::T(parameter) = parameter
                && parameter.parameter_in == ParameterIn::Header
                && let Some(RefOr::T(Schema::Object(schema))) = &mut parameter.schema
            {
                schema.schema_type = SchemaType::Type(Type::String);
            }
        }
    }
}

/// The whole document.
pub fn document() -> Document {
    let (_, mut document) = App::new()
        .into_utoipa_app()
        .openapi(BaseDocument::openapi())
        .configure(routes)
        .split_for_parts();
    document.info.version = env!("CARGO_PKG_VERSION").to_string();
    add_problems(&mut document);
    add_idempotency_keys(&mut document);
    event_stream::describe_events(&mut document);
    links::add_links(&mut document);
    rate_limits::add_rate_limit_fields(&mut document);
    headers_are_text(&mut document);
    add_server_and_open_operations(&mut document);
    document
}

/// The one server: `/`, a URL relative to where the document was fetched (OpenAPI 3.1 resolves
/// it against the document's own URL), so the document served by any host, on any port, behind
/// any proxy that keeps the paths, names that host. The paths begin with `/v1`.
///
/// Every operation says whether it needs an API key: an open one (no key) says so with an
/// empty `security`, rather than by leaving the field out.
fn add_server_and_open_operations(document: &mut Document) {
    document.servers = Some(vec![Server::new("/")]);
    for operation in operations_mut(document) {
        operation.security.get_or_insert_with(Vec::new);
    }
}

/// An operation's success answers (2xx) written in place, those a header can be added to.
pub(super) fn successes_mut(operation: &mut Operation) -> impl Iterator<Item = &mut Response> {
    operation
        .responses
        .responses
        .iter_mut()
        .filter_map(|(status, response)| match response {
            RefOr::T(response) if status.starts_with('2') => Some(response),
            _ => None,
        })
}

/// The operation with this id.
pub(super) fn operation_mut<'a>(document: &'a mut Document, id: &str) -> Option<&'a mut Operation> {
    operations_mut(document).find(|operation| operation.operation_id.as_deref() == Some(id))
}

/// Documents `Idempotency-Key` on every operation that declares it takes one, and
/// `Idempotent-Replayed` on its answers.
fn add_idempotency_keys(document: &mut Document) {
    let key = ParameterBuilder::new()
        .name("Idempotency-Key")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(
            "A fresh key (such as a UUID) per request that may be retried: a retry with the same \
             key and the same request gets the first answer again, without acting twice. The same \
             key with another request is refused (422); while the first is still in flight, \
             409. Keys are kept per account (per client address for account creation) for 24 hours.",
        ))
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(MAX_KEY))
                .pattern(Some("^[!-~]+$")),
        ))
        .build();
    let replayed = HeaderBuilder::new()
        .schema(Some(bool::schema()))
        .description(Some(
            "`true` when this answers a retry from what was stored",
        ))
        .build();
    // An answer that holds a secret (a new account's API key) is sealed under the key while it
    // is kept.
    let mut sealing_key = key.clone();
    sealing_key.description = Some(format!(
        "{} Here at least {MIN_SEALING_KEY} characters: the answer kept for a retry holds the new \
         API key, sealed under this key (only its hash is stored).",
        sealing_key.description.unwrap_or_default()
    ));
    if let Some(RefOr::T(Schema::Object(schema))) = sealing_key.schema.as_mut() {
        schema.min_length = Some(MIN_SEALING_KEY);
    }
    for operation in operations_mut(document) {
        let key = match Declared::or_strictest(operation).idempotency_key {
            TakesKey::None => continue,
            TakesKey::Optional => &key,
            TakesKey::Sealing => &sealing_key,
        };
        operation
            .parameters
            .get_or_insert_with(Vec::new)
            .push(RefOr::T(key.clone()));
        for response in successes_mut(operation) {
            response
                .headers
                .insert("Idempotent-Replayed".into(), RefOr::T(replayed.clone()));
        }
    }
}

/// The document, built once.
static DOCUMENT: LazyLock<Document> = LazyLock::new(document);

/// The document as served.
fn served() -> &'static Document {
    &DOCUMENT
}

/// The methods the document has for `path` (`GET, DELETE`), if it is one of its paths.
pub fn allowed_methods(path: &str) -> Option<&'static str> {
    ROUTES.allowed_methods(path)
}

/// The document as committed at `openapi/openapi.json`: pretty JSON with a final newline.
pub fn document_json() -> String {
    let mut json = DOCUMENT
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    json.push('\n');
    json
}

/// The OpenAPI document
#[get("/openapi.json")]
pub async fn openapi_json(json: actix_web::web::Data<OpenApiJson>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(mime::APPLICATION_JSON)
        .body(json.0.clone())
}

/// The rendered document, made once at start-up (and shared, not copied, by every answer).
pub struct OpenApiJson(pub actix_web::web::Bytes);

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;
    use crate::resources::events::EVENT_ID_PATTERN;

    /// The document as JSON, with `$ref`s followed by `resolve`.
    fn json() -> Value {
        serde_json::to_value(document()).unwrap()
    }

    fn resolve<'a>(document: &'a Value, mut value: &'a Value) -> &'a Value {
        while let Some(Value::String(reference)) = value.get("$ref") {
            let pointer = reference.strip_prefix('#').expect("a local $ref");
            value = document
                .pointer(pointer)
                .unwrap_or_else(|| panic!("{reference}"));
        }
        value
    }

    /// Every operation: its id, its path template and its JSON.
    fn operations(document: &Value) -> Vec<(String, String, &Value)> {
        let mut found = Vec::new();
        for (path, item) in document["paths"].as_object().unwrap() {
            for operation in item.as_object().unwrap().values() {
                if let Some(id) = operation["operationId"].as_str() {
                    found.push((id.to_string(), path.clone(), operation));
                }
            }
        }
        found
    }

    fn operation<'a>(document: &'a Value, id: &str) -> &'a Value {
        operations(document)
            .into_iter()
            .find(|(found, _, _)| found == id)
            .unwrap_or_else(|| panic!("no operation {id}"))
            .2
    }

    /// Whether the schema has the property this JSON pointer names (an array index goes into
    /// `items`; a `oneOf`/`anyOf` has it if one of its schemas has).
    fn has_pointer(document: &Value, schema: &Value, pointer: &[&str]) -> bool {
        let schema = resolve(document, schema);
        let Some((first, rest)) = pointer.split_first() else {
            return true;
        };
        let alternatives = ["oneOf", "anyOf", "allOf"]
            .iter()
            .filter_map(|key| schema[key].as_array())
            .flatten();
        for alternative in alternatives {
            if has_pointer(document, alternative, pointer) {
                return true;
            }
        }
        if first.parse::<usize>().is_ok() && schema.get("items").is_some() {
            return has_pointer(document, &schema["items"], rest);
        }
        match schema["properties"].get(*first) {
            Some(property) => has_pointer(document, property, rest),
            None => false,
        }
    }

    /// Checks a link's runtime expression against the operation and answer it starts from.
    fn check_expression(document: &Value, path: &str, response: &Value, expression: &str) {
        if let Some(name) = expression.strip_prefix("$request.path.") {
            assert!(
                path.contains(&format!("{{{name}}}")),
                "{expression} in {path}"
            );
        } else if let Some(name) = expression.strip_prefix("$response.header.") {
            assert!(
                response["headers"].get(name).is_some(),
                "{expression}: not a header of the answer"
            );
        } else if let Some(pointer) = expression.strip_prefix("$response.body#/") {
            let schema = &response["content"]["application/json"]["schema"];
            let parts: Vec<&str> = pointer.split('/').collect();
            assert!(has_pointer(document, schema, &parts), "{expression}");
        } else {
            panic!("an expression the links do not use: {expression}");
        }
    }

    #[test]
    fn every_link_names_an_operation_its_parameters_and_values_that_exist() {
        let document = json();
        let mut links = Vec::new();
        for (from, path, source) in operations(&document) {
            for (status, response) in source["responses"].as_object().unwrap() {
                let response = resolve(&document, response);
                let Some(found) = response["links"].as_object() else {
                    continue;
                };
                for (name, link) in found {
                    let to = link["operationId"].as_str().expect("links name operations");
                    let target = operation(&document, to);
                    let parameters: Vec<&str> = target["parameters"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|parameter| parameter["name"].as_str().unwrap())
                        .collect();
                    for (parameter, expression) in link["parameters"].as_object().unwrap() {
                        assert!(
                            parameters.contains(&parameter.as_str()),
                            "{to}: {parameter}"
                        );
                        check_expression(&document, &path, response, expression.as_str().unwrap());
                    }
                    assert!(
                        link.get("requestBody").is_none(),
                        "{name}: a link's requestBody is a literal or one expression"
                    );
                    if let Some(body) = link.get(links::REQUEST_BODY) {
                        let schema =
                            &target["requestBody"]["content"]["application/json"]["schema"];
                        for (field, expression) in body["fields"].as_object().unwrap() {
                            assert!(has_pointer(&document, schema, &[field]), "{to}: {field}");
                            check_expression(
                                &document,
                                &path,
                                response,
                                expression.as_str().unwrap(),
                            );
                        }
                    }
                    links.push((from.clone(), status.clone(), name.clone(), to.to_string()));
                }
            }
        }
        // The workflow: a new game leads to its turns, invites, events, score pad and deletion;
        // a new turn to its rolls, its score, its undo and itself.
        for (from, status, to) in [
            ("createGame", "201", "getGame"),
            ("createGame", "201", "recordTurn"),
            ("createGame", "201", "listTurns"),
            ("createGame", "201", "createInvite"),
            ("createGame", "201", "followGame"),
            ("createGame", "201", "getScoresheet"),
            ("createGame", "201", "deleteGame"),
            ("recordTurn", "201", "rollDice"),
            ("recordTurn", "201", "scoreTurn"),
            ("recordTurn", "201", "undoTurn"),
            ("recordTurn", "201", "getTurn"),
            ("createGame", "201", "recordHand"),
            ("createGame", "201", "listHands"),
            ("recordHand", "201", "getHand"),
            ("recordHand", "201", "undoHand"),
            ("recordTurn", "201", "replaceTurn"),
            ("recordHand", "201", "replaceHand"),
            ("createGame", "201", "listEdits"),
        ] {
            assert!(
                links
                    .iter()
                    .any(|l| (l.0.as_str(), l.1.as_str(), l.3.as_str()) == (from, status, to)),
                "no link {from} {status} -> {to}: {links:?}"
            );
        }
    }

    #[test]
    fn the_event_stream_is_described_by_a_named_event() {
        let document = json();
        for id in ["followGame", "followSharedGame"] {
            let follow = operation(&document, id);
            let schema = &follow["responses"]["200"]["content"]["text/event-stream"]["schema"];
            assert_eq!(schema["$ref"], "#/components/schemas/GameEvent", "{id}");
        }
        let event = &document["components"]["schemas"]["GameEvent"];
        assert_eq!(event["type"], "object", "{event}");
        assert_eq!(event["required"], serde_json::json!(["event", "data"]));
        let properties = &event["properties"];
        assert_eq!(properties["id"]["pattern"], EVENT_ID_PATTERN);
        assert_eq!(
            properties["event"]["$ref"],
            "#/components/schemas/EventKind"
        );
        let data = &properties["data"];
        assert_eq!(data["type"], "string");
        assert_eq!(data["contentMediaType"], "application/json");
        let contents: Vec<&str> = data["contentSchema"]["anyOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|content| content["$ref"].as_str().unwrap())
            .collect();
        assert_eq!(
            contents,
            [
                "#/components/schemas/EventData",
                "#/components/schemas/GameDeleted"
            ]
        );
        use crate::service::names::Stored;
        let documented: Vec<&str> = document["components"]["schemas"]["EventKind"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|kind| kind.as_str().unwrap())
            .collect();
        let every: Vec<&str> = EventKind::ALL.iter().map(|kind| kind.name()).collect();
        assert_eq!(documented, every);
        let deleted = &document["components"]["schemas"]["GameDeleted"];
        assert_eq!(deleted["required"], serde_json::json!(["game_id"]));
    }

    /// Whether a property's schema admits null (`"type": [.., "null"]` or a `oneOf` with null).
    fn nullable(property: &Value) -> bool {
        let null = Value::from("null");
        let in_type = property["type"]
            .as_array()
            .is_some_and(|t| t.contains(&null));
        let in_one_of = property["oneOf"]
            .as_array()
            .is_some_and(|alternatives| alternatives.iter().any(|a| a["type"] == null));
        in_type || in_one_of
    }

    #[test]
    fn fields_always_sent_are_required_even_when_null() {
        let document = json();
        let schemas = &document["components"]["schemas"];
        for (schema, property) in [
            ("DiceGame", "current_player_id"),
            ("DiceGame", "turn_in_play"),
            ("CardGame", "current_player_id"),
            ("CardPlayer", "phase"),
            ("CardScoresheetLine", "phase"),
            ("PhaseScore", "score"),
            ("GamePage", "next_cursor"),
            ("TurnPage", "next_cursor"),
            ("HandPage", "next_cursor"),
        ] {
            let required = schemas[schema]["required"].as_array().unwrap();
            assert!(required.contains(&property.into()), "{schema}.{property}");
            let described = &schemas[schema]["properties"][property];
            assert!(nullable(described), "{schema}.{property}: {described}");
        }
        // Sent or left out, never null.
        for (schema, property) in [
            ("EventData", "turn"),
            ("EventData", "hand"),
            ("Player", "order_rolls"),
            ("GroupDie", "color"),
            ("GroupDie", "stands_for"),
            ("HandPlayer", "cards"),
            ("HandPlayer", "laid_down"),
            ("LaidCard", "color"),
            ("LaidCard", "stands_for"),
            ("Turn", "rolls"),
            ("Turn", "rolls_left"),
            ("TurnDie", "color"),
            ("TurnDie", "die"),
        ] {
            let required = schemas[schema]["required"].as_array().unwrap();
            assert!(!required.contains(&property.into()), "{schema}.{property}");
            let described = &schemas[schema]["properties"][property];
            assert!(!nullable(described), "{schema}.{property}: {described}");
        }
        // A die the server rolled always shows its color: required, and never null.
        let rolled = &schemas["RolledDie"];
        assert!(
            rolled["required"]
                .as_array()
                .unwrap()
                .contains(&"color".into())
        );
        let color = &rolled["properties"]["color"];
        assert!(!nullable(color), "{color}");
        assert_eq!(
            resolve(&document, color)["enum"].as_array().unwrap().len(),
            4
        );
        // A die sent in a request may leave its color out.
        let die = &schemas["Die"];
        assert!(
            !die["required"]
                .as_array()
                .unwrap()
                .contains(&"color".into())
        );
    }

    /// A reference to a part the document does not have breaks every SDK generator.
    #[test]
    fn every_reference_names_a_part_of_the_document() {
        fn refs<'a>(value: &'a serde_json::Value, found: &mut Vec<&'a str>) {
            match value {
                serde_json::Value::Object(fields) => {
                    if let Some(serde_json::Value::String(target)) = fields.get("$ref") {
                        found.push(target);
                    }
                    fields.values().for_each(|v| refs(v, found));
                }
                serde_json::Value::Array(items) => items.iter().for_each(|v| refs(v, found)),
                _ => {}
            }
        }
        let document = json();
        let mut found = Vec::new();
        refs(&document, &mut found);
        let missing: Vec<&&str> = found
            .iter()
            .filter(|target| {
                let path = target.trim_start_matches("#/");
                path.split('/')
                    .fold(&document, |at, part| &at[part])
                    .is_null()
            })
            .collect();
        assert!(missing.is_empty(), "{missing:?}");
    }

    #[test]
    fn a_problem_code_is_one_of_the_codes_the_server_has() {
        let document = json();
        let code = &document["components"]["schemas"]["Problem"]["properties"]["code"];
        let listed = resolve(&document, code)["enum"].as_array().unwrap().clone();
        let every = serde_json::to_value(crate::error::ProblemCode::schema()).unwrap();
        assert_eq!(listed, every["enum"].as_array().unwrap().clone());
        assert!(listed.contains(&"not_your_turn".into()));
    }

    #[test]
    fn the_server_is_where_the_document_came_from_and_open_operations_say_so() {
        let document = json();
        assert_eq!(document["servers"], serde_json::json!([{"url": "/"}]));
        let mut open = Vec::new();
        for (id, _, operation) in operations(&document) {
            let security = operation["security"]
                .as_array()
                .unwrap_or_else(|| panic!("{id} says nothing of keys"));
            if security.is_empty() {
                open.push(id);
            } else {
                assert_eq!(security, &[serde_json::json!({"api_key": []})], "{id}");
            }
        }
        open.sort();
        let expected = [
            "adviseTurn",
            "createAccount",
            "evaluateDice",
            "followSharedGame",
            "getBlankPad",
            "getLivePadScript",
            "getSharedPad",
            "getSharedPadTable",
            "getSolitaire",
            "healthz",
            "listPhases",
            "pairDevice",
            "readyz",
        ];
        assert_eq!(open, expected);
    }

    #[test]
    fn every_operation_declares_its_problems_key_rate_limit_and_secret_path() {
        use declared::{DECLARED, RateClass};

        let document = document();
        let mut wrong = Vec::new();
        for (path, _, operation) in declared::operations(&document) {
            let id = operation.operation_id.clone().unwrap_or_default();
            let others: Vec<&String> = operation
                .extensions
                .iter()
                .flat_map(|extensions| extensions.keys())
                .filter(|name| *name != DECLARED)
                .collect();
            if !others.is_empty() {
                wrong.push(format!("{id}: extensions besides {DECLARED}: {others:?}"));
            }
            let declared = match Declared::of(operation) {
                Ok(declared) => declared,
                Err(lacks) => {
                    wrong.push(format!("{id}: {lacks}"));
                    continue;
                }
            };
            let answers = |status: u16| declared.problems.contains(&status);
            for status in &declared.problems {
                if !PROBLEMS.iter().any(|(known, _, _)| known == status) {
                    wrong.push(format!("{id}: {status} is no problem response"));
                }
            }
            if declared.rate_limit != RateClass::None && !answers(429) {
                wrong.push(format!("{id}: rate-limited without 429"));
            }
            if declared.idempotency_key != TakesKey::None && !(answers(409) && answers(422)) {
                wrong.push(format!("{id}: takes a key without 409 and 422"));
            }
            if declared.secret_path && !path.contains('{') {
                wrong.push(format!("{id}: a secret path without a parameter"));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn the_advisor_and_evaluation_have_a_rate_limit_of_their_own() {
        use declared::RateClass;

        let document = document();
        let mut advice: Vec<String> = declared::operations(&document)
            .filter(|(_, _, operation)| {
                Declared::or_strictest(operation).rate_limit == RateClass::Advice
            })
            .filter_map(|(_, _, operation)| operation.operation_id.clone())
            .collect();
        advice.sort();
        assert_eq!(
            advice,
            [
                "adviseDigitalTurn",
                "adviseTurn",
                "evaluateDice",
                "reviewGame"
            ]
        );
        let json = json();
        let declared = |id| operation(&json, id)["x-declared"].clone();
        assert_eq!(declared("adviseTurn")["rate_limit"], "advice");
        assert_eq!(declared("createAccount")["rate_limit"], "accounts");
        assert_eq!(declared("acceptInvite")["secret_path"], true);
    }

    /// `uniqueItems` makes a set of an array in Swift, Kotlin and TypeScript generated clients,
    /// and a Swift set has no order: a game's seats would be scrambled. Every array the API
    /// takes either has an order (seats) or is checked for repeats by the server (a 422 naming
    /// the repeat), never by the schema.
    #[test]
    fn no_array_is_a_set() {
        let document = serde_json::to_string(&document()).unwrap();
        assert!(!document.contains("uniqueItems"));
    }
}
