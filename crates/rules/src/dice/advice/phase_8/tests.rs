use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::*;

impl Plan {
    /// Best play from a position with two rolls left, as `one_turn` finds it, over 6^20.
    fn best_at(&self, common: &Common, faces: &Faces) -> Figures {
        let goal = self.goal();
        let mut best = self.best.best(common.sets.of(faces));
        for (pattern, figures) in &self.exceptions {
            if (0..DICE).all(|d| pattern[d] == ROLLED as u8 || pattern[d] == faces[d]) {
                best = best.or(*figures, goal);
            }
        }
        best
    }
}

/// A position holding `pattern`: its kept dice on their faces, the others on random faces.
fn holding(pattern: &[u8; DICE], rng: &mut SmallRng) -> Faces {
    pattern.map(|f| match usize::from(f) {
        ROLLED => rng.random_range(0..6),
        f => f as u8,
    })
}

/// Every outcome of rolling `dice` from `faces`.
fn outcomes<'a>(faces: &'a Faces, dice: &'a [usize]) -> impl Iterator<Item = Faces> + 'a {
    (0..FACES.pow(dice.len() as u32)).map(move |code| {
        let mut outcome = *faces;
        let mut rest = code;
        for &d in dice {
            outcome[d] = (rest % FACES) as u8;
            rest /= FACES;
        }
        outcome
    })
}

/// Fact 2: every keep of at most six dice (a keep of seven or more leaves at most one color
/// able to reach 7) that keeps several colors is matched by keeping only one of them.
#[test]
fn one_roll_left_keeps_one_color() {
    let common = &*COMMON;
    let mut several_can_reach = 0;
    for kept_dice in (0u32..1 << DICE).filter(|m| (1..=6).contains(&m.count_ones())) {
        let dice: Vec<usize> = (0..DICE).filter(|d| kept_dice >> d & 1 == 1).collect();
        for code in 0..FACES.pow(dice.len() as u32) {
            let mut last_index = [0u32; COLORS];
            let mut set = [0u32; COLORS];
            let mut per_color = [0usize; COLORS];
            let mut rest = code;
            for &d in &dice {
                let f = rest % FACES;
                rest /= FACES;
                let c = common.layout.color(d, f);
                per_color[c] += 1;
                for other in 0..COLORS {
                    last_index[other] += common.last.index.digit[other][d][f];
                    set[other] += common.sets.digit[other][d][f];
                }
            }
            if per_color.iter().filter(|&&n| n > 0).count() < 2 {
                continue;
            }
            let value = (0..COLORS)
                .fold(Figures::default(), |sum, c| {
                    sum.plus(common.last.table[c][last_index[c] as usize])
                })
                .times(six_to(dice.len()));
            let alone: Vec<Figures> = (0..COLORS)
                .map(|c| common.keep[c][set[c] as usize])
                .collect();
            let can_reach = per_color.iter().filter(|&&n| dice.len() - n <= 3).count();
            if can_reach >= 2 {
                several_can_reach += 1;
                assert!(
                    alone
                        .iter()
                        .any(|a| a.chance > value.chance && a.score > value.score),
                    "{dice:?} {code}"
                );
            } else {
                assert!(
                    alone
                        .iter()
                        .any(|a| a.chance >= value.chance && a.score >= value.score),
                    "{dice:?} {code}"
                );
            }
        }
    }
    assert_eq!(several_can_reach, 1_489_310);
}

/// Fact 4 for the patterns outside the table: no pattern keeping six to nine dice of several
/// colors beats, with two rolls left, every one-color pattern it contains. Exhaustive: every
/// such pattern's sum is built by the sweeps of `TwoRollsLeft::new`, extended to the low dice
/// rolled again by accumulating over their faces in six orders of the low dice (each subset
/// of the low dice is a prefix of one of them). Half a minute a goal (the crate is optimised in
/// tests), so CI runs it rather than every `cargo test`:
/// `cargo test --lib phase_8 -- --ignored`.
#[test]
#[ignore = "exhaustive, 2 x 219,731,480 patterns: run by .ci/run"]
fn two_rolls_left_exceptions_keep_at_most_five_dice() {
    let common = &*COMMON;
    for goal in [Goal::Make, Goal::Score] {
        let plan = plan(goal);
        let mut search = Search {
            common,
            plan,
            checked: 0,
            spot_checks: 0,
            found: Vec::new(),
        };
        search.run();
        assert_eq!(search.found, Vec::<[u8; DICE]>::new(), "{goal:?}");
        assert_eq!(search.checked, 219_731_480, "{goal:?}");
        assert!(search.spot_checks > 1000);
    }
}

struct Search<'a> {
    common: &'a Common,
    plan: &'a Plan,
    checked: u64,
    spot_checks: u64,
    found: Vec<[u8; DICE]>,
}

impl Search<'_> {
    fn run(&mut self) {
        let common = self.common;
        let orders: [[usize; LOW]; 6] = [
            [0, 1, 2, 3],
            [2, 0, 3, 1],
            [3, 0, 1, 2],
            [1, 2, 3, 0],
            [1, 3, 0, 2],
            [2, 3, 0, 1],
        ];
        let mut done = [false; 1 << LOW];
        let mut values = vec![Figures::default(); P7[HIGH]];
        // sums[j]: over the faces of the first j low dice of the order
        let mut sums = vec![vec![Figures::default(); P7[HIGH]]; LOW + 1];
        for order in orders {
            let prefix = |j: usize| order[..j].iter().fold(0, |m, &d| m | 1 << d);
            let new: Vec<bool> = (0..=LOW).map(|j| !done[prefix(j)]).collect();
            for code in 0..FACES.pow(LOW as u32) {
                let mut low = [0usize; LOW];
                for (j, &d) in order.iter().enumerate() {
                    low[d] = code / FACES.pow(j as u32) % FACES;
                }
                let index = (0..LOW).fold(0, |index, d| common.sets.add(index, d, low[d]));
                self.plan.one.high_faces(&common.sets, index, &mut values);
                sum_high_rolled(&mut values);
                let mut pattern: [u8; LOW] = std::array::from_fn(|d| low[d] as u8);
                if new[0] {
                    self.check(pattern, &values);
                }
                for (sum, value) in sums[1].iter_mut().zip(&values) {
                    *sum = sum.plus(*value);
                }
                for j in 1..=LOW {
                    if order[..j].iter().any(|&d| low[d] != FACES - 1) {
                        break;
                    }
                    // sums[j] is complete: it rolls the low dice order[..j]
                    pattern[order[j - 1]] = ROLLED as u8;
                    if new[j] {
                        self.check(pattern, &sums[j]);
                    }
                    if j < LOW {
                        let (lower, upper) = sums.split_at_mut(j + 1);
                        for (sum, value) in upper[0].iter_mut().zip(&lower[j]) {
                            *sum = sum.plus(*value);
                        }
                    }
                    sums[j].fill(Figures::default());
                }
            }
            for j in 0..=LOW {
                done[prefix(j)] = true;
            }
        }
        assert!(done.iter().all(|&d| d));
    }

    fn check(&mut self, low: [u8; LOW], sums: &[Figures]) {
        let common = self.common;
        let goal = self.plan.goal();
        let low_kept = low.iter().filter(|&&f| usize::from(f) != ROLLED).count();
        for (p, sum) in sums.iter().enumerate() {
            let kept = low_kept + kept_in(p, HIGH);
            if !(MAX_KEPT + 1..DICE).contains(&kept) {
                continue;
            }
            let mut pattern = [0u8; DICE];
            pattern[..LOW].copy_from_slice(&low);
            for k in 0..HIGH {
                pattern[LOW + k] = (p / P7[k] % 7) as u8;
            }
            let mut index = [0u32; COLORS];
            let mut colors = 0u8;
            for (d, &f) in pattern.iter().enumerate() {
                let f = usize::from(f);
                if f != ROLLED {
                    let c = common.layout.color(d, f);
                    index[c] += common.sets.digit[c][d][f];
                    colors |= 1 << c;
                }
            }
            if colors.count_ones() < 2 {
                continue;
            }
            self.checked += 1;
            if self.checked.is_multiple_of(100_003) {
                self.spot_checks += 1;
                let direct = self.plan.one.sum_over_rolled(&common.sets, &pattern);
                assert_eq!(*sum, direct, "{pattern:?}");
            }
            let figures = sum.times(six_to(kept));
            let plan = self.plan;
            let one_color = (0..COLORS).fold(Figures::default(), |best, c| {
                best.or(plan.best.get(c, index[c] as usize), goal)
            });
            if figures.ranked(goal) > one_color.ranked(goal) {
                self.found.push(pattern);
            }
        }
    }
}

#[test]
fn the_exceptions_keep_two_dice_of_two_colors() {
    for (goal, count) in [(Goal::Make, 16), (Goal::Score, 6)] {
        let exceptions = &plan(goal).exceptions;
        assert_eq!(exceptions.len(), count, "{goal:?}");
        for (pattern, _) in exceptions {
            let kept = pattern
                .iter()
                .filter(|&&f| usize::from(f) != ROLLED)
                .count();
            assert_eq!(kept, 2, "{pattern:?}");
        }
    }
}

/// Fact 4 as `one_turn` uses it: the best one-color keep or exception is the best of the 1024
/// choices, stopping included. Positions holding an exception, and random ones.
#[test]
fn best_play_with_two_rolls_left_is_the_best_choice() {
    let common = &*COMMON;
    let mut rng = SmallRng::seed_from_u64(8);
    let random = 2000;
    for goal in [Goal::Make, Goal::Score] {
        let plan = plan(goal);
        let mut positions: Vec<Faces> = plan
            .exceptions
            .iter()
            .map(|(pattern, _)| holding(pattern, &mut rng))
            .collect();
        positions.extend((0..random).map(|_| std::array::from_fn(|_| rng.random_range(0..6))));
        for faces in positions {
            let choices = phase_8_choices(faces, 2, goal);
            let best = choices
                .iter()
                .max_by(|a, b| a.ranked(goal).cmp(&b.ranked(goal)))
                .unwrap();
            assert_eq!(plan.best_at(common, &faces).outlook(20), *best, "{faces:?}");
        }
    }
}

/// The exceptions beat the one-color keeps they contain, but never best play: in every
/// position holding one, some one-color keep of the position does strictly better.
#[test]
fn the_exceptions_are_never_best_play() {
    let common = &*COMMON;
    for goal in [Goal::Make, Goal::Score] {
        let plan = plan(goal);
        for (pattern, figures) in &plan.exceptions {
            let free: Vec<usize> = (0..DICE)
                .filter(|&d| usize::from(pattern[d]) == ROLLED)
                .collect();
            for faces in outcomes(pattern, &free) {
                let one_color = plan.best.best(common.sets.of(&faces));
                assert!(one_color.ranked(goal) > figures.ranked(goal), "{faces:?}");
            }
        }
    }
}

/// The whole turn is the sum, over the first rolls, of best play position by position
/// (stopping included here).
#[test]
#[ignore = "exhaustive, 2 x 6^10 first rolls: run by .ci/run"]
fn one_turn_sums_best_play_over_the_first_rolls() {
    let common = &*COMMON;
    for goal in [Goal::Make, Goal::Score] {
        let plan = plan(goal);
        let (mut chance, mut score) = (0u128, 0u128);
        for code in 0..FACES.pow(DICE as u32) {
            let faces: Faces = std::array::from_fn(|d| (code / FACES.pow(d as u32) % FACES) as u8);
            let stop = common.layout.stop(&faces).times(six_to(20));
            let best = plan.best_at(common, &faces).or(stop, goal);
            chance += u128::from(best.chance);
            score += u128::from(best.score);
        }
        let turn = Outlook {
            chance: Exact::new(chance, 30),
            expected_score: Exact::new(score, 30),
        };
        assert_eq!(phase_8_one_turn(goal), turn, "{goal:?}");
    }
}

/// Fact 5: a bound of each color alone is, summed over the outcomes of the dice a choice
/// rolls, the threshold plus each color's own figure above it; and no less than the choice's
/// figure for the goal.
#[test]
fn each_color_alone_bounds_a_choice() {
    let common = &*COMMON;
    let mut rng = SmallRng::seed_from_u64(5);
    for goal in [Goal::Make, Goal::Score] {
        let plan = plan(goal);
        let mut tight = 0;
        let t = plan.alone.threshold;
        for _ in 0..60 {
            let faces: Faces = std::array::from_fn(|_| rng.random_range(0..6));
            let kept = Kept::of(common, &faces);
            for rolled in 1..=5 {
                let mut mask = 0usize;
                while mask.count_ones() < rolled {
                    mask |= 1 << rng.random_range(0..DICE);
                }
                let dice: Vec<usize> = (0..DICE).filter(|d| mask >> d & 1 == 1).collect();
                let (mut bound, mut figure) = (0u64, 0u64);
                for outcome in outcomes(&faces, &dice) {
                    let sets = common.sets.of(&outcome);
                    bound += t
                        + (0..COLORS)
                            .map(|c| plan.one.best.get(c, set_of(sets, c)).ranked(goal).0)
                            .map(|own| own.saturating_sub(t))
                            .sum::<u64>();
                    figure += plan.one.value(sets).ranked(goal).0;
                }
                let dice_kept = DICE - rolled as usize;
                let figure = figure * six_to(dice_kept);
                let bound = bound * six_to(dice_kept);
                assert_eq!(
                    plan.alone.at_most(&kept[mask].at, dice_kept),
                    bound,
                    "{faces:?}"
                );
                assert!(bound >= figure, "{faces:?} {mask:#b}");
                tight += usize::from(bound == figure);
            }
        }
        assert!(t > 0 && tight < 300, "the bound is not the figure itself");
    }
}

/// The choices that may be shown, weighed in positions holding an exception of fact 4 (where
/// the bound of fact 4 does not hold) and in random ones: every choice at or above the
/// `shown`-th best of all is weighed, exactly.
#[test]
fn the_choices_weighed_hold_the_best_even_beside_an_exception() {
    let common = &*COMMON;
    let mut rng = SmallRng::seed_from_u64(21);
    for goal in [Goal::Make, Goal::Score] {
        let plan = plan(goal);
        let mut positions: Vec<(Faces, Vec<usize>)> = Vec::new();
        for (pattern, _) in &plan.exceptions {
            positions
                .extend((0..2).map(|_| (holding(pattern, &mut rng), vec![1, 5, 40, 200, 600])));
        }
        positions.extend((0..20).map(|_| {
            let faces = std::array::from_fn(|_| rng.random_range(0..6));
            (faces, vec![1, 5, 40, 200, 600])
        }));
        for (faces, shows) in positions {
            let all = plan.choices(common, &faces, CHOICES, None);
            let mut ranked: Vec<(Exact, Exact)> =
                all.iter().map(|o| o.unwrap().ranked(goal)).collect();
            ranked.sort_unstable_by(|a, b| b.cmp(a));
            for shown in shows {
                let some = plan.choices(common, &faces, shown, None);
                for (mask, (weighed, exact)) in some.iter().zip(&all).enumerate() {
                    let exact = exact.unwrap();
                    match weighed {
                        Some(weighed) => assert_eq!(*weighed, exact, "{faces:?} {mask}"),
                        None => assert!(
                            exact.ranked(goal) < ranked[shown - 1],
                            "{faces:?} {mask} {shown}"
                        ),
                    }
                }
            }
        }
    }
}
