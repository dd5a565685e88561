//! `cargo bench --bench advice`: one answer of the advisor (RULES §8) after warm-up, against the
//! evaluator on the same dice in the same run. A fixed mix of 1,000 positions of real dice (all
//! ten, with their names), position `i` on phase `i % 10 + 1`, with one or two rolls left in
//! turn, goal `make` (and `score` for two rolls left, timed apart). Before criterion runs, it
//! builds every table and reports how long that took and the process's resident memory; after,
//! the median time per answer of each and their ratio, from this run's samples, and the spread
//! of single answers of the slowest kind, phase 8 with two rolls left. Dice without names
//! (RULES §8): the phase 8 positions of the mix whose faces fit the physical dice in several
//! ways, advised without their names and, in the same run, with them.
#[path = "advice/whole_game.rs"]
mod whole_game;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use criterion::{Criterion, Throughput};
use phase10::rules::dice::advice::{
    Goal, Lying, advise, one_turn_of, phase_8_best_choices, ways_dice_lie,
};
use phase10::rules::dice::layout::{DiceLayout, DieId};
use phase10::rules::dice::{Die, Roll, evaluate};
use phase10::rules::{PHASES, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const POSITIONS: usize = 1_000;
const GROUP: &str = "advice";

struct Position {
    phase: &'static Phase,
    lying: Vec<Lying>,
    roll: Roll,
    rolls_left: u8,
    /// The same dice without their names.
    unnamed: Vec<Lying>,
    /// How many ways they fit the physical dice without their names.
    ways: usize,
}

/// Which positions a kind times, and how their dice are given.
#[derive(Clone, Copy, PartialEq)]
enum Given {
    /// Every position of its phases, named.
    All,
    /// The positions that fit in several ways, named.
    SeveralWaysNamed,
    /// The same positions without names.
    SeveralWaysUnnamed,
}

fn mix() -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(13);
    (0..POSITIONS)
        .map(|i| {
            let lying: Vec<Lying> = DieId::ALL
                .iter()
                .map(|&id| {
                    let face = DiceLayout::Standard.faces(id)[rng.random_range(0..6)];
                    Lying {
                        die: Die::new(face.face, face.color),
                        id: Some(id),
                    }
                })
                .collect();
            let roll = Roll::new(lying.iter().map(|l| l.die).collect()).expect("ten dice");
            let unnamed: Vec<Lying> = lying.iter().map(|l| Lying { id: None, ..*l }).collect();
            let ways = ways_dice_lie(DiceLayout::Standard, &unnamed)
                .expect("no names")
                .len();
            Position {
                phase: &PHASES[i % 10],
                lying,
                roll,
                rolls_left: 1 + (i / 10 % 2) as u8,
                unnamed,
                ways,
            }
        })
        .collect()
}

/// The kinds of answer timed apart: (name, phase 8 or not, rolls left, goal, dice given).
type Kind = (&'static str, bool, u8, Goal, Given);
const KINDS: [Kind; 10] = [
    ("numbers_1_roll_left", false, 1, Goal::Make, Given::All),
    ("numbers_2_rolls_left", false, 2, Goal::Make, Given::All),
    (
        "numbers_2_rolls_left_score",
        false,
        2,
        Goal::Score,
        Given::All,
    ),
    ("phase_8_1_roll_left", true, 1, Goal::Make, Given::All),
    ("phase_8_2_rolls_left", true, 2, Goal::Make, Given::All),
    (
        "phase_8_2_rolls_left_score",
        true,
        2,
        Goal::Score,
        Given::All,
    ),
    (
        "phase_8_1_several_ways_named",
        true,
        1,
        Goal::Make,
        Given::SeveralWaysNamed,
    ),
    (
        "phase_8_1_several_ways_unnamed",
        true,
        1,
        Goal::Make,
        Given::SeveralWaysUnnamed,
    ),
    (
        "phase_8_2_several_ways_named",
        true,
        2,
        Goal::Make,
        Given::SeveralWaysNamed,
    ),
    (
        "phase_8_2_several_ways_unnamed",
        true,
        2,
        Goal::Make,
        Given::SeveralWaysUnnamed,
    ),
];

fn of_kind(cases: &[Position], colors: bool, rolls_left: u8, given: Given) -> Vec<&Position> {
    cases
        .iter()
        .filter(|c| (c.phase.number.get() == 8) == colors && c.rolls_left == rolls_left)
        .filter(|c| given == Given::All || c.ways > 1)
        .collect()
}

fn bench(c: &mut Criterion, cases: &[Position]) {
    let mut group = c.benchmark_group(GROUP);
    group.sample_size(20);
    for (name, colors, rolls_left, goal, given) in KINDS {
        let cases = of_kind(cases, colors, rolls_left, given);
        bench_advice(&mut group, name, &cases, goal, given);
    }
    bench_evaluate(&mut group, cases);
    group.finish();
}

fn bench_advice(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    name: &str,
    cases: &[&Position],
    goal: Goal,
    given: Given,
) {
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            for case in cases {
                let dice = match given {
                    Given::SeveralWaysUnnamed => &case.unnamed,
                    _ => &case.lying,
                };
                let advice = advise(
                    case.phase,
                    DiceLayout::Standard,
                    black_box(dice),
                    case.rolls_left,
                    goal,
                );
                black_box(advice.expect("a position"));
            }
        })
    });
}

fn bench_evaluate(
    group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>,
    cases: &[Position],
) {
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            for case in cases {
                black_box(evaluate(case.phase, black_box(&case.roll)));
            }
        })
    });
}

fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

fn median_pass_ns(name: &str) -> Option<f64> {
    let path = criterion_home()
        .join(GROUP)
        .join(name)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(&path).ok()?;
    let estimates: serde_json::Value = serde_json::from_str(&text).ok()?;
    estimates["median"]["point_estimate"].as_f64()
}

/// The process's resident memory, from `/proc/self/status`.
fn resident_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024.0)
}

/// Phase 8 with two rolls left is the slowest kind, and its time depends on the position: the
/// spread of single answers (the rules' part, five choices shown) over random positions.
fn phase_8_spread() {
    let mut rng = SmallRng::seed_from_u64(99);
    for goal in [Goal::Make, Goal::Score] {
        let mut times: Vec<f64> = (0..3_000)
            .map(|_| {
                let faces = std::array::from_fn(|_| rng.random_range(0..6));
                let start = Instant::now();
                black_box(phase_8_best_choices(faces, 2, goal, 5));
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        println!(
            "  phase 8, 2 rolls left, {goal:?}, 3,000 random positions one by one: p50 {:.1} µs, p90 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
            at(0.5),
            at(0.9),
            at(0.99),
            at(1.0)
        );
    }
}

fn main() {
    let cases = mix();
    let before = resident_mib().unwrap_or(0.0);
    let start = Instant::now();
    for phase in &PHASES {
        for goal in [Goal::Make, Goal::Score] {
            black_box(one_turn_of(phase, goal));
        }
        // The tables of a position with two rolls left, where they are built on demand.
        let case = cases.iter().find(|c| c.phase == phase && c.rolls_left == 2);
        for goal in [Goal::Make, Goal::Score] {
            let case = case.expect("every phase has a position");
            black_box(advise(phase, DiceLayout::Standard, &case.lying, 2, goal).ok());
        }
    }
    let built = start.elapsed();
    let after = resident_mib().unwrap_or(0.0);
    println!(
        "every table built in {:.2} s; resident memory {before:.0} MiB before, {after:.0} MiB after",
        built.as_secs_f64()
    );

    let mut criterion = Criterion::default().configure_from_args();
    bench(&mut criterion, &cases);
    whole_game::bench(&mut criterion);
    criterion.final_summary();
    println!(
        "resident memory with the whole game's states kept: {:.0} MiB",
        resident_mib().unwrap_or(0.0)
    );
    whole_game_summary();

    let Some(evaluate) = median_pass_ns("evaluate") else {
        println!("(run every benchmark to see the summary)");
        return;
    };
    let evaluate = evaluate / POSITIONS as f64;
    println!("median time per answer (criterion's median pass / positions):");
    println!("  evaluate (baseline, all {POSITIONS})  {evaluate:>10.0} ns");
    for (name, colors, rolls_left, _, given) in KINDS {
        let count = of_kind(&cases, colors, rolls_left, given).len();
        if let Some(pass) = median_pass_ns(name) {
            let per = pass / count as f64;
            println!(
                "  advise, {name:<28} ({count:>3})  {per:>10.0} ns  {:>8.1}x the evaluator",
                per / evaluate
            );
        }
    }
    for rolls_left in [1, 2] {
        let named = median_pass_ns(&format!("phase_8_{rolls_left}_several_ways_named"));
        let unnamed = median_pass_ns(&format!("phase_8_{rolls_left}_several_ways_unnamed"));
        if let (Some(named), Some(unnamed)) = (named, unnamed) {
            let ways: Vec<usize> = of_kind(&cases, true, rolls_left, Given::SeveralWaysUnnamed)
                .iter()
                .map(|c| c.ways)
                .collect();
            println!(
                "  phase 8, {rolls_left} roll(s) left, dice without names: {:.2}x the same positions named ({} positions, {} to {} ways)",
                unnamed / named,
                ways.len(),
                ways.iter().min().unwrap_or(&0),
                ways.iter().max().unwrap_or(&0)
            );
        }
    }
    phase_8_spread();
}

/// The whole game's answers: median per answer and against the evaluator in the same run.
fn whole_game_summary() {
    let median_in = |name: &str| -> Option<f64> {
        let path = criterion_home()
            .join(whole_game::GROUP)
            .join(name)
            .join("new/estimates.json");
        let estimates: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
        Some(estimates["median"]["point_estimate"].as_f64()? / whole_game::POSITIONS as f64)
    };
    let Some(evaluate) = median_in("game_evaluate") else {
        return;
    };
    println!("goal game, median time per answer in a state already asked about:");
    for (name, _, _) in whole_game::KINDS {
        if let Some(per) = median_in(name) {
            println!(
                "  {name:<16} {:>10.1} µs  {:>8.1}x the evaluator ({:.0} ns)",
                per / 1e3,
                per / evaluate,
                evaluate
            );
        }
    }
    whole_game::first_answers_in_a_new_state();
}
