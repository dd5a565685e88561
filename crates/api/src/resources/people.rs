//! `/v1/people`: the account's roster (RULES §10), each person's games and figures, and the
//! leaderboard.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, delete, get, patch, post, web};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::error::{Error, ProblemCode, Result, ServiceResult};
use crate::http::auth::Caller;
use crate::http::extract::{JsonBody, QueryParams};
use crate::http::idempotency::{Answer, IdempotencyKey};
use crate::http::pagination::{ListPage, encode_cursor, page};
use crate::openapi::declared::{Declared, RateClass, TakesKey};
use crate::resources::games::GamePage;
use crate::service::chosen::{ChosenId, Made};
use crate::service::games::GamesAfter;
use crate::service::names::GameKind;
use crate::service::people::{self, PeopleAfter};
use crate::service::record::GameStatus;
use crate::service::stats::{self, StandingAfter};
use crate::values::PersonId;
use crate::views::GameView;
use crate::views::people::{Leaderboard, PersonView, StatsView};
use crate::{AppState, any_age};

/// The path of a person: `/v1/people/{person_id}…`. An id that is not a UUID names nobody.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PersonPath {
    /// The person's id.
    #[param(value_type = String, format = Uuid)]
    pub person_id: PersonId,
}

/// A person's name, for the roster.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Ann"}))]
pub struct PersonName {
    /// A player's name (see `NewPlayer.name`): no one else of the roster may have a name that
    /// looks the same.
    #[schema(value_type = crate::values::name_schemas::PlayerNameText)]
    pub name: String,
}

/// A new person of the roster.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Ann"}))]
pub struct NewPerson {
    /// An id the client chose (a random UUID), as for a game (`CreateDiceGame.id`): sent
    /// again with the same body, the person is answered as they are now (200); with another
    /// body, or taken by another account, 409 `id_taken`.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Uuid, nullable = false)]
    pub id: Option<PersonId>,
    /// A player's name (see `NewPlayer.name`): no one else of the roster may have a name that
    /// looks the same.
    #[schema(value_type = crate::values::name_schemas::PlayerNameText)]
    pub name: String,
}

/// A page of the roster, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct PersonPage {
    pub items: Vec<PersonView>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(pattern = "^([0-9a-f]{2})+$", max_length = 1000, required = true)]
    pub next_cursor: Option<String>,
}

/// Which of a person's games to list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListPersonGames {
    /// Only games of Phase 10 Dice (`dice`) or of the card game (`cards`).
    pub game: Option<GameKind>,
    /// Only games with this status (`tie_break`: a card game waiting for its tie-break hand).
    #[param(inline)]
    pub status: Option<AnyStatus>,
    /// 1 to 100; 20 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    #[param(pattern = "^([0-9a-f]{2})+$", max_length = 1000)]
    pub cursor: Option<String>,
}

/// A status of either game.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AnyStatus {
    InProgress,
    LastRound,
    TieBreak,
    Finished,
}

impl From<AnyStatus> for GameStatus {
    fn from(status: AnyStatus) -> GameStatus {
        match status {
            AnyStatus::InProgress => GameStatus::InProgress,
            AnyStatus::LastRound => GameStatus::LastRound,
            AnyStatus::TieBreak => GameStatus::TieBreak,
            AnyStatus::Finished => GameStatus::Finished,
        }
    }
}

/// The largest `min_games` asked for.
const MOST_GAMES: u32 = 1_000_000;

/// Which leaderboard.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct LeaderboardQuery {
    /// Which game's finished games count: `dice` (the default) or `cards`.
    pub game: Option<GameKind>,
    /// Only people with at least this many finished games of it; 1 by default.
    #[param(minimum = 1, maximum = 1000000)]
    pub min_games: Option<u32>,
    /// Lines on a page: 1 to 100; 50 by default.
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u32>,
    /// From the `next_cursor` of the previous page.
    #[param(pattern = "^([0-9a-f]{2})+$", max_length = 1000)]
    pub cursor: Option<String>,
}

fn person_created(
    status: StatusCode,
    view: &PersonView,
) -> ServiceResult<crate::http::idempotency::Receipt> {
    (Answer::json(status, view))
        .at(format!("/v1/people/{}", view.id))
        .done()
}

/// Add a person to the roster
///
/// The people who play at the account's tables (RULES §10). A game's players are people of the
/// roster: a game created with a player's name adds them if no one of the roster has a name
/// that looks the same, so adding people first is never needed. 409 `person_exists` if
/// someone of the roster already has a name that looks the same ("Ann", "ANN" and "Аnn" with
/// a Cyrillic А are one name); its detail gives their id. A roster holds at most 1,000 people:
/// past that, 409 `roster_full`.
#[utoipa::path(
    operation_id = "createPerson",
    tag = "people",
    request_body = NewPerson,
    responses(
        (status = 200, description = "The person the caller added before with this `id` from \
            the same body, as they are now: nothing made", body = PersonView,
         headers(("Location" = String, description = "The person's URL"))),
        (status = 201, description = "The new person", body = PersonView,
         headers(("Location" = String, description = "The person's URL"))),
    ),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 409, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[post("/people")]
pub async fn create_person(
    state: web::Data<AppState>,
    caller: Caller,
    key: IdempotencyKey,
    body: JsonBody<NewPerson>,
) -> Result<HttpResponse> {
    let JsonBody(request, raw) = body;
    let chosen = request.id.map(|id| ChosenId {
        id,
        made_from: raw.fingerprint(),
    });
    state
        .write_as(
            caller,
            key.claim(Some(&raw)),
            move |session, account| match people::add(session, &account.id, &request.name, chosen)?
            {
                Made::New(person) => {
                    person_created(StatusCode::CREATED, &PersonView::from(&person))
                }
                Made::Already(person) => person_created(StatusCode::OK, &PersonView::from(&person)),
            },
        )
        .await
}

/// List the roster
///
/// The account's people, oldest first.
#[utoipa::path(
    operation_id = "listPeople",
    tag = "people",
    params(ListPage),
    responses((status = 200, description = "A page of people", body = PersonPage)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 422, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/people")]
pub async fn list_people(
    state: web::Data<AppState>,
    caller: Caller,
    query: QueryParams<ListPage>,
) -> Result<HttpResponse> {
    let (limit, after) = query.0.page::<PeopleAfter>()?;
    let page = state
        .read_as(caller, any_age, move |session, account| {
            people::list(session, &account.id, after.clone(), limit)
        })
        .await?;
    Ok(HttpResponse::Ok().json(PersonPage {
        items: page.people.iter().map(PersonView::from).collect(),
        next_cursor: page.next.as_ref().map(encode_cursor),
    }))
}

/// Get a person
///
/// One person of the account's roster; anyone else's is 404, as for one that does not exist.
#[utoipa::path(
    operation_id = "getPerson",
    tag = "people",
    params(PersonPath),
    responses((status = 200, description = "The person", body = PersonView)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/people/{person_id}")]
pub async fn get_person(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<PersonPath>,
) -> Result<HttpResponse> {
    let person_id = path.into_inner().person_id;
    let person = state
        .run_as(caller, move |session, account| {
            people::get(session, &account.id, &person_id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(PersonView::from(&person)))
}

/// Rename a person
///
/// Renames the person everywhere: in the roster and in every seat they play, finished games
/// too. Each of their games moves on by one version and tells its followers
/// (`player_changed`). 409 `person_exists` if someone else of the roster has a name that looks
/// the same.
#[utoipa::path(
    operation_id = "renamePerson",
    tag = "people",
    params(PersonPath),
    request_body = PersonName,
    responses((status = 200, description = "The person, renamed", body = PersonView)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 409, 413, 415, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[patch("/people/{person_id}")]
pub async fn rename_person(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<PersonPath>,
    key: IdempotencyKey,
    body: JsonBody<PersonName>,
) -> Result<HttpResponse> {
    let person_id = path.into_inner().person_id;
    let JsonBody(request, raw) = body;
    state
        .write_as(caller, key.claim(Some(&raw)), move |session, account| {
            let person = people::rename(session, &account.id, &person_id, &request.name)?;
            Answer::json(StatusCode::OK, &PersonView::from(&person)).done()
        })
        .await
}

/// Remove a person from the roster
///
/// Only someone who plays no game: 409 `person_has_games` says in how many they play (delete
/// those games, or put someone else in their seats with `PATCH …/players/{player_id}`, first).
#[utoipa::path(
    operation_id = "deletePerson",
    tag = "people",
    params(PersonPath),
    responses((status = 204, description = "Removed")),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 409, 422, 429, 503],
        idempotency_key: TakesKey::Optional,
        rate_limit: RateClass::Writes,
        secret_path: false,
    })))
)]
#[delete("/people/{person_id}")]
pub async fn delete_person(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<PersonPath>,
    key: IdempotencyKey,
) -> Result<HttpResponse> {
    let person_id = path.into_inner().person_id;
    state
        .write_as(caller, key.claim(None), move |session, account| {
            people::delete(session, &account.id, &person_id)?;
            Answer::no_content().done()
        })
        .await
}

/// List a person's games
///
/// The games the person plays a seat of, newest first, of one game or status if asked.
#[utoipa::path(
    operation_id = "listPersonGames",
    tag = "people",
    params(PersonPath, ListPersonGames),
    responses((status = 200, description = "A page of games", body = GamePage)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 404, 422, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/people/{person_id}/games")]
pub async fn list_person_games(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<PersonPath>,
    query: QueryParams<ListPersonGames>,
) -> Result<HttpResponse> {
    let person_id = path.into_inner().person_id;
    let query = query.0;
    let (limit, after) = page::<GamesAfter>(query.limit, query.cursor.as_deref(), 20)?;
    let page = state
        .read_as(caller, any_age, move |session, account| {
            stats::games_of(
                session,
                &account.id,
                &person_id,
                query.game,
                query.status.map(Into::into),
                after.clone(),
                limit,
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(GamePage {
        items: page.games.iter().map(GameView::from).collect(),
        next_cursor: page.next.as_ref().map(encode_cursor),
    }))
}

/// Get a person's figures
///
/// What the person's finished games add up to, as RULES §10 defines each figure, for both
/// games; `in_progress` counts their games not over yet. Always as the record stands: an undo,
/// a replaced entry, a deleted game or another person put in a seat changes them at once.
/// Each dice phase compares the turns made with `expected_made`, what best play would make of
/// as many turns (the advisor's one-turn chance).
#[utoipa::path(
    operation_id = "getPersonStats",
    tag = "people",
    params(PersonPath),
    responses((status = 200, description = "The person's figures", body = StatsView)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![401, 404, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/people/{person_id}/stats")]
pub async fn get_person_stats(
    state: web::Data<AppState>,
    caller: Caller,
    path: web::Path<PersonPath>,
) -> Result<HttpResponse> {
    let person_id = path.into_inner().person_id;
    let stats = state
        .read_as(caller, any_age, move |session, account| {
            stats::of_person(session, &account.id, &person_id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(StatsView::from(&stats)))
}

/// Get the leaderboard
///
/// The account's people with at least `min_games` finished games of one kind: most wins
/// first, then the higher win rate, then by name; people level on both share a rank. A page
/// holds `limit` lines; `next_cursor` asks for the next. Ranks are over the whole board.
#[utoipa::path(
    operation_id = "getLeaderboard",
    tag = "people",
    params(LeaderboardQuery),
    responses((status = 200, description = "The leaderboard", body = Leaderboard)),
    security(("api_key" = [])),
    extensions(("x-declared" = json!(Declared {
        problems: vec![400, 401, 422, 503],
        idempotency_key: TakesKey::None,
        rate_limit: RateClass::None,
        secret_path: false,
    })))
)]
#[get("/leaderboard")]
pub async fn get_leaderboard(
    state: web::Data<AppState>,
    caller: Caller,
    query: QueryParams<LeaderboardQuery>,
) -> Result<HttpResponse> {
    let query = query.0;
    let game = query.game.unwrap_or_default();
    let min_games = match query.min_games.unwrap_or(1) {
        n @ 1..=MOST_GAMES => i64::from(n),
        _ => {
            return Err(Error::invalid_field(
                ProblemCode::InvalidValue,
                "min_games",
                format!("must be 1 to {MOST_GAMES}"),
            ));
        }
    };
    let (limit, after) = page::<StandingAfter>(query.limit, query.cursor.as_deref(), 50)?;
    let page = state
        .read_as(caller, any_age, move |session, account| {
            stats::leaderboard(session, &account.id, game, min_games, after.as_ref(), limit)
        })
        .await?;
    Ok(HttpResponse::Ok().json(Leaderboard::of(game, &page)))
}
