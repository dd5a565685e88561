// The players of a card game by their ids, as the table calls them.
import type { CardGame } from "../../parts/game_title";
import { words } from "./words";

/** The name of the player `id` (an id the game does not have shows as itself). */
export function nameOf(game: CardGame, id: string | null): string {
  return game.players.find((player) => player.id === id)?.name ?? String(id);
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function namesOf(game: CardGame, ids: string[]): string {
  return words().names(ids.map((id) => nameOf(game, id)));
}
