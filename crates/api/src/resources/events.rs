//! `GET /v1/games/{game_id}/events`: a game's changes as server-sent events.
//!
//! Every change of a game is a row of its log, written in the change's transaction, with the
//! game's version after it as its id. A stream sends the rows after the version it starts from,
//! in order, then waits to be woken (`live`) and sends what is new. Because the log is the
//! source, a wake-up that comes twice, late, or from a reconnected listener sends nothing
//! twice, and a client that reconnects with `Last-Event-ID` gets exactly what it missed.

use std::time::Duration;

use actix_web::http::header;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse, get, mime, web};
use serde::Deserialize;
use tokio::sync::mpsc;
use utoipa::IntoParams;

use crate::error::{Error, ProblemCode, Result};
use crate::http::auth::Caller;
use crate::http::client_address::client_for_bounds;
use crate::http::connection_state::ConnectionState;
use crate::http::extract::QueryParams;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::service;
use crate::service::events::{EventKind, LoggedEvent};
use crate::service::live::{Subscription, TooMany};
use crate::service::share::OpenLink;
use crate::values::{GameId, GameVersion};
use crate::views::events::sent_data;
use crate::{AppState, GamePath};

/// Events read from the log at a time.
const PAGE: i64 = 100;

/// How streams are kept alive and fed.
#[derive(Debug, Clone, Copy)]
pub struct StreamSettings {
    /// How often an idle stream sends a comment (and reads the log, in case a wake-up was lost).
    pub heartbeat: Duration,
    /// How often every stream reads its log whether woken or not, if at all.
    pub poll: Option<Duration>,
}

impl StreamSettings {
    /// As `--sse-heartbeat-secs` and `--events-poll-ms` say.
    pub fn from_config(config: &crate::config::Config) -> StreamSettings {
        StreamSettings {
            heartbeat: Duration::from_secs(config.sse_heartbeat_secs.max(1)),
            poll: (config.events_poll_ms > 0).then(|| Duration::from_millis(config.events_poll_ms)),
        }
    }
}

/// Where to start.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct FollowGame {
    /// Send the events after this version, as `Last-Event-ID` does (which wins when both are
    /// sent). Without either, the stream starts with the latest event, so the first event is
    /// the game as it is.
    #[param(minimum = 0)]
    pub after: Option<i64>,
}

/// What an event id is, and so the `Last-Event-ID` accepted: a version in decimal digits. The
/// OpenAPI document gives the header this pattern, which `last_event_id` follows exactly; at
/// most 18 digits, so that every id it allows is a version an i64 holds.
pub const EVENT_ID_PATTERN: &str = "^[0-9]{1,18}$";

/// Reads `Last-Event-ID`: an id as `EVENT_ID_PATTERN` describes it, or 400. (HTTP has taken
/// off the whitespace around the value already.)
pub(crate) fn last_event_id(req: &HttpRequest) -> Result<Option<GameVersion>> {
    let Some(value) = req.headers().get("Last-Event-ID") else {
        return Ok(None);
    };
    match value.to_str() {
        // Eighteen digits always parse.
        Ok(text) if (1..=18).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(text.parse().ok().map(GameVersion::of))
        }
        _ => Err(Error::Malformed(
            "Last-Event-ID is not an event id this server sent".into(),
        )),
    }
}

/// Waits until the client closes its side of the connection (never, without a connection).
async fn client_left(connection: Option<&ConnectionState>) {
    match connection {
        Some(connection) => connection.peer_gone().await,
        None => std::future::pending().await,
    }
}

/// One event as the stream sends it. The change that ends the game is sent as `turn_scored`
/// (of a card game: `hand_recorded`) and then, with its id, `game_finished`: a client cut off
/// between the two asks again from the version before and gets both.
fn frames(row: &LoggedEvent) -> Result<String> {
    let data = sent_data(&row.data)?;
    let version = row.version;
    match row.kind {
        EventKind::GameFinished => {
            let change = match row.data.hand {
                Some(_) => EventKind::HandRecorded,
                None => EventKind::TurnScored,
            };
            let change = change.name();
            Ok(format!(
                "event: {change}\ndata: {data}\n\nid: {version}\nevent: game_finished\ndata: {data}\n\n"
            ))
        }
        kind => Ok(format!(
            "id: {version}\nevent: {}\ndata: {data}\n\n",
            kind.name()
        )),
    }
}

/// Follow a game
///
/// A `text/event-stream` of the game's changes: `game_created`, `turn_started`, `dice_rolled`,
/// `turn_scored`, `game_finished`, `turn_undone`, `turn_edited`, `seat_claimed`, and in a card
/// game `hand_recorded`, `hand_undone` and `hand_edited` (each with the game's version
/// after the change as its `id` and the schema `EventData` as its `data`), and `game_deleted`, after
/// which the stream ends. Idle streams get a comment line every 15 seconds. Reconnect with
/// `Last-Event-ID` to get every event missed. An account may hold 20 streams open at once
/// (429 `too_many_streams` past that).
#[utoipa::path(
    operation_id = "followGame",
    tag = "games",
    params(GamePath, FollowGame,
        ("Last-Event-ID" = Option<String>, Header, description = "The id of the last event received: the stream resumes after it")),
    responses(
        (status = 200, description = "The game's events, as server-sent events", content_type = "text/event-stream", body = String),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 422, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/events")]
pub async fn follow_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    query: QueryParams<FollowGame>,
    req: HttpRequest,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let resume = last_event_id(&req)?;
    if query.0.after.is_some_and(|after| after < 0) {
        return Err(Error::invalid_field(
            ProblemCode::InvalidValue,
            "after",
            "must be a version, 0 or more",
        ));
    }
    let id = game_id.clone();
    let (current, account_id) = state
        .run_as(caller, move |session, account| {
            let version = service::events::current_version(session, &account.id, &id)?;
            Ok((version, account.id.clone()))
        })
        .await?;
    let after = resume
        .or(query.0.after.map(GameVersion::of))
        .unwrap_or(current.previous());
    let address = client_for_bounds(&req);
    let subscription = state
        .service
        .live()
        .subscribe(&game_id, &account_id, &address)
        .map_err(too_many_streams)?;
    Ok(stream(state, &req, subscription, game_id, after, None))
}

/// The problem of a stream refused for the number open already.
pub(crate) fn too_many_streams(too_many: TooMany) -> Error {
    Error::TooManyStreams {
        detail: match too_many {
            TooMany::ForAccount(limit) => {
                format!("{limit} event streams are open with this key already; close one")
            }
            TooMany::ForSharedGame(limit) => format!(
                "{limit} event streams follow this game through its links already; close one"
            ),
            TooMany::ForAccountsLinks(limit) => format!(
                "{limit} event streams follow this account's games through their links \
                 already; close one"
            ),
            TooMany::ForAddress(limit) => {
                format!("{limit} event streams are open from this address already; close one")
            }
            TooMany::ForServer(limit) => {
                format!("this server has {limit} event streams open; retry shortly")
            }
        },
    }
}

/// The stream of the game's events after `after`, for a subscription taken already; `link`,
/// when the stream follows a read-only link, ends it once the link no longer opens the game.
pub(crate) fn stream(
    state: web::Data<AppState>,
    req: &HttpRequest,
    subscription: Subscription,
    game_id: GameId,
    after: GameVersion,
    link: Option<OpenLink>,
) -> HttpResponse {
    let (sender, receiver) = mpsc::channel::<Bytes>(16);
    let connection = ConnectionState::of(req);
    actix_web::rt::spawn(follow(
        state.into_inner(),
        subscription,
        connection,
        Followed {
            game_id,
            after,
            link,
        },
        sender,
    ));
    let body = futures_util::stream::unfold(receiver, |mut receiver| async move {
        let frame = receiver.recv().await?;
        Some((Ok::<_, actix_web::Error>(frame), receiver))
    });
    HttpResponse::Ok()
        .content_type(mime::TEXT_EVENT_STREAM)
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        // Tells nginx-like proxies not to buffer the stream.
        .insert_header(("X-Accel-Buffering", "no"))
        .streaming(body)
}

/// What a stream follows: the game, from which version, and through which link if any.
struct Followed {
    game_id: GameId,
    after: GameVersion,
    link: Option<OpenLink>,
}

/// A whole page of the game's events after `after` from the standby, if there is one and it has
/// them: the log's history, which a standby holds as the primary does. Anything less (the last
/// events, which the standby may not have yet) is read from the primary.
async fn history(
    state: &AppState,
    game_id: &GameId,
    after: GameVersion,
) -> Option<Vec<LoggedEvent>> {
    let id = game_id.clone();
    state
        .from_standby(move |session| {
            let rows = service::events::after(session, &id, after, PAGE)?;
            Ok(rows.filter(|rows| rows.len() == PAGE as usize))
        })
        .await
}

/// How soon a client whose stream ended because its server stopped reconnects, in
/// milliseconds.
const RECONNECT_AFTER_STOP_MS: u32 = 500;

/// Sends the game's events after `after` down `sender` until the client goes away (it closes
/// its side of the connection, or a write to it fails), the game is deleted, or the server
/// shuts down.
async fn follow(
    state: std::sync::Arc<AppState>,
    mut subscription: Subscription,
    connection: Option<ConnectionState>,
    followed: Followed,
    sender: mpsc::Sender<Bytes>,
) {
    let Followed {
        game_id,
        mut after,
        link,
    } = followed;
    let settings = state.streams;
    let send = |text: String| sender.send(Bytes::from(text));
    if send("retry: 1000\n\n".into()).await.is_err() {
        return;
    }
    let mut heartbeat = actix_web::rt::time::interval(settings.heartbeat);
    heartbeat.tick().await;
    let mut poll = settings.poll.map(actix_web::rt::time::interval);
    loop {
        if let Some(link) = &link {
            let link = link.clone();
            let open = state
                .run(move |session| service::share::still_open(session, &link))
                .await;
            // Revoked or expired: the stream ends, and reconnecting is refused (404).
            if matches!(open, Ok(false)) {
                return;
            }
        }
        loop {
            let read = match history(&state, &game_id, after).await {
                Some(rows) => Ok(Some(rows)),
                None => {
                    let id = game_id.clone();
                    state
                        .run(move |session| service::events::after(session, &id, after, PAGE))
                        .await
                }
            };
            match read {
                Ok(Some(rows)) => {
                    for row in &rows {
                        let frame = match frames(row) {
                            Ok(frame) => frame,
                            Err(error) => {
                                tracing::error!(%error, %game_id, version = row.version.get(), "an event cannot be sent");
                                return;
                            }
                        };
                        if send(frame).await.is_err() {
                            return;
                        }
                        after = row.version;
                    }
                    if rows.len() < PAGE as usize {
                        break;
                    }
                }
                Ok(None) => {
                    let kind = EventKind::GameDeleted.name();
                    let deleted = format!("event: {kind}\ndata: {{\"game_id\":\"{game_id}\"}}\n\n");
                    let _ = send(deleted).await;
                    return;
                }
                Err(error) => {
                    // Tried again at the next wake-up or heartbeat.
                    let error = error.chain();
                    tracing::warn!(%error, %game_id, "cannot read the game's events");
                    break;
                }
            }
        }
        let next_poll = async {
            match poll.as_mut() {
                Some(poll) => {
                    poll.tick().await;
                }
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            serving = subscription.changed() => if !serving {
                // The server is stopping: the last word tells the client to come back soon,
                // which a load balancer sends to another process, from the last event it had.
                let _ = send(format!("retry: {RECONNECT_AFTER_STOP_MS}\n\n")).await;
                return;
            },
            _ = next_poll => {}
            _ = heartbeat.tick() => {
                if send(": heartbeat\n\n".into()).await.is_err() {
                    return;
                }
            }
            _ = sender.closed() => return,
            _ = client_left(connection.as_ref()) => return,
        }
    }
}
