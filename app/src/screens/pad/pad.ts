import { h, show } from "../../dom";
// placeholder
export async function showPad(gameId: string): Promise<void> {
  show("soon", h("h1", {}, "soon"), String(gameId));
}
