//! A person's figures across games (RULES §10): what a finished game adds to each of its
//! players' people, kept up to date by every change of a game (`follow`, called by `change`
//! in the change's transaction), and read back as sums.

use std::sync::OnceLock;

use super::names::Mode;
use super::record::GameStatus;
use super::replay::{GameState, Play};
use super::review;
use super::store::DbConnection;
use super::store::figures::{self, BILLION, Result as PlayerResult, ReviewTally, Tally};
use crate::names::GameKind;
use crate::rules::dice::DiceLayout;
use crate::rules::dice::advice::{Goal, MAX_SIXES, one_turn_of};
use crate::rules::dice::review::Tally as Reviewed;
use crate::rules::phases::PHASES;
use crate::values::GameId;

/// The results a game counts for as it stands: one per player once it is over, none before.
pub(super) fn results(state: &GameState) -> Vec<PlayerResult> {
    if state.status() != GameStatus::Finished {
        return Vec::new();
    }
    let players = &state.record.players;
    let tallies: Vec<(i64, Tally)> = match &state.play {
        Play::Dice(dice) => {
            let winners = dice.game.winners();
            let mut tallies: Vec<(i64, Tally)> = dice
                .game
                .sheets()
                .iter()
                .enumerate()
                .map(|(seat, sheet)| {
                    let total = sheet.grand_total();
                    let tally = Tally {
                        games: 1,
                        wins: i64::from(winners.contains(&seat)),
                        total_sum: total,
                        five_phase_bonuses: i64::from(sheet.five_phase_bonus > 0),
                        first_finish_bonuses: i64::from(sheet.first_finish_bonus > 0),
                        ..Tally::default()
                    };
                    (total, tally)
                })
                .collect();
            for turn in &dice.turns {
                let (_, tally) = &mut tallies[turn.outcome.seat];
                let phase = usize::from(turn.outcome.phase) - 1;
                tally.attempts[phase] += 1;
                tally.made[phase] += i64::from(turn.outcome.evaluation.made);
            }
            if dice.rules.mode == Mode::Digital && players.len() > 1 {
                // The server's own rolls of its own dice: the advisor values every position.
                match review::seats_for_make(dice) {
                    Ok(seats) => {
                        for (seat, reviewed) in seats.iter().enumerate() {
                            tallies[seat].1.review = kept_review(reviewed);
                        }
                    }
                    Err(error) => tracing::error!(%error, "a finished game could not be reviewed"),
                }
            }
            tallies
        }
        Play::Cards(cards) => {
            let winners = cards.game.winners();
            let mut tallies: Vec<(i64, Tally)> = cards
                .game
                .sheets()
                .iter()
                .enumerate()
                .map(|(seat, sheet)| {
                    let total = i64::from(sheet.total);
                    let tally = Tally {
                        games: 1,
                        wins: i64::from(winners.contains(&seat)),
                        total_sum: total,
                        ..Tally::default()
                    };
                    (total, tally)
                })
                .collect();
            for hand in cards.hands.iter().filter(|hand| !hand.outcome.tie_break) {
                for (seat, line) in &hand.outcome.lines {
                    let (_, tally) = &mut tallies[*seat];
                    let phase = usize::from(line.phase.get()) - 1;
                    tally.hands += 1;
                    tally.went_out += i64::from(line.went_out);
                    tally.attempts[phase] += 1;
                    tally.made[phase] += i64::from(line.made);
                }
            }
            tallies
        }
    };
    let (kind, layout) = match &state.play {
        Play::Dice(dice) => (GameKind::Dice, dice.rules.layout),
        Play::Cards(_) => (GameKind::Cards, DiceLayout::Standard),
    };
    players
        .iter()
        .zip(tallies)
        .map(|(player, (total, tally))| PlayerResult {
            player_id: player.id.clone(),
            person_id: player.person_id.clone(),
            game: kind,
            layout,
            total,
            tally,
        })
        .collect()
}

/// A seat's review as kept: ratios and luck in whole billionths.
fn kept_review(tally: &Reviewed) -> ReviewTally {
    let billionths = |value: f64| (value * BILLION).round() as i64;
    ReviewTally {
        decisions: i64::from(tally.decisions),
        accuracy_billionths: billionths(tally.accuracy_sum),
        luck_billionths: billionths(tally.luck),
        labels: tally.labels.map(i64::from),
    }
}

/// Brings the figures up to date with a change of a game, in the change's transaction: takes
/// off what the game counted for before (if it was over) and adds what it counts for now
/// (`None`: deleted). A change of a game in play, before and after, costs nothing here.
pub(super) fn follow(
    conn: &mut DbConnection,
    game_id: &GameId,
    was_over: bool,
    now: Option<&GameState>,
) -> diesel::QueryResult<()> {
    let new = now.map(results).unwrap_or_default();
    if !was_over && new.is_empty() {
        return Ok(());
    }
    let old = match was_over {
        true => figures::results_of(conn, game_id)?,
        false => Vec::new(),
    };
    if same_results(&old, &new) {
        return Ok(());
    }
    // What changes, per person, game and layout: what counts now less what counted before.
    let mut changes: Vec<(&PlayerResult, Tally)> = Vec::new();
    let signed = old
        .iter()
        .map(|r| (r, r.tally.negated()))
        .chain(new.iter().map(|r| (r, r.tally.clone())));
    for (result, tally) in signed {
        let key = |r: &PlayerResult| (r.person_id.clone(), r.game, r.layout);
        match changes.iter_mut().find(|(r, _)| key(r) == key(result)) {
            Some((_, sum)) => sum.add(&tally),
            None => changes.push((result, tally)),
        }
    }
    // In the people's order, not the seats': two games of the same people finishing at once
    // then take their figures' rows one after the other, never each holding one the other
    // waits for (a deadlock, which PostgreSQL ends by failing one of them).
    changes.sort_by(|(a, _), (b, _)| a.person_id.cmp(&b.person_id));
    for (result, change) in changes {
        if change != Tally::default() {
            figures::add(conn, &result.person_id, result.game, result.layout, &change)?;
        }
    }
    figures::replace_results(conn, game_id, &new)
}

/// Whether two lists of results count the same, in whatever order.
fn same_results(old: &[PlayerResult], new: &[PlayerResult]) -> bool {
    old.len() == new.len() && new.iter().all(|result| old.contains(result))
}

/// Each phase's chance of being made in one turn played best for `make` (RULES §8), with the
/// standard dice, as a numerator over `6^MAX_SIXES`: the same denominator for all, so that sums
/// stay exact.
fn one_turn_chances() -> &'static [u128; 10] {
    static CHANCES: OnceLock<[u128; 10]> = OnceLock::new();
    CHANCES
        .get_or_init(|| PHASES.map(|phase| one_turn_of(&phase, Goal::Make).chance.over(MAX_SIXES)))
}

/// Whether the advisor knows a phase's chance with these dice: not phase 8's (of one color)
/// with `any_colors` dice, whose colors are unknown.
pub(super) fn advised(phase: usize, layout: DiceLayout) -> bool {
    !(phase == 8 && layout == DiceLayout::AnyColors)
}

/// `attempts` turns on a phase (1 to 10) times its one-turn chance, exactly, as a numerator
/// over `6^MAX_SIXES`.
pub(super) fn expected_numerator(phase: usize, attempts: i64) -> u128 {
    one_turn_chances()[phase - 1] * attempts.max(0) as u128
}

/// A numerator over `6^MAX_SIXES` as the nearest float.
pub(super) fn over_max_sixes(numerator: u128) -> f64 {
    crate::rules::dice::advice::Exact::new(numerator, MAX_SIXES).to_f64()
}

/// Makes the people of games created before there were people, and counts the results of the
/// games finished before there were figures: once, when the database is opened, in one
/// transaction (RULES §10: existing games' players become people of their account by name).
pub(super) fn adopt_old_games(
    conn: &mut DbConnection,
    now: chrono::NaiveDateTime,
) -> crate::error::Result<usize> {
    use diesel::Connection;
    conn.transaction(|conn| {
        let games = figures::finished_uncounted(conn)?;
        let adopted = super::store::people::adopt_players(conn, now)?;
        let count = games.len();
        for game in games {
            let state = super::replay::replay(super::store::games::load_record(conn, game)?)?;
            follow(conn, state.id(), true, Some(&state))?;
        }
        Ok(adopted + count)
    })
}
