//! The pad as CSV (RFC 4180): a header row of the players' names, then the pad's rows, with
//! CRLF line ends, and any field holding a comma, a double quote or a line break quoted (its
//! quotes doubled). A card pad's header names each player's four columns ("Ann Phase").
//!
//! Spreadsheets run a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return)
//! as a formula, so a player named `=HYPERLINK(…)` could act on whoever opens the file: such a
//! name is written with a leading apostrophe (`'=HYPERLINK(…)`), which spreadsheets show as
//! text. Only names get this; the numbers the pad writes are the service's own.

use std::borrow::Cow;

use super::rows::{Cells, Pad};

/// The CSV of a pad.
pub fn pad_csv(pad: &Pad) -> String {
    let columns = pad.game.columns_per_player();
    let mut header = vec!["Player".to_string()];
    for name in &pad.players {
        let name = as_text(name);
        if columns.is_empty() {
            header.push(name.into_owned());
        } else {
            header.extend(columns.iter().map(|column| format!("{name} {column}")));
        }
    }
    let mut csv = record(&header);
    let width = columns.len().max(1);
    for row in &pad.rows {
        let mut fields = vec![row.label.clone()];
        match &row.cells {
            Cells::PerColumn(cells) => fields.extend(cells.iter().cloned()),
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

/// A file name for a game's CSV: made of the game's id only, so always safe in a header.
pub fn file_name(game_id: &str) -> String {
    let safe: String = game_id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    format!("phase10-pad-{safe}.csv")
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
    fn a_file_name_keeps_only_safe_characters() {
        assert_eq!(file_name("ab-12\"; x"), "phase10-pad-ab-12x.csv");
    }
}
