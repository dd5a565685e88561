// A person's games, newest first, each leading to the game; a finished one can be played again
// with the same people (a rematch), which opens the new game.
import { api, answer } from "../../api/client";
import { h } from "../../dom";
import { gameTitle, type Game } from "../../parts/game_title";
import { troubleNote } from "../../parts/trouble";
import { go, href } from "../../router";
import { common } from "../../words/common";
import { day } from "./format";
import { words } from "./words";

export const PAGE = 20;

export function personGames(personId: string, first: { items: Game[]; next_cursor: string | null }): HTMLElement {
  const w = words();
  const list = h("ul", { class: "plain pp-games", "aria-labelledby": "person-games" });
  const more = h("button", { type: "button", class: "wide pp-more" }, w.more);
  const note = h("div");
  let cursor = first.next_cursor;
  const add = (games: Game[]) => {
    list.append(...games.map(item));
    more.hidden = !cursor;
  };
  more.addEventListener("click", async () => {
    if (!cursor) return;
    more.disabled = true;
    try {
      const page = await answer(api.GET("/v1/people/{person_id}/games", { params: { path: { person_id: personId }, query: { limit: PAGE, cursor } } }));
      cursor = page.next_cursor;
      const before = list.children.length;
      add(page.items);
      list.children[before]?.querySelector("a")?.focus();
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    } finally {
      more.disabled = false;
    }
  });
  add(first.items);
  return h(
    "section",
    {},
    h("h2", { id: "person-games" }, w.theirGames),
    first.items.length === 0 ? h("p", {}, w.noGames) : list,
    more,
    note,
  );
}

function item(game: Game): HTMLElement {
  const w = words();
  const title = gameTitle(game);
  const note = h("div");
  const rematch =
    game.status === "finished" &&
    h(
      "button",
      {
        type: "button",
        class: "pp-rematch",
        "aria-label": w.rematchOf(title),
        onclick: async (event: Event) => {
          const button = event.currentTarget as HTMLButtonElement;
          button.disabled = true;
          try {
            const made = await answer(api.POST("/v1/games/{game_id}/rematch", { params: { path: { game_id: game.id } } }));
            go({ screen: "game", gameId: made.id });
          } catch (error) {
            note.replaceChildren(troubleNote(error));
            button.disabled = false;
          }
        },
      },
      w.rematch,
    );
  return h(
    "li",
    { class: "pp-game" },
    h("div", { class: "pp-game-row" }, h("a", { href: href({ screen: "game", gameId: game.id }) }, h("strong", {}, title), " ", h("span", { class: "hint" }, about(game))), rematch),
    note,
  );
}

function about(game: Game): string {
  const w = words();
  const parts = [game.game === "dice" ? common().dice : common().cards, w.status(game.status), day(game.created_at)];
  if (game.status === "finished") {
    const names = game.players.filter((player) => game.winners.includes(player.id)).map((player) => player.name);
    if (names.length) parts.splice(2, 0, w.won(names.join(", ")));
  }
  return parts.join(" · ");
}

