// The pad of a game, dice or cards: the standings, the pad as on paper, a chart of the running
// totals, and what a table does with its pad: print it, save it as CSV, share it with a TV, see
// which entries were changed.
import { api, answer, type Schemas } from "../../api/client";
import { h, screen, show } from "../../dom";
import { gameTitle, type Game } from "../../parts/game_title";
import { troubleNote } from "../../parts/trouble";
import { href } from "../../router";
import { common } from "../../words/common";
import { cardSeries, chart, diceSeries } from "./chart";
import { downloadCsv } from "./csv";
import { edits } from "./edits";
import { grid } from "./grid";
import { allPages, allTurns } from "../../parts/pages";
import { share } from "./share";
import { standings } from "./standings";
import { words } from "./words";

export async function showPad(gameId: string): Promise<void> {
  const path = { path: { game_id: gameId } };
  const [game, sheet, changes] = await Promise.all([
    answer(api.GET("/v1/games/{game_id}", { params: path })),
    scoresheet(gameId),
    allPages((cursor) => answer(api.GET("/v1/games/{game_id}/edits", { params: { ...path, query: { limit: 100, cursor } } }))),
  ]);
  const turns = sheet.game === "dice" ? await allTurns(gameId) : [];
  const w = words();
  const names = new Map(sheet.players.map((line) => [line.player_id, line.name]));
  const width = Math.max(260, Math.min(720, screen().clientWidth - 34));
  const series = sheet.game === "dice" ? diceSeries(sheet, turns) : cardSeries(sheet);
  const title = gameTitle(game);
  show(
    `${w.title} · ${title}`,
    h("p", { class: "no-print" }, h("a", { class: "pp-back", href: href({ screen: "game", gameId }) }, h("span", { "aria-hidden": "true" }, "← "), w.backToGame)),
    h("h1", {}, title),
    h("p", { class: "hint" }, about(game, sheet)),
    tools(gameId),
    game.game === "dice" && game.mode === "digital" && h("p", { class: "no-print" }, h("a", { class: "button wide", id: "review", href: href({ screen: "review", gameId }) }, w.review)),
    standings(sheet),
    grid(sheet),
    chart(series, sheet.game === "dice", width),
    share(gameId),
    edits(changes, names),
  );
}

/** The pad as JSON (the operation also answers CSV and HTML, which the type allows for). */
async function scoresheet(gameId: string): Promise<Schemas["Scoresheet"]> {
  const sheet = await answer(api.GET("/v1/games/{game_id}/scoresheet", { params: { path: { game_id: gameId } }, headers: { Accept: "application/json" } }));
  if (typeof sheet === "string") throw new Error("the scoresheet came as text, not JSON");
  return sheet;
}

/** "Score pad · Phase 10 Dice · finished · won by Ann". */
function about(game: Game, sheet: Schemas["Scoresheet"]): string {
  const w = words();
  const parts = [w.title, game.game === "dice" ? common().dice : common().cards, w.status(sheet.status)];
  const winners = sheet.players.filter((line) => sheet.winners.includes(line.player_id)).map((line) => line.name);
  if (sheet.status === "finished" && winners.length) parts.push(w.wonBy(winners.join(", ")));
  return parts.join(" · ");
}

/** Print and CSV, with a line that says what became of the download. */
function tools(gameId: string): HTMLElement {
  const w = words();
  const note = h("div", { role: "status", class: "hint" });
  const csv = h("button", { type: "button" }, w.csv);
  csv.addEventListener("click", async () => {
    csv.disabled = true;
    note.replaceChildren();
    try {
      note.textContent = w.csvDone(await downloadCsv(gameId));
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    } finally {
      csv.disabled = false;
    }
  });
  return h(
    "div",
    { class: "no-print" },
    h("div", { class: "row" }, h("button", { type: "button", onclick: () => window.print() }, w.print), csv),
    note,
  );
}
