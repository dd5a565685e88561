//! A die as clients send it and as turns store it: `{"value": 1..10 | "W", "color": …}`.
//!
//! Reading one checks its value: a number outside 1–10 or a string other than "W" is an
//! *invalid value* (the request breaks a rule), while a value of the wrong type is *malformed*.

use std::fmt;

use serde::de::{self, Unexpected, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::error::{Error, ProblemCode, Result};
use crate::rules::dice::{Color, Die, Face, NotRollable, Number, Roll};
use crate::rules::{GroupKind, Phase, phases};

/// What a die shows: a number from 1 to 10, or "W" for a wild.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DieValue(pub Face);

impl Serialize for DieValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Face::Number(n) => serializer.serialize_u8(n.get()),
            Face::Wild => serializer.serialize_str("W"),
        }
    }
}

const EXPECTED_VALUE: &str = "a number from 1 to 10, or \"W\"";

struct DieValueVisitor;

impl Visitor<'_> for DieValueVisitor {
    type Value = DieValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTED_VALUE)
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<DieValue, E> {
        u8::try_from(value)
            .ok()
            .and_then(Number::new)
            .map(|n| DieValue(Face::Number(n)))
            .ok_or_else(|| E::invalid_value(Unexpected::Unsigned(value), &EXPECTED_VALUE))
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<DieValue, E> {
        match u64::try_from(value) {
            Ok(value) => self.visit_u64(value),
            Err(_) => Err(E::invalid_value(Unexpected::Signed(value), &EXPECTED_VALUE)),
        }
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<DieValue, E> {
        if value == "W" {
            Ok(DieValue(Face::Wild))
        } else {
            Err(E::invalid_value(Unexpected::Str(value), &EXPECTED_VALUE))
        }
    }
}

impl<'de> Deserialize<'de> for DieValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<DieValue, D::Error> {
        deserializer.deserialize_any(DieValueVisitor)
    }
}

impl PartialSchema for DieValue {
    fn schema() -> RefOr<Schema> {
        let number = ObjectBuilder::new()
            .schema_type(Type::Integer)
            .minimum(Some(1))
            .maximum(Some(10));
        OneOfBuilder::new()
            .item(number)
            .item(Ref::from_schema_name("Wild"))
            .description(Some("A number from 1 to 10, or \"W\" for a wild."))
            .into()
    }
}

impl ToSchema for DieValue {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push(("Wild".into(), Wild::schema()));
    }
}

/// The face of a wild die.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Wild {
    W,
}

/// A die as shown by a player. The color may be left out, except for phase 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = Die)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"value": 8, "color": "orange"}))]
pub struct ShownDie {
    pub value: DieValue,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Color>,
}

impl From<ShownDie> for Die {
    fn from(shown: ShownDie) -> Die {
        Die::new(shown.value.0, shown.color)
    }
}

impl From<Die> for ShownDie {
    fn from(die: Die) -> ShownDie {
        ShownDie {
            value: DieValue(die.face),
            color: die.color,
        }
    }
}

/// The phase a request names in its `phase` field, or 422 `invalid_phase`.
pub fn numbered_phase(phase: u8) -> Result<&'static Phase> {
    phases::numbered(phase).ok_or_else(|| {
        Error::invalid_field(
            ProblemCode::InvalidPhase,
            "phase",
            format!("there is no phase {phase}: phases are 1 to 10"),
        )
    })
}

/// Checks shown dice for a phase as far as they go without the layout: the phase exists, there
/// are at most ten dice, and every die has its colour when the phase is made of one colour.
/// Whether they could have been rolled is the rules' own check (`NotRollable`).
pub fn shown_roll(phase: u8, dice: &[ShownDie]) -> Result<(&'static Phase, Roll)> {
    let rules = numbered_phase(phase)?;
    if rules.groups.iter().any(|g| g.kind == GroupKind::Color)
        && let Some(i) = dice.iter().position(|d| d.color.is_none())
    {
        return Err(Error::invalid_field(
            ProblemCode::ColorRequired,
            format!("dice[{i}].color"),
            format!("phase {phase} is made of one color: every die needs its color"),
        ));
    }
    let roll = Roll::new(dice.iter().copied().map(Die::from).collect())
        .map_err(|e| Error::invalid_field(ProblemCode::NotRollable, "dice", e.to_string()))?;
    Ok((rules, roll))
}

/// Dice that cannot have been rolled, as the field error that names the die.
pub fn not_rollable(error: NotRollable) -> Error {
    Error::invalid_field(
        ProblemCode::NotRollable,
        format!("dice[{}]", error.index()),
        format!("these dice cannot have been rolled: {error}"),
    )
}
