import { h, show } from "../../dom";
// placeholder
export async function showPeople(): Promise<void> {
  show("soon", h("h1", {}, "soon"), String(""));
}
