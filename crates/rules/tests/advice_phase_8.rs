//! RULES §8, phase 8 on the standard dice: the advisor's exact figures against brute force.
//!
//! With one roll left every choice is checked by enumerating the faces of the dice rolled again,
//! die by die; with two rolls left, the choices that roll few dice again take the best of all
//! 1024 choices after each outcome, and every other choice must be the average, over the faces
//! of one die it rolls, of the choice without that die.

use phase10_rules::PHASES;
use phase10_rules::dice::advice::{
    Exact, Faces, Goal, Lying, OPTIONS_SHOWN, Outlook, advise, phase_8_best_choices,
    phase_8_choices, phase_8_one_turn, weigh_all,
};
use phase10_rules::dice::{Color, DiceLayout, Die, DieId, Roll, evaluate};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const GOALS: [Goal; 2] = [Goal::Make, Goal::Score];

/// A face of a die: its color (0..4 in `Color::ALL` order) and its points (W: 0).
fn face(d: usize, f: usize) -> (usize, u32) {
    let face = DiceLayout::Standard.faces(DieId::ALL[d])[f];
    let color = Color::ALL.iter().position(|&c| Some(c) == face.color);
    (color.unwrap(), face.face.points())
}

/// Exact figures as numerators over 6^sixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Sum {
    chance: u128,
    score: u128,
}

impl Sum {
    fn outlook(self, sixes: u32) -> Outlook {
        Outlook {
            chance: Exact::new(self.chance, sixes),
            expected_score: Exact::new(self.score, sixes),
        }
    }
}

/// The crate's evaluator on ten dice lying on these faces.
fn evaluated(faces: &Faces) -> Sum {
    let dice = (0..10)
        .map(|d| {
            let f = DiceLayout::Standard.faces(DieId::ALL[d])[usize::from(faces[d])];
            Die::new(f.face, f.color)
        })
        .collect();
    let evaluation = evaluate(&PHASES[7], &Roll::new(dice).unwrap());
    Sum {
        chance: u128::from(evaluation.made),
        score: u128::from(evaluation.score),
    }
}

/// A choice with one roll left, every outcome of the dice rolled again evaluated whole by the
/// crate's evaluator: over 6^(dice rolled).
fn by_evaluator(faces: &Faces, mask: usize) -> Sum {
    let rolled: Vec<usize> = (0..10).filter(|d| mask >> d & 1 == 1).collect();
    let mut sum = Sum::default();
    for code in 0..6usize.pow(rolled.len() as u32) {
        let mut outcome = *faces;
        let mut rest = code;
        for &d in &rolled {
            outcome[d] = (rest % 6) as u8;
            rest /= 6;
        }
        let value = evaluated(&outcome);
        sum.chance += value.chance;
        sum.score += value.score;
    }
    sum
}

/// The outcome of the dice of one color: made with 7 or more, scored on the 7 best.
fn color_outcome(points: &[u32]) -> Sum {
    if points.len() < 7 {
        return Sum::default();
    }
    let mut sorted = [0; 10];
    let sorted = &mut sorted[..points.len()];
    sorted.copy_from_slice(points);
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    Sum {
        chance: 1,
        score: u128::from(sorted[..7].iter().sum::<u32>()),
    }
}

/// A choice with one roll left by counting: two colors cannot both have 7 of the 10 dice, so
/// the figures are the sum over colors of that color's; for a color, each rolled die shows one
/// of its faces of the color (weight 1 each) or another color (the other faces, grouped).
fn by_counting(faces: &Faces, mask: usize) -> Sum {
    fn walk(faces: &Faces, mask: usize, color: usize, d: usize, points: &mut Vec<u32>) -> Sum {
        if d == 10 {
            return color_outcome(points);
        }
        if mask >> d & 1 == 0 {
            let (c, p) = face(d, usize::from(faces[d]));
            if c == color {
                points.push(p);
            }
            let sum = walk(faces, mask, color, d + 1, points);
            if c == color {
                points.pop();
            }
            return sum;
        }
        let mut sum = Sum::default();
        let mut other = 0;
        for f in 0..6 {
            let (c, p) = face(d, f);
            if c == color {
                points.push(p);
                let s = walk(faces, mask, color, d + 1, points);
                points.pop();
                sum.chance += s.chance;
                sum.score += s.score;
            } else {
                other += 1;
            }
        }
        let s = walk(faces, mask, color, d + 1, points);
        sum.chance += other * s.chance;
        sum.score += other * s.score;
        sum
    }
    let mut sum = Sum::default();
    for color in 0..4 {
        let s = walk(faces, mask, color, 0, &mut Vec::new());
        sum.chance += s.chance;
        sum.score += s.score;
    }
    sum
}

/// Positions where choices tie: all dice on one color (made many ways), seven of one color
/// exactly, the low dice on wilds (0 points), two colors five and five, every die on face 0.
fn tie_positions() -> Vec<Faces> {
    let on_color = |color: usize| -> Faces {
        std::array::from_fn(|d| (0..6).find(|&f| face(d, f).0 == color).unwrap() as u8)
    };
    let mut positions = vec![
        on_color(0),
        on_color(3),
        [0; 10],
        [4, 4, 4, 4, 0, 0, 0, 0, 0, 0],
    ];
    // seven red, the three others as they come
    let mut seven = on_color(0);
    seven[7..].copy_from_slice(&[1, 1, 5]);
    positions.push(seven);
    // five blue (the first five dice) and five orange
    let blue = on_color(2);
    let orange = on_color(1);
    positions.push(std::array::from_fn(
        |d| if d < 5 { blue[d] } else { orange[d] },
    ));
    positions
}

fn random_position(rng: &mut SmallRng) -> Faces {
    std::array::from_fn(|_| rng.random_range(0..6))
}

#[test]
fn counting_agrees_with_the_evaluator() {
    let mut rng = SmallRng::seed_from_u64(80);
    let mut positions = tie_positions();
    positions.extend((0..3000).map(|_| random_position(&mut rng)));
    for faces in positions {
        assert_eq!(by_counting(&faces, 0), evaluated(&faces), "{faces:?}");
    }
}

#[test]
fn one_roll_left_every_choice_is_exact() {
    let mut rng = SmallRng::seed_from_u64(81);
    // Choices rolling this many dice or fewer are also checked with the evaluator on every roll.
    let whole_rolls = if cfg!(debug_assertions) { 2 } else { 3 };
    let mut positions = tie_positions();
    positions.extend((0..4).map(|_| random_position(&mut rng)));
    for faces in positions {
        let make = phase_8_choices(faces, 1, Goal::Make);
        let score = phase_8_choices(faces, 1, Goal::Score);
        assert_eq!(make.len(), 1024);
        for mask in 0..1024 {
            let rolled = (mask as u32).count_ones();
            let expected = by_counting(&faces, mask).outlook(rolled);
            assert_eq!(make[mask], expected, "{faces:?} mask {mask:#b}");
            assert_eq!(score[mask], expected, "{faces:?} mask {mask:#b}");
            if rolled <= whole_rolls {
                assert_eq!(by_evaluator(&faces, mask).outlook(rolled), expected);
            }
        }
    }
}

/// The best of the 1024 choices with one roll left, as the goal ranks them.
fn best_of(choices: &[Outlook], goal: Goal) -> Outlook {
    *choices
        .iter()
        .max_by(|a, b| a.ranked(goal).cmp(&b.ranked(goal)))
        .unwrap()
}

fn with_face(faces: &Faces, d: usize, f: u8) -> Faces {
    let mut faces = *faces;
    faces[d] = f;
    faces
}

// Each goal has its own tests with two rolls left, so that the test threads build the two goals'
// tables at once (tens of seconds each in a debug build).

#[test]
fn two_rolls_left_few_dice_rolled_again_is_best_play_after_each_outcome_make() {
    few_dice_rolled_again_is_best_play_after_each_outcome(Goal::Make);
}

#[test]
fn two_rolls_left_few_dice_rolled_again_is_best_play_after_each_outcome_score() {
    few_dice_rolled_again_is_best_play_after_each_outcome(Goal::Score);
}

fn few_dice_rolled_again_is_best_play_after_each_outcome(goal: Goal) {
    let mut rng = SmallRng::seed_from_u64(82);
    let mut positions = vec![
        tie_positions()[2],
        tie_positions()[4],
        random_position(&mut rng),
    ];
    // every choice rolling one die again (up to two in release), then a few rolling two or three
    let most = if cfg!(debug_assertions) { 1 } else { 2 };
    if !cfg!(debug_assertions) {
        positions.extend(tie_positions());
        positions.extend((0..4).map(|_| random_position(&mut rng)));
    }
    for faces in positions {
        let mut masks: Vec<usize> = (1..1024usize).filter(|m| m.count_ones() <= most).collect();
        masks.extend([0b11 << 3, 0b1001 << 5, 0b1_0000_0101, 0b1100_0001]);
        let choices = phase_8_choices(faces, 2, goal);
        for &mask in &masks {
            let rolled: Vec<usize> = (0..10).filter(|d| mask >> d & 1 == 1).collect();
            let mut sum = Sum::default();
            for code in 0..6usize.pow(rolled.len() as u32) {
                let mut outcome = faces;
                let mut rest = code;
                for &d in &rolled {
                    outcome[d] = (rest % 6) as u8;
                    rest /= 6;
                }
                // the inner decision: the best of all 1024 choices with one roll left
                let best = best_of(&phase_8_choices(outcome, 1, goal), goal);
                sum.chance += best.chance.over(10);
                sum.score += best.expected_score.over(10);
            }
            let sixes = 10 + rolled.len() as u32;
            assert_eq!(choices[mask], sum.outlook(sixes), "{faces:?} {mask:#b}");
        }
        assert_eq!(
            choices[0],
            by_counting(&faces, 0).outlook(0),
            "stopping is the dice as they lie"
        );
    }
}

#[test]
fn two_rolls_left_a_choice_averages_over_the_faces_of_a_die_it_rolls_make() {
    a_choice_averages_over_the_faces_of_a_die_it_rolls(Goal::Make);
}

#[test]
fn two_rolls_left_a_choice_averages_over_the_faces_of_a_die_it_rolls_score() {
    a_choice_averages_over_the_faces_of_a_die_it_rolls(Goal::Score);
}

fn a_choice_averages_over_the_faces_of_a_die_it_rolls(goal: Goal) {
    let mut rng = SmallRng::seed_from_u64(83);
    // A call with two rolls left takes milliseconds in a debug build.
    let (ties, random) = if cfg!(debug_assertions) {
        (2, 1)
    } else {
        (6, 40)
    };
    let mut positions = tie_positions()[..ties].to_vec();
    positions.extend((0..random).map(|_| random_position(&mut rng)));
    for &faces in &positions {
        let choices = phase_8_choices(faces, 2, goal);
        // a choice of each size, two to ten dice
        for size in 2..=10 {
            let mut mask = 0usize;
            while (mask as u32).count_ones() < size {
                mask |= 1 << rng.random_range(0..10);
            }
            let d = (0..10)
                .filter(|d| mask >> d & 1 == 1)
                .nth(rng.random_range(0..size as usize))
                .unwrap();
            let mut sum = Sum::default();
            for f in 0..6 {
                let without = phase_8_choices(with_face(&faces, d, f), 2, goal)[mask & !(1 << d)];
                sum.chance += without.chance.over(20);
                sum.score += without.expected_score.over(20);
            }
            // the average over the six faces
            assert_eq!(choices[mask], sum.outlook(21), "{faces:?} {mask:#b}");
        }
    }
}

/// The dice of a position as they lie, named, in a shuffled order on the table.
fn lying(faces: &Faces, rng: &mut SmallRng) -> Vec<Lying> {
    let mut dice: Vec<Lying> = DieId::ALL
        .iter()
        .zip(faces)
        .map(|(&id, &f)| {
            let face = DiceLayout::Standard.faces(id)[usize::from(f)];
            Lying {
                die: Die::new(face.face, face.color),
                id: Some(id),
            }
        })
        .collect();
    for i in (1..dice.len()).rev() {
        dice.swap(i, rng.random_range(0..=i));
    }
    dice
}

/// With two rolls left the advisor weighs only the choices that may be shown: what it shows
/// is what ranking all 1024 exact choices shows, and each choice it weighs is exact.
#[test]
fn two_rolls_left_the_choices_shown_are_the_best_of_all() {
    let phase = &PHASES[7];
    let mut rng = SmallRng::seed_from_u64(88);
    let mut positions = tie_positions();
    positions.extend((0..40).map(|_| random_position(&mut rng)));
    let mut skipped = 0;
    for faces in &positions {
        for goal in GOALS {
            let all = phase_8_choices(*faces, 2, goal);
            for shown in [1, 2, OPTIONS_SHOWN] {
                let some = phase_8_best_choices(*faces, 2, goal, shown);
                for (weighed, exact) in some.iter().zip(&all) {
                    match weighed {
                        Some(weighed) => assert_eq!(weighed, exact, "{faces:?}"),
                        None => skipped += 1,
                    }
                }
            }
            let dice = lying(faces, &mut rng);
            let advice = advise(phase, DiceLayout::Standard, &dice, 2, goal).unwrap();
            let mut every = weigh_all(phase, DiceLayout::Standard, &dice, 2, goal).unwrap();
            assert_eq!(every.options.len(), 1024);
            every.options.truncate(OPTIONS_SHOWN);
            assert_eq!(advice, every, "{faces:?} {goal:?}");
        }
    }
    // Of the 386 choices keeping six dice or more, most are never weighed.
    assert!(skipped > positions.len() * 2 * 3 * 200, "{skipped}");
}

#[test]
fn one_turn_is_a_probability_and_best_play_over_the_first_roll() {
    let make = phase_8_one_turn(Goal::Make);
    let score = phase_8_one_turn(Goal::Score);
    for turn in [make, score] {
        assert!(turn.chance > Exact::ZERO && turn.chance <= Exact::whole(1));
        assert!(turn.expected_score > Exact::ZERO && turn.expected_score <= Exact::whole(56));
    }
    // Each goal does best on its own figure.
    assert!(make.chance >= score.chance);
    assert!(score.expected_score >= make.expected_score);
    let mut rng = SmallRng::seed_from_u64(84);
    for goal in GOALS {
        let turn = phase_8_one_turn(goal);
        // Rolling all ten again at the first choice is always open.
        let again = phase_8_choices(random_position(&mut rng), 2, goal)[1023];
        assert!(turn.ranked(goal).0 >= again.ranked(goal).0);
        // The average of best play over sampled first rolls is near the exact figure (within
        // four standard deviations at most: a chance is within [0, 1], a score within [0, 56]).
        let samples = if cfg!(debug_assertions) { 60 } else { 4000 };
        let (mut chance, mut score) = (0.0, 0.0);
        for _ in 0..samples {
            let best = best_of(&phase_8_choices(random_position(&mut rng), 2, goal), goal);
            chance += best.chance.to_f64();
            score += best.expected_score.to_f64();
        }
        let deviation = 4.0 / f64::from(samples).sqrt();
        let chance = chance / f64::from(samples);
        let score = score / f64::from(samples);
        assert!(
            (chance - turn.chance.to_f64()).abs() < deviation * 0.5,
            "{goal:?} {chance}"
        );
        assert!(
            (score - turn.expected_score.to_f64()).abs() < deviation * 28.0,
            "{goal:?} {score}"
        );
    }
}
