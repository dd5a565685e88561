"""schemathesis hooks for .ci/schemathesis: rules of the API that no JSON Schema can state, taught
to the generator so that the checks can stay as strict as they are.

The OpenAPI document says a new game's players are unique (uniqueItems), but the server compares
names in Unicode's composed form (NFC), ignoring case and surrounding whitespace, so "Ann" and
" ann", or "Ren\u00e9" and "Rene\u0301", are one name twice (422). Bodies with such names are not
generated, rather than a 422 being allowed for creating a game.
"""

import unicodedata

import schemathesis


def _same_name(name: str) -> str:
    # Python strips and folds at least what the server's trim and to_lowercase do, in NFC, so
    # every body the server would refuse for it is left out.
    return unicodedata.normalize("NFC", name.strip()).casefold()


@schemathesis.hook
def filter_body(context, body):
    if context.operation is None or context.operation.label != "POST /v1/games":
        return True
    players = body.get("players") if isinstance(body, dict) else None
    if not isinstance(players, list):
        return True
    names = [p["name"] for p in players if isinstance(p, dict) and isinstance(p.get("name"), str)]
    return len({_same_name(name) for name in names}) == len(names)

