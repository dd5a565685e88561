// The table's backup: the account as one file (GET …/export), and a file brought in
// (POST /v1/imports), to move the table to another server or from SQLite to PostgreSQL.
import { api, answer, type Schemas } from "../../api/client";
import { h } from "../../dom";
import { troubleNote } from "../../parts/trouble";
import { words } from "./words";

export function backupSection(accountId: string): HTMLElement {
  const w = words();
  const status = h("div", { role: "status", id: "backup-status" });
  const download = h("button", { type: "button", id: "download-backup" }, w.download);
  download.addEventListener("click", async () => {
    status.replaceChildren();
    try {
      const document = await answer(api.GET("/v1/accounts/{account_id}/export", { params: { path: { account_id: accountId } } }));
      save(document);
      status.replaceChildren(h("p", { class: "hint" }, w.downloaded(document.games.length)));
    } catch (error) {
      status.replaceChildren(troubleNote(error));
    }
  });
  const file = h("input", { type: "file", id: "backup-file", accept: "application/json,.json", class: "visually-hidden" });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (chosen) status.replaceChildren(await bringIn(chosen));
  });
  return h(
    "section",
    {},
    h("h2", {}, w.backup),
    h("p", { class: "hint" }, w.backupHint),
    download,
    file,
    h("label", { for: "backup-file", class: "button", id: "bring-in-backup" }, w.bringIn),
    h("p", { class: "hint" }, w.bringInHint),
    status,
  );
}

/** Saves the document as a file named for its day. */
function save(document: Schemas["AccountExport"]): void {
  const blob = new Blob([JSON.stringify(document)], { type: "application/json" });
  const link = h("a", { href: URL.createObjectURL(blob), download: `phase10-${document.exported_at.slice(0, 10)}.json` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** Brings a backup file into the table: what it made, or why not. */
async function bringIn(chosen: File): Promise<HTMLElement> {
  const w = words();
  let document: Schemas["AccountExport"];
  try {
    document = JSON.parse(await chosen.text()) as Schemas["AccountExport"];
  } catch {
    return h("p", { class: "trouble", role: "alert" }, w.notABackup);
  }
  try {
    const made = await answer(api.POST("/v1/imports", { body: document }));
    return h("p", {}, made.games + made.people === 0 ? w.nothingNew : w.brought(made.games, made.people));
  } catch (error) {
    return troubleNote(error);
  }
}
