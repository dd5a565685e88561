// Plays through the TypeScript client OpenAPI Generator makes from openapi/openapi.json
// (generator `typescript-fetch`), as generated: a tabletop dice game whose seats keep their
// order, a turn replaced after the fact, the advice on a position, a card game, the rate
// limit's fields, and the game's event stream read as the README shows.
// Run by .ci/generated-clients: node build/play.js BASE_URL

import {
  AccountsApi,
  CardColor,
  CardLetter,
  CardsKind,
  Configuration,
  DiceKind,
  EventDataFromJSON,
  GamesApi,
  HandsApi,
  RulesApi,
  TurnsApi,
  Wild,
} from "./generated/typescript";
import type { Card, CardValue, Die, DieValue, Game } from "./generated/typescript";

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new Error(`not as expected: ${what}`);
}

function face(word: string): DieValue {
  return word === "W" ? Wild.W : Number(word);
}

/** Dice in short notation: "8 8 W 10". */
function dice(text: string): Die[] {
  return text.split(" ").map((word) => ({ value: face(word) }));
}

function card(value: CardValue, color?: CardColor): Card {
  return color === undefined ? { value } : { value, color };
}

function players(game: Game): string[] {
  return game.players.map((player) => player.id);
}

async function signedUp(base: string): Promise<Configuration> {
  const account = await new AccountsApi(new Configuration({ basePath: base })).createAccount({
    createAccount: { name: "Generated TypeScript client" },
  });
  return new Configuration({ basePath: base, accessToken: account.apiKey });
}

async function tabletopGame(config: Configuration): Promise<void> {
  const games = new GamesApi(config);
  const turns = new TurnsApi(config);
  const seated = ["Zoë Éléonore", "Ωmega Жанна", "🎲 Bo"];
  const created = await games.createGameRaw({
    createGame: { game: DiceKind.Dice, players: seated.map((name) => ({ name })) },
  });
  const policy = created.raw.headers.get("RateLimit-Policy") ?? "";
  check(policy.startsWith('"writes";q='), `RateLimit-Policy on a write: ${policy}`);
  const game = await created.value();
  check(
    game.players.map((player) => player.name).join() === seated.join(),
    "the seats in the order sent",
  );
  const [cy, ann, bo] = players(game);
  check(cy !== undefined && ann !== undefined && bo !== undefined, "three seats");

  const made = await turns.recordTurn({
    gameId: game.id,
    recordTurn: { playerId: cy, dice: dice("8 8 8 10 W W") },
  });
  check(made.made && made.score === 34, `phase 1 made for 34: ${made.score}`);
  const missed = await turns.recordTurn({
    gameId: game.id,
    recordTurn: { playerId: ann, dice: dice("1 2 3 4 5 6") },
  });
  check(!missed.made, "Ann's dice do not make phase 1");
  // Ann's dice were entered wrong: the turn is replaced, and the game worked out again.
  const replaced = await turns.replaceTurn({
    gameId: game.id,
    number: missed.number,
    replaceTurn: { dice: dice("9 9 9 7 7 W") },
  });
  check(replaced.made && replaced.score === 41, `the replaced turn scores 41: ${replaced.score}`);

  // Bo asks what to keep with one roll left.
  const advice = await new RulesApi(config).adviseTurn({
    adviceRequest: { phase: 1, rollsLeft: 1, dice: dice("8 8 3 10 W 5 6 1 9 2") },
  });
  const best = advice.options[0];
  check(best !== undefined && advice.chance > 0 && advice.chance < 1, advice.summary);
  check(best.keep.length + advice.reroll.length === 10, "each die kept or rolled");
  await turns.recordTurn({
    gameId: game.id,
    recordTurn: { playerId: bo, dice: dice("5 5 5 6 6 6") },
  });

  await followEvents(games, game.id, ["game_created", "turn_scored", "turn_edited"]);
  console.log(`tabletop: seats ${seated} kept; 34, then 41 replaced; ${advice.summary}`);
}

/** The game's stream from its start, as the README shows: the raw answer's body read line by
 * line, each event's `data` parsed into the generated EventData. */
async function followEvents(games: GamesApi, gameId: string, expected: string[]): Promise<void> {
  const stopped = new AbortController();
  const { raw } = await games.followGameRaw({ gameId, after: 0 }, { signal: stopped.signal });
  check(raw.body !== null, "a stream");
  const seen = new Set<string>();
  let kind: string | undefined;
  let pending = "";
  const decoder = new TextDecoder();
  try {
    for await (const chunk of raw.body) {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("event: ")) kind = line.slice("event: ".length);
        if (line.startsWith("data: ") && kind !== undefined) {
          const data = EventDataFromJSON(JSON.parse(line.slice("data: ".length)));
          check(data.version >= 1, `${kind} carries the game's version`);
          seen.add(kind);
        }
      }
      if (expected.every((wanted) => seen.has(wanted))) return;
    }
  } finally {
    stopped.abort();
  }
  throw new Error(`events missing from the stream: ${expected.filter((e) => !seen.has(e))}`);
}

async function cardGame(config: Configuration): Promise<void> {
  const game = await new GamesApi(config).createGame({
    createGame: {
      game: CardsKind.Cards,
      players: ["Ann", "Bo", "Cy"].map((name) => ({ name })),
      phases: [1, 2, 3],
    },
  });
  const [ann, bo, cy] = players(game);
  check(ann !== undefined && bo !== undefined && cy !== undefined, "three seats");
  const hand = await new HandsApi(config).recordHand({
    gameId: game.id,
    recordHand: {
      wentOut: ann,
      players: [
        {
          playerId: ann,
          made: true,
          laidDown: [
            [card(7, CardColor.Red), card(7, CardColor.Blue), card(CardLetter.W)],
            [card(9, CardColor.Green), card(9, CardColor.Yellow), card(9, CardColor.Red)],
          ],
        },
        { playerId: bo, made: true, cards: [card(7, CardColor.Red), card(CardLetter.S)] },
        { playerId: cy, made: false, points: 75 },
      ],
    },
  });
  const points = hand.players.map((player) => player.points);
  check(points.join() === "0,20,75", `the hand's points: ${points}`);
  console.log(`cards: hand ${hand.number} recorded, points ${points}`);
}

async function main(): Promise<void> {
  const base = process.argv[2];
  check(base !== undefined, "usage: node build/play.js BASE_URL");
  const config = await signedUp(base);
  await tabletopGame(config);
  await cardGame(config);
  console.log("the generated TypeScript client played every game");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
