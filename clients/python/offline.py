"""An offline phone and a second one, through the generated Python client: a game made with an id
the client chose and sent again, a turn sent again with its number (recorded once) and another
phone's turn at that number refused, a phone paired by its code and cut off, and the account
exported as one document that another account cannot take over (its ids are the first's).
"""

from collections.abc import Callable
from uuid import UUID, uuid4

from phase10_client import AuthenticatedClient, Client
from phase10_client.api.accounts import create_account
from phase10_client.api.backup import export_account, import_account
from phase10_client.api.devices import create_pairing, delete_key, list_keys, pair_device
from phase10_client.api.games import create_game
from phase10_client.api.turns import record_turn
from phase10_client.models import (
    AccountExport,
    CreateAccount,
    CreateDiceGame,
    DeviceName,
    DiceGame,
    DiceKind,
    Die,
    NewPlayer,
    Problem,
    RecordTurn,
    Turn,
)

Check = Callable[[bool, str], None]


def play_offline(client: AuthenticatedClient, anonymous: Client, account_id: UUID, check: Check, base_url: str) -> None:
    game_id = uuid4()
    body = CreateDiceGame(id=game_id, game=DiceKind.DICE, players=[NewPlayer(name="Ann"), NewPlayer(name="Bo")])
    made = create_game.sync_detailed(client=client, body=body)
    check(made.status_code == 201 and isinstance(made.parsed, DiceGame), "a game made with the phone's id")
    check(made.parsed.id == game_id, "the game has the phone's id")
    again = create_game.sync_detailed(client=client, body=body)
    check(again.status_code == 200 and again.parsed.id == game_id, "sent again: the game as it is, nothing made")
    ann = made.parsed.players[0].id

    dice = [Die(value=8), Die(value=8), Die(value=8), Die(value=10), Die(value="W"), Die(value="W")]
    first = record_turn.sync_detailed(game_id, client=client, body=RecordTurn(player_id=ann, dice=dice, number=1))
    check(first.status_code == 201 and isinstance(first.parsed, Turn), "turn 1, numbered by the phone")
    resent = record_turn.sync_detailed(game_id, client=client, body=RecordTurn(player_id=ann, dice=dice, number=1))
    check(
        resent.status_code == 200 and resent.headers.get("idempotent-replayed") == "true",
        "turn 1 sent again: answered as it is, recorded once",
    )
    taken = record_turn.sync(game_id, client=client, body=RecordTurn(player_id=ann, dice=[Die(value=1)], number=1))
    check(isinstance(taken, Problem) and taken.code == "entry_taken", "another phone's turn 1 is refused")
    check("8 8 8 10 W W" in taken.detail, "the refusal says what the game has there")

    pairing = create_pairing.sync(account_id, client=client)
    check(pairing.url.endswith(f"/#/pair/{pairing.code}"), "the pairing link opens the table app")
    paired = pair_device.sync(pairing.code, client=anonymous, body=DeviceName(name="Bo's phone"))
    check(paired.account_id == account_id, "the phone has a key of the same account")
    phone = AuthenticatedClient(base_url=base_url, token=paired.api_key)
    keys = list_keys.sync(account_id, client=phone).items
    check(len(keys) == 2 and any(k.current and k.id == paired.key_id for k in keys), "two keys, the phone's current")
    check(delete_key.sync_detailed(account_id, paired.key_id, client=client).status_code == 204, "the phone cut off")
    check(list_keys.sync_detailed(account_id, client=phone).status_code == 401, "its key is refused")

    document = export_account.sync(account_id, client=client)
    check(isinstance(document, AccountExport) and len(document.games) > 0, "the account as one document")
    other = create_account.sync(client=anonymous, body=CreateAccount(name="SDK table, moved"))
    moved = AuthenticatedClient(base_url=base_url, token=other.api_key)
    refused = import_account.sync(client=moved, body=document)
    check(isinstance(refused, Problem) and refused.code == "id_taken", "another account cannot take its ids")
