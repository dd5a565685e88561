//! The workflow of a game, as OpenAPI links from each answer to what can follow it.
//!
//! A link's `requestBody` is, by OpenAPI, a literal body or one runtime expression for the whole
//! of it: it cannot say "this field from the answer". Where the next request takes body fields
//! from the answer, the link says so in the extension `x-request-body` (each field with its
//! runtime expression, under `fields`; `whole` when they are the whole body), which generators
//! and linters ignore and a tool that knows it (the CI's schemathesis hooks) turns into a body.

use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::{OpenApi as Document, RefOr};

use super::operation_mut;

/// Where an answer leads: an operation it names the parameters of (and, in `x-request-body`,
/// the body fields), each from a runtime expression. SDK users see the workflow, and
/// schemathesis' stateful phase follows it into games and turns that exist.
struct Next {
    from: &'static str,
    status: &'static str,
    name: &'static str,
    to: &'static str,
    description: &'static str,
    parameters: &'static [(&'static str, &'static str)],
    body: &'static [(&'static str, &'static str)],
    /// The body fields are the whole body (schemathesis otherwise merges them into a body it
    /// makes up, and a digital turn started with dice is refused).
    whole_body: bool,
}

impl Next {
    /// A link from `from`'s `status` answer to `to`, named after it, with these parameters and
    /// no body.
    const fn new(
        from: &'static str,
        status: &'static str,
        to: &'static str,
        parameters: &'static [(&'static str, &'static str)],
    ) -> Next {
        Next {
            from,
            status,
            name: to,
            to,
            description: "",
            parameters,
            body: &[],
            whole_body: false,
        }
    }

    /// Named otherwise than the operation it leads to.
    const fn named(self, name: &'static str) -> Next {
        Next { name, ..self }
    }

    /// With these body fields.
    const fn body(self, body: &'static [(&'static str, &'static str)]) -> Next {
        Next { body, ..self }
    }

    /// With these body fields as the whole body.
    const fn whole_body(self, body: &'static [(&'static str, &'static str)]) -> Next {
        Next {
            body,
            whole_body: true,
            ..self
        }
    }

    const fn says(self, description: &'static str) -> Next {
        Next {
            description,
            ..self
        }
    }
}

/// The game an answer is, and (for a write) its version as `If-Match`.
const GAME: &[(&str, &str)] = &[("game_id", "$response.body#/id")];
const GAME_AS_IT_IS: &[(&str, &str)] = &[
    ("game_id", "$response.body#/id"),
    ("If-Match", "$response.header.ETag"),
];
/// The turn (or hand) an answer is (and, for a write, the game's version after it as
/// `If-Match`).
const TURN: &[(&str, &str)] = &[
    ("game_id", "$request.path.game_id"),
    ("number", "$response.body#/number"),
];
const TURN_AS_IT_IS: &[(&str, &str)] = &[
    ("game_id", "$request.path.game_id"),
    ("number", "$response.body#/number"),
    ("If-Match", "$response.header.ETag"),
];
/// The game of the turn an answer is, as it is now.
const TURNS_AS_THEY_ARE: &[(&str, &str)] = &[
    ("game_id", "$request.path.game_id"),
    ("If-Match", "$response.header.ETag"),
];
/// Who plays first in a new game (seat 0: always a player, where `current_player_id` is null in
/// a card game), or whose turn it is in the game of the turn an answer is.
const CURRENT_PLAYER: &[(&str, &str)] = &[("player_id", "$response.body#/players/0/id")];
const NEXT_PLAYER: &[(&str, &str)] = &[("player_id", "$response.body#/game/current_player_id")];

/// The person an answer is, or the first player's person in a game an answer is.
const PERSON: &[(&str, &str)] = &[("person_id", "$response.body#/id")];
const FIRST_PERSON: &[(&str, &str)] = &[("person_id", "$response.body#/players/0/person_id")];
/// The first seat of a game an answer is, as it is now.
const FIRST_SEAT: &[(&str, &str)] = &[
    ("game_id", "$response.body#/id"),
    ("player_id", "$response.body#/players/0/id"),
    ("If-Match", "$response.header.ETag"),
];

/// The workflow of a game.
const LINKS: &[Next] = &[
    Next::new("createPerson", "201", "getPerson", PERSON).says("The person"),
    Next::new("createPerson", "201", "renamePerson", PERSON).says("Rename the person everywhere"),
    Next::new("createPerson", "201", "getPersonStats", PERSON).says("The person's figures"),
    Next::new("createPerson", "201", "listPersonGames", PERSON).says("The person's games"),
    Next::new("createPerson", "201", "deletePerson", PERSON)
        .says("Remove the person, while they play no game"),
    Next::new("createGame", "201", "getPersonStats", FIRST_PERSON)
        .says("The figures of the first seat's person"),
    Next::new("createGame", "201", "reseatPlayer", FIRST_SEAT)
        .says("Put another person of the roster in the first seat"),
    Next::new("createGame", "201", "renameGame", GAME_AS_IT_IS).says("Name the game"),
    Next::new("createGame", "201", "rematchGame", GAME).says("A rematch of the same people"),
    Next::new("createGame", "201", "getGame", GAME).says("The game"),
    Next::new("createGame", "201", "recordTurn", GAME_AS_IT_IS)
        .body(CURRENT_PLAYER)
        .says(
            "Tabletop: the first turn, of the player whose turn it is, with the dice \
             they ended it with",
        ),
    Next::new("createGame", "201", "recordTurn", GAME_AS_IT_IS)
        .named("startTurn")
        .whole_body(CURRENT_PLAYER)
        .says(
            "Digital: start the first turn, of the player whose turn it is: the \
             server rolls all ten dice",
        ),
    Next::new("createGame", "201", "listTurns", GAME).says("The game's turns"),
    Next::new("createGame", "201", "createInvite", GAME)
        .body(&[("player_id", "$response.body#/players/0/id")])
        .says("An invite for another account to play a seat (here the first)"),
    Next::new("createGame", "201", "followGame", GAME).says("The game's changes, live"),
    Next::new("createGame", "201", "getScoresheet", GAME).says("The game's score pad"),
    Next::new("createGame", "201", "deleteGame", GAME_AS_IT_IS).says("Delete the game"),
    Next::new("recordTurn", "201", "getTurn", TURN).says("The turn"),
    Next::new("recordTurn", "201", "rollDice", TURN_AS_IT_IS)
        .says("Digital: roll some of the turn's dice again"),
    Next::new("recordTurn", "201", "scoreTurn", TURN_AS_IT_IS)
        .says("Digital: score the turn's dice as they lie"),
    Next::new("recordTurn", "201", "undoTurn", TURN_AS_IT_IS)
        .says("Undo the turn (while it is the latest)"),
    Next::new("recordTurn", "201", "recordTurn", TURNS_AS_THEY_ARE)
        .named("nextTurn")
        .body(NEXT_PLAYER)
        .says(
            "Tabletop: the next turn, of the player whose turn it is now, with the \
             dice they ended it with",
        ),
    Next::new("recordTurn", "201", "replaceTurn", TURN_AS_IT_IS)
        .body(&[("dice", "$response.body#/dice")])
        .says("Tabletop: replace the turn's dice (here with the same dice)"),
    Next::new("createGame", "201", "listEdits", GAME)
        .says("Every entry of the game replaced after the fact"),
    Next::new("createGame", "201", "recordHand", GAME_AS_IT_IS)
        .body(&[("went_out", "$response.body#/players/0/id")])
        .says("Cards: the first hand, here with the first player going out"),
    Next::new("createGame", "201", "listHands", GAME).says("Cards: the game's hands"),
    Next::new("recordHand", "201", "getHand", TURN).says("The hand"),
    Next::new("recordHand", "201", "replaceHand", TURN_AS_IT_IS)
        .body(&[("went_out", "$response.body#/went_out")])
        .says("Replace the hand (a mistake found later)"),
    Next::new("recordHand", "201", "undoHand", TURN_AS_IT_IS)
        .says("Undo the hand (while it is the latest)"),
    Next::new("rollDice", "200", "rollDice", TURN_AS_IT_IS)
        .says("Roll some dice again, while rolls are left"),
    Next::new("rollDice", "200", "scoreTurn", TURN_AS_IT_IS).says("Score the dice as they lie"),
    Next::new("scoreTurn", "200", "recordTurn", TURNS_AS_THEY_ARE)
        .named("startNextTurn")
        .whole_body(NEXT_PLAYER)
        .says("Start the next turn, of the player whose turn it is now"),
    Next::new("scoreTurn", "200", "undoTurn", TURN_AS_IT_IS)
        .says("Undo the turn (while it is the latest)"),
    Next::new(
        "createInvite",
        "201",
        "acceptInvite",
        &[("code", "$response.body#/code")],
    )
    .says("Accept the invite, from the invited account"),
];

/// The extension a link names the next request's body fields in.
pub(super) const REQUEST_BODY: &str = "x-request-body";

/// Adds `LINKS` to the answers they start from.
pub(super) fn add_links(document: &mut Document) {
    for next in LINKS {
        let mut link = LinkBuilder::new()
            .operation_id(next.to)
            .description(next.description);
        for (name, expression) in next.parameters {
            link = link.parameter(*name, *expression);
        }
        if !next.body.is_empty() {
            let fields: serde_json::Map<_, _> = next
                .body
                .iter()
                .map(|(field, expression)| (field.to_string(), (*expression).into()))
                .collect();
            // One extension: utoipa keeps a link's extensions in a hash map, whose order would
            // change the document from one run to the next.
            let body = serde_json::json!({"fields": fields, "whole": next.whole_body});
            link = link.extensions(Some(
                ExtensionsBuilder::new().add(REQUEST_BODY, body).build(),
            ));
        }
        let response = operation_mut(document, next.from)
            .and_then(|operation| operation.responses.responses.get_mut(next.status));
        if let Some(RefOr::T(response)) = response {
            response
                .links
                .insert(next.name.into(), RefOr::T(link.build()));
        }
    }
}
