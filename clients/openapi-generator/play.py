"""Plays through the Python client OpenAPI Generator makes from openapi/openapi.json (generator
`python`, package `phase10_api`), as generated: a tabletop dice game whose seats keep their
order, a turn replaced after the fact, the advice on a position, a card game, an optional field
sent as null, the rate limit's fields, and the game's event stream read as the README shows.

Run by .ci/generated-clients. Usage: python play.py BASE_URL (with `phase10_api` importable).
"""

import codecs
import json
import sys

from phase10_api import (
    AccountsApi,
    AdviceRequest,
    ApiClient,
    Card,
    CardColor,
    CardLetter,
    CardValue,
    CardsKind,
    Configuration,
    CreateAccount,
    CreateCardGame,
    CreateDiceGame,
    CreateGame,
    DiceKind,
    Die,
    DieValue,
    EventData,
    GamesApi,
    HandsApi,
    LyingDie,
    NewPlayer,
    RecordHand,
    RecordTurn,
    RecordedPlayer,
    ReplaceTurn,
    RulesApi,
    TurnsApi,
    Wild,
)


def dice(text: str) -> list[Die]:
    """Dice in short notation: "8 8 W 10"."""
    return [Die(value=face(word)) for word in text.split()]


def face(word: str) -> DieValue:
    return DieValue(Wild.W) if word == "W" else DieValue(int(word))


def card(value: int | str, color: CardColor | None = None) -> Card:
    if isinstance(value, str):
        return Card(value=CardValue(CardLetter(value)))
    return Card(value=CardValue(value), color=color)


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SystemExit(f"not as expected: {what}")


def signed_up(base: str) -> ApiClient:
    anonymous = ApiClient(Configuration(host=base))
    account = AccountsApi(anonymous).create_account(CreateAccount(name="Generated client"))
    return ApiClient(Configuration(host=base, access_token=account.api_key))


def tabletop_game(client: ApiClient) -> None:
    games, turns, rules = GamesApi(client), TurnsApi(client), RulesApi(client)
    # Names of several bytes a character, so that the stream's chunks end inside one.
    seated = ["Zoë Éléonore", "Ωmega Жанна", "🎲 Bo"]
    created = games.create_game_with_http_info(
        CreateGame(
            CreateDiceGame(game=DiceKind.DICE, players=[NewPlayer(name=name) for name in seated])
        )
    )
    game = created.data.actual_instance
    check([player.name for player in game.players] == seated, "the seats in the order sent")
    headers = {name.lower(): value for name, value in (created.headers or {}).items()}
    policy = headers.get("ratelimit-policy", "")
    check(policy.startswith('"writes";q='), f"RateLimit-Policy on a write: {policy!r}")
    cy, ann, bo = (player.id for player in game.players)

    made = turns.record_turn(game.id, RecordTurn(player_id=cy, dice=dice("8 8 8 10 W W")))
    check(made.made and made.score == 34, f"phase 1 made for 34: {made.score}")
    missed = turns.record_turn(game.id, RecordTurn(player_id=ann, dice=dice("1 2 3 4 5 6")))
    check(not missed.made, "Ann's dice do not make phase 1")
    # Ann's dice were entered wrong: the turn is replaced, and the game worked out again.
    replaced = turns.replace_turn(game.id, missed.number, ReplaceTurn(dice=dice("9 9 9 7 7 W")))
    check(replaced.made and replaced.score == 41, f"the replaced turn scores 41: {replaced.score}")

    # Bo asks what to keep with one roll left.
    position = [LyingDie(value=face(word)) for word in "8 8 3 10 W 5 6 1 9 2".split()]
    advice = rules.advise_turn(AdviceRequest(phase=1, rolls_left=1, dice=position))
    check(0 < advice.chance < 1 and advice.options, f"advice: {advice.summary}")
    check(len(advice.reroll) + len(advice.options[0].keep) == 10, "each die kept or rolled")
    turns.record_turn(game.id, RecordTurn(player_id=bo, dice=dice("5 5 5 6 6 6")))

    follow_events(client, game.id, {"game_created", "turn_scored", "turn_edited"})
    print(f"tabletop: seats {seated} kept; 34, then 41 replaced; advice: {advice.summary}")


def follow_events(client: ApiClient, game_id: str, expected: set[str]) -> None:
    """The game's stream from its start, as the README shows: the raw answer read line by line,
    each event's `data` parsed into the generated EventData."""
    stream = GamesApi(client).follow_game_without_preload_content(game_id, after=0)
    seen: set[str] = set()
    kind, data, pending = None, [], ""
    # A chunk may end inside a character: decoded as a stream, not chunk by chunk.
    text = codecs.getincrementaldecoder("utf-8")()
    try:
        for chunk in stream.stream(64):
            pending += text.decode(chunk)
            *lines, pending = pending.split("\n")
            for line in lines:
                if line.startswith("event: "):
                    kind = line.removeprefix("event: ")
                elif line.startswith("data: "):
                    data.append(line.removeprefix("data: "))
                elif not line and kind:
                    event = EventData.from_json("\n".join(data))
                    check(event.version >= 1, f"{kind} carries the game's version")
                    seen.add(kind)
                    kind, data = None, []
            if expected <= seen:
                return
    finally:
        stream.release_conn()
    raise SystemExit(f"events missing from the stream: {expected - seen}")


def card_game(client: ApiClient) -> None:
    games, hands = GamesApi(client), HandsApi(client)
    game = games.create_game(
        CreateGame(
            CreateCardGame(
                game=CardsKind.CARDS,
                players=[NewPlayer(name=name) for name in ["Ann", "Bo", "Cy"]],
                phases=[1, 2, 3],
            )
        )
    ).actual_instance
    ann, bo, cy = (player.id for player in game.players)
    laid = [
        [card(7, CardColor.RED), card(7, CardColor.BLUE), card("W")],
        [card(9, CardColor.GREEN), card(9, CardColor.YELLOW), card(9, CardColor.RED)],
    ]
    hand = hands.record_hand(
        game.id,
        RecordHand(
            went_out=ann,
            players=[
                RecordedPlayer(player_id=ann, made=True, laid_down=laid),
                RecordedPlayer(player_id=bo, made=True, cards=[card(7, CardColor.RED), card("S")]),
                RecordedPlayer(player_id=cy, made=False, points=75),
            ],
        ),
    )
    points = [player.points for player in hand.players]
    check(points == [0, 20, 75], f"the hand's points: {points}")
    print(f"cards: hand {hand.number} recorded, points {points}")


def null_name(client: ApiClient) -> None:
    """An optional field the document allows null in, set to None, is sent as null and taken as
    left out."""
    body = CreateDiceGame(game=DiceKind.DICE, name=None, players=[NewPlayer(name="Ann")])
    sent = json.loads(body.to_json())
    check(sent.get("name", "absent") is None, f"sent: {sent}")
    game = GamesApi(client).create_game(CreateGame(body)).actual_instance
    check(game.game == "dice" and game.name is None, "a dice game without a name")


def main() -> None:
    base = sys.argv[1]
    with signed_up(base) as client:
        tabletop_game(client)
        card_game(client)
        null_name(client)
    print("the generated Python client played every game")


if __name__ == "__main__":
    main()
