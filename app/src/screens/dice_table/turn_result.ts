// What a turn came to: the phase made and its score, which dice made which group and what each
// W stood for, the bonuses; or, for a miss, how far the dice got towards each group.
import type { Schemas } from "../../api/client";
import { h } from "../../dom";
import { phaseNeeds } from "../../parts/phase_words";
import { words } from "./words";

type Turn = Schemas["Turn"];

/** What `turn` came to; `fixed` starts the heading when it was an older turn just fixed. */
export function turnResult(turn: Turn, playerName: string, fixed: string, ...actions: HTMLElement[]): HTMLElement {
  const w = words();
  const made = turn.made;
  return h(
    "section",
    { class: `card result ${made ? "made" : "missed"}`, id: "turn-result", tabindex: -1, "aria-live": "polite" },
    h("h2", {}, fixed, made ? w.madeIt(playerName, turn.phase, turn.score) : w.missedIt(playerName, turn.phase)),
    made ? groupsMade(turn.groups) : missed(turn),
    turn.bonuses.length > 0 && h("ul", {}, turn.bonuses.map((bonus) => h("li", { class: "good" }, w.bonus(bonus.kind, bonus.points)))),
    actions.length > 0 && h("div", { class: "row" }, actions),
  );
}

function groupsMade(groups: Schemas["Group"][]): HTMLElement {
  const w = words();
  return h("ul", {}, groups.map((group) =>
    h("li", {}, `${phaseNeeds([group])}: `, group.dice.map((die, index) => [
      index > 0 ? " " : "",
      die.value === "W" && die.stands_for !== undefined
        ? h("span", { class: "wild" }, `(${w.wildAs(typeof die.stands_for === "number" ? String(die.stands_for) : w.colors[die.stands_for])})`)
        : String(die.value),
    ]))));
}

function missed(turn: Turn): HTMLElement {
  const w = words();
  const miss = turn.miss;
  if (!miss || miss.dice_given === 0) return h("p", {}, w.noDice);
  return h(
    "div",
    {},
    h("ul", {}, miss.groups.map((group) =>
      h("li", {}, `${phaseNeeds([group])}: ${w.short(group.have, group.size)}`, group.dice.length > 0 && ` (${group.dice.map((die) => String(die.value)).join(" ")})`))),
    miss.dice_given < 10 && h("p", { class: "hint" }, w.fewDice(miss.dice_given)),
  );
}
