//! The score-progress chart of the live pad: each player's running total, round by round, as
//! inline SVG (no script, no style attribute: colors are presentation attributes, the axes take
//! the text's color). In a dice game a round is a turn of each player: the grand total after
//! each of a player's turns (a failed turn leaves it flat, or 5 lower in solitaire); in a card
//! game it is a hand: the penalty points so far.

use std::fmt::Write;

use super::html::escape;
use crate::service::card_scoresheet::CardScoresheet;
use crate::service::replay::{DiceState, GameState};
use crate::service::scoresheet::{DiceScoresheet, Scoresheet};

/// Line colors, one per seat (eight at most), on light paper: the page's own and the printed
/// sheet. Each is the color of its seat's group (`seat-N`), which the dark scheme of
/// `style.css` gives a light color of its own. Every color reads as text on its paper (at least
/// 4.5:1, checked below).
const COLORS: [&str; 8] = [
    "#b3261e", "#1f6f99", "#2b7a3f", "#8a6100", "#7040b0", "#b04a10", "#0e7370", "#5f5f5f",
];

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 48.0;
const RIGHT: f64 = 120.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 30.0;

/// A player's series: name and running totals, the first point being round 0 (total 0).
struct Series {
    name: String,
    totals: Vec<i64>,
}

fn dice_series(pad: &DiceScoresheet, dice: Option<&DiceState>) -> Vec<Series> {
    let mut series: Vec<Series> = pad
        .lines
        .iter()
        .map(|line| Series {
            name: line.name.to_string(),
            totals: vec![0],
        })
        .collect();
    for turn in dice.iter().flat_map(|dice| &dice.turns) {
        let seat = turn.outcome.seat;
        if let (Some(player), Some(sheet)) = (series.get_mut(seat), turn.after.sheets().get(seat)) {
            player.totals.push(sheet.grand_total());
        }
    }
    series
}

fn card_series(pad: &CardScoresheet) -> Vec<Series> {
    pad.players
        .iter()
        .map(|line| {
            let mut total = 0i64;
            let mut totals = vec![0];
            for hand in &line.hands {
                total += i64::from(hand.points);
                totals.push(total);
            }
            Series {
                name: line.name.to_string(),
                totals,
            }
        })
        .collect()
}

/// The chart of a game's pad, as an `<svg>` element with a title and a description for screen
/// readers (the table beside it holds the same numbers).
pub fn progress_chart(state: &GameState, sheet: &Scoresheet) -> String {
    let (round, series) = match sheet {
        Scoresheet::Dice(pad) => ("round", dice_series(pad, state.play.dice().ok())),
        Scoresheet::Cards(pad) => ("hand", card_series(pad)),
    };
    let rounds = series
        .iter()
        .map(|s| s.totals.len() - 1)
        .max()
        .unwrap_or(0)
        .max(1);
    let top = series
        .iter()
        .flat_map(|s| s.totals.iter().copied())
        .max()
        .unwrap_or(0)
        .max(10);
    // A solitaire game's penalties can take a total below 0.
    let bottom = series
        .iter()
        .flat_map(|s| s.totals.iter().copied())
        .min()
        .unwrap_or(0)
        .min(0);
    let x = |i: usize| LEFT + (WIDTH - LEFT - RIGHT) * i as f64 / rounds as f64;
    let y =
        |total: i64| TOP + (HEIGHT - TOP - BOTTOM) * (top - total) as f64 / (top - bottom) as f64;
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg class=\"chart\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" \
         aria-labelledby=\"chart-title chart-desc\" xmlns=\"http://www.w3.org/2000/svg\">\
         <title id=\"chart-title\">Running totals by {round}</title>\
         <desc id=\"chart-desc\">{}</desc>",
        escape(&describe(&series))
    );
    // Axes, in the text's color.
    let _ = write!(
        svg,
        "<g stroke=\"currentColor\" stroke-width=\"1\" fill=\"none\">\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{b}\"/>\
         <line x1=\"{LEFT}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\"/></g>\
         <g fill=\"currentColor\" font-size=\"11\">\
         <text x=\"{lx}\" y=\"{ty}\" text-anchor=\"end\">{top}</text>\
         <text x=\"{lx}\" y=\"{b}\" text-anchor=\"end\">{bottom}</text>\
         <text x=\"{cx}\" y=\"{ay}\" text-anchor=\"middle\">{round} 1 to {rounds}</text></g>",
        b = HEIGHT - BOTTOM,
        r = WIDTH - RIGHT,
        lx = LEFT - 6.0,
        ty = TOP + 4.0,
        cx = (LEFT + WIDTH - RIGHT) / 2.0,
        ay = HEIGHT - 8.0,
    );
    for (seat, player) in series.iter().enumerate() {
        let seat = seat % COLORS.len();
        let color = COLORS[seat];
        let points: Vec<String> = player
            .totals
            .iter()
            .enumerate()
            .map(|(i, &total)| format!("{:.1},{:.1}", x(i), y(total)))
            .collect();
        let last = *player.totals.last().unwrap_or(&0);
        let end = player.totals.len() - 1;
        let _ = write!(
            svg,
            "<g class=\"seat-{seat}\" color=\"{color}\">\
             <polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" points=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" fill=\"currentColor\" font-size=\"12\">{} {last}</text></g>",
            points.join(" "),
            x(end) + 6.0,
            y(last) + 4.0,
            escape(&player.name),
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The chart in words: each player's total after how many rounds.
fn describe(series: &[Series]) -> String {
    series
        .iter()
        .map(|s| {
            format!(
                "{}: {} after {}",
                s.name,
                s.totals.last().unwrap_or(&0),
                s.totals.len() - 1
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_series_starts_at_zero_and_adds_the_bonuses() {
        let series = Series {
            name: "<b>".into(),
            totals: vec![0, 10, 30],
        };
        assert_eq!(describe(&[series]), "<b>: 30 after 2");
    }

    /// WCAG's contrast ratio of two `#rrggbb` colors.
    fn contrast(a: &str, b: &str) -> f64 {
        let luminance = |hex: &str| {
            let channel = |i: usize| {
                let c = f64::from(u8::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap());
                let c = c / 255.0;
                if c <= 0.03928 {
                    c / 12.92
                } else {
                    ((c + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
        };
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// The value of `name: #rrggbb` in the first block of `css` that holds it after `from`.
    fn color_after<'a>(css: &'a str, from: &str, name: &str) -> &'a str {
        let rest = &css[css.find(from).unwrap()..];
        let at = rest.find(&format!("{name}: #")).unwrap() + name.len() + 2;
        &rest[at..at + 7]
    }

    #[test]
    fn every_seat_reads_on_light_and_dark_paper() {
        let css = crate::pad::html::STYLE;
        let light = color_after(css, ":root", "--paper");
        let dark_block = "@media (prefers-color-scheme: dark)";
        let dark = color_after(css, dark_block, "--paper");
        assert_eq!((light, dark), ("#ffffff", "#161616"));
        let mut seen = Vec::new();
        for (seat, color) in COLORS.iter().enumerate() {
            assert!(contrast(color, light) >= 4.5, "seat {seat} on light paper");
            let on_dark = color_after(css, &format!(".seat-{seat} "), "color");
            assert!(contrast(on_dark, dark) >= 4.5, "seat {seat} on dark paper");
            seen.push(on_dark);
        }
        seen.dedup();
        assert_eq!(seen.len(), COLORS.len(), "a color per seat");
    }
}
