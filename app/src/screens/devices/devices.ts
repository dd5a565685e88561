// The table's phones and its backup: every key of the account (this phone marked), taking one
// off, adding a phone by a single-use code (a QR code and a link), and the account as a file,
// downloaded or brought in.
import { api, answer, type Schemas } from "../../api/client";
import { h, show } from "../../dom";
import { troubleNote } from "../../parts/trouble";
import { table } from "../../table";
import { backupSection } from "./backup";
import { pairingSection } from "./pairing";
import { words } from "./words";
import { when } from "../../parts/when";

type Key = Schemas["KeyView"];

export async function showDevices(): Promise<void> {
  const accountId = table()?.account_id ?? "";
  const w = words();
  const keys = await answer(api.GET("/v1/accounts/{account_id}/keys", { params: { path: { account_id: accountId } } }));
  const status = h("p", { role: "status", class: "hint", id: "phones-status" });
  const list = h("ul", { class: "plain", id: "phones" });
  const drawList = (all: Key[]) =>
    list.replaceChildren(...all.map((key) => phone(key, all.length > 1, async () => {
      try {
        await answer(api.DELETE("/v1/accounts/{account_id}/keys/{key_id}", { params: { path: { account_id: accountId, key_id: key.id } } }));
        status.textContent = w.removed(key.name);
        drawList(all.filter((other) => other.id !== key.id));
      } catch (error) {
        status.replaceChildren(troubleNote(error));
      }
    })));
  drawList(keys.items);
  show(
    w.title,
    h("h1", {}, w.title),
    h("section", {}, h("h2", {}, w.phones), h("p", { class: "hint" }, w.phonesHint), list, status),
    pairingSection(accountId),
    backupSection(accountId),
  );
}

/** A phone of the table; the others can be taken off, never this one (it would lock itself out). */
function phone(key: Key, removable: boolean, remove: () => Promise<void>): HTMLElement {
  const w = words();
  const used = key.last_used_at ? w.lastUsed(when(key.last_used_at)) : w.neverUsed;
  return h(
    "li",
    { class: "phone" },
    h("strong", {}, key.name, key.current && ` (${w.thisPhone})`),
    h("span", { class: "hint" }, `${w.added(when(key.created_at))} · ${used}`),
    !key.current && removable && h("button", { type: "button", class: "remove", onclick: () => void remove() }, w.remove(key.name)),
  );
}
