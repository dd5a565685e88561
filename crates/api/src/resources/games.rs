//! `/v1/games`: create, list, read and delete games.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, get, post, web};
use std::collections::HashMap;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::{Error, ProblemCode, Result};
use crate::http::auth::Caller;
use crate::http::conditional::{Conditions, IfMatch, IfNoneMatch};
use crate::http::extract::{JsonBody, QueryParams, RawBody, read_json};
use crate::http::idempotency::{Answer, IdempotencyKey};
use crate::http::pagination::{encode_cursor, page};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::rules::cards::CardEdition;
use crate::rules::dice::DiceLayout;
use crate::rules::dice::game::{Edition, Status};
use crate::service::chosen::{ChosenId, Made};
use crate::service::games::{self, NewCardGame, NewDiceGame, NewGame};
use crate::service::names::{CardsKind, DiceKind, GameKind, Mode};
use crate::service::people::NewPlayer as SeatPlayer;
use crate::values::name_schemas::{GameNameText, PlayerNameText};
use crate::values::{GameId, PersonId};
use crate::views::GameView;
use crate::{AppState, GamePath, any_age};

/// A player of a new game: a person of the roster, by `name` (added to the roster if no one
/// there has a name that looks the same) or by `person_id`. Exactly one of the two.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Ann"}))]
pub struct NewPlayer {
    /// 1 to 40 characters, not all of them white space (which is trimmed off), with no control
    /// characters (line breaks), no invisible or formatting characters (zero-width spaces and
    /// joiners but between emoji, soft hyphens, bidi marks) and no pile of more than three
    /// marks on one letter; kept in NFC. Two names that look the same (ignoring case, and
    /// Unicode's confusables: "Ann" and "Аnn" with a Cyrillic А) are one name.
    #[schema(value_type = Option<PlayerNameText>, nullable = false)]
    pub name: Option<String>,
    /// A person of the caller's roster (`GET /v1/people`).
    #[schema(value_type = Option<String>, format = Uuid)]
    pub person_id: Option<PersonId>,
}

impl NewPlayer {
    /// Who plays the seat, or why the line says neither or both.
    fn read(self, line: usize) -> Result<SeatPlayer> {
        match (self.name, self.person_id) {
            (Some(name), None) => Ok(SeatPlayer::Named(name)),
            (None, Some(id)) => Ok(SeatPlayer::Person(id)),
            (named, _) => Err(Error::invalid_field(
                ProblemCode::InvalidValue,
                format!("players[{line}]"),
                match named {
                    Some(_) => "give a name or a person_id, not both",
                    None => "give the player's name, or the person_id of someone in the roster",
                },
            )),
        }
    }
}

/// The seats of a new game, read from its players.
fn seat_players(players: Vec<NewPlayer>) -> Result<Vec<SeatPlayer>> {
    players
        .into_iter()
        .enumerate()
        .map(|(line, player)| player.read(line))
        .collect()
}

/// A new game: of Phase 10 Dice (`game`: `dice`) or of the card game (`game`: `cards`).
// `game` is the discriminator, and so required by the document in both shapes (OpenAPI 3.1):
// generated clients then always say which game, and tell the two apart by it. The server also
// reads a body without it, or with null, as a dice game (API.md's default, and curl's), a
// leniency the CI's schemathesis hooks know of.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)] // a schema: the body is read by `CreateGame::read`, in two steps
#[schema(discriminator(property_name = "game", mapping(
    ("dice" = "#/components/schemas/CreateDiceGame"),
    ("cards" = "#/components/schemas/CreateCardGame")
)))]
pub enum CreateGame {
    Dice(CreateDiceGame),
    Cards(CreateCardGame),
}

/// The field a new game's shape (or dice or cards to judge) hangs on; the rest is read once
/// the shape is known. Left out or null, it is `dice`: API.md's default, and what a generated
/// client sends for an optional field it was not given where the document allows null.
#[derive(Debug, Deserialize)]
pub struct WhichGame {
    #[serde(default, deserialize_with = "null_as_default")]
    pub game: GameKind,
    #[serde(flatten)]
    _rest: HashMap<String, IgnoredAny>,
}

/// A value, or its default where it is null. (serde_with's `DefaultOnNull` says the same, with
/// a procedural macro crate to build for this one field.)
fn null_as_default<'de, D, T>(deserializer: D) -> std::result::Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Option::unwrap_or_default)
}

impl CreateGame {
    /// The new game of the shape `game` names, read from the whole body, and the id the client
    /// chose for it, if it did.
    fn read(which: &WhichGame, body: &RawBody) -> Result<(NewGame, Option<GameId>)> {
        Ok(match which.game {
            GameKind::Dice => {
                let dice: CreateDiceGame = read_json(&body.0)?;
                let game = NewGame::Dice(NewDiceGame {
                    players: seat_players(dice.players)?,
                    name: dice.name,
                    mode: dice.mode,
                    edition: dice.edition,
                    layout: dice.dice_layout,
                });
                (game, dice.id)
            }
            GameKind::Cards => {
                let cards: CreateCardGame = read_json(&body.0)?;
                let game = NewGame::Cards(NewCardGame {
                    players: seat_players(cards.players)?,
                    name: cards.name,
                    edition: cards.edition,
                    phases: cards.phases,
                    ten_hands: cards.ten_hands,
                    first_dealer: cards.first_dealer,
                });
                (game, cards.id)
            }
        })
    }
}

/// A new game of Phase 10 Dice.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"game": "dice", "players": [{"name": "Ann"}, {"name": "Bo"}], "mode": "tabletop"}))]
pub struct CreateDiceGame {
    /// An id the client chose (a random UUID): a client that makes games offline sends them
    /// later with the ids it gave them. Sent again with the same body, the game is answered
    /// as it is now (200); with another body, or taken by another account, 409 `id_taken`.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Uuid, nullable = false)]
    pub id: Option<GameId>,
    /// `dice`. Required by the document, which tells the two games apart by it; a body
    /// without it (or with null) is also read as a dice game.
    #[serde(default)]
    #[schema(value_type = DiceKind, required = true)]
    pub game: Option<DiceKind>,
    /// 1 to 8 players, each once (a person, or a name, at most once: names that look alike
    /// are one name); in a tabletop game, in turn order. An array, not a set: the order is
    /// the seating.
    #[schema(min_items = 1, max_items = 8)]
    pub players: Vec<NewPlayer>,
    /// A label for the game ("Tuesday at Grandma's"), 1 to 80 characters.
    #[serde(default)]
    #[schema(value_type = Option<GameNameText>)]
    pub name: Option<String>,
    #[serde(default)]
    pub mode: Mode,
    #[serde(default)]
    pub edition: Edition,
    #[serde(default)]
    pub dice_layout: DiceLayout,
}

/// A new game of the Phase 10 card game (RULES §7): always played at a table, its hands
/// recorded one by one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"game": "cards", "players": [{"name": "Ann"}, {"name": "Bo"}],
    "edition": "standard", "phases": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "ten_hands": false}))]
pub struct CreateCardGame {
    /// An id the client chose, as for a dice game (`CreateDiceGame.id`).
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Uuid, nullable = false)]
    pub id: Option<GameId>,
    pub game: CardsKind,
    /// 2 to 6 players, each once (a person, or a name, at most once: names that look alike
    /// are one name), in seat order: the deal passes to the next seat every hand.
    #[schema(min_items = 2, max_items = 6)]
    pub players: Vec<NewPlayer>,
    /// A label for the game ("Tuesday at Grandma's"), 1 to 80 characters.
    #[serde(default)]
    #[schema(value_type = Option<GameNameText>)]
    pub name: Option<String>,
    /// The seat (0 for the first player given) that deals the first hand; 0 by default.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 5)]
    pub first_dealer: Option<usize>,
    #[serde(default)]
    pub edition: CardEdition,
    /// The phases played, in order: any increasing list of phases 1 to 10 (all ten by
    /// default; the even ones, or the first N, are the rulebook's variations). The last one
    /// ends the game.
    #[serde(default)]
    #[schema(min_items = 1, max_items = 10)]
    pub phases: Option<Vec<u8>>,
    /// One hand per phase, everyone moving on every hand, made or not; the fewest points after
    /// the last hand wins.
    #[serde(default)]
    pub ten_hands: bool,
}

/// A page of games, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct GamePage {
    pub items: Vec<GameView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^([0-9a-f]{2})+$", max_length = 1000, required = true)]
    pub next_cursor: Option<String>,
}

/// Which games to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListGames {
    /// Only games with this status.
    pub status: Option<Status>,
    /// 1 to 100; 20 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    #[param(pattern = "^([0-9a-f]{2})+$", max_length = 1000)]
    pub cursor: Option<String>,
}

/// Create a game
///
/// A dice game seats the players in the order given at a table, or, digital, by rolling a high
/// die each (ties roll again). A card game (`"game": "cards"`) seats them as given. A player
/// given by a name new to the roster is added to it: 409 `roster_full` if that would take it
/// past its 1,000 people.
#[utoipa::path(
    operation_id = "createGame",
    tag = "games",
    request_body = CreateGame,
    responses(
        (status = 200, description = "The game the caller made before with this `id` from the \
            same body, as it is now: nothing made", body = GameView,
         headers(("Location" = String, description = "The game's URL"),
                 ("ETag" = String, description = "The game's version"))),
        (status = 201, description = "The new game", body = GameView,
         headers(("Location" = String, description = "The game's URL"),
                 ("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 409, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/games")]
pub async fn create_game(
    state: web::Data<AppState>,
    caller: Caller,
    key: IdempotencyKey,
    body: JsonBody<WhichGame>,
) -> Result<HttpResponse> {
    let JsonBody(which, raw) = body;
    let (new, id) = CreateGame::read(&which, &raw)?;
    let made_from = raw.fingerprint();
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let (status, game) = match id {
                None => {
                    let made = games::create(session, &account.id, new, None)?;
                    (StatusCode::CREATED, made.game)
                }
                Some(id) => match games::create_with_id(
                    session,
                    &account.id,
                    new,
                    ChosenId { id, made_from },
                )? {
                    Made::New(made) => (StatusCode::CREATED, made.game),
                    Made::Already(game) => (StatusCode::OK, game),
                },
            };
            let view = GameView::from(&*game);
            Answer::json(status, &view)
                .at(format!("/v1/games/{}", game.id()))
                .at_version(game.version())
                .done()
        })
        .await
}

/// List games
///
/// The caller's games, newest first.
#[utoipa::path(
    operation_id = "listGames",
    tag = "games",
    params(ListGames),
    responses((status = 200, description = "A page of games", body = GamePage)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 422, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games")]
pub async fn list_games(
    state: web::Data<AppState>,
    caller: Caller,
    query: QueryParams<ListGames>,
) -> Result<HttpResponse> {
    let query = query.0;
    let (limit, after) = page(query.limit, query.cursor.as_deref(), 20)?;
    let page = state
        .read_as(caller, any_age, move |session, account| {
            games::list(session, &account.id, query.status, after.clone(), limit)
        })
        .await?;
    Ok(HttpResponse::Ok().json(GamePage {
        items: page.games.iter().map(GameView::from).collect(),
        next_cursor: page.next.as_ref().map(encode_cursor),
    }))
}

/// Get a game
///
/// The game as it is now: its players, their phases and totals, whose turn it is (or the
/// dealer's, in a card game) and its status. `If-None-Match` with its `ETag` answers 304 while
/// nothing has changed.
#[utoipa::path(
    operation_id = "getGame",
    tag = "games",
    params(GamePath, IfNoneMatch),
    responses(
        (status = 200, description = "The game", body = GameView,
         headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Not modified since the ETag in If-None-Match", headers(("ETag" = String, description = "The game's version"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/games/{game_id}")]
pub async fn get_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    let game = state.game(caller, game_id).await?;
    Ok(conditions.read(game.version(), &GameView::from(&*game)))
}

/// Delete a game
///
/// Deletes the game and all its turns.
#[utoipa::path(
    operation_id = "deleteGame",
    tag = "games",
    params(GamePath, IfMatch),
    responses((status = 204, description = "Deleted")),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 403, 404, 409, 412, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[delete("/games/{game_id}")]
pub async fn delete_game(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<GamePath>,
    conditions: Conditions,
    key: IdempotencyKey,
) -> Result<HttpResponse> {
    let game_id = path.into_inner().game_id;
    state
        .write_as(caller, key.claim(None), move |session, account| {
            games::delete(session, &account.id, &game_id, conditions.if_match.as_ref())?;
            Answer::no_content().done()
        })
        .await
}
