//! The advice for a whole solitaire game (`goal: game`, RULES §11) in the advice bench: one
//! answer in a state already asked about (a game asks about its state at every roll of a turn),
//! for the phases of numbers and for phase 8, against the evaluator on the same dice in the same
//! run; the first answer in a new state apart (it plays the state's turn out); the resident
//! memory with its states kept. Phase 8 with two rolls left reads the table
//! `PHASE_8_TABLE` names (`phase10 solitaire --phase-8-table PATH`), and is left out without it.
use std::hint::black_box;
use std::time::Instant;

use criterion::{BenchmarkGroup, Criterion, Throughput, measurement::WallTime};
use phase10::rules::PHASES;
use phase10::rules::dice::advice::Lying;
use phase10::rules::dice::layout::{DiceLayout, DieId};
use phase10::rules::dice::{Die, Roll, evaluate};
use phase10::whole_game::advice::GameAdvisor;
use phase10::whole_game::phase_8_table::Phase8Table;
use phase10::whole_game::{State, published};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

pub const GROUP: &str = "whole_game";
/// Positions per kind.
pub const POSITIONS: usize = 200;

fn state(phase: u8) -> State {
    State {
        phase,
        phases_total: if (2..=5).contains(&phase) {
            40 * u32::from(phase - 1)
        } else {
            0
        },
        failed_on_phase_10: false,
    }
}

/// Ten named dice as they fell.
fn rolled(rng: &mut SmallRng) -> Vec<Lying> {
    DieId::ALL
        .iter()
        .map(|&id| {
            let face = DiceLayout::Standard.faces(id)[rng.random_range(0..6)];
            Lying {
                die: Die::new(face.face, face.color),
                id: Some(id),
            }
        })
        .collect()
}

/// The kinds timed: a phase and the rolls left.
pub const KINDS: [(&str, u8, u8); 4] = [
    ("game_phase_3_1", 3, 1),
    ("game_phase_3_2", 3, 2),
    ("game_phase_8_1", 8, 1),
    ("game_phase_8_2", 8, 2),
];

pub fn bench(c: &mut Criterion) {
    let table = std::env::var_os("PHASE_8_TABLE").map(|path| {
        Phase8Table::open(path.as_ref(), published().phase_8.theta).expect("the phase 8 table")
    });
    let has_table = table.is_some();
    let advisor = GameAdvisor::new(table);
    let mut group = c.benchmark_group(GROUP);
    group.sample_size(20);
    let mut rng = SmallRng::seed_from_u64(38);
    let dice: Vec<Vec<Lying>> = (0..POSITIONS).map(|_| rolled(&mut rng)).collect();
    for (name, phase, rolls_left) in KINDS {
        if phase == 8 && rolls_left == 2 && !has_table {
            println!("{name}: left out (no PHASE_8_TABLE)");
            continue;
        }
        let rules = &PHASES[usize::from(phase) - 1];
        advisor
            .advise(rules, &dice[0], rolls_left, state(phase))
            .expect("warmed");
        time(&mut group, name, &dice, |d| {
            black_box(
                advisor
                    .advise(rules, d, rolls_left, state(phase))
                    .expect("advised"),
            );
        });
    }
    let rolls: Vec<Roll> = dice
        .iter()
        .map(|d| Roll::new(d.iter().map(|l| l.die).collect()).expect("ten dice"))
        .collect();
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("game_evaluate", |b| {
        b.iter(|| {
            for roll in &rolls {
                black_box(evaluate(&PHASES[2], black_box(roll)));
            }
        })
    });
    group.finish();
}

fn time(
    group: &mut BenchmarkGroup<WallTime>,
    name: &str,
    dice: &[Vec<Lying>],
    advise: impl Fn(&[Lying]),
) {
    group.throughput(Throughput::Elements(dice.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            for d in dice {
                advise(black_box(d));
            }
        })
    });
}

/// The first answer in a new state of each phase of numbers: the state's turn played out.
pub fn first_answers_in_a_new_state() {
    let mut rng = SmallRng::seed_from_u64(39);
    let mut times: Vec<f64> = PHASES
        .iter()
        .filter(|p| p.number.get() != 8)
        .map(|rules| {
            let advisor = GameAdvisor::new(None);
            let dice = rolled(&mut rng);
            let start = Instant::now();
            black_box(
                advisor
                    .advise(rules, &dice, 2, state(rules.number.get()))
                    .expect("advised"),
            );
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "  goal game, the first answer in a new state (its turn played out), 9 phases: median {:.1} ms, max {:.1} ms",
        times[times.len() / 2],
        times[times.len() - 1]
    );
}
