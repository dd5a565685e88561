// The hands recorded, newest first: who went out, each player's phase and points; "Fix" on every
// hand, "Undo" on the latest.
import { h } from "../../dom";
import type { CardGame } from "../../parts/game_title";
import type { Hand } from "./hand_form";
import { nameOf } from "./names";
import { words } from "./words";

export type HandActions = { fix: (hand: Hand) => void; undo: (hand: Hand) => void };

export function handList(game: CardGame, hands: Hand[], { fix, undo }: HandActions): HTMLElement[] {
  const w = words();
  const latest = hands[hands.length - 1];
  const item = (hand: Hand) => {
    const out = nameOf(game, hand.went_out);
    return h(
      "li",
      { class: "card" },
      h("h3", {}, hand.tie_break ? w.tieBreakTitle(hand.number, out) : w.handTitle(hand.number, out)),
      h("p", { class: "hint" }, w.dealt(nameOf(game, hand.dealer_id))),
      !hand.tie_break && lineTable(game, hand),
      h(
        "div",
        { class: "row" },
        h("button", { type: "button", "aria-label": w.fix(hand.number), onclick: () => fix(hand) }, w.fixShort),
        hand === latest && h("button", { type: "button", "aria-label": w.undo(hand.number), onclick: () => undo(hand) }, w.undoShort),
      ),
    );
  };
  return [
    h("h2", { id: "hands" }, w.hands),
    hands.length ? h("ul", { class: "plain hands", "aria-labelledby": "hands" }, [...hands].reverse().map(item)) : h("p", {}, w.noHands),
  ];
}

function lineTable(game: CardGame, hand: Hand): HTMLElement {
  const w = words();
  const row = (line: Hand["players"][number]) =>
    h(
      "tr",
      {},
      h("td", {}, nameOf(game, line.player_id)),
      h("td", { class: line.made ? "good" : "bad" }, line.went_out ? w.wentOutCell(line.phase) : line.made ? w.madeCell(line.phase) : w.missedCell(line.phase)),
      h("td", { class: "number" }, line.points),
    );
  return h(
    "table",
    {},
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, w.player), h("th", { scope: "col" }, w.phase), h("th", { scope: "col", class: "number" }, w.pointsHeading))),
    h("tbody", {}, hand.players.map(row)),
  );
}
