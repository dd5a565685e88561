// The entries waiting to be sent, sent in the order they were made as soon as the service can be
// reached: when the phone says it is online again, when the app opens, every little while while
// any wait, and after each new one. Each is recorded once however often it is sent (its id or
// number). One the service refuses because another phone entered something else there waits for
// the person: kept, or dropped, never silently.
import { api, answer, Refused, Unreachable, type Schemas } from "../api/client";
import { table } from "../table";
import { newId, type NewEntry, type Waiting, type WaitingHand, type WaitingPlay } from "./entries";
import { keepSeen, keepWaiting, keptWaiting, seen } from "./shelf";

const listeners = new Set<() => void>();
/** The waiting entries as kept, read once and written through: a burst of sending reads no
 * storage per entry. */
let kept: Waiting[] | null = null;

async function everything(): Promise<Waiting[]> {
  kept ??= await keptWaiting();
  return kept;
}

async function save(all: Waiting[]): Promise<void> {
  kept = all;
  await keepWaiting(all);
}
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
  return (await everything()).filter((entry) => entry.accountId === accountId);
}

/** Keeps a new entry of this table's, then tries to send everything waiting. */
export async function keep(entry: NewEntry): Promise<void> {
  const all = await everything();
  const made = { ...entry, key: newId(), accountId: table()?.account_id ?? "", madeAt: new Date().toISOString() } as Waiting;
  await save([...all, made]);
  changed();
  void sendWaiting();
}

async function remove(key: string): Promise<void> {
  await save((await everything()).filter((entry) => entry.key !== key));
  changed();
}

async function markStuck(key: string, problem: Refused["problem"]): Promise<void> {
  await save((await everything()).map((entry) => (entry.key === key ? { ...entry, stuck: problem } : entry)));
  changed();
}

/** Sends the waiting entries in order, one call at a time; stops at the first that cannot go. */
export function sendWaiting(): Promise<void> {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

/** The turns and hands recorded by this round of sending, by game: kept with the game once it
 * is over. */
type Sent = Map<string, Played[]>;
type Played = Schemas["Turn"] | Schemas["Hand"];

async function sendAll(): Promise<void> {
  const sent: Sent = new Map();
  try {
    for (;;) {
      const next = (await waiting())[0];
      if (!next || next.stuck) return;
      try {
        await send(next, sent);
      } catch (error) {
        if (error instanceof Refused) await markStuck(next.key, error.problem);
        return;
      }
      // Taken off at once, and off the phone's storage once the burst is through (a write per
      // entry would cost more than the call): an entry sent but still kept when the page dies
      // is sent again, and recorded once all the same.
      kept = (await everything()).filter((entry) => entry.key !== next.key);
      changed();
    }
  } finally {
    await save(await everything());
    await keepSent(sent);
  }
}

async function send(entry: Waiting, sent: Sent): Promise<void> {
  const path = { game_id: entry.gameId };
  let played: Played;
  switch (entry.kind) {
    case "game": {
      const game = await answer(api.POST("/v1/games", { body: entry.body }));
      await keepSeen(game.game === "dice" ? { game, turns: [] } : { game, hands: [] });
      return;
    }
    case "turn": {
      const player_id = (await seatsOf(entry.gameId))[entry.seat];
      if (!player_id) throw new Unreachable(`no seat ${entry.seat}`);
      played = await answer(api.POST("/v1/games/{game_id}/turns", { params: { path }, body: { player_id, dice: entry.dice, number: entry.number } }));
      break;
    }
    case "hand":
      played = await answer(api.POST("/v1/games/{game_id}/hands", { params: { path }, body: { ...(await seated(entry)), number: entry.number } }));
      break;
  }
  sent.set(entry.gameId, [...(sent.get(entry.gameId) ?? []), played]);
}

/** Each game as its last entry sent left it, with its entries, for when the signal goes again. */
async function keepSent(sent: Sent): Promise<void> {
  for (const [gameId, played] of sent) {
    const last = played.at(-1)?.game;
    const numbers = new Set(played.map((entry) => entry.number));
    const before = await seen(gameId);
    const others = <T extends { number: number }>(entries: T[] | undefined) => (entries ?? []).filter((entry) => !numbers.has(entry.number));
    if (last?.game === "dice") {
      const turns = before && "turns" in before ? before.turns : undefined;
      await keepSeen({ game: last, turns: [...others(turns), ...(played as Schemas["Turn"][])] });
    } else if (last?.game === "cards") {
      const hands = before && "hands" in before ? before.hands : undefined;
      await keepSeen({ game: last, hands: [...others(hands), ...(played as Schemas["Hand"][])] });
    }
  }
}

/** The players of each game, by seat, once known: player ids never change. */
const seats = new Map<string, string[]>();

/** The ids of a game's players by seat: from the game as last read, or read now. */
async function seatsOf(gameId: string): Promise<string[]> {
  let players = seats.get(gameId);
  if (!players) {
    const known = (await seen(gameId))?.game.players;
    const game = known?.every((p) => !p.id.startsWith("seat:"))
      ? known
      : (await answer(api.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } } }))).players;
    players = [...game].sort((a, b) => a.seat - b.seat).map((p) => p.id);
    seats.set(gameId, players);
  }
  return players;
}

/** A hand as the service takes it: the players of a game started offline named by their ids. */
async function seated(entry: WaitingHand): Promise<Schemas["RecordHand"]> {
  const ids = await seatsOf(entry.gameId);
  const idOf = (id: string) => (id.startsWith("seat:") ? (ids[Number(id.slice(5))] ?? id) : id);
  const { went_out, players } = entry.body;
  return { went_out: idOf(went_out), players: players?.map((line) => ({ ...line, player_id: idOf(line.player_id) })) ?? null };
}

/** Keeps this phone's entry where another phone's is: it replaces it (RULES §9), then the rest go. */
export async function keepMine(entry: WaitingPlay): Promise<void> {
  const path = { game_id: entry.gameId, number: entry.number };
  if (entry.kind === "turn") await answer(api.PUT("/v1/games/{game_id}/turns/{number}", { params: { path }, body: { dice: entry.dice } }));
  else await answer(api.PUT("/v1/games/{game_id}/hands/{number}", { params: { path }, body: await seated(entry) }));
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
