//! `cargo bench --bench evaluate`: the evaluator against the brute-force reference, on the same
//! fixed mix of 10,000 random rollable rolls (all ten standard dice, with colors) spread over the
//! ten phases. After criterion's own report it prints the median time per evaluation of each,
//! and their ratio, from this run's samples.

#[path = "../crates/rules/tests/support/mod.rs"]
mod support;

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput};
use phase10::rules::dice::{DiceLayout, Roll, evaluate};
use phase10::rules::{PHASES, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const ROLLS: usize = 10_000;
const GROUP: &str = "evaluate";

/// The fixed mix: roll `i` is evaluated for phase `i % 10 + 1`.
fn mix() -> Vec<(&'static Phase, Roll)> {
    let mut rng = SmallRng::seed_from_u64(10);
    (0..ROLLS)
        .map(|i| {
            let faces: [usize; 10] = std::array::from_fn(|_| rng.random_range(0..6));
            let dice = support::physical_roll(DiceLayout::Standard, faces, 0x3ff, false);
            (&PHASES[i % 10], Roll::new(dice).expect("ten dice"))
        })
        .collect()
}

fn bench(c: &mut Criterion, cases: &[(&'static Phase, Roll)]) {
    let mut group = c.benchmark_group(GROUP);
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.sample_size(20);
    group.bench_function("evaluator", |b| {
        b.iter(|| {
            for (phase, roll) in cases {
                black_box(evaluate(phase, black_box(roll)));
            }
        })
    });
    group.bench_function("reference", |b| {
        b.iter(|| {
            for (phase, roll) in cases {
                black_box(support::reference::best_score(
                    phase,
                    black_box(roll.dice()),
                ));
            }
        })
    });
    group.finish();
}

/// Where criterion writes its estimates (the same rule criterion uses, short of asking cargo).
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("criterion")
}

/// The median time of one pass over all the rolls, in nanoseconds, from this run's samples.
fn median_pass_ns(name: &str) -> Option<f64> {
    let path = criterion_home()
        .join(GROUP)
        .join(name)
        .join("new/estimates.json");
    let text = std::fs::read_to_string(&path).ok()?;
    let estimates: serde_json::Value = serde_json::from_str(&text).ok()?;
    estimates["median"]["point_estimate"].as_f64()
}

fn main() {
    let cases = mix();
    let mut criterion = Criterion::default().configure_from_args();
    bench(&mut criterion, &cases);
    criterion.final_summary();

    let (Some(evaluator), Some(reference)) =
        (median_pass_ns("evaluator"), median_pass_ns("reference"))
    else {
        println!("(run both benchmarks to see the summary)");
        return;
    };
    let per = |pass: f64| pass / ROLLS as f64;
    println!("median per evaluation over {ROLLS} rolls:");
    println!("  evaluator  {:>10.1} ns", per(evaluator));
    println!("  reference  {:>10.1} ns", per(reference));
    println!(
        "  ratio      {:>10.1}x faster than the reference",
        reference / evaluator
    );
}
