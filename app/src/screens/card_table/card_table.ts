import { h, show } from "../../dom";
// placeholder
export async function showCardTable(game: import("../../parts/game_title").CardGame): Promise<void> {
  show("soon", h("h1", {}, "soon"), String(game));
}
