//! What `followGame` streams, described event by event.

use actix_web::mime;
use utoipa::openapi::schema::{
    AnyOfBuilder, KnownFormat, ObjectBuilder, Ref, Schema, SchemaFormat, Type,
};
use utoipa::openapi::{Content, OpenApi as Document, RefOr};

use super::operation_mut;
use crate::api::resources::events::EVENT_ID_PATTERN;
use crate::service::events::EventKind;
use crate::service::names::Stored;

/// A string carrying JSON that matches `schema` (`contentMediaType`, `contentSchema`).
fn json_text(schema: RefOr<Schema>) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .content_media_type(mime::APPLICATION_JSON.as_ref())
        .content_schema(Some(schema))
}

/// One kind of event of `followGame`, by the fields a client's SSE parser gives it: `event`
/// one of `kinds`, `data` JSON as `data` describes it, and `id` an event id (required or not).
fn event(
    title: &str,
    description: &str,
    kinds: &[EventKind],
    id_required: bool,
    data: ObjectBuilder,
) -> ObjectBuilder {
    let id = ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(EVENT_ID_PATTERN))
        .description(Some(if id_required {
            "The game's version after the change, as `Last-Event-ID` takes it back"
        } else {
            "Not sent with this event: an SSE client gives it the last id received before"
        }));
    let kind = ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(kinds.iter().map(|kind| kind.name())));
    let event = ObjectBuilder::new()
        .schema_type(Type::Object)
        .title(Some(title))
        .description(Some(description))
        .property("id", id)
        .property("event", kind)
        .property("data", data)
        .required("event")
        .required("data");
    if id_required {
        event.required("id")
    } else {
        event
    }
}

/// Describes what `followGame` streams, as schemathesis and OpenAPI 3.1 tools read a
/// `text/event-stream` schema: each event (not the whole stream, which has no end), by its
/// fields, with `data` the JSON of `EventData` (or, for `game_deleted`, `GameDeleted`); and the
/// `Last-Event-ID` the server accepts. (OpenAPI 3.2 would say it with `itemSchema`.)
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

    let changes: Vec<EventKind> = EventKind::ALL
        .iter()
        .copied()
        .filter(|kind| *kind != EventKind::GameDeleted)
        .collect();
    let event_data = || json_text(Ref::from_schema_name("EventData").into());
    let one_event = AnyOfBuilder::new()
        .description(Some(
            "One event of the stream, by its fields (`id`, `event`, `data`). Between events the \
             stream also sends `retry: 1000` (reconnect after a second) and, while idle, a \
             `: heartbeat` comment: neither is an event. The stream has no end unless the game \
             is deleted.",
        ))
        .item(event(
            "Change",
            "A change of the game, with the game's version after it as its `id`.",
            &changes,
            true,
            event_data(),
        ))
        .item(event(
            "Finishing turn or hand",
            "The `turn_scored` of the turn (in a card game, the `hand_recorded` of the hand) that \
             finished the game, sent just before its `game_finished` and without an `id` of its \
             own: the `game_finished` carries it, so a client cut off between the two gets both \
             again.",
            &[EventKind::TurnScored, EventKind::HandRecorded],
            false,
            event_data(),
        ))
        .item(event(
            "Deleted",
            "The game was deleted; the stream ends. No `id` of its own.",
            &[EventKind::GameDeleted],
            false,
            json_text(Ref::from_schema_name("GameDeleted").into()),
        ));
    let one_event = one_event.build();
    // A game's stream, by key or by a read-only link: the same events.
    for id in ["followGame", "followSharedGame"] {
        let Some(follow) = operation_mut(document, id) else {
            continue;
        };
        if let Some(RefOr::T(ok)) = follow.responses.responses.get_mut("200") {
            ok.content.insert(
                mime::TEXT_EVENT_STREAM.to_string(),
                RefOr::T(Content::new(Some(Schema::AnyOf(one_event.clone())))),
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
