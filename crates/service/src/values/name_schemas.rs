//! The names of the API (a player's, a game's, an account's or a device's) as the OpenAPI
//! document describes them: strings with the patterns a client can check before it sends
//! (`names` has the whole rule, which the server checks).

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::{PartialSchema, ToSchema};

/// What a name may be, as a JSON Schema pattern: no control, reordering, invisible or format
/// character of the Basic Multilingual Plane, and something visible (`values::names::checked`
/// has the whole rule). The format characters beyond it (U+110BD, U+110CD, U+13430–U+1343F,
/// U+1BCA0–U+1BCA3, U+1D173–U+1D17A, the tags U+E0000–U+E0FFF) are refused by the server
/// alone: inside a character class they need the `u` flag of a JavaScript regular expression,
/// which JSON Schema validators in JavaScript (and so React Native apps and Spectral) do not
/// set, and there they fail to compile.
const NAME_PATTERN: &str = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb]*[^\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\u2800][^\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb]*$";

/// A name of up to `most` characters, as the document describes it.
fn name_schema(most: usize, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .min_length(Some(1))
        .max_length(Some(most))
        .pattern(Some(NAME_PATTERN))
        .into()
}

/// A player's (and a person's) name, as the document describes it.
pub struct PlayerNameText;

impl PartialSchema for PlayerNameText {
    fn schema() -> RefOr<Schema> {
        name_schema(
            40,
            "A player's name: 1 to 40 characters, with something visible, and no control, \
             invisible or formatting characters (see `NewPlayer.name`).",
        )
    }
}

impl ToSchema for PlayerNameText {}

/// A game's label, as the document describes it.
pub struct GameNameText;

impl PartialSchema for GameNameText {
    fn schema() -> RefOr<Schema> {
        name_schema(
            80,
            "A game's label: 1 to 80 characters, with the rules of a player's name.",
        )
    }
}

impl ToSchema for GameNameText {}

/// What an account's name (or a device's) may be, as a JSON Schema pattern: no control or
/// reordering characters, and something visible (not white space as Rust's `trim` has it, nor a
/// default-ignorable character of the BMP).
const ACCOUNT_NAME_PATTERN: &str = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069 \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u2060-\\u206f\\u2800\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufff8][^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*$";

/// An account's name (and a device's), as the document describes it.
pub struct AccountNameText;

impl PartialSchema for AccountNameText {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "A name of 1 to 100 characters, with something visible, and no control or bidi \
                 override characters.",
            ))
            .min_length(Some(1))
            .max_length(Some(100))
            .pattern(Some(ACCOUNT_NAME_PATTERN))
            .into()
    }
}

impl ToSchema for AccountNameText {}
