// The standings: each player's phase, the phases done and the points so far (fewest wins).
import { h } from "../../dom";
import type { CardGame } from "../../parts/game_title";
import { words } from "./words";

export function standings(game: CardGame): HTMLElement[] {
  const w = words();
  const line = (player: CardGame["players"][number]) => {
    const won = game.winners.includes(player.id);
    const done = player.phases_done.length ? w.done(player.phases_done.join(", ")) : w.noneDone;
    const phase = player.phase === null ? w.allDone : `${w.working(player.phase)} · ${done}`;
    const marks = [won && w.winner, player.id === game.dealer_id && w.dealer].filter(Boolean).join(" · ");
    return h(
      "li",
      { class: won ? "current" : null },
      h("span", {}, h("strong", {}, player.name), marks && h("span", { class: "hint" }, ` · ${marks}`), h("br"), h("span", { class: "hint" }, phase)),
      h("strong", { class: "total" }, w.points(player.total)),
    );
  };
  return [
    h("h2", { id: "standings" }, w.standings),
    h("p", { class: "hint" }, w.fewestWins),
    h("ul", { class: "standings", "aria-labelledby": "standings" }, game.players.map(line)),
  ];
}
