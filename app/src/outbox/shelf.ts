// What the phone keeps for when there is no signal, in IndexedDB (through idb-keyval), so that
// it lasts through a reload and a restart of the phone: the entries waiting to be sent, in the
// order they were made, and each game as last read from the service.
import { createStore, get, set } from "idb-keyval";
import type { Schemas } from "../api/client";
import type { Waiting } from "./entries";

const shelf = createStore("phase10-table", "kept");

/** A game as last read, with its turns (a dice game) or its hands (a card game). */
export type Seen = SeenDice | SeenCards;
export type SeenDice = { game: Schemas["DiceGame"]; turns: Schemas["Turn"][] };
export type SeenCards = { game: Schemas["CardGame"]; hands: Schemas["Hand"][] };

export async function keptWaiting(): Promise<Waiting[]> {
  return (await get<Waiting[]>("waiting", shelf)) ?? [];
}

export async function keepWaiting(all: Waiting[]): Promise<void> {
  await set("waiting", all, shelf);
}

export async function seen(gameId: string): Promise<Seen | undefined> {
  return get<Seen>(`seen/${gameId}`, shelf);
}

export async function keepSeen(kept: Seen): Promise<void> {
  await set(`seen/${kept.game.id}`, kept, shelf);
}

/** The ten phases of the dice game, as last read. */
export async function keptPhases(): Promise<Schemas["Phase"][] | undefined> {
  return get<Schemas["Phase"][]>("phases", shelf);
}

export async function keepPhases(phases: Schemas["Phase"][]): Promise<void> {
  await set("phases", phases, shelf);
}
