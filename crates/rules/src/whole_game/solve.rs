//! `phase10 solitaire`: the whole game solved offline. Phase 8 first, over every keep pattern
//! of its ten dice (minutes, about 4.5 GB), then the other phases from it (seconds), what
//! simpler play is worth, and each state's chance.

use std::io;
use std::path::Path;
use std::time::Instant;

use super::{Phase8, Solitaire, State, States, Step, phase_8_table};
use crate::PHASES;
use crate::dice::advice::solitaire::patterns::{Patterns, Worth};
use crate::dice::advice::solitaire::phase_8::{self, Ends};
use crate::dice::advice::{
    EndValues, Goal, MISS, Play, ValuedTurn, Verdicts, first_phases, last_phases, one_turn_of,
};

/// The command that writes the file, as its readers are told.
pub const COMMAND: &str = "cargo run --release -- solitaire";

impl Step {
    fn at(theta: f64, turn: Worth) -> Step {
        Step {
            theta,
            value: turn.value,
            chance: turn.chance,
        }
    }
}

/// How far from the root the bracket is checked.
const BRACKET: f64 = 1e-6;

/// The best game the dice allow (RULES §6).
const BEST_POSSIBLE: f64 = 649.0;

/// Solves the whole game; with `table`, also writes what every choice after a phase 8 first
/// roll is worth there ([`phase_8_table`]), about 4.5 GB. `say` hears each step.
pub fn solve(table: Option<&Path>, mut say: impl FnMut(&str)) -> io::Result<Solitaire> {
    let started = Instant::now();
    let last = last_phases(Play::Best);
    say(&format!(
        "phase 9 is worth {:.6}; phase 8 over 7^10 patterns…",
        last.phase_9
    ));
    let ends = Ends::standard();
    let mut patterns = Patterns::new(ends.dice());
    // a phase 8 made is worth about 40 more than phase 9 onwards: theta near 35
    let solved = phase_8::solve(&mut patterns, &ends, 30.0);
    for (theta, turn) in &solved.steps {
        say(&format!(
            "  theta {theta:.9}: turn worth {:.9}, chance {:.9}",
            turn.value, turn.chance
        ));
    }
    let theta = solved.theta;
    let below = phase_8::turn(&mut patterns, &ends, theta - BRACKET, |_| ());
    let above = phase_8::turn(&mut patterns, &ends, theta + BRACKET, |_| ());
    if let Some(path) = table {
        say(&format!("writing {}…", path.display()));
        let mut written = Ok(());
        phase_8::turn(&mut patterns, &ends, theta, |p| {
            written = phase_8_table::write(path, theta, p)
        });
        written?;
    }
    drop(patterns);
    let phase_8_value = theta + last.phase_9 + MISS;
    say(&format!(
        "phase 8 is worth {phase_8_value:.6}; phases 1 to 7…"
    ));
    let first = first_phases(phase_8_value, Play::Best);
    let [phase_2, phase_3, phase_4, phase_5] = first.by_total;
    say("every turn played for make, then for score…");
    let [every_turn_for_make, every_turn_for_score] = [Goal::Make, Goal::Score].map(every_turn_for);
    let mut solitaire = Solitaire {
        command: COMMAND.to_owned(),
        expected_grand_total: first.phase_1,
        every_turn_for_make,
        every_turn_for_score,
        best_possible: BEST_POSSIBLE,
        chances: States::default(),
        states: States {
            phase_1: first.phase_1,
            phase_2,
            phase_3,
            phase_4,
            phase_5,
            phase_6: first.phase_6,
            phase_7: first.phase_7,
            phase_8: phase_8_value,
            phase_9: last.phase_9,
            phase_10: last.phase_10,
            phase_10_failed: last.phase_10_failed,
        },
        phase_8: Phase8 {
            theta,
            chance: solved.turn.chance,
            // the turn's value is E[score − theta when made] = score − theta · chance
            expected_score: solved.turn.value + theta * solved.turn.chance,
            newton: solved
                .steps
                .iter()
                .map(|&(theta, turn)| Step::at(theta, turn))
                .collect(),
            below: Step::at(theta - BRACKET, below),
            above: Step::at(theta + BRACKET, above),
        },
        seconds: 0.0,
        peak_memory_mib: 0.0,
    };
    say("each state's chance…");
    solitaire.chances = chances(&solitaire);
    solitaire.seconds = started.elapsed().as_secs_f64();
    solitaire.peak_memory_mib = peak_memory_mib();
    Ok(solitaire)
}

/// The expected grand total with every turn played for `goal`, computed as best play is: phase 8
/// in closed form (one state: made with the goal's chance and expected score, else tried again).
fn every_turn_for(goal: Goal) -> f64 {
    let play = Play::For(goal);
    let last = last_phases(play);
    let turn = one_turn_of(&PHASES[7], goal);
    let (chance, score) = (turn.chance.to_f64(), turn.expected_score.to_f64());
    // x = score + chance · V9 + (1 − chance) · (x − 5)
    let phase_8 = (score + chance * last.phase_9 - (1.0 - chance) * MISS) / chance;
    first_phases(phase_8, play).phase_1
}

/// Every state's chance that its turn, played best for the whole game, makes the phase.
fn chances(solitaire: &Solitaire) -> States {
    let chance = |phase: u8, phases_total: u32, failed_on_phase_10: bool| {
        let state = State {
            phase,
            phases_total,
            failed_on_phase_10,
        };
        let verdicts = Verdicts::of(&PHASES[usize::from(phase) - 1]);
        let ends = solitaire
            .ends(state, verdicts.best_score())
            .expect("a state of the file");
        let ends = EndValues {
            made: &ends.made,
            missed: ends.missed,
        };
        1.0 - ValuedTurn::new(&verdicts, &ends, Play::Best).whole.miss
    };
    let by_total = |phase: u8, values: &Vec<f64>| -> Vec<f64> {
        (0..values.len() as u32)
            .map(|t| chance(phase, t, false))
            .collect()
    };
    let s = &solitaire.states;
    States {
        phase_1: chance(1, 0, false),
        phase_2: by_total(2, &s.phase_2),
        phase_3: by_total(3, &s.phase_3),
        phase_4: by_total(4, &s.phase_4),
        phase_5: by_total(5, &s.phase_5),
        phase_6: chance(6, 0, false),
        phase_7: chance(7, 0, false),
        phase_8: solitaire.phase_8.chance,
        phase_9: chance(9, 0, false),
        phase_10: chance(10, 0, false),
        phase_10_failed: chance(10, 0, true),
    }
}

/// The most memory the process has held, from Linux's `VmHWM` (0 elsewhere).
fn peak_memory_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib / 1024.0)
        })
        .unwrap_or(0.0)
}
