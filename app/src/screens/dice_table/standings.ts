// The players in their seats: the phase each works on and their total, whose turn it is marked.
import { h } from "../../dom";
import type { DiceGame } from "../../parts/game_title";
import { words } from "./words";

export function standings(game: DiceGame): HTMLElement {
  const w = words();
  return h(
    "section",
    { "aria-labelledby": "standings-title" },
    h("h2", { id: "standings-title", class: "visually-hidden" }, w.standings),
    h("ol", { class: "standings" }, game.players.map((player) => {
      const current = player.id === game.current_player_id;
      return h("li", { class: current ? "current" : "", "aria-current": current ? "true" : false },
        h("span", {}, h("strong", {}, player.name), " ", h("span", { class: "hint" }, w.onPhase(player.phase), current ? ` · ${w.current}` : "")),
        h("strong", { class: "number" }, player.total));
    })),
  );
}
