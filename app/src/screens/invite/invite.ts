// Accepting a seat's invite (`#/invite/CODE`, shown as a QR code by the game's phone): this
// phone's table plays that seat from then on (POST /v1/invites/{code}/accept).
import { api, answer } from "../../api/client";
import { h, show } from "../../dom";
import { keepSeat } from "../../parts/seats";
import { troubleNote } from "../../parts/trouble";
import { go } from "../../router";
import { words } from "./words";

/** `playerId` is the seat's player, named by the inviting phone in the link. */
export async function showInvite(code: string, playerId: string): Promise<void> {
  const w = words();
  const note = h("div");
  const join = async () => {
    note.replaceChildren();
    try {
      const game = await answer(api.POST("/v1/invites/{code}/accept", { params: { path: { code } } }));
      keepSeat(game.id, playerId);
      go({ screen: "game", gameId: game.id });
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    }
  };
  show(w.title, h("h1", {}, w.title), h("p", { class: "lead" }, w.lead), note, h("button", { type: "button", class: "primary wide", id: "join-game", onclick: () => void join() }, w.join));
}
