//! A game's state is what the rules make of its turns: this replays a stored game.

use crate::error::{Error, Result};
use crate::rules::dice::game::{Edition, Game, TurnOutcome};
use crate::rules::dice::rolls::Rolls;
use crate::rules::dice::{DiceLayout, Die, Roll};
use crate::service::dice::ShownDie;
use crate::service::names::{Mode, Stored};
use crate::service::rolls;
use crate::store::games::GameRecord;
use crate::store::turns::{ROLLING, TurnRow};
use crate::values::{GameId, PlayerId, TurnNumber};

/// One stored turn, replayed.
#[derive(Debug, Clone)]
pub struct PlayedTurn {
    pub row: TurnRow,
    pub dice: Vec<ShownDie>,
    pub outcome: TurnOutcome,
    /// The game right after this turn.
    pub after: Game,
    /// Every roll of a digital turn.
    pub rolls: Option<Rolls>,
}

/// A digital turn still in play: rolled, not yet scored, not yet part of the game.
#[derive(Debug, Clone)]
pub struct OpenTurn {
    pub row: TurnRow,
    pub rolls: Rolls,
}

/// A stored game and what its turns make of it.
#[derive(Debug, Clone)]
pub struct GameState {
    pub record: GameRecord,
    pub mode: Mode,
    pub edition: Edition,
    pub layout: DiceLayout,
    pub game: Game,
    /// The turns that count, in order.
    pub turns: Vec<PlayedTurn>,
    /// The digital turn in play, if any: always the latest.
    pub open: Option<OpenTurn>,
}

impl GameState {
    pub fn id(&self) -> &GameId {
        &self.record.game.id
    }

    /// The game's status, as stored.
    pub fn status_name(&self) -> String {
        self.game.status().stored().to_string()
    }

    /// The number the game's next turn will have.
    pub fn next_turn_number(&self) -> TurnNumber {
        self.record
            .turns
            .last()
            .map_or(TurnNumber::FIRST, |turn| turn.number.next())
    }

    /// Grows by one on every change of the game: its entity tag.
    pub fn version(&self) -> i64 {
        self.record.game.version
    }

    /// The seat of a player of this game.
    pub fn seat_of(&self, player_id: &PlayerId) -> Option<usize> {
        self.record.players.iter().position(|p| p.id == player_id)
    }
}

/// Reads a stored turn's dice.
fn stored_dice(row: &TurnRow) -> Result<Vec<ShownDie>> {
    serde_json::from_str(&row.dice)
        .map_err(|e| Error::Internal(format!("turn {} of game {}: {e}", row.number, row.game_id)))
}

/// Replays every turn of a stored game.
pub fn replay(record: GameRecord) -> Result<GameState> {
    let mode = Mode::from_stored(&record.game.mode)?;
    let edition = Edition::from_stored(&record.game.edition)?;
    let layout = DiceLayout::from_stored(&record.game.dice_layout)?;
    let mut game = Game::new(record.players.len(), edition, layout)
        .map_err(|e| Error::Internal(e.to_string()))?;
    let mut turns = Vec::with_capacity(record.turns.len());
    let mut open = None;
    for row in &record.turns {
        let rolls = row
            .rolls
            .as_deref()
            .map(|text| rolls::from_stored(text, layout))
            .transpose()?;
        if row.state == ROLLING {
            let rolls = rolls.ok_or_else(|| {
                Error::Internal(format!("turn {} is in play without rolls", row.number))
            })?;
            open = Some(OpenTurn {
                row: row.clone(),
                rolls,
            });
            continue;
        }
        let dice = stored_dice(row)?;
        let seat = record
            .players
            .iter()
            .position(|p| p.id == row.player_id)
            .ok_or_else(|| Error::Internal(format!("turn {} has no player", row.number)))?;
        let roll = Roll::new(dice.iter().copied().map(Die::from).collect())
            .map_err(|e| Error::Internal(e.to_string()))?;
        let outcome = game.play(seat, &roll).map_err(|e| {
            Error::Internal(format!(
                "turn {} of game {} no longer replays: {e}",
                row.number, row.game_id
            ))
        })?;
        turns.push(PlayedTurn {
            row: row.clone(),
            dice,
            outcome,
            after: game.clone(),
            rolls,
        });
    }
    Ok(GameState {
        record,
        mode,
        edition,
        layout,
        game,
        turns,
        open,
    })
}
