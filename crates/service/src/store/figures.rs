//! A person's figures (RULES §10), kept as sums: each finished game's results, one row per
//! player (`results`), and what they add up to per person, game and dice layout (`figures`).
//! Both are written in the transaction of the change that finishes a game, changes a finished
//! one or deletes it (`service::figures`), so reading a person's figures or the leaderboard
//! costs the same whatever the number of games.

use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use super::DbConnection;
use super::columns::{Json, Named};
use super::kept_updates::{self, AddToFigures};
use super::schema::{figures, people, results, review_figures};
use crate::names::GameKind;
use crate::rules::dice::DiceLayout;
use crate::values::{AccountId, GameId, PersonId, PlayerId, PlayerName};

/// What one player's game adds to their person's figures (or, with every count negated, takes
/// off them).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: i64,
    pub wins: i64,
    pub total_sum: i64,
    pub five_phase_bonuses: i64,
    pub first_finish_bonuses: i64,
    pub hands: i64,
    pub went_out: i64,
    /// Per phase, 1 to 10: turns (or hands) played on it, and those that made it.
    pub attempts: [i64; 10],
    pub made: [i64; 10],
    /// The review of a digital game of several players (RULES §12); none in results kept
    /// before the server reviewed games.
    #[serde(default)]
    pub review: ReviewTally,
}

/// Review figures as kept: whole numbers, the sums of ratios and of luck in billionths, so that
/// a game's part comes off again exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewTally {
    pub decisions: i64,
    pub accuracy_billionths: i64,
    pub luck_billionths: i64,
    /// Decisions by label: best, good, inaccuracy, mistake, blunder.
    pub labels: [i64; 5],
}

/// What a billionth is of.
pub const BILLION: f64 = 1e9;

impl ReviewTally {
    fn negated(self) -> ReviewTally {
        ReviewTally {
            decisions: -self.decisions,
            accuracy_billionths: -self.accuracy_billionths,
            luck_billionths: -self.luck_billionths,
            labels: self.labels.map(|n| -n),
        }
    }

    fn add(&mut self, other: &ReviewTally) {
        self.decisions += other.decisions;
        self.accuracy_billionths += other.accuracy_billionths;
        self.luck_billionths += other.luck_billionths;
        for (mine, theirs) in self.labels.iter_mut().zip(other.labels) {
            *mine += theirs;
        }
    }
}

impl Tally {
    /// The same counts, taken off instead of added.
    pub fn negated(&self) -> Tally {
        Tally {
            games: -self.games,
            wins: -self.wins,
            total_sum: -self.total_sum,
            five_phase_bonuses: -self.five_phase_bonuses,
            first_finish_bonuses: -self.first_finish_bonuses,
            hands: -self.hands,
            went_out: -self.went_out,
            attempts: self.attempts.map(|n| -n),
            made: self.made.map(|n| -n),
            review: self.review.negated(),
        }
    }

    /// Adds another tally's counts to these.
    pub fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.total_sum += other.total_sum;
        self.five_phase_bonuses += other.five_phase_bonuses;
        self.first_finish_bonuses += other.first_finish_bonuses;
        self.hands += other.hands;
        self.went_out += other.went_out;
        for phase in 0..10 {
            self.attempts[phase] += other.attempts[phase];
            self.made[phase] += other.made[phase];
        }
        self.review.add(&other.review);
    }
}

/// One player's result in a finished game: whose figures it counts in, and what it adds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Result {
    pub player_id: PlayerId,
    pub person_id: PersonId,
    pub game: GameKind,
    /// The dice layout the game was played with (`standard` for cards): phase 8's chance, and
    /// so a person's expected phases made, depends on it.
    pub layout: DiceLayout,
    /// The player's total: for `best_total`.
    pub total: i64,
    pub tally: Tally,
}

/// A result's `figures` column.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct StoredTally {
    layout: DiceLayout,
    #[serde(flatten)]
    tally: Tally,
}

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = results)]
struct ResultRow {
    player_id: PlayerId,
    game_id: GameId,
    person_id: PersonId,
    game: Named<GameKind>,
    total: i64,
    figures: Json<StoredTally>,
}

/// The results of a finished game, as they count now (none while it is in play).
pub(crate) fn results_of(conn: &mut DbConnection, game_id: &GameId) -> QueryResult<Vec<Result>> {
    let rows: Vec<ResultRow> = results::table
        .filter(results::game_id.eq(game_id))
        .select(ResultRow::as_select())
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let stored = row.figures.into_inner();
            Result {
                player_id: row.player_id,
                person_id: row.person_id,
                game: row.game.0,
                layout: stored.layout,
                total: row.total,
                tally: stored.tally,
            }
        })
        .collect())
}

/// Replaces the results of a game by these (none: the game no longer counts).
pub(crate) fn replace_results(
    conn: &mut DbConnection,
    game_id: &GameId,
    new: &[Result],
) -> QueryResult<()> {
    diesel::delete(results::table.filter(results::game_id.eq(game_id))).execute(conn)?;
    for result in new {
        let figures = Json::new(StoredTally {
            layout: result.layout,
            tally: result.tally.clone(),
        })
        .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
        diesel::insert_into(results::table)
            .values(ResultRow {
                player_id: result.player_id.clone(),
                game_id: game_id.clone(),
                person_id: result.person_id.clone(),
                game: Named(result.game),
                total: result.total,
                figures,
            })
            .execute(conn)?;
    }
    Ok(())
}

/// Adds a tally to a person's figures of one game and layout, in one statement: two games of
/// one person finishing at once both count.
pub(crate) fn add(
    conn: &mut DbConnection,
    person: &PersonId,
    kind: GameKind,
    layout: DiceLayout,
    d: &Tally,
) -> QueryResult<()> {
    let mut counts = [0; 27];
    counts[..7].copy_from_slice(&[
        d.games,
        d.wins,
        d.total_sum,
        d.five_phase_bonuses,
        d.first_finish_bonuses,
        d.hands,
        d.went_out,
    ]);
    counts[7..17].copy_from_slice(&d.attempts);
    counts[17..].copy_from_slice(&d.made);
    let add = AddToFigures {
        person_id: person,
        game: Named(kind),
        layout: Named(layout),
        counts,
    };
    kept_updates::execute(conn, add)?;
    if d.review != ReviewTally::default() {
        add_review(conn, person, &d.review)?;
    }
    Ok(())
}

/// Adds review figures to a person's, in one statement (as `add`).
fn add_review(conn: &mut DbConnection, person: &PersonId, d: &ReviewTally) -> QueryResult<()> {
    use review_figures::*;
    let [b, g, i, m, x] = d.labels;
    diesel::update(table.filter(person_id.eq(person)))
        .set((
            decisions.eq(decisions + d.decisions),
            accuracy_billionths.eq(accuracy_billionths + d.accuracy_billionths),
            luck_billionths.eq(luck_billionths + d.luck_billionths),
            best.eq(best + b),
            good.eq(good + g),
            inaccuracy.eq(inaccuracy + i),
            mistake.eq(mistake + m),
            blunder.eq(blunder + x),
        ))
        .execute(conn)
        .map(drop)
}

/// A person's review figures.
pub(crate) fn review_of(conn: &mut DbConnection, person: &PersonId) -> QueryResult<ReviewTally> {
    use review_figures::*;
    let (n, a, l, b, g, i, m, x): (i64, i64, i64, i64, i64, i64, i64, i64) = table
        .filter(person_id.eq(person))
        .select((
            decisions,
            accuracy_billionths,
            luck_billionths,
            best,
            good,
            inaccuracy,
            mistake,
            blunder,
        ))
        .first(conn)
        .optional()?
        .unwrap_or_default();
    Ok(ReviewTally {
        decisions: n,
        accuracy_billionths: a,
        luck_billionths: l,
        labels: [b, g, i, m, x],
    })
}

type FiguresRow = (
    (Named<GameKind>, Named<DiceLayout>),
    (i64, i64, i64, i64, i64, i64, i64),
    (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64),
    (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64),
);

/// A person's figures, per game and dice layout.
pub(crate) fn of_person(
    conn: &mut DbConnection,
    person: &PersonId,
) -> QueryResult<Vec<(GameKind, DiceLayout, Tally)>> {
    use figures::*;
    let rows: Vec<FiguresRow> = table
        .filter(person_id.eq(person))
        .select((
            (game, dice_layout),
            (
                games,
                wins,
                total_sum,
                five_phase_bonuses,
                first_finish_bonuses,
                hands,
                went_out,
            ),
            (
                attempts_1,
                attempts_2,
                attempts_3,
                attempts_4,
                attempts_5,
                attempts_6,
                attempts_7,
                attempts_8,
                attempts_9,
                attempts_10,
            ),
            (
                made_1, made_2, made_3, made_4, made_5, made_6, made_7, made_8, made_9, made_10,
            ),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|((kind, layout), sums, a, m)| {
            let (g, w, t, f, ff, h, o) = sums;
            let tally = Tally {
                games: g,
                wins: w,
                total_sum: t,
                five_phase_bonuses: f,
                first_finish_bonuses: ff,
                hands: h,
                went_out: o,
                attempts: [a.0, a.1, a.2, a.3, a.4, a.5, a.6, a.7, a.8, a.9],
                made: [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8, m.9],
                // Kept per person, not per game and layout: `review_of`.
                review: ReviewTally::default(),
            };
            (kind.0, layout.0, tally)
        })
        .collect())
}

/// The highest (dice) or lowest (cards) total of the person's finished games of one kind.
pub(crate) fn best_total(
    conn: &mut DbConnection,
    person: &PersonId,
    kind: GameKind,
) -> QueryResult<Option<i64>> {
    let of_kind = results::table
        .filter(results::person_id.eq(person))
        .filter(results::game.eq(Named(kind)));
    match kind {
        GameKind::Dice => of_kind
            .select(diesel::dsl::max(results::total))
            .get_result(conn),
        GameKind::Cards => of_kind
            .select(diesel::dsl::min(results::total))
            .get_result(conn),
    }
}

/// A person's games and wins of one kind: a row of the leaderboard before it is ranked.
#[derive(Debug, Queryable)]
pub(crate) struct GamesWon {
    pub person_id: PersonId,
    pub name: PlayerName,
    pub games: i64,
    pub wins: i64,
}

/// Every person of the account with their games and wins of one kind (both dice layouts
/// summed), in no order: the leaderboard's rows.
pub(crate) fn standings(
    conn: &mut DbConnection,
    account: &AccountId,
    kind: GameKind,
) -> QueryResult<Vec<GamesWon>> {
    let rows: Vec<GamesWon> = figures::table
        .inner_join(people::table)
        .filter(figures::account_id.eq(account))
        .filter(figures::game.eq(Named(kind)))
        .select((
            figures::person_id,
            people::name,
            figures::games,
            figures::wins,
        ))
        .order(figures::person_id)
        .load(conn)?;
    let mut summed: Vec<GamesWon> = Vec::with_capacity(rows.len());
    for row in rows {
        match summed.last_mut() {
            Some(last) if last.person_id == row.person_id => {
                last.games += row.games;
                last.wins += row.wins;
            }
            _ => summed.push(row),
        }
    }
    Ok(summed)
}

/// The finished games whose results are not counted yet: those finished before there were
/// figures. Locks the results on PostgreSQL first (SQLite's writer is alone anyway), so that
/// two processes starting at once do not count one game twice.
pub(crate) fn finished_uncounted(conn: &mut DbConnection) -> QueryResult<Vec<crate::record::Game>> {
    use diesel::connection::SimpleConnection;
    if let DbConnection::Postgres(pg) = conn {
        pg.batch_execute("LOCK TABLE results IN EXCLUSIVE MODE")?;
    }
    let counted = results::table
        .filter(results::game_id.eq(super::schema::games::id))
        .select(results::player_id);
    let ids: Vec<GameId> = super::schema::games::table
        .filter(super::schema::games::status.eq(Named(crate::record::GameStatus::Finished)))
        .filter(diesel::dsl::not(diesel::dsl::exists(counted)))
        .select(super::schema::games::id)
        .load(conn)?;
    let mut games = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(game) = super::games::find(conn, &id)? {
            games.push(game);
        }
    }
    Ok(games)
}
