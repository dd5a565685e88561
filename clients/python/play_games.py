"""Plays a short tabletop dice game and a short card game through the Python client generated
from openapi/openapi.json, and fixes an old entry of each after the fact (RULES §9); then a
family's games across a roster of people (RULES §10): a dice game and a card game with the same
people, a rematch, their figures and the leaderboard.

Run by .ci/python-client: the client is generated fresh and used as generated, unmodified.
Usage: python play_games.py BASE_URL (with the generated `phase10_client` importable).
"""

import sys
from uuid import UUID

from phase10_client import AuthenticatedClient, Client
from phase10_client.api.accounts import create_account, get_account
from phase10_client.api.games import (
    create_game,
    delete_game,
    get_game,
    get_scoresheet,
    list_edits,
    list_games,
    rematch_game,
    rename_game,
)
from phase10_client.api.hands import get_hand, list_hands, record_hand, replace_hand, undo_hand
from phase10_client.api.people import (
    create_person,
    delete_person,
    get_leaderboard,
    get_person_stats,
    list_people,
    list_person_games,
    rename_person,
)
from phase10_client.api.rules import evaluate_dice, list_phases
from offline import play_offline
from phase10_client.api.turns import get_turn, list_turns, record_turn, replace_turn, undo_turn
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
    DiceKind,
    Die,
    DiceGame,
    EditPage,
    EnteredHand,
    EnteredTurn,
    EntryKind,
    EvaluateCards,
    EvaluateDice,
    GameKind,
    GamePage,
    GameStatus,
    Hand,
    Leaderboard,
    Mode,
    NewPerson,
    NewPlayer,
    Person,
    PersonName,
    PersonStats,
    Problem,
    RecordHand,
    RecordedPlayer,
    RecordTurn,
    RenameGame,
    ReplaceTurn,
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
        body=CreateDiceGame(
            game=DiceKind.DICE, players=[NewPlayer(name="Ann"), NewPlayer(name="Bo")], mode=Mode.TABLETOP
        ),
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
    fix_a_turn(client, game, account.id)
    delete_game.sync_detailed(game.id, client=client)
    missing = get_game.sync(game.id, client=client)
    check(isinstance(missing, Problem) and missing.status == 404, "the game is deleted")
    print("the generated client played a tabletop game and fixed an old turn")
    play_cards(client, anonymous)
    print("the generated client played a card game and fixed an old hand")
    play_with_people(client)
    print("the generated client kept a family's roster, its games, a rematch, figures and leaderboard")
    play_offline(client, anonymous, account.id, check, base_url)
    print("the generated client kept an offline phone's entries once, paired a phone and moved the account")
    print(f"checks: {len(PASSED)} passed, 0 failed")


def fix_a_turn(client: AuthenticatedClient, game: DiceGame, account_id: UUID) -> None:
    """Ann's first turn was entered by mistake: she missed phase 1. Turn 1 is no longer the
    latest, so it cannot be undone; it is replaced (PUT), and the server works the game out
    again from its record: every later turn keeps its dice and is judged on the phase its player
    is then on."""
    ann = game.players[0]
    version = get_game.sync(game.id, client=client).version
    fixed = replace_turn.sync(game.id, 1, client=client, body=ReplaceTurn(dice=[]))
    check(isinstance(fixed, Turn) and fixed.edited == 1 and not fixed.made, "turn 1 replaced: Ann missed phase 1")
    ann_then = fixed.game.players[0]
    check(ann_then.phase == 1 and ann_then.total == 0, "the answer holds the game as it is after turn 1")
    third = get_turn.sync(game.id, 3, client=client)
    check(
        third.phase == 1 and not third.made and third.edited == 0,
        "turn 3 keeps its dice, 5 5 5 1 2 3 4, now judged on phase 1, which they miss",
    )
    now = get_game.sync(game.id, client=client)
    check(now.version == version + 1, "one change of the game")
    check(
        [(p.phase, p.total, p.failures) for p in now.players] == [(1, 0, 2), (1, 0, 1)],
        "the game is worked out again: Ann is back on phase 1 with 0 points and two failures",
    )

    # A turn's player does not change: a replacement naming another is refused, and changes nothing.
    refused = replace_turn.sync(
        game.id, 2, client=client, body=ReplaceTurn(player_id=ann.id, dice=dice("8 8 8 10 W W"))
    )
    check(isinstance(refused, Problem) and refused.code == "invalid_value", "Bo's turn cannot become Ann's")
    check(refused.errors[0].field == "player_id", f"the problem names player_id: {refused.detail}")
    check(get_game.sync(game.id, client=client).version == version + 1, "a refusal changes nothing")

    # Every replacement is kept: which entry, who, when, and the entry before and after.
    edits = list_edits.sync(game.id, client=client)
    check(isinstance(edits, EditPage) and len(edits.items) == 1 and edits.next_cursor is None, "one edit kept")
    edit = edits.items[0]
    check(
        (edit.entry, edit.number, edit.account_id, edit.version) == (EntryKind.TURN, 1, account_id, version + 1),
        "the edit says which turn, who and which version",
    )
    check(
        isinstance(edit.before, EnteredTurn) and edit.before.dice == dice("8 8 8 10 W W") and edit.after.dice == [],
        "the edit keeps the dice before (8 8 8 10 W W) and after (none)",
    )


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
    # Ann lays down phase 2 (8 8 8 and 1 2 3 4) and still holds a red 10.
    record(
        bo,
        RecordedPlayer(
            player_id=ann, made=True, laid_down=[cards("8r 8b 8g"), cards("1r 2r 3r 4b")], cards=cards("10r")
        ),
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
    fix_a_hand(client, game)


def fix_a_hand(client: AuthenticatedClient, game: CardGame) -> None:
    """Hand 1 was entered wrong: Bo went out, not Ann, who still held a blue 12 and a Skip. The
    hand is replaced (PUT, the body of recording it) and the game worked out again: the totals
    and the winner follow."""
    ann, bo, cy = (p.id for p in game.players)
    ann_laid_phase_1 = [cards("7r 7b W"), cards("9g 9y 9r")]
    fixed = replace_hand.sync(
        game.id,
        1,
        client=client,
        body=RecordHand(
            went_out=bo,
            players=[
                RecordedPlayer(player_id=ann, made=True, laid_down=ann_laid_phase_1, cards=cards("12b S")),
                RecordedPlayer(player_id=bo, made=True),
                RecordedPlayer(player_id=cy, made=False, points=75),
            ],
        ),
    )
    check(
        isinstance(fixed, Hand) and fixed.edited == 1 and [p.points for p in fixed.players] == [25, 0, 75],
        "hand 1 replaced: Bo went out, Ann held 25",
    )
    now = get_game.sync(game.id, client=client)
    check(
        now.winners == [bo] and [p.total for p in now.players] == [35, 0, 105],
        "the game is worked out again: Bo wins with 0",
    )
    check(get_hand.sync(game.id, 2, client=client).edited == 0, "hand 2 stays as it was entered")

    # Had Ann not laid down in hand 1, she would have been on phase 1 in hand 2, where her
    # 8 8 8 and 1 2 3 4 do not make it: the replacement is refused, naming hand 2, and changes nothing.
    version = now.version
    refused = replace_hand.sync(
        game.id,
        1,
        client=client,
        body=RecordHand(
            went_out=bo,
            players=[
                RecordedPlayer(player_id=ann, made=False, points=60),
                RecordedPlayer(player_id=bo, made=True),
                RecordedPlayer(player_id=cy, made=False, points=75),
            ],
        ),
    )
    check(
        isinstance(refused, Problem) and refused.code == "edit_breaks_later",
        "a replacement that would break hand 2 is refused",
    )
    check(refused.errors[0].field.startswith("hands/2/"), f"the problem names hand 2: {refused.detail}")
    check(get_game.sync(game.id, client=client).version == version, "a refusal changes nothing")

    edits = list_edits.sync(game.id, client=client)
    check(isinstance(edits, EditPage) and len(edits.items) == 1, "one edit kept")
    edit = edits.items[0]
    check(
        edit.entry == EntryKind.HAND
        and edit.number == 1
        and isinstance(edit.before, EnteredHand)
        and (edit.before.went_out, edit.after.went_out) == (ann, bo),
        "the edit keeps hand 1 before (Ann went out) and after (Bo did)",
    )

# The ten best rolls of a solitaire game, one per phase (tests/api/scoresheet.rs).
BEST_ROLLS = [
    "10 10 10 10 10 10",
    "10 10 10 W 8 9 10",
    "10 10 10 10 W W 9 10",
    "4 5 6 7 8 9 10",
    "3 4 5 6 7 8 9 10",
    "2 3 4 5 6 7 8 9 10",
    "10 10 10 10 10 10 W W",
    "4o 9o 8o 10o 7o 8o 10o",
    "10 10 10 10 10 10 W",
    "10 10 10 10 10 4 4 4",
]


def play_with_people(client: AuthenticatedClient) -> None:
    """A family's games (RULES §10). Every player of a game is a person of the account's roster:
    given by name (the roster's person of that name, added if new) or by person_id. A person's
    figures add up their finished games; the leaderboard ranks them."""
    mia = create_person.sync(client=client, body=NewPerson(name="Mia"))
    leo = create_person.sync(client=client, body=NewPerson(name="Leo"))
    check(isinstance(mia, Person) and isinstance(leo, Person) and leo.name == "Leo", "Mia and Leo join the roster")
    # The games above put Ann, Bo and Cy in the roster; "ANN" looks the same as "Ann".
    taken = create_person.sync(client=client, body=NewPerson(name="ANN"))
    check(isinstance(taken, Problem) and taken.code == "person_exists", f"ANN is Ann: {taken.detail}")
    roster = [person.name for person in list_people.sync(client=client).items]
    check(sorted(roster[:3]) == ["Ann", "Bo", "Cy"] and roster[3:] == ["Mia", "Leo"], "the roster, oldest first")

    # A dice game by names: they are the roster's Mia and Leo. Mia rolls the best roll of each
    # phase; Leo misses every turn, his last try included.
    sunday = create_game.sync(
        client=client,
        body=CreateDiceGame(
            game=DiceKind.DICE, name="Sunday dice", players=[NewPlayer(name="Mia"), NewPlayer(name="Leo")]
        ),
    )
    check(
        isinstance(sunday, DiceGame) and [p.person_id for p in sunday.players] == [mia.id, leo.id],
        "a dice game of Mia and Leo, by name",
    )
    mia_dice, leo_dice = (p.id for p in sunday.players)
    for roll in BEST_ROLLS:
        record_turn.sync(sunday.id, client=client, body=RecordTurn(player_id=mia_dice, dice=dice(roll)))
        last = record_turn.sync(sunday.id, client=client, body=RecordTurn(player_id=leo_dice, dice=[]))
    over = last.game
    check(
        over.status == GameStatus.FINISHED and over.winners == [mia_dice] and over.players[0].total == 649,
        "Mia makes all ten phases and wins with 649",
    )

    # A card game of the same people by person_id, playing phase 1 only; Leo deals first.
    table = create_game.sync(
        client=client,
        body=CreateCardGame(
            game=CardsKind.CARDS,
            players=[NewPlayer(person_id=mia.id), NewPlayer(person_id=leo.id)],
            phases=[1],
            first_dealer=1,
        ),
    )
    check(
        isinstance(table, CardGame) and [p.name for p in table.players] == ["Mia", "Leo"],
        "a card game of Mia and Leo, by person_id",
    )
    mia_cards, leo_cards = (p.id for p in table.players)
    check(table.first_dealer == 1 and table.dealer_id == leo_cards, "Leo (seat 1) deals the first hand")
    hand = record_hand.sync(
        table.id,
        client=client,
        body=RecordHand(
            went_out=mia_cards,
            players=[
                RecordedPlayer(player_id=mia_cards, made=True),
                RecordedPlayer(player_id=leo_cards, made=False, points=65),
            ],
        ),
    )
    check(
        isinstance(hand, Hand) and hand.dealer_id == leo_cards and hand.game.winners == [mia_cards],
        "Leo dealt; Mia goes out with phase 1, the last, and wins",
    )

    # A rematch: the same people and options; the deal goes on round the table, to Mia.
    rematch = rematch_game.sync(table.id, client=client)
    check(
        isinstance(rematch, CardGame)
        and rematch.rematch_of == table.id
        and [p.person_id for p in rematch.players] == [mia.id, leo.id]
        and rematch.phases == [1]
        and rematch.status == CardGameStatus.IN_PROGRESS,
        "a rematch of the card game, with the same people",
    )
    check(rematch.dealer_id == rematch.players[0].id, "Mia deals the rematch's first hand")
    renamed = rename_game.sync(rematch.id, client=client, body=RenameGame(name="Rematch at Gran's"))
    check(isinstance(renamed, CardGame) and renamed.name == "Rematch at Gran's", "the rematch gets a name")

    # A person's games, newest first, of one kind or status if asked.
    games = list_person_games.sync(mia.id, client=client)
    check(
        isinstance(games, GamePage) and [g.id for g in games.items] == [rematch.id, table.id, sunday.id],
        "Mia's three games, newest first",
    )
    finished_cards = list_person_games.sync(mia.id, client=client, game=GameKind.CARDS, status=GameStatus.FINISHED)
    check([g.id for g in finished_cards.items] == [table.id], "Mia's finished card games: one")

    # The figures count finished games only (the rematch is in progress).
    leo_stats = get_person_stats.sync(leo.id, client=client)
    check(
        isinstance(leo_stats, PersonStats)
        and (leo_stats.dice.games, leo_stats.dice.wins, leo_stats.in_progress) == (1, 0, 1),
        "Leo: one dice game, no win, one game in progress",
    )
    phase_1 = leo_stats.dice.phases[0]
    check(
        (phase_1.phase, phase_1.attempts, phase_1.made) == (1, 10, 0) and 9.8 < phase_1.expected_made < 9.9,
        f"Leo tried phase 1 ten times and missed it; best play makes {phase_1.expected_made:.2f} of those",
    )
    mia_stats = get_person_stats.sync(mia.id, client=client)
    check(
        (mia_stats.dice.wins, mia_stats.dice.best_total, mia_stats.dice.five_phase_bonuses) == (1, 649, 1)
        and all((p.attempts, p.made) == (1, 1) for p in mia_stats.dice.phases),
        "Mia: one dice win with 649 and the Five Phase Bonus, every phase made at the first try",
    )
    check(
        (mia_stats.cards.games, mia_stats.cards.wins, mia_stats.cards.went_out) == (1, 1, 1)
        and (mia_stats.cards.phases[0].attempts, mia_stats.cards.phases[0].made) == (1, 1),
        "Mia: one card game won, out in its one hand",
    )

    # The leaderboards: most wins, then win rate, then name; level people share a rank.
    dice_board = get_leaderboard.sync(client=client, game=GameKind.DICE)
    check(
        isinstance(dice_board, Leaderboard)
        and [(s.name, s.games, s.wins, s.rank) for s in dice_board.items] == [("Mia", 1, 1, 1), ("Leo", 1, 0, 2)],
        "the dice leaderboard: Mia, then Leo",
    )
    card_board = get_leaderboard.sync(client=client, game=GameKind.CARDS)
    check(
        [(s.name, s.rank) for s in card_board.items] == [("Bo", 1), ("Mia", 1), ("Ann", 3), ("Cy", 3), ("Leo", 3)],
        "the card leaderboard: Bo and Mia first, Ann, Cy and Leo third",
    )

    # A person renamed is renamed everywhere.
    rename_person.sync(leo.id, client=client, body=PersonName(name="Leon"))
    check([p.name for p in get_game.sync(sunday.id, client=client).players] == ["Mia", "Leon"], "Leo is now Leon")

    # Refusals: one person in two seats; a person who still plays games leaving the roster.
    twice = create_game.sync(
        client=client,
        body=CreateDiceGame(game=DiceKind.DICE, players=[NewPlayer(person_id=mia.id), NewPlayer(name="mia")]),
    )
    check(
        isinstance(twice, Problem)
        and (twice.status, twice.code) == (422, "duplicate_person")
        and [e.field for e in twice.errors] == ["players[0].person_id", "players[1].name"],
        "Mia cannot play two seats: the problem names both",
    )
    busy = delete_person.sync(leo.id, client=client)
    check(
        isinstance(busy, Problem) and (busy.status, busy.code) == (409, "person_has_games"),
        f"Leon stays in the roster while he plays games: {busy.detail}",
    )


if __name__ == "__main__":
    main(sys.argv[1])
