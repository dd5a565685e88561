//! `GET /v1/games/{game_id}/scoresheet`: the score pad, as JSON, as CSV or as a printable page,
//! chosen by `Accept`. Each representation has its own entity tag (`"7"`, `"7-csv"`,
//! `"7-html"`), so a cache that keeps them apart by `Vary: Accept` never answers one with another.

use actix_web::http::header;
use actix_web::mime::{self, Mime};
use actix_web::{HttpRequest, HttpResponse, get, web};
use percent_encoding::{NON_ALPHANUMERIC, percent_encode};

use crate::error::{Error, Result};
use crate::http::auth::Caller;
use crate::http::conditional::{Conditions, IfNoneMatch};
use crate::http::language::{LanguageQuery, PageLanguage};
use crate::http::{negotiate, representation};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::pad::rows::{Pad, PadGame};
use crate::pad::{csv, html};
use crate::service::scoresheet::Scoresheet;
use crate::{AppState, GamePath};

/// What the pad can be given as, the service's preference first.
static OFFERED: [Mime; 3] = [mime::APPLICATION_JSON, mime::TEXT_CSV, mime::TEXT_HTML];

/// How the 406 answer lists them.
const OFFERED_WORDS: &str = "application/json, text/csv or text/html";

/// Get the scoresheet
///
/// The score pad: each player's phase scores, bonuses, failures, penalty, grand total and rank.
/// `Accept` chooses JSON (the default), CSV for a spreadsheet (RFC 4180; a name that starts
/// with `=`, `+`, `-` or `@` is written with a leading apostrophe, so that no spreadsheet runs
/// it as a formula) or a page that prints on one sheet, laid out like the paper pad.
#[utoipa::path(
    operation_id = "getScoresheet",
    tag = "games",
    params(GamePath, LanguageQuery, IfNoneMatch),
    responses(
        (status = 200, description = "The score pad",
         content(
            (Scoresheet = "application/json"),
            (String = "text/csv", example = "Player,Ann\r\n2 sets of 3,60\r\n"),
            (String = "text/html")
         ),
         headers(
            ("ETag" = String, description = "The game's version, and for CSV and HTML which (`\"7-csv\"`)"),
            ("Vary" = String, description = "`Accept`"),
            ("Content-Disposition" = String, description = "CSV only: an attachment with a file name"),
            ("Content-Security-Policy" = String, description = "HTML only: no script, only the page's own style")
         )),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The ETag of the representation asked for"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 406, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/scoresheet")]
pub async fn get_scoresheet(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let accept = representation::accepted(&request);
    let language = PageLanguage::of(&request)?;
    let game_id = path.into_inner().game_id;
    let game = (state.game_to_read(caller, game_id, conditions.named_version())).await?;
    let media_type =
        negotiate::choose(accept.as_deref(), &OFFERED).ok_or(Error::NotAcceptable {
            offered: OFFERED_WORDS,
        })?;
    let pad = Scoresheet::of(&game);
    let (as_csv, as_html) = (
        *media_type == mime::TEXT_CSV,
        *media_type == mime::TEXT_HTML,
    );
    let kind = match (as_csv, as_html) {
        (true, _) => Some("csv"),
        (_, true) => Some("html"),
        _ => None,
    };
    let tag = representation::tag_of(pad.version(), kind, language.0);
    if conditions.client_has(&tag) {
        let mut response = HttpResponse::NotModified();
        representation::tagged(&mut response, &tag);
        return Ok(response.finish());
    }
    let mut response = HttpResponse::Ok();
    representation::tagged(&mut response, &tag);
    Ok(if as_csv {
        let kind = match &pad {
            Scoresheet::Dice(_) => PadGame::Dice,
            Scoresheet::Cards(_) => PadGame::Cards,
        };
        let record = &game.record.game;
        let (ascii, full) = csv::file_names(
            record.name.as_ref().map(|name| name.as_str()),
            kind,
            record.created_at.date(),
        );
        let disposition = format!(
            "attachment; filename=\"{ascii}\"; filename*=UTF-8''{}",
            percent_encode(full.as_bytes(), NON_ALPHANUMERIC)
        );
        response
            .content_type(mime::TEXT_CSV_UTF_8)
            .insert_header((header::CONTENT_DISPOSITION, disposition))
            .insert_header((header::CONTENT_LANGUAGE, language.tag()))
            .body(csv::pad_csv(&Pad::of(&pad, language.0)))
    } else if as_html {
        response
            .content_type(mime::TEXT_HTML_UTF_8)
            .insert_header((
                header::CONTENT_SECURITY_POLICY,
                html::content_security_policy(None),
            ))
            .insert_header((header::CONTENT_LANGUAGE, language.tag()))
            .body(html::pad_page(&pad, language.0))
    } else {
        response.json(&pad)
    })
}
