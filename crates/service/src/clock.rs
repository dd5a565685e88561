//! Where the service's time comes from: the system's clock in production; a clock the tests set.

use std::sync::Mutex;

use chrono::{NaiveDateTime, TimeDelta, Timelike, Utc};

/// Tells the time, in UTC, to the microsecond: both databases keep times to the microsecond,
/// so a time read back equals the time written.
pub trait Clock: Send + Sync {
    fn now(&self) -> NaiveDateTime;
}

fn to_the_microsecond(time: NaiveDateTime) -> NaiveDateTime {
    time.with_nanosecond(time.nanosecond() / 1_000 * 1_000)
        .unwrap_or(time)
}

/// The system's clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> NaiveDateTime {
        to_the_microsecond(Utc::now().naive_utc())
    }
}

/// A clock that stands still until it is moved on: tests set the time instead of waiting for
/// it to pass.
pub struct SetClock(Mutex<NaiveDateTime>);

impl SetClock {
    /// A clock standing at the system's time now.
    pub fn new() -> SetClock {
        SetClock(Mutex::new(SystemClock.now()))
    }

    pub fn advance(&self, by: TimeDelta) {
        let mut now = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *now += by;
    }
}

impl Default for SetClock {
    fn default() -> SetClock {
        SetClock::new()
    }
}

impl Clock for SetClock {
    fn now(&self) -> NaiveDateTime {
        to_the_microsecond(
            *self
                .0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_clock_starts_at_the_systems_time_and_stands_still() {
        let before = SystemClock.now();
        let clock = SetClock::new();
        let after = SystemClock.now();
        let now = clock.now();
        assert!(
            before <= now && now <= after,
            "{before} <= {now} <= {after}"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert_eq!(clock.now(), now, "no time passes by itself");
    }

    #[test]
    fn a_set_clock_moves_on_by_what_it_is_advanced() {
        let clock = SetClock::default();
        let start = clock.now();
        clock.advance(TimeDelta::microseconds(1));
        assert_eq!(clock.now(), start + TimeDelta::microseconds(1));
        clock.advance(TimeDelta::days(2));
        assert_eq!(
            clock.now(),
            start + TimeDelta::days(2) + TimeDelta::microseconds(1)
        );
    }

    #[test]
    fn clocks_tell_the_time_to_the_microsecond() {
        assert_eq!(SystemClock.now().nanosecond() % 1_000, 0);
        let clock = SetClock::new();
        let start = clock.now();
        assert_eq!(start.nanosecond() % 1_000, 0);
        // What is below a microsecond is not told, but kept: it adds up.
        clock.advance(TimeDelta::nanoseconds(600));
        assert_eq!(clock.now(), start);
        clock.advance(TimeDelta::nanoseconds(600));
        assert_eq!(clock.now(), start + TimeDelta::microseconds(1));
    }
}
