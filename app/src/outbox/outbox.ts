// The entries waiting to be sent, sent in the order they were made as soon as the service can be
// reached: when the phone says it is online again, when the app opens, every little while while
// any wait, and after each new one. Each is recorded once however often it is sent (its id or
// number). One the service refuses because another phone entered something else there waits for
// the person: kept, or dropped, never silently.
import { api, answer, Refused, Unreachable, type Schemas } from "../api/client";
import { table } from "../table";
import { newId, type NewEntry, type Waiting, type WaitingTurn } from "./entries";
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

/** The turns recorded by this round of sending, by game: kept with the game once it is over. */
type Sent = Map<string, Schemas["Turn"][]>;

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
  if (entry.kind === "game") {
    const game = await answer(api.POST("/v1/games", { body: entry.body }));
    if (game.game === "dice") await keepSeen({ game, turns: (await seen(game.id))?.turns ?? [] });
    return;
  }
  const playerId = await playerIn(entry);
  const turn = await answer(api.POST("/v1/games/{game_id}/turns", { params: { path: { game_id: entry.gameId } }, body: { player_id: playerId, dice: entry.dice, number: entry.number } }));
  sent.set(entry.gameId, [...(sent.get(entry.gameId) ?? []), turn]);
}

/** Each game as its last turn sent left it, with its turns, for when the signal goes again. */
async function keepSent(sent: Sent): Promise<void> {
  for (const [gameId, turns] of sent) {
    const last = turns.at(-1);
    if (last?.game.game !== "dice") continue;
    const numbers = new Set(turns.map((turn) => turn.number));
    const kept = ((await seen(gameId))?.turns ?? []).filter((turn) => !numbers.has(turn.number));
    await keepSeen({ game: last.game, turns: [...kept, ...turns] });
  }
}

/** The players of each game, by seat, once known: player ids never change. */
const seated = new Map<string, string[]>();

/** The id of the player in the turn's seat: from the game as last read, or read now. */
async function playerIn(entry: WaitingTurn): Promise<string> {
  let players = seated.get(entry.gameId);
  if (!players) {
    const known = (await seen(entry.gameId))?.game.players;
    const game = known?.every((p) => !p.id.startsWith("seat:"))
      ? known
      : (await answer(api.GET("/v1/games/{game_id}", { params: { path: { game_id: entry.gameId } } }))).players;
    players = [...game].sort((a, b) => a.seat - b.seat).map((p) => p.id);
    seated.set(entry.gameId, players);
  }
  const player = players[entry.seat];
  if (!player) throw new Unreachable(`no seat ${entry.seat}`);
  return player;
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
