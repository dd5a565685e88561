//! The workflow of a game, as OpenAPI links from each answer to what can follow it.

use utoipa::openapi::extensions::ExtensionsBuilder;
use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::{OpenApi as Document, RefOr};

use super::operation_mut;

/// Where an answer leads: an operation it names the parameters of (and the body fields), each
/// from a runtime expression. SDK users see the workflow, and schemathesis' stateful phase
/// follows it into games and turns that exist.
struct Next {
    from: &'static str,
    status: &'static str,
    name: &'static str,
    to: &'static str,
    description: &'static str,
    parameters: &'static [(&'static str, &'static str)],
    body: &'static [(&'static str, &'static str)],
    /// The body is the whole request, as OpenAPI means a link's `requestBody`; said for
    /// schemathesis, which otherwise merges it into a body it makes up (and a digital turn
    /// started with dice is refused).
    whole_body: bool,
}

/// The game an answer is, and (for a write) its version as `If-Match`.
const GAME: &[(&str, &str)] = &[("game_id", "$response.body#/id")];
const GAME_AS_IT_IS: &[(&str, &str)] = &[
    ("game_id", "$response.body#/id"),
    ("If-Match", "$response.header.ETag"),
];
/// The turn an answer is (and, for a write, the game's version after it as `If-Match`).
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
/// Whose turn it is in the game an answer is, or in the game of the turn it is.
const CURRENT_PLAYER: &[(&str, &str)] = &[("player_id", "$response.body#/current_player_id")];
const NEXT_PLAYER: &[(&str, &str)] = &[("player_id", "$response.body#/game/current_player_id")];

/// The workflow of a game.
const LINKS: &[Next] = &[
    Next {
        from: "createGame",
        status: "201",
        name: "getGame",
        to: "getGame",
        description: "The game",
        parameters: GAME,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "createGame",
        status: "201",
        name: "recordTurn",
        to: "recordTurn",
        description: "Tabletop: the first turn, of the player whose turn it is, with the dice \
                      they ended it with",
        parameters: GAME_AS_IT_IS,
        body: CURRENT_PLAYER,
        whole_body: false,
    },
    Next {
        from: "createGame",
        status: "201",
        name: "startTurn",
        to: "recordTurn",
        description: "Digital: start the first turn, of the player whose turn it is: the \
                      server rolls all ten dice",
        parameters: GAME_AS_IT_IS,
        body: CURRENT_PLAYER,
        whole_body: true,
    },
    Next {
        from: "createGame",
        status: "201",
        name: "listTurns",
        to: "listTurns",
        description: "The game's turns",
        parameters: GAME,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "createGame",
        status: "201",
        name: "createInvite",
        to: "createInvite",
        description: "An invite for another account to play a seat (here the first)",
        parameters: GAME,
        body: &[("player_id", "$response.body#/players/0/id")],
        whole_body: false,
    },
    Next {
        from: "createGame",
        status: "201",
        name: "followGame",
        to: "followGame",
        description: "The game's changes, live",
        parameters: GAME,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "createGame",
        status: "201",
        name: "getScoresheet",
        to: "getScoresheet",
        description: "The game's score pad",
        parameters: GAME,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "createGame",
        status: "201",
        name: "deleteGame",
        to: "deleteGame",
        description: "Delete the game",
        parameters: GAME_AS_IT_IS,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "recordTurn",
        status: "201",
        name: "getTurn",
        to: "getTurn",
        description: "The turn",
        parameters: TURN,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "recordTurn",
        status: "201",
        name: "rollDice",
        to: "rollDice",
        description: "Digital: roll some of the turn's dice again",
        parameters: TURN_AS_IT_IS,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "recordTurn",
        status: "201",
        name: "scoreTurn",
        to: "scoreTurn",
        description: "Digital: score the turn's dice as they lie",
        parameters: TURN_AS_IT_IS,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "recordTurn",
        status: "201",
        name: "undoTurn",
        to: "undoTurn",
        description: "Undo the turn (while it is the latest)",
        parameters: TURN_AS_IT_IS,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "recordTurn",
        status: "201",
        name: "nextTurn",
        to: "recordTurn",
        description: "Tabletop: the next turn, of the player whose turn it is now, with the \
                      dice they ended it with",
        parameters: TURNS_AS_THEY_ARE,
        body: NEXT_PLAYER,
        whole_body: false,
    },
    Next {
        from: "rollDice",
        status: "200",
        name: "rollDice",
        to: "rollDice",
        description: "Roll some dice again, while rolls are left",
        parameters: TURN_AS_IT_IS,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "rollDice",
        status: "200",
        name: "scoreTurn",
        to: "scoreTurn",
        description: "Score the dice as they lie",
        parameters: TURN_AS_IT_IS,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "scoreTurn",
        status: "200",
        name: "startNextTurn",
        to: "recordTurn",
        description: "Start the next turn, of the player whose turn it is now",
        parameters: TURNS_AS_THEY_ARE,
        body: NEXT_PLAYER,
        whole_body: true,
    },
    Next {
        from: "scoreTurn",
        status: "200",
        name: "undoTurn",
        to: "undoTurn",
        description: "Undo the turn (while it is the latest)",
        parameters: TURN_AS_IT_IS,
        body: &[],
        whole_body: false,
    },
    Next {
        from: "createInvite",
        status: "201",
        name: "acceptInvite",
        to: "acceptInvite",
        description: "Accept the invite, from the invited account",
        parameters: &[("code", "$response.body#/code")],
        body: &[],
        whole_body: false,
    },
];

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
            let body: serde_json::Map<_, _> = next
                .body
                .iter()
                .map(|(field, expression)| (field.to_string(), (*expression).into()))
                .collect();
            link = link.request_body(Some(body));
        }
        if next.whole_body {
            let whole = serde_json::json!({"merge_body": false});
            link = link.extensions(Some(
                ExtensionsBuilder::new()
                    .add("x-schemathesis", whole)
                    .build(),
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
