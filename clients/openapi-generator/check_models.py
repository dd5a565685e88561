"""Checks the models OpenAPI Generator makes from openapi/openapi.json for what a game needs, in
the languages whose compilers cannot be installed here (Swift, Kotlin, Dart), and in the two
that CI plays games with (TypeScript, Python): seats are ordered lists, never sets; a die can be
said (a number or "W"); a new game is a dice game or a card game, told apart by `game`; the
event stream has a named event.

Kotlin and Dart say a die, and tell the two new games apart, only with the generator options the
README names (Kotlin: serializationLibrary=gson, generateOneOfAnyOfWrappers=true; Dart: the
dart-dio generator): their defaults leave every integer-or-string union an empty class, which no
document change helps. Both their defaults and the named options are checked.

Run by .ci/generated-clients. Usage: python check_models.py GENERATED_DIR, where GENERATED_DIR
holds one folder per generator run: swift5, kotlin, kotlin-gson, dart, dart-dio,
typescript-fetch, python.
"""

import re
import sys
from pathlib import Path

failures: list[str] = []


def model(root: Path, name: str) -> str:
    found = [path for path in root.rglob(name) if "/test" not in str(path)]
    if len(found) != 1:
        failures.append(f"{root.name}: {name} found {len(found)} times")
        return ""
    return found[0].read_text()


def has(root: Path, name: str, pattern: str, what: str) -> None:
    if not re.search(pattern, model(root, name), re.MULTILINE):
        failures.append(f"{root.name}/{name}: {what} (no match for {pattern!r})")


def lacks(root: Path, name: str, pattern: str, what: str) -> None:
    if re.search(pattern, model(root, name), re.MULTILINE):
        failures.append(f"{root.name}/{name}: {what} (found {pattern!r})")


def no_sets(root: Path, pattern: str) -> None:
    """No model holds a set where the document has an array (the runtimes use sets of their
    own, and an enum's values are one)."""
    for path in root.rglob("*"):
        if not re.search(r"models?", str(path.parent.name)):
            continue
        if path.is_file() and re.search(pattern, path.read_text(errors="replace")):
            failures.append(f"{root.name}/{path.name}: a set where the document has an array")


def swift(root: Path) -> None:
    has(root, "DieValue.swift", r"case typeInt\(Int\)", "a die as a number")
    has(root, "DieValue.swift", r"case typeWild\(Wild\)", "a die as W")
    has(root, "CreateGame.swift", r"case typeCreateDiceGame\(CreateDiceGame\)", "a dice game")
    has(root, "CreateGame.swift", r"case typeCreateCardGame\(CreateCardGame\)", "a card game")
    has(root, "CreateDiceGame.swift", r"public var players: \[NewPlayer\]$", "ordered seats")
    has(root, "CreateDiceGame.swift", r"public var game: DiceKind$", "a dice game says so")
    has(root, "CreateCardGame.swift", r"public var players: \[NewPlayer\]$", "ordered seats")
    has(root, "RecordHand.swift", r"public var players: \[RecordedPlayer\]\?$", "a list")
    has(root, "RerollDice.swift", r"public var reroll: \[DieId\]$", "a list of dice")
    has(root, "GameEvent.swift", r"public var event: EventKind$", "a named event kind")
    no_sets(root, r": Set<|\[?Set<(NewPlayer|RecordedPlayer|DieId)>")


def kotlin(root: Path, wrappers: bool) -> None:
    seats = r"val players: kotlin\.collections\.List<NewPlayer>"
    has(root, "CreateDiceGame.kt", seats, "ordered seats")
    has(root, "CreateCardGame.kt", seats, "ordered seats")
    has(root, "RerollDice.kt", r"val reroll: kotlin\.collections\.List<DieId>", "a list of dice")
    has(root, "CreateDiceGame.kt", r"val game: DiceKind,", "a dice game says so")
    has(root, "GameEvent.kt", r"val event: EventKind", "a named event kind")
    no_sets(root, r"val \w+: kotlin\.collections\.(Mutable)?Set<")
    if wrappers:
        for union, branches in [
            ("DieValue.kt", ["kotlin.Int", "Wild"]),
            ("CreateGame.kt", ["CreateDiceGame", "CreateCardGame"]),
        ]:
            has(root, union, r"data class \w+\(var actualInstance: Any\? = null\)", "a wrapper")
            for branch in branches:
                has(root, union, re.escape(f"TypeToken.get({branch}::class.java)"), branch)


def dart(root: Path) -> None:
    has(root, "create_dice_game.dart", r"List<NewPlayer> players;", "ordered seats")
    has(root, "record_hand.dart", r"List<RecordedPlayer>\?? players;", "a list")
    has(root, "reroll_dice.dart", r"List<DieId> reroll;", "a list of dice")
    no_sets(root, r"\bSet<(NewPlayer|RecordedPlayer|DieId)>")


def dart_dio(root: Path) -> None:
    has(root, "die_value.dart", r"FullType\(OneOf, \[FullType\(int\), FullType\(Wild\), \]\)", "a die")
    for shape in ["CreateDiceGame", "CreateCardGame"]:
        has(root, "create_game.dart", rf"^\s+r'\w+': {shape},$", f"{shape}, told apart by game")
    has(root, "create_dice_game.dart", r"BuiltList<NewPlayer> get players;", "ordered seats")
    has(root, "create_dice_game.dart", r"DiceKind get game;", "a dice game says so")
    no_sets(root, r"BuiltSet<(NewPlayer|RecordedPlayer|DieId)> get (?!values)")


def typescript(root: Path) -> None:
    has(root, "DieValue.ts", r"^export type DieValue = Wild \| number;$", "a die")
    has(
        root,
        "CreateGame.ts",
        r"^export type CreateGame = \{ game: 'cards' \} & CreateCardGame \| \{ game: 'dice' \} & CreateDiceGame;$",
        "both, told apart by game",
    )
    has(root, "CreateDiceGame.ts", r"players: Array<NewPlayer>;", "ordered seats")
    has(root, "CreateDiceGame.ts", r"^\s+game: DiceKind;", "a dice game says so")
    has(root, "RerollDice.ts", r"reroll: Array<DieId>;", "a list of dice")
    has(root, "GameEvent.ts", r"event: EventKind;", "a named event kind")
    no_sets(root, r"Set<(NewPlayer|RecordedPlayer|DieId)>")


def python(root: Path) -> None:
    has(root, "die_value.py", r'ONE_OF_SCHEMAS = \["Wild", "int"\]', "a die")
    has(root, "create_game.py", r'ONE_OF_SCHEMAS = \["CreateCardGame", "CreateDiceGame"\]', "both")
    has(root, "create_dice_game.py", r"players: Annotated\[List\[NewPlayer\]", "ordered seats")
    has(root, "create_dice_game.py", r"^\s+game: DiceKind\b", "a dice game says so")
    has(root, "create_game.py", r"discriminator_value_class_map", "told apart by game")
    has(root, "game_event.py", r"event: EventKind", "a named event kind")


def main() -> None:
    generated = Path(sys.argv[1])
    swift(generated / "swift5")
    kotlin(generated / "kotlin", wrappers=False)
    kotlin(generated / "kotlin-gson", wrappers=True)
    dart(generated / "dart")
    dart_dio(generated / "dart-dio")
    typescript(generated / "typescript-fetch")
    python(generated / "python")
    if failures:
        print("\n".join(failures))
        raise SystemExit(f"{len(failures)} generated models are not as a game needs them")
    print("the generated models of all seven generator runs say what a game needs")


if __name__ == "__main__":
    main()
