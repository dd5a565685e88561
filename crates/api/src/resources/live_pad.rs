//! The live pad behind a read-only link, for whoever holds it and without a key: the page
//! (`GET /pad/{token}`), its pad redrawn (`…/table`), the game's events (`…/events`), and the
//! page's script (`GET /pad/live.js`). The token opens these and nothing else of the API.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, HttpResponseBuilder, get, mime, web};
use serde::Deserialize;
use utoipa::IntoParams;

use super::events::{last_event_id, stream, too_many_streams};
use crate::AppState;
use crate::error::{Error, Result, ServiceError};
use crate::http::client_address::client_for_bounds;
use crate::http::language::{LanguageQuery, PageLanguage};
use crate::http::middleware::PageForPeople;
use crate::http::negotiate;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::pad::chart::progress_chart;
use crate::pad::html::{content_security_policy, escape, pad_fragment, page};
use crate::pad::words::Language;
use crate::service::replay::GameState;
use crate::service::scoresheet::Scoresheet;
use crate::service::share;
use crate::values::GameVersion;

/// The page's script, served by the binary.
const LIVE_SCRIPT: &str = include_str!("../pad/live.js");
const LIVE_SCRIPT_PATH: &str = "/pad/live.js";

/// The game's pad as the link shows it: the pad and the chart (in a box that scrolls sideways
/// on a narrow screen, so that its text keeps its size, and that a keyboard can scroll: it takes
/// the focus, named by the chart's title).
fn shown(game: &GameState, sheet: &Scoresheet, language: Language) -> String {
    format!(
        "{}\n<figure class=\"progress\"><div class=\"chart-box\" role=\"region\" \
         tabindex=\"0\" aria-labelledby=\"chart-title\">{}</div></figure>",
        pad_fragment(sheet, language),
        progress_chart(game, sheet, language)
    )
}

/// What the link shows of the game it opens now (the pad and the chart), the game's pad, and
/// its version.
async fn pad_of(
    state: &web::Data<AppState>,
    token: String,
    language: Language,
) -> Result<(String, Scoresheet, GameVersion)> {
    state
        .run(move |session| {
            let link = share::open(session, &token)?;
            let game = share::game(session, &link)?;
            let sheet = Scoresheet::of(&game);
            let version = sheet.version();
            Ok((shown(&game, &sheet, language), sheet, version))
        })
        .await
}

/// An HTML answer of the live pad: its script may run, nothing is cached, the address, which
/// holds the token, is sent to no other site, and no search engine keeps it.
fn live_html(version: GameVersion, language: PageLanguage) -> HttpResponseBuilder {
    let mut answer = HttpResponse::Ok();
    private_page(&mut answer, language);
    answer.insert_header((
        header::ETAG,
        format!("\"{version}-live-{}\"", language.tag()),
    ));
    answer
}

/// The headers of every page behind a link, the live pad's and the ended link's.
fn private_page(answer: &mut HttpResponseBuilder, language: PageLanguage) {
    answer
        .content_type(mime::TEXT_HTML_UTF_8)
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            content_security_policy(Some("'self'")),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header(("X-Robots-Tag", "noindex, nofollow"))
        .insert_header((header::CONTENT_LANGUAGE, language.tag()))
        .insert_header((header::VARY, "Accept, Accept-Language"));
}

/// The page of a link that opens no game (unknown, expired or revoked), for a person whose
/// browser asked for a page: 404, as the problem+json answer would be, saying so in their
/// language. The page does not say which of the three it is, as the API does not.
fn ended_page(language: PageLanguage) -> HttpResponse {
    let words = language.0;
    let body = format!(
        "<main class=\"ended\">\n<h1>{}</h1>\n<p>{}</p>\n</main>",
        escape(&words.say("ended-title")),
        escape(&words.say("ended-text"))
    );
    let mut answer = HttpResponse::NotFound();
    private_page(&mut answer, language);
    let mut answer = answer.body(page(words, &words.say("ended-title"), &body, None));
    answer.extensions_mut().insert(PageForPeople);
    answer
}

/// Whether the client asked for a page (a browser) rather than for data.
fn wants_a_page(req: &HttpRequest) -> bool {
    let accept = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|value| value.to_str().ok());
    let offered = [mime::APPLICATION_JSON, mime::TEXT_HTML];
    accept.is_some() && negotiate::choose(accept, &offered) == Some(&mime::TEXT_HTML)
}

/// The live pad
///
/// The page of a read-only link: the game's pad and a chart of the running totals, redrawn by
/// the page's script whenever the game changes (without a script it shows the pad as it was),
/// in English or Spanish (`lang`, else `Accept-Language`). An unknown, expired or revoked link
/// answers 404: a small page saying so when the client asks for HTML (a browser), problem+json
/// otherwise.
#[utoipa::path(
    operation_id = "getSharedPad",
    tag = "pad",
    params(PadPath, LanguageQuery),
    responses(
        (status = 200, description = "The live pad's page", content_type = "text/html", body = String,
         headers(("Content-Security-Policy" = String, description = "Only the page's own style and script"))),
    ),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: true,
    })))
)]
#[get("/pad/{token}")]
pub async fn shared_pad(
    state: web::Data<AppState>,
    path: web::Path<PadPath>,
    req: HttpRequest,
) -> Result<HttpResponse> {
    let language = PageLanguage::of(&req)?;
    let words = language.0;
    let (shown, sheet, version) = match pad_of(&state, path.into_inner().token, words).await {
        Err(Error::Service(ServiceError::NotFound(_))) if wants_a_page(&req) => {
            return Ok(ended_page(language));
        }
        other => other?,
    };
    // The live script's words travel with the page, in its language.
    let body = format!(
        "<main>\n<p class=\"screen-only\" id=\"live-status\" role=\"status\" \
         data-following=\"{}\" data-stopped=\"{}\">{}</p>\n\
         <div id=\"pad\" aria-live=\"polite\">{shown}</div>\n</main>",
        escape(&words.say("live-following")),
        escape(&words.say("live-stopped")),
        escape(&words.say("live-opening")),
    );
    let title = words.say(match sheet {
        Scoresheet::Dice(_) => "live-title-dice",
        Scoresheet::Cards(_) => "live-title-cards",
    });
    Ok(live_html(version, language).body(page(words, &title, &body, Some(LIVE_SCRIPT_PATH))))
}

/// The live pad's table
///
/// The pad and the chart of the live page, as an HTML fragment: what the page's script draws
/// after each change.
#[utoipa::path(
    operation_id = "getSharedPadTable",
    tag = "pad",
    params(PadPath, LanguageQuery),
    responses(
        (status = 200, description = "The pad and the chart, as HTML", content_type = "text/html", body = String),
    ),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: true,
    })))
)]
#[get("/pad/{token}/table")]
pub async fn shared_pad_table(
    state: web::Data<AppState>,
    path: web::Path<PadPath>,
    language: PageLanguage,
) -> Result<HttpResponse> {
    let (shown, _, version) = pad_of(&state, path.into_inner().token, language.0).await?;
    Ok(live_html(version, language).body(shown))
}

/// The live pad's script
///
/// The few lines of script of the live pad's page, served by the server itself.
#[utoipa::path(
    operation_id = "getLivePadScript",
    tag = "pad",
    responses(
        (status = 200, description = "The script", content_type = "text/javascript", body = String),
    ),
    extensions(("x-declared" = json!(Declared {
        problems: vec![],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/pad/live.js")]
pub async fn live_pad_script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(LIVE_SCRIPT)
}

/// The path of a live pad: `/pad/{token}/…`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PadPath {
    /// The link's token, as the link's `url` ends.
    pub token: String,
}

/// Follow a shared game
///
/// The events of the game a read-only link opens, as `followGame` sends them, for whoever holds
/// the link (no API key). The stream ends when the link is revoked or expires; reconnecting
/// then answers 404.
#[utoipa::path(
    operation_id = "followSharedGame",
    tag = "pad",
    params(PadPath,
        ("Last-Event-ID" = Option<String>, Header, description = "The id of the last event received: the stream resumes after it")),
    responses(
        (status = 200, description = "The game's events, as server-sent events", content_type = "text/event-stream", body = String),
    ),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 404, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: true,
    })))
)]
#[get("/pad/{token}/events")]
pub async fn follow_shared_game(
    state: web::Data<AppState>,
    path: web::Path<PadPath>,
    req: HttpRequest,
) -> Result<HttpResponse> {
    let token = path.into_inner().token;
    let resume = last_event_id(&req)?;
    let (link, current, owner) = state
        .run(move |session| {
            let link = share::open(session, &token)?;
            let game = share::game(session, &link)?;
            let owner = game.record.game.account_id.clone();
            Ok((link, game.version(), owner))
        })
        .await?;
    let address = client_for_bounds(&req);
    let subscription = state
        .service
        .live()
        .subscribe_shared(&link.game_id, &owner, &address)
        .map_err(too_many_streams)?;
    let after = resume.unwrap_or(current.previous());
    let game_id = link.game_id.clone();
    Ok(stream(
        state,
        &req,
        subscription,
        game_id,
        after,
        Some(link),
    ))
}
