// Joining a table from a pairing link (`#/pair/CODE`, made by another phone of the table): the
// code gives this phone a key of its own (POST /v1/pairings/{code}), kept like a new table's.
import { api, answer } from "../../api/client";
import { h, show } from "../../dom";
import { languageSwitch } from "../../parts/language_switch";
import { troubleNote } from "../../parts/trouble";
import { go } from "../../router";
import { keepTable, table } from "../../table";
import { words } from "./words";

export function showPairing(code: string, then: () => void): void {
  const w = words();
  const kept = table();
  const name = h("input", { id: "phone-name", name: "name", required: true, maxlength: 100, autocomplete: "off", value: w.phoneDefault, "aria-describedby": "phone-hint" });
  const note = h("div");
  const form = h(
    "form",
    {
      class: "card",
      onsubmit: async (event: Event) => {
        event.preventDefault();
        note.replaceChildren();
        try {
          const paired = await answer(api.POST("/v1/pairings/{code}", { params: { path: { code } }, body: { name: name.value.trim() } }));
          // Kept at once (the key is shown only now), named once the account is read with it.
          keepTable({ account_id: paired.account_id, name: "…", api_key: paired.api_key });
          const account = await answer(api.GET("/v1/accounts/{account_id}", { params: { path: { account_id: paired.account_id } } }));
          keepTable({ account_id: paired.account_id, name: account.name, api_key: paired.api_key });
          go({ screen: "home" });
          then();
        } catch (error) {
          note.replaceChildren(troubleNote(error));
        }
      },
    },
    h("label", { for: "phone-name" }, w.phoneName),
    name,
    h("p", { id: "phone-hint", class: "hint" }, w.phoneHint),
    note,
    h("button", { type: "submit", class: "primary", id: "join" }, w.join),
  );
  show(w.title, h("h1", {}, w.title), h("p", { class: "lead" }, w.lead), kept && h("p", { class: "hint" }, w.replaces(kept.name)), form, languageSwitch());
}
