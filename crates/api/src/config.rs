//! Settings, from flags or the environment. Every setting has a default that works on a fresh
//! machine: a SQLite file in the working directory, port 8080 on every address of the machine (the table app on the phones at the table).

use std::time::Duration;

use chrono::TimeDelta;
use std::net::IpAddr;

use clap::{Parser, Subcommand};
use ipnet::IpNet;

use crate::service::idempotency::KeyPolicy;
use crate::service::live::StreamLimits;

#[derive(Debug, Clone, Parser)]
#[command(
    name = "phase10",
    version,
    about = "Scorekeeping service for Phase 10 Dice"
)]
pub struct Config {
    /// Where the database is: `postgres://…`, or a SQLite file (`sqlite://path` or a path).
    #[arg(long, env, default_value = "phase10.sqlite", global = true)]
    pub database_url: String,

    /// A database for the reads that tolerate lag (pads, figures, the leaderboard, lists): a
    /// PostgreSQL standby of `DATABASE_URL`. A read that would show a game older than the
    /// client wrote or named (its `If-None-Match`), or than this process last saw, waits for it
    /// briefly, then goes to the primary; so does one the standby cannot answer. Unset: every
    /// read goes to `DATABASE_URL`.
    #[arg(long, env, global = true)]
    pub database_read_url: Option<String>,

    /// Address and port to listen on: every address of the machine, so that the phones at the
    /// table reach the table app on the machine's address.
    #[arg(long, env, default_value = "0.0.0.0:8080", global = true)]
    pub bind: String,

    /// The most database connections at once.
    #[arg(long, env, default_value_t = 8, global = true)]
    pub pool_size: u32,

    /// How long a request waits for a database connection before answering 503, in milliseconds.
    #[arg(long, env, default_value_t = 3000, global = true)]
    pub db_timeout_ms: u64,

    /// How long a request's database work may take before it is answered 503, in milliseconds
    /// (a database that stops answering without closing its connections).
    #[arg(long, env, default_value_t = 10_000, global = true)]
    pub query_timeout_ms: u64,

    /// HTTP worker threads (0: one per core).
    #[arg(long, env, default_value_t = 0, global = true)]
    pub workers: usize,

    /// The largest JSON body accepted, in bytes.
    #[arg(long, env, default_value_t = DEFAULT_BODY_LIMIT, global = true)]
    pub body_limit: usize,

    /// How long a client has to send a whole request, its head and then its body, in
    /// milliseconds (each part gets this long); slower: 408, and the connection is closed.
    #[arg(long, env, default_value_t = 5000, global = true)]
    pub request_timeout_ms: u64,

    /// Connections the server holds open at once, over every address; past it, new ones wait
    /// to be accepted. 0: as many as the process's limit of open files leaves room for (less
    /// what the database pool and the process need).
    #[arg(long, env, default_value_t = 0, global = true)]
    pub max_connections: usize,

    /// Connections one client address (an IPv6 /64) may hold open at once (0: no bound). Past it, a new
    /// connection is answered 429 and closed. A trusted proxy's connections are not bounded.
    #[arg(long, env, default_value_t = 100, global = true)]
    pub max_connections_per_address: usize,

    /// Reverse proxies whose forwarded header (`--forwarded-header`) names the client, as IP
    /// addresses or networks, comma-separated (`10.0.0.0/8,::1`). None by default: the client is
    /// the address the connection comes from, for the logs and every bound alike.
    #[arg(long, env, value_delimiter = ',', value_parser = Network::parse, global = true)]
    pub trusted_proxies: Vec<Network>,

    /// Where to serve `GET /metrics` (Prometheus's text format), `127.0.0.1:9100`: an address
    /// of its own, for the operator's network only. None by default; the API's own address
    /// never serves it (404).
    #[arg(long, env, global = true)]
    pub metrics_bind: Option<String>,

    /// After SIGTERM, how long the server goes on answering, with `/readyz` 503, before it stops
    /// taking connections, in milliseconds: time for a load balancer's health checks to take it
    /// out. It then answers the requests in flight and exits (within 10 s more at most).
    #[arg(long, env, default_value_t = 2000, global = true)]
    pub drain_ms: u64,

    /// The address people reach the server at, the base of every shared link it hands out
    /// (`https://phase10.example`). Without it, links name the address the server listens on
    /// (`localhost` for an unspecified one). Never taken from a request's headers: a client
    /// could make links to anywhere (`X-Forwarded-Host: evil.example`).
    #[arg(long, env, value_parser = PublicUrl::parse, global = true)]
    pub public_url: Option<PublicUrl>,

    /// The header the trusted proxies write the client's address in: `x-forwarded-for` or
    /// `forwarded` (RFC 7239). Only that one is read.
    #[arg(long, env, value_enum, default_value_t = ForwardedHeader::XForwardedFor, global = true)]
    pub forwarded_header: ForwardedHeader,

    /// The largest total size of a request's header names and values, in bytes.
    #[arg(long, env, default_value_t = DEFAULT_HEADER_LIMIT, global = true)]
    pub header_limit: usize,

    /// Accounts each client address may create a minute (0: no limit).
    #[arg(long, env, default_value_t = 20, global = true)]
    pub rate_limit_accounts: u32,

    /// Writes (creating, changing or deleting games and turns) each API key, and each client
    /// address, may make a minute (0: no limit).
    #[arg(long, env, default_value_t = 600, global = true)]
    pub rate_limit_writes: u32,

    /// Requests judging dice or advising on a turn (`POST /v1/evaluate`, `POST /v1/advice`, a
    /// digital turn's advice) each API key, and each client address, may make a minute (0: no
    /// limit). A bucket of its own: they spend no writes, and writes spend none of it.
    #[arg(long, env, default_value_t = 3000, global = true)]
    pub rate_limit_advice: u32,

    /// Browser origins allowed to call the API, comma-separated (`https://app.example`), or
    /// `*` for any. None by default: browsers refuse cross-origin calls.
    #[arg(long, env, value_delimiter = ',', value_parser = parse_origin, global = true)]
    pub cors_origins: Vec<String>,

    /// How long an Idempotency-Key and its answer are kept, in seconds (24 hours by default).
    #[arg(long, env, default_value_t = 24 * 60 * 60, global = true)]
    pub idempotency_keep_secs: u64,

    /// How long an invite to play a seat can be accepted, in seconds (24 hours by default).
    #[arg(long, env, default_value_t = 24 * 60 * 60, global = true)]
    pub invite_ttl_secs: u64,

    /// How long a read-only link to a game's live pad opens it, in seconds (7 days by default).
    #[arg(long, env, default_value_t = 7 * 24 * 60 * 60, global = true)]
    pub share_ttl_secs: u64,

    /// How often an event stream with nothing to send sends a comment, so that proxies keep
    /// it open, and reads the game's log in case a wake-up was missed, in seconds.
    #[arg(long, env, default_value_t = 15, global = true)]
    pub sse_heartbeat_secs: u64,

    /// Event streams one account may hold open at once (more: 429 `too_many_streams`).
    #[arg(long, env, default_value_t = 20, global = true)]
    pub sse_streams_per_account: usize,

    /// Event streams the read-only links of one game may hold open at once, all its links
    /// together (more: 429 `too_many_streams`).
    #[arg(long, env, default_value_t = 50, global = true)]
    pub sse_streams_per_shared_game: usize,

    /// Event streams the read-only links of all one account's games may hold open at once: one
    /// account's links never take the streams of the server's other accounts.
    #[arg(long, env, default_value_t = 200, global = true)]
    pub sse_shared_streams_per_account: usize,

    /// Event streams one client address (an IPv6 /64) may hold open at once, over every account.
    #[arg(long, env, default_value_t = 100, global = true)]
    pub sse_streams_per_address: usize,

    /// Event streams this server holds open at once, over every account.
    #[arg(long, env, default_value_t = 2000, global = true)]
    pub sse_max_streams: usize,

    /// With PostgreSQL, follow changes made by other server processes with LISTEN/NOTIFY.
    /// Without it (`--events-listen false`), a subscriber learns of them only by reading the
    /// log every `--events-poll-ms`.
    #[arg(long, env, default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub events_listen: bool,

    /// Each subscriber also reads its game's log this often, in milliseconds (0: only when
    /// woken, and at every heartbeat).
    #[arg(long, env, default_value_t = 0, global = true)]
    pub events_poll_ms: u64,

    /// The table of phase 8 for whole-game advice with two rolls left, written by
    /// `phase10 solitaire --phase-8-table PATH` (4.5 GB, read from the file as asked, not held
    /// in memory). Without it, that one position is refused (422 `phase8_table_missing`).
    #[arg(long, env, global = true)]
    pub solitaire_phase_8_table: Option<std::path::PathBuf>,

    /// Log filter, in `tracing` syntax (`info`, `phase10=debug,actix_web=info`).
    #[arg(long, env, default_value = "info", global = true)]
    pub log: String,

    /// Log as JSON lines instead of text.
    #[arg(long, env, default_value_t = false, global = true)]
    pub log_json: bool,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Clone, Subcommand)]
pub enum Command {
    /// Apply the migrations, then serve (the default).
    Serve,
    /// Apply the migrations and exit.
    Migrate,
    /// Print the OpenAPI document (as committed at openapi/openapi.json) and exit.
    Openapi,
    /// Solve the whole solitaire game (minutes, about 4.5 GB: every keep pattern of phase 8's
    /// ten dice), write what the server reads and exit.
    Solitaire {
        /// Where the values go (committed at data/solitaire.json).
        #[arg(long, default_value = "data/solitaire.json")]
        out: std::path::PathBuf,
        /// Also write what each choice after a phase 8 first roll is worth, for
        /// `--solitaire-phase-8-table` (4.5 GB).
        #[arg(long)]
        phase_8_table: Option<std::path::PathBuf>,
    },
}

impl Config {
    /// How each database pool is sized, and how long a request waits for a connection.
    pub fn pool_settings(&self) -> crate::service::database::PoolSettings {
        crate::service::database::PoolSettings {
            max_size: self.pool_size.max(1),
            connection_timeout: self.db_timeout(),
        }
    }

    pub fn db_timeout(&self) -> Duration {
        Duration::from_millis(self.db_timeout_ms)
    }

    pub fn request_timeout(&self) -> Duration {
        Duration::from_millis(self.request_timeout_ms.max(1))
    }

    /// `--max-connections`, or what the open-file limit leaves room for.
    pub fn connection_cap(&self) -> usize {
        if self.max_connections > 0 {
            return self.max_connections;
        }
        let reserved = 64 + 2 * self.pool_size as usize;
        open_file_limit()
            .map_or(10_000, |limit| limit.saturating_sub(reserved))
            .max(16)
    }

    pub fn stream_limits(&self) -> StreamLimits {
        StreamLimits {
            per_account: self.sse_streams_per_account,
            per_shared_game: self.sse_streams_per_shared_game,
            shared_per_account: self.sse_shared_streams_per_account,
            per_address: self.sse_streams_per_address,
            total: self.sse_max_streams,
        }
    }

    pub fn key_policy(&self) -> KeyPolicy {
        let millis = |ms: u64| TimeDelta::milliseconds(i64::try_from(ms).unwrap_or(i64::MAX));
        KeyPolicy {
            keep_for: millis(self.idempotency_keep_secs.saturating_mul(1000)),
        }
    }
}

/// The process's soft limit of open files, where the system tells it (Linux's `/proc`).
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The largest JSON body accepted, unless configured otherwise.
pub const DEFAULT_BODY_LIMIT: usize = 64 * 1024;

/// The largest total of header names and values accepted, unless configured otherwise.
pub const DEFAULT_HEADER_LIMIT: usize = 16 * 1024;

/// An address, or a network of them (`10.0.0.0/8`, `::1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network(IpNet);

impl Network {
    /// Reads `ADDRESS` or `ADDRESS/PREFIX`.
    pub fn parse(text: &str) -> Result<Network, String> {
        let text = text.trim();
        let network = match text.parse::<IpAddr>() {
            Ok(address) => IpNet::from(address),
            Err(_) => text.parse::<IpNet>().map_err(|_| {
                format!(
                    "{text:?} is not an IP address or network (10.0.0.0/8, a prefix length of 0 \
                     to 32, or to 128 for IPv6)"
                )
            })?,
        };
        Ok(Network(network))
    }

    /// Whether `address` is in the network; an IPv4 address mapped into IPv6 is its IPv4 one.
    pub fn contains(&self, address: IpAddr) -> bool {
        self.0.contains(&address.to_canonical())
    }
}

/// Where people reach the server: a scheme (`http` or `https`), a host and maybe a port and a
/// path under which it is served; kept without a trailing slash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    pub fn parse(text: &str) -> Result<PublicUrl, String> {
        let url = url::Url::parse(text.trim()).map_err(|why| {
            format!("{text:?} is not an address such as https://phase10.example: {why}")
        })?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            return Err(format!(
                "{text:?} is not an http or https address with a host, such as https://phase10.example"
            ));
        }
        if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() {
            return Err(format!(
                "{text:?} has a query, a fragment or a user: give only the scheme, host, port and path"
            ));
        }
        Ok(PublicUrl(url.as_str().trim_end_matches('/').to_string()))
    }

    /// The address people reach a server listening on `local` at, when none is configured: for
    /// a server on every address, the machine's address on its network (`outward`), which the
    /// phones at the table and a shared link's QR code can reach; else `localhost`.
    pub fn of_listener(local: std::net::SocketAddr, outward: Option<IpAddr>) -> PublicUrl {
        let host = match local.ip() {
            ip if ip.is_unspecified() => match outward {
                Some(IpAddr::V6(ip)) => format!("[{ip}]"),
                Some(ip) => ip.to_string(),
                None => "localhost".to_string(),
            },
            IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        PublicUrl(format!("http://{host}:{}", local.port()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The machine's address on the network its default route leads to (what a phone on the same
/// Wi-Fi reaches it at), if it has one. A UDP socket "connected" to a documentation address
/// (RFC 5737) sends nothing; the system only picks the local address it would send from.
pub fn outward_address() -> Option<IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("192.0.2.1:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// The header the trusted proxies write the client's address in. Only that one is read: a
/// proxy passes the other on as the client sent it, so the client could name itself there.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ForwardedHeader {
    /// `X-Forwarded-For: client, proxy1, …`, as nginx, HAProxy and most load balancers write it.
    #[default]
    XForwardedFor,
    /// `Forwarded: for=client, for=proxy1` (RFC 7239).
    Forwarded,
}

/// Checks one configured origin: `*`, or `scheme://host[:port]` with nothing after it.
pub fn parse_origin(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text == "*" {
        return Ok(text.to_string());
    }
    let uri: actix_web::http::Uri = text
        .parse()
        .map_err(|e| format!("{text:?} is not an origin: {e}"))?;
    let bare = uri.path_and_query().is_none_or(|p| p.as_str() == "/") && !text.ends_with('/');
    match (uri.scheme_str(), uri.authority()) {
        (Some("http" | "https"), Some(_)) if bare => Ok(text.to_string()),
        _ => Err(format!(
            "{text:?} is not an origin: give scheme://host[:port], such as https://app.example"
        )),
    }
}

#[cfg(test)]
mod public_url_tests {
    use super::PublicUrl;

    #[test]
    fn a_public_url_is_an_http_address_kept_without_its_last_slash() {
        assert_eq!(
            PublicUrl::parse("https://scores.example/phase10/")
                .unwrap()
                .as_str(),
            "https://scores.example/phase10"
        );
        assert_eq!(
            PublicUrl::parse("http://192.168.1.20:8080")
                .unwrap()
                .as_str(),
            "http://192.168.1.20:8080"
        );
        for bad in [
            "scores.example",
            "ftp://scores.example",
            "https://scores.example/?a=1",
            "https://u@scores.example",
        ] {
            let why = PublicUrl::parse(bad).unwrap_err();
            assert!(why.contains(bad), "{why}");
        }
        let everywhere = "0.0.0.0:8080".parse().unwrap();
        let local = PublicUrl::of_listener(everywhere, None);
        assert_eq!(local.as_str(), "http://localhost:8080");
        let lan = PublicUrl::of_listener(everywhere, Some([192, 168, 1, 20].into()));
        assert_eq!(lan.as_str(), "http://192.168.1.20:8080");
        let one = PublicUrl::of_listener("127.0.0.1:9000".parse().unwrap(), None);
        assert_eq!(one.as_str(), "http://127.0.0.1:9000");
    }
}
