//! A bound on the connections one address holds open at once, so that one client (slow bodies,
//! idle streams) cannot take every socket the process may open and starve everyone else. A
//! trusted proxy's connections are not counted: it carries many clients, and bounds them itself.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::api::http::client_address::{TrustedProxies, bounded_as};

#[derive(Debug, Default)]
struct Counts {
    open: HashMap<IpAddr, usize>,
}

/// The open connections of every address.
#[derive(Debug, Clone)]
pub struct ConnectionLimit {
    counts: Arc<Mutex<Counts>>,
    /// At most this many per address (0: no bound).
    per_address: usize,
    trusted: TrustedProxies,
}

/// One admitted connection: counted until dropped, with the connection.
#[derive(Debug)]
pub struct Admitted {
    counted: Option<(Arc<Mutex<Counts>>, IpAddr)>,
}

impl ConnectionLimit {
    pub fn new(per_address: usize, trusted: TrustedProxies) -> ConnectionLimit {
        ConnectionLimit {
            counts: Arc::default(),
            per_address,
            trusted,
        }
    }

    fn counts(counts: &Mutex<Counts>) -> MutexGuard<'_, Counts> {
        counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Admits a connection from `peer`, or `None` if its address has as many open as allowed.
    pub fn admit(&self, peer: Option<IpAddr>) -> Option<Admitted> {
        let uncounted = Admitted { counted: None };
        let Some(peer) = peer.map(|ip| ip.to_canonical()) else {
            return Some(uncounted);
        };
        if self.per_address == 0 || self.trusted.trusts(peer) {
            return Some(uncounted);
        }
        let peer = bounded_as(peer);
        let mut counts = Self::counts(&self.counts);
        let open = counts.open.entry(peer).or_insert(0);
        if *open >= self.per_address {
            return None;
        }
        *open += 1;
        Some(Admitted {
            counted: Some((self.counts.clone(), peer)),
        })
    }

    /// How many connections `peer` holds open.
    #[cfg(test)]
    pub fn open(&self, peer: IpAddr) -> usize {
        Self::counts(&self.counts)
            .open
            .get(&bounded_as(peer))
            .copied()
            .unwrap_or(0)
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        if let Some((counts, peer)) = self.counted.take() {
            let mut counts = ConnectionLimit::counts(&counts);
            if let Some(open) = counts.open.get_mut(&peer) {
                *open -= 1;
                if *open == 0 {
                    counts.open.remove(&peer);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::http::client_address::Network;

    #[test]
    fn an_address_holds_at_most_its_share_until_one_closes() {
        let limit = ConnectionLimit::new(2, TrustedProxies::default());
        let one: IpAddr = "192.0.2.1".parse().unwrap();
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        let first = limit.admit(Some(one)).unwrap();
        let _second = limit.admit(Some(one)).unwrap();
        assert!(limit.admit(Some(one)).is_none());
        assert!(limit.admit(Some(other)).is_some());
        drop(first);
        assert_eq!(limit.open(one), 1);
        assert!(limit.admit(Some(one)).is_some());
    }

    #[test]
    fn an_ipv6_subscriber_is_bounded_as_one() {
        let limit = ConnectionLimit::new(1, TrustedProxies::default());
        let _held = limit.admit(Some("2001:db8::1".parse().unwrap())).unwrap();
        assert!(limit.admit(Some("2001:db8::2".parse().unwrap())).is_none());
        assert!(
            limit
                .admit(Some("2001:db8:0:1::1".parse().unwrap()))
                .is_some()
        );
    }

    #[test]
    fn a_trusted_proxy_is_not_bounded() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let trusted = TrustedProxies {
            networks: vec![Network::parse("10.0.0.0/8").unwrap()],
            ..TrustedProxies::default()
        };
        let limit = ConnectionLimit::new(1, trusted);
        let held: Vec<_> = (0..5).map(|_| limit.admit(Some(proxy)).unwrap()).collect();
        assert_eq!(held.len(), 5);
        assert_eq!(limit.open(proxy), 0);
    }
}
