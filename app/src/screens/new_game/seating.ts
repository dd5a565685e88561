// Who plays, and in which seat: people from the roster or new names, moved up or taken out;
// at a dice table, the roll-off (each rolls a high die; the highest sits first).
import type { Schemas } from "../../api/client";
import { h } from "../../dom";
import type { Draft } from "./draft";
import { words } from "./words";

export function seating(d: Draft, roster: Schemas["Person"][], draw: () => void): HTMLElement {
  const w = words();
  const seated = (person: Schemas["Person"]) => d.seats.some((seat) => seat.personId === person.id);
  const toggle = (person: Schemas["Person"]) => {
    d.seats = seated(person) ? d.seats.filter((seat) => seat.personId !== person.id) : [...d.seats, { name: person.name, personId: person.id }];
    draw();
  };
  const newName = h("input", { id: "new-player", maxlength: 100, autocomplete: "off", enterkeyhint: "done" });
  const add = () => {
    const name = newName.value.trim();
    if (!name) return;
    d.seats = [...d.seats, { name, personId: null }];
    draw();
    document.getElementById("new-player")?.focus();
  };
  newName.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  });
  return h(
    "fieldset",
    {},
    h("legend", {}, w.players),
    roster.length > 0 && [
      h("p", { class: "hint" }, w.roster),
      roster.map((person) => h("label", { class: "inline" }, h("input", { type: "checkbox", id: `person-${person.id}`, checked: seated(person), onchange: () => toggle(person) }), person.name)),
    ],
    h("label", { for: "new-player" }, w.newPlayer),
    h("div", { class: "row" }, h("div", { class: "grow" }, newName), h("button", { type: "button", id: "add-player", onclick: add }, w.add)),
    h("h3", {}, w.seats),
    d.seats.length === 0 ? h("p", { class: "hint" }, w.noSeats) : seatList(d, draw),
    d.game === "dice" && d.mode === "tabletop" && d.seats.length > 1 && rollOff(d, draw),
  );
}

function seatList(d: Draft, draw: () => void): HTMLElement {
  const w = words();
  const move = (from: number) => {
    const seats = [...d.seats];
    const [moved] = seats.splice(from, 1);
    if (moved) seats.splice(from - 1, 0, moved);
    d.seats = seats;
    draw();
  };
  return h(
    "ol",
    { class: "standings" },
    d.seats.map((seat, index) =>
      h(
        "li",
        {},
        h("span", {}, seat.name),
        h(
          "span",
          { class: "row" },
          index > 0 && h("button", { type: "button", id: `up-${index}`, "aria-label": w.moveUp(seat.name), onclick: () => move(index) }, "↑"),
          h("button", { type: "button", id: `out-${index}`, "aria-label": w.remove(seat.name), onclick: () => { d.seats = d.seats.filter((_, i) => i !== index); draw(); } }, "✕"),
        ),
      ),
    ),
  );
}

function rollOff(d: Draft, draw: () => void): HTMLElement {
  const w = words();
  if (!d.rollOff) return h("button", { type: "button", id: "roll-off", class: "wide", onclick: () => { d.rollOff = new Map(); d.tie = []; draw(); } }, w.rollOff);
  const rolls = d.rollOff;
  const rolling = d.tie.length > 0 ? d.seats.filter((seat) => d.tie.includes(seat.name)) : d.seats;
  return h(
    "div",
    { class: "card" },
    d.tie.length > 0 && h("p", { role: "status" }, w.tie(d.tie.join(", "))),
    rolling.map((seat, index) =>
      h(
        "div",
        {},
        h("label", { for: `rolled-${index}` }, w.rolled(seat.name)),
        h("select", { id: `rolled-${index}`, onchange: (event: Event) => rolls.set(seat.name, Number((event.target as HTMLSelectElement).value)) },
          h("option", { value: "" }, "–"),
          [5, 6, 7, 8, 9, 10].map((face) => h("option", { value: face, selected: rolls.get(seat.name) === face }, face))),
      ),
    ),
    h("button", { type: "button", id: "seat-by-roll", class: "wide", onclick: () => { seatByRoll(d, rolling.map((seat) => seat.name)); draw(); } }, w.seatByRoll),
  );
}

/** Seats the players who rolled, highest first; those tied for the first seat roll again. */
function seatByRoll(d: Draft, rolled: string[]): void {
  const rolls = d.rollOff ?? new Map<string, number>();
  if (rolled.some((name) => !rolls.has(name))) return;
  const best = Math.max(...rolled.map((name) => rolls.get(name) ?? 0));
  const first = rolled.filter((name) => rolls.get(name) === best);
  if (first.length > 1) {
    d.tie = first;
    for (const name of first) rolls.delete(name);
    return;
  }
  const start = d.seats.findIndex((seat) => seat.name === first[0]);
  // Play goes on round the table from the one who rolled highest.
  d.seats = [...d.seats.slice(start), ...d.seats.slice(0, start)];
  d.rollOff = null;
  d.tie = [];
}
