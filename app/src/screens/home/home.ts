// Home: the games in play, the finished ones, and the way to a new game.
import { api, answer, Unreachable } from "../../api/client";
import { h, show } from "../../dom";
import { gameTitle, inPlay, type Game } from "../../parts/game_title";
import { languageSwitch } from "../../parts/language_switch";
import { href } from "../../router";
import { table } from "../../table";
import { common } from "../../words/common";
import { words } from "./words";

export async function showHome(): Promise<void> {
  const w = words();
  // Without a signal: the games kept on this phone are still at hand by their addresses, and a
  // new dice game can start.
  const page = await answer(api.GET("/v1/games", { params: { query: { limit: 100 } } })).catch((error: unknown) => {
    if (error instanceof Unreachable) return null;
    throw error;
  });
  if (!page) {
    show(common().home, h("h1", {}, common().home), h("p", { class: "card", role: "status" }, w.offline), h("a", { class: "button primary", href: href({ screen: "new_game" }) }, common().newGame), languageSwitch());
    return;
  }
  const playing = page.items.filter(inPlay);
  const over = page.items.filter((game) => !inPlay(game));
  show(
    common().home,
    h("h1", {}, common().home),
    h("p", { class: "hint" }, w.table(table()?.name ?? "")),
    h("a", { class: "button primary", href: href({ screen: "new_game" }) }, common().newGame),
    h("h2", {}, w.inPlay),
    playing.length ? gameList(playing) : h("p", {}, w.noGames),
    over.length > 0 && [h("h2", {}, w.finished), gameList(over)],
    h("p", {}, h("a", { class: "button wide", href: href({ screen: "devices" }), id: "devices" }, w.devices)),
    languageSwitch(),
  );
}

function gameList(games: Game[]): HTMLElement {
  return h("ul", { class: "games" }, games.map((game) => h("li", {}, h("a", { href: href({ screen: "game", gameId: game.id }) }, h("strong", {}, gameTitle(game)), h("span", { class: "hint" }, where(game))))));
}

function where(game: Game): string {
  const w = words();
  const kind = game.game === "dice" ? common().dice : common().cards;
  if (game.status === "finished") {
    const names = game.players.filter((p) => game.winners.includes(p.id)).map((p) => p.name);
    return `${kind} · ${w.won(names.join(", "))}`;
  }
  if (game.game === "dice") return `${kind} · ${game.status === "last_round" ? w.lastRound : w.round(game.round)}`;
  return `${kind} · ${game.status === "tie_break" ? w.tieBreak : w.hand(game.hands + 1)}`;
}
