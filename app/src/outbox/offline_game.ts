// A dice game as this phone can draw it without a signal: as last read from the service, or, for
// a game started offline, as it was entered (its players in their seats, nothing played yet).
import type { Schemas } from "../api/client";
import { waiting } from "./outbox";
import { seen, type Seen } from "./shelf";

export async function offlineGame(gameId: string): Promise<Seen | undefined> {
  const kept = await seen(gameId);
  if (kept) return kept;
  const started = (await waiting()).find((entry) => entry.kind === "game" && entry.gameId === gameId);
  if (started?.kind !== "game") return undefined;
  return { game: asEntered(started.body, started.names, started.madeAt), turns: [] };
}

/** A game started offline, as the service would answer it before its first turn. Its players'
 * ids are their seats (`seat:0`, …) until it is sent. */
function asEntered(body: Schemas["CreateDiceGame"], names: string[], madeAt: string): Schemas["DiceGame"] {
  const players: Schemas["Player"][] = body.players.map((player, seat) => ({
    id: `seat:${seat}`,
    person_id: player.person_id ?? "",
    name: names[seat] ?? player.name ?? "",
    seat,
    phase: 1,
    total: 0,
    failures: 0,
    finished: false,
    claimed: false,
  }));
  return {
    id: body.id ?? "",
    game: "dice",
    name: body.name ?? null,
    rematch_of: null,
    mode: body.mode ?? "tabletop",
    edition: body.edition ?? "mattel-2011",
    dice_layout: body.dice_layout ?? "standard",
    status: "in_progress",
    round: 1,
    current_player_id: players[0]?.id ?? null,
    turn_in_play: null,
    version: 0,
    players,
    winners: [],
    created_at: madeAt,
    updated_at: madeAt,
  };
}
