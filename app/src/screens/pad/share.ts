// Sharing the pad: a read-only link to the live pad (POST …/share), shown as a link to copy and
// as a QR code a TV's or a phone's camera opens.
import { api, answer } from "../../api/client";
import { h } from "../../dom";
import { qrCode } from "../../parts/qr";
import { troubleNote } from "../../parts/trouble";
import { when } from "../../parts/when";
import { words } from "./words";

export function share(gameId: string): HTMLElement {
  const w = words();
  const shown = h("div", { class: "pp-shared" });
  const button = h("button", { type: "button", class: "primary", id: "pad-share" }, w.makeLink);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const link = await answer(api.POST("/v1/games/{game_id}/share", { params: { path: { game_id: gameId } } }));
      shown.replaceChildren(sharedLink(link.url, link.expires_at));
      button.textContent = w.makeAnother;
      shown.querySelector<HTMLElement>("a")?.focus();
    } catch (error) {
      shown.replaceChildren(troubleNote(error));
    } finally {
      button.disabled = false;
    }
  });
  return h(
    "section",
    { class: "no-print" },
    h("h2", { id: "pad-share-title" }, w.share),
    h("p", { class: "hint" }, w.shareHint),
    button,
    shown,
  );
}

function sharedLink(url: string, expires: string): HTMLElement {
  const w = words();
  const status = h("p", { role: "status", class: "hint" });
  const copy = h("button", { type: "button" }, w.copy);
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = w.copied;
    } catch {
      status.textContent = w.copyFailed;
    }
  });
  return h(
    "div",
    { class: "card pp-link" },
    h("p", {}, h("span", { class: "visually-hidden" }, `${w.link}: `), h("a", { href: url, target: "_blank", rel: "noopener", class: "pp-url" }, url)),
    h("p", { class: "hint" }, w.until(when(expires))),
    copy,
    status,
    h("div", { class: "qr pp-qr" }, qrCode(url, words().qr, "pad-qr-title")),
  );
}
