// Who plays, and in which seat: people from the roster or new names, moved up or taken out;
// at a dice table, the roll-off (`roll_off`).
import type { Schemas } from "../../api/client";
import { h } from "../../dom";
import type { Draft } from "./draft";
import { rollOff } from "./roll_off";
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
