//! The score-progress chart of the live pad: each player's running total, round by round, as
//! inline SVG (no script, no style attribute: colors are presentation attributes, the axes take
//! the text's color). In a dice game a round is a turn of each player: the grand total after
//! each of a player's turns (a failed turn leaves it flat, or 5 lower in solitaire); in a card
//! game it is a hand: the penalty points so far.

use std::fmt::Write;

use super::html::escape;
use super::words::Language;
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

/// The plot's width; the labels' column to its right is as wide as the longest label.
const PLOT: f64 = 480.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 48.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 30.0;
/// The players' labels: their font size, and the least distance between two baselines.
const LABEL_SIZE: f64 = 13.0;
const LABEL_STEP: f64 = LABEL_SIZE + 3.0;

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

/// The chart of a game's running totals, in a language: a line per player, each ending in a
/// label with the player's name and total. The labels stand in a column right of the plot, as
/// wide as the longest; each as near its line's end as the others let it, never two on one
/// another (`spread`); the SVG is as wide as plot and labels, drawn at its own size (its box
/// scrolls sideways on a narrow screen rather than shrinking the text).
pub fn progress_chart(state: &GameState, sheet: &Scoresheet, language: Language) -> String {
    let (kind, series) = match sheet {
        Scoresheet::Dice(pad) => ("dice", dice_series(pad, state.play.dice().ok())),
        Scoresheet::Cards(pad) => ("cards", card_series(pad)),
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
    let bottom = series
        .iter()
        .flat_map(|s| s.totals.iter().copied())
        .min()
        .unwrap_or(0)
        .min(0);
    let x = |i: usize| LEFT + PLOT * i as f64 / rounds as f64;
    let y =
        |total: i64| TOP + (HEIGHT - TOP - BOTTOM) * (top - total) as f64 / (top - bottom) as f64;
    let labels: Vec<String> = series
        .iter()
        .map(|s| format!("{} {}", s.name, s.totals.last().unwrap_or(&0)))
        .collect();
    let widths: Vec<f64> = labels.iter().map(|label| text_width(label)).collect();
    let label_x = LEFT + PLOT + 8.0;
    let width = (label_x + widths.iter().copied().fold(0.0, f64::max) + 4.0).ceil();
    let wanted: Vec<f64> = series
        .iter()
        .map(|s| y(*s.totals.last().unwrap_or(&0)) + LABEL_SIZE / 3.0)
        .collect();
    let baselines = spread(&wanted, TOP + LABEL_SIZE, HEIGHT - 4.0);
    let mut svg = String::new();
    let _ = write!(
        svg,
        "<svg class=\"chart\" width=\"{width}\" height=\"{HEIGHT}\" viewBox=\"0 0 {width} {HEIGHT}\" \
         role=\"img\" aria-labelledby=\"chart-title chart-desc\" xmlns=\"http://www.w3.org/2000/svg\">\
         <title id=\"chart-title\">{}</title><desc id=\"chart-desc\">{}</desc>",
        escape(&language.say(&format!("chart-title-{kind}"))),
        escape(&describe(&series, language))
    );
    let _ = write!(
        svg,
        "<g stroke=\"currentColor\" stroke-width=\"1\" fill=\"none\">\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{b}\"/>\
         <line x1=\"{LEFT}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\"/></g>\
         <g fill=\"currentColor\" font-size=\"11\">\
         <text x=\"{lx}\" y=\"{ty}\" text-anchor=\"end\">{top}</text>\
         <text x=\"{lx}\" y=\"{b}\" text-anchor=\"end\">{bottom}</text>\
         <text x=\"{cx}\" y=\"{ay}\" text-anchor=\"middle\">{}</text></g>",
        escape(&language.say_with(
            &format!("chart-axis-{kind}"),
            &[("last", (rounds as i64).into())]
        )),
        b = HEIGHT - BOTTOM,
        r = LEFT + PLOT,
        lx = LEFT - 6.0,
        ty = TOP + 4.0,
        cx = LEFT + PLOT / 2.0,
        ay = HEIGHT - 8.0,
    );
    for (seat, player) in series.iter().enumerate() {
        let color_of = seat % COLORS.len();
        let points: Vec<String> = player
            .totals
            .iter()
            .enumerate()
            .map(|(i, &total)| format!("{:.1},{:.1}", x(i), y(total)))
            .collect();
        let end = player.totals.len() - 1;
        let (end_x, end_y) = (x(end), y(*player.totals.last().unwrap_or(&0)));
        // A thin line from the end of the player's line to their label, which may stand a
        // little above or below it.
        let _ = write!(
            svg,
            "<g class=\"seat-{color_of}\" color=\"{}\">\
             <polyline class=\"line\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2.5\" points=\"{}\"/>\
             <polyline class=\"leader\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"1\" stroke-dasharray=\"2 2\" \
             points=\"{end_x:.1},{end_y:.1} {:.1},{:.1}\"/>\
             <text class=\"label\" x=\"{label_x:.1}\" y=\"{:.1}\" fill=\"currentColor\" font-size=\"{LABEL_SIZE}\" \
             textLength=\"{:.1}\" lengthAdjust=\"spacingAndGlyphs\">{}</text></g>",
            COLORS[color_of],
            points.join(" "),
            label_x - 2.0,
            baselines[seat] - LABEL_SIZE / 3.0,
            baselines[seat],
            widths[seat],
            escape(&labels[seat]),
        );
    }
    svg.push_str("</svg>");
    svg
}

/// The width a label is drawn at, in user units: each character's usual advance in a sans-serif
/// face, in ems (narrow ones such as `i` and `.` a third, wide ones such as `W` most of one, East
/// Asian wide characters and emoji a whole one). The text is drawn at exactly this width
/// (`textLength`), so that the label column fits it whatever the font; the estimate keeps the
/// stretching or squeezing that makes slight. Written here: the glyphs' advances are the
/// font's, which the server does not have; a crate such as `unicode-width` gives terminal
/// columns, not these proportions.
fn text_width(text: &str) -> f64 {
    let ems: f64 = text
        .chars()
        .map(|c| match c {
            '\u{0300}'..='\u{036F}' | '\u{200D}' | '\u{FE0F}' => 0.0,
            'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | ';' | '!' | '|' | '\'' | ' ' => 0.3,
            'f' | 't' | 'r' | '(' | ')' | '[' | ']' | '-' => 0.38,
            'm' | 'w' | 'M' | 'W' | '@' => 0.85,
            'A'..='Z' => 0.68,
            '0'..='9' => 0.58,
            c if matches!(c as u32, 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3
                | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6
                | 0x1F300..=0x1FAFF | 0x20000..=0x3FFFD) =>
            {
                1.0
            }
            _ => 0.56,
        })
        .sum();
    (ems * LABEL_SIZE).max(LABEL_SIZE)
}

/// The labels' baselines: each as near the one it wants as can be, at least `LABEL_STEP`
/// apart, between `low` and `high` (a room the labels always fit: eight of them take 128 of
/// its 244 units). In the order of the players, as `wanted` is.
fn spread(wanted: &[f64], low: f64, high: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by(|&a, &b| wanted[a].total_cmp(&wanted[b]).then(a.cmp(&b)));
    let mut placed: Vec<f64> = order.iter().map(|&i| wanted[i].clamp(low, high)).collect();
    // Down the column: each at least a step below the one above it.
    for k in 1..placed.len() {
        placed[k] = placed[k].max(placed[k - 1] + LABEL_STEP);
    }
    // Up from the bottom: back within the room, each at least a step above the one below it.
    if let Some(last) = placed.last_mut() {
        *last = last.min(high);
    }
    for k in (0..placed.len().saturating_sub(1)).rev() {
        placed[k] = placed[k].min(placed[k + 1] - LABEL_STEP);
    }
    let mut baselines = vec![0.0; wanted.len()];
    for (k, &i) in order.iter().enumerate() {
        baselines[i] = placed[k];
    }
    baselines
}

/// The chart in words: each player's total after how many rounds.
fn describe(series: &[Series], language: Language) -> String {
    series
        .iter()
        .map(|s| {
            language.say_with(
                "chart-line",
                &[
                    ("name", s.name.as_str().into()),
                    ("total", (*s.totals.last().unwrap_or(&0)).into()),
                    ("count", ((s.totals.len() - 1) as i64).into()),
                ],
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
        assert_eq!(describe(&[series], Language::default()), "<b>: 30 after 2");
    }

    #[test]
    fn labels_keep_apart_and_within_the_room() {
        let cases: [&[f64]; 4] = [
            &[100.0; 8],
            &[20.0, 20.0, 250.0, 250.0, 250.0],
            &[0.0, 300.0, 150.0, 151.0, 152.0, 153.0, 12.0, 13.0],
            &[60.0],
        ];
        for wanted in cases {
            let placed = spread(wanted, TOP + LABEL_SIZE, HEIGHT - 4.0);
            let mut sorted = placed.clone();
            sorted.sort_by(f64::total_cmp);
            assert!(
                sorted.windows(2).all(|w| w[1] - w[0] >= LABEL_STEP - 1e-9),
                "{placed:?}"
            );
            assert!(
                sorted
                    .iter()
                    .all(|&b| (TOP + LABEL_SIZE..=HEIGHT - 4.0).contains(&b))
            );
        }
        assert_eq!(spread(&[60.0], 25.0, 256.0), [60.0]);
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
