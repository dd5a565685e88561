//! The pad as CSV (RFC 4180): a header row of the players' names, then the pad's rows, with
//! CRLF line ends, and any field holding a comma, a double quote or a line break quoted (its
//! quotes doubled). A card pad's header names each player's five columns ("Ann Phase").
//!
//! Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return)
//! as a formula, so a player named `=HYPERLINK(…)` could act on whoever opens the file: such a
//! name is written with a leading apostrophe (`'=HYPERLINK(…)`), which spreadsheets show as
//! text. Only names get this; the numbers the pad writes are the service's own.

use std::borrow::Cow;

use chrono::NaiveDate;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

use super::rows::{Cells, Pad, PadGame};

/// A pad as CSV (RFC 4180: CRLF line ends, fields quoted when they must be), in the pad's
/// language, after a UTF-8 byte-order mark: Excel on Windows reads a file without one in the
/// machine's legacy code page ("LucÃ­a"), and every other program skips it. The header names
/// each column: "Player", then one per player for a dice pad, or five per player for a card
/// pad ("Ann Phase", "Ann Made", "Ann Points", "Ann Total", "Ann Went Out"). A name is user
/// text: `as_text` keeps it from being read as a formula.
pub fn pad_csv(pad: &Pad) -> String {
    let columns: Vec<String> = match pad.game {
        PadGame::Dice => Vec::new(),
        PadGame::Cards => {
            let mut columns = pad.columns_per_player();
            columns.push(pad.say("card-col-went-out"));
            columns
        }
    };
    let mut header = vec![pad.say("csv-player")];
    for name in &pad.players {
        let name = as_text(name);
        if columns.is_empty() {
            header.push(name.into_owned());
        } else {
            header.extend(columns.iter().map(|column| format!("{name} {column}")));
        }
    }
    let mut csv = String::from(BYTE_ORDER_MARK);
    csv.push_str(&record(&header));
    let width = columns.len().max(1);
    let (yes, no) = (pad.say("made-yes"), pad.say("made-no"));
    let said = |flag: bool| if flag { yes.clone() } else { no.clone() };
    for row in &pad.rows {
        let mut fields = vec![pad.label_of(row, true)];
        match &row.cells {
            Cells::Hands(hands) => {
                for hand in hands {
                    match hand {
                        Some(hand) => fields.extend([
                            hand.phase.to_string(),
                            said(hand.made),
                            hand.points.to_string(),
                            hand.total.to_string(),
                            said(hand.went_out),
                        ]),
                        None => fields.extend(std::iter::repeat_n(String::new(), width)),
                    }
                }
            }
            Cells::PerPlayer(cells) => {
                for cell in cells {
                    fields.push(cell.clone());
                    fields.extend(std::iter::repeat_n(String::new(), width - 1));
                }
            }
        }
        csv.push_str(&record(&fields));
    }
    csv
}

/// The UTF-8 byte-order mark the CSV starts with.
pub const BYTE_ORDER_MARK: &str = "\u{feff}";

/// One record: its fields, each quoted as needed, and CRLF.
fn record(fields: &[String]) -> String {
    let mut line = fields
        .iter()
        .map(|f| field(f))
        .collect::<Vec<_>>()
        .join(",");
    line.push_str("\r\n");
    line
}

/// A field as RFC 4180 writes it: quoted (its quotes doubled) when it holds a comma, a double
/// quote or a line break, as it is otherwise.
pub fn field(text: &str) -> Cow<'_, str> {
    if text.contains([',', '"', '\r', '\n']) {
        Cow::Owned(format!("\"{}\"", text.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(text)
    }
}

/// User text as a spreadsheet shows it as text: with an apostrophe before a first character
/// that would start a formula.
pub fn as_text(text: &str) -> Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// The CSV's file name, from the game's name (or its game) and the day it was created:
/// `phase10-friday-night-2026-11-24.csv`. Two forms, for `Content-Disposition` (RFC 6266): an
/// ASCII one (letters, digits and hyphens) for `filename`, and one keeping every letter and
/// digit of the name for `filename*` (both without accents).
pub fn file_names(game_name: Option<&str>, game: PadGame, created: NaiveDate) -> (String, String) {
    let named = |keep: &dyn Fn(char) -> bool| {
        let name = game_name.unwrap_or(match game {
            PadGame::Dice => "dice",
            PadGame::Cards => "cards",
        });
        let mut slug = String::new();
        // Accents come off (NFD, marks dropped) rather than becoming hyphens: "lucia".
        for c in name
            .nfd()
            .filter(|c| !is_combining_mark(*c))
            .flat_map(char::to_lowercase)
        {
            if keep(c) {
                slug.push(c);
            } else if !slug.ends_with('-') && !slug.is_empty() {
                slug.push('-');
            }
        }
        let slug = slug.trim_end_matches('-');
        let slug = if slug.is_empty() { "pad" } else { slug };
        format!("phase10-{slug}-{}.csv", created.format("%Y-%m-%d"))
    };
    (
        named(&|c| c.is_ascii_alphanumeric()),
        named(&|c| c.is_alphanumeric()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_with_a_comma_a_quote_or_a_line_break_is_quoted() {
        assert_eq!(field("Ann"), "Ann");
        assert_eq!(field("Ann, Bo"), "\"Ann, Bo\"");
        assert_eq!(field("the \"ace\""), "\"the \"\"ace\"\"\"");
        assert_eq!(field("two\r\nlines"), "\"two\r\nlines\"");
        assert_eq!(field(""), "");
    }

    #[test]
    fn a_name_that_would_start_a_formula_is_written_as_text() {
        for name in ["=1+1", "+1", "-1", "@SUM(A1)", "\tx"] {
            assert_eq!(as_text(name), format!("'{name}"));
        }
        assert_eq!(as_text("Ann=1"), "Ann=1");
        assert_eq!(as_text("'quoted"), "'quoted");
    }

    #[test]
    fn a_hostile_name_is_neutralised_then_quoted() {
        let name = "=HYPERLINK(\"http://x\",\"y\")";
        assert_eq!(
            field(&as_text(name)),
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""
        );
    }

    #[test]
    fn a_file_name_comes_from_the_games_name_and_day() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        assert_eq!(
            file_names(
                Some("Friday night: Lucía's \"revenge\""),
                PadGame::Cards,
                day
            ),
            (
                "phase10-friday-night-lucia-s-revenge-2026-11-24.csv".to_string(),
                "phase10-friday-night-lucia-s-revenge-2026-11-24.csv".to_string()
            )
        );
        let unnamed = file_names(None, PadGame::Dice, day);
        assert_eq!(unnamed.0, "phase10-dice-2026-11-24.csv");
        assert_eq!(
            file_names(Some("¡¿?!"), PadGame::Dice, day).0,
            "phase10-pad-2026-11-24.csv"
        );
    }
}
