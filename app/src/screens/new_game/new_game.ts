import { h, show } from "../../dom";
// placeholder
export async function showNewGame(): Promise<void> {
  show("soon", h("h1", {}, "soon"), String(""));
}
