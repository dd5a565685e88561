// A new game: which game, who plays in which seat (or the roll-off), the game's options.
import { api, answer, Unreachable, type Schemas } from "../../api/client";
import { keep } from "../../outbox/outbox";
import { h, redraw, show } from "../../dom";
import { fieldMessages, troubleNote } from "../../parts/trouble";
import { go } from "../../router";
import { draft, resetDraft, type Draft } from "./draft";
import { cardOptions, diceOptions } from "./options";
import { seating } from "./seating";
import { words } from "./words";

export async function showNewGame(): Promise<void> {
  // Without a signal the roster is not at hand: players are named.
  const roster = await answer(api.GET("/v1/people", { params: { query: { limit: 100 } } })).catch((error: unknown) => {
    if (error instanceof Unreachable) return { items: [], next_cursor: null };
    throw error;
  });
  const form = h("form", { novalidate: true });
  const note = h("div");
  const draw = () => redraw(form, ...fields(draft, roster.items, draw), note, h("button", { type: "submit", class: "primary wide" }, words().start));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void start(draft, note);
  });
  draw();
  show(words().title, h("h1", {}, words().title), form);
}

function fields(d: Draft, roster: Schemas["Person"][], draw: () => void): HTMLElement[] {
  const w = words();
  const choice = (value: Draft["game"], label: string) =>
    h("label", { class: "inline" }, h("input", { type: "radio", name: "game", value, checked: d.game === value, onchange: () => { d.game = value; draw(); } }), label);
  return [
    h("fieldset", {}, h("legend", {}, w.which), choice("dice", w.dice), choice("cards", w.cards)),
    seating(d, roster, draw),
    d.game === "dice" ? diceOptions(d, draw) : cardOptions(d, draw),
    h("label", { for: "game-name" }, w.name),
    h("input", { id: "game-name", maxlength: 100, value: d.name, oninput: (event: Event) => { d.name = (event.target as HTMLInputElement).value; } }),
  ];
}

async function start(d: Draft, note: HTMLElement): Promise<void> {
  note.replaceChildren();
  const players = d.seats.map((seat) => (seat.personId ? { person_id: seat.personId } : { name: seat.name }));
  const name = d.name.trim() || null;
  const body: Schemas["CreateGame"] =
    d.game === "dice"
      ? { id: d.id, game: "dice", players, name, mode: d.mode, edition: d.edition, dice_layout: d.mode === "digital" ? "standard" : d.layout }
      : { id: d.id, game: "cards", players, name, edition: d.cardEdition, phases: d.phases, ten_hands: d.tenHands, first_dealer: Math.min(d.dealer, d.seats.length - 1) };
  try {
    const game = await answer(api.POST("/v1/games", { body }));
    resetDraft();
    go({ screen: "game", gameId: game.id });
  } catch (error) {
    // Without a signal a game at the table starts on this phone, and is sent later (a digital
    // game needs the service: it rolls the dice).
    if (error instanceof Unreachable && (body.game === "cards" || body.mode === "tabletop")) {
      await keep({ kind: "game", gameId: d.id, body, names: d.seats.map((seat) => seat.name) });
      resetDraft();
      go({ screen: "game", gameId: body.id ?? "" });
      return;
    }
    const messages = [...fieldMessages(error).values()];
    note.replaceChildren(troubleNote(error), ...messages.map((message) => h("p", { class: "field-note" }, message)));
  }
}
