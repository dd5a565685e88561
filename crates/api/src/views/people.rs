//! A person of the roster, their figures, and the leaderboard, as answered.

use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

use super::utc;
use crate::http::pagination::encode_cursor;
use crate::service::names::GameKind;
use crate::service::record::Person;
use crate::service::review::LabelCounts;
use crate::service::stats::{GameFigures, PersonStats, ReviewFigures, StandingsPage};
use crate::values::{PersonId, PlayerName};

/// One of the people who play at the account's tables (RULES §10).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = Person)]
pub struct PersonView {
    #[schema(value_type = String, format = Uuid)]
    pub id: PersonId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    pub created_at: DateTime<Utc>,
}

impl From<&Person> for PersonView {
    fn from(person: &Person) -> PersonView {
        PersonView {
            id: person.id.clone(),
            name: person.name.clone(),
            created_at: utc(person.created_at),
        }
    }
}

/// One phase of a person's dice games.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DicePhaseFigures {
    pub phase: u8,
    /// Turns played on this phase, last tries included.
    pub attempts: i64,
    /// Of those, the turns that made it.
    pub made: i64,
    /// What perfect play would have made of the same turns, on average: the turns
    /// (`advised_attempts`) times the phase's one-turn chance with best play for `make`, as
    /// `GET /v1/phases` gives it.
    pub expected_made: f64,
    /// The turns `expected_made` counts: all of them, but phase 8's with `any_colors` dice,
    /// whose chance is unknown.
    pub advised_attempts: i64,
}

/// One phase of a person's card games.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CardPhaseFigures {
    pub phase: u8,
    /// Hands played on this phase (tie-break hands not counted).
    pub attempts: i64,
    /// Of those, the hands the phase was laid down in.
    pub made: i64,
}

/// A person's finished games of Phase 10 Dice.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DiceFigures {
    pub games: i64,
    /// Games where the person is among the winners.
    pub wins: i64,
    /// `wins / games`; 0 with no games.
    pub win_rate: f64,
    /// The mean grand total; 0 with no games.
    pub average_total: f64,
    /// The highest grand total; null with no games.
    #[schema(required = true)]
    pub best_total: Option<i64>,
    /// Games that earned the Five Phase Bonus.
    pub five_phase_bonuses: i64,
    /// Games that earned the First Finish Bonus.
    pub first_finish_bonuses: i64,
    /// Phases 1 to 10, in order.
    pub phases: Vec<DicePhaseFigures>,
    /// Their choices in their finished digital games of several players, held against best
    /// play for `make` (RULES §12, `GET /v1/games/{id}/review`).
    pub review: ReviewFiguresView,
}

/// A person's reviewed choices, over every finished digital game of several players.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PersonReview)]
pub struct ReviewFiguresView {
    /// Choices made with rolls left (stopping included).
    pub decisions: i64,
    /// 100 × the mean of value chosen ÷ value best over all of them; null without any.
    #[schema(required = true)]
    pub accuracy: Option<f64>,
    /// The sum of their rolls' luck: phases made above (or, below 0, under) what their choices
    /// were worth.
    pub luck: f64,
    pub labels: LabelCounts,
}

/// A person's finished games of the card game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CardFigures {
    pub games: i64,
    /// Games where the person is among the winners.
    pub wins: i64,
    /// `wins / games`; 0 with no games.
    pub win_rate: f64,
    /// The mean of the penalty points at the end; 0 with no games.
    pub average_total: f64,
    /// The fewest penalty points at the end of a game; null with no games.
    #[schema(required = true)]
    pub best_total: Option<i64>,
    /// Hands played, tie-break hands not counted.
    pub hands: i64,
    /// Of those, the hands the person went out in.
    pub went_out: i64,
    /// Phases 1 to 10, in order.
    pub phases: Vec<CardPhaseFigures>,
}

/// What a person's games add up to (RULES §10): their finished games only, but for
/// `in_progress`; always as the record now stands (undo, replaced entries, deleted games).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = PersonStats)]
pub struct StatsView {
    #[schema(value_type = String, format = Uuid)]
    pub person_id: PersonId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    /// Games of either kind the person plays that are not over.
    pub in_progress: i64,
    pub dice: DiceFigures,
    pub cards: CardFigures,
}

fn dice_figures(figures: &GameFigures) -> DiceFigures {
    DiceFigures {
        games: figures.games,
        wins: figures.wins,
        win_rate: figures.win_rate,
        average_total: figures.average_total,
        best_total: figures.best_total,
        five_phase_bonuses: figures.tally.five_phase_bonuses,
        first_finish_bonuses: figures.tally.first_finish_bonuses,
        phases: figures
            .phases
            .iter()
            .map(|p| DicePhaseFigures {
                phase: p.phase,
                attempts: p.attempts,
                made: p.made,
                expected_made: p.expected_made.unwrap_or(0.0),
                advised_attempts: p.advised_attempts.unwrap_or(0),
            })
            .collect(),
        review: figures
            .review
            .as_ref()
            .map_or_else(ReviewFiguresView::none, ReviewFiguresView::from),
    }
}

impl ReviewFiguresView {
    fn none() -> ReviewFiguresView {
        ReviewFiguresView {
            decisions: 0,
            accuracy: None,
            luck: 0.0,
            labels: LabelCounts::default(),
        }
    }
}

impl From<&ReviewFigures> for ReviewFiguresView {
    fn from(review: &ReviewFigures) -> ReviewFiguresView {
        let counts = review.labels.map(|n| u32::try_from(n).unwrap_or(0));
        ReviewFiguresView {
            decisions: review.decisions,
            accuracy: review.accuracy,
            luck: review.luck,
            labels: counts.into(),
        }
    }
}

fn card_figures(figures: &GameFigures) -> CardFigures {
    CardFigures {
        games: figures.games,
        wins: figures.wins,
        win_rate: figures.win_rate,
        average_total: figures.average_total,
        best_total: figures.best_total,
        hands: figures.tally.hands,
        went_out: figures.tally.went_out,
        phases: figures
            .phases
            .iter()
            .map(|p| CardPhaseFigures {
                phase: p.phase,
                attempts: p.attempts,
                made: p.made,
            })
            .collect(),
    }
}

impl From<&PersonStats> for StatsView {
    fn from(stats: &PersonStats) -> StatsView {
        StatsView {
            person_id: stats.person.id.clone(),
            name: stats.person.name.clone(),
            in_progress: stats.in_progress,
            dice: dice_figures(&stats.dice),
            cards: card_figures(&stats.cards),
        }
    }
}

/// One person's line of the leaderboard.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StandingView {
    #[schema(value_type = String, format = Uuid)]
    pub person_id: PersonId,
    #[schema(value_type = String)]
    pub name: PlayerName,
    /// Finished games of this kind.
    pub games: i64,
    pub wins: i64,
    /// `wins / games`.
    pub win_rate: f64,
    /// 1 for the first; people with as many wins at the same win rate share a rank (and the
    /// next rank skips as many places: 1, 1, 3).
    pub rank: u32,
}

/// The account's people ranked by their finished games of one kind.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Leaderboard {
    pub game: GameKind,
    pub items: Vec<StandingView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^([0-9a-f]{2})+$", max_length = 1000, required = true)]
    pub next_cursor: Option<String>,
}

impl Leaderboard {
    pub fn of(game: GameKind, page: &StandingsPage) -> Leaderboard {
        Leaderboard {
            game,
            next_cursor: page.next.as_ref().map(encode_cursor),
            items: (page.standings.iter())
                .map(|s| StandingView {
                    person_id: s.person_id.clone(),
                    name: s.name.clone(),
                    games: s.games,
                    wins: s.wins,
                    win_rate: s.win_rate,
                    rank: s.rank,
                })
                .collect(),
        }
    }
}
