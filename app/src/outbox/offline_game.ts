// A game as this phone can draw it without a signal: as last read from the service, or, for a
// game started offline, as it was entered (its players in their seats, nothing played yet).
import type { Schemas } from "../api/client";
import { waiting } from "./outbox";
import { seen, type Seen } from "./shelf";

export async function offlineGame(gameId: string): Promise<Seen | undefined> {
  const kept = await seen(gameId);
  if (kept) return kept;
  const started = (await waiting()).find((entry) => entry.kind === "game" && entry.gameId === gameId);
  if (started?.kind !== "game") return undefined;
  const { body, names, madeAt } = started;
  const seats = body.players.map((player, seat) => ({ id: `seat:${seat}`, person_id: player.person_id ?? "", name: names[seat] ?? player.name ?? "", seat, total: 0, claimed: false }));
  const common = { id: body.id ?? "", name: body.name ?? null, rematch_of: null, version: 0, winners: [], created_at: madeAt, updated_at: madeAt };
  if (body.game === "dice") return { game: diceEntered(body, seats, common), turns: [] };
  return { game: cardsEntered(body, seats, common), hands: [] };
}

type Seat = Pick<Schemas["Player"], "id" | "person_id" | "name" | "seat" | "total" | "claimed">;
type Common = Pick<Schemas["DiceGame"], "id" | "name" | "rematch_of" | "version" | "winners" | "created_at" | "updated_at">;

/** A dice game started offline, as the service would answer it before its first turn. Its
 * players' ids are their seats (`seat:0`, …) until it is sent. */
function diceEntered(body: Schemas["CreateDiceGame"], seats: Seat[], common: Common): Schemas["DiceGame"] {
  const players = seats.map((seat) => ({ ...seat, phase: 1, failures: 0, finished: false }));
  return {
    ...common,
    game: "dice",
    mode: body.mode ?? "tabletop",
    edition: body.edition ?? "mattel-2011",
    dice_layout: body.dice_layout ?? "standard",
    status: "in_progress",
    round: 1,
    current_player_id: players[0]?.id ?? null,
    turn_in_play: null,
    players,
  };
}

/** A card game started offline, as the service would answer it before its first hand. */
function cardsEntered(body: Schemas["CreateCardGame"], seats: Seat[], common: Common): Schemas["CardGame"] {
  const phases = body.phases ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const firstDealer = body.first_dealer ?? 0;
  return {
    ...common,
    game: "cards",
    mode: "tabletop",
    edition: body.edition ?? "standard",
    phases,
    ten_hands: body.ten_hands ?? false,
    first_dealer: firstDealer,
    status: "in_progress",
    hands: 0,
    dealer_id: seats[firstDealer]?.id ?? null,
    current_player_id: null,
    tied: [],
    players: seats.map((seat) => ({ ...seat, phase: phases[0] ?? 1, phases_done: [] })),
  };
}
