//! A game's state is what the rules make of its record: this replays a stored game, its
//! entries once (`play_of`), the turns of a dice game in `dice_replay`, the hands of a card
//! game in `card_replay`.

pub use super::card_replay::{CardState, PlayedHand};

use super::card_replay::HandRefused;
pub(super) use super::dice_replay::Check;
pub use super::dice_replay::{DiceState, OpenTurn, PlayedTurn};
use super::dice_replay::{TurnRefused, replay_turns};
use crate::error::{Error, Result};
use crate::names::GameKind;
use crate::record::{
    Entries, EntryKind, GameRecord, GameRules, GameStatus, Hand, Turn, wrong_game,
};
use crate::values::{EntryNumber, GameId, GameVersion, PlayerId};

/// A stored game and what its record makes of it: a dice game's turns, or a card game's hands.
#[derive(Debug, Clone)]
pub struct GameState {
    pub record: GameRecord,
    pub play: Play,
}

/// Which game is played, and where it stands.
// A state is built once per change and kept; boxing the larger variant would only add an
// allocation to every dice turn.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Play {
    Dice(DiceState),
    Cards(CardState),
}

impl Play {
    /// The dice game, or 409 `wrong_game` for a card game.
    pub fn dice(&self) -> Result<&DiceState> {
        match self {
            Play::Dice(dice) => Ok(dice),
            Play::Cards(_) => Err(wrong_game(GameKind::Cards)),
        }
    }

    /// The card game, or 409 `wrong_game` for a dice game.
    pub fn cards(&self) -> Result<&CardState> {
        match self {
            Play::Cards(cards) => Ok(cards),
            Play::Dice(_) => Err(wrong_game(GameKind::Dice)),
        }
    }
}

impl GameState {
    pub fn id(&self) -> &GameId {
        &self.record.game.id
    }

    pub fn dice(&self) -> Result<&DiceState> {
        self.play.dice()
    }

    pub fn cards(&self) -> Result<&CardState> {
        self.play.cards()
    }

    /// A dice game's state and its record's turns, to change both; 409 `wrong_game` for a
    /// card game.
    pub fn dice_mut(&mut self) -> Result<(&mut DiceState, &mut Vec<Turn>)> {
        match (&mut self.play, &mut self.record.entries) {
            (Play::Dice(dice), Entries::Turns(turns)) => Ok((dice, turns)),
            (Play::Cards(_), _) => Err(wrong_game(GameKind::Cards)),
            _ => Err(Error::bug("a dice game's record has hands")),
        }
    }

    /// A card game's state and its record's hands, to change both; 409 `wrong_game` for a
    /// dice game.
    pub fn cards_mut(&mut self) -> Result<(&mut CardState, &mut Vec<Hand>)> {
        match (&mut self.play, &mut self.record.entries) {
            (Play::Cards(cards), Entries::Hands(hands)) => Ok((cards, hands)),
            (Play::Dice(_), _) => Err(wrong_game(GameKind::Dice)),
            _ => Err(Error::bug("a card game's record has turns")),
        }
    }

    /// The game's status, whichever the game.
    pub fn status(&self) -> GameStatus {
        match &self.play {
            Play::Dice(dice) => dice.game.status().into(),
            Play::Cards(cards) => cards.game.status().into(),
        }
    }

    /// The number the game's next turn or hand will have.
    pub fn next_number(&self) -> EntryNumber {
        self.record.entries.next_number()
    }

    /// Grows by one on every change of the game: its entity tag.
    pub fn version(&self) -> GameVersion {
        self.record.game.version
    }

    /// The seat of a player of this game.
    pub fn seat_of(&self, player_id: &PlayerId) -> Option<usize> {
        self.record.players.iter().position(|p| p.id == player_id)
    }
}

/// Replays a stored game: every turn of a dice game, every hand of a card game.
pub fn replay(record: GameRecord) -> Result<GameState> {
    let play = play_of(&record, Check::AsStored)?
        .map_err(|refused| refused.does_not_replay(&record.game.id))?;
    Ok(GameState { record, play })
}

/// Replays a record made elsewhere (an import): every entry judged as if entered now, on the
/// phase its player is then on. The first entry the rules refuse, in a player's words, if any.
pub(super) fn replay_entered(record: GameRecord) -> Result<std::result::Result<GameState, String>> {
    Ok(
        match play_of(&record, Check::AsEnteredFrom(EntryNumber::FIRST))? {
            Ok(play) => Ok(GameState { record, play }),
            Err(refused) => {
                let (kind, number) = (refused.kind().word(), refused.number());
                Err(format!("{kind} {number}: {}", refused.why()))
            }
        },
    )
}

impl GameState {
    /// Works the game out again from its record as it now is (an entry taken off).
    pub(super) fn replay_again(&mut self) -> Result<()> {
        self.play = play_of(&self.record, Check::AsStored)?
            .map_err(|refused| refused.does_not_replay(&self.record.game.id))?;
        Ok(())
    }
}

/// What the rules make of a record's entries, checked as `check` says: the game, or the first
/// entry they refuse.
pub(super) fn play_of(
    record: &GameRecord,
    check: Check,
) -> Result<std::result::Result<Play, Refused>> {
    Ok(match (&record.game.rules, &record.entries) {
        (GameRules::Dice(rules), Entries::Turns(turns)) => {
            replay_turns(record, *rules, turns, check)?
                .map(Play::Dice)
                .map_err(Refused::Turn)
        }
        // A hand is always judged whole: its cards say what it was.
        (GameRules::Cards(rules), Entries::Hands(hands)) => {
            super::card_replay::replay_hands(record, rules, hands)?
                .map(Play::Cards)
                .map_err(Refused::Hand)
        }
        // The store and an import build a record's entries by its game's rules.
        _ => {
            let word = record.entries.kind().word();
            let game = &record.game.id;
            return Err(Error::bug(format!(
                "game {game} has {word}s of the other game"
            )));
        }
    })
}

/// The first entry of a record the rules refuse.
#[derive(Debug)]
pub(super) enum Refused {
    Turn(TurnRefused),
    Hand(HandRefused),
}

impl Refused {
    pub(super) fn kind(&self) -> EntryKind {
        match self {
            Refused::Turn(_) => EntryKind::Turn,
            Refused::Hand(_) => EntryKind::Hand,
        }
    }

    pub(super) fn number(&self) -> EntryNumber {
        match self {
            Refused::Turn(refused) => refused.number,
            Refused::Hand(refused) => refused.number,
        }
    }

    /// The refusal as entering the entry would answer it.
    pub(super) fn into_entered(self) -> Error {
        match self {
            Refused::Turn(refused) => refused.into_entered(),
            Refused::Hand(refused) => refused.into_recorded(),
        }
    }

    /// Why, in a player's words.
    fn why(self) -> String {
        match self {
            Refused::Turn(refused) => refused.why.to_string(),
            Refused::Hand(refused) => refused.into_recorded().to_string(),
        }
    }

    fn does_not_replay(self, game_id: &GameId) -> Error {
        match self {
            Refused::Turn(refused) => refused.does_not_replay(game_id),
            Refused::Hand(refused) => refused.does_not_replay(game_id),
        }
    }
}
