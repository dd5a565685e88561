//! `GET /pad/blank`: an empty printable pad for people who play on paper (no key needed).

use actix_web::http::header;
use actix_web::{HttpResponse, get, mime};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::{Error, ProblemCode, Result};
use crate::http::extract::QueryParams;
use crate::http::language::PageLanguage;
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::pad::blank::{blank_page, players_of};
use crate::pad::html::content_security_policy;
use crate::pad::rows::PadGame;

/// Which blank pad.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct BlankPadQuery {
    /// How many players' columns: 1 to 8 for dice, 2 to 6 for cards.
    #[param(value_type = u8, minimum = 1, maximum = 8, required = true)]
    players: Option<String>,
    /// `dice` (the default) or `cards`.
    #[param(value_type = Option<String>, pattern = "^(dice|cards)$")]
    game: Option<String>,
    /// The page's language (`en` or `es`), before `Accept-Language`; read by `PageLanguage`.
    #[param(value_type = Option<String>, pattern = "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$", max_length = 35)]
    #[allow(dead_code)]
    lang: Option<String>,
}

impl BlankPadQuery {
    /// The game and the number of players asked for, or why they cannot be given.
    fn read(&self) -> Result<(PadGame, usize)> {
        let game = match self.game.as_deref() {
            None | Some("dice") => PadGame::Dice,
            Some("cards") => PadGame::Cards,
            Some(other) => {
                return Err(Error::invalid_field(
                    ProblemCode::InvalidValue,
                    "game",
                    format!("game is dice or cards, not \"{other}\""),
                ));
            }
        };
        let seats = players_of(game);
        let (least, most) = (seats.start(), seats.end());
        let Some(players) = &self.players else {
            return Err(Error::Malformed(format!(
                "say how many players the pad is for: ?players={least} to ?players={most}"
            )));
        };
        let Ok(count) = players.trim().parse::<usize>() else {
            return Err(Error::Malformed(format!(
                "players must be a whole number from {least} to {most}, not \"{players}\""
            )));
        };
        if !seats.contains(&count) {
            let game = match game {
                PadGame::Dice => "a dice pad",
                PadGame::Cards => "a card pad",
            };
            return Err(Error::invalid_field(
                ProblemCode::PlayerCount,
                "players",
                format!("{game} has room for {least} to {most} players, not {count}"),
            ));
        }
        Ok((game, count))
    }
}

/// A blank pad
///
/// An empty score pad to print and play on paper, in English or Spanish (`lang`, else
/// `Accept-Language`): "Player 1" to "Player N" heading the columns, the rows of the paper pad
/// (dice) or a row per hand, as many as fit the sheet (cards), every cell empty.
#[utoipa::path(
    operation_id = "getBlankPad",
    tag = "pad",
    params(BlankPadQuery),
    responses(
        (status = 200, description = "A printable page", content_type = "text/html", body = String,
         headers(("Content-Security-Policy" = String, description = "No script, only the page's own style"))),
    ),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 422],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/pad/blank")]
pub async fn blank_pad(
    query: QueryParams<BlankPadQuery>,
    language: PageLanguage,
) -> Result<HttpResponse> {
    let (game, players) = query.0.read()?;
    Ok(HttpResponse::Ok()
        .content_type(mime::TEXT_HTML_UTF_8)
        .insert_header((header::CONTENT_LANGUAGE, language.tag()))
        .insert_header((header::VARY, "Accept-Language"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            content_security_policy(None),
        ))
        .body(blank_page(game, players, language.0)))
}
