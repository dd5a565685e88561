//! The values of a whole solitaire game between turns (RULES §11), for the phases of numbers.
//!
//! A state is the phase, the total of the phases made (until phase 5 is made: it decides the
//! Five Phase Bonus) and, on phase 10, whether it has failed (the First Finish Bonus is only for
//! the first try). Its value is the expected points still to come with best play. A turn ends
//! made with score `s` (worth `s`, the bonuses it earns and the next state's value) or missed
//! (−5 and the same state, or on phase 10 the state that has failed), so a state's value `x` is
//! the fixed point of `x = T(x − 5)`, `T` the value of its turn played best (`valued`) as a
//! function of what a miss is worth.
//!
//! `T` is the highest of straight lines (one per way of playing the turn, of slope its chance
//! of a miss, below 1), so `x ↦ T(x − 5) − x` is convex and decreasing, and Newton's method
//! from any start reaches its root in a finite number of steps: each step is the value of the
//! play that was best at the previous point, solved in closed form, and it stops when the play
//! no longer changes. Value iteration, `x ← T(x − 5)`, reaches the same point slowly; the tests
//! hold one against the other.
//!
//! Phase 8 is not here: its dice have colors, and its tables (`phase_8`) rank by chance or by
//! score, facts that hold only for ends worth more when made. A whole game values a phase 8 made
//! with a low score below a miss (the next try is worth more than 5 points), which those facts
//! do not cover. The values of phases 1 to 7 are therefore given here for a value of phase 8
//! onwards that the caller provides.

use super::valued::{EndValues, Play, Valued, ValuedTurn, Verdicts};
use crate::PHASES;

pub mod patterns;
pub mod phase_8;
#[cfg(test)]
mod phase_8_tests;

/// The points a miss costs in solitaire.
pub const MISS: f64 = 5.0;
/// The First Finish Bonus, for phase 10 made on its first try.
pub const FIRST_FINISH: f64 = 40.0;
/// The Five Phase Bonus, when phases 1 to 5 come to more than `FIVE_PHASE_LINE`.
pub const FIVE_PHASE: f64 = 40.0;
pub const FIVE_PHASE_LINE: usize = 220;

/// Newton's steps before giving up (a handful are ever needed).
const MOST_STEPS: usize = 64;

/// The fixed point `x = turn(x − MISS)` by Newton's method from `start`, and the steps taken.
///
/// # Panics
/// If the turn always misses, or the steps do not settle.
pub fn fixed_point(turn: impl Fn(f64) -> Valued, start: f64) -> (f64, usize) {
    let mut x = start;
    for step in 1..=MOST_STEPS {
        let missed = x - MISS;
        let at = turn(missed);
        assert!(at.miss < 1.0, "a turn that always misses has no value");
        // the play best at `x` is a line: value = rest + miss · missed
        let rest = at.value - at.miss * missed;
        let next = (rest - MISS * at.miss) / (1.0 - at.miss);
        // after the first step the points rise to the root; equal up to rounding: settled
        if step > 1 && next <= x + 1e-12 * x.abs().max(1.0) {
            return (next.max(x), step);
        }
        x = next;
    }
    panic!("Newton's method did not settle in {MOST_STEPS} steps")
}

/// The same fixed point by value iteration, `x ← turn(x − MISS)`, until it moves no more.
pub fn by_iteration(turn: impl Fn(f64) -> Valued, start: f64) -> f64 {
    let mut x = start;
    for _ in 0..10_000 {
        let next = turn(x - MISS).value;
        if (next - x).abs() <= 1e-13 * x.abs().max(1.0) {
            return next;
        }
        x = next;
    }
    panic!("value iteration did not settle")
}

/// A turn of a phase of numbers played for these ends.
fn turn_of(verdicts: &Verdicts, made: &[f64], missed: f64, play: Play) -> Valued {
    ValuedTurn::new(verdicts, &EndValues { made, missed }, play).whole
}

/// The value of each score made, from what each adds and leads to.
fn made_values(verdicts: &Verdicts, worth: impl Fn(usize) -> f64) -> Vec<f64> {
    (0..=verdicts.best_score()).map(worth).collect()
}

/// The values of the states of phases 9 and 10.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LastPhases {
    pub phase_9: f64,
    /// Phase 10, first try still to come.
    pub phase_10: f64,
    /// Phase 10 after it has failed once.
    pub phase_10_failed: f64,
}

pub fn last_phases(play: Play) -> LastPhases {
    let ten = Verdicts::of(&PHASES[9]);
    let scores = made_values(&ten, |s| s as f64);
    let (phase_10_failed, _) = fixed_point(|missed| turn_of(&ten, &scores, missed, play), 0.0);
    let first = made_values(&ten, |s| s as f64 + FIRST_FINISH);
    let phase_10 = turn_of(&ten, &first, phase_10_failed - MISS, play).value;
    let nine = Verdicts::of(&PHASES[8]);
    let on = made_values(&nine, |s| s as f64 + phase_10);
    let (phase_9, _) = fixed_point(|missed| turn_of(&nine, &on, missed, play), 0.0);
    LastPhases {
        phase_9,
        phase_10,
        phase_10_failed,
    }
}

/// The values of the states of phases 1 to 7, given the value of phase 8 (first turn to come).
#[derive(Debug, Clone, PartialEq)]
pub struct FirstPhases {
    /// The start of a game: phase 1, nothing made.
    pub phase_1: f64,
    /// `by_total[p - 2][t]`: phase `p` (2 to 5) with `t` points made in the phases before.
    pub by_total: [Vec<f64>; 4],
    pub phase_6: f64,
    pub phase_7: f64,
    /// Fixed points solved, and turns played out (Newton's steps) to solve them.
    pub solved: usize,
    pub turns: usize,
}

/// Solves the states of one phase, one per total, each a fixed point whose made phase is worth
/// `worth(total, score)`; states whose made values are the same are solved once. Two threads.
fn per_total(
    verdicts: &Verdicts,
    totals: usize,
    play: Play,
    worth: impl Fn(usize, usize) -> f64 + Sync,
) -> (Vec<f64>, usize, usize) {
    let made: Vec<Vec<f64>> = (0..totals)
        .map(|t| made_values(verdicts, |s| worth(t, s)))
        .collect();
    let mut distinct: Vec<usize> = Vec::new();
    let mut same_as = vec![0; totals];
    for t in 0..totals {
        match distinct.iter().position(|&d| made[d] == made[t]) {
            Some(i) => same_as[t] = i,
            None => {
                same_as[t] = distinct.len();
                distinct.push(t);
            }
        }
    }
    let solve = |t: usize| fixed_point(|missed| turn_of(verdicts, &made[t], missed, play), 0.0);
    let half = distinct.len().div_ceil(2);
    let (first, second) = distinct.split_at(half);
    let solved: Vec<(f64, usize)> = std::thread::scope(|scope| {
        let other = scope.spawn(|| second.iter().map(|&t| solve(t)).collect::<Vec<_>>());
        let mut solved: Vec<(f64, usize)> = first.iter().map(|&t| solve(t)).collect();
        solved.extend(other.join().expect("a solving thread"));
        solved
    });
    let turns = solved.iter().map(|(_, steps)| steps).sum();
    let values = same_as.iter().map(|&i| solved[i].0).collect();
    (values, distinct.len(), turns)
}

/// The highest total of the phases before phase `p` (1-based), plus one: the totals to solve.
fn totals_before(best: &[usize], phase: usize) -> usize {
    best[..phase - 1].iter().sum::<usize>() + 1
}

/// The values of the states of phases 1 to 7 for this value of phase 8, each turn played `play`.
pub fn first_phases(phase_8: f64, play: Play) -> FirstPhases {
    let verdicts: Vec<Verdicts> = PHASES[..7].iter().map(Verdicts::of).collect();
    let best: Vec<usize> = verdicts.iter().map(Verdicts::best_score).collect();
    let mut solved = 0;
    let mut turns = 0;
    let mut single = |phase: usize, next: f64| {
        let on = made_values(&verdicts[phase - 1], |s| s as f64 + next);
        let (value, steps) = fixed_point(
            |missed| turn_of(&verdicts[phase - 1], &on, missed, play),
            0.0,
        );
        solved += 1;
        turns += steps;
        value
    };
    let phase_7 = single(7, phase_8);
    let phase_6 = single(6, phase_7);
    let five = &verdicts[4];
    let (by_5, n, t) = per_total(five, totals_before(&best, 5), play, |total, s| {
        let bonus = if total + s > FIVE_PHASE_LINE {
            FIVE_PHASE
        } else {
            0.0
        };
        s as f64 + bonus + phase_6
    });
    let (mut solved, mut turns) = (solved + n, turns + t);
    let mut next = by_5.clone();
    let mut by_total = [Vec::new(), Vec::new(), Vec::new(), by_5];
    for phase in (2..=4).rev() {
        let after = next.clone();
        let (values, n, t) = per_total(
            &verdicts[phase - 1],
            totals_before(&best, phase),
            play,
            |total, s| s as f64 + after[total + s],
        );
        solved += n;
        turns += t;
        by_total[phase - 2] = values.clone();
        next = values;
    }
    let on = made_values(&verdicts[0], |s| s as f64 + next[s]);
    let (phase_1, steps) = fixed_point(|missed| turn_of(&verdicts[0], &on, missed, play), 0.0);
    FirstPhases {
        phase_1,
        by_total,
        phase_6,
        phase_7,
        solved: solved + 1,
        turns: turns + steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::advice::{Goal, one_turn_of};

    #[test]
    fn newton_and_value_iteration_reach_the_same_fixed_points() {
        let last = last_phases(Play::Best);
        let ten = Verdicts::of(&PHASES[9]);
        let scores = made_values(&ten, |s| s as f64);
        let slowly = by_iteration(|missed| turn_of(&ten, &scores, missed, Play::Best), 0.0);
        assert!(
            (slowly - last.phase_10_failed).abs() < 1e-9,
            "{slowly} {last:?}"
        );
        // from far above, as from below
        let (from_above, _) =
            fixed_point(|missed| turn_of(&ten, &scores, missed, Play::Best), 500.0);
        assert!((from_above - last.phase_10_failed).abs() < 1e-9);
        let nine = Verdicts::of(&PHASES[8]);
        let on = made_values(&nine, |s| s as f64 + last.phase_10);
        let slowly = by_iteration(|missed| turn_of(&nine, &on, missed, Play::Best), 0.0);
        assert!((slowly - last.phase_9).abs() < 1e-9, "{slowly} {last:?}");
    }

    /// A whole game's play is at least as good as any one goal's, each turn played for it: the
    /// value of that play in closed form, a lower bound for the fixed point.
    #[test]
    fn best_play_is_worth_at_least_playing_every_turn_for_one_goal() {
        let last = last_phases(Play::Best);
        for goal in [Goal::Make, Goal::Score] {
            let turn = one_turn_of(&PHASES[9], goal);
            let (chance, score) = (turn.chance.to_f64(), turn.expected_score.to_f64());
            // phase 10 after a failure: score per try made, −5 per miss, until made
            let failed = (score - MISS * (1.0 - chance)) / chance;
            assert!(last.phase_10_failed >= failed - 1e-9, "{goal:?}");
        }
        // a first try is worth more than a later one, by less than the bonus
        assert!(last.phase_10 > last.phase_10_failed);
        assert!(last.phase_10 < last.phase_10_failed + FIRST_FINISH);
    }

    /// Why phase 8 is not here: playing every phase 8 turn for `make` is worth so much more than
    /// phase 9 onwards that a phase 8 made with fewer points than that margin less 5 is worth
    /// less than a miss. The best play can only widen the margin.
    #[test]
    fn a_phase_8_made_with_few_points_is_worth_less_than_a_miss() {
        let last = last_phases(Play::Best);
        let turn = one_turn_of(&PHASES[7], Goal::Make);
        let (chance, score) = (turn.chance.to_f64(), turn.expected_score.to_f64());
        let phase_8_at_least = last.phase_9 + (score - MISS * (1.0 - chance)) / chance;
        // a phase 8 made with `s` is worth s + phase_9; a miss, phase_8 − 5
        let made_below_a_miss = phase_8_at_least - MISS - last.phase_9;
        assert!(made_below_a_miss > 29.0, "{made_below_a_miss}");
    }

    /// And why the phase 8 tables cannot be reused for it: with one roll left, they keep the dice
    /// of one color only (fact 2 of `phase_8`), which is best when a made phase is worth its
    /// score, but not when it is worth `K` less (`K` above 29, as above): then keeping dice of
    /// several colors, to stop a low-scoring color from reaching 7, can be strictly better.
    #[test]
    fn valuing_a_low_phase_8_below_a_miss_breaks_the_one_color_keeps() {
        use crate::dice::advice::phase_8_choices;
        use crate::dice::{DiceLayout, DieId};
        use rand::rngs::SmallRng;
        use rand::{Rng, SeedableRng};
        let color =
            |d: usize, f: u8| DiceLayout::Standard.faces(DieId::ALL[d])[usize::from(f)].color;
        let mut rng = SmallRng::seed_from_u64(8);
        let mut broken = 0;
        for _ in 0..2000 {
            let faces: [u8; 10] = std::array::from_fn(|_| rng.random_range(0..6));
            let choices = phase_8_choices(faces, 1, Goal::Make);
            for below in [29.0, 35.0] {
                let worth = |mask: usize| {
                    let o = choices[mask];
                    o.expected_score.to_f64() - below * o.chance.to_f64()
                };
                let (mut one_color, mut several) = (f64::MIN, f64::MIN);
                for mask in 0..1024usize {
                    let mut kept = (0..10)
                        .filter(|d| mask & 1 << d == 0)
                        .map(|d| color(d, faces[d]));
                    let first = kept.next();
                    let best = if kept.all(|c| Some(c) == first) {
                        &mut one_color
                    } else {
                        &mut several
                    };
                    *best = best.max(worth(mask));
                }
                if several > one_color + 1e-9 {
                    broken += 1;
                }
            }
        }
        println!("{broken} of 4000 positions and values of K");
        assert!(broken > 0, "every best keep kept one color");
    }

    /// The states below phase 8, for some value of phase 8 (the time it takes is printed: run
    /// with `--ignored --nocapture` in a release build to see it).
    #[test]
    #[ignore = "seconds: every state of phases 1 to 7 is solved"]
    fn the_states_below_phase_8_grow_with_what_is_made() {
        let last = last_phases(Play::Best);
        let start = std::time::Instant::now();
        // any value of phase 8 will do here; a made phase 8 is worth 40 to 60 points
        let first = first_phases(last.phase_9 + 40.0, Play::Best);
        println!(
            "{} fixed points, {} turns played out, in {:.2} s; start {:.3}",
            first.solved,
            first.turns,
            start.elapsed().as_secs_f64(),
            first.phase_1
        );
        // More points made before phase 5 never hurt: the bonus only comes closer. Past the
        // line it is certain, and worth at most its 40 points more than when out of reach.
        let five = &first.by_total[3];
        assert!(five.windows(2).all(|w| w[1] >= w[0] - 1e-9));
        let (far, sure) = (five[0], five[FIVE_PHASE_LINE + 1]);
        assert!(
            sure > far && sure <= far + FIVE_PHASE + 1e-9,
            "{far} {sure}"
        );
        // A state's value counts what is still to come: phase 6 onwards is the same for all.
        assert!(first.phase_6 > first.phase_7 && first.phase_1 > five[0]);
    }
}
