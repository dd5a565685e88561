//! Rate limits, answered with 429 and `Retry-After`. Each operation declares the limit it counts
//! against (`rate_limit` in its `x-declared`, read by `api::openapi::declared`): account
//! creation per client address; writes, and the advisor and evaluation (a class of their own,
//! so that judging dice neither spends the writes' bucket nor goes unmetered), per API key and
//! per client address. A request no operation takes is limited as a write unless it is a read.
//! Each limit is a token bucket: up to `per_minute` requests at once, refilled at `per_minute` a
//! minute. The buckets live in this process; behind a load balancer each process limits on its
//! own.
//!
//! Every answer of a limited request says where it stands, in the fields of the IETF draft
//! "RateLimit header fields for HTTP" (draft-ietf-httpapi-ratelimit-headers): its policy,
//! `RateLimit-Policy: "writes";q=120;w=60` (a bucket of `q` requests refilled over `w`
//! seconds), and its state, `RateLimit: "writes";r=117;t=2` (`r` requests left now, the bucket
//! full again in `t` seconds). Of a request's two buckets (its key's and its address's), the
//! emptier one is told.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::HttpResponse;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};

use crate::error::Error;
use crate::http::auth::bearer_key;
use crate::http::client_address::client_for_bounds;
use crate::openapi::declared::{ROUTES, RateClass};
use crate::service::accounts::hash_key;

/// Requests a minute allowed for each kind of limited request; 0 turns a limit off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateSettings {
    /// Accounts created per client address.
    pub accounts_per_minute: u32,
    /// Writes per API key, and per client address.
    pub writes_per_minute: u32,
    /// Dice judged and advice given, per API key, and per client address.
    pub advice_per_minute: u32,
}

impl RateSettings {
    /// The limits `--rate-limit-accounts`, `--rate-limit-writes` and `--rate-limit-advice` set.
    pub fn from_config(config: &crate::config::Config) -> RateSettings {
        RateSettings {
            accounts_per_minute: config.rate_limit_accounts,
            writes_per_minute: config.rate_limit_writes,
            advice_per_minute: config.rate_limit_advice,
        }
    }
}

impl RateSettings {
    /// The rate of a class and the names of its buckets, or `None` if it is not limited.
    fn of(&self, class: RateClass) -> Option<(u32, &'static str)> {
        let (per_minute, name) = match class {
            RateClass::None => return None,
            RateClass::Accounts => (self.accounts_per_minute, "accounts"),
            RateClass::Writes => (self.writes_per_minute, "writes"),
            RateClass::Advice => (self.advice_per_minute, "advice"),
        };
        (per_minute > 0).then_some((per_minute, name))
    }
}

/// Beyond this many buckets, the full (idle) ones are forgotten.
const MAX_BUCKETS: usize = 100_000;

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// The buckets of one process.
pub struct RateLimits {
    settings: RateSettings,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl RateLimits {
    pub fn new(settings: RateSettings) -> RateLimits {
        RateLimits {
            settings,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token from each named bucket, or none if any is empty: then how long until
    /// that one has a token again. Either way, what the emptiest bucket holds then.
    fn take(
        &self,
        per_minute: u32,
        names: &[String],
        now: Instant,
    ) -> (Standing, Result<(), Duration>) {
        let capacity = f64::from(per_minute);
        let per_second = capacity / 60.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() > MAX_BUCKETS {
            buckets.retain(|_, b| b.tokens + per_second * (now - b.at).as_secs_f64() < capacity);
        }
        let standing = |tokens: f64| Standing {
            quota: per_minute,
            remaining: tokens.max(0.0).floor() as u32,
            full_in: ((capacity - tokens) / per_second).max(0.0).ceil() as u64,
        };
        let mut refilled = Vec::with_capacity(names.len());
        for name in names {
            let bucket = buckets.get(name).copied().unwrap_or(Bucket {
                tokens: capacity,
                at: now,
            });
            let elapsed = now.saturating_duration_since(bucket.at).as_secs_f64();
            let tokens = (bucket.tokens + elapsed * per_second).min(capacity);
            if tokens < 1.0 {
                let wait = Duration::from_secs_f64((1.0 - tokens) / per_second);
                return (standing(tokens), Err(wait));
            }
            refilled.push(tokens);
        }
        let least = refilled.iter().copied().fold(capacity, f64::min) - 1.0;
        for (name, tokens) in names.iter().zip(refilled) {
            buckets.insert(
                name.clone(),
                Bucket {
                    tokens: tokens - 1.0,
                    at: now,
                },
            );
        }
        (standing(least), Ok(()))
    }

    /// Which limit a request falls under (its rate and name), and the buckets it draws on.
    fn buckets_of(&self, request: &ServiceRequest) -> Option<(u32, &'static str, Vec<String>)> {
        let method = request.method();
        let class = match ROUTES.find(method, request.path()) {
            Some(declared) => declared.rate_limit,
            None if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) => {
                RateClass::None
            }
            None => RateClass::Writes,
        };
        let (per_minute, name) = self.settings.of(class)?;
        let address = client_for_bounds(request.request());
        let mut names = vec![format!("{name}@{address}")];
        if class != RateClass::Accounts
            && let Some(key) = bearer_key(request.request())
        {
            // Keys are kept as hashes here too.
            names.push(format!("{name}#{}", hash_key(&key)));
        }
        Some((per_minute, name, names))
    }
}

/// Where a request stands with its limit, once counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Standing {
    /// Requests a minute, and at most at once.
    quota: u32,
    /// Requests left now.
    remaining: u32,
    /// Seconds until the bucket is full again.
    full_in: u64,
}

impl Standing {
    /// `RateLimit-Policy` and `RateLimit` on `response`, for the limit named `policy`.
    fn tell(self, policy: &str, response: &mut HttpResponse<impl MessageBody>) {
        let headers = response.headers_mut();
        let fields = [
            (POLICY, format!("\"{policy}\";q={};w=60", self.quota)),
            (
                STANDING,
                format!("\"{policy}\";r={};t={}", self.remaining, self.full_in),
            ),
        ];
        for (name, value) in fields {
            if let Ok(value) = HeaderValue::try_from(value) {
                headers.insert(HeaderName::from_static(name), value);
            }
        }
    }
}

/// The header fields a limited answer carries (the document writes them `RateLimit-Policy` and
/// `RateLimit`).
pub const POLICY: &str = "ratelimit-policy";
pub const STANDING: &str = "ratelimit";

/// The middleware: refuses a limited request with 429 once its bucket is empty.
pub async fn limit(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let limits = request.app_data::<web::Data<RateLimits>>().cloned();
    let counted = limits.as_ref().and_then(|limits| {
        let (per_minute, policy, names) = limits.buckets_of(&request)?;
        Some((policy, limits.take(per_minute, &names, Instant::now())))
    });
    let Some((policy, (standing, taken))) = counted else {
        return next
            .call(request)
            .await
            .map(ServiceResponse::map_into_left_body);
    };
    if let Err(wait) = taken {
        let error = Error::RateLimited {
            retry_after: wait.as_secs().saturating_add(1),
        };
        let mut refused = error.error_response();
        standing.tell(policy, &mut refused);
        return Ok(request.into_response(refused).map_into_right_body());
    }
    let mut response = next.call(request).await?;
    standing.tell(policy, response.response_mut());
    Ok(response.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_minute: u32) -> RateLimits {
        RateLimits::new(RateSettings {
            accounts_per_minute: per_minute,
            writes_per_minute: per_minute,
            advice_per_minute: per_minute,
        })
    }

    #[test]
    fn a_full_bucket_lets_a_burst_through_then_refills_at_the_rate() {
        let limits = limits(60);
        let start = Instant::now();
        let names = vec!["k".to_string()];
        for _ in 0..60 {
            assert!(limits.take(60, &names, start).1.is_ok());
        }
        let wait = limits.take(60, &names, start).1.unwrap_err();
        assert!(wait <= Duration::from_secs(1) && wait > Duration::from_millis(900));
        assert!(
            limits
                .take(60, &names, start + Duration::from_millis(1001))
                .1
                .is_ok()
        );
        assert!(
            limits
                .take(60, &names, start + Duration::from_millis(1002))
                .1
                .is_err()
        );
    }

    #[test]
    fn an_empty_bucket_refuses_without_drawing_on_the_others() {
        let limits = limits(2);
        let now = Instant::now();
        let both = vec!["address".to_string(), "key".to_string()];
        let other_key = vec!["address".to_string(), "other".to_string()];
        assert!(limits.take(2, &both, now).1.is_ok());
        assert!(limits.take(2, &both, now).1.is_ok());
        // The address is spent: the other key is refused too, and keeps its tokens.
        assert!(limits.take(2, &other_key, now).1.is_err());
        assert!(limits.take(2, &["other".to_string()], now).1.is_ok());
        assert!(limits.take(2, &["other".to_string()], now).1.is_ok());
    }

    #[test]
    fn the_emptier_bucket_is_told() {
        let limits = limits(4);
        let now = Instant::now();
        let address = vec!["address".to_string()];
        let both = vec!["address".to_string(), "key".to_string()];
        let (first, _) = limits.take(4, &address, now);
        assert_eq!(
            first,
            Standing {
                quota: 4,
                remaining: 3,
                full_in: 15
            }
        );
        // The key's bucket holds 3 after this, the address's 2.
        let (second, taken) = limits.take(4, &both, now);
        assert!(taken.is_ok());
        assert_eq!((second.remaining, second.full_in), (2, 30));
        for _ in 0..2 {
            assert!(limits.take(4, &both, now).1.is_ok());
        }
        let (refused, taken) = limits.take(4, &both, now);
        assert!(taken.is_err());
        assert_eq!((refused.remaining, refused.full_in), (0, 60));
    }
}
