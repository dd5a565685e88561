import { h, show } from "../../dom";
// placeholder
export async function showPerson(personId: string): Promise<void> {
  show("soon", h("h1", {}, "soon"), String(personId));
}
