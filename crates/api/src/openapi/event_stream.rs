//! What `followGame` streams, described event by event.

use actix_web::mime;
use utoipa::openapi::schema::{
    AnyOfBuilder, KnownFormat, ObjectBuilder, Ref, Schema, SchemaFormat, Type,
};
use utoipa::openapi::{Content, OpenApi as Document, RefOr};

use super::operation_mut;
use crate::resources::events::EVENT_ID_PATTERN;

/// A string carrying JSON that matches `schema` (`contentMediaType`, `contentSchema`).
fn json_text(schema: RefOr<Schema>) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .content_media_type(mime::APPLICATION_JSON.as_ref())
        .content_schema(Some(schema))
}

/// One event of `followGame`, by the fields a client's SSE parser gives it: the named component
/// `GameEvent`, so that a generated client has a type to read each event into.
fn game_event() -> ObjectBuilder {
    let id = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(EVENT_ID_PATTERN))
        .description(Some(
            "The game's version after the change, as `Last-Event-ID` takes it back. Not sent \
             with the `turn_scored` (or `hand_recorded`) that finishes a game, which comes just \
             before its `game_finished` and shares its id, nor with `game_deleted`: an SSE \
             client keeps the last id it received.",
        ));
    let data = json_text(RefOr::T(Schema::AnyOf(
        AnyOfBuilder::new()
            .item(Ref::from_schema_name("EventData"))
            .item(Ref::from_schema_name("GameDeleted"))
            .build(),
    )))
    .description(Some(
        "JSON: an `EventData` (the game as the change left it), or for `game_deleted` a \
         `GameDeleted`.",
    ));
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(
            "One event of a game's stream, by its fields (`id`, `event`, `data`). Between events \
             the stream also sends `retry: 1000` (reconnect after a second) and, while idle, a \
             `: heartbeat` comment: neither is an event. The stream has no end unless the game \
             is deleted (`game_deleted` is its last event).",
        ))
        .property("id", id)
        .property("event", Ref::from_schema_name("EventKind"))
        .property("data", data)
        .required("event")
        .required("data")
}

/// Describes what `followGame` streams, as schemathesis and OpenAPI 3.1 tools read a
/// `text/event-stream` schema: each event (not the whole stream, which has no end) as the
/// component `GameEvent`, its `data` the JSON of `EventData` (or, for `game_deleted`,
/// `GameDeleted`); and the `Last-Event-ID` the server accepts. (OpenAPI 3.2 would say it with
/// `itemSchema`.)
pub(super) fn describe_events(document: &mut Document) {
    let deleted = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(
            "The `data` of `game_deleted`, the last event of a stream: the game that is gone.",
        ))
        .property(
            "game_id",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Uuid))),
        )
        .required("game_id");
    let components = document.components.get_or_insert_with(Default::default);
    components
        .schemas
        .insert("GameDeleted".into(), RefOr::T(deleted.into()));
    components
        .schemas
        .insert("GameEvent".into(), RefOr::T(game_event().into()));
    // A game's stream, by key or by a read-only link: the same events.
    for id in ["followGame", "followSharedGame"] {
        let Some(follow) = operation_mut(document, id) else {
            continue;
        };
        if let Some(RefOr::T(ok)) = follow.responses.responses.get_mut("200") {
            ok.content.insert(
                mime::TEXT_EVENT_STREAM.to_string(),
                RefOr::T(Content::new(Some(Ref::from_schema_name("GameEvent")))),
            );
        }
        for parameter in follow.parameters.iter_mut().flatten() {
            if let RefOr::T(parameter) = parameter
                && parameter.name == "Last-Event-ID"
                && let Some(RefOr::T(Schema::Object(schema))) = &mut parameter.schema
            {
                schema.pattern = Some(EVENT_ID_PATTERN.into());
            }
        }
    }
}
