"""Plays a short tabletop dice game and a short card game through the Python client generated
from openapi/openapi.json.

Run by .ci/python-client: the client is generated fresh and used as generated, unmodified.
Usage: python play_games.py BASE_URL (with the generated `phase10_client` importable).
"""

import sys

from phase10_client import AuthenticatedClient, Client
from phase10_client.api.accounts import create_account, get_account
from phase10_client.api.games import create_game, delete_game, get_game, get_scoresheet, list_games
from phase10_client.api.hands import get_hand, list_hands, record_hand, undo_hand
from phase10_client.api.rules import evaluate_dice, list_phases
from phase10_client.api.turns import get_turn, list_turns, record_turn, undo_turn
from phase10_client.models import (
    Card,
    CardColor,
    CardEvaluation,
    CardGame,
    CardGameStatus,
    CardLetter,
    CardScoresheet,
    CardsKind,
    Color,
    CreateAccount,
    CreateCardGame,
    CreateDiceGame,
    Die,
    DiceGame,
    EvaluateCards,
    EvaluateDice,
    GameStatus,
    Hand,
    Mode,
    NewPlayer,
    Problem,
    RecordHand,
    RecordedPlayer,
    RecordTurn,
    Turn,
    Wild,
)


def dice(text: str) -> list[Die]:
    """Dice in short notation: "8 8 W 5o"."""
    colors = {"r": Color.RED, "o": Color.ORANGE, "b": Color.BLUE, "g": Color.GREEN}
    shown = []
    for token in text.split():
        color = colors.get(token[-1])
        face = token[:-1] if color else token
        value = Wild.W if face == "W" else int(face)
        shown.append(Die(value=value, color=color) if color else Die(value=value))
    return shown


def cards(text: str) -> list[Card]:
    """Cards in short notation: "7r 12b W S"."""
    colors = {"r": CardColor.RED, "b": CardColor.BLUE, "y": CardColor.YELLOW, "g": CardColor.GREEN}
    held = []
    for token in text.split():
        if token in ("W", "S"):
            held.append(Card(value=CardLetter(token)))
        else:
            held.append(Card(value=int(token[:-1]), color=colors[token[-1]]))
    return held


PASSED = []


def check(condition: bool, what: str) -> None:
    if not condition:
        print(f"checks: {len(PASSED)} passed, 1 failed")
        raise SystemExit(f"FAILED: {what}")
    PASSED.append(what)
    print(f"ok: {what}")


def main(base_url: str) -> None:
    anonymous = Client(base_url=base_url, raise_on_unexpected_status=True)
    account = create_account.sync(client=anonymous, body=CreateAccount(name="SDK table"))
    check(account.api_key.startswith("p10_"), "an account and its key")
    client = AuthenticatedClient(base_url=base_url, token=account.api_key, raise_on_unexpected_status=True)
    check(get_account.sync(account.id, client=client).name == "SDK table", "the account reads back")

    phases = list_phases.sync(client=anonymous)
    check(len(phases) == 10 and phases[7].label == "7 of all one color", "ten phases")
    verdict = evaluate_dice.sync(client=anonymous, body=EvaluateDice(phase=1, dice=dice("8 8 8 10 W W")))
    check(verdict.made and verdict.score == 34, "the seed example scores 34")

    game = create_game.sync(
        client=client,
        body=CreateDiceGame(players=[NewPlayer(name="Ann"), NewPlayer(name="Bo")], mode=Mode.TABLETOP),
    )
    check(isinstance(game, DiceGame) and game.status == GameStatus.IN_PROGRESS, "a tabletop game")
    ann, bo = game.players

    first = record_turn.sync(game.id, client=client, body=RecordTurn(player_id=ann.id, dice=dice("8 8 8 10 W W")))
    check(isinstance(first, Turn) and first.made and first.score == 34, "Ann makes phase 1 for 34")
    second = record_turn.sync(game.id, client=client, body=RecordTurn(player_id=bo.id, dice=dice("1 2 3")))
    check(not second.made and second.game.players[1].failures == 1, "Bo fails phase 1")
    refused = record_turn.sync(game.id, client=client, body=RecordTurn(player_id=bo.id, dice=[]))
    check(isinstance(refused, Problem) and refused.code == "not_your_turn", "Bo cannot play out of turn")
    third = record_turn.sync(
        game.id, client=client, body=RecordTurn(player_id=ann.id, dice=dice("10 10 10 W 8 9 10"))
    )
    check(third.made and third.score == 57, "Ann makes phase 2 for 57")

    after_undo = undo_turn.sync(game.id, 3, client=client)
    check(after_undo.players[0].phase == 2 and after_undo.current_player_id == ann.id, "the undo")
    again = record_turn.sync(game.id, client=client, body=RecordTurn(player_id=ann.id, dice=dice("5 5 5 1 2 3 4")))
    check(again.number == 3 and again.score == 25, "Ann makes phase 2 again, for 25")

    page = list_turns.sync(game.id, client=client, limit=2)
    check([t.number for t in page.items] == [1, 2] and page.next_cursor, "turns, a page at a time")
    check(get_turn.sync(game.id, 1, client=client).score == 34, "a turn reads back")

    sheet = get_scoresheet.sync(game.id, client=client)
    ann_line = sheet.players[0]
    check([p.score for p in ann_line.phases[:3]] == [34, 25, None], "Ann's score pad")
    check(ann_line.grand_total == 59 and ann_line.rank == 1, "Ann leads with 59")
    check(get_game.sync(game.id, client=client).version == 6, "every change counted in the version")
    check(any(g.id == game.id for g in list_games.sync(client=client).items), "the game is listed")
    delete_game.sync_detailed(game.id, client=client)
    missing = get_game.sync(game.id, client=client)
    check(isinstance(missing, Problem) and missing.status == 404, "the game is deleted")
    print("the generated client played a tabletop game")
    play_cards(client, anonymous)
    print("the generated client played a card game")
    print(f"checks: {len(PASSED)} passed, 0 failed")


def play_cards(client: AuthenticatedClient, anonymous: Client) -> None:
    verdict = evaluate_dice.sync(
        client=anonymous,
        body=EvaluateCards(game=CardsKind.CARDS, phase=2, cards=cards("7r 7b W 3g 4g 5r 6y S")),
    )
    check(isinstance(verdict, CardEvaluation) and verdict.made and verdict.points_left == 15, "cards judged")

    game = create_game.sync(
        client=client,
        body=CreateCardGame(
            game=CardsKind.CARDS,
            players=[NewPlayer(name="Ann"), NewPlayer(name="Bo"), NewPlayer(name="Cy")],
            phases=[1, 2],
        ),
    )
    check(isinstance(game, CardGame) and game.phases == [1, 2], "a card game of the first two phases")
    ann, bo, cy = (p.id for p in game.players)

    def record(went_out, *lines: RecordedPlayer):
        return record_hand.sync(game.id, client=client, body=RecordHand(went_out=went_out, players=list(lines)))

    first = record(
        ann,
        RecordedPlayer(player_id=ann, made=True, laid_down=[cards("7r 7b W"), cards("9g 9y 9r")]),
        RecordedPlayer(player_id=bo, made=True, cards=cards("7r S")),
        RecordedPlayer(player_id=cy, made=False, points=75),
    )
    check(isinstance(first, Hand) and [p.points for p in first.players] == [0, 20, 75], "hand 1 scored")
    bad = record(
        bo,
        RecordedPlayer(player_id=ann, made=False, points=35),
        RecordedPlayer(player_id=bo, made=True),
        RecordedPlayer(player_id=cy, made=False, points=50),
    )
    check(isinstance(bad, Problem) and bad.code == "impossible_points", "a hand that cannot be is refused")
    second = record(
        cy,
        RecordedPlayer(player_id=ann, made=False, points=60),
        RecordedPlayer(player_id=bo, made=False, points=50),
        RecordedPlayer(player_id=cy, made=True),
    )
    check(second.game.status == CardGameStatus.IN_PROGRESS and second.game.players[2].phase == 2, "Cy goes out")
    check(undo_hand.sync(game.id, 2, client=client).hands == 1, "the undo of hand 2")
    record(
        bo,
        RecordedPlayer(player_id=ann, made=True, points=10),
        RecordedPlayer(player_id=bo, made=True),
        RecordedPlayer(player_id=cy, made=True, points=30),
    )
    check(get_hand.sync(game.id, 2, client=client).went_out == bo, "a hand reads back")
    check(len(list_hands.sync(game.id, client=client).items) == 2, "the hands, listed")
    over = get_game.sync(game.id, client=client)
    check(
        over.status == CardGameStatus.FINISHED and over.winners == [ann] and [p.total for p in over.players] == [10, 20, 105],
        "Ann and Bo complete phase 2, the last: Ann wins with the fewer points",
    )
    pad = get_scoresheet.sync(game.id, client=client)
    check(isinstance(pad, CardScoresheet) and [line.rank for line in pad.players] == [1, 2, 3], "the card pad")


if __name__ == "__main__":
    main(sys.argv[1])
