//! What a person's games add up to (RULES §10), their games, and the account's leaderboard:
//! read from the sums every change keeps (`figures`), never by replaying games.

use std::cmp::Ordering;

use super::Session;
use super::figures::{advised, expected_numerator, over_max_sixes};
use super::games::{GamesAfter, GamesPage, page_of};
use super::names::GameKind;
use super::people;
use super::record::{GameStatus, Person};
use super::store::figures::{self, BILLION, ReviewTally, Tally};
use super::store::games::Whose;
use super::store::people as roster;
use crate::error::Result;
use crate::values::{AccountId, PersonId, PlayerName};

/// One phase of a person's figures.
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseFigures {
    pub phase: u8,
    pub attempts: i64,
    pub made: i64,
    /// Dice only: attempts times the phase's one-turn chance with best play for `make`.
    pub expected_made: Option<f64>,
    /// Dice only: the attempts `expected_made` covers (phase 8 with `any_colors` dice has no
    /// known chance).
    pub advised_attempts: Option<i64>,
}

/// A person's figures in one game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameFigures {
    pub games: i64,
    pub wins: i64,
    pub win_rate: f64,
    pub average_total: f64,
    /// The highest grand total (dice) or the fewest penalty points (cards).
    pub best_total: Option<i64>,
    pub tally: Tally,
    pub phases: Vec<PhaseFigures>,
    /// Dice only: the review of their finished digital games of several players (RULES §12).
    pub review: Option<ReviewFigures>,
}

/// A person's choices over their reviewed games.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewFigures {
    pub decisions: i64,
    /// 100 × the mean of value chosen ÷ value best over every decision; none without any.
    pub accuracy: Option<f64>,
    /// The sum of their rolls' luck: phases made above (or below) what their choices were worth.
    pub luck: f64,
    /// Decisions by label: best, good, inaccuracy, mistake, blunder.
    pub labels: [i64; 5],
}

impl From<ReviewTally> for ReviewFigures {
    fn from(kept: ReviewTally) -> ReviewFigures {
        let decisions = kept.decisions;
        ReviewFigures {
            decisions,
            accuracy: (decisions > 0)
                .then(|| 100.0 * kept.accuracy_billionths as f64 / BILLION / decisions as f64),
            luck: kept.luck_billionths as f64 / BILLION,
            labels: kept.labels,
        }
    }
}

pub struct PersonStats {
    pub person: Person,
    pub in_progress: i64,
    pub dice: GameFigures,
    pub cards: GameFigures,
}

fn rate(part: i64, whole: i64) -> f64 {
    match whole {
        0 => 0.0,
        whole => part as f64 / whole as f64,
    }
}

/// A person's figures, as RULES §10 defines each.
pub fn of_person(
    session: &mut Session,
    account_id: &AccountId,
    person_id: &PersonId,
) -> Result<PersonStats> {
    let person = people::get(session, account_id, person_id)?;
    let rows = figures::of_person(session.conn(), person_id)?;
    let in_progress = roster::games_in_progress(session.conn(), account_id, person_id)?;
    let mut of_kind = |kind: GameKind| -> Result<GameFigures> {
        let mut tally = Tally::default();
        let mut expected = 0u128;
        let mut advised_attempts = [0i64; 10];
        for (_, layout, sums) in rows.iter().filter(|(k, _, _)| *k == kind) {
            tally.add(sums);
            for phase in 1..=10 {
                if advised(phase, *layout) {
                    advised_attempts[phase - 1] += sums.attempts[phase - 1];
                }
            }
        }
        let dice = kind == GameKind::Dice;
        let phases = (1..=10usize)
            .map(|phase| {
                let advised = advised_attempts[phase - 1];
                let numerator = expected_numerator(phase, advised);
                expected += numerator;
                PhaseFigures {
                    phase: phase as u8,
                    attempts: tally.attempts[phase - 1],
                    made: tally.made[phase - 1],
                    expected_made: dice.then(|| over_max_sixes(numerator)),
                    advised_attempts: dice.then_some(advised),
                }
            })
            .collect();
        Ok(GameFigures {
            games: tally.games,
            wins: tally.wins,
            win_rate: rate(tally.wins, tally.games),
            average_total: rate(tally.total_sum, tally.games),
            best_total: figures::best_total(session.conn(), person_id, kind)?,
            tally,
            phases,
            review: match dice {
                true => Some(figures::review_of(session.conn(), person_id)?.into()),
                false => None,
            },
        })
    };
    let dice = of_kind(GameKind::Dice)?;
    let cards = of_kind(GameKind::Cards)?;
    Ok(PersonStats {
        person,
        in_progress,
        dice,
        cards,
    })
}

/// A person's games, newest first, of one game and status if asked.
pub fn games_of(
    session: &mut Session,
    account_id: &AccountId,
    person_id: &PersonId,
    kind: Option<GameKind>,
    status: Option<GameStatus>,
    after: Option<GamesAfter>,
    limit: usize,
) -> Result<GamesPage> {
    people::get(session, account_id, person_id)?;
    page_of(
        session,
        Whose::Person(person_id, kind),
        status,
        after,
        limit,
    )
}

/// One line of the leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub person_id: PersonId,
    pub name: PlayerName,
    pub games: i64,
    pub wins: i64,
    pub win_rate: f64,
    /// 1 for the first; people with as many wins at the same rate share a rank.
    pub rank: u32,
}

/// Where a page of the leaderboard ends: its last line's place in the order.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StandingAfter {
    pub wins: i64,
    pub games: i64,
    pub name: String,
    pub person_id: PersonId,
}

/// A page of the leaderboard, and where the next one starts.
pub struct StandingsPage {
    pub standings: Vec<Standing>,
    pub next: Option<StandingAfter>,
}

/// The leaderboard's order: most wins first, then the higher win rate (compared exactly, as
/// fractions: wins_a / games_a against wins_b / games_b), then by name, then by id.
fn board_order(a: (i64, i64, &str, &PersonId), b: (i64, i64, &str, &PersonId)) -> Ordering {
    let ((wins_a, games_a, name_a, id_a), (wins_b, games_b, name_b, id_b)) = (a, b);
    wins_b
        .cmp(&wins_a)
        .then_with(|| (wins_b * games_a).cmp(&(wins_a * games_b)))
        .then_with(|| name_a.cmp(name_b))
        .then_with(|| id_a.cmp(id_b))
}

impl Standing {
    fn place(&self) -> (i64, i64, &str, &PersonId) {
        (self.wins, self.games, self.name.as_str(), &self.person_id)
    }
}

impl StandingAfter {
    fn place(&self) -> (i64, i64, &str, &PersonId) {
        (self.wins, self.games, &self.name, &self.person_id)
    }
}

/// A page of the account's people with at least `min_games` finished games of one kind: most
/// wins first, then the higher win rate, then by name; `limit` lines after `after`. Ranks are
/// over the whole board, so a page's first line may share the rank of the page before.
pub fn leaderboard(
    session: &mut Session,
    account_id: &AccountId,
    kind: GameKind,
    min_games: i64,
    after: Option<&StandingAfter>,
    limit: usize,
) -> Result<StandingsPage> {
    let mut standings: Vec<Standing> = figures::standings(session.conn(), account_id, kind)?
        .into_iter()
        .filter(|won| won.games >= min_games.max(1))
        .map(|won| Standing {
            win_rate: rate(won.wins, won.games),
            person_id: won.person_id,
            name: won.name,
            games: won.games,
            wins: won.wins,
            rank: 0,
        })
        .collect();
    standings.sort_by(|a, b| board_order(a.place(), b.place()));
    for i in 0..standings.len() {
        let tied = i > 0 && {
            let (a, b) = (&standings[i - 1], &standings[i]);
            a.wins == b.wins && a.wins * b.games == b.wins * a.games
        };
        standings[i].rank = match tied {
            true => standings[i - 1].rank,
            false => i as u32 + 1,
        };
    }
    let first = after.map_or(0, |after| {
        standings.partition_point(|s| board_order(s.place(), after.place()) != Ordering::Greater)
    });
    let mut page: Vec<Standing> = standings.drain(first..).take(limit + 1).collect();
    let next = (page.len() > limit).then(|| {
        page.truncate(limit);
        let last = &page[limit - 1];
        StandingAfter {
            wins: last.wins,
            games: last.games,
            name: last.name.as_str().to_owned(),
            person_id: last.person_id.clone(),
        }
    });
    Ok(StandingsPage {
        standings: page,
        next,
    })
}
