// An offline phone and a second one, through the generated client: a game made with an id the
// client chose and sent again, a turn sent again with its number (recorded once) and another
// phone's turn at that number refused with what the game has, a device paired by its code,
// listed and cut off, and the account exported and imported into another account.
import { randomUUID } from "node:crypto";

import createClient from "openapi-fetch";

import type { components, paths } from "./generated/schema.js";
import { check, ok, problem, type Client, type Json } from "./checks.js";

type Schemas = components["schemas"];

const eightsAndWilds: Schemas["Die"][] = [
  { value: 8 }, { value: 8 }, { value: 8 }, { value: 10 }, { value: "W" }, { value: "W" },
];

export async function playOffline(client: Client, anonymous: Client, accountId: string, baseUrl: string): Promise<void> {
  const id = randomUUID();
  const body: Schemas["CreateDiceGame"] = { id, game: "dice", players: [{ name: "Ann" }, { name: "Bo" }] };
  const made = await client.POST("/v1/games", { body });
  check(made.response.status === 201, "a game made with the id the phone chose");
  const game = ok(made, "the game made offline");
  check(game.id === id, "the game has the phone's id");
  const again = await client.POST("/v1/games", { body });
  check(again.response.status === 200 && ok(again, "sent again").id === id, "sent again: the game as it is, nothing made");
  problem(
    await client.POST("/v1/games", { body: { ...body, players: [{ name: "Cy" }] } }),
    409,
    "id_taken",
    "the id with another body is refused",
  );

  const ann = game.players[0]?.id ?? "";
  const turns = { params: { path: { game_id: id } } };
  const first = await client.POST("/v1/games/{game_id}/turns", { ...turns, body: { player_id: ann, dice: eightsAndWilds, number: 1 } });
  check(first.response.status === 201 && ok(first, "turn 1").score === 34, "turn 1, numbered by the phone");
  const resent = await client.POST("/v1/games/{game_id}/turns", { ...turns, body: { player_id: ann, dice: eightsAndWilds, number: 1 } });
  check(
    resent.response.status === 200 && resent.response.headers.get("Idempotent-Replayed") === "true",
    "turn 1 sent again: answered as it is, recorded once",
  );
  const taken = problem(
    await client.POST("/v1/games/{game_id}/turns", { ...turns, body: { player_id: ann, dice: [{ value: 1 }], number: 1 } }),
    409,
    "entry_taken",
    "another phone's turn 1 is refused",
  );
  check(taken.detail.includes("8 8 8 10 W W"), "the refusal says what the game has there");
  problem(
    await client.POST("/v1/games/{game_id}/turns", { ...turns, body: { player_id: ann, number: 3 } }),
    409,
    "not_next",
    "a turn past the next is refused",
  );

  await pairAPhone(client, anonymous, accountId, baseUrl);
  await moveTheAccount(client, anonymous, accountId, baseUrl);
  console.log("the generated client kept an offline phone's entries once, paired a phone and moved the account");
}

async function pairAPhone(client: Client, anonymous: Client, accountId: string, baseUrl: string): Promise<void> {
  const account = { params: { path: { account_id: accountId } } };
  const pairing = ok(await client.POST("/v1/accounts/{account_id}/pairings", account), "a pairing code");
  check(pairing.url.endsWith(`/#/pair/${pairing.code}`), "the pairing link opens the table app");
  const paired = ok(
    await anonymous.POST("/v1/pairings/{code}", { params: { path: { code: pairing.code } }, body: { name: "Bo's phone" } }),
    "the phone paired",
  );
  check(paired.account_id === accountId, "the phone has a key of the same account");
  const phone = createClient<paths, Json>({
    baseUrl,
    headers: { Authorization: `Bearer ${paired.api_key}` },
  });
  const keys = ok(await phone.GET("/v1/accounts/{account_id}/keys", account), "the keys").items;
  check(keys.length === 2 && keys.some((key) => key.current && key.id === paired.key_id), "two keys, the phone's marked current");
  problem(
    await anonymous.POST("/v1/pairings/{code}", { params: { path: { code: pairing.code } }, body: { name: "again" } }),
    404,
    "not_found",
    "a pairing code works once",
  );
  const gone = await client.DELETE("/v1/accounts/{account_id}/keys/{key_id}", {
    params: { path: { account_id: accountId, key_id: paired.key_id } },
  });
  check(gone.response.status === 204, "the phone's key is deleted");
  problem(await phone.GET("/v1/games"), 401, "unauthorized", "the deleted key is refused");
}

async function moveTheAccount(client: Client, anonymous: Client, accountId: string, baseUrl: string): Promise<void> {
  const document = ok(
    await client.GET("/v1/accounts/{account_id}/export", { params: { path: { account_id: accountId } } }),
    "the export",
  );
  check(document.format === "phase10-account/1" && document.games.length > 0, "the account as one document");
  const other = ok(await anonymous.POST("/v1/accounts", { body: { name: "TypeScript table, moved" } }), "a new account");
  const moved = createClient<paths, Json>({
    baseUrl,
    headers: { Authorization: `Bearer ${other.api_key}` },
  });
  problem(await moved.POST("/v1/imports", { body: document }), 409, "id_taken", "ids another account has are refused");
}
