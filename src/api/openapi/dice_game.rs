//! `game` in the bodies of a dice game (`CreateDiceGame`, `EvaluateDice`): optional, `dice` or
//! null, and written as the pattern property `^game$` rather than as a property.
//!
//! The same JSON Schema either way, and validators read it alike; but generators and linters do
//! not, and this way each gets it right:
//! - `CreateGame` and `EvaluateRequest` are `oneOf` a dice shape and a card shape. The card shape
//!   requires `game`; the dice shape, which refuses unknown fields, does not declare it as a
//!   property, so the two plainly exclude each other (Redocly's
//!   `no-illogical-composition-keywords` asks a required property to tell `oneOf` branches
//!   apart, or a discriminator, whose property every branch must require).
//! - Generated clients have no `game` on their dice models, so they never send it: OpenAPI
//!   Generator's Python sends an unset optional that is nullable as null, and its TypeScript
//!   tells the branches of a `oneOf` apart by which required fields an object has, so a dice
//!   game with `game: "dice"` set went out as a card game. A client that writes `game` by hand
//!   is still read as the document says (left out or null: `dice`).
//!
//! utoipa's object schema has no `patternProperties`; its extensions are written as the
//! object's own fields, so the keyword goes there.

use serde_json::json;
use utoipa::openapi::{OpenApi as Document, RefOr, Schema};

/// The bodies of a dice game that take `game`.
const DICE_BODIES: [&str; 2] = ["CreateDiceGame", "EvaluateDice"];

/// Adds `game` to the dice bodies as a pattern property.
pub(super) fn add_dice_game(document: &mut Document) {
    let game = json!({
        "^game$": {
            "description": "`dice`, the default, or null (also `dice`).",
            "oneOf": [{"$ref": "#/components/schemas/DiceKind"}, {"type": "null"}]
        }
    });
    let Some(components) = document.components.as_mut() else {
        return;
    };
    for name in DICE_BODIES {
        if let Some(RefOr::T(Schema::Object(body))) = components.schemas.get_mut(name) {
            body.extensions
                .get_or_insert_with(Default::default)
                .insert("patternProperties".into(), game.clone());
        }
    }
}
