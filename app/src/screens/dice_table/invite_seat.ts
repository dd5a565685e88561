// Inviting a player of a digital game to play their seat from their own phone: a single-use code
// (POST …/invites) shown as a QR code their camera opens, and its link.
import { api, answer, type Schemas } from "../../api/client";
import { h } from "../../dom";
import { qrCode } from "../../parts/qr";
import { troubleNote } from "../../parts/trouble";
import { words } from "./invite_words";

export function inviteSeats(game: Schemas["DiceGame"]): HTMLElement | null {
  const open = game.players.filter((player) => !player.claimed);
  if (game.mode !== "digital" || game.status === "finished" || open.length < 2) return null;
  const w = words();
  const shown = h("div");
  const invite = async (player: Schemas["Player"]) => {
    try {
      const made = await answer(api.POST("/v1/games/{game_id}/invites", { params: { path: { game_id: game.id } }, body: { player_id: player.id } }));
      const url = `${location.origin}/#/invite/${made.code}/${player.id}`;
      shown.replaceChildren(
        h(
          "div",
          { class: "card pp-link", id: "seat-invite" },
          h("p", {}, w.scan(player.name)),
          h("div", { class: "qr pp-qr" }, qrCode(url, w.qr(player.name), "seat-qr-title")),
          h("p", {}, h("a", { href: url, class: "pp-url", id: "seat-invite-link" }, url)),
        ),
      );
    } catch (error) {
      shown.replaceChildren(troubleNote(error));
    }
  };
  return h(
    "details",
    { class: "card" },
    h("summary", {}, w.title),
    h("p", { class: "hint" }, w.hint),
    open.map((player) => h("button", { type: "button", class: "wide", id: `invite-${player.seat}`, onclick: () => void invite(player) }, w.invite(player.name))),
    shown,
  );
}
