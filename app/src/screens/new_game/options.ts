// The options of each game: for dice, who rolls, the rulebook and the dice; for cards, the deck,
// the phases played, ten hands, and who deals first.
import { h } from "../../dom";
import type { Draft } from "./draft";
import { words } from "./words";

type Option = [value: string, label: string];

function select(id: string, label: string, options: Option[], chosen: string, pick: (value: string) => void): HTMLElement[] {
  return [
    h("label", { for: id }, label),
    h("select", { id, onchange: (event: Event) => pick((event.target as HTMLSelectElement).value) }, options.map(([value, text]) => h("option", { value, selected: value === chosen }, text))),
  ];
}

export function diceOptions(d: Draft, draw: () => void): HTMLElement {
  const w = words();
  const who = (value: Draft["mode"], label: string) =>
    h("label", { class: "inline" }, h("input", { type: "radio", name: "mode", value, checked: d.mode === value, onchange: () => { d.mode = value; draw(); } }), label);
  return h(
    "fieldset",
    {},
    h("legend", {}, w.dice),
    h("fieldset", {}, h("legend", {}, w.rolls), who("tabletop", w.tabletop), who("digital", w.digital)),
    select("edition", w.edition, [["mattel-2011", w.mattel], ["fundex-2008", w.fundex]], d.edition, (value) => { d.edition = value === "fundex-2008" ? "fundex-2008" : "mattel-2011"; }),
    d.mode === "tabletop" && select("dice-layout", w.layout, [["standard", w.standardDice], ["any_colors", w.anyColors]], d.layout, (value) => { d.layout = value === "any_colors" ? "any_colors" : "standard"; }),
  );
}

export function cardOptions(d: Draft, draw: () => void): HTMLElement {
  const w = words();
  const phase = (n: number) =>
    h("label", { class: "inline" }, h("input", { type: "checkbox", id: `phase-${n}`, checked: d.phases.includes(n), onchange: () => {
      d.phases = d.phases.includes(n) ? d.phases.filter((p) => p !== n) : [...d.phases, n].sort((a, b) => a - b);
      draw();
    } }), String(n));
  return h(
    "fieldset",
    {},
    h("legend", {}, w.cards),
    select("card-edition", w.cardEdition, [["standard", w.standardDeck], ["el-chavo", w.elChavo]], d.cardEdition, (value) => { d.cardEdition = value === "el-chavo" ? "el-chavo" : "standard"; }),
    h("fieldset", {}, h("legend", {}, w.phases), h("div", { class: "counts phases" }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(phase))),
    h("label", { class: "inline" }, h("input", { type: "checkbox", id: "ten-hands", checked: d.tenHands, onchange: () => { d.tenHands = !d.tenHands; } }), w.tenHands),
    d.seats.length > 0 && select("dealer", w.dealer, d.seats.map((seat, index): Option => [String(index), seat.name]), String(d.dealer), (value) => { d.dealer = Number(value); }),
  );
}
