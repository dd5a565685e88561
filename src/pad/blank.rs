//! The blank pad, for people who play on paper: the same table with "Player 1" to "Player N"
//! heading the columns and every cell empty to be written in. A card pad has room for
//! `BLANK_HANDS` hands.

use super::html::{page, table};
use super::rows::{CARD_COLUMNS, Cells, Pad, PadGame, Row, RowKind};
use crate::rules::PHASES;

/// The most players a pad has columns for (a dice game's limit).
pub const MAX_PLAYERS: usize = 8;

/// The rows a blank card pad has for hands.
pub const BLANK_HANDS: u32 = 20;

/// A blank pad for `players` players (1 to `MAX_PLAYERS`, which the caller checks).
pub fn blank_pad(game: PadGame, players: usize) -> Pad {
    let empty = |label: &str, kind: RowKind| Row {
        label: label.to_string(),
        kind,
        cells: Cells::PerPlayer(vec![String::new(); players]),
    };
    let rows = match game {
        PadGame::Dice => {
            let mut rows: Vec<Row> = PHASES[..5]
                .iter()
                .map(|p| empty(p.label, RowKind::Score))
                .collect();
            rows.push(empty("Five Phase Bonus (+40 if over 220)", RowKind::Extra));
            rows.push(empty("Five Phase Total", RowKind::Total));
            rows.extend(PHASES[5..].iter().map(|p| empty(p.label, RowKind::Score)));
            rows.push(empty("First Finish Bonus (+40)", RowKind::Extra));
            rows.push(empty("Failures", RowKind::Extra));
            rows.push(empty("Solitaire Penalty (5 a failure)", RowKind::Extra));
            rows.push(empty("Grand Total", RowKind::Total));
            rows
        }
        PadGame::Cards => {
            let mut rows: Vec<Row> = (1..=BLANK_HANDS)
                .map(|number| Row {
                    label: format!("Hand {number}"),
                    kind: RowKind::Score,
                    cells: Cells::PerColumn(vec![String::new(); players * CARD_COLUMNS.len()]),
                })
                .collect();
            rows.push(empty("Phases Done", RowKind::Extra));
            rows.push(empty("Total Points", RowKind::Total));
            rows
        }
    };
    Pad {
        game,
        players: (1..=players).map(|n| format!("Player {n}")).collect(),
        winners: vec![false; players],
        status: None,
        rows,
    }
}

/// The printable page of a blank pad.
pub fn blank_page(game: PadGame, players: usize) -> String {
    let title = format!("{} (blank)", game.title());
    page(&title, &table(&blank_pad(game, players)), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_dice_pad_has_the_paper_pads_rows_and_no_scores() {
        let pad = blank_pad(PadGame::Dice, 3);
        assert_eq!(pad.players, ["Player 1", "Player 2", "Player 3"]);
        let labels: Vec<&str> = pad.rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels[0], "2 sets of 3");
        assert_eq!(labels[5], "Five Phase Bonus (+40 if over 220)");
        assert_eq!(labels[6], "Five Phase Total");
        assert_eq!(labels[7], "1 run of 9");
        assert_eq!(labels.last(), Some(&"Grand Total"));
        assert!(pad.rows.iter().all(|row| match &row.cells {
            Cells::PerPlayer(cells) | Cells::PerColumn(cells) =>
                cells.len() == 3 && cells.iter().all(String::is_empty),
        }));
    }
}
