// The leaderboard of the table's people, for dice or for cards (a two-button switch): rank,
// name (leading to the person), games, wins and win rate.
import { api, answer, type Schemas } from "../../api/client";
import { h, show } from "../../dom";
import { allPages } from "../../parts/pages";
import { troubleNote } from "../../parts/trouble";
import { href } from "../../router";
import { common } from "../../words/common";
import { percent } from "./format";
import { words } from "./words";

type Kind = Schemas["GameKind"];

/** The game last looked at, while the app is open. */
let chosen: Kind = "dice";

type Line = Schemas["Leaderboard"]["items"][number];

/** Every line of one game's board, page after page. */
async function board(game: Kind): Promise<{ game: Kind; items: Line[] }> {
  const items = await allPages((cursor) => answer(api.GET("/v1/leaderboard", { params: { query: { game, limit: 100, cursor } } })));
  return { game, items };
}

export async function showLeaderboard(): Promise<void> {
  const w = words();
  const first = await board(chosen);
  const shown = h("div", { "aria-live": "polite" });
  const buttons = (["dice", "cards"] as const).map((kind) =>
    h("button", { type: "button", id: `leaderboard-${kind}`, "aria-pressed": String(kind === chosen), "aria-controls": "leaderboard-table" }, kind === "dice" ? common().dice : common().cards),
  );
  buttons.forEach((button, i) =>
    button.addEventListener("click", async () => {
      const kind: Kind = i === 0 ? "dice" : "cards";
      try {
        const answered = await board(kind);
        chosen = kind;
        buttons.forEach((each, j) => each.setAttribute("aria-pressed", String(j === i)));
        shown.replaceChildren(table(answered));
      } catch (error) {
        shown.replaceChildren(troubleNote(error));
      }
    }),
  );
  shown.replaceChildren(table(first));
  show(
    w.leaderboard,
    h("h1", {}, w.leaderboard),
    h("p", { class: "hint" }, w.leaderboardLead),
    h("div", { class: "row pp-switch", role: "group", "aria-label": w.whichGame }, buttons),
    shown,
  );
}

function table(answered: { game: Kind; items: Line[] }): HTMLElement {
  const w = words();
  const title = answered.game === "dice" ? common().dice : common().cards;
  if (answered.items.length === 0) return h("p", { id: "leaderboard-table" }, w.empty);
  const number = (value: string | number) => h("td", { class: "number" }, value);
  return h(
    "div",
    { class: "scroll pp-box", id: "leaderboard-table", tabindex: 0, role: "region", "aria-label": `${w.leaderboard}: ${title}` },
    h(
      "table",
      { class: "pp-board" },
      h("caption", {}, title),
      h(
        "thead",
        {},
        h("tr", {}, heading(w.rank, w.rankShort), h("th", { scope: "col" }, w.person), heading(w.games, w.gamesShort), heading(w.wins, w.winsShort), heading(w.winRate, w.winRateShort)),
      ),
      h(
        "tbody",
        {},
        answered.items.map((item) =>
          h(
            "tr",
            {},
            number(item.rank),
            h("th", { scope: "row" }, h("a", { href: href({ screen: "person", personId: item.person_id }) }, item.name)),
            number(item.games),
            number(item.wins),
            number(percent(item.win_rate)),
          ),
        ),
      ),
    ),
  );
}

/** A column's heading: in full, or on a narrow phone in short, the full words still read out. */
function heading(full: string, short: string): HTMLElement {
  return h("th", { scope: "col", class: "number" }, h("span", { class: "pp-long" }, full), h("span", { class: "pp-short", "aria-hidden": "true" }, short));
}
