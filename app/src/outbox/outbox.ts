// The entries waiting to be sent, sent in the order they were made as soon as the service can be
// reached: when the phone says it is online again, when the app opens, every little while while
// any wait, and after each new one. Each is recorded once however often it is sent (its id or
// number). One the service refuses because another phone entered something else there waits for
// the person: kept, or dropped, never silently.
import { api, answer, Refused, Unreachable } from "../api/client";
import { table } from "../table";
import { newId, type NewEntry, type Waiting, type WaitingTurn } from "./entries";
import { keepSeen, keepWaiting, keptWaiting, seen } from "./shelf";

const listeners = new Set<() => void>();
let sending: Promise<void> | null = null;

/** Calls `listener` whenever the waiting entries change. */
export function onWaitingChange(listener: () => void): void {
  listeners.add(listener);
}

function changed(): void {
  for (const listener of listeners) listener();
}

/** The entries of this table still waiting, oldest first. */
export async function waiting(): Promise<Waiting[]> {
  const accountId = table()?.account_id;
  return (await keptWaiting()).filter((entry) => entry.accountId === accountId);
}

/** Keeps a new entry of this table's, then tries to send everything waiting. */
export async function keep(entry: NewEntry): Promise<void> {
  const all = await keptWaiting();
  const made = { ...entry, key: newId(), accountId: table()?.account_id ?? "", madeAt: new Date().toISOString() } as Waiting;
  await keepWaiting([...all, made]);
  changed();
  void sendWaiting();
}

async function remove(key: string): Promise<void> {
  await keepWaiting((await keptWaiting()).filter((entry) => entry.key !== key));
  changed();
}

async function markStuck(key: string, problem: Refused["problem"]): Promise<void> {
  await keepWaiting((await keptWaiting()).map((entry) => (entry.key === key ? { ...entry, stuck: problem } : entry)));
  changed();
}

/** Sends the waiting entries in order, one call at a time; stops at the first that cannot go. */
export function sendWaiting(): Promise<void> {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendAll(): Promise<void> {
  for (;;) {
    const next = (await waiting())[0];
    if (!next || next.stuck) return;
    try {
      await send(next);
    } catch (error) {
      if (error instanceof Refused) await markStuck(next.key, error.problem);
      return;
    }
    await remove(next.key);
  }
}

async function send(entry: Waiting): Promise<void> {
  if (entry.kind === "game") {
    const game = await answer(api.POST("/v1/games", { body: entry.body }));
    if (game.game === "dice") await keepSeen({ game, turns: (await seen(game.id))?.turns ?? [] });
    return;
  }
  const playerId = await playerIn(entry);
  const turn = await answer(api.POST("/v1/games/{game_id}/turns", { params: { path: { game_id: entry.gameId } }, body: { player_id: playerId, dice: entry.dice, number: entry.number } }));
  // The game as it now is, for when the signal goes again.
  const kept = await seen(entry.gameId);
  if (turn.game.game === "dice") await keepSeen({ game: turn.game, turns: [...(kept?.turns ?? []).filter((t) => t.number !== turn.number), turn] });
}

/** The id of the player in the turn's seat: from the game as last read, or read now. */
async function playerIn(entry: WaitingTurn): Promise<string> {
  const known = (await seen(entry.gameId))?.game.players.find((p) => p.seat === entry.seat && !p.id.startsWith("seat:"));
  if (known) return known.id;
  const game = await answer(api.GET("/v1/games/{game_id}", { params: { path: { game_id: entry.gameId } } }));
  const player = game.players.find((p) => p.seat === entry.seat);
  if (!player) throw new Unreachable(`no seat ${entry.seat}`);
  return player.id;
}

/** Keeps this phone's turn where another phone's is: it replaces it (RULES §9), then the rest go. */
export async function keepMine(entry: WaitingTurn): Promise<void> {
  await answer(api.PUT("/v1/games/{game_id}/turns/{number}", { params: { path: { game_id: entry.gameId, number: entry.number } }, body: { dice: entry.dice } }));
  await remove(entry.key);
  void sendWaiting();
}

/** Drops this phone's entry; the rest go. */
export async function dropMine(entry: Waiting): Promise<void> {
  await remove(entry.key);
  void sendWaiting();
}

/** Sends whenever it may work: now, when the phone is online again, and every 15 s while any wait. */
export function startSending(): void {
  window.addEventListener("online", () => void sendWaiting());
  setInterval(() => {
    void waiting().then((all) => {
      if (all.length > 0 && !all[0]?.stuck) void sendWaiting();
    });
  }, 15_000);
  void sendWaiting();
}
