//! A game's state is what the rules make of its record: this replays a stored game, the turns
//! of a dice game here, the hands of a card game in `hands`.

pub use super::card_replay::{CardState, PlayedHand};

use super::card_replay::HandRefused;
use crate::dice::{not_rollable, shown_roll};
use crate::error::{Error, ProblemCode, Result};
use crate::names::GameKind;
use crate::record::{
    DiceRules, DoesNotReplay, Entries, EntryKind, GameRecord, GameRules, GameStatus, Hand, Turn,
    TurnState, wrong_game,
};
use crate::rolls;
use crate::rules::dice::game::{Game, TurnError, TurnOutcome};
use crate::rules::dice::rolls::Rolls;
use crate::rules::dice::{Die, Roll};
use crate::values::{EntryNumber, GameId, GameVersion, PlayerId};

/// One stored turn, replayed.
#[derive(Debug, Clone)]
pub struct PlayedTurn {
    pub turn: Turn,
    pub outcome: TurnOutcome,
    /// The game right after this turn.
    pub after: Game,
    /// Every roll of a digital turn.
    pub rolls: Option<Rolls>,
}

/// A digital turn still in play: rolled, not yet scored, not yet part of the game.
#[derive(Debug, Clone)]
pub struct OpenTurn {
    pub turn: Turn,
    pub rolls: Rolls,
}

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

/// A dice game: its settings and what its turns make of it.
#[derive(Debug, Clone)]
pub struct DiceState {
    pub rules: DiceRules,
    pub game: Game,
    /// The turns that count, in order.
    pub turns: Vec<PlayedTurn>,
    /// The digital turn in play, if any: always the latest.
    pub open: Option<OpenTurn>,
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

/// How a record's turns are checked as they are replayed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Check {
    /// As stored: what the record holds was checked when it was entered.
    AsStored,
    /// From this turn on (a replaced turn and every one after it), as if each were entered
    /// now, on the phase its player is then on.
    AsEnteredFrom(EntryNumber),
}

/// A turn the rules refuse where it stands in a record.
#[derive(Debug)]
pub(super) struct TurnRefused {
    pub number: EntryNumber,
    /// The game just before it.
    pub before: Box<Game>,
    pub why: WhyRefused,
}

/// Why a turn is refused.
#[derive(Debug)]
pub(super) enum WhyRefused {
    /// Where the game stands: over, or another player's turn.
    Turn(TurnError),
    /// Its dice, on the phase its player is on, as recording them would be refused.
    Dice(Error),
    /// The record does not hold together (a turn of nobody, rolls that do not check).
    Record(String),
}

impl TurnRefused {
    /// The refusal as recording the turn would answer it.
    pub(super) fn into_entered(self) -> Error {
        match self.why {
            WhyRefused::Dice(e) => e,
            WhyRefused::Turn(TurnError::GameOver) => Error::conflict(
                ProblemCode::GameOver,
                "the game is over: no more turns".into(),
            ),
            WhyRefused::Turn(e) => Error::conflict(ProblemCode::NotYourTurn, e.to_string()),
            WhyRefused::Record(why) => Error::bug(why),
        }
    }

    pub(super) fn does_not_replay(self, game_id: &GameId) -> Error {
        Error::internal_cause(DoesNotReplay {
            entry: "turn",
            game_id: game_id.clone(),
            number: self.number,
            why: self.why.to_string(),
        })
    }
}

impl std::fmt::Display for WhyRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WhyRefused::Turn(e) => e.fmt(f),
            WhyRefused::Dice(e) => e.fmt(f),
            WhyRefused::Record(why) => f.write_str(why),
        }
    }
}

/// Replays every turn of a stored dice game: the game, or the first turn the rules refuse.
pub(super) fn replay_turns(
    record: &GameRecord,
    rules: DiceRules,
    recorded: &[Turn],
    check: Check,
) -> Result<std::result::Result<DiceState, TurnRefused>> {
    let mut game = Game::new(record.players.len(), rules.edition, rules.layout)
        .map_err(|e| Error::internal(format!("game {}", record.game.id), e))?;
    Ok(
        play_turns(record, recorded, &mut game, check).map(|(turns, open)| DiceState {
            rules,
            game,
            turns,
            open,
        }),
    )
}

/// Plays a record's turns on a new game: the turns that count, and the one in play.
fn play_turns(
    record: &GameRecord,
    recorded: &[Turn],
    game: &mut Game,
    check: Check,
) -> std::result::Result<(Vec<PlayedTurn>, Option<OpenTurn>), TurnRefused> {
    let layout = game.layout();
    let mut turns = Vec::with_capacity(recorded.len());
    let mut open = None;
    for turn in recorded {
        let refused = |game: &Game, why| TurnRefused {
            number: turn.number,
            before: Box::new(game.clone()),
            why,
        };
        let broken = |game: &Game, why: String| refused(game, WhyRefused::Record(why));
        let rolls = turn
            .rolls
            .as_deref()
            .map(|shown| rolls::checked(shown, layout))
            .transpose()
            .map_err(|e| broken(game, e.to_string()))?;
        if turn.state == TurnState::Rolling {
            let rolls = rolls.ok_or_else(|| broken(game, "it is in play without rolls".into()))?;
            open = Some(OpenTurn {
                turn: turn.clone(),
                rolls,
            });
            continue;
        }
        let seat = record
            .players
            .iter()
            .position(|p| p.id == turn.player_id)
            .ok_or_else(|| broken(game, "its player is not in the game".into()))?;
        // Whose turn it is comes before the dice, which are judged on that player's phase.
        match game.current_seat() {
            None => return Err(refused(game, WhyRefused::Turn(TurnError::GameOver))),
            Some(current) if current != seat => {
                let not_theirs = TurnError::NotYourTurn {
                    expected: current,
                    given: seat,
                };
                return Err(refused(game, WhyRefused::Turn(not_theirs)));
            }
            Some(_) => {}
        }
        let roll = match (check, &rolls) {
            (Check::AsEnteredFrom(first), None) if turn.number >= first => {
                let phase = game.sheets()[seat].phase;
                shown_roll(phase, &turn.dice)
                    .map(|(_, roll)| roll)
                    .map_err(|e| refused(game, WhyRefused::Dice(e)))?
            }
            _ => Roll::new(turn.dice.iter().copied().map(Die::from).collect())
                .map_err(|e| broken(game, e.to_string()))?,
        };
        let outcome = match game.play(seat, &roll) {
            Ok(outcome) => outcome,
            Err(TurnError::NotRollable(e)) => {
                return Err(refused(game, WhyRefused::Dice(not_rollable(e))));
            }
            Err(e) => return Err(refused(game, WhyRefused::Turn(e))),
        };
        turns.push(PlayedTurn {
            turn: turn.clone(),
            outcome,
            after: game.clone(),
            rolls,
        });
    }
    Ok((turns, open))
}
