"""schemathesis hooks for .ci/schemathesis: rules of the API that no JSON Schema can state, taught
to the generator so that the checks can stay as strict as they are; and two nudges to what it
generates, neither of which lets through a request the document refuses.

The server compares a new game's players' names in Unicode's composed form (NFC), ignoring case
and surrounding whitespace, so "Ann" and " ann", or "Ren\u00e9" and "Rene\u0301", are one name
twice (422). Bodies with such names are not generated, rather than a 422 being allowed for
creating a game. Nor are bodies without `game`: see filter_body.

Half the new dice games the generator makes without a `mode` are digital (a card game has no
mode): left alone, it draws `mode`
for few of them, and only a digital game has rolls for the stateful phase to follow through the
document's links (createGame → startTurn → rollDice → scoreTurn). Nothing is taken out.

In the stateful phase, Hypothesis plays a scenario again with the very same requests, so a write
goes out again with the Idempotency-Key it had: the server rightly answers it as a retry, with
the first answer (say, a game created and deleted since), which schemathesis then takes for a new
resource (ST302 "Created resource not found"). There each write gets a fresh key, as the document
asks of clients; the other phases keep the keys they draw.

The document's links name the body fields the next request takes from an answer in their
extension `x-request-body` (OpenAPI's `requestBody` of a link is a literal or one expression for
the whole body, so it cannot say it): before the document is loaded, each becomes the link's
`requestBody` in schemathesis' own reading (an object whose values are expressions), and a body
that is the whole request is not merged into one the generator makes up.
"""

import re
import unicodedata
import uuid

import schemathesis
from hypothesis import strategies as st


def _same_name(name: str) -> str:
    # Python strips and folds at least what the server's trim and to_lowercase do, in NFC, so
    # every body the server would refuse for it is left out.
    return unicodedata.normalize("NFC", name.strip()).casefold()


@schemathesis.hook
def before_load_schema(context, raw_schema):
    for item in raw_schema.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                for link in response.get("links", {}).values():
                    body = link.get("x-request-body")
                    if body is None:
                        continue
                    link["requestBody"] = dict(body["fields"])
                    if body["whole"]:
                        link["x-schemathesis"] = {"merge_body": False}


@schemathesis.hook
def filter_body(context, body):
    if context.operation is None or context.operation.label != "POST /v1/games":
        return True
    # The document requires `game` (its discriminator), yet the server reads a body without it,
    # or with null, as a dice game: API.md's default, which hand-written clients rely on. Such
    # bodies are not drawn, rather than the server's leniency being taken for a failure to
    # refuse what the document forbids.
    if isinstance(body, dict) and body.get("game") is None:
        return False
    players = body.get("players") if isinstance(body, dict) else None
    if not isinstance(players, list):
        return True
    names = [p["name"] for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)]
    return len({_same_name(name) for name in names}) == len(names)


@schemathesis.hook
def flatmap_body(context, body):
    if context.operation is None or context.operation.label != "POST /v1/games":
        return st.just(body)
    if not isinstance(body, dict) or "mode" in body or body.get("game") == "cards":
        return st.just(body)
    return st.sampled_from([body, {**body, "mode": "digital"}])


# A key the document allows (schema of Idempotency-Key): others are left as drawn, for the
# server to refuse.
_KEY = re.compile(r"[!-~]{1,255}")


@schemathesis.hook
def before_call(context, case, kwargs):
    meta = case.meta
    if meta is None or meta.phase.name != "stateful" or not case.headers:
        return
    for name, value in list(case.headers.items()):
        if name.lower() == "idempotency-key" and isinstance(value, str) and _KEY.fullmatch(value):
            case.headers[name] = str(uuid.uuid4())
