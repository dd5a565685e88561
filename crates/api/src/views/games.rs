//! A game and its players, as answered: a dice game or a card game.

use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::utc;

use crate::rules::cards::{CardEdition, CardGame, CardStatus};
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, Game, Status};
use crate::service::names::{CardsKind, DiceKind, Mode};
use crate::service::replay::{DiceState, GameState, Play};
use crate::service::table::dealer_of_hand;
use crate::values::{EntryNumber, GameId, GameName, GameVersion, PersonId, PlayerId, PlayerName};

/// A player of a game, as the game stands.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Player)]
pub struct PlayerView {
    #[schema(value_type = String, format = Uuid)]
    pub id: PlayerId,
    /// The person of the owner's roster who plays this seat.
    #[schema(value_type = String, format = Uuid)]
    pub person_id: PersonId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    /// 0 for the first player in turn order.
    pub seat: usize,
    /// The phase the player is working on; 11 once phase 10 is done.
    pub phase: u8,
    /// Running score with bonuses (in solitaire, less the penalty once the game is over).
    pub total: i64,
    pub failures: u32,
    pub finished: bool,
    /// In a digital game, the high-die rolls that decided the order.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub order_rolls: Option<Vec<u8>>,
    /// Whether an invited account plays this seat (otherwise the game's owner does).
    pub claimed: bool,
}

/// A game: of Phase 10 Dice, or of the Phase 10 card game, told apart by `game`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(untagged)]
#[schema(as = Game, discriminator(property_name = "game", mapping(
    ("dice" = "#/components/schemas/DiceGame"),
    ("cards" = "#/components/schemas/CardGame")
)))]
pub enum GameView {
    Dice(DiceGameView),
    Cards(CardGameView),
}

/// A game of Phase 10 Dice.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DiceGame)]
pub struct DiceGameView {
    #[schema(value_type = String, format = Uuid)]
    pub id: GameId,
    /// `dice`.
    pub game: DiceKind,
    /// The game's label, if it was given one.
    #[schema(value_type = Option<String>, required = true)]
    pub name: Option<GameName>,
    /// The game this one is a rematch of (`POST …/rematch`), if it is one.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub rematch_of: Option<GameId>,
    pub mode: Mode,
    pub edition: Edition,
    pub dice_layout: DiceLayout,
    pub status: Status,
    pub round: u32,
    /// Whose turn it is; null once the game is over.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub current_player_id: Option<PlayerId>,
    /// The number of the digital turn in play (rolled, not yet scored), if any.
    #[schema(value_type = Option<i32>, required = true)]
    pub turn_in_play: Option<EntryNumber>,
    /// Grows by one on every change of the game.
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub players: Vec<PlayerView>,
    /// The players with the highest grand total, once the game is over.
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<PlayerId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A dice game as it stood at `version`: `game` is the game then.
pub(super) fn game_view(
    state: &GameState,
    dice: &DiceState,
    game: &Game,
    in_play: Option<EntryNumber>,
    version: GameVersion,
    updated_at: NaiveDateTime,
) -> GameView {
    let players = &state.record.players;
    GameView::Dice(DiceGameView {
        id: state.record.game.id.clone(),
        game: DiceKind::Dice,
        name: state.record.game.name.clone(),
        rematch_of: state.record.game.rematch_of.clone(),
        mode: dice.rules.mode,
        edition: dice.rules.edition,
        dice_layout: dice.rules.layout,
        status: game.status(),
        round: game.round(),
        current_player_id: game.current_seat().map(|seat| players[seat].id.clone()),
        turn_in_play: in_play,
        version,
        players: players
            .iter()
            .zip(game.sheets())
            .enumerate()
            .map(|(seat, (player, sheet))| PlayerView {
                id: player.id.clone(),
                person_id: player.person_id.clone(),
                name: player.name.clone(),
                seat,
                phase: sheet.phase,
                total: sheet.grand_total(),
                failures: sheet.failures,
                finished: sheet.finished(),
                order_rolls: player.order_rolls.clone(),
                claimed: claimed(state, &player.id),
            })
            .collect(),
        winners: game
            .winners()
            .into_iter()
            .map(|seat| players[seat].id.clone())
            .collect(),
        created_at: utc(state.record.game.created_at),
        updated_at: utc(updated_at),
    })
}

fn claimed(state: &GameState, player_id: &PlayerId) -> bool {
    state.record.claims.iter().any(|c| c.player_id == player_id)
}

impl From<&GameState> for GameView {
    fn from(state: &GameState) -> GameView {
        match &state.play {
            Play::Dice(dice) => game_view(
                state,
                dice,
                &dice.game,
                dice.open.as_ref().map(|open| open.turn.number),
                state.record.game.version,
                state.record.game.updated_at,
            ),
            Play::Cards(cards) => card_game_view(
                state,
                &cards.game,
                state.record.game.version,
                state.record.game.updated_at,
            ),
        }
    }
}

/// A player of a card game, as the game stands.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = CardPlayer)]
pub struct CardPlayerView {
    #[schema(value_type = String, format = Uuid)]
    pub id: PlayerId,
    /// The person of the owner's roster who plays this seat.
    #[schema(value_type = String, format = Uuid)]
    pub person_id: PersonId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    /// 0 for the first player given.
    pub seat: usize,
    /// The phase the player works on; null once every phase of the game is behind them.
    #[schema(required = true)]
    pub phase: Option<u8>,
    /// Penalty points so far: the fewest wins.
    pub total: u32,
    /// The phases the player has made, in order.
    pub phases_done: Vec<u8>,
    /// Whether an invited account follows this seat (otherwise the game's owner does).
    pub claimed: bool,
}

/// A game of the Phase 10 card game: its pad, hand by hand.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = CardGame)]
pub struct CardGameView {
    #[schema(value_type = String, format = Uuid)]
    pub id: GameId,
    /// `cards`.
    pub game: CardsKind,
    /// The game's label, if it was given one.
    #[schema(value_type = Option<String>, required = true)]
    pub name: Option<GameName>,
    /// The game this one is a rematch of (`POST …/rematch`), if it is one.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub rematch_of: Option<GameId>,
    /// Always `tabletop`: the cards are dealt at a table.
    pub mode: Mode,
    pub edition: CardEdition,
    /// The phases played, in order; the last one ends the game.
    pub phases: Vec<u8>,
    /// Whether the game is exactly one hand per phase, everyone moving on every hand.
    pub ten_hands: bool,
    pub status: CardStatus,
    /// The hands recorded so far.
    pub hands: u32,
    /// Always null: everyone plays every hand.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub current_player_id: Option<PlayerId>,
    /// The seat that dealt the first hand (RULES §10), as given when the game was created.
    pub first_dealer: usize,
    /// Who deals the coming hand: the deal passes to the next seat every hand, tie-break hands
    /// too. Null once the game is over.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub dealer_id: Option<PlayerId>,
    /// Grows by one on every change of the game.
    #[schema(value_type = i64)]
    pub version: GameVersion,
    pub players: Vec<CardPlayerView>,
    /// The players who play the tie-break hand, while the game waits for it.
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub tied: Vec<PlayerId>,
    /// The winners, once the game is over: the fewest points among those who completed the
    /// last phase (or, in ten hands, among everyone).
    #[schema(value_type = Vec<uuid::Uuid>)]
    pub winners: Vec<PlayerId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A card game as it stood at `version`: `game` is the game then.
pub(super) fn card_game_view(
    state: &GameState,
    game: &CardGame,
    version: GameVersion,
    updated_at: NaiveDateTime,
) -> GameView {
    let players = &state.record.players;
    let ids = |seats: &[usize]| seats.iter().map(|&seat| players[seat].id.clone()).collect();
    GameView::Cards(CardGameView {
        id: state.record.game.id.clone(),
        game: CardsKind::Cards,
        name: state.record.game.name.clone(),
        rematch_of: state.record.game.rematch_of.clone(),
        first_dealer: state.record.game.first_dealer,
        dealer_id: (game.status() != CardStatus::Finished).then(|| {
            players[dealer_of_hand(&state.record, game.hands_played() + 1)]
                .id
                .clone()
        }),
        mode: Mode::Tabletop,
        edition: game.rules().edition,
        phases: game.rules().phases.iter().map(|p| p.get()).collect(),
        ten_hands: game.rules().ten_hands,
        status: game.status(),
        hands: game.hands_played(),
        current_player_id: None,
        version,
        players: players
            .iter()
            .zip(game.sheets())
            .enumerate()
            .map(|(seat, (player, sheet))| CardPlayerView {
                id: player.id.clone(),
                person_id: player.person_id.clone(),
                name: player.name.clone(),
                seat,
                phase: game.phase_of(seat).map(|p| p.get()),
                total: sheet.total,
                phases_done: sheet.phases_done.iter().map(|p| p.get()).collect(),
                claimed: claimed(state, &player.id),
            })
            .collect(),
        tied: ids(game.tied()),
        winners: ids(&game.winners()),
        created_at: utc(state.record.game.created_at),
        updated_at: utc(updated_at),
    })
}
