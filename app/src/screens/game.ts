// A game at the table: the dice table or the card table, as the game is.
import { api, answer } from "../api/client";
import { showCardTable } from "./card_table/card_table";
import { showDiceTable } from "./dice_table/dice_table";

export async function showGame(gameId: string): Promise<void> {
  const game = await answer(api.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } } }));
  if (game.game === "dice") return showDiceTable(game);
  return showCardTable(game);
}
