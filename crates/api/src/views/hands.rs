//! A hand of a card game, with the game right after it.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::games::{GameView, card_game_view};
use super::utc;
use crate::rules::cards::{Card, LaidGroup, check_laid_down};
use crate::service::hands::{CardState, PlayedHand, RecordedPlayer};
use crate::service::replay::GameState;
use crate::service::table::dealer_of_hand;
use crate::values::{EntryNumber, PlayerId};

/// One player's line of a hand.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = HandPlayer)]
pub struct HandPlayerView {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    /// The phase the player worked on in this hand.
    pub phase: u8,
    /// Whether the player laid down that phase.
    pub made: bool,
    /// The penalty points of the cards left in hand (0 for who went out, and in a tie-break).
    pub points: u32,
    pub went_out: bool,
    /// The cards left in hand, when they were given.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub cards: Option<Vec<Card>>,
    /// The phase as laid down, when it was given, with what each Wild stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub laid_down: Option<Vec<LaidGroup>>,
}

/// A hand of a card game and the game right after it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Hand)]
pub struct HandView {
    /// 1 for the first hand of the game.
    #[schema(value_type = i32)]
    pub number: EntryNumber,
    /// The player who went out (who wins, in a tie-break hand).
    #[schema(value_type = String, format = Uuid)]
    pub went_out: PlayerId,
    /// Whether this was the tie-break hand, played by the tied players only.
    pub tie_break: bool,
    /// Who dealt this hand (RULES §10).
    #[schema(value_type = String, format = Uuid)]
    pub dealer_id: PlayerId,
    /// A line per player in seat order (in a tie-break, per tied player).
    pub players: Vec<HandPlayerView>,
    pub created_at: DateTime<Utc>,
    /// How many times the hand was replaced after it was recorded (`PUT`): 0 if never.
    pub edited: u32,
    /// The game right after this hand.
    pub game: GameView,
}

/// What a player recorded for a hand, if the hand has their line.
fn recorded<'a>(hand: &'a PlayedHand, player_id: &PlayerId) -> Option<&'a RecordedPlayer> {
    hand.hand
        .players
        .as_ref()?
        .iter()
        .find(|line| line.player_id == player_id)
}

pub fn hand_view(state: &GameState, hand: &PlayedHand) -> HandView {
    let players = &state.record.players;
    let edition = hand.after.rules().edition;
    HandView {
        number: hand.hand.number,
        went_out: hand.hand.went_out.clone(),
        tie_break: hand.outcome.tie_break,
        dealer_id: players[dealer_of_hand(&state.record, hand.outcome.number)]
            .id
            .clone(),
        players: hand
            .outcome
            .lines
            .iter()
            .map(|(seat, line)| {
                let player_id = players[*seat].id.clone();
                let given = recorded(hand, &player_id);
                let laid_down = given
                    .and_then(|g| g.laid_down.as_ref())
                    .and_then(|groups| check_laid_down(line.phase, groups, edition).ok());
                HandPlayerView {
                    cards: given.and_then(|g| g.cards.clone()),
                    laid_down,
                    player_id,
                    phase: line.phase.get(),
                    made: line.made,
                    points: line.points,
                    went_out: line.went_out,
                }
            })
            .collect(),
        created_at: utc(hand.hand.created_at),
        edited: hand.hand.edited.unsigned_abs(),
        game: card_game_view(state, &hand.after, hand.hand.version, hand.hand.created_at),
    }
}

/// The game's hands after hand `after`, oldest first.
pub fn hands_after<'a>(
    state: &'a GameState,
    cards: &'a CardState,
    after: Option<EntryNumber>,
) -> impl Iterator<Item = HandView> + 'a {
    cards
        .hands
        .iter()
        .filter(move |hand| Some(hand.hand.number) > after)
        .map(move |hand| hand_view(state, hand))
}

/// Hand `number` of the game.
pub fn hand_view_of(state: &GameState, number: EntryNumber) -> Option<HandView> {
    let cards = state.cards().ok()?;
    let hand = cards.hands.iter().find(|hand| hand.hand.number == number)?;
    Some(hand_view(state, hand))
}
