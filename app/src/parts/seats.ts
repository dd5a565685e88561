// The seats this phone plays in games of other tables, by invite (kept on the phone): in such a
// game this phone plays only its seat; in its own games every seat no other phone claimed.
import type { Schemas } from "../api/client";

const KEPT = "phase10.seats";

function kept(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(KEPT) ?? "{}") as Record<string, string>;
  } catch {
    return {};
  }
}

/** Notes that this phone plays `playerId`'s seat of `gameId`. */
export function keepSeat(gameId: string, playerId: string): void {
  localStorage.setItem(KEPT, JSON.stringify({ ...kept(), [gameId]: playerId }));
}

/** Whether this phone plays the player's seat. */
export function playsSeat(game: Schemas["DiceGame"], player: Schemas["Player"]): boolean {
  const mine = kept()[game.id];
  return mine ? mine === player.id : !player.claimed;
}
