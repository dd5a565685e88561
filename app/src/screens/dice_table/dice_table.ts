import { h, show } from "../../dom";
// placeholder
export async function showDiceTable(game: import("../../parts/game_title").DiceGame): Promise<void> {
  show("soon", h("h1", {}, "soon"), String(game));
}
