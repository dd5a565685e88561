// The turns of the game, oldest first, each with a way to fix it (RULES §9).
import type { Schemas } from "../../api/client";
import { h } from "../../dom";
import { words } from "./words";

type Turn = Schemas["Turn"];

export function turnList(turns: Turn[], nameOf: (playerId: string) => string, fix: ((turn: Turn) => void) | null): HTMLElement {
  const w = words();
  return h(
    "details",
    { class: "card turns" },
    h("summary", {}, w.turns(turns.length)),
    h("ol", { class: "plain" }, turns.slice().reverse().map((turn) =>
      h("li", { class: "row" },
        h("span", { class: "grow" }, w.turnLine(turn.number, nameOf(turn.player_id), turn.phase), turn.made ? w.made(turn.score) : w.notMade, turn.edited > 0 && ` (${w.edited})`),
        fix && turn.state === "scored" && h("button", { type: "button", id: `fix-${turn.number}`, onclick: () => fix(turn) }, w.fix(turn.number))))),
  );
}
