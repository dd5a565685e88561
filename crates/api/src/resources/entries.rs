//! What the turns of a dice game and the hands of a card game answer alike (the API's side of
//! `service::entries`): an entry named by its path, read or changed, and an entry recorded or
//! sent again. `turns` and `hands` say only what differs: their bodies, views and documents.

use std::marker::PhantomData;
use std::sync::Arc;

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, HttpResponse, web};
use futures_util::future::LocalBoxFuture;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{Error, Result, ServiceError, ServiceResult};
use crate::http::auth::Caller;
use crate::http::conditional::Conditions;
use crate::http::extract::RawBody;
use crate::http::idempotency::{Answer, IdempotencyKey, Receipt};
use crate::service::change::Changed;
use crate::service::chosen::Made;
use crate::service::edits::Replacement;
use crate::service::entries::{self, EntryChange};
use crate::service::record::EntryKind;
use crate::service::replay::GameState;
use crate::values::{EntryNumber, GameId};
use crate::views::GameView;
use crate::{AppState, TurnPath};

/// The path of an entry, `/v1/games/{game_id}/turns/{number}` or `…/hands/{number}`: each
/// its own type, for its own words in the document.
pub trait EntryPath: DeserializeOwned + 'static {
    const KIND: EntryKind;

    /// The game's id and the number as the path has it.
    fn into_parts(self) -> (GameId, String);
}

impl EntryPath for TurnPath {
    const KIND: EntryKind = EntryKind::Turn;

    fn into_parts(self) -> (GameId, String) {
        (self.game_id, self.number)
    }
}

/// A request about one entry, read in this order: the caller, the entry its path names, and
/// the conditions. A change's idempotency key and body are read after it.
pub struct EntryAt<P> {
    pub(super) state: web::Data<AppState>,
    pub(super) caller: Caller,
    pub(super) game_id: GameId,
    pub(super) number: EntryNumber,
    pub(super) conditions: Conditions,
    path: PhantomData<P>,
}

/// A turn named by its path.
pub type TurnAt = EntryAt<TurnPath>;

impl<P: EntryPath> FromRequest for EntryAt<P> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, std::result::Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        type Parts<P> = (web::Data<AppState>, Caller, web::Path<P>, Conditions);
        let parts = Parts::<P>::from_request(req, payload);
        Box::pin(async move {
            let (state, caller, path, conditions) = parts.await?;
            let (game_id, number) = path.into_inner().into_parts();
            // A path without a number in it is a 404 like any unknown entry.
            let number = EntryNumber::parse(&number).ok_or(Error::not_found(P::KIND.word()))?;
            Ok(EntryAt {
                state,
                caller,
                game_id,
                number,
                conditions,
                path: PhantomData,
            })
        })
    }
}

impl<P: EntryPath> EntryAt<P> {
    /// Reads the entry: 200 with `view` of it in the game (conditional on the game's version),
    /// or 404 if the game has no such entry; `wrong_game` for the other game's kind of entry.
    pub async fn read<V: Serialize>(
        self,
        view_of: impl FnOnce(&GameState, EntryNumber) -> Option<V>,
    ) -> Result<HttpResponse> {
        let game = self.state.game(self.caller, self.game_id).await?;
        P::KIND.of_this_game(&game)?;
        let view = view_of(&game, self.number).ok_or(Error::not_found(P::KIND.word()))?;
        Ok(self.conditions.read(game.version(), &view))
    }

    /// Does `what` to the entry, once per idempotency `key` (`body`: the request's, which the
    /// key's answer is kept with), and answers 200 with `view` of what it changed, the game's
    /// new version as its ETag.
    pub async fn act<V: Serialize>(
        self,
        key: IdempotencyKey,
        body: Option<&RawBody>,
        what: EntryChange,
        view: impl FnOnce(&Changed, EntryNumber) -> ServiceResult<V> + Send + 'static,
    ) -> Result<HttpResponse> {
        let EntryAt {
            state,
            caller,
            game_id,
            number,
            conditions,
            ..
        } = self;
        state
            .write_as(caller, key.claim(body), move |session, account| {
                let expected = conditions.if_match.as_ref();
                let changed =
                    entries::change(session, &account.id, &game_id, number, what, expected)?;
                Answer::json(StatusCode::OK, &view(&changed, number)?)
                    .at_version(changed.game.version())
                    .done()
            })
            .await
    }

    /// Replaces the entry (RULES §9) with `replacement` (`body`: the request's), and answers
    /// with it as it now is, as `view_of` shows it.
    pub async fn replace<V: Serialize + 'static>(
        self,
        key: IdempotencyKey,
        body: &RawBody,
        replacement: Replacement,
        view_of: fn(&GameState, EntryNumber) -> Option<V>,
    ) -> Result<HttpResponse> {
        let what = EntryChange::Replace(replacement);
        self.act(key, Some(body), what, entry_after(view_of)).await
    }

    /// Undoes the entry, which must be the game's latest, and answers with the game after.
    pub async fn undo(self, key: IdempotencyKey) -> Result<HttpResponse> {
        self.act(key, None, EntryChange::Undo(P::KIND), game_after)
            .await
    }
}

/// A change's view: the entry as the change left it, as `view_of` shows it.
pub(super) fn entry_after<V: 'static>(
    view_of: fn(&GameState, EntryNumber) -> Option<V>,
) -> impl FnOnce(&Changed, EntryNumber) -> ServiceResult<V> + Send + 'static {
    move |changed, number| {
        view_of(&changed.game, number)
            .ok_or_else(|| ServiceError::bug(format!("entry {number} is not in its game")))
    }
}

/// A change's view: the game as the change left it (an undo's).
fn game_after(changed: &Changed, _: EntryNumber) -> ServiceResult<GameView> {
    Ok(GameView::from(&*changed.game))
}

/// Answers a request that records an entry of this `kind`: 201 with the entry it recorded (the
/// one its change's event names: a digital turn started, a tabletop turn or a hand recorded),
/// or 200 with the one sent again as `sent` (`Idempotent-Replayed: true`, nothing recorded);
/// either at its URL, with the game's version, as `view_of` shows it.
pub(super) fn answer_recorded<V: Serialize>(
    made: Made<Changed, Arc<GameState>>,
    kind: EntryKind,
    sent: Option<EntryNumber>,
    view_of: impl FnOnce(&GameState, EntryNumber) -> Option<V>,
) -> ServiceResult<Receipt> {
    let (status, game, number) = match made {
        Made::New(changed) => {
            let number = changed.events.iter().rev().find_map(|event| event.turn);
            (StatusCode::CREATED, changed.game, number)
        }
        Made::Already(game) => (StatusCode::OK, game, sent),
    };
    let (number, view) = number
        .and_then(|number| Some((number, view_of(&game, number)?)))
        .ok_or_else(|| ServiceError::bug(format!("a recorded {} is not there", kind.word())))?;
    Answer::json(status, &view)
        .at(format!("/v1/games/{}/{}s/{number}", game.id(), kind.word()))
        .at_version(game.version())
        .replayed(status == StatusCode::OK)
        .done()
}
