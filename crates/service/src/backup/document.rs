//! An account as one JSON document (API.md "Offline clients and several devices"): its people,
//! and its games with every entry as it now stands and the log of the entries replaced. Ids and
//! times are kept, so that an import elsewhere is the same account's games and pads.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::dice::ShownDie;
use crate::names::{CardsKind, DiceKind, Mode};
use crate::record::{Entered, EntryKind, RecordedPlayer};
use crate::rolls::RolledDieView;
use crate::rules::cards::CardEdition;
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::Edition;
use crate::values::{AccountId, EntryNumber, GameId, GameVersion, PersonId, PlayerId};

/// What kind of document this is, and which shape of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum ExportFormat {
    #[serde(rename = "phase10-account/1")]
    V1,
}

/// An account's people and games, as `GET /v1/accounts/{account_id}/export` gives them and
/// `POST /v1/imports` takes them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AccountExport {
    /// `phase10-account/1`.
    pub format: ExportFormat,
    /// The account exported (its id is not carried over: an import goes into the caller's).
    pub account: ExportedAccount,
    pub exported_at: DateTime<Utc>,
    /// The roster, oldest first.
    pub people: Vec<ExportedPerson>,
    /// The games the account owns, oldest first. Seats other accounts played by invite are
    /// the owner's again once imported.
    pub games: Vec<ExportedGame>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedAccount {
    #[schema(value_type = String, format = Uuid)]
    pub id: AccountId,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedPerson {
    #[schema(value_type = String, format = Uuid)]
    pub id: PersonId,
    #[schema(value_type = crate::values::name_schemas::PlayerNameText)]
    pub name: String,
    pub created_at: DateTime<Utc>,
}

/// Which game, and how it is played.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ExportedRules {
    Dice(ExportedDiceRules),
    Cards(ExportedCardRules),
}

/// Read by its `game` first, so that what is wrong with the rest is said of the game it is
/// (serde's untagged enums only say that no shape matched).
impl<'de> Deserialize<'de> for ExportedRules {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(deserializer)?;
        match value.get("game").and_then(serde_json::Value::as_str) {
            Some("cards") => ExportedCardRules::deserialize(value).map(ExportedRules::Cards),
            _ => ExportedDiceRules::deserialize(value).map(ExportedRules::Dice),
        }
        .map_err(D::Error::custom)
    }
}

/// How a dice game is played.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedDiceRules {
    pub game: DiceKind,
    pub mode: Mode,
    pub edition: Edition,
    pub dice_layout: DiceLayout,
}

/// How a card game is played.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedCardRules {
    pub game: CardsKind,
    pub edition: CardEdition,
    pub phases: Vec<u8>,
    pub ten_hands: bool,
    /// The seat that dealt the first hand.
    pub first_dealer: usize,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedGame {
    #[schema(value_type = String, format = Uuid)]
    pub id: GameId,
    pub rules: ExportedRules,
    #[serde(default)]
    #[schema(value_type = Option<crate::values::name_schemas::GameNameText>)]
    pub name: Option<String>,
    /// The game's version (its ETag) as exported; an import keeps it.
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub rematch_of: Option<GameId>,
    /// In seat order.
    pub players: Vec<ExportedPlayer>,
    /// A dice game's turns, in order; none in a card game.
    #[serde(default)]
    pub turns: Vec<ExportedTurn>,
    /// A card game's hands, in order; none in a dice game.
    #[serde(default)]
    pub hands: Vec<ExportedHand>,
    /// Every replacement of an entry (RULES §9), oldest first.
    #[serde(default)]
    pub edits: Vec<ExportedEdit>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedPlayer {
    #[schema(value_type = String, format = Uuid)]
    pub id: PlayerId,
    /// One of the document's people.
    #[schema(value_type = String, format = Uuid)]
    pub person_id: PersonId,
    /// A digital game's high-die rolls for the order.
    #[serde(default)]
    pub order_rolls: Option<Vec<u8>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedTurn {
    #[schema(value_type = i32, minimum = 1)]
    pub number: EntryNumber,
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    pub dice: Vec<ShownDie>,
    /// A digital turn's rolls, first to last; none for a tabletop turn.
    #[serde(default)]
    pub rolls: Option<Vec<Vec<RolledDieView>>>,
    /// A digital turn still being rolled.
    #[serde(default)]
    pub rolling: bool,
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub created_at: DateTime<Utc>,
    /// How many times it was replaced.
    #[serde(default)]
    pub edited: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedHand {
    #[schema(value_type = i32, minimum = 1)]
    pub number: EntryNumber,
    #[schema(value_type = String, format = Uuid)]
    pub went_out: PlayerId,
    /// None for a tie-break hand.
    #[serde(default)]
    pub players: Option<Vec<RecordedPlayer>>,
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub created_at: DateTime<Utc>,
    #[serde(default)]
    pub edited: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedEdit {
    /// The game's version the replacement made.
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub entry: EntryKind,
    #[schema(value_type = i32, minimum = 1)]
    pub number: EntryNumber,
    pub created_at: DateTime<Utc>,
    pub before: Entered,
    pub after: Entered,
}
