// The first run: the table is named, which makes its account; the key is kept on this phone.
import { api, answer } from "../../api/client";
import { h, show } from "../../dom";
import { languageSwitch } from "../../parts/language_switch";
import { troubleNote } from "../../parts/trouble";
import { keepTable } from "../../table";
import { words } from "./words";

export function showFirstRun(then: () => void): void {
  const w = words();
  const name = h("input", { id: "table-name", name: "name", required: true, maxlength: 100, autocomplete: "off", "aria-describedby": "table-hint" });
  const note = h("div");
  const form = h(
    "form",
    {
      class: "card",
      onsubmit: async (event: Event) => {
        event.preventDefault();
        note.replaceChildren();
        try {
          const made = await answer(api.POST("/v1/accounts", { body: { name: name.value.trim() } }));
          keepTable({ account_id: made.id, name: made.name, api_key: made.api_key });
          then();
        } catch (error) {
          note.replaceChildren(troubleNote(error));
        }
      },
    },
    h("label", { for: "table-name" }, w.tableName),
    name,
    h("p", { id: "table-hint", class: "hint" }, w.tableHint),
    note,
    h("button", { type: "submit", class: "primary" }, w.start),
  );
  show(w.title, h("h1", {}, w.title), h("p", { class: "lead" }, w.lead), form, h("p", { class: "hint" }, w.kept), languageSwitch());
}
