// How a game is named on every screen: its name, else its players.
import type { Schemas } from "../api/client";

export type Game = Schemas["Game"];
export type DiceGame = Schemas["DiceGame"];
export type CardGame = Schemas["CardGame"];

export function gameTitle(game: Game): string {
  return game.name ?? game.players.map((player) => player.name).join(" · ");
}

/** Whether the game still takes entries. */
export function inPlay(game: Game): boolean {
  return game.status !== "finished";
}
