//! Advice as a player reads it: one sentence per choice, such as "Keep 7 7 7 and 10 10, roll
//! the other five: 71% to make phase 10". The figures in the sentence are rounded for reading;
//! the exact ones stay in the answer's fields.

use super::{Goal, Outlook};
use crate::dice::faces::{Die, Face};
use crate::phases::{GroupKind, Phase};

const COUNTS: [&str; 11] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
];

/// What the figures of a choice are worth, in words: the goal's figure first.
fn worth(phase: &Phase, outlook: &Outlook, goal: Goal) -> String {
    let make = format!(
        "{} to make phase {}",
        percent(outlook.chance.to_f64()),
        phase.number
    );
    match goal {
        Goal::Make => make,
        Goal::Score => format!(
            "{} points expected ({make})",
            points(outlook.expected_score.to_f64())
        ),
    }
}

/// A chance as a whole percentage, never rounded to a certainty it is not.
pub(crate) fn percent(chance: f64) -> String {
    let whole = (chance * 100.0).round();
    if chance > 0.0 && whole < 1.0 {
        "under 1%".into()
    } else if chance < 1.0 && whole > 99.0 {
        "over 99%".into()
    } else {
        format!("{whole}%")
    }
}

/// Points to one decimal place.
pub(crate) fn points(value: f64) -> String {
    format!("{value:.1}")
}

/// The dice as a player names them: grouped by color in a phase of colors ("red 4 5 W"), else
/// by number ("7 7 7, 10 10 and W"); numbers ascending, wilds last.
pub(crate) fn dice_words(phase: &Phase, dice: &[Die]) -> String {
    let colors = phase.groups.iter().any(|g| g.kind == GroupKind::Color);
    let face_order = |face: Face| face.number().map_or(11, |n| n.get());
    let mut sorted = dice.to_vec();
    sorted.sort_by_key(|d| {
        let color = if colors { d.color } else { None };
        (color.map(|c| c.index()), face_order(d.face))
    });
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for die in sorted {
        let key = if colors {
            die.color.map_or(String::new(), |c| c.to_string())
        } else {
            die.face.to_string()
        };
        match groups.last_mut() {
            Some((last, faces)) if *last == key => faces.push(die.face.to_string()),
            _ => groups.push((key, vec![die.face.to_string()])),
        }
    }
    let said: Vec<String> = groups
        .into_iter()
        .map(|(key, faces)| match (colors, key.is_empty()) {
            (true, false) => format!("{key} {}", faces.join(" ")),
            _ => faces.join(" "),
        })
        .collect();
    listed(&said)
}

/// "a", "a and b", "a, b and c".
fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The sentence of a choice: which dice to keep and roll again (or to stop), and what best play
/// from there is worth. `rolls_left` is that of the position the choice is made in.
pub fn choice_summary(
    phase: &Phase,
    dice: &[Die],
    reroll: &[usize],
    outlook: &Outlook,
    goal: Goal,
    rolls_left: u8,
) -> String {
    let figures = (outlook.chance.to_f64(), outlook.expected_score.to_f64());
    sentence(
        phase,
        dice,
        reroll,
        figures,
        &worth(phase, outlook, goal),
        rolls_left,
    )
}

/// The sentence of a choice for the whole game: as [`choice_summary`], worth the points still
/// to come ("Keep …, roll the other four: 212.4 points to come, 71% to make phase 10").
pub fn game_choice_summary(
    phase: &Phase,
    dice: &[Die],
    reroll: &[usize],
    (chance, to_come): (f64, f64),
    expected_score: f64,
    rolls_left: u8,
) -> String {
    let worth = game_worth(phase, chance, to_come);
    sentence(
        phase,
        dice,
        reroll,
        (chance, expected_score),
        &worth,
        rolls_left,
    )
}

/// The whole game's points to come, and the chance to make the phase.
fn game_worth(phase: &Phase, chance: f64, to_come: f64) -> String {
    format!(
        "{} points to come ({} to make phase {})",
        points(to_come),
        percent(chance),
        phase.number
    )
}

/// The sentence before the first roll, for the whole game.
pub fn game_first_roll_summary(phase: &Phase, chance: f64, to_come: f64) -> String {
    format!(
        "Roll all ten dice, then play as advised: {}",
        game_worth(phase, chance, to_come)
    )
}

/// A choice in words: stopping (and what the dice come to), or what to keep and roll again and
/// what that is `worth`.
fn sentence(
    phase: &Phase,
    dice: &[Die],
    reroll: &[usize],
    (chance, expected_score): (f64, f64),
    worth: &str,
    rolls_left: u8,
) -> String {
    if reroll.is_empty() {
        let verdict = if chance == 1.0 {
            format!(
                "these dice make phase {} for {} points",
                phase.number, expected_score
            )
        } else {
            format!("these dice do not make phase {}", phase.number)
        };
        let opening = if rolls_left == 0 {
            "The turn is over"
        } else {
            "Stop"
        };
        return format!("{opening}: {verdict}");
    }
    if reroll.len() == dice.len() {
        return format!("Roll all {} again: {worth}", COUNTS[dice.len()]);
    }
    let kept: Vec<Die> = (0..dice.len())
        .filter(|i| !reroll.contains(i))
        .map(|i| dice[i])
        .collect();
    format!(
        "Keep {}, roll the other {}: {worth}",
        dice_words(phase, &kept),
        COUNTS[reroll.len()]
    )
}

/// The sentence before the first roll: all ten dice are rolled, and what best play is worth.
pub fn first_roll_summary(phase: &Phase, outlook: &Outlook, goal: Goal) -> String {
    format!(
        "Roll all ten dice, then play as advised: {}",
        worth(phase, outlook, goal)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PHASES;
    use crate::dice::advice::Exact;

    fn dice(text: &str) -> Vec<Die> {
        text.split(' ').map(|d| d.parse().unwrap()).collect()
    }

    #[test]
    fn a_choice_says_what_to_keep_and_what_it_is_worth_rounded() {
        let phase = &PHASES[9];
        let table = dice("7 W 10 7 3 10 7 5 6 2");
        let outlook = Outlook {
            chance: Exact::new(102, 3),
            expected_score: Exact::new(42_123, 3),
        };
        assert_eq!(
            choice_summary(phase, &table, &[4, 7, 8, 9], &outlook, Goal::Make, 2),
            "Keep 7 7 7, 10 10 and W, roll the other four: 47% to make phase 10"
        );
        assert_eq!(
            choice_summary(phase, &table, &[4, 7, 8, 9], &outlook, Goal::Score, 2),
            "Keep 7 7 7, 10 10 and W, roll the other four: 195.0 points expected (47% to make phase 10)"
        );
        let all: Vec<usize> = (0..10).collect();
        assert!(
            choice_summary(phase, &table, &all, &outlook, Goal::Make, 1)
                .starts_with("Roll all ten again: ")
        );
        let made = Outlook {
            chance: Exact::whole(1),
            expected_score: Exact::whole(41),
        };
        assert_eq!(
            choice_summary(phase, &table, &[], &made, Goal::Make, 1),
            "Stop: these dice make phase 10 for 41 points"
        );
        assert_eq!(
            choice_summary(
                phase,
                &table,
                &[],
                &Outlook {
                    chance: Exact::ZERO,
                    expected_score: Exact::ZERO
                },
                Goal::Make,
                0
            ),
            "The turn is over: these dice do not make phase 10"
        );
    }

    #[test]
    fn phase_8_names_the_colors_kept() {
        let table = dice("5r 7r Wr 9b 2r 10g 6o 8r 1g 3o");
        assert_eq!(
            dice_words(&PHASES[7], &table[..5]),
            "red 2 5 7 W and blue 9"
        );
    }

    #[test]
    fn a_percentage_is_never_a_certainty_it_is_not() {
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.004), "under 1%");
        assert_eq!(percent(0.996), "over 99%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.7149), "71%");
    }
}
