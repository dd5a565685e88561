// The card table: a Phase 10 card game kept hand by hand on the one phone at the table. The
// heading says which hand is coming and who deals it; then the standings, the form for the
// coming hand (or the hand being fixed), and the hands recorded. Each change draws it all again
// from the game the service answers.
import { api, answer } from "../../api/client";
import { h, show } from "../../dom";
import { gameTitle, inPlay, type CardGame, type Game } from "../../parts/game_title";
import { allHands } from "../../parts/pages";
import { troubleNote } from "../../parts/trouble";
import { go, href } from "../../router";
import { language } from "../../words/language";
import { handForm, type Hand } from "./hand_form";
import { handList } from "./hand_list";
import { handOutcome, type Done } from "./hand_outcome";
import { nameOf, namesOf } from "./names";
import { standings } from "./standings";
import { words } from "./words";

/** What the table shows beside the game: what the last change did, or the hand being fixed. */
type Shown = { done?: Done; fixing?: Hand };

export async function showCardTable(game: CardGame, shown: Shown = {}): Promise<void> {
  drawTable(game, await allHands(game.id), shown);
}


function drawTable(game: CardGame, hands: Hand[], shown: Shown): void {
  const w = words();
  const path = { game_id: game.id };
  const failed = (error: unknown) => {
    const trouble = document.getElementById("table-trouble");
    trouble?.replaceChildren(troubleNote(error));
    trouble?.scrollIntoView({ block: "center" });
  };
  /** Draws the table again with `fresh`, if the table is still the screen shown. */
  const redraw = async (fresh: Game, done: Done) => {
    if (fresh.game !== "cards" || location.hash !== href({ screen: "game", gameId: game.id })) return;
    await showCardTable(fresh, { done });
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>(".result h2")?.focus();
  };
  const undo = async (hand: Hand) => {
    if (!confirm(w.undoSure(hand.number))) return;
    try {
      const fresh = await answer(api.DELETE("/v1/games/{game_id}/hands/{number}", { params: { path: { ...path, number: hand.number } } }));
      await redraw(fresh, { what: "undone", number: hand.number });
    } catch (error) {
      failed(error);
    }
  };
  const rematch = async () => {
    try {
      const next = await answer(api.POST("/v1/games/{game_id}/rematch", { params: { path } }));
      go({ screen: "game", gameId: next.id });
    } catch (error) {
      failed(error);
    }
  };
  const saved = async (hand: Hand, fixing: Hand | null) => {
    const fresh = fixing ? await answer(api.GET("/v1/games/{game_id}", { params: { path } })) : hand.game;
    await redraw(fresh, { what: fixing ? "fixed" : "recorded", hand });
  };
  const form = (fixing: Hand | null) =>
    handForm({ game, fixing, saved: (hand) => void saved(hand, fixing).catch(failed), cancel: () => drawTable(game, hands, {}) });
  const shownForm = shown.fixing ? form(shown.fixing) : inPlay(game) && comingForm(game, () => form(null));

  show(
    gameTitle(game),
    h("h1", {}, gameTitle(game)),
    h("p", { class: "lead" }, where(game)),
    game.status === "tie_break" && h("p", {}, w.tied(namesOf(game, game.tied))),
    h("div", { id: "table-trouble" }),
    shown.done && handOutcome(game, shown.done),
    standings(game),
    shownForm,
    h(
      "div",
      { class: "row" },
      h("a", { class: "button", href: href({ screen: "pad", gameId: game.id }) }, w.pad),
      !inPlay(game) && h("button", { type: "button", class: "primary", onclick: () => void rematch() }, w.rematch),
    ),
    handList(game, hands, { fix: (hand) => drawTable(game, hands, { fixing: hand }), undo: (hand) => void undo(hand) }),
  );
  if (shown.fixing && shownForm) shownForm.querySelector("h2")?.focus();
}

/** The coming hand's form, kept while the game stays as it is: a hand fixed, or the screen left,
 * and then cancelled or come back to, finds what was typed. */
let coming: { key: string; form: HTMLFormElement } | null = null;

function comingForm(game: CardGame, make: () => HTMLFormElement): HTMLFormElement {
  const key = `${game.id} ${game.version} ${language()}`;
  if (coming?.key !== key) coming = { key, form: make() };
  return coming.form;
}

/** Where the game stands: the coming hand and its dealer, the tie-break, or who won. */
function where(game: CardGame): string {
  const w = words();
  const dealer = game.dealer_id ? [w.deals(nameOf(game, game.dealer_id))] : [];
  switch (game.status) {
    case "in_progress":
      return [w.inPlay, w.hand(game.hands + 1), ...dealer].join(" · ");
    case "tie_break":
      return [w.tieBreak, ...dealer].join(" · ");
    case "finished":
      return [w.finished, w.wins(namesOf(game, game.winners))].join(" · ");
  }
}
