//! The blank pad, for people who play on paper: the same grid with "Player 1" to "Player N"
//! heading the columns and every cell empty to be written in, in the reader's language. A dice
//! pad has the paper pad's rows, with what each bonus is worth; a card pad has as many hands as
//! fit a landscape sheet at rows of 7 mm (`style.css`), then the phases done and the total,
//! and what the cards left in hand are worth.

use super::html::{pad_view, page};
use super::rows::{Cells, Pad, PadGame, Row, RowKind};
use super::words::Language;
use crate::rules::cards::{MAX_CARD_PLAYERS, MIN_CARD_PLAYERS};

/// The most players a dice pad has columns for (a dice game's limit).
pub const MAX_PLAYERS: usize = 8;

/// The players a blank pad of a game is for.
pub fn players_of(game: PadGame) -> std::ops::RangeInclusive<usize> {
    match game {
        PadGame::Dice => 1..=MAX_PLAYERS,
        PadGame::Cards => MIN_CARD_PLAYERS..=MAX_CARD_PLAYERS,
    }
}

/// The hands a blank card pad has rows for: what fits the printable height of a landscape A4
/// sheet (the shorter of A4 and Letter: 210 mm less 2 × 8 mm of margin, 194 mm) at rows of 7 mm
/// (7.3 with their rules), once the title (6 mm), the two heading rows (15 mm), the phases done
/// and the total (two rows) and the notes (up to 10 mm) have theirs:
/// (194 − 6 − 15 − 2 × 7.3 − 10) / 7.3 = 20.1. The browser test prints every blank pad.
pub const BLANK_HANDS: u32 = 20;

/// A blank pad for `players` players (within `players_of(game)`, which the caller checks).
pub fn blank_pad(game: PadGame, players: usize, language: Language) -> Pad {
    let say = |id: &str| language.say(id);
    let empty =
        |label: String, kind: RowKind| Row::per_player(label, kind, vec![String::new(); players]);
    let (rows, notes) = match game {
        PadGame::Dice => {
            let phase = |number: usize| empty(say(&format!("dice-phase-{number}")), RowKind::Score);
            let mut rows: Vec<Row> = (1..=5).map(phase).collect();
            rows.push(empty(say("blank-five-phase-bonus"), RowKind::Extra));
            rows.push(empty(say("five-phase-total"), RowKind::Total));
            rows.extend((6..=10).map(phase));
            rows.push(empty(say("blank-first-finish-bonus"), RowKind::Extra));
            rows.push(empty(say("failures"), RowKind::Extra));
            rows.push(empty(say("blank-solitaire-penalty"), RowKind::Extra));
            rows.push(empty(say("grand-total"), RowKind::Total));
            (rows, Vec::new())
        }
        PadGame::Cards => {
            let mut rows: Vec<Row> = (1..=BLANK_HANDS)
                .map(|number| Row {
                    label: language.say_with("hand", &[("number", number.into())]),
                    notes: Vec::new(),
                    dealer: None,
                    kind: RowKind::Score,
                    cells: Cells::Hands(vec![None; players]),
                })
                .collect();
            rows.push(empty(say("phases-done"), RowKind::Extra));
            rows.push(empty(say("total-points"), RowKind::Total));
            (rows, vec![say("legend-cards"), say("points-reminder")])
        }
    };
    Pad {
        game,
        language,
        title: language.say_with("blank-title", &[("title", game.title(language).into())]),
        about: Vec::new(),
        standings: Vec::new(),
        players: (1..=players)
            .map(|n| language.say_with("blank-player", &[("number", (n as i64).into())]))
            .collect(),
        winners: vec![false; players],
        rows,
        notes,
    }
}

/// The printable page of a blank pad.
pub fn blank_page(game: PadGame, players: usize, language: Language) -> String {
    let pad = blank_pad(game, players, language);
    page(language, &pad.title, &pad_view(&pad), None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_dice_pad_has_the_paper_pads_rows_and_no_scores() {
        let pad = blank_pad(PadGame::Dice, 3, Language::default());
        assert_eq!(pad.players, ["Player 1", "Player 2", "Player 3"]);
        let labels: Vec<&str> = pad.rows.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels[0], "2 sets of 3");
        assert_eq!(labels[5], "Five Phase Bonus (+40 if over 220)");
        assert_eq!(labels[6], "Five Phase Total");
        assert_eq!(labels[7], "1 run of 9");
        assert_eq!(labels.last(), Some(&"Grand Total"));
        assert!(pad.rows.iter().all(|row| match &row.cells {
            Cells::PerPlayer(cells) => cells.len() == 3 && cells.iter().all(String::is_empty),
            Cells::Hands(_) => false,
        }));
    }

    #[test]
    fn a_blank_card_pad_in_spanish_has_its_hands_and_the_rulebooks_words() {
        let spanish = Language::chosen(Some("es"), None);
        let pad = blank_pad(PadGame::Cards, 6, spanish);
        assert_eq!(pad.players[5], "Jugador 6");
        assert_eq!(pad.rows[0].label, "Ronda 1");
        assert_eq!(pad.rows.len(), BLANK_HANDS as usize + 2);
        assert!(
            pad.notes[1].contains("«Pierdes el turno»"),
            "{:?}",
            pad.notes
        );
        assert!(pad.notes[1].contains("«comodín»"));
        assert_eq!(players_of(PadGame::Cards), 2..=6);
    }
}
