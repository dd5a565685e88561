// What the last change did: the hand just recorded or fixed (who laid down their phase, the
// points each got), or the hand undone.
import { h } from "../../dom";
import type { CardGame } from "../../parts/game_title";
import type { Hand } from "./hand_form";
import { nameOf } from "./names";
import { words } from "./words";

export type Done = { what: "recorded" | "fixed"; hand: Hand } | { what: "undone"; number: number };

export function handOutcome(game: CardGame, done: Done): HTMLElement {
  const w = words();
  if (done.what === "undone") return h("div", { class: "card result", role: "status" }, h("h2", { tabindex: -1 }, w.undone(done.number)));
  const { hand } = done;
  const line = (entry: Hand["players"][number]) => {
    const name = nameOf(game, entry.player_id);
    if (hand.tie_break) return entry.went_out && h("li", {}, w.tieBreakWon(name));
    if (entry.went_out) return h("li", {}, w.wentOut(name));
    return h("li", {}, entry.made ? w.madePhase(name, entry.phase, entry.points) : w.missedPhase(name, entry.phase, entry.points));
  };
  return h(
    "div",
    { class: "card result made", role: "status" },
    h("h2", { tabindex: -1 }, done.what === "recorded" ? w.recorded(hand.number) : w.fixed(hand.number)),
    h("ul", { class: "plain" }, hand.players.map(line)),
  );
}
