//! The score pad of a card game: a line per player in seat order with every hand they played
//! (its phase, made or not, the points, who went out), the phases done, the phase worked on,
//! the total of penalty points and the rank. Rendered like the dice pad (`scoresheet`).

use serde::Serialize;
use utoipa::ToSchema;

use super::names::CardsKind;
use super::replay::GameState;
use super::table::{coming_dealer, dealer_of_hand};
use crate::rules::cards::{CardEdition, CardGame, CardStatus, HandLine};
use crate::values::{GameId, GameVersion, PlayerId, PlayerName};

/// The score pad of a card game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CardScoresheet {
    #[schema(value_type = String, format = Uuid)]
    pub game_id: GameId,
    /// `cards`.
    pub game: CardsKind,
    /// The game's version the pad shows (the answer's ETag).
    #[serde(skip)]
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub status: CardStatus,
    /// The winners, once the game is over.
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<PlayerId>,
    /// One line per player, in seat order.
    pub players: Vec<CardLine>,
    /// Every hand played, in order: who dealt it, and whether it was the tie-break hand.
    pub hands: Vec<DealtHand>,
    /// Who deals the coming hand (RULES §10); null once the game is over.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub dealer_id: Option<PlayerId>,
    /// The game's printing, as it was created.
    pub edition: CardEdition,
    /// The phases played, in order, as the game was created.
    pub phases: Vec<u8>,
    /// Whether the game is played in ten hands (RULES §7).
    pub ten_hands: bool,
}

/// A hand of a card game, as the pad heads its row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct DealtHand {
    pub number: u32,
    /// Who dealt it: the first dealer, then the next seat every hand (RULES §10).
    #[schema(value_type = String, format = Uuid)]
    pub dealer_id: PlayerId,
    /// Whether it was the tie-break hand, played by the tied players only.
    pub tie_break: bool,
}

/// A player's line on a card game's pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = CardScoresheetLine)]
pub struct CardLine {
    #[schema(value_type = String, format = Uuid)]
    pub player_id: PlayerId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    pub seat: usize,
    /// Every hand the player played, in order (a tie-break hand only for those tied).
    pub hands: Vec<HandScore>,
    /// The phases the player made, in order.
    pub phases_done: Vec<u8>,
    /// The phase the player works on; null once every phase of the game is behind them.
    #[schema(required = true)]
    pub phase: Option<u8>,
    /// Penalty points: the fewest wins.
    pub total: u32,
    /// 1 for the winners; then by phases done (more first) and total (fewer first), except in
    /// ten hands (total alone). Equal players share a rank.
    pub rank: u32,
}

/// One hand of a player's line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct HandScore {
    pub number: u32,
    /// The phase the player worked on in this hand.
    pub phase: u8,
    /// Whether the player laid down that phase.
    pub made: bool,
    /// The penalty points of the cards left in hand (0 for who went out).
    pub points: u32,
    pub went_out: bool,
    /// Whether the player dealt this hand.
    pub dealt: bool,
    /// How many times the hand was replaced after it was recorded (RULES §9): 0 if never.
    pub edited: u32,
}

impl HandScore {
    fn of(line: &HandLine, seat: usize, state: &GameState) -> HandScore {
        // Hands are numbered 1, 2, … in the order they were played, with no gap.
        let recorded = usize::try_from(line.number)
            .ok()
            .and_then(|n| n.checked_sub(1));
        let edited = recorded
            .and_then(|at| state.record.entries.hands().ok()?.get(at))
            .filter(|hand| hand.number.get().unsigned_abs() == line.number)
            .map_or(0, |hand| hand.edited.unsigned_abs());
        HandScore {
            number: line.number,
            phase: line.phase.get(),
            made: line.made,
            points: line.points,
            went_out: line.went_out,
            dealt: dealer_of_hand(&state.record, line.number) == seat,
            edited,
        }
    }
}

impl CardScoresheet {
    /// The pad of a card game as it stands.
    pub(super) fn of(state: &GameState, game: &CardGame) -> CardScoresheet {
        let players = &state.record.players;
        let ranks = game.ranks();
        CardScoresheet {
            game_id: state.id().clone(),
            game: CardsKind::Cards,
            version: state.version(),
            status: game.status(),
            winners: game
                .winners()
                .into_iter()
                .map(|seat| players[seat].id.clone())
                .collect(),
            players: players
                .iter()
                .zip(game.sheets())
                .enumerate()
                .map(|(seat, (player, sheet))| CardLine {
                    player_id: player.id.clone(),
                    name: player.name.clone(),
                    seat,
                    hands: sheet
                        .hands
                        .iter()
                        .map(|line| HandScore::of(line, seat, state))
                        .collect(),
                    phases_done: sheet.phases_done.iter().map(|p| p.get()).collect(),
                    phase: game.phase_of(seat).map(|p| p.get()),
                    total: sheet.total,
                    rank: ranks[seat],
                })
                .collect(),
            hands: state
                .cards()
                .map(|cards| {
                    cards
                        .hands
                        .iter()
                        .map(|hand| DealtHand {
                            number: hand.outcome.number,
                            dealer_id: players[dealer_of_hand(&state.record, hand.outcome.number)]
                                .id
                                .clone(),
                            tie_break: hand.outcome.tie_break,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            dealer_id: coming_dealer(state).map(|seat| players[seat].id.clone()),
            edition: game.rules().edition,
            phases: game.rules().phases.iter().map(|p| p.get()).collect(),
            ten_hands: game.rules().ten_hands,
        }
    }
}
