// The standings above the pad: rank, name and total, best first; in a game in play, who plays
// now (dice) or deals the coming hand (cards).
import type { Schemas } from "../../api/client";
import { h } from "../../dom";
import { common } from "../../words/common";
import { words } from "./words";

export type Sheet = Schemas["Scoresheet"];

/** Each player's rank, name and total (grand total; in a card game, penalty points). */
export function standings(sheet: Sheet): HTMLElement {
  const w = words();
  const now = sheet.game === "dice" ? sheet.turn_of : sheet.dealer_id;
  const lines = sheet.players
    .map((line) => ({ id: line.player_id, name: line.name, rank: line.rank, seat: line.seat, total: "grand_total" in line ? line.grand_total : line.total }))
    .sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const mark = (id: string) => {
    if (sheet.winners.includes(id)) return ` · ${w.winner}`;
    if (sheet.status !== "finished" && id === now) return ` · ${sheet.game === "dice" ? w.playsNow : w.dealsNow}`;
    return "";
  };
  return h(
    "section",
    {},
    h("h2", { id: "pad-standings" }, w.standings),
    h(
      "ol",
      { class: "standings pp-standings", "aria-labelledby": "pad-standings" },
      lines.map((line) =>
        h(
          "li",
          { class: sheet.winners.includes(line.id) ? "pp-winner" : line.id === now && sheet.status !== "finished" ? "current" : false },
          h("span", { class: "pp-rank" }, w.rank(line.rank)),
          h("span", { class: "pp-name" }, line.name, mark(line.id) && h("span", { class: "hint" }, mark(line.id))),
          h("strong", { class: "pp-total" }, common().points(line.total)),
        ),
      ),
    ),
  );
}
