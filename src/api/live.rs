//! Live games: wakes this process's subscribers of a game when it changes, so that they read
//! its new events from the log. A change made in this process is announced directly. With
//! PostgreSQL, changes made by other processes arrive as notifications on a connection of its
//! own, held only while this process has subscribers; when it (re)connects, every subscriber
//! is woken once, so nothing committed before its `LISTEN` is missed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::store::listen::Listener;

/// How often the listening connection is checked for notifications (no round trip: it reads
/// what has arrived), and how often it is pinged.
const DRAIN_EVERY: Duration = Duration::from_millis(10);
const PING_EVERY: Duration = Duration::from_secs(5);
const RECONNECT_AFTER_AT_MOST: Duration = Duration::from_secs(5);
/// A connection that lasted this long was healthy: the next failure retries quickly again.
const HEALTHY_AFTER: Duration = Duration::from_secs(30);

#[derive(Default)]
struct Watched {
    /// One channel per game with subscribers; its value counts the wake-ups.
    games: HashMap<String, watch::Sender<u64>>,
    /// Open subscriptions, by account and in all.
    by_account: HashMap<String, usize>,
    total: usize,
    /// Whether the listening thread runs.
    listening: bool,
}

struct Inner {
    watched: Mutex<Watched>,
    /// The PostgreSQL database to listen to, if any.
    listen_url: Option<String>,
    limits: StreamLimits,
}

/// How many subscriptions a process holds open: each one rereads its game's log when woken,
/// on a connection of the pool, so they are bounded like any other load.
#[derive(Debug, Clone, Copy)]
pub struct StreamLimits {
    pub per_account: usize,
    pub total: usize,
}

/// Why a subscription was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooMany {
    ForAccount(usize),
    ForServer(usize),
}

impl Inner {
    fn watched(&self) -> MutexGuard<'_, Watched> {
        self.watched
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wake(&self, game_id: &str) {
        if let Some(sender) = self.watched().games.get(game_id) {
            sender.send_modify(|wakes| *wakes += 1);
        }
    }

    fn wake_all(&self) {
        for sender in self.watched().games.values() {
            sender.send_modify(|wakes| *wakes += 1);
        }
    }
}

/// The subscribers of this process, by game.
#[derive(Clone)]
pub struct Live(Arc<Inner>);

impl Live {
    /// `listen_url`: the PostgreSQL database whose announcements to follow; `None` for SQLite,
    /// where every change is made by this process.
    pub fn new(listen_url: Option<String>, limits: StreamLimits) -> Live {
        Live(Arc::new(Inner {
            watched: Mutex::default(),
            listen_url,
            limits,
        }))
    }

    /// Wakes the game's subscribers in this process; other processes hear of it from the
    /// database.
    pub fn announce(&self, game_id: &str) {
        self.0.wake(game_id);
    }

    /// Follows a game for an account: the subscription wakes whenever the game may have new
    /// events. Refused past the account's or the process's limit.
    pub fn subscribe(&self, game_id: &str, account_id: &str) -> Result<Subscription, TooMany> {
        let mut watched = self.0.watched();
        let limits = self.0.limits;
        let held = watched.by_account.get(account_id).copied().unwrap_or(0);
        if held >= limits.per_account {
            return Err(TooMany::ForAccount(limits.per_account));
        }
        if watched.total >= limits.total {
            return Err(TooMany::ForServer(limits.total));
        }
        *watched
            .by_account
            .entry(account_id.to_string())
            .or_insert(0) += 1;
        watched.total += 1;
        let wakes = match watched.games.get(game_id) {
            Some(sender) => sender.subscribe(),
            None => {
                let (sender, wakes) = watch::channel(0);
                watched.games.insert(game_id.to_string(), sender);
                wakes
            }
        };
        if let Some(url) = &self.0.listen_url
            && !watched.listening
        {
            watched.listening = true;
            let url = url.clone();
            let live = Arc::downgrade(&self.0);
            std::thread::Builder::new()
                .name("game-events-listener".into())
                .spawn(move || listen(&live, &url))
                .map_err(|error| tracing::error!(%error, "cannot start listening for changes"))
                .ok();
        }
        Ok(Subscription {
            wakes: Some(wakes),
            live: self.0.clone(),
            game_id: game_id.to_string(),
            account_id: account_id.to_string(),
        })
    }
}

/// One subscriber's following of one game.
pub struct Subscription {
    /// `None` only while the subscription is dropped.
    wakes: Option<watch::Receiver<u64>>,
    live: Arc<Inner>,
    game_id: String,
    account_id: String,
}

impl Subscription {
    /// Waits until the game may have changed.
    pub async fn changed(&mut self) {
        // The sender lives as long as any subscription to the game, this one included.
        let woken = match self.wakes.as_mut() {
            Some(wakes) => wakes.changed().await.is_ok(),
            None => false,
        };
        if !woken {
            std::future::pending::<()>().await;
        }
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        let mut watched = self.live.watched();
        // Let go of this receiver under the lock, so that of two last subscriptions dropped at
        // once, the second sees none left and removes the game.
        drop(self.wakes.take());
        if watched
            .games
            .get(&self.game_id)
            .is_some_and(|sender| sender.receiver_count() == 0)
        {
            watched.games.remove(&self.game_id);
        }
        watched.total = watched.total.saturating_sub(1);
        if let Some(held) = watched.by_account.get_mut(&self.account_id) {
            *held -= 1;
            if *held == 0 {
                watched.by_account.remove(&self.account_id);
            }
        }
    }
}

/// Whether the listening thread should go on; it stops when no game is followed or the server
/// is gone, and says so while holding the lock, so that the next subscriber starts another.
fn keep_listening(live: &Weak<Inner>) -> Option<Arc<Inner>> {
    let live = live.upgrade()?;
    let mut watched = live.watched();
    if watched.games.is_empty() {
        watched.listening = false;
        return None;
    }
    drop(watched);
    Some(live)
}

/// The listening thread: (re)connects, wakes everyone once connected, then passes on what is
/// announced until the connection fails or nobody follows a game.
fn listen(live: &Weak<Inner>, url: &str) {
    let mut backoff = Duration::from_millis(100);
    while keep_listening(live).is_some() {
        let mut listener = match Listener::connect(url) {
            Ok(listener) => listener,
            Err(error) => {
                tracing::warn!(%error, "cannot listen for changes; retrying");
                std::thread::sleep(backoff);
                backoff = (backoff * 2).min(RECONNECT_AFTER_AT_MOST);
                continue;
            }
        };
        let connected = Instant::now();
        if let Some(live) = keep_listening(live) {
            live.wake_all();
        }
        let mut pinged = Instant::now();
        loop {
            let Some(inner) = keep_listening(live) else {
                return;
            };
            let heard = listener.changed_games().and_then(|games| {
                if pinged.elapsed() >= PING_EVERY {
                    pinged = Instant::now();
                    listener.ping()?;
                }
                Ok(games)
            });
            match heard {
                Ok(games) => games.iter().for_each(|game| inner.wake(game)),
                Err(error) => {
                    tracing::warn!(%error, "lost the connection listening for changes");
                    break;
                }
            }
            drop(inner);
            std::thread::sleep(DRAIN_EVERY);
        }
        // A connection that fails as soon as it is made is not retried at once, over and over
        // (each time waking every subscriber to reread its log).
        if connected.elapsed() >= HEALTHY_AFTER {
            backoff = Duration::from_millis(100);
        } else {
            std::thread::sleep(backoff);
            backoff = (backoff * 2).min(RECONNECT_AFTER_AT_MOST);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Live, StreamLimits, TooMany};

    fn live(per_account: usize, total: usize) -> Live {
        Live::new(None, StreamLimits { per_account, total })
    }

    #[test]
    fn a_game_is_forgotten_with_its_last_subscriber() {
        let live = live(8, 8);
        let first = live.subscribe("g", "a").unwrap();
        let second = live.subscribe("g", "b").unwrap();
        drop(first);
        assert_eq!(live.0.watched().games.len(), 1);
        drop(second);
        let watched = live.0.watched();
        assert!(watched.games.is_empty() && watched.by_account.is_empty());
        assert_eq!(watched.total, 0);
    }

    #[test]
    fn subscriptions_are_limited_per_account_and_per_process() {
        let live = live(2, 3);
        let a1 = live.subscribe("g", "a").unwrap();
        let _a2 = live.subscribe("h", "a").unwrap();
        assert_eq!(live.subscribe("g", "a").err(), Some(TooMany::ForAccount(2)));
        let _b1 = live.subscribe("g", "b").unwrap();
        assert_eq!(live.subscribe("g", "c").err(), Some(TooMany::ForServer(3)));
        drop(a1);
        assert!(live.subscribe("g", "a").is_ok());
    }
}
