// Adding a phone to the table: a single-use code (POST …/pairings), shown as a QR code the other
// phone's camera opens, as its link, and as the code to type.
import { api, answer } from "../../api/client";
import { h } from "../../dom";
import { qrCode } from "../../parts/qr";
import { troubleNote } from "../../parts/trouble";
import { when } from "../../parts/when";
import { words } from "./words";

export function pairingSection(accountId: string): HTMLElement {
  const w = words();
  const shown = h("div");
  const button = h("button", { type: "button", class: "primary", id: "pair-phone" }, w.pair);
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const pairing = await answer(api.POST("/v1/accounts/{account_id}/pairings", { params: { path: { account_id: accountId } } }));
      shown.replaceChildren(
        h(
          "div",
          { class: "card pp-link", id: "pairing" },
          h("p", { class: "hint" }, w.pairHint),
          h("div", { class: "qr pp-qr" }, qrCode(pairing.url, w.qr, "pair-qr-title")),
          h("p", {}, h("a", { href: pairing.url, class: "pp-url", id: "pairing-link" }, pairing.url)),
          h("p", {}, `${w.code}: `, h("strong", { class: "code", id: "pairing-code" }, pairing.code)),
          h("p", { class: "hint" }, w.until(when(pairing.expires_at))),
        ),
      );
      button.textContent = w.pairAnother;
    } catch (error) {
      shown.replaceChildren(troubleNote(error));
    } finally {
      button.disabled = false;
    }
  });
  return h("section", {}, h("h2", {}, w.pair), button, shown);
}
