// A turn in a game where the app rolls: roll, choose the dice to roll again (or ask the advisor),
// roll again or stop; the third roll scores the turn.
import { api, answer, type Schemas } from "../../api/client";
import { h } from "../../dom";
import type { DiceGame } from "../../parts/game_title";
import { phaseNeeds, type Phase } from "../../parts/phase_words";
import { troubleNote } from "../../parts/trouble";
import { language } from "../../words/language";
import { faceText } from "./dice_entry";
import { words } from "./words";

type Turn = Schemas["Turn"];
type DieId = Schemas["DieId"];

/** Draws the dice table again, focusing `focus`: at once from `turn` when given (its answer
 * holds the game after it), else from the game asked again. */
export type Again = (focus: string, turn?: Turn) => Promise<void>;

/** The dice marked to roll again, per turn in play (by game). */
const marked = new Map<string, Set<DieId>>();

export function digitalTurn(
  game: DiceGame,
  phases: Phase[],
  player: DiceGame["players"][number],
  rolling: Turn | undefined,
  done: (turn: Turn) => Promise<void>,
  again: Again,
): HTMLElement[] {
  const w = words();
  const groups = phases.find((p) => p.phase === player.phase)?.groups ?? [];
  const note = h("div");
  const path = { game_id: game.id };
  const act = async (call: () => Promise<Turn>) => {
    try {
      const turn = await call();
      marked.delete(game.id);
      if (turn.state === "scored") await done(turn);
      else await again("turn", turn);
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    }
  };
  const heading = [h("h2", {}, w.turnOf(player.name)), h("p", {}, w.needs(player.phase, phaseNeeds(groups)))];
  if (!rolling) {
    return [...heading, note, h("button", { type: "button", id: "roll", class: "primary wide",
      onclick: () => void act(() => answer(api.POST("/v1/games/{game_id}/turns", { params: { path }, body: { player_id: player.id } }))) }, w.roll)];
  }
  const reroll = marked.get(game.id) ?? new Set<DieId>();
  marked.set(game.id, reroll);
  const number = rolling.number;
  const advice = h("div", { role: "status" });
  const askAdvice = async () => {
    try {
      const said = await answer(api.GET("/v1/games/{game_id}/turns/{number}/advice", { params: { path: { game_id: game.id, number }, query: { goal: "make" } } }));
      reroll.clear();
      for (const die of said.reroll) reroll.add(die);
      for (const button of document.querySelectorAll<HTMLButtonElement>("[data-die]")) {
        button.setAttribute("aria-pressed", String(reroll.has(button.dataset.die as DieId)));
      }
      const percent = new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 }).format(said.chance);
      // The advisor's sentence is the service's, in English; in Spanish its chance says it.
      advice.replaceChildren(language() === "en" ? h("p", { class: "lead" }, said.summary) : "", h("p", {}, w.chance(percent)));
      rollButton.textContent = w.rollAgain(reroll.size);
    } catch (error) {
      advice.replaceChildren(troubleNote(error));
    }
  };
  const rollButton = h("button", { type: "button", id: "roll-again", class: "primary wide",
    onclick: () => void act(() => answer(api.POST("/v1/games/{game_id}/turns/{number}/rolls", { params: { path: { game_id: game.id, number } }, body: { reroll: [...reroll] } }))) }, w.rollAgain(reroll.size));
  return [
    ...heading,
    h("p", {}, w.tapToReroll, " · ", w.rollsToGo(rolling.rolls_left ?? 0)),
    h("div", { class: "dice" }, rolling.dice.map((die) => {
      const id = die.die;
      // Every die of a digital turn names its physical die; a die without one cannot be rolled.
      if (!id) return null;
      const face = faceText(die);
      const button: HTMLButtonElement = h("button", { type: "button", class: `die ${die.color}`, "data-die": id, "aria-pressed": String(reroll.has(id)), "aria-label": face,
        onclick: () => {
          if (reroll.has(id)) reroll.delete(id);
          else reroll.add(id);
          button.setAttribute("aria-pressed", String(reroll.has(id)));
          rollButton.textContent = w.rollAgain(reroll.size);
        } }, String(die.value));
      return button;
    })),
    note,
    rollButton,
    h("button", { type: "button", id: "score", class: "wide",
      onclick: () => void act(() => answer(api.POST("/v1/games/{game_id}/turns/{number}/score", { params: { path: { game_id: game.id, number } } }))) }, w.scoreNow),
    h("button", { type: "button", id: "ask-advice", class: "wide", onclick: () => void askAdvice() }, w.advice),
    advice,
  ];
}
