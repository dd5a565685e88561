// The roll-off at a dice table (RULES §4): each player rolls one high die; the highest plays
// first, and so on down; players who tie roll again among themselves until the order is strict.
import { h } from "../../dom";
import type { Draft } from "./draft";
import { words } from "./words";

export function rollOff(d: Draft, draw: () => void): HTMLElement {
  const w = words();
  if (!d.rollOff) return h("button", { type: "button", id: "roll-off", class: "wide", onclick: () => { d.rollOff = new Map(); d.tie = []; draw(); } }, w.rollOff);
  const rolls = d.rollOff;
  const rolling = d.tie.length > 0 ? d.tie : d.seats.map((seat) => seat.name);
  const next = new Map<string, number>();
  return h(
    "div",
    { class: "card" },
    d.tie.length > 0 && h("p", { role: "status" }, w.tie(d.tie.join(", "))),
    rolling.map((name, index) =>
      h("div", {},
        h("label", { for: `rolled-${index}` }, w.rolled(name)),
        h("select", { id: `rolled-${index}`, onchange: (event: Event) => next.set(name, Number((event.target as HTMLSelectElement).value)) },
          h("option", { value: "" }, "–"),
          [5, 6, 7, 8, 9, 10].map((face) => h("option", { value: face }, face))))),
    h("button", { type: "button", id: "seat-by-roll", class: "wide", onclick: () => {
      if (rolling.some((name) => !next.has(name))) return;
      for (const name of rolling) rolls.set(name, [...(rolls.get(name) ?? []), next.get(name) ?? 0]);
      seatByRoll(d, rolls);
      draw();
    } }, w.seatByRoll),
  );
}

/** Seats the players by their rolls, highest first, each tie settled by the rolls after it;
 * while players still tie, they are the ones to roll again. */
function seatByRoll(d: Draft, rolls: Map<string, number[]>): void {
  const order = (a: string, b: string) => {
    const [x, y] = [rolls.get(a) ?? [], rolls.get(b) ?? []];
    for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (y[i] ?? 0) - (x[i] ?? 0);
    return 0;
  };
  const names = d.seats.map((seat) => seat.name);
  const tied = names.filter((name) => names.some((other) => other !== name && order(name, other) === 0));
  if (tied.length > 0) {
    d.tie = tied;
    return;
  }
  d.seats = [...d.seats].sort((a, b) => order(a.name, b.name));
  d.rollOff = null;
  d.tie = [];
}
