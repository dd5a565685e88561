//! `GET /v1/games/{game_id}/review`: a digital game held against best play (RULES §12), for
//! whoever may read the game.

use actix_web::http::header;
use actix_web::mime::{self, Mime};
use actix_web::{HttpRequest, HttpResponse, get, web};

use crate::error::{Error, Result};
use crate::http::auth::Caller;
use crate::http::conditional::{Conditions, IfNoneMatch};
use crate::http::language::{LanguageQuery, PageLanguage};
use crate::http::{negotiate, representation};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::pad::{html, review as page};
use crate::service::review::{self, GameReview};
use crate::{AppState, GamePath};

/// What the review can be given as, the service's preference first.
static OFFERED: [Mime; 2] = [mime::APPLICATION_JSON, mime::TEXT_HTML];

/// Review a digital game
///
/// Every scored turn of a digital dice game held against exact best play: what each position
/// was worth, the luck of every roll, and each choice of dice to roll again (stopping included)
/// beside the best one, its error and its label; each player's decisions, accuracy, luck and
/// labels. A game of several players is reviewed for `make` (chances, labels in percentage
/// points), a solitaire game for the whole game (points to come). A tabletop game has no rolls
/// to review: 409 `no_rolls`. `Accept: text/html` gives the same review as a page that prints,
/// in the reader's language: the players' figures, the costliest choices first in sentences,
/// then every turn roll by roll.
#[utoipa::path(
    operation_id = "reviewGame",
    tag = "games",
    params(GamePath, LanguageQuery, IfNoneMatch),
    responses(
        (status = 200, description = "The game's review",
         content((GameReview = "application/json"), (String = "text/html")),
         headers(
            ("ETag" = String, description = "The game's version, and for HTML which (`\"7-html\"`)"),
            ("Vary" = String, description = "`Accept, Accept-Language`"),
            ("Content-Security-Policy" = String, description = "HTML only: no script, only the page's own style")
         )),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The ETag of the representation asked for"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 406, 409, 429, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::Advice,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}/review")]
pub async fn review_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
    request: HttpRequest,
) -> Result<HttpResponse> {
    let accept = representation::accepted(&request);
    let language = PageLanguage::of(&request)?.0;
    let game_id = path.into_inner().game_id;
    let game = (state.game_to_read(caller, game_id, conditions.named_version())).await?;
    let as_html = negotiate::choose(accept.as_deref(), &OFFERED).ok_or(Error::NotAcceptable {
        offered: "application/json or text/html",
    })? == &mime::TEXT_HTML;
    let tag = representation::tag_of(game.version(), as_html.then_some("html"), language);
    if conditions.client_has(&tag) {
        let mut response = HttpResponse::NotModified();
        representation::tagged(&mut response, &tag);
        return Ok(response.finish());
    }
    let names: Vec<_> = (game.record.players.iter())
        .map(|player| (player.id.clone(), player.name.to_string()))
        .collect();
    // Named as the table app names a game: its name, else its players.
    let title = (game.record.game.name.as_ref()).map_or_else(
        || {
            (names.iter().map(|(_, name)| name.as_str()))
                .collect::<Vec<_>>()
                .join(" · ")
        },
        |name| name.to_string(),
    );
    let whole_game = state.game_advisor.clone();
    // Each choice is valued by the advisor: off the server's threads.
    let reviewed: GameReview = crate::blocking(move || review::of(&game, &whole_game)).await??;
    let mut response = HttpResponse::Ok();
    representation::tagged(&mut response, &tag);
    Ok(match as_html {
        true => response
            .content_type(mime::TEXT_HTML_UTF_8)
            .insert_header((
                header::CONTENT_SECURITY_POLICY,
                html::content_security_policy(None),
            ))
            .insert_header((header::CONTENT_LANGUAGE, language.tag()))
            .body(page::review_page(&reviewed, &names, &title, language)),
        false => response.json(&reviewed),
    })
}
