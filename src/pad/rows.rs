//! The pad's rows, as both the spreadsheet and the page show them: a heading per player in seat
//! order, then labelled rows. A dice pad follows the paper pad (phases 1 to 5, the Five Phase
//! Bonus and Total, phases 6 to 10, the First Finish Bonus, the Grand Total) with the rows the
//! paper lacks (failures, the solitaire penalty, the winners). A card pad has a row per hand,
//! each player's phase, whether it was made, the points and the running total, then the phases
//! done, the phase worked on, the total and the winners.

use crate::rules::PHASES;
use crate::service::scoresheet::{CardScoresheet, DiceScoresheet, Scoresheet};

/// Which game a pad is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadGame {
    Dice,
    Cards,
}

impl PadGame {
    /// The pad's title, as on the box.
    pub fn title(self) -> &'static str {
        match self {
            PadGame::Dice => "Phase 10 Dice score pad",
            PadGame::Cards => "Phase 10 card game score pad",
        }
    }

    /// What each player's column holds in a row of hands: one value for dice, four for cards.
    pub fn columns_per_player(self) -> &'static [&'static str] {
        match self {
            PadGame::Dice => &[],
            PadGame::Cards => &CARD_COLUMNS,
        }
    }
}

/// A player's columns on a card pad, in each row of a hand.
pub const CARD_COLUMNS: [&str; 4] = ["Phase", "Made", "Points", "Total"];

/// What a row is, for its looks on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKind {
    /// A phase of a dice game, or a hand of a card game.
    Score,
    /// A bonus, the failures or the penalty.
    Extra,
    /// A total.
    Total,
    /// Who won.
    Winner,
}

/// The cells of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cells {
    /// One cell a player, spanning the player's columns.
    PerPlayer(Vec<String>),
    /// One cell a column: a card pad's hands (`CARD_COLUMNS` for each player in turn).
    PerColumn(Vec<String>),
}

/// One labelled row of the pad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub label: String,
    pub kind: RowKind,
    pub cells: Cells,
}

impl Row {
    fn per_player(label: impl Into<String>, kind: RowKind, cells: Vec<String>) -> Row {
        Row {
            label: label.into(),
            kind,
            cells: Cells::PerPlayer(cells),
        }
    }
}

/// The whole pad: its game, the players' names (user text, never trusted) and what it says of
/// the game, then its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pad {
    pub game: PadGame,
    /// The players' names in seat order: text the players typed.
    pub players: Vec<String>,
    /// Whether each player (by seat) won.
    pub winners: Vec<bool>,
    /// Where the game stands, in words (`finished`), or `None` for a blank pad.
    pub status: Option<&'static str>,
    pub rows: Vec<Row>,
}

/// The row of a dice pad naming each player's turns replaced after they were entered.
pub const FIXED_TURNS: &str = "Turns Fixed";

/// What the label of a card pad's hand says once the hand was replaced after it was recorded
/// ("Hand 2 (fixed; dealt by Bo)").
pub const FIXED: &str = "fixed";

/// The row of a card pad in play saying who deals the coming hand, and what it says of them.
pub const NEXT_DEAL: &str = "Next Deal";
pub const DEALS: &str = "deals";

/// What the label of a card pad's tie-break hand says.
pub const TIE_BREAK: &str = "tie-break";

/// What the winner row says of a winner.
pub const WINNER: &str = "Winner";

impl Pad {
    /// The pad of a scoresheet.
    pub fn of(sheet: &Scoresheet) -> Pad {
        match sheet {
            Scoresheet::Dice(dice) => Pad::of_dice(dice),
            Scoresheet::Cards(cards) => Pad::of_cards(cards),
        }
    }

    /// The names of the winners, in seat order.
    pub fn winner_names(&self) -> Vec<&str> {
        self.players
            .iter()
            .zip(&self.winners)
            .filter(|(_, won)| **won)
            .map(|(name, _)| name.as_str())
            .collect()
    }

    fn winner_row(winners: &[bool]) -> Row {
        let cells = winners
            .iter()
            .map(|won| {
                if *won {
                    WINNER.to_string()
                } else {
                    String::new()
                }
            })
            .collect();
        Row::per_player(WINNER, RowKind::Winner, cells)
    }

    fn of_dice(sheet: &DiceScoresheet) -> Pad {
        let lines = &sheet.lines;
        let each = |f: &dyn Fn(&crate::service::scoresheet::Line) -> String| {
            lines.iter().map(f).collect::<Vec<_>>()
        };
        let phase_row = |index: usize| {
            Row::per_player(
                PHASES[index].label,
                RowKind::Score,
                each(&|line| {
                    line.phases[index]
                        .score
                        .map(|s| s.to_string())
                        .unwrap_or_default()
                }),
            )
        };
        let mut rows: Vec<Row> = (0..5).map(phase_row).collect();
        rows.push(Row::per_player(
            "Five Phase Bonus",
            RowKind::Extra,
            each(&|line| line.five_phase_bonus.to_string()),
        ));
        rows.push(Row::per_player(
            "Five Phase Total",
            RowKind::Total,
            each(&|line| line.five_phase_total.to_string()),
        ));
        rows.extend((5..10).map(phase_row));
        rows.push(Row::per_player(
            "First Finish Bonus",
            RowKind::Extra,
            each(&|line| line.first_finish_bonus.to_string()),
        ));
        rows.push(Row::per_player(
            "Failures",
            RowKind::Extra,
            each(&|line| line.failures.to_string()),
        ));
        rows.push(Row::per_player(
            "Solitaire Penalty",
            RowKind::Extra,
            each(&|line| line.penalty.to_string()),
        ));
        rows.push(Row::per_player(
            "Grand Total",
            RowKind::Total,
            each(&|line| line.grand_total.to_string()),
        ));
        // Turns replaced after they were entered (RULES §9), only once there are any.
        if lines.iter().any(|line| !line.edited_turns.is_empty()) {
            rows.push(Row::per_player(
                FIXED_TURNS,
                RowKind::Extra,
                each(&|line| {
                    line.edited_turns
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(" ")
                }),
            ));
        }
        let winners: Vec<bool> = lines
            .iter()
            .map(|line| sheet.winners.contains(&line.player_id))
            .collect();
        rows.push(Pad::winner_row(&winners));
        Pad {
            game: PadGame::Dice,
            players: each(&|line| line.name.to_string()),
            winners,
            status: Some(match sheet.status {
                crate::rules::dice::game::Status::InProgress => "in progress",
                crate::rules::dice::game::Status::LastRound => "last round",
                crate::rules::dice::game::Status::Finished => "finished",
            }),
            rows,
        }
    }

    fn of_cards(sheet: &CardScoresheet) -> Pad {
        let players = &sheet.players;
        let last_hand = players
            .iter()
            .flat_map(|p| p.hands.iter().map(|h| h.number))
            .max()
            .unwrap_or(0);
        let mut rows = Vec::new();
        for number in 1..=last_hand {
            let mut cells = Vec::new();
            let mut edited = false;
            for player in players {
                let played = player.hands.iter().position(|h| h.number == number);
                match played {
                    Some(at) => {
                        let hand = &player.hands[at];
                        edited |= hand.edited > 0;
                        let total: u32 = player.hands[..=at].iter().map(|h| h.points).sum();
                        cells.extend([
                            hand.phase.to_string(),
                            if hand.made { "yes" } else { "no" }.to_string(),
                            hand.points.to_string(),
                            total.to_string(),
                        ]);
                    }
                    None => cells.extend(std::iter::repeat_n(String::new(), CARD_COLUMNS.len())),
                }
            }
            let dealt = sheet.hands.iter().find(|h| h.number == number);
            let mut notes = Vec::new();
            if dealt.is_some_and(|hand| hand.tie_break) {
                notes.push(TIE_BREAK.to_string());
            }
            if edited {
                notes.push(FIXED.to_string());
            }
            if let Some(dealer) =
                dealt.and_then(|hand| players.iter().find(|p| p.player_id == hand.dealer_id))
            {
                notes.push(format!("dealt by {}", dealer.name));
            }
            let notes = match notes.is_empty() {
                true => String::new(),
                false => format!(" ({})", notes.join("; ")),
            };
            rows.push(Row {
                label: format!("Hand {number}{notes}"),
                kind: RowKind::Score,
                cells: Cells::PerColumn(cells),
            });
        }
        let each = |f: &dyn Fn(&crate::service::card_scoresheet::CardLine) -> String| {
            players.iter().map(f).collect::<Vec<_>>()
        };
        rows.push(Row::per_player(
            "Phases Done",
            RowKind::Extra,
            each(&|p| {
                p.phases_done
                    .iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            }),
        ));
        rows.push(Row::per_player(
            "Working On",
            RowKind::Extra,
            each(&|p| match p.phase {
                Some(phase) => format!("Phase {phase}"),
                None => "all done".to_string(),
            }),
        ));
        if let Some(dealer) = &sheet.dealer_id {
            rows.push(Row::per_player(
                NEXT_DEAL,
                RowKind::Extra,
                each(&|p| match p.player_id == dealer {
                    true => DEALS.to_string(),
                    false => String::new(),
                }),
            ));
        }
        rows.push(Row::per_player(
            "Total Points",
            RowKind::Total,
            each(&|p| p.total.to_string()),
        ));
        let winners: Vec<bool> = players
            .iter()
            .map(|p| sheet.winners.contains(&p.player_id))
            .collect();
        rows.push(Pad::winner_row(&winners));
        Pad {
            game: PadGame::Cards,
            players: each(&|p| p.name.to_string()),
            winners,
            status: Some(match sheet.status {
                crate::rules::cards::CardStatus::InProgress => "in progress",
                crate::rules::cards::CardStatus::TieBreak => "tie-break hand due",
                crate::rules::cards::CardStatus::Finished => "finished",
            }),
            rows,
        }
    }
}
