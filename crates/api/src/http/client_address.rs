//! Who a request comes from: the address its connection comes from, which no client can forge.
//! Behind a reverse proxy every connection comes from the proxy; naming the proxy's addresses
//! (`--trusted-proxies`) lets the address the proxy saw, in the header it writes
//! (`--forwarded-header`: `X-Forwarded-For` or `Forwarded`), be taken instead, for the logs, the rate limits, idempotency and the event stream bounds alike.
//! Only what trusted proxies wrote is believed: the forwarded chain is read from the nearest hop
//! back, and the first address not of a trusted proxy is the client's.

use std::net::IpAddr;

use actix_web::http::header::HeaderMap;
use actix_web::{HttpRequest, web};
use ipnet::Ipv6Net;

use crate::config::Config;

pub use crate::config::{ForwardedHeader, Network};

/// The proxies whose forwarded header is believed; none by default.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    pub networks: Vec<Network>,
    pub header: ForwardedHeader,
}

impl TrustedProxies {
    /// The proxies `--trusted-proxies` names, and the header `--forwarded-header` says they write.
    pub fn from_config(config: &Config) -> TrustedProxies {
        TrustedProxies {
            networks: config.trusted_proxies.clone(),
            header: config.forwarded_header,
        }
    }

    pub fn trusts(&self, address: IpAddr) -> bool {
        self.networks
            .iter()
            .any(|network| network.contains(address))
    }

    /// The client's address, for a connection from `peer` with these headers.
    pub fn client(&self, peer: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
        let peer = peer?.to_canonical();
        if !self.trusts(peer) {
            return Some(peer);
        }
        // Nearest hop first; the first address no trusted proxy has is the client's.
        let mut chain = forwarded_for(headers, self.header);
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

/// The addresses `header` names, farthest first; `None` for an entry that is not an address.
fn forwarded_for(headers: &HeaderMap, header: ForwardedHeader) -> Vec<Option<IpAddr>> {
    let values = |name| {
        headers
            .get_all(name)
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .collect::<Vec<_>>()
    };
    if header == ForwardedHeader::Forwarded {
        return values("forwarded")
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

/// The client that sent `req`, as the trusted proxies (if any) say; `None` if the connection
/// has no address (a test's in-memory request).
fn client_ip(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr().map(|peer| peer.ip());
    match req.app_data::<web::Data<TrustedProxies>>() {
        Some(trusted) => trusted.client(peer, req.headers()),
        None => peer,
    }
}

/// The address of the client that sent `req`, as logged; empty if unknown.
pub fn client_address(req: &HttpRequest) -> String {
    client_ip(req).map(|ip| ip.to_string()).unwrap_or_default()
}

/// Who a bound (a rate limit, a share of connections or streams) counts `address` as: itself,
/// or for IPv6 its /64, which one subscriber usually holds whole (2^64 addresses to spread over).
pub fn bounded_as(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V6(v6) => Ipv6Net::new_assert(v6, 64).network().into(),
        v4 => v4,
    }
}

/// The client `req` counts as for the bounds (`bounded_as`); empty if unknown.
pub fn client_for_bounds(req: &HttpRequest) -> String {
    client_ip(req)
        .map(|ip| bounded_as(ip).to_string())
        .unwrap_or_default()
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
    fn an_ipv6_client_is_bounded_as_its_64() {
        assert_eq!(bounded_as(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(bounded_as(ip("2001:db8:1:2:bbbb::9")), ip("2001:db8:1:2::"));
        assert_eq!(bounded_as(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(bounded_as(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
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
        let proxy = |header| TrustedProxies {
            networks: vec![Network::parse("10.0.0.0/8").unwrap()],
            header,
        };
        assert_eq!(
            none.client(Some(ip("198.51.100.7")), &forged),
            Some(ip("198.51.100.7"))
        );

        let xff = proxy(ForwardedHeader::XForwardedFor);
        assert_eq!(
            xff.client(Some(ip("198.51.100.7")), &forged),
            Some(ip("198.51.100.7"))
        );
        assert_eq!(
            xff.client(Some(ip("10.0.0.2")), &forged),
            Some(ip("203.0.113.9"))
        );
        // The header the proxy does not write is the client's own word, and not read.
        let both = headers(&[
            ("x-forwarded-for", "203.0.113.9"),
            ("forwarded", "for=198.51.100.1"),
        ]);
        assert_eq!(
            xff.client(Some(ip("10.0.0.2")), &both),
            Some(ip("203.0.113.9"))
        );
        let rfc = proxy(ForwardedHeader::Forwarded);
        assert_eq!(
            rfc.client(Some(ip("10.0.0.2")), &both),
            Some(ip("198.51.100.1"))
        );
    }

    #[test]
    fn the_client_is_the_nearest_address_no_trusted_proxy_has() {
        let networks = vec![Network::parse("10.0.0.0/8").unwrap()];
        let proxy = TrustedProxies {
            networks: networks.clone(),
            header: ForwardedHeader::XForwardedFor,
        };
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
        let proxy = TrustedProxies {
            networks,
            header: ForwardedHeader::Forwarded,
        };
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
