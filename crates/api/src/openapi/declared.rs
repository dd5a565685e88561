//! What each operation declares beside its handler, in its `#[utoipa::path]`, as a `Declared`
//! (typed: the compiler checks each field) that the document carries as the extension
//! `x-declared`: the problem statuses it can answer (`problems`), how it takes an
//! `Idempotency-Key` (`idempotency_key`), which rate limit it counts against (`rate_limit`) and
//! whether its path carries a secret (`secret_path`); and the tables read from them once. The
//! document's problem responses and key parameters, the rate limiter's classes and the request
//! log's redaction all come from these, so a new operation says them where it is written, and a
//! test fails for one that does not.
//!
//! The declarations stay in the published document: an `x-` key is valid OpenAPI that tools
//! ignore when they do not know it, and a client learns which limit an operation draws on from
//! the text the server enforces it from. They are one extension, not four, because utoipa keeps
//! an operation's extensions in a hash map, whose order would change the served document from
//! one run to the next; the fields of one JSON object keep their order.

use std::borrow::Cow;
use std::sync::LazyLock;

use actix_web::http::Method;
use serde::{Deserialize, Serialize};
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::path::Operation;

/// The extension every operation declares itself in.
pub const DECLARED: &str = "x-declared";

/// Which rate limit a request counts against, each with a bucket of its own (`rate_limit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RateClass {
    /// Not limited by rate (reads; event streams are bounded by how many are open).
    None,
    /// Creating accounts, per client address.
    Accounts,
    /// Changing games, per API key and per client address.
    Writes,
    /// Judging dice and advising on a turn: no change, but CPU spent per request, so a bucket
    /// of its own that neither spends the writes' nor goes unmetered.
    Advice,
}

/// How an operation takes an `Idempotency-Key`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TakesKey {
    /// It takes none.
    None,
    /// It may be sent, and a retry with it gets the first answer.
    Optional,
    /// As `Optional`, and the kept answer holds a secret sealed under the key, which must then
    /// be long enough to seal with.
    Sealing,
}

/// What one operation declares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Declared {
    /// The problem statuses it can answer, besides 431 and 500 which any operation can.
    pub problems: Vec<u16>,
    pub idempotency_key: TakesKey,
    pub rate_limit: RateClass,
    /// Whether its path parameters are secrets (an invite code, a link's token).
    pub secret_path: bool,
}

impl Declared {
    /// What an operation that failed to declare is taken to say: nothing documented, and the
    /// strictest reading for the rest (limited as a write, its path taken for a secret). A test
    /// fails for such an operation; this only keeps the server safe were one to slip through.
    fn undeclared() -> Declared {
        Declared {
            problems: Vec::new(),
            idempotency_key: TakesKey::None,
            rate_limit: RateClass::Writes,
            secret_path: true,
        }
    }

    /// What `operation` declares, or what is wrong with its declaration.
    pub fn of(operation: &Operation) -> Result<Declared, String> {
        let value = operation
            .extensions
            .as_ref()
            .and_then(|extensions| extensions.get(DECLARED))
            .ok_or_else(|| format!("no {DECLARED}"))?;
        Declared::deserialize(value).map_err(|error| format!("{DECLARED}: {error}"))
    }

    /// What `operation` declares, or `undeclared` for one that does not.
    pub fn or_strictest(operation: &Operation) -> Declared {
        Declared::of(operation).unwrap_or_else(|_| Declared::undeclared())
    }
}

/// Every operation of the document, with its path template and method.
pub fn operations(document: &Document) -> impl Iterator<Item = (&str, Method, &Operation)> {
    document.paths.paths.iter().flat_map(|(path, item)| {
        [
            (Method::GET, &item.get),
            (Method::POST, &item.post),
            (Method::PUT, &item.put),
            (Method::PATCH, &item.patch),
            (Method::DELETE, &item.delete),
        ]
        .into_iter()
        .filter_map(move |(method, operation)| {
            operation
                .as_ref()
                .map(|operation| (path.as_str(), method, operation))
        })
    })
}

/// A path template as requests are matched against it: each segment a literal or a parameter
/// (`{game_id}`), which any non-empty segment fills, as actix's `ResourceDef` matches the same
/// templates (a test checks that the two agree). Compared segment by segment rather than with
/// `ResourceDef`'s regular expressions, several times slower: every request is looked up here,
/// before it is routed.
struct Template {
    /// `None` for a parameter.
    segments: Vec<Option<String>>,
    /// The parameters' names, where they are.
    names: Vec<Option<String>>,
}

impl Template {
    fn new(template: &str) -> Template {
        let name = |segment: &str| {
            let name = segment.strip_prefix('{')?.strip_suffix('}')?;
            Some(name.to_string())
        };
        let names: Vec<Option<String>> = template.split('/').map(name).collect();
        let segments = template
            .split('/')
            .zip(&names)
            .map(|(segment, name)| name.is_none().then(|| segment.to_string()))
            .collect();
        Template { segments, names }
    }

    /// Whether the first of a path's segments (`parts`) fill the template's.
    fn starts(&self, parts: &[&str]) -> bool {
        parts.len() >= self.segments.len()
            && self
                .segments
                .iter()
                .zip(parts)
                .all(|(segment, part)| match segment {
                    Some(literal) => part == literal,
                    None => !part.is_empty(),
                })
    }

    /// Whether a path's segments (`parts`) are the whole of the template.
    fn matches(&self, parts: &[&str]) -> bool {
        parts.len() == self.segments.len() && self.starts(parts)
    }

    fn parameters(&self) -> usize {
        self.names.iter().flatten().count()
    }
}

/// A path's segments, split once for every template it is matched against.
fn segments(path: &str) -> Vec<&str> {
    path.split('/').collect()
}

/// One operation, as requests are matched against it.
struct Route {
    method: Method,
    path: Template,
    declared: Declared,
}

/// The tables read from the document's declarations, built once.
pub struct Routes {
    /// Literal paths first, so that `/pad/blank` is taken for its own operation rather than a
    /// link's token, as the router takes it.
    routes: Vec<Route>,
    /// The templates whose parameters are secrets, cut after their last parameter: a path that
    /// starts like one carries the secret, whatever follows (a mistyped path carries it too).
    secrets: Vec<Template>,
    /// Each path of the document and the methods it has (`GET, HEAD, DELETE`).
    allowed: Vec<(Template, String)>,
}

impl Routes {
    pub fn of(document: &Document) -> Routes {
        let mut routes: Vec<Route> = operations(document)
            .map(|(template, method, operation)| Route {
                method,
                path: Template::new(template),
                declared: Declared::or_strictest(operation),
            })
            .collect();
        routes.sort_by_key(|route| route.path.parameters());
        let mut cuts: Vec<&str> = operations(document)
            .filter(|(_, _, operation)| Declared::or_strictest(operation).secret_path)
            .filter_map(|(template, _, _)| Some(&template[..=template.rfind('}')?]))
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let allowed = document
            .paths
            .paths
            .iter()
            .map(|(template, item)| {
                let methods = [
                    ("GET, HEAD", &item.get),
                    ("POST", &item.post),
                    ("PUT", &item.put),
                    ("PATCH", &item.patch),
                    ("DELETE", &item.delete),
                ];
                let allow: Vec<&str> = methods
                    .iter()
                    .filter(|(_, operation)| operation.is_some())
                    .map(|(method, _)| *method)
                    .collect();
                (Template::new(template), allow.join(", "))
            })
            .collect();
        Routes {
            routes,
            secrets: cuts.into_iter().map(Template::new).collect(),
            allowed,
        }
    }

    /// What the operation `method` on `path` declares; `None` when no operation is there. HEAD
    /// is answered as GET.
    pub fn find(&self, method: &Method, path: &str) -> Option<&Declared> {
        let method = if method == Method::HEAD {
            &Method::GET
        } else {
            method
        };
        let parts = segments(path);
        self.routes
            .iter()
            .find(|route| route.method == method && route.path.matches(&parts))
            .map(|route| &route.declared)
    }

    /// The methods the document has for `path` (`GET, HEAD, DELETE`), if it is one of its paths.
    pub fn allowed_methods(&self, path: &str) -> Option<&str> {
        let parts = segments(path);
        self.allowed
            .iter()
            .find(|(template, _)| template.matches(&parts))
            .map(|(_, allow)| allow.as_str())
    }

    /// `path` with each secret it carries replaced by the parameter's name (`/pad/[token]`): the
    /// parameters of every path declared secret, unless the path is that of an operation that is
    /// not.
    pub fn without_secrets<'a>(&self, path: &'a str) -> Cow<'a, str> {
        let parts = segments(path);
        let Some(secret) = self.secrets.iter().find(|secret| secret.starts(&parts)) else {
            return Cow::Borrowed(path);
        };
        let open = self
            .routes
            .iter()
            .any(|route| !route.declared.secret_path && route.path.matches(&parts));
        if open {
            return Cow::Borrowed(path);
        }
        let parts = path.splitn(secret.names.len() + 1, '/');
        let shown: Vec<Cow<'_, str>> = parts
            .enumerate()
            .map(|(at, part)| match secret.names.get(at) {
                Some(Some(name)) => Cow::Owned(format!("[{name}]")),
                _ => Cow::Borrowed(part),
            })
            .collect();
        Cow::Owned(shown.join("/"))
    }
}

/// The tables of the served document.
pub static ROUTES: LazyLock<Routes> = LazyLock::new(|| Routes::of(super::served()));

#[cfg(test)]
mod tests {
    use utoipa::openapi::extensions::ExtensionsBuilder;
    use utoipa::openapi::path::OperationBuilder;

    use super::*;

    fn declaring(declared: serde_json::Value) -> Operation {
        OperationBuilder::new()
            .extensions(Some(
                ExtensionsBuilder::new().add(DECLARED, declared).build(),
            ))
            .build()
    }

    #[test]
    fn an_operation_that_lacks_a_declaration_says_what_it_lacks() {
        let partial = declaring(serde_json::json!({
            "problems": [404],
            "idempotency_key": "none",
            "secret_path": false
        }));
        assert_eq!(
            Declared::of(&partial),
            Err("x-declared: missing field `rate_limit`".into())
        );
        let wrong = declaring(serde_json::json!({
            "problems": [404],
            "idempotency_key": "none",
            "rate_limit": "sometimes",
            "secret_path": false
        }));
        assert!(
            Declared::of(&wrong)
                .unwrap_err()
                .contains("unknown variant `sometimes`")
        );
        let more = declaring(serde_json::json!({
            "problems": [],
            "idempotency_key": "none",
            "rate_limit": "none",
            "secret_path": false,
            "cached": true
        }));
        assert!(
            Declared::of(&more)
                .unwrap_err()
                .contains("unknown field `cached`")
        );
        assert_eq!(
            Declared::of(&OperationBuilder::new().build()),
            Err("no x-declared".into())
        );
        // Were one to be served, it is limited and logged as strictly as any.
        let strictest = Declared::or_strictest(&partial);
        assert_eq!(strictest.rate_limit, RateClass::Writes);
        assert!(strictest.secret_path);
    }

    #[test]
    fn a_declared_operation_is_read_whole() {
        let declared = Declared::of(&declaring(serde_json::json!({
            "problems": [400, 429],
            "idempotency_key": "sealing",
            "rate_limit": "advice",
            "secret_path": false
        })));
        assert_eq!(
            declared,
            Ok(Declared {
                problems: vec![400, 429],
                idempotency_key: TakesKey::Sealing,
                rate_limit: RateClass::Advice,
                secret_path: false,
            })
        );
    }

    #[test]
    fn requests_find_their_operation_literal_paths_first() {
        let routes = &*ROUTES;
        let class = |method: Method, path: &str| routes.find(&method, path).map(|d| d.rate_limit);
        let game = "/v1/games/0b7c3bb4-8a4e-4a43-9f5e-3a0f3d7c2b11";
        assert_eq!(
            class(Method::POST, "/v1/accounts"),
            Some(RateClass::Accounts)
        );
        assert_eq!(
            class(Method::POST, &format!("{game}/turns")),
            Some(RateClass::Writes)
        );
        assert_eq!(
            class(Method::GET, &format!("{game}/turns")),
            Some(RateClass::None)
        );
        assert_eq!(class(Method::POST, "/v1/advice"), Some(RateClass::Advice));
        assert_eq!(class(Method::POST, "/v1/evaluate"), Some(RateClass::Advice));
        let advice = format!("{game}/turns/3/advice");
        assert_eq!(class(Method::GET, &advice), Some(RateClass::Advice));
        assert_eq!(class(Method::HEAD, &advice), Some(RateClass::Advice));
        assert_eq!(class(Method::PUT, &advice), None);
        assert_eq!(class(Method::POST, "/v1/nothing"), None);
        assert!(!routes.find(&Method::GET, "/pad/blank").unwrap().secret_path);
        assert!(routes.find(&Method::GET, "/pad/0f0f").unwrap().secret_path);
        assert_eq!(
            routes.allowed_methods(&format!("{game}/turns")),
            Some("GET, HEAD, POST")
        );
        assert_eq!(routes.allowed_methods(&format!("{game}/turns/")), None);
    }

    #[test]
    fn templates_match_the_paths_actix_routes_to_them() {
        use actix_web::dev::ResourceDef;

        let document = super::super::served();
        let paths: Vec<&str> = document.paths.paths.keys().map(String::as_str).collect();
        // Each template filled in, and the ways a path can miss one.
        let filled = |template: &str, with: &str| {
            template
                .split('/')
                .map(|s| if s.starts_with('{') { with } else { s })
                .collect::<Vec<_>>()
                .join("/")
        };
        let mut tried = Vec::new();
        for template in &paths {
            for with in ["7", "0b7c3bb4-8a4e-4a43-9f5e-3a0f3d7c2b11", "a%2Fb", ""] {
                let path = filled(template, with);
                tried.extend([
                    path.clone(),
                    format!("{path}/"),
                    format!("{path}/more"),
                    format!("/x{path}"),
                ]);
                tried.push(
                    path.rsplit_once('/')
                        .map_or(String::new(), |(head, _)| head.into()),
                );
            }
        }
        for template in &paths {
            let ours = Template::new(template);
            let (whole, prefix) = (ResourceDef::new(*template), ResourceDef::prefix(*template));
            for path in &tried {
                let parts = segments(path);
                assert_eq!(
                    ours.matches(&parts),
                    whole.is_match(path),
                    "{template} {path}"
                );
                if template.ends_with('}') {
                    let starts = ours.starts(&parts);
                    assert_eq!(starts, prefix.is_match(path), "{template}… {path}");
                }
            }
        }
    }

    #[test]
    fn the_secrets_of_a_path_are_replaced_by_their_names() {
        let routes = &*ROUTES;
        assert_eq!(
            routes.without_secrets("/v1/invites/K3X9M-QW7RT/accept"),
            "/v1/invites/[code]/accept"
        );
        // A path the code is mistyped into still carries it.
        assert_eq!(
            routes.without_secrets("/v1/invites/abc"),
            "/v1/invites/[code]"
        );
        assert_eq!(
            routes.without_secrets("/v1/invites/abc/accept/more/"),
            "/v1/invites/[code]/accept/more/"
        );
        assert_eq!(
            routes.without_secrets("/pad/0f0f/table"),
            "/pad/[token]/table"
        );
        assert_eq!(routes.without_secrets("/pad/blank"), "/pad/blank");
        assert_eq!(routes.without_secrets("/pad/live.js"), "/pad/live.js");
        assert_eq!(routes.without_secrets("/v1/games"), "/v1/games");
        assert_eq!(routes.without_secrets("/pad/"), "/pad/");
    }
}
