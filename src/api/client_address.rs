//! Who a request comes from: the address its connection comes from, which no client can forge.
//! Behind a reverse proxy every connection comes from the proxy; naming the proxy's addresses
//! (`--trusted-proxies`) lets the address the proxy saw, in `Forwarded` or `X-Forwarded-For`, be
//! taken instead, for the logs, the rate limits, idempotency and the event stream bounds alike.
//! Only what trusted proxies wrote is believed: the forwarded chain is read from the nearest hop
//! back, and the first address not of a trusted proxy is the client's.

use std::net::IpAddr;

use actix_web::http::header::HeaderMap;
use actix_web::{HttpRequest, web};

/// An address, or a network of them (`10.0.0.0/8`, `::1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    /// Reads `ADDRESS` or `ADDRESS/PREFIX`.
    pub fn parse(text: &str) -> Result<Network, String> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address: IpAddr = address
            .parse()
            .map_err(|_| format!("{text:?} is not an IP address or network (10.0.0.0/8)"))?;
        let most = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => most,
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|p| *p <= most)
                .ok_or_else(|| format!("{text:?}: the prefix length must be 0 to {most}"))?,
        };
        Ok(Network { address, prefix })
    }

    pub fn contains(&self, address: IpAddr) -> bool {
        let (network, address) = match (self.address, address.to_canonical()) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                (u128::from(n.to_bits()) << 96, u128::from(a.to_bits()) << 96)
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => (n.to_bits(), a.to_bits()),
            _ => return false,
        };
        let mask = u128::MAX
            .checked_shl(128 - u32::from(self.prefix))
            .unwrap_or(0);
        network & mask == address & mask
    }
}

/// The proxies whose forwarded headers are believed; none by default.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(pub Vec<Network>);

impl TrustedProxies {
    pub fn trusts(&self, address: IpAddr) -> bool {
        self.0.iter().any(|network| network.contains(address))
    }

    /// The client's address, for a connection from `peer` with these headers.
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = peer?.to_canonical();
        if !self.trusts(peer) {
            return Some(peer);
        }
        // Nearest hop first; the first address no trusted proxy has is the client's.
        let mut chain = forwarded_for(headers);
        chain.reverse();
        let mut client = peer;
        for hop in chain {
            let Some(hop) = hop else {
                // An address a proxy hid ("unknown", an obfuscated name): go no further.
                break;
            };
            client = hop.to_canonical();
            if !self.trusts(client) {
                break;
            }
        }
        Some(client)
    }
}

/// The addresses of `Forwarded: for=…` (RFC 7239), or else of `X-Forwarded-For`, farthest
/// first; `None` for an entry that is not an address.
fn forwarded_for(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name| {
        headers
            .get_all(name)
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect::<Vec<_>>()
    };
    let forwarded = values("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(name, _)| name.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, node)| node_address(node.trim().trim_matches('"')))
            })
            .collect();
    }
    values("x-forwarded-for")
        .iter()
        .map(|text| node_address(text))
        .collect()
}

/// The address of a node: `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]`, `[2001:db8::1]:4711`.
fn node_address(node: &str) -> Option<IpAddr> {
    if let Ok(address) = node.parse() {
        return Some(address);
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    node.rsplit_once(':')?.0.parse().ok()
}

/// The address of the client that sent `req`, as the trusted proxies (if any) say; empty if
/// the connection has no address (a test's in-memory request).
pub fn client_address(req: &HttpRequest) -> String {
    let trusted = req.app_data::<web::Data<TrustedProxies>>();
    let peer = req.peer_addr().map(|peer| peer.ip());
    let client = match trusted {
        Some(trusted) => trusted.client(peer, req.headers()),
        None => peer,
    };
    client.map(|ip| ip.to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::{HeaderName, HeaderValue};

    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                HeaderName::from_static(name),
                HeaderValue::from_static(value),
            );
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn networks_contain_their_addresses() {
        let private = Network::parse("10.0.0.0/8").unwrap();
        assert!(private.contains(ip("10.200.3.4")));
        assert!(!private.contains(ip("11.0.0.1")));
        assert!(private.contains(ip("::ffff:10.1.2.3")));
        let one = Network::parse("::1").unwrap();
        assert!(one.contains(ip("::1")) && !one.contains(ip("::2")));
        assert!(Network::parse("0.0.0.0/0").unwrap().contains(ip("8.8.8.8")));
        for bad in ["10.0.0.0/33", "proxy", "10.0.0.0/x", ""] {
            assert!(Network::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn forwarded_headers_count_only_from_a_trusted_proxy() {
        let forged = headers(&[("x-forwarded-for", "203.0.113.9")]);
        let none = TrustedProxies::default();
        assert_eq!(
            none.client(Some(ip("198.51.100.7")), &forged),
            Some(ip("198.51.100.7"))
        );

        let proxy = TrustedProxies(vec![Network::parse("10.0.0.0/8").unwrap()]);
        assert_eq!(
            proxy.client(Some(ip("198.51.100.7")), &forged),
            Some(ip("198.51.100.7"))
        );
        assert_eq!(
            proxy.client(Some(ip("10.0.0.2")), &forged),
            Some(ip("203.0.113.9"))
        );
    }

    #[test]
    fn the_client_is_the_nearest_address_no_trusted_proxy_has() {
        let proxy = TrustedProxies(vec![Network::parse("10.0.0.0/8").unwrap()]);
        // A client that forges its own first hop is still named by the proxy's hop.
        let chain = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.9, 10.0.0.5")]);
        assert_eq!(
            proxy.client(Some(ip("10.0.0.2")), &chain),
            Some(ip("203.0.113.9"))
        );
        let forwarded = headers(&[(
            "forwarded",
            "for=1.2.3.4, for=\"[2001:db8::7]:4711\";proto=https, for=10.0.0.5:80",
        )]);
        assert_eq!(
            proxy.client(Some(ip("10.0.0.2")), &forwarded),
            Some(ip("2001:db8::7"))
        );
        let hidden = headers(&[("forwarded", "for=unknown, for=10.0.0.5")]);
        assert_eq!(
            proxy.client(Some(ip("10.0.0.2")), &hidden),
            Some(ip("10.0.0.5"))
        );
    }
}
