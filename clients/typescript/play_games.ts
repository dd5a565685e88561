// Plays games through the TypeScript client generated from openapi/openapi.json (types by
// openapi-typescript, calls by openapi-fetch), unmodified, against a running server: a tabletop
// dice game with an undo and an old turn fixed, a digital dice game to its end, a card game with
// an old hand fixed, a family's roster across games (a rematch, figures, leaderboards), and typed
// problems.
// Run by .ci/typescript: node build/play_games.js BASE_URL. Any mismatch exits non-zero.

import createClient from "openapi-fetch";

import type { components, paths } from "./generated/schema.js";
import { check, must, ok, passed, problem, type Client, type Json } from "./checks.js";
import { playOffline } from "./offline.js";
import type { StreamEvent } from "./type_checks.js";

type Schemas = components["schemas"];

function diceGame(game: Schemas["Game"]): Schemas["DiceGame"] {
  must(game.game === "dice", "a dice game");
  return game;
}

function cardGame(game: Schemas["Game"]): Schemas["CardGame"] {
  must(game.game === "cards", "a card game");
  return game;
}

/** Dice in short notation: "8 8 W 5o". */
function dice(text: string): Schemas["Die"][] {
  const colors: Record<string, Schemas["Color"]> = { r: "red", o: "orange", b: "blue", g: "green" };
  return text.split(" ").map((token) => {
    const color = colors[token.slice(-1)];
    const face = color ? token.slice(0, -1) : token;
    const value: Schemas["DieValue"] = face === "W" ? "W" : Number(face);
    return color ? { value, color } : { value };
  });
}

/** Cards in short notation: "7r 12b W S". */
function cards(text: string): Schemas["Card"][] {
  const colors: Record<string, Schemas["CardColor"]> = { r: "red", b: "blue", y: "yellow", g: "green" };
  return text.split(" ").map((token): Schemas["Card"] => {
    if (token === "W" || token === "S") {
      return { value: token };
    }
    const color = colors[token.slice(-1)];
    if (color === undefined) {
      throw new Error(`not a card: ${token}`);
    }
    return { value: Number(token.slice(0, -1)), color };
  });
}

async function main(baseUrl: string): Promise<void> {
  const anonymous = createClient<paths, Json>({ baseUrl });
  const account = ok(
    await anonymous.POST("/v1/accounts", { body: { name: "TypeScript table" } }),
    "an account",
  );
  check(account.api_key.startsWith("p10_"), "an account and its key");
  const client = createClient<paths, Json>({
    baseUrl,
    headers: { Authorization: `Bearer ${account.api_key}` },
  });
  const me = ok(
    await client.GET("/v1/accounts/{account_id}", { params: { path: { account_id: account.id } } }),
    "the account",
  );
  check(me.name === "TypeScript table", "the account reads back");
  problem(await anonymous.GET("/v1/games"), 401, "unauthorized", "no key, no games");

  const phases = ok(await anonymous.GET("/v1/phases"), "the phases");
  check(phases.length === 10 && phases[7]?.label === "7 of all one color", "ten phases");
  const verdict = ok(
    await anonymous.POST("/v1/evaluate", { body: { game: "dice", phase: 1, dice: dice("8 8 8 10 W W") } }),
    "an evaluation",
  );
  check(verdict.game === "dice" && verdict.made && verdict.score === 34, "the seed example scores 34");
  const notRolled = problem(
    await anonymous.POST("/v1/evaluate", { body: { game: "dice", phase: 1, dice: dice("10 10 10 10 10 10 10") } }),
    422,
    "not_rollable",
    "seven 10s cannot have been rolled",
  );
  check((notRolled.errors ?? []).length > 0, "the problem names the field");

  await playTabletop(client, account.id);
  await playDigital(client);
  await playCards(client);
  await playWithPeople(client);
  await playOffline(client, anonymous, account.id, baseUrl);
  console.log(`checks: ${passed()} passed, 0 failed`);
}

async function playTabletop(client: Client, accountId: string): Promise<void> {
  const created = ok(
    await client.POST("/v1/games", {
      body: { game: "dice", players: [{ name: "Ann" }, { name: "Bo" }], mode: "tabletop" },
    }),
    "a tabletop game",
  );
  const game = diceGame(created);
  const [ann, bo] = game.players;
  check(ann !== undefined && bo !== undefined, "two players");
  check(game.current_player_id === ann.id && game.turn_in_play === null, "Ann starts, no turn in play");
  const path = { game_id: game.id };
  const record = async (player: string, shown: string) =>
    client.POST("/v1/games/{game_id}/turns", {
      params: { path },
      body: { player_id: player, dice: dice(shown) },
    });

  const first = ok(await record(ann.id, "8 8 8 10 W W"), "turn 1");
  check(first.made && first.score === 34, "Ann makes phase 1 for 34");
  problem(await record(ann.id, "1 2 3"), 409, "not_your_turn", "Ann cannot play twice");
  const second = ok(await record(bo.id, "1 2 3"), "turn 2");
  check(!second.made && diceGame(second.game).players[1]?.failures === 1, "Bo fails phase 1");
  const third = ok(await record(ann.id, "10 10 10 W 8 9 10"), "turn 3");
  check(third.made && third.score === 57, "Ann makes phase 2 for 57");

  problem(
    await client.DELETE("/v1/games/{game_id}/turns/{number}", { params: { path: { ...path, number: 2 } } }),
    409,
    "not_latest_turn",
    "only the latest turn can be undone",
  );
  const undone = diceGame(
    ok(
      await client.DELETE("/v1/games/{game_id}/turns/{number}", { params: { path: { ...path, number: 3 } } }),
      "the undo",
    ),
  );
  check(undone.players[0]?.phase === 2 && undone.current_player_id === ann.id, "the undo gives Ann her turn back");
  const again = ok(await record(ann.id, "5 5 5 1 2 3 4"), "turn 3 again");
  check(again.number === 3 && again.score === 25, "Ann makes phase 2 again, for 25");

  const page = ok(
    await client.GET("/v1/games/{game_id}/turns", { params: { path, query: { limit: 2 } } }),
    "a page of turns",
  );
  check(page.items.map((t) => t.number).join() === "1,2" && page.next_cursor !== null, "turns, a page at a time");
  const rest = ok(
    await client.GET("/v1/games/{game_id}/turns", { params: { path, query: { cursor: page.next_cursor } } }),
    "the last page",
  );
  check(rest.items.length === 1 && rest.next_cursor === null, "the last page says so with null");

  const sheet = ok(await client.GET("/v1/games/{game_id}/scoresheet", { params: { path } }), "the pad");
  check(sheet.game === "dice", "a dice pad");
  const line = sheet.players[0];
  check(line !== undefined && line.phases.slice(0, 3).map((p) => p.score).join() === "34,25,", "Ann's score pad");
  check(line.phases[2]?.score === null && line.grand_total === 59, "a phase not made is null; Ann has 59");
  await fixATurn(client, game, ann.id, accountId);

  const games = ok(await client.GET("/v1/games"), "the games");
  check(games.items.some((g) => g.id === game.id), "the game is listed");
  const deleted = await client.DELETE("/v1/games/{game_id}", { params: { path } });
  check(deleted.response.status === 204, "the game is deleted");
  problem(await client.GET("/v1/games/{game_id}", { params: { path } }), 404, "not_found", "a deleted game is gone");
  console.log("the generated client played a tabletop game with an undo, and fixed an old turn");
}

/**
 * Ann's first turn was entered by mistake: she missed phase 1. Turn 1 is no longer the latest, so
 * it cannot be undone; it is replaced (PUT), and the server works the game out again from its
 * record: every later turn keeps its dice and is judged on the phase its player is then on.
 */
async function fixATurn(client: Client, game: Schemas["DiceGame"], ann: string, accountId: string): Promise<void> {
  const path = { game_id: game.id };
  const turn = (number: number) => ({ params: { path: { ...path, number } } });
  const readGame = async () =>
    diceGame(ok(await client.GET("/v1/games/{game_id}", { params: { path } }), "the game"));
  const version = (await readGame()).version;

  const fixed = ok(
    await client.PUT("/v1/games/{game_id}/turns/{number}", { ...turn(1), body: { dice: [] } }),
    "turn 1 replaced",
  );
  check(fixed.edited === 1 && !fixed.made, "turn 1 replaced: Ann missed phase 1");
  const annAfterOne = diceGame(fixed.game).players[0];
  check(annAfterOne?.phase === 1 && annAfterOne.total === 0, "the answer holds the game after turn 1");
  const third = ok(await client.GET("/v1/games/{game_id}/turns/{number}", turn(3)), "turn 3");
  check(
    third.phase === 1 && !third.made && third.edited === 0,
    "turn 3 keeps its dice, 5 5 5 1 2 3 4, now judged on phase 1, which they miss",
  );
  const now = await readGame();
  check(now.version === version + 1, "one change of the game");
  check(
    now.players.map((p) => [p.phase, p.total, p.failures].join("/")).join() === "1/0/2,1/0/1",
    "the game is worked out again: Ann is back on phase 1 with 0 points and two failures",
  );

  // A turn's player does not change: a replacement naming another is refused, and changes nothing.
  const refused = problem(
    await client.PUT("/v1/games/{game_id}/turns/{number}", {
      ...turn(2),
      body: { player_id: ann, dice: dice("8 8 8 10 W W") },
    }),
    422,
    "invalid_value",
    "Bo's turn cannot become Ann's",
  );
  check(refused.errors?.[0]?.field === "player_id", `the problem names player_id (${refused.detail})`);
  check((await readGame()).version === version + 1, "a refusal changes nothing");

  // Every replacement is kept: which entry, who, when, and the entry before and after.
  const edits = ok(await client.GET("/v1/games/{game_id}/edits", { params: { path } }), "the edits");
  check(edits.items.length === 1 && edits.next_cursor === null, "one edit kept");
  const edit = edits.items[0];
  check(
    edit !== undefined && edit.entry === "turn" && edit.number === 1 && edit.account_id === accountId
      && edit.version === version + 1,
    "the edit says which turn, who and which version",
  );
  check(
    "dice" in edit.before && "dice" in edit.after
      && edit.before.dice.map((d) => d.value).join(" ") === "8 8 8 10 W W" && edit.after.dice.length === 0,
    "the edit keeps the dice before (8 8 8 10 W W) and after (none)",
  );
}

async function playDigital(client: Client): Promise<void> {
  const created = ok(
    await client.POST("/v1/games", { body: { game: "dice", players: [{ name: "Solo" }], mode: "digital" } }),
    "a digital game",
  );
  let game = diceGame(created);
  const path = { game_id: game.id };
  const solo = game.players[0];
  check(solo !== undefined && (solo.order_rolls ?? []).length > 0, "the server rolled for the order");
  problem(
    await client.POST("/v1/games/{game_id}/turns", {
      params: { path },
      body: { player_id: solo.id, dice: dice("1 2 3") },
    }),
    409,
    "digital_game",
    "no client chooses a digital game's dice",
  );
  let turns = 0;
  while (game.status !== "finished") {
    must(turns < 400, "a solitaire game ends within 400 turns");
    const player = game.current_player_id;
    must(player !== null, "a game in progress names whose turn it is");
    let turn = ok(
      await client.POST("/v1/games/{game_id}/turns", { params: { path }, body: { player_id: player } }),
      "a digital turn",
    );
    must(turn.state === "rolling" && turn.rolls_left === 2, "a turn starts with a roll, two left");
    must(diceGame(turn.game).turn_in_play === turn.number, "the game names its turn in play");
    const number = turn.number;
    while (turn.state === "rolling") {
      const advice = ok(
        await client.GET("/v1/games/{game_id}/turns/{number}/advice", {
          params: { path: { ...path, number }, query: { goal: "make" } },
        }),
        "advice",
      );
      const rolls = turn.rolls ?? [];
      const last = rolls[rolls.length - 1] ?? [];
      must(last.length === 10, "a roll is of all ten dice");
      // RolledDie.color is typed as always there; the server must agree.
      must(
        last.every((d) => ["red", "orange", "blue", "green"].includes(d.color)),
        "every rolled die shows its color",
      );
      turn =
        advice.reroll.length === 0
          ? ok(
              await client.POST("/v1/games/{game_id}/turns/{number}/score", { params: { path: { ...path, number } } }),
              "scored",
            )
          : ok(
              await client.POST("/v1/games/{game_id}/turns/{number}/rolls", {
                params: { path: { ...path, number } },
                body: { reroll: advice.reroll },
              }),
              "rolled",
            );
    }
    if (turns === 0) {
      problem(
        await client.POST("/v1/games/{game_id}/turns/{number}/score", { params: { path: { ...path, number } } }),
        409,
        "turn_scored",
        "a turn is scored once",
      );
    }
    game = diceGame(turn.game);
    must(game.turn_in_play === null, "no turn in play once scored");
    turns += 1;
  }
  // Every turn above started with a roll of ten dice, each showing its color, named its turn in
  // play while rolling and none once scored (each a `must`, which ends the run when it fails).
  check(turns > 0, `${turns} turns, each rolled, advised, and scored by the server`);
  check(game.current_player_id === null && game.winners[0] === solo.id, "the game is over and Solo won");
  check(game.players[0]?.phase === 11, "every phase made");
  console.log(`the digital game took ${turns} turns`);
  await followTheGame(client, game);
  console.log("the generated client played a digital game to its end");
}

/** The game's event stream from the start, read up to its `game_finished`. */
async function followTheGame(client: Client, game: Schemas["DiceGame"]): Promise<void> {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), 10_000);
  const answer = await client.GET("/v1/games/{game_id}/events", {
    params: { path: { game_id: game.id }, query: { after: 0 } },
    parseAs: "stream",
    signal: stop.signal,
  });
  const body = answer.data;
  check(body !== undefined && body !== null, "the events stream");
  const events: { event: StreamEvent; data: Schemas["EventData"] }[] = [];
  let text = "";
  const decoder = new TextDecoder();
  try {
    for await (const chunk of body) {
      text += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = text.indexOf("\n\n")) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const event = parseEvent(block);
        if (event !== undefined) {
          events.push({ event, data: JSON.parse(event.data) as Schemas["EventData"] });
        }
      }
      if (events.some((e) => e.event.event === "game_finished")) {
        break;
      }
    }
  } finally {
    clearTimeout(timer);
    stop.abort();
  }
  const first = events[0];
  const last = events[events.length - 1];
  check(first?.event.event === "game_created" && first.event.id === "1", "the stream starts with the game's creation");
  check(last?.event.event === "game_finished" && last.data.version === game.version, "and ends with its finish");
  check(events.every((e) => e.data.game.id === game.id), "every event's data holds the game");
  const started = events.find((e) => e.event.event === "turn_started");
  check(started?.data.turn?.state === "rolling", "a turn_started event holds the turn");
}

/** An SSE block's fields, as the document's StreamEvent; undefined for a comment or `retry`. */
function parseEvent(block: string): StreamEvent | undefined {
  const fields = new Map<string, string>();
  for (const line of block.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) {
      fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
    }
  }
  const event = fields.get("event");
  const data = fields.get("data");
  if (event === undefined || data === undefined) {
    return undefined;
  }
  // Every kind the document names: tsc fails here when the document adds one.
  const kinds: Record<Schemas["EventKind"], true> = {
    game_created: true, turn_started: true, dice_rolled: true, turn_scored: true, turn_undone: true,
    seat_claimed: true, hand_recorded: true, hand_undone: true, turn_edited: true, hand_edited: true,
    game_finished: true, game_deleted: true, game_renamed: true, player_changed: true,
  };
  const kind = (Object.keys(kinds) as Schemas["EventKind"][]).find((k) => k === event);
  must(kind !== undefined, `a known event: ${event}`);
  const id = fields.get("id");
  return id === undefined ? { event: kind, data } as StreamEvent : { event: kind, data, id } as StreamEvent;
}

async function playCards(client: Client): Promise<void> {
  const created = ok(
    await client.POST("/v1/games", {
      body: { game: "cards", players: [{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }], phases: [1, 2] },
    }),
    "a card game",
  );
  const game = cardGame(created);
  check(game.current_player_id === null && game.phases.join() === "1,2", "a card game of two phases, no current player");
  const [ann, bo, cy] = game.players.map((p) => p.id);
  check(ann !== undefined && bo !== undefined && cy !== undefined, "three players");
  const path = { game_id: game.id };
  type Line = Schemas["RecordedPlayer"];
  const record = async (wentOut: string, ...players: Line[]) =>
    client.POST("/v1/games/{game_id}/hands", { params: { path }, body: { went_out: wentOut, players } });

  const first = ok(
    await record(
      ann,
      { player_id: ann, made: true, laid_down: [cards("7r 7b W"), cards("9g 9y 9r")] },
      { player_id: bo, made: true, cards: cards("7r S") },
      { player_id: cy, made: false, points: 75 },
    ),
    "hand 1",
  );
  check(first.players.map((p) => p.points).join() === "0,20,75", "hand 1 scored");
  problem(
    await record(
      bo,
      { player_id: ann, made: false, points: 35 },
      { player_id: bo, made: true },
      { player_id: cy, made: false, points: 50 },
    ),
    422,
    "impossible_points",
    "a hand that cannot be is refused",
  );
  problem(
    await client.POST("/v1/games/{game_id}/turns", { params: { path }, body: { player_id: ann } }),
    409,
    "wrong_game",
    "no turns in a card game",
  );
  const second = ok(
    await record(
      cy,
      { player_id: ann, made: false, points: 60 },
      { player_id: bo, made: false, points: 50 },
      { player_id: cy, made: true },
    ),
    "hand 2",
  );
  const afterSecond = cardGame(second.game);
  check(afterSecond.status === "in_progress" && afterSecond.players[2]?.phase === 2, "Cy goes out");
  const undone = cardGame(
    ok(
      await client.DELETE("/v1/games/{game_id}/hands/{number}", { params: { path: { ...path, number: 2 } } }),
      "the undo of hand 2",
    ),
  );
  check(undone.hands === 1, "the undo of hand 2");
  // Ann lays down phase 2 (8 8 8 and 1 2 3 4) and still holds a red 10.
  ok(
    await record(
      bo,
      { player_id: ann, made: true, laid_down: [cards("8r 8b 8g"), cards("1r 2r 3r 4b")], cards: cards("10r") },
      { player_id: bo, made: true },
      { player_id: cy, made: true, points: 30 },
    ),
    "hand 2 again",
  );
  const over = cardGame(ok(await client.GET("/v1/games/{game_id}", { params: { path } }), "the game"));
  check(
    over.status === "finished" && over.winners.join() === ann && over.players.map((p) => p.total).join() === "10,20,105",
    "Ann and Bo complete phase 2, the last: Ann wins with the fewer points",
  );
  check(
    over.players.map((p) => p.phase).join() === ",,2",
    "Ann and Bo have every phase behind them (null); Cy is on phase 2",
  );
  const pad = ok(await client.GET("/v1/games/{game_id}/scoresheet", { params: { path } }), "the card pad");
  check(pad.game === "cards" && pad.players.map((l) => l.rank).join() === "1,2,3", "the card pad");
  await fixAHand(client, game, ann, bo, cy);
  console.log("the generated client played a card game, and fixed an old hand");
}

/**
 * Hand 1 was entered wrong: Bo went out, not Ann, who still held a blue 12 and a Skip. The hand
 * is replaced (PUT, the body of recording it) and the game worked out again: the totals and the
 * winner follow.
 */
async function fixAHand(
  client: Client,
  game: Schemas["CardGame"],
  ann: string,
  bo: string,
  cy: string,
): Promise<void> {
  const path = { game_id: game.id };
  const hand = (number: number) => ({ params: { path: { ...path, number } } });
  const readGame = async () =>
    cardGame(ok(await client.GET("/v1/games/{game_id}", { params: { path } }), "the game"));
  const annLaidPhaseOne = [cards("7r 7b W"), cards("9g 9y 9r")];

  const fixed = ok(
    await client.PUT("/v1/games/{game_id}/hands/{number}", {
      ...hand(1),
      body: {
        went_out: bo,
        players: [
          { player_id: ann, made: true, laid_down: annLaidPhaseOne, cards: cards("12b S") },
          { player_id: bo, made: true },
          { player_id: cy, made: false, points: 75 },
        ],
      },
    }),
    "hand 1 replaced",
  );
  check(
    fixed.edited === 1 && fixed.players.map((p) => p.points).join() === "25,0,75",
    "hand 1 replaced: Bo went out, Ann held 25",
  );
  const now = await readGame();
  check(
    now.status === "finished" && now.winners.join() === bo && now.players.map((p) => p.total).join() === "35,0,105",
    "the game is worked out again: Bo wins with 0",
  );
  const second = ok(await client.GET("/v1/games/{game_id}/hands/{number}", hand(2)), "hand 2");
  check(second.edited === 0, "hand 2 stays as it was entered");

  // Had Ann not laid down in hand 1, she would have been on phase 1 in hand 2, where her 8 8 8 and
  // 1 2 3 4 do not make it: the replacement is refused, naming hand 2, and changes nothing.
  const refused = problem(
    await client.PUT("/v1/games/{game_id}/hands/{number}", {
      ...hand(1),
      body: {
        went_out: bo,
        players: [
          { player_id: ann, made: false, points: 60 },
          { player_id: bo, made: true },
          { player_id: cy, made: false, points: 75 },
        ],
      },
    }),
    422,
    "edit_breaks_later",
    "a replacement that would break hand 2 is refused",
  );
  check(refused.errors?.[0]?.field.startsWith("hands/2/") === true, `the problem names hand 2 (${refused.detail})`);
  check((await readGame()).version === now.version, "a refusal changes nothing");

  const edits = ok(await client.GET("/v1/games/{game_id}/edits", { params: { path } }), "the edits");
  const edit = edits.items[0];
  check(edits.items.length === 1 && edit !== undefined, "one edit kept");
  check(
    edit.entry === "hand" && edit.number === 1 && "went_out" in edit.before && "went_out" in edit.after
      && edit.before.went_out === ann && edit.after.went_out === bo,
    "the edit keeps hand 1 before (Ann went out) and after (Bo did)",
  );
}

/** The ten best rolls of a solitaire game, one per phase (tests/api/scoresheet.rs). */
const BEST_ROLLS = [
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
];

/**
 * A family's games (RULES §10). Every player of a game is a person of the account's roster: given
 * by name (the roster's person of that name, added if new) or by person_id. A person's figures add
 * up their finished games; the leaderboard ranks them.
 */
async function playWithPeople(client: Client): Promise<void> {
  const join = async (name: string) =>
    ok(await client.POST("/v1/people", { body: { name } }), `${name} joins the roster`);
  const mia = await join("Mia");
  const leo = await join("Leo");
  check(mia.name === "Mia" && leo.name === "Leo", "Mia and Leo join the roster");
  // The games above put Ann, Bo, Solo and Cy in the roster; "ANN" looks the same as "Ann".
  const taken = problem(
    await client.POST("/v1/people", { body: { name: "ANN" } }),
    409,
    "person_exists",
    "ANN is Ann",
  );
  check(taken.detail.includes("Ann"), `the problem says who (${taken.detail})`);
  const roster = ok(await client.GET("/v1/people"), "the roster").items.map((p) => p.name);
  check(
    roster.slice(0, 4).sort().join() === "Ann,Bo,Cy,Solo" && roster.slice(4).join() === "Mia,Leo",
    "the roster, oldest first",
  );

  // A dice game by names: they are the roster's Mia and Leo. Mia rolls the best roll of each
  // phase; Leo misses every turn, his last try included.
  const sunday = diceGame(
    ok(
      await client.POST("/v1/games", {
        body: { game: "dice", name: "Sunday dice", players: [{ name: "Mia" }, { name: "Leo" }] },
      }),
      "a dice game",
    ),
  );
  check(
    sunday.players.map((p) => p.person_id).join() === [mia.id, leo.id].join(),
    "a dice game of Mia and Leo, by name",
  );
  const [miaDice, leoDice] = sunday.players.map((p) => p.id);
  must(miaDice !== undefined && leoDice !== undefined, "two players");
  const sundayPath = { params: { path: { game_id: sunday.id } } };
  const turn = async (body: Schemas["RecordTurn"]) =>
    ok(await client.POST("/v1/games/{game_id}/turns", { ...sundayPath, body }), "a turn");
  let over = sunday;
  for (const roll of BEST_ROLLS) {
    await turn({ player_id: miaDice, dice: dice(roll) });
    over = diceGame((await turn({ player_id: leoDice })).game);
  }
  check(
    over.status === "finished" && over.winners.join() === miaDice && over.players[0]?.total === 649,
    "Mia makes all ten phases and wins with 649",
  );

  // A card game of the same people by person_id, playing phase 1 only; Leo deals first.
  const table = cardGame(
    ok(
      await client.POST("/v1/games", {
        body: {
          game: "cards",
          players: [{ person_id: mia.id }, { person_id: leo.id }],
          phases: [1],
          first_dealer: 1,
        },
      }),
      "a card game",
    ),
  );
  check(table.players.map((p) => p.name).join() === "Mia,Leo", "a card game of Mia and Leo, by person_id");
  const [miaCards, leoCards] = table.players.map((p) => p.id);
  must(miaCards !== undefined && leoCards !== undefined, "two players");
  check(table.first_dealer === 1 && table.dealer_id === leoCards, "Leo (seat 1) deals the first hand");
  const hand = ok(
    await client.POST("/v1/games/{game_id}/hands", {
      params: { path: { game_id: table.id } },
      body: {
        went_out: miaCards,
        players: [
          { player_id: miaCards, made: true },
          { player_id: leoCards, made: false, points: 65 },
        ],
      },
    }),
    "the hand",
  );
  check(
    hand.dealer_id === leoCards && cardGame(hand.game).winners.join() === miaCards,
    "Leo dealt; Mia goes out with phase 1, the last, and wins",
  );

  // A rematch: the same people and options; the deal goes on round the table, to Mia.
  const rematch = cardGame(
    ok(await client.POST("/v1/games/{game_id}/rematch", { params: { path: { game_id: table.id } } }), "the rematch"),
  );
  check(
    rematch.rematch_of === table.id
      && rematch.players.map((p) => p.person_id).join() === [mia.id, leo.id].join()
      && rematch.phases.join() === "1"
      && rematch.status === "in_progress",
    "a rematch of the card game, with the same people",
  );
  check(rematch.dealer_id === rematch.players[0]?.id, "Mia deals the rematch's first hand");
  const renamed = ok(
    await client.PATCH("/v1/games/{game_id}", {
      params: { path: { game_id: rematch.id } },
      body: { name: "Rematch at Gran's" },
    }),
    "the rename",
  );
  check(renamed.name === "Rematch at Gran's", "the rematch gets a name");

  // A person's games, newest first, of one kind or status if asked.
  const games = ok(
    await client.GET("/v1/people/{person_id}/games", { params: { path: { person_id: mia.id } } }),
    "Mia's games",
  );
  check(
    games.items.map((g) => g.id).join() === [rematch.id, table.id, sunday.id].join(),
    "Mia's three games, newest first",
  );
  const finishedCards = ok(
    await client.GET("/v1/people/{person_id}/games", {
      params: { path: { person_id: mia.id }, query: { game: "cards", status: "finished" } },
    }),
    "Mia's finished card games",
  );
  check(finishedCards.items.map((g) => g.id).join() === table.id, "Mia's finished card games: one");

  // The figures count finished games only (the rematch is in progress).
  const stats = async (person: Schemas["Person"]) =>
    ok(await client.GET("/v1/people/{person_id}/stats", { params: { path: { person_id: person.id } } }), "figures");
  const leoStats = await stats(leo);
  check(
    leoStats.dice.games === 1 && leoStats.dice.wins === 0 && leoStats.in_progress === 1,
    "Leo: one dice game, no win, one game in progress",
  );
  const phaseOne = leoStats.dice.phases[0];
  check(
    phaseOne !== undefined && phaseOne.phase === 1 && phaseOne.attempts === 10 && phaseOne.made === 0
      && phaseOne.expected_made > 9.8 && phaseOne.expected_made < 9.9,
    `Leo tried phase 1 ten times and missed it; best play makes ${phaseOne?.expected_made.toFixed(2)} of those`,
  );
  const miaStats = await stats(mia);
  check(
    miaStats.dice.wins === 1 && miaStats.dice.best_total === 649 && miaStats.dice.five_phase_bonuses === 1
      && miaStats.dice.phases.every((p) => p.attempts === 1 && p.made === 1),
    "Mia: one dice win with 649 and the Five Phase Bonus, every phase made at the first try",
  );
  check(
    miaStats.cards.games === 1 && miaStats.cards.wins === 1 && miaStats.cards.went_out === 1
      && miaStats.cards.phases[0]?.attempts === 1 && miaStats.cards.phases[0].made === 1,
    "Mia: one card game won, out in its one hand",
  );

  // The leaderboards: most wins, then win rate, then name; level people share a rank.
  const board = async (game: Schemas["GameKind"]) =>
    ok(await client.GET("/v1/leaderboard", { params: { query: { game } } }), "a leaderboard").items
      .map((s) => `${s.name} ${s.wins}/${s.games} #${s.rank}`)
      .join(", ");
  const diceBoard = await board("dice");
  check(diceBoard === "Mia 1/1 #1, Solo 1/1 #1, Leo 0/1 #3", `the dice leaderboard: ${diceBoard}`);
  const cardBoard = await board("cards");
  check(
    cardBoard === "Bo 1/1 #1, Mia 1/1 #1, Ann 0/1 #3, Cy 0/1 #3, Leo 0/1 #3",
    `the card leaderboard: ${cardBoard}`,
  );

  // A person renamed is renamed everywhere.
  ok(
    await client.PATCH("/v1/people/{person_id}", { params: { path: { person_id: leo.id } }, body: { name: "Leon" } }),
    "Leo renamed",
  );
  const sundayNow = ok(await client.GET("/v1/games/{game_id}", sundayPath), "the dice game");
  check(sundayNow.players.map((p) => p.name).join() === "Mia,Leon", "Leo is now Leon");

  // Refusals: one person in two seats; a person who still plays games leaving the roster.
  const twice = problem(
    await client.POST("/v1/games", { body: { game: "dice", players: [{ person_id: mia.id }, { name: "mia" }] } }),
    422,
    "duplicate_person",
    "Mia cannot play two seats",
  );
  check(
    (twice.errors ?? []).map((e) => e.field).join() === "players[0].person_id,players[1].name",
    "the problem names both seats",
  );
  const busy = problem(
    await client.DELETE("/v1/people/{person_id}", { params: { path: { person_id: leo.id } } }),
    409,
    "person_has_games",
    "Leon stays in the roster while he plays games",
  );
  console.log(`  ${busy.detail}`);
  console.log("the generated client kept a family's roster, its games, a rematch, figures and leaderboards");
}

const baseUrl = process.argv[2];
if (baseUrl === undefined) {
  console.error("usage: node build/play_games.js BASE_URL");
  process.exit(2);
}
main(baseUrl).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
