//! The pad laid out once, in the game's words and the reader's language, for the spreadsheet
//! and the page alike: what the pad says of the game (its title, where it stands, a card game's
//! edition and phases), the standings a table looks at (each player's phase, total, whose turn
//! or deal it is, the winners), then the grid: a column per player in seat order and labelled
//! rows. A dice pad's rows follow the paper pad (phases 1 to 5, the Five Phase Bonus and Total,
//! phases 6 to 10, the First Finish Bonus, the Grand Total) with the rows the paper lacks
//! (failures, the solitaire penalty, turns fixed, the winners). A card pad has a row per hand
//! (each player's phase, made or not, went out, the points and the running total), then the
//! phases done, the phase worked on, who deals next, the total and the winners.

use super::words::{Arg, Language};
use crate::rules::cards::CardEdition;
use crate::service::card_scoresheet::{CardLine, CardScoresheet};
use crate::service::scoresheet::{DiceScoresheet, Line, Scoresheet};

/// Which game a pad is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadGame {
    Dice,
    Cards,
}

impl PadGame {
    /// The pad's title, as on the box.
    pub fn title(self, language: Language) -> String {
        language.say(match self {
            PadGame::Dice => "pad-title-dice",
            PadGame::Cards => "pad-title-cards",
        })
    }
}

/// The catalogue's messages of a player's columns in a card pad's row of a hand.
pub const CARD_COLUMNS: [&str; 4] = [
    "card-col-phase",
    "card-col-made",
    "card-col-points",
    "card-col-total",
];

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

/// One player's part of a card pad's row of a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandCells {
    pub phase: u8,
    pub made: bool,
    pub went_out: bool,
    pub points: u32,
    /// The running total after this hand.
    pub total: u32,
}

/// The cells of a row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cells {
    /// One cell a player, spanning the player's columns.
    PerPlayer(Vec<String>),
    /// A card pad's hand: each player's part, or none (a blank pad, or a tie-break hand they
    /// did not play).
    Hands(Vec<Option<HandCells>>),
}

/// One labelled row of the pad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub label: String,
    /// What else the label says of a card pad's hand ("tie-break", "fixed").
    pub notes: Vec<String>,
    /// A card pad's hand: the seat that dealt it. The page marks it in the dealer's column,
    /// the CSV says it in the label (`Pad::label_of`).
    pub dealer: Option<usize>,
    pub kind: RowKind,
    pub cells: Cells,
}

impl Row {
    pub fn per_player(label: impl Into<String>, kind: RowKind, cells: Vec<String>) -> Row {
        Row {
            label: label.into(),
            notes: Vec::new(),
            dealer: None,
            kind,
            cells: Cells::PerPlayer(cells),
        }
    }
}

/// A player as the standings show them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// Text the players typed.
    pub name: String,
    /// "Phase 3", or that all are done.
    pub phase: String,
    pub total: String,
    /// Whose turn or deal it is ("plays now", "deals"), or empty.
    pub now: String,
    pub won: bool,
    /// Where they stand: their rank, then their seat.
    pub rank: (u32, usize),
}

/// The whole pad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pad {
    pub game: PadGame,
    pub language: Language,
    pub title: String,
    /// What the pad says of the game, a line each: where it stands, the winners, a card game's
    /// edition and phases. Empty for a blank pad.
    pub about: Vec<String>,
    /// The players by rank, then seat; empty for a blank pad.
    pub standings: Vec<Standing>,
    /// The players' names in seat order: text the players typed.
    pub players: Vec<String>,
    /// Whether each player (by seat) won.
    pub winners: Vec<bool>,
    pub rows: Vec<Row>,
    /// Lines under the grid: what its marks mean.
    pub notes: Vec<String>,
}

impl Pad {
    /// The pad of a scoresheet, in a language.
    pub fn of(sheet: &Scoresheet, language: Language) -> Pad {
        match sheet {
            Scoresheet::Dice(dice) => Pad::of_dice(dice, language),
            Scoresheet::Cards(cards) => Pad::of_cards(cards, language),
        }
    }

    /// The words of the catalogue's `id` in the pad's language.
    pub fn say(&self, id: &str) -> String {
        self.language.say(id)
    }

    /// A row's label with its notes, and with its dealer when `with_dealer` (the CSV, which
    /// has no other place for them): "Hand 2 (fixed; dealt by Bo)".
    pub fn label_of(&self, row: &Row, with_dealer: bool) -> String {
        let mut notes = row.notes.clone();
        if let Some(name) = row
            .dealer
            .filter(|_| with_dealer)
            .and_then(|seat| self.players.get(seat))
        {
            notes.push(
                self.language
                    .say_with("dealt-by", &[("name", name.as_str().into())]),
            );
        }
        match notes.is_empty() {
            true => row.label.clone(),
            false => format!("{} ({})", row.label, notes.join("; ")),
        }
    }

    /// The columns of a player in a row of hands (cards), or none (dice).
    pub fn columns_per_player(&self) -> Vec<String> {
        match self.game {
            PadGame::Dice => Vec::new(),
            PadGame::Cards => CARD_COLUMNS.iter().map(|id| self.say(id)).collect(),
        }
    }

    fn winner_row(language: Language, winners: &[bool]) -> Row {
        let word = language.say("winner");
        let cells = winners
            .iter()
            .map(|won| if *won { word.clone() } else { String::new() })
            .collect();
        Row::per_player(word, RowKind::Winner, cells)
    }

    /// "Winners: Ann, Bo", if the game has any: `names` by seat, `winners` whether each won.
    fn winners_line(language: Language, names: &[String], winners: &[bool]) -> Option<String> {
        let names: Vec<&str> = names
            .iter()
            .zip(winners)
            .filter(|(_, won)| **won)
            .map(|(name, _)| name.as_str())
            .collect();
        (!names.is_empty()).then(|| {
            language.say_with(
                "winners",
                &[
                    ("count", Arg::Number(names.len() as i64)),
                    ("names", names.join(", ").into()),
                ],
            )
        })
    }

    /// The standings: the players by rank, then seat.
    fn standings(mut standings: Vec<Standing>) -> Vec<Standing> {
        standings.sort_by_key(|standing| standing.rank);
        standings
    }

    /// What it is a player's moment to do (`id`: "plays now", "deals"), if it is theirs.
    fn now(language: Language, id: &str, theirs: bool) -> String {
        match theirs {
            true => language.say(id),
            false => String::new(),
        }
    }

    fn on_phase(language: Language, phase: Option<u8>) -> String {
        match phase {
            Some(phase) => language.say_with("on-phase", &[("phase", u32::from(phase).into())]),
            None => language.say("all-phases-done"),
        }
    }

    fn of_dice(sheet: &DiceScoresheet, language: Language) -> Pad {
        use crate::rules::dice::game::Status;
        let lines = &sheet.lines;
        let say = |id: &str| language.say(id);
        let each = |f: &dyn Fn(&Line) -> String| lines.iter().map(f).collect::<Vec<_>>();
        let phase_row = |index: usize| {
            Row::per_player(
                say(&format!("dice-phase-{}", index + 1)),
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
            say("five-phase-bonus"),
            RowKind::Extra,
            each(&|line| line.five_phase_bonus.to_string()),
        ));
        rows.push(Row::per_player(
            say("five-phase-total"),
            RowKind::Total,
            each(&|line| line.five_phase_total.to_string()),
        ));
        rows.extend((5..10).map(phase_row));
        rows.push(Row::per_player(
            say("first-finish-bonus"),
            RowKind::Extra,
            each(&|line| line.first_finish_bonus.to_string()),
        ));
        rows.push(Row::per_player(
            say("failures"),
            RowKind::Extra,
            each(&|line| line.failures.to_string()),
        ));
        rows.push(Row::per_player(
            say("solitaire-penalty"),
            RowKind::Extra,
            each(&|line| line.penalty.to_string()),
        ));
        rows.push(Row::per_player(
            say("grand-total"),
            RowKind::Total,
            each(&|line| line.grand_total.to_string()),
        ));
        // Turns replaced after they were entered (RULES §9), only once there are any.
        if lines.iter().any(|line| !line.edited_turns.is_empty()) {
            rows.push(Row::per_player(
                say("turns-fixed"),
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
        rows.push(Pad::winner_row(language, &winners));
        let status = say(match sheet.status {
            Status::InProgress => "status-in-progress",
            Status::LastRound => "status-last-round",
            Status::Finished => "status-finished",
        });
        let names = each(&|line| line.name.to_string());
        let mut about = vec![status];
        about.extend(Pad::winners_line(language, &names, &winners));
        let standings = lines
            .iter()
            .zip(&winners)
            .map(|(line, won)| Standing {
                name: line.name.to_string(),
                phase: Pad::on_phase(language, line.phase),
                total: line.grand_total.to_string(),
                now: Pad::now(
                    language,
                    "plays-now",
                    sheet.turn_of.as_ref() == Some(&line.player_id),
                ),
                won: *won,
                rank: (line.rank, line.seat),
            })
            .collect();
        Pad {
            game: PadGame::Dice,
            language,
            title: PadGame::Dice.title(language),
            about,
            standings: Pad::standings(standings),
            players: names,
            winners,
            rows,
            notes: Vec::new(),
        }
    }

    fn of_cards(sheet: &CardScoresheet, language: Language) -> Pad {
        use crate::rules::cards::CardStatus;
        let say = |id: &str| language.say(id);
        let players = &sheet.players;
        let mut rows = Vec::new();
        for dealt in &sheet.hands {
            let number = dealt.number;
            let mut edited = false;
            let cells = players
                .iter()
                .map(|player| {
                    let at = player.hands.iter().position(|h| h.number == number)?;
                    let hand = &player.hands[at];
                    edited |= hand.edited > 0;
                    Some(HandCells {
                        phase: hand.phase,
                        made: hand.made,
                        went_out: hand.went_out,
                        points: hand.points,
                        total: player.hands[..=at].iter().map(|h| h.points).sum(),
                    })
                })
                .collect();
            let mut notes = Vec::new();
            if dealt.tie_break {
                notes.push(say("hand-tie-break"));
            }
            if edited {
                notes.push(say("hand-fixed"));
            }
            rows.push(Row {
                label: language.say_with("hand", &[("number", number.into())]),
                notes,
                dealer: players.iter().position(|p| p.player_id == dealt.dealer_id),
                kind: RowKind::Score,
                cells: Cells::Hands(cells),
            });
        }
        let each = |f: &dyn Fn(&CardLine) -> String| players.iter().map(f).collect::<Vec<_>>();
        rows.push(Row::per_player(
            say("phases-done"),
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
            say("working-on"),
            RowKind::Extra,
            each(&|p| Pad::on_phase(language, p.phase)),
        ));
        if let Some(dealer) = &sheet.dealer_id {
            rows.push(Row::per_player(
                say("next-deal"),
                RowKind::Extra,
                each(&|p| Pad::now(language, "deals-now", p.player_id == *dealer)),
            ));
        }
        rows.push(Row::per_player(
            say("total-points"),
            RowKind::Total,
            each(&|p| p.total.to_string()),
        ));
        let winners: Vec<bool> = players
            .iter()
            .map(|p| sheet.winners.contains(&p.player_id))
            .collect();
        rows.push(Pad::winner_row(language, &winners));
        let names = each(&|p| p.name.to_string());
        let mut about = vec![say(match sheet.status {
            CardStatus::InProgress => "status-in-progress",
            CardStatus::TieBreak => "status-tie-break-due",
            CardStatus::Finished => "status-finished",
        })];
        about.extend(Pad::winners_line(language, &names, &winners));
        about.push(card_rules_line(
            language,
            sheet.edition,
            &sheet.phases,
            sheet.ten_hands,
        ));
        let standings = players
            .iter()
            .zip(&winners)
            .map(|(p, won)| Standing {
                name: p.name.to_string(),
                phase: Pad::on_phase(language, p.phase),
                total: p.total.to_string(),
                now: Pad::now(
                    language,
                    "deals-now",
                    sheet.dealer_id.as_ref() == Some(&p.player_id),
                ),
                won: *won,
                rank: (p.rank, p.seat),
            })
            .collect();
        Pad {
            game: PadGame::Cards,
            language,
            title: PadGame::Cards.title(language),
            about,
            standings: Pad::standings(standings),
            players: names,
            winners,
            rows,
            notes: vec![say("legend-cards"), say("points-reminder")],
        }
    }
}

/// "El Chavo edition · Phases played: 1 2 3 …", and ten hands when so.
fn card_rules_line(language: Language, edition: CardEdition, phases: &[u8], ten: bool) -> String {
    let edition = language.say(match edition {
        CardEdition::Standard => "edition-standard",
        CardEdition::ElChavo => "edition-el-chavo",
    });
    let numbers: Vec<String> = phases.iter().map(u8::to_string).collect();
    let mut line = format!(
        "{edition} · {}",
        language.say_with("phases-played", &[("phases", numbers.join(" ").into())])
    );
    if ten {
        line.push_str(" · ");
        line.push_str(&language.say("ten-hands"));
    }
    line
}
