// The card counter: how many of each kind of card a player still holds, added up (RULES §7:
// 1–9 are 5, 10–12 are 10, a Skip 15, a Wild 25) into the player's points as they are counted.
import { h } from "../../dom";
import { dicePhases } from "../../parts/phase_words";
import { words } from "./words";

type Kind = { worth: number; label: string };

/** The button that opens the counter, and the counter, which writes its total into `points`;
 * `holding` says whether the player laid down and on which phase, for how many cards they can
 * hold (RULES §7: ten, less the cards of a phase laid down). */
export function cardCounter(id: string, name: string, points: HTMLInputElement, holding: () => { made: boolean; phase: number }): [HTMLButtonElement, HTMLElement] {
  const w = words();
  const kinds: Kind[] = [
    { worth: 5, label: w.low },
    { worth: 10, label: w.high },
    { worth: 15, label: w.skips },
    { worth: 25, label: w.wilds },
  ];
  const total = h("output", { "aria-live": "polite" });
  const warning = h("p", { class: "field-note", "aria-live": "polite" });
  const counts = kinds.map((kind, k) => {
    const count = h("input", { id: `${id}-${k}`, type: "number", inputmode: "numeric", min: 0, max: 10, value: 0, oninput: () => add() });
    return { kind, count, cell: h("div", {}, h("label", { for: count.id }, kind.label), count) };
  });
  const add = () => {
    const held = counts.map(({ kind, count }) => ({ worth: kind.worth, cards: Math.max(0, Math.floor(Number(count.value) || 0)) }));
    const sum = held.reduce((sum, { worth, cards }) => sum + worth * cards, 0);
    const cards = held.reduce((all, { cards }) => all + cards, 0);
    points.value = String(sum);
    total.value = w.counted(cards, sum);
    const { made, phase } = holding();
    // The phases are asked once; they are in hand by the time anyone counts.
    void dicePhases().then((phases) => {
      const laid = made ? (phases.find((p) => p.phase === phase)?.groups ?? []).reduce((all, group) => all + group.size, 0) : 0;
      const most = 10 - laid;
      warning.textContent = cards > most ? w.tooMany(most, made) : "";
    }, () => undefined);
  };
  const counter = h(
    "div",
    { id, class: "card-counter", role: "group", "aria-label": w.countWhose(name), hidden: true },
    h("div", { class: "counts" }, counts.map(({ cell }) => cell)),
    h("p", { class: "hint" }, total),
    warning,
  );
  const open = h("button", {
    type: "button",
    "aria-expanded": "false",
    "aria-controls": id,
    onclick: () => {
      counter.hidden = !counter.hidden;
      open.setAttribute("aria-expanded", String(!counter.hidden));
      if (!counter.hidden) counts[0]?.count.focus();
    },
  }, w.countCards);
  return [open, counter];
}
