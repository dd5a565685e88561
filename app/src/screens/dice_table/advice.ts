// "What should I roll again?": the advisor (POST /v1/advice) asked about the dice on the table
// and the rolls left; its sentence and exact figures shown, the dice it would roll marked.
import { api, answer, type Schemas } from "../../api/client";
import { h } from "../../dom";
import { troubleNote } from "../../parts/trouble";
import { language } from "../../words/language";
import { type Entry, faceText } from "./dice_entry";
import { words } from "./words";

type Advice = Schemas["Advice"];

/** What the table asked the advisor last, kept while the entry stays the same. */
export type Asked = { rollsLeft: number; advice: Advice | null; trouble: unknown };

export function adviceBox(entry: Entry, asked: Asked, phase: number, layout: Schemas["DiceLayout"], changed: () => void): HTMLElement {
  const w = words();
  const ask = async () => {
    asked.advice = null;
    asked.trouble = null;
    if (entry.dice.length < 10) {
      asked.trouble = new Error(w.needTen);
      return changed();
    }
    const dice = entry.dice.map((die) => (die.color ? { value: die.value, color: die.color } : { value: die.value }));
    try {
      asked.advice = await answer(api.POST("/v1/advice", { body: { phase, rolls_left: asked.rollsLeft, dice, goal: "make", dice_layout: layout } }));
      entry.reroll = asked.advice.reroll;
    } catch (error) {
      asked.trouble = error;
    }
    changed();
  };
  const rollsLeft = h("select", { id: "rolls-left", onchange: (event: Event) => { asked.rollsLeft = Number((event.target as HTMLSelectElement).value); } },
    [2, 1].map((n) => h("option", { value: n, selected: asked.rollsLeft === n }, n)));
  return h(
    "details",
    { class: "card advice", open: asked.advice !== null || asked.trouble !== null },
    h("summary", {}, w.advice),
    h("div", { class: "row" }, h("label", { for: "rolls-left" }, w.rollsLeft), rollsLeft, h("button", { type: "button", id: "ask-advice", onclick: () => void ask() }, w.askAdvice)),
    asked.trouble !== null && troubleNote(asked.trouble),
    asked.advice && said(asked.advice, entry, asked, changed),
  );
}

function said(advice: Advice, entry: Entry, asked: Asked, changed: () => void): HTMLElement {
  const w = words();
  const percent = new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 1 });
  const decimal = new Intl.NumberFormat(language(), { maximumFractionDigits: 2 });
  const follow = () => {
    entry.dice = entry.dice.filter((_, index) => !advice.reroll.includes(index));
    entry.reroll = [];
    asked.rollsLeft = Math.max(1, asked.rollsLeft - 1);
    asked.advice = null;
    changed();
  };
  return h(
    "div",
    { role: "status" },
    h("p", { class: "lead", id: "advice-said" }, sentence(advice, entry)),
    h("p", {}, w.chance(percent.format(advice.chance))),
    h("p", {}, w.expected(decimal.format(advice.expected_score))),
    advice.reroll.length > 0
      ? h("button", { type: "button", id: "follow-advice", class: "wide", onclick: follow }, w.followAdvice)
      : h("p", {}, w.keepAll),
  );
}

/** The advisor's sentence: the service's own in English; in Spanish, told from its figures. */
function sentence(advice: Advice, entry: Entry): string {
  if (language() === "en") return advice.summary;
  const faces = (indexes: number[]) => indexes.map((index) => entry.dice[index]).filter((die) => die !== undefined).map((die) => faceText(die)).join(" ");
  const keep = entry.dice.map((_, index) => index).filter((index) => !advice.reroll.includes(index));
  const chance = new Intl.NumberFormat("es", { style: "percent", maximumFractionDigits: 0 }).format(advice.chance);
  if (advice.reroll.length === 0) return `Quédate con ${faces(keep)}: ${chance} de hacer la fase ${advice.phase}`;
  return `Guarda ${faces(keep) || "nada"} y vuelve a tirar ${faces(advice.reroll)}: ${chance} de hacer la fase ${advice.phase}`;
}
