// The card counter: how many of each kind of card a player still holds, added up (RULES §7:
// 1–9 are 5, 10–12 are 10, a Skip 15, a Wild 25) into the player's points as they are counted.
import { h } from "../../dom";
import { words } from "./words";

type Kind = { worth: number; label: string };

/** The button that opens the counter, and the counter, which writes its total into `points`. */
export function cardCounter(id: string, name: string, points: HTMLInputElement): [HTMLButtonElement, HTMLElement] {
  const w = words();
  const kinds: Kind[] = [
    { worth: 5, label: w.low },
    { worth: 10, label: w.high },
    { worth: 15, label: w.skips },
    { worth: 25, label: w.wilds },
  ];
  const total = h("output", { "aria-live": "polite" });
  const counts = kinds.map((kind, k) => {
    const count = h("input", { id: `${id}-${k}`, type: "number", inputmode: "numeric", min: 0, max: 10, value: 0, oninput: () => add() });
    return { kind, count, cell: h("div", {}, h("label", { for: count.id }, kind.label), count) };
  });
  const add = () => {
    const sum = counts.reduce((sum, { kind, count }) => sum + kind.worth * Math.max(0, Math.floor(Number(count.value) || 0)), 0);
    points.value = String(sum);
    total.value = w.counted(sum);
  };
  const counter = h(
    "div",
    { id, class: "card-counter", role: "group", "aria-label": w.countWhose(name), hidden: true },
    h("div", { class: "counts" }, counts.map(({ cell }) => cell)),
    h("p", { class: "hint" }, total),
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
