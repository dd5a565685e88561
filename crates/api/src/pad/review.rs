//! A digital game's review as a page that prints (RULES §12, `GET /v1/games/{id}/review` with
//! `Accept: text/html`): each player's figures, the costliest choices first, each in a sentence
//! ("Kept 7 7 W and rolled six: 61%; keeping 7 7 7 W and rolling five was 74%"), then every turn
//! roll by roll, in the reader's language. It writes down the review the JSON gives
//! (`service::review`) and works nothing out of its own; numbers are written with the
//! language's decimal mark and percent sign from the catalogue.

use std::cmp::Reverse;
use std::fmt::Write;

use super::html::{escape, page};
use super::words::{Arg, Language};
use crate::rules::dice::Face;
use crate::rules::dice::review::Label;
use crate::service::review::{DecisionReview, GameReview, PlayerReview, ReviewGoal};
use crate::service::rolls::RolledDieView;
use crate::values::PlayerId;

/// The whole printable page: `title` is the game's (its name, or the pad's title).
pub fn review_page(
    review: &GameReview,
    names: &[(PlayerId, String)],
    title: &str,
    language: Language,
) -> String {
    let words = Words {
        language,
        make: review.goal == ReviewGoal::Make,
        names,
    };
    let heading = format!("{} · {title}", language.say("review-title"));
    let about = match words.make {
        true => "review-about-make",
        false => "review-about-game",
    };
    let mut body = format!(
        "<section class=\"review\">\n<h1>{}</h1>\n<p class=\"about\">{}</p>\n",
        escape(&heading),
        escape(&language.say(about))
    );
    if let Some(note) = &review.note {
        let _ = writeln!(body, "<p class=\"note\">{}</p>", escape(note));
    }
    body.push_str(&players(&words, &review.players));
    body.push_str(&costliest(&words, review));
    body.push_str(&every_turn(&words, review));
    body.push_str("</section>");
    page(language, &heading, &body, None)
}

/// What the page needs to say a figure: the language, the review's goal and the players' names.
struct Words<'a> {
    language: Language,
    make: bool,
    names: &'a [(PlayerId, String)],
}

impl Words<'_> {
    fn say(&self, id: &str, args: &[(&'static str, Arg)]) -> String {
        self.language.say_with(id, args)
    }

    fn name_of(&self, id: &PlayerId) -> &str {
        (self.names.iter())
            .find(|(player, _)| player == id)
            .map_or("", |(_, name)| name.as_str())
    }

    /// `value` with `digits` decimals and the language's decimal mark, signed when asked
    /// (a figure that rounds to zero has no sign). Written here: no maintained crate formats a
    /// number by a Fluent catalogue's marks, and `fluent`'s own NUMBER() leaves the digits alone.
    fn number(&self, value: f64, digits: usize, signed: bool) -> String {
        // Halves away from zero, as the table app's `Intl` writes them (12.5% is 13%), where
        // `format!` alone would round them to even.
        let scale = 10f64.powi(digits as i32);
        let rounded = (value * scale).round() / scale;
        let mut text = format!("{rounded:.digits$}");
        if text
            .trim_start_matches('-')
            .chars()
            .all(|c| c == '0' || c == '.')
        {
            text = text.trim_start_matches('-').to_owned();
        } else if signed && value > 0.0 {
            text.insert(0, '+');
        }
        text.replace('.', &self.language.say("review-decimal-mark"))
    }

    fn percent(&self, fraction: f64, digits: usize, signed: bool) -> String {
        let value = self.number(fraction * 100.0, digits, signed);
        self.say("review-percent", &[("value", value.into())])
    }

    /// What a position or a choice is worth: a chance for make, the points to come for the game.
    fn worth(&self, value: f64) -> String {
        match self.make {
            true => self.percent(value, 0, false),
            false => self.say(
                "review-to-come",
                &[("points", self.number(value, 1, false).into())],
            ),
        }
    }

    /// A roll's or a turn's luck: the chance it added for make, points for the game.
    fn swing(&self, value: f64) -> String {
        match self.make {
            true => self.percent(value, 0, true),
            false => self.say(
                "review-points",
                &[("points", self.number(value, 1, true).into())],
            ),
        }
    }

    /// A player's luck over the game: phases made above what their play was worth, or points.
    fn game_luck(&self, value: f64) -> String {
        match self.make {
            true => self.say(
                "review-phases",
                &[("phases", self.number(value, 2, true).into())],
            ),
            false => self.swing(value),
        }
    }

    fn label(&self, label: Label) -> String {
        self.language
            .say(&format!("review-label-{}", label_name(label)))
    }

    /// The choice made and, when it was not the best, the best one.
    fn choice(&self, dice: &[RolledDieView], decision: &DecisionReview) -> String {
        let chosen = format!(
            "{}: {}",
            self.keeping(dice, &decision.reroll, None),
            self.worth(decision.value_chosen)
        );
        match decision.label {
            Label::Best => format!("{chosen} ({})", self.language.say("review-same-as-best")),
            _ => format!(
                "{chosen}; {}",
                self.keeping(
                    dice,
                    &decision.best_reroll,
                    Some(self.worth(decision.value_best))
                )
            ),
        }
    }

    /// A choice in words: stopping, keeping some dice and rolling the others, or rolling all;
    /// the choice made, or the best one with what it was worth (`best`).
    fn keeping(&self, dice: &[RolledDieView], reroll: &[usize], best: Option<String>) -> String {
        let rolled = self.say("review-dice", &[("count", (reroll.len() as i64).into())]);
        let mut args: Vec<(&'static str, Arg)> =
            vec![("kept", kept(dice, reroll).into()), ("dice", rolled.into())];
        let ids = match best.is_some() {
            false => ["review-stopped", "review-rolled-all", "review-kept"],
            true => ["review-best-stop", "review-best-all", "review-best-keep"],
        };
        args.extend(best.map(|value| ("value", value.into())));
        let id = match reroll.len() {
            0 => ids[0],
            n if n == dice.len() => ids[1],
            _ => ids[2],
        };
        self.say(id, &args)
    }
}

fn label_name(label: Label) -> &'static str {
    match label {
        Label::Best => "best",
        Label::Good => "good",
        Label::Inaccuracy => "inaccuracy",
        Label::Mistake => "mistake",
        Label::Blunder => "blunder",
    }
}

/// The dice a choice keeps on the table, highest first and wilds last: "7 7 W".
fn kept(dice: &[RolledDieView], reroll: &[usize]) -> String {
    let mut faces: Vec<Face> = (dice.iter().enumerate())
        .filter(|(at, _)| !reroll.contains(at))
        .map(|(_, die)| die.value.0)
        .collect();
    let rank = |face: &Face| match face {
        Face::Number(n) => n.get(),
        Face::Wild => 0,
    };
    faces.sort_by_key(|face| Reverse(rank(face)));
    let faces: Vec<String> = (faces.iter())
        .map(|face| match face {
            Face::Number(n) => n.get().to_string(),
            Face::Wild => "W".to_owned(),
        })
        .collect();
    faces.join(" ")
}

/// Each player's choices, accuracy and luck, the choices counted by label.
fn players(words: &Words, players: &[PlayerReview]) -> String {
    let say = |id: &str| escape(&words.language.say(id));
    let mut html = format!(
        "<h2>{}</h2>\n<div class=\"standings-box\">\n<table class=\"standings\">\n<thead><tr>\
         <th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>\
         <th scope=\"col\">{}</th></tr></thead>\n<tbody>\n",
        say("review-players"),
        say("col-player"),
        say("review-col-choices"),
        say("review-col-accuracy"),
        say("review-col-luck"),
    );
    for player in players {
        let labels = &player.labels;
        let counts = [
            (Label::Best, labels.best),
            (Label::Good, labels.good),
            (Label::Inaccuracy, labels.inaccuracy),
            (Label::Mistake, labels.mistake),
            (Label::Blunder, labels.blunder),
        ];
        let mut choices = vec![player.decisions.to_string()];
        choices.extend(counts.iter().filter(|(_, n)| *n > 0).map(|(label, n)| {
            let id = format!("review-counted-{}", label_name(*label));
            words.say(&id, &[("count", (*n).into())])
        }));
        let accuracy = player.accuracy.map_or_else(
            || words.language.say("review-no-choices"),
            |accuracy| words.percent(accuracy / 100.0, 1, false),
        );
        let _ = writeln!(
            html,
            "<tr><th scope=\"row\">{}</th><td data-label=\"{}\">{}</td>\
             <td data-label=\"{}\">{}</td><td data-label=\"{}\">{}</td></tr>",
            escape(words.name_of(&player.player_id)),
            say("review-col-choices"),
            escape(&choices.join(" · ")),
            say("review-col-accuracy"),
            escape(&accuracy),
            say("review-col-luck"),
            escape(&words.game_luck(player.luck)),
        );
    }
    html.push_str("</tbody>\n</table>\n</div>\n");
    html
}

/// Every choice that was not the best, the costliest first.
fn costliest(words: &Words, review: &GameReview) -> String {
    let mut missed: Vec<_> = (review.turns.iter())
        .flat_map(|turn| turn.rolls.iter().map(move |roll| (turn, roll)))
        .filter_map(|(turn, roll)| Some((turn, &roll.dice, roll.decision.as_ref()?)))
        .filter(|(_, _, decision)| decision.label != Label::Best)
        .collect();
    missed.sort_by(|a, b| b.2.error.total_cmp(&a.2.error));
    let mut html = format!(
        "<h2>{}</h2>\n",
        escape(&words.language.say("review-costliest"))
    );
    if missed.is_empty() {
        let _ = writeln!(
            html,
            "<p>{}</p>",
            escape(&words.language.say("review-no-mistakes"))
        );
        return html;
    }
    html.push_str("<ol class=\"review-list\">\n");
    for (turn, dice, decision) in missed {
        let _ = writeln!(
            html,
            "<li><strong>{} · {}</strong><br>{}</li>",
            escape(&turn_heading(words, turn)),
            escape(&words.label(decision.label)),
            escape(&words.choice(dice, decision)),
        );
    }
    html.push_str("</ol>\n");
    html
}

fn turn_heading(words: &Words, turn: &crate::service::review::TurnReviewView) -> String {
    words.say(
        "review-turn",
        &[
            ("number", i64::from(turn.number.get()).into()),
            ("name", words.name_of(&turn.player_id).into()),
            ("phase", i64::from(turn.phase).into()),
        ],
    )
}

/// Every scored turn, roll by roll.
fn every_turn(words: &Words, review: &GameReview) -> String {
    let mut html = format!(
        "<h2>{}</h2>\n",
        escape(&words.language.say("review-every-turn"))
    );
    if review.turns.is_empty() {
        let _ = writeln!(
            html,
            "<p>{}</p>",
            escape(&words.language.say("review-no-turns"))
        );
        return html;
    }
    html.push_str("<ol class=\"review-list\">\n");
    for turn in &review.turns {
        let figures = words.say(
            "review-turn-figures",
            &[
                ("before", words.worth(turn.value_before).into()),
                ("after", words.worth(turn.result).into()),
                ("luck", words.swing(turn.luck).into()),
            ],
        );
        let _ = write!(
            html,
            "<li><strong>{}</strong><br>{}\n<ol>\n",
            escape(&turn_heading(words, turn)),
            escape(&figures)
        );
        for (k, roll) in turn.rolls.iter().enumerate() {
            let which = match k {
                0 => words.language.say("review-first-roll"),
                k => words.say("review-roll", &[("number", (k as i64 + 1).into())]),
            };
            let luck = words.say(
                "review-roll-luck",
                &[("luck", words.swing(roll.luck).into())],
            );
            let choice = (roll.decision.as_ref())
                .map(|decision| format!(": {}", words.choice(&roll.dice, decision)))
                .unwrap_or_default();
            let _ = writeln!(
                html,
                "<li>{} ({}){}</li>",
                escape(&which),
                escape(&luck),
                escape(&choice)
            );
        }
        html.push_str("</ol></li>\n");
    }
    html.push_str("</ol>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::Number;
    use crate::rules::dice::layout::DieId;
    use crate::service::dice::DieValue;

    fn words(tag: &str) -> Words<'static> {
        Words {
            language: Language::chosen(Some(tag), None),
            make: true,
            names: &[],
        }
    }

    #[test]
    fn figures_round_halves_away_from_zero_and_zero_has_no_sign() {
        let en = words("en");
        assert_eq!(en.percent(0.125, 0, false), "13%");
        assert_eq!(en.percent(0.745, 0, false), "75%");
        assert_eq!(en.percent(-0.004, 0, true), "0%");
        assert_eq!(en.percent(0.12, 0, true), "+12%");
        assert_eq!(en.percent(-0.12, 0, true), "-12%");
        assert_eq!(en.game_luck(0.346), "+0.35 phases");
        let es = words("es");
        assert_eq!(es.percent(0.9731, 1, false), "97,3 %");
        assert_eq!(es.game_luck(-1.5), "-1,50 fases");
    }

    #[test]
    fn a_choice_names_the_dice_kept_highest_first_and_wilds_last() {
        let die = |at: u8, face: Face| RolledDieView {
            die: DieId::ALL[usize::from(at)],
            value: DieValue(face),
            color: None,
            rolled: true,
        };
        let n = |v: u8| Face::Number(Number::new(v).unwrap());
        let dice = [die(0, n(7)), die(1, Face::Wild), die(2, n(3)), die(3, n(7))];
        assert_eq!(kept(&dice, &[2]), "7 7 W");
        assert_eq!(kept(&dice, &[]), "7 7 3 W");
        let en = words("en");
        assert_eq!(en.keeping(&dice, &[2], None), "Kept 7 7 W and rolled one");
        assert_eq!(en.keeping(&dice, &[], None), "Stopped on 7 7 3 W");
        assert_eq!(
            en.keeping(&dice, &[0, 1, 2, 3], Some("74%".into())),
            "rolling all four was 74%"
        );
    }
}
