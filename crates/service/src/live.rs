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
use crate::values::{AccountId, GameId};

/// How often the listening connection is checked for notifications (no round trip: it reads
/// what has arrived), and how often it is pinged.
const DRAIN_EVERY: Duration = Duration::from_millis(10);
const PING_EVERY: Duration = Duration::from_secs(5);
const RECONNECT_AFTER_AT_MOST: Duration = Duration::from_secs(5);
/// A connection that lasted this long was healthy: the next failure retries quickly again.
const HEALTHY_AFTER: Duration = Duration::from_secs(30);

/// What a subscription counts in, besides its client's address and the process's total.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Budget {
    /// An account's own streams.
    Account(AccountId),
    /// The streams through the read-only links of one game.
    LinksOfGame(GameId),
    /// The streams through the read-only links of all of one account's games.
    LinksOfAccount(AccountId),
}

#[derive(Default)]
struct Watched {
    /// One channel per game with subscribers; its value counts the wake-ups.
    games: HashMap<GameId, watch::Sender<u64>>,
    /// Open subscriptions, by budget, by client address and in all.
    by_budget: HashMap<Budget, usize>,
    by_address: HashMap<String, usize>,
    total: usize,
    /// Whether the listening thread runs.
    listening: bool,
}

struct Inner {
    watched: Mutex<Watched>,
    /// The PostgreSQL database to listen to, if any.
    listen_url: Option<String>,
    limits: StreamLimits,
    /// Set once the server is shutting down: every subscription ends.
    ending: watch::Sender<bool>,
}

/// How many subscriptions a process holds open: each one rereads its game's log when woken,
/// on a connection of the pool, so they are bounded like any other load.
#[derive(Debug, Clone, Copy)]
pub struct StreamLimits {
    pub per_account: usize,
    /// Through the read-only links of one game, all its links together.
    pub per_shared_game: usize,
    /// Through the read-only links of all of one account's games: so that one account's links
    /// cannot take the streams of the server's other accounts.
    pub shared_per_account: usize,
    /// Over every account: one client cannot take the whole server's share with many accounts.
    pub per_address: usize,
    pub total: usize,
}

/// Why a subscription was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooMany {
    ForAccount(usize),
    /// The game's links hold as many streams as they may.
    ForSharedGame(usize),
    /// The links of the account's games hold as many as they may.
    ForAccountsLinks(usize),
    ForAddress(usize),
    ForServer(usize),
}

impl Inner {
    fn watched(&self) -> MutexGuard<'_, Watched> {
        self.watched
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wake(&self, game_id: &GameId) {
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
            ending: watch::Sender::new(false),
        }))
    }

    /// Ends every subscription, now and from now on: the server is shutting down, and its
    /// streams' clients reconnect to another process.
    /// How many streams (subscriptions) are open in this process.
    pub fn open_streams(&self) -> usize {
        self.0.watched().total
    }

    pub fn end_streams(&self) {
        self.0.ending.send_replace(true);
    }

    /// Wakes the game's subscribers in this process; other processes hear of it from the
    /// database.
    pub fn announce(&self, game_id: &GameId) {
        self.0.wake(game_id);
    }

    /// Follows a game for an account whose client is at `address`: the subscription wakes
    /// whenever the game may have new events. Refused past the account's, the address's or the
    /// process's limit.
    pub fn subscribe(
        &self,
        game_id: &GameId,
        account_id: &AccountId,
        address: &str,
    ) -> Result<Subscription, TooMany> {
        let limit = self.0.limits.per_account;
        let budgets = vec![(
            Budget::Account(account_id.clone()),
            limit,
            TooMany::ForAccount(limit),
        )];
        self.subscribe_within(game_id, budgets, address)
    }

    /// As `subscribe`, for a holder of a read-only link to a game of `owner`'s: its streams
    /// count in the game's budget for links (all its links together) and in the owner's budget
    /// for links (all their games' links together), not in any account's own.
    pub fn subscribe_shared(
        &self,
        game_id: &GameId,
        owner: &AccountId,
        address: &str,
    ) -> Result<Subscription, TooMany> {
        let limits = self.0.limits;
        let budgets = vec![
            (
                Budget::LinksOfGame(game_id.clone()),
                limits.per_shared_game,
                TooMany::ForSharedGame(limits.per_shared_game),
            ),
            (
                Budget::LinksOfAccount(owner.clone()),
                limits.shared_per_account,
                TooMany::ForAccountsLinks(limits.shared_per_account),
            ),
        ];
        self.subscribe_within(game_id, budgets, address)
    }

    /// Takes a subscription within each of `budgets` (a key, its limit and the refusal past
    /// it), the address's and the process's.
    fn subscribe_within(
        &self,
        game_id: &GameId,
        budgets: Vec<(Budget, usize, TooMany)>,
        address: &str,
    ) -> Result<Subscription, TooMany> {
        let mut watched = self.0.watched();
        let limits = self.0.limits;
        for (budget, limit, refusal) in &budgets {
            if watched.by_budget.get(budget).copied().unwrap_or(0) >= *limit {
                return Err(*refusal);
            }
        }
        if watched.by_address.get(address).copied().unwrap_or(0) >= limits.per_address {
            return Err(TooMany::ForAddress(limits.per_address));
        }
        if watched.total >= limits.total {
            return Err(TooMany::ForServer(limits.total));
        }
        for (key, _, _) in &budgets {
            *watched.by_budget.entry(key.clone()).or_insert(0) += 1;
        }
        *watched.by_address.entry(address.to_string()).or_insert(0) += 1;
        watched.total += 1;
        let wakes = match watched.games.get(game_id) {
            Some(sender) => sender.subscribe(),
            None => {
                let (sender, wakes) = watch::channel(0);
                watched.games.insert(game_id.clone(), sender);
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
            ending: self.0.ending.subscribe(),
            live: self.0.clone(),
            game_id: game_id.clone(),
            budgets: budgets.into_iter().map(|(budget, _, _)| budget).collect(),
            address: address.to_string(),
        })
    }
}

/// One subscriber's following of one game.
pub struct Subscription {
    /// `None` only while the subscription is dropped.
    wakes: Option<watch::Receiver<u64>>,
    ending: watch::Receiver<bool>,
    live: Arc<Inner>,
    game_id: GameId,
    /// The budgets it counts in.
    budgets: Vec<Budget>,
    address: String,
}

impl Subscription {
    /// Waits until the game may have changed (`true`), or the server ends every subscription
    /// because it is shutting down (`false`).
    pub async fn changed(&mut self) -> bool {
        let ending = async {
            if self.ending.wait_for(|ending| *ending).await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        // The sender lives as long as any subscription to the game, this one included.
        let woken = async {
            let woken = match self.wakes.as_mut() {
                Some(wakes) => wakes.changed().await.is_ok(),
                None => false,
            };
            if !woken {
                std::future::pending::<()>().await;
            }
        };
        tokio::select! {
            () = ending => false,
            () = woken => true,
        }
    }
}

/// Counts one subscription less for `key`, forgetting it at none.
fn release<K: Eq + std::hash::Hash + std::borrow::Borrow<Q>, Q: Eq + std::hash::Hash + ?Sized>(
    counts: &mut HashMap<K, usize>,
    key: &Q,
) {
    if let Some(held) = counts.get_mut(key) {
        *held -= 1;
        if *held == 0 {
            counts.remove(key);
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
        for key in &self.budgets {
            release(&mut watched.by_budget, key);
        }
        release(&mut watched.by_address, &self.address);
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

    fn live(per_account: usize, per_address: usize, total: usize) -> Live {
        Live::new(
            None,
            StreamLimits {
                per_account,
                per_shared_game: 3,
                shared_per_account: 5,
                per_address,
                total,
            },
        )
    }

    use crate::values::{AccountId, GameId};

    /// An id for a one-letter name.
    fn uuid(name: &str) -> String {
        format!(
            "00000000-0000-4000-8000-{:012x}",
            u32::from(name.as_bytes()[0])
        )
    }

    fn game(name: &str) -> GameId {
        GameId::parse(&uuid(name)).unwrap()
    }

    fn account(name: &str) -> AccountId {
        AccountId::parse(&uuid(name)).unwrap()
    }

    #[test]
    fn a_game_is_forgotten_with_its_last_subscriber() {
        let live = live(8, 8, 8);
        let first = live
            .subscribe(&game("g"), &account("a"), "192.0.2.1")
            .unwrap();
        let second = live
            .subscribe(&game("g"), &account("b"), "192.0.2.2")
            .unwrap();
        drop(first);
        assert_eq!(live.0.watched().games.len(), 1);
        drop(second);
        let watched = live.0.watched();
        assert!(watched.games.is_empty() && watched.by_budget.is_empty());
        assert!(watched.by_address.is_empty());
        assert_eq!(watched.total, 0);
    }

    #[test]
    fn subscriptions_are_limited_per_account_and_per_process() {
        let live = live(2, 8, 3);
        let a1 = live
            .subscribe(&game("g"), &account("a"), "192.0.2.1")
            .unwrap();
        let _a2 = live
            .subscribe(&game("h"), &account("a"), "192.0.2.1")
            .unwrap();
        assert_eq!(
            live.subscribe(&game("g"), &account("a"), "192.0.2.1").err(),
            Some(TooMany::ForAccount(2))
        );
        let _b1 = live
            .subscribe(&game("g"), &account("b"), "192.0.2.1")
            .unwrap();
        assert_eq!(
            live.subscribe(&game("g"), &account("c"), "192.0.2.1").err(),
            Some(TooMany::ForServer(3))
        );
        drop(a1);
        assert!(
            live.subscribe(&game("g"), &account("a"), "192.0.2.1")
                .is_ok()
        );
    }

    #[test]
    fn a_games_links_share_one_budget_and_an_accounts_links_another() {
        let live = live(2, 100, 100);
        // Game g's links (of account a): three streams, from any address, then no more.
        let g: Vec<_> = (1..=3)
            .map(|n| {
                live.subscribe_shared(&game("g"), &account("a"), &format!("192.0.2.{n}"))
                    .unwrap()
            })
            .collect();
        assert_eq!(
            live.subscribe_shared(&game("g"), &account("a"), "192.0.2.9")
                .err(),
            Some(TooMany::ForSharedGame(3))
        );
        // Another game of a's: two more, then a's links are at their five.
        let _h: Vec<_> = (1..=2)
            .map(|_| {
                live.subscribe_shared(&game("h"), &account("a"), "192.0.2.1")
                    .unwrap()
            })
            .collect();
        assert_eq!(
            live.subscribe_shared(&game("i"), &account("a"), "192.0.2.1")
                .err(),
            Some(TooMany::ForAccountsLinks(5))
        );
        // Neither takes from a's own streams, nor from b's, nor from b's links.
        assert!(
            live.subscribe(&game("g"), &account("a"), "192.0.2.1")
                .is_ok()
        );
        assert!(
            live.subscribe(&game("g"), &account("b"), "192.0.2.1")
                .is_ok()
        );
        assert!(
            live.subscribe_shared(&game("j"), &account("b"), "192.0.2.1")
                .is_ok()
        );
        drop(g);
        assert!(
            live.subscribe_shared(&game("g"), &account("a"), "192.0.2.9")
                .is_ok()
        );
    }

    #[test]
    fn one_address_cannot_take_every_stream_with_many_accounts() {
        let live = live(20, 3, 100);
        let held: Vec<_> = ["a", "b", "c"]
            .iter()
            .map(|name| {
                live.subscribe(&game("g"), &account(name), "192.0.2.1")
                    .unwrap()
            })
            .collect();
        assert_eq!(
            live.subscribe(&game("g"), &account("d"), "192.0.2.1").err(),
            Some(TooMany::ForAddress(3))
        );
        assert!(
            live.subscribe(&game("g"), &account("d"), "192.0.2.2")
                .is_ok()
        );
        drop(held);
        assert!(
            live.subscribe(&game("g"), &account("d"), "192.0.2.1")
                .is_ok()
        );
    }
}
