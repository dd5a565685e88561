//! Advice for a whole solitaire game (API.md "Whole-game advice", RULES §11): each choice at a
//! position of a turn valued by the expected points still to come, this turn included, from the
//! published values of the states ([`Solitaire`]). Phase 8 with two rolls left needs the table
//! of every keep pattern ([`Phase8Table`]), which an operator may give the server.

use std::collections::VecDeque;
use std::sync::{Arc, LazyLock, Mutex};

use super::phase_8_table::Phase8Table;
use super::{NoSuchState, Solitaire, State, published};
use crate::PHASES;
use crate::dice::advice::game::{
    GameChoice, Phase8Game, Phase8Refused, number_choices, phase_8_choices_for_game,
};
use crate::dice::advice::{
    AdviceRefused, Advised, AdvisedChoice, EndValues, Lying, OPTIONS_SHOWN, Play, ValuedTurn,
    Verdicts, game_choice_summary, game_first_roll_summary, is_of_colors, position,
};
use crate::dice::evaluate;
use crate::dice::faces::{Die, Roll};
use crate::dice::layout::DiceLayout;
use crate::dice::review::Valuer;
use crate::dice::rolls::{ALL_PLACES, Places};
use crate::phases::Phase;

/// Why a position cannot be advised for the whole game.
#[derive(Debug, thiserror::Error)]
pub enum GameRefused {
    #[error(transparent)]
    State(#[from] NoSuchState),
    #[error(transparent)]
    Position(#[from] AdviceRefused),
    #[error(
        "this server cannot advise phase 8 with two rolls left for the whole game: that takes a table of every keep pattern (4.5 GB) it was not started with. Ask with goal make or score, or ask again with one roll left, which it can advise"
    )]
    Phase8NeedsTable,
    #[error("the phase 8 table cannot be read: {0}")]
    Table(std::io::Error),
}

/// States whose turns are kept, the latest asked: each holds what keeping every multiset is
/// worth (about 8 MB), and a game asks about the same state for every roll of a turn.
const RECENT_STATES: usize = 4;

/// The whole-game advisor of a server.
pub struct GameAdvisor {
    solitaire: &'static Solitaire,
    table: Option<Phase8Table>,
    recent: Mutex<VecDeque<(State, Arc<ValuedTurn>)>>,
}

/// How each full roll ends a turn, per phase of numbers (phase 8's is never read).
static VERDICTS: LazyLock<Vec<Verdicts>> =
    LazyLock::new(|| PHASES.iter().map(Verdicts::of).collect());

impl GameAdvisor {
    pub fn new(table: Option<Phase8Table>) -> GameAdvisor {
        GameAdvisor {
            solitaire: published(),
            table,
            recent: Mutex::new(VecDeque::new()),
        }
    }

    /// The best play of the rest of a turn on `phase` in solitaire game state `state`.
    pub fn advise(
        &self,
        phase: &Phase,
        dice: &[Lying],
        rolls_left: u8,
        state: State,
    ) -> Result<Advised, GameRefused> {
        let roll = position(phase, DiceLayout::Standard, dice, rolls_left)?;
        let faces: Vec<Die> = dice.iter().map(|d| d.die).collect();
        let Some(roll) = roll else {
            let (to_come, chance, score) = self.before(phase, state)?;
            return Ok(Advised {
                chance,
                expected_score: score,
                expected_to_come: Some(to_come),
                options: Vec::new(),
                summary: game_first_roll_summary(phase, chance, to_come),
            });
        };
        let choices = self.weigh(phase, dice, &roll, rolls_left, state)?;
        let options: Vec<AdvisedChoice> = best_first(choices)
            .into_iter()
            .take(OPTIONS_SHOWN)
            .map(|choice| {
                let reroll: Vec<usize> = (0..16).filter(|i| choice.reroll & 1 << i != 0).collect();
                let figures = (choice.chance, choice.to_come);
                AdvisedChoice {
                    summary: game_choice_summary(
                        phase,
                        &faces,
                        &reroll,
                        figures,
                        choice.expected_score,
                        rolls_left,
                    ),
                    reroll,
                    chance: choice.chance,
                    expected_score: choice.expected_score,
                    expected_to_come: Some(choice.to_come),
                }
            })
            .collect();
        let best = &options[0];
        Ok(Advised {
            chance: best.chance,
            expected_score: best.expected_score,
            expected_to_come: best.expected_to_come,
            summary: best.summary.clone(),
            options,
        })
    }

    /// What a state's turn on `phase` is worth before its first roll: the points to come, the
    /// chance to make the phase and the expected score.
    fn before(&self, phase: &Phase, state: State) -> Result<(f64, f64, f64), GameRefused> {
        let here = self.solitaire.value(state)?;
        if is_of_colors(phase) {
            let p8 = &self.solitaire.phase_8;
            return Ok((here, p8.chance, p8.expected_score));
        }
        let whole = self.turn(state)?.whole;
        Ok((whole.value, 1.0 - whole.miss, whole.score))
    }

    /// Every choice at a position of a turn (`roll`: the dice as they lie), valued for the game.
    fn weigh(
        &self,
        phase: &Phase,
        dice: &[Lying],
        roll: &Roll,
        rolls_left: u8,
        state: State,
    ) -> Result<Vec<GameChoice>, GameRefused> {
        let here = self.solitaire.value(state)?;
        if rolls_left == 0 {
            let verdict = evaluate(phase, roll);
            let ends = self.solitaire.ends(state, verdict.score as usize)?;
            return Ok(vec![GameChoice {
                reroll: 0,
                to_come: match verdict.made {
                    true => ends.made[verdict.score as usize],
                    false => ends.missed,
                },
                chance: f64::from(u8::from(verdict.made)),
                expected_score: f64::from(verdict.score),
            }]);
        }
        if is_of_colors(phase) {
            let p8 = &self.solitaire.phase_8;
            let read = |pattern| self.table.as_ref().expect("a table").worth(pattern);
            let game = Phase8Game {
                theta: p8.theta,
                missed: here - super::MISS,
                lookup: self.table.as_ref().map(|_| &read as &dyn Fn(usize) -> _),
            };
            return phase_8_choices_for_game(dice, rolls_left, &game).map_err(|e| match e {
                Phase8Refused::Position(why) => GameRefused::Position(why),
                Phase8Refused::NoTable => GameRefused::Phase8NeedsTable,
                Phase8Refused::Table(error) => GameRefused::Table(error),
            });
        }
        Ok(number_choices(&*self.turn(state)?, dice, rolls_left))
    }

    /// Whether every position of phase 8 can be valued: with phase 8's table.
    pub fn values_all_of_phase_8(&self) -> bool {
        self.table.is_some()
    }

    /// The advisor as a review asks it, for a turn on `phase` in state `state`.
    pub fn valuer<'a>(&'a self, phase: &'a Phase, state: State) -> ForGame<'a> {
        ForGame {
            advisor: self,
            phase,
            state,
        }
    }

    /// The turn of a state of a phase of numbers played best for its ends, kept for the next
    /// questions about the same state.
    fn turn(&self, state: State) -> Result<Arc<ValuedTurn>, GameRefused> {
        let recent = |list: &VecDeque<(State, Arc<ValuedTurn>)>| {
            list.iter()
                .find(|(s, _)| *s == state)
                .map(|(_, t)| t.clone())
        };
        if let Some(turn) = recent(&self.recent.lock().expect("the recent turns")) {
            return Ok(turn);
        }
        let verdicts = &VERDICTS[usize::from(state.phase) - 1];
        let ends = self.solitaire.ends(state, verdicts.best_score())?;
        let ends = EndValues {
            made: &ends.made,
            missed: ends.missed,
        };
        let turn = Arc::new(ValuedTurn::new(verdicts, &ends, Play::Best));
        let mut list = self.recent.lock().expect("the recent turns");
        if recent(&list).is_none() {
            if list.len() == RECENT_STATES {
                list.pop_front();
            }
            list.push_back((state, turn.clone()));
        }
        Ok(turn)
    }
}

/// The choices best first: the most points to come, then the better chance, then fewer dice
/// rolled, then the dice that come first on the table.
fn best_first(mut choices: Vec<GameChoice>) -> Vec<GameChoice> {
    choices.sort_by(|a, b| {
        b.to_come
            .total_cmp(&a.to_come)
            .then(b.chance.total_cmp(&a.chance))
            .then(a.reroll.count_ones().cmp(&b.reroll.count_ones()))
            .then(b.reroll.reverse_bits().cmp(&a.reroll.reverse_bits()))
    });
    choices
}

/// A solitaire turn played for the whole game (RULES §11, §12): values are the points still to
/// come, this turn's included, told in points.
pub struct ForGame<'a> {
    advisor: &'a GameAdvisor,
    phase: &'a Phase,
    state: State,
}

impl Valuer for ForGame<'_> {
    type Refused = GameRefused;

    fn before(&self) -> Result<f64, GameRefused> {
        Ok(self.advisor.before(self.phase, self.state)?.0)
    }

    /// Every choice: the whole game's values are looked up, not summed per choice.
    fn choices(
        &self,
        dice: &[Lying],
        rolls_left: u8,
        _chosen: Places,
    ) -> Result<Vec<(Places, f64)>, GameRefused> {
        let roll = position(self.phase, DiceLayout::Standard, dice, rolls_left)?
            .ok_or(GameRefused::Position(AdviceRefused::RollsLeft(rolls_left)))?;
        let choices = self
            .advisor
            .weigh(self.phase, dice, &roll, rolls_left, self.state)?;
        Ok(best_first(choices)
            .into_iter()
            .map(|choice| (choice.reroll as Places & ALL_PLACES, choice.to_come))
            .collect())
    }

    fn units(&self) -> f64 {
        1.0
    }
}
