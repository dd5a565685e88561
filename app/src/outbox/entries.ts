// An entry made at the table and not yet recorded by the service: a new game, a turn of a dice
// game, or a hand of a card game. Each carries what makes a resend harmless however late it
// comes: the id the phone chose for its game, the number the phone gave its turn or hand (API.md
// "Offline clients"). A game started offline has no player ids until it is sent: a turn names its
// player by seat, and a hand of such a game names its players `seat:0`, `seat:1`, ….
import type { Problem, Schemas } from "../api/client";

type Common = {
  /** This entry, among those waiting. */
  key: string;
  /** The table (account) it was made at. */
  accountId: string;
  gameId: string;
  madeAt: string;
  /** Why the service refused it, when the person must decide (another phone's entry there). */
  stuck?: Problem;
};

/** A game started offline, with its players' names (a person of the roster is sent by id). */
export type WaitingGame = Common & { kind: "game"; body: Schemas["CreateGame"]; names: string[] };
export type WaitingTurn = Common & { kind: "turn"; number: number; seat: number; dice: Schemas["Die"][] };
export type WaitingHand = Common & { kind: "hand"; number: number; body: Schemas["RecordHand"] };
/** A turn or a hand: what can meet another phone's entry at its number. */
export type WaitingPlay = WaitingTurn | WaitingHand;
export type Waiting = WaitingGame | WaitingPlay;

/** An entry as the table makes it: the outbox gives it its key, table and time. */
export type NewEntry = Fresh<WaitingGame> | Fresh<WaitingTurn> | Fresh<WaitingHand>;
type Fresh<T> = Omit<T, "key" | "accountId" | "madeAt" | "stuck">;

/** A random UUID (version 4) from the phone's random numbers, also where `crypto.randomUUID` is
 * not offered (a plain http:// address on the home network). */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
