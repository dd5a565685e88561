// The card table: a Phase 10 card game kept hand by hand at the table. The heading says which
// hand is coming and who deals it; then the standings, the form for the coming hand (or the hand
// being fixed), the hands waiting to be sent, and the hands recorded. Without a signal the game
// is drawn as last read on this phone, and the hands entered are kept and sent later.
import { api, answer, Unreachable } from "../../api/client";
import { h, show } from "../../dom";
import { gameTitle, inPlay, type CardGame, type Game } from "../../parts/game_title";
import { allHands } from "../../parts/pages";
import { troubleNote } from "../../parts/trouble";
import { go, href } from "../../router";
import { language } from "../../words/language";
import type { WaitingHand } from "../../outbox/entries";
import { keep, waiting } from "../../outbox/outbox";
import { keepSeen } from "../../outbox/shelf";
import { handForm, type Hand, type RecordHand } from "./hand_form";
import { handList } from "./hand_list";
import { handOutcome, type Done } from "./hand_outcome";
import { nameOf, namesOf } from "./names";
import { standings } from "./standings";
import { afterWaiting, waitingHands } from "./waiting_hands";
import { words as waitingWords } from "./waiting_words";
import { words } from "./words";

/** What the table shows beside the game: what the last change did, or the hand being fixed. */
type Shown = { done?: Done; fixing?: Hand };

/** The game on the table: as read (or last seen, `offline`), and its hands waiting to be sent. */
type Table = { game: CardGame; hands: Hand[]; queued: WaitingHand[]; offline: boolean };

/** The card table; `offlineHands` are the game's hands as this phone last saw them, when the
 * service cannot be reached. */
export async function showCardTable(game: CardGame, shown: Shown = {}, offlineHands?: Hand[]): Promise<void> {
  const hands = offlineHands ?? (await allHands(game.id));
  if (!offlineHands && game.version > 0) await keepSeen({ game, hands });
  const queued = (await waiting()).filter((entry): entry is WaitingHand => entry.kind === "hand" && entry.gameId === game.id);
  drawTable({ game, hands, queued, offline: offlineHands !== undefined || game.version === 0 }, shown);
}

function drawTable(table: Table, shown: Shown): void {
  const { game, hands, queued } = table;
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
  const fix = async (fixing: Hand, body: RecordHand) => {
    const hand = await answer(api.PUT("/v1/games/{game_id}/hands/{number}", { params: { path: { ...path, number: fixing.number } }, body }));
    await redraw(await answer(api.GET("/v1/games/{game_id}", { params: { path } })), { what: "fixed", hand });
  };
  // The coming hand is numbered after those recorded and those waiting: sent again, however
  // late, it is recorded once. Offline, or behind hands that wait already, it waits too.
  const number = (hands.at(-1)?.number ?? 0) + queued.length + 1;
  const keepHand = (body: RecordHand) => keep({ kind: "hand", gameId: game.id, number, body });
  const recordHand = async (body: RecordHand) => {
    if (table.offline || queued.length > 0) return keepHand(body);
    try {
      const hand = await answer(api.POST("/v1/games/{game_id}/hands", { params: { path }, body: { ...body, number } }));
      await redraw(hand.game, { what: "recorded", hand });
    } catch (error) {
      if (error instanceof Unreachable) return keepHand(body);
      throw error;
    }
  };
  const stuck = queued.some((hand) => hand.stuck);
  // Behind a hand that needs the person, the game waits as it is.
  const coming = stuck ? null : afterWaiting(game, queued);
  const fixing = shown.fixing;
  const shownForm = fixing
    ? handForm({ game, fixing, record: (body) => fix(fixing, body), cancel: () => drawTable(table, {}) })
    : coming && inPlay(coming) && comingForm(coming, queued.length, () => handForm({ game: coming, fixing: null, record: recordHand, cancel: () => drawTable(table, {}) }));

  show(
    gameTitle(game),
    h("h1", {}, gameTitle(game)),
    h("p", { class: "lead" }, where(coming ?? game)),
    table.offline && h("p", { class: "card", role: "status", id: "offline" }, waitingWords().offline),
    game.status === "tie_break" && h("p", {}, w.tied(namesOf(game, game.tied))),
    h("div", { id: "table-trouble" }),
    shown.done && handOutcome(game, shown.done),
    standings(game),
    // An entry that needs the person comes first: the table waits for it.
    stuck && waitingHands(game, queued),
    shownForm,
    !stuck && waitingHands(game, queued),
    h(
      "div",
      { class: "row" },
      h("a", { class: "button", href: href({ screen: "pad", gameId: game.id }) }, w.pad),
      !inPlay(game) && h("button", { type: "button", class: "primary", onclick: () => void rematch() }, w.rematch),
    ),
    handList(game, hands, { fix: (hand) => drawTable(table, { fixing: hand }), undo: (hand) => void undo(hand) }),
  );
  if (shown.fixing && shownForm) shownForm.querySelector("h2")?.focus();
}

/** The coming hand's form, kept while the game stays as it is: a hand fixed, or the screen left,
 * and then cancelled or come back to, finds what was typed. */
let coming: { key: string; form: HTMLFormElement } | null = null;

function comingForm(game: CardGame, waitingHands: number, make: () => HTMLFormElement): HTMLFormElement {
  const key = `${game.id} ${game.version} ${waitingHands} ${language()}`;
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
