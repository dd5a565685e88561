// The players of a card game by their ids, as the table calls them.
import type { CardGame } from "../../parts/game_title";
import { words } from "./words";

/** The name of the player `id` (an id the game does not have shows as itself). A hand entered
 * before its game was sent names its players by seat (`seat:1`). */
export function nameOf(game: CardGame, id: string | null): string {
  return game.players.find((player) => isPlayer(player, id))?.name ?? String(id);
}

/** Whether `id` names `player`: by the player's id, or by seat. */
export function isPlayer(player: CardGame["players"][number], id: string | null): boolean {
  return player.id === id || id === `seat:${player.seat}`;
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function namesOf(game: CardGame, ids: string[]): string {
  return words().names(ids.map((id) => nameOf(game, id)));
}
