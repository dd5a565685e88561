//! The record of a game, typed: the game with its settings, its players, its turns (dice) or
//! hands (cards), its claimed seats and its log of changes. The store reads and writes these,
//! parsing every column where it reads it (closed sets as enums, JSON as the types it holds);
//! a game's state is replayed from them (`replay`), and nothing above the store parses a column.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::ToSchema;

use super::dice::ShownDie;
use super::names::{GameKind, Mode, Stored};
use super::rolls::RolledDieView;
use crate::error::{Error, ProblemCode, Result};
use crate::rules::cards::{Card, CardEdition, CardRules, CardStatus};
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, Status};
use crate::values::{
    AccountId, EntryNumber, GameId, GameName, GameVersion, PersonId, PlayerId, PlayerName,
};

/// A game, as its row keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub id: GameId,
    pub account_id: AccountId,
    /// Which game, and how it is played.
    pub rules: GameRules,
    /// The status of the game's latest event (a cache, to list games by status: the database
    /// copies it from the event, with a trigger).
    pub status: GameStatus,
    pub version: GameVersion,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// A label for the game, if it was given one.
    pub name: Option<GameName>,
    /// The seat that deals a card game's first hand (RULES §10); 0 in a dice game.
    pub first_dealer: usize,
    /// The game this one is a rematch of, if it is one.
    pub rematch_of: Option<GameId>,
}

/// Which game is played, with its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameRules {
    Dice(DiceRules),
    Cards(CardRules),
}

/// How a game of Phase 10 Dice is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceRules {
    pub mode: Mode,
    pub edition: Edition,
    pub layout: DiceLayout,
}

impl Game {
    pub fn kind(&self) -> GameKind {
        match self.rules {
            GameRules::Dice(_) => GameKind::Dice,
            GameRules::Cards(_) => GameKind::Cards,
        }
    }

    pub fn is_cards(&self) -> bool {
        self.kind() == GameKind::Cards
    }
}

/// A game's status as its row and its events keep it, whichever the game: the dice game's
/// statuses and the card game's, by their wire names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameStatus {
    InProgress,
    LastRound,
    TieBreak,
    Finished,
}

impl From<Status> for GameStatus {
    fn from(status: Status) -> GameStatus {
        match status {
            Status::InProgress => GameStatus::InProgress,
            Status::LastRound => GameStatus::LastRound,
            Status::Finished => GameStatus::Finished,
        }
    }
}

impl From<CardStatus> for GameStatus {
    fn from(status: CardStatus) -> GameStatus {
        match status {
            CardStatus::InProgress => GameStatus::InProgress,
            CardStatus::TieBreak => GameStatus::TieBreak,
            CardStatus::Finished => GameStatus::Finished,
        }
    }
}

/// One of the people of an account's roster (RULES §10).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: PersonId,
    pub account_id: AccountId,
    pub name: PlayerName,
    pub created_at: NaiveDateTime,
}

/// A player of a game, in their seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: PlayerId,
    pub game_id: GameId,
    /// 0 for the first player in turn order.
    pub seat: i32,
    /// The person of the account's roster who plays this seat.
    pub person_id: PersonId,
    /// The person's name (kept with the seat, and changed with the person's).
    pub name: PlayerName,
    /// The high-die rolls that decided a digital game's order.
    pub order_rolls: Option<Vec<u8>>,
}

/// Whether a turn counts in the game, or is a digital turn still being rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnState {
    Scored,
    Rolling,
}

/// A turn of a dice game: the dice a player ended it with (and, digital, every roll).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    pub game_id: GameId,
    pub number: EntryNumber,
    pub player_id: PlayerId,
    pub dice: Vec<ShownDie>,
    /// The game's version once this turn was recorded (for a digital turn, last changed).
    pub version: GameVersion,
    pub created_at: NaiveDateTime,
    pub state: TurnState,
    /// A digital turn's rolls, first to last, as shown; `None` for a tabletop turn.
    pub rolls: Option<Vec<Vec<RolledDieView>>>,
    /// How many times the turn was replaced (RULES §9).
    pub edited: i32,
}

/// A hand of a card game as recorded: who went out, and every player's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    pub game_id: GameId,
    /// Hands are numbered like turns: 1, 2, … in the order they were played.
    pub number: EntryNumber,
    pub went_out: PlayerId,
    /// Each player's line; `None` for a tie-break hand.
    pub players: Option<Vec<RecordedPlayer>>,
    /// The game's version once this hand was recorded.
    pub version: GameVersion,
    pub created_at: NaiveDateTime,
    /// How many times the hand was replaced (RULES §9).
    pub edited: i32,
}

/// A tabletop turn as it was entered: whose it is, and the dice it ended with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EnteredTurn {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    pub dice: Vec<ShownDie>,
}

/// A hand as it was entered: who went out, and every player's line (none for a tie-break hand).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EnteredHand {
    #[schema(value_type = String, format = Uuid)]
    pub went_out: PlayerId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub players: Option<Vec<RecordedPlayer>>,
}

/// An entry of a game's record as it was entered: a turn of a dice game or a hand of a card
/// game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Entered {
    Turn(EnteredTurn),
    Hand(EnteredHand),
}

/// Read as a hand when it says who went out, else as a turn, so that what is wrong with it is
/// said of the entry it is (serde's untagged enums only say that no shape matched).
impl<'de> Deserialize<'de> for Entered {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let value = serde_json::Value::deserialize(deserializer)?;
        match value.get("went_out") {
            Some(_) => EnteredHand::deserialize(value).map(Entered::Hand),
            None => EnteredTurn::deserialize(value).map(Entered::Turn),
        }
        .map_err(D::Error::custom)
    }
}

/// Which kind of entry was replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    Turn,
    Hand,
}

impl EntryKind {
    /// The entry in a player's words: "turn", "hand".
    pub fn word(self) -> &'static str {
        match self {
            EntryKind::Turn => "turn",
            EntryKind::Hand => "hand",
        }
    }

    /// The event of an entry replaced.
    pub fn edited(self) -> EventKind {
        match self {
            EntryKind::Turn => EventKind::TurnEdited,
            EntryKind::Hand => EventKind::HandEdited,
        }
    }
}

/// One replacement of an entry (RULES §9), as the game's log of edits keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub game_id: GameId,
    /// The game's version the replacement made.
    pub version: GameVersion,
    pub entry: EntryKind,
    pub number: EntryNumber,
    /// Who replaced it.
    pub account_id: AccountId,
    pub created_at: NaiveDateTime,
    pub before: Entered,
    pub after: Entered,
}

/// A player's line of a hand as recorded: whether they laid down their phase, what they still
/// hold (the cards, or their points), and, if the client sends them, the cards they laid down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"player_id": "6f0c5b9e-2a51-4c1f-9d38-0f6a3f0d2b7e", "made": true,
    "cards": [{"value": 7, "color": "red"}, {"value": "S"}]}))]
pub struct RecordedPlayer {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    /// Whether the player laid down their phase in this hand (true for who went out).
    pub made: bool,
    /// The cards still in the player's hand, which the server scores. Give these or `points`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 10)]
    pub cards: Option<Vec<Card>>,
    /// The points of the cards still in hand, when the cards themselves are not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 250)]
    pub points: Option<u32>,
    /// The groups of the phase the player laid down, one list of cards per group: checked to
    /// make the player's phase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 4)]
    pub laid_down: Option<Vec<Vec<Card>>>,
}

/// A seat claimed by an account other than the game's owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatClaim {
    pub player_id: PlayerId,
    pub game_id: GameId,
    /// The account that plays this seat; the owner no longer does.
    pub account_id: AccountId,
    pub claimed_at: NaiveDateTime,
}

/// A game with its players (by seat), its turns or hands (in order) and its claimed seats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub game: Game,
    pub players: Vec<Player>,
    pub entries: Entries,
    pub claims: Vec<SeatClaim>,
}

/// A game's numbered entries, in order: a dice game's turns or a card game's hands, never
/// both, and never the other game's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entries {
    Turns(Vec<Turn>),
    Hands(Vec<Hand>),
}

impl Entries {
    /// A new game's: none yet, of the kind its rules play.
    pub fn none_for(rules: &GameRules) -> Entries {
        match rules {
            GameRules::Dice(_) => Entries::Turns(Vec::new()),
            GameRules::Cards(_) => Entries::Hands(Vec::new()),
        }
    }

    /// A dice game's turns, or 409 `wrong_game` for a card game's hands.
    pub fn turns(&self) -> Result<&Vec<Turn>> {
        match self {
            Entries::Turns(turns) => Ok(turns),
            Entries::Hands(_) => Err(wrong_game(GameKind::Cards)),
        }
    }

    /// A card game's hands, or 409 `wrong_game` for a dice game's turns.
    pub fn hands(&self) -> Result<&Vec<Hand>> {
        match self {
            Entries::Hands(hands) => Ok(hands),
            Entries::Turns(_) => Err(wrong_game(GameKind::Dice)),
        }
    }

    /// Which kind of entry these are.
    pub fn kind(&self) -> EntryKind {
        match self {
            Entries::Turns(_) => EntryKind::Turn,
            Entries::Hands(_) => EntryKind::Hand,
        }
    }

    /// Where the entry numbered `number` is, if it is there.
    pub fn index_of(&self, number: EntryNumber) -> Option<usize> {
        match self {
            Entries::Turns(turns) => turns.iter().position(|turn| turn.number == number),
            Entries::Hands(hands) => hands.iter().position(|hand| hand.number == number),
        }
    }

    /// The latest entry's number, if any.
    pub fn latest(&self) -> Option<EntryNumber> {
        match self {
            Entries::Turns(turns) => turns.last().map(|turn| turn.number),
            Entries::Hands(hands) => hands.last().map(|hand| hand.number),
        }
    }

    /// The number the next entry will have.
    pub fn next_number(&self) -> EntryNumber {
        self.latest().map_or(EntryNumber::FIRST, EntryNumber::next)
    }

    /// Takes the latest entry off.
    pub fn pop(&mut self) {
        match self {
            Entries::Turns(turns) => drop(turns.pop()),
            Entries::Hands(hands) => drop(hands.pop()),
        }
    }
}

/// 409 `wrong_game`: what a game of this kind does not have, and what it has instead.
pub fn wrong_game(this: GameKind) -> Error {
    let (game, instead) = match this {
        GameKind::Dice => ("dice", "hands: record its turns"),
        GameKind::Cards => ("card", "turns: record its hands"),
    };
    Error::conflict(
        ProblemCode::WrongGame,
        format!("this is a {game} game: it has no {instead}"),
    )
}

/// What changed. The SSE `event` field; the turn or hand that ends a game is `game_finished`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    GameCreated,
    TurnStarted,
    DiceRolled,
    TurnScored,
    TurnUndone,
    SeatClaimed,
    HandRecorded,
    HandUndone,
    /// A turn was replaced (RULES §9): the game was worked out again, so read it again.
    TurnEdited,
    /// A hand was replaced (RULES §9): the game was worked out again, so read it again.
    HandEdited,
    GameFinished,
    /// Sent to subscribers when the game is deleted; the stream then ends.
    GameDeleted,
    /// The game was given a name, or another one.
    GameRenamed,
    /// Another person of the roster took a seat, or the person in a seat was renamed.
    PlayerChanged,
}

impl EventKind {
    pub fn name(self) -> &'static str {
        self.stored()
    }
}

/// The `data` of an event as its log keeps it: what its subscribers are sent, but for the
/// turn's (or hand's) own copy of the game, left out where it is the event's game (the API's
/// `event_data` writes it, and puts the copy back when it sends it).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct EventData {
    pub version: GameVersion,
    pub game: Box<RawValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<serde_json::Map<String, serde_json::Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<serde_json::Map<String, serde_json::Value>>,
}

/// A turn or a hand that no longer replays: the record and the rules disagree.
#[derive(Debug, thiserror::Error)]
#[error("{entry} {number} of game {game_id} no longer replays: {why}")]
pub struct DoesNotReplay {
    /// `turn` or `hand`.
    pub entry: &'static str,
    pub game_id: GameId,
    pub number: EntryNumber,
    pub why: String,
}

/// One entry of a game's log of changes.
#[derive(Debug, Clone)]
pub struct LoggedEvent {
    pub game_id: GameId,
    /// The game's version after the change: the event's id.
    pub version: GameVersion,
    pub kind: EventKind,
    pub data: EventData,
    pub created_at: NaiveDateTime,
    /// The status the change left the game in; the game's cached status follows it.
    pub status: GameStatus,
}

/// The names every closed set of the record goes by, in the database as on the wire (a test
/// holds the two together where both exist).
mod stored_names {
    use super::*;

    stored_as!(GameStatus {
        GameStatus::InProgress => "in_progress",
        GameStatus::LastRound => "last_round",
        GameStatus::TieBreak => "tie_break",
        GameStatus::Finished => "finished",
    });

    stored_as!(TurnState {
        TurnState::Scored => "scored",
        TurnState::Rolling => "rolling",
    });

    stored_as!(EventKind {
        EventKind::GameCreated => "game_created",
        EventKind::TurnStarted => "turn_started",
        EventKind::DiceRolled => "dice_rolled",
        EventKind::TurnScored => "turn_scored",
        EventKind::TurnUndone => "turn_undone",
        EventKind::SeatClaimed => "seat_claimed",
        EventKind::HandRecorded => "hand_recorded",
        EventKind::HandUndone => "hand_undone",
        EventKind::TurnEdited => "turn_edited",
        EventKind::HandEdited => "hand_edited",
        EventKind::GameFinished => "game_finished",
        EventKind::GameDeleted => "game_deleted",
        EventKind::GameRenamed => "game_renamed",
        EventKind::PlayerChanged => "player_changed",
    });

    stored_as!(EntryKind {
        EntryKind::Turn => "turn",
        EntryKind::Hand => "hand",
    });
}

/// A game's `edition` column: a dice edition or a card edition, whose names differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnyEdition {
    Dice(Edition),
    Cards(CardEdition),
}

impl Stored for AnyEdition {
    const ALL: &'static [AnyEdition] = &[
        AnyEdition::Dice(Edition::Mattel2011),
        AnyEdition::Dice(Edition::Fundex2008),
        AnyEdition::Cards(CardEdition::Standard),
        AnyEdition::Cards(CardEdition::ElChavo),
    ];

    fn stored(self) -> &'static str {
        match self {
            AnyEdition::Dice(edition) => edition.stored(),
            AnyEdition::Cards(edition) => edition.stored(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_kinds_are_stored_by_their_wire_names() {
        for &kind in EventKind::ALL {
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::Value::from(kind.stored())
            );
        }
    }

    #[test]
    fn an_edition_column_names_one_edition_of_one_game() {
        let names: Vec<&str> = AnyEdition::ALL.iter().map(|e| e.stored()).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        for &edition in AnyEdition::ALL {
            assert_eq!(AnyEdition::from_stored(edition.stored()).unwrap(), edition);
        }
    }
}
