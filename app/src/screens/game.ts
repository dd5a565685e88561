// A game at the table: the dice table or the card table, as the game is. Without a signal, the
// game is drawn as last read on this phone (or, started offline, from what was entered), with
// the entries waiting to be sent.
import { api, answer, Unreachable } from "../api/client";
import { offlineGame } from "../outbox/offline_game";
import { showCardTable } from "./card_table/card_table";
import { showDiceTable } from "./dice_table/dice_table";

export async function showGame(gameId: string): Promise<void> {
  try {
    const game = await answer(api.GET("/v1/games/{game_id}", { params: { path: { game_id: gameId } } }));
    if (game.game === "dice") return await showDiceTable(game);
    return await showCardTable(game);
  } catch (error) {
    if (!(error instanceof Unreachable)) throw error;
    const kept = await offlineGame(gameId);
    if (!kept) throw error;
    if ("turns" in kept) return showDiceTable(kept.game, kept.turns, true);
    return showCardTable(kept.game, {}, kept.hands);
  }
}
