// The hand form: who went out, and for every other player whether they laid down their phase
// and the points of the cards they still hold. The same form enters the coming hand and fixes a
// recorded one; the table sends it. A refused hand keeps everything typed: each message goes
// beside the line and field the problem names (`players[2].points` is the third line sent).
import { Refused, type Schemas } from "../../api/client";
import { h } from "../../dom";
import type { CardGame } from "../../parts/game_title";
import { fieldMessages, problemText, troubleText } from "../../parts/trouble";
import { common } from "../../words/common";
import { language } from "../../words/language";
import { cardCounter } from "./card_counter";
import { nameOf, namesOf } from "./names";
import { words } from "./words";

export type Hand = Schemas["Hand"];
export type RecordHand = Schemas["RecordHand"];

/** A player's line as the form starts it: a recorded hand's, or empty for the coming hand. */
type Start = { playerId: string; phase: number; made: boolean; points: number | null };

/** A player's line as drawn. */
type Line = { element: HTMLElement; playerId: string; made: HTMLInputElement; points: HTMLInputElement; madeNote: HTMLElement; pointsNote: HTMLElement; entries: HTMLElement; outNote: HTMLElement };

export type HandFormUse = {
  game: CardGame;
  /** The hand being fixed; null for the coming hand. */
  fixing: Hand | null;
  /** Records (or keeps, offline) the hand entered, or fixes the one being fixed; what it throws
   * is shown on the form. */
  record: (body: RecordHand) => Promise<void>;
  cancel: () => void;
};

export function handForm({ game, fixing, record, cancel }: HandFormUse): HTMLFormElement {
  const w = words();
  const tieBreak = fixing ? fixing.tie_break : game.status === "tie_break";
  const starts = tieBreak ? [] : startsOf(game, fixing);
  const playing = tieBreak ? (fixing ? fixing.players.map((line) => line.player_id) : game.tied) : starts.map((start) => start.playerId);
  const wentOut = fixing?.went_out ?? null;

  const top = h("div");
  const wentOutNote = note("went-out-note");
  const radios = playing.map((id) =>
    h("input", { type: "radio", name: "went_out", value: id, checked: id === wentOut, "aria-describedby": wentOutNote.id, onchange: () => showWentOut(id) }),
  );
  const lines = starts.map((start) => playerLine(game, start, start.playerId === wentOut));
  const showWentOut = (out: string) => {
    for (const line of lines) {
      line.entries.hidden = line.playerId === out;
      line.outNote.hidden = line.playerId !== out;
    }
  };

  const title = fixing ? w.fix(fixing.number) : tieBreak ? w.tieBreak : w.hand(game.hands + 1);
  const dealer = fixing ? w.dealt(nameOf(game, fixing.dealer_id)) : game.dealer_id && w.deals(nameOf(game, game.dealer_id));
  const submit = h("button", { type: "submit", class: "primary wide" }, fixing ? w.save(fixing.number) : tieBreak ? w.recordTieBreak : w.record);

  const entered = async (event: Event) => {
    event.preventDefault();
    for (const quiet of [top, wentOutNote, ...lines.flatMap((line) => [line.madeNote, line.pointsNote])]) quiet.replaceChildren();
    for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    const out = radios.find((radio) => radio.checked)?.value;
    if (!out) return tell(wentOutNote, w.chooseWentOut, radios);
    const body: RecordHand = tieBreak ? { went_out: out } : { went_out: out, players: lines.map((line) => entryOf(line, out)) };
    submit.disabled = true;
    try {
      await record(body);
    } catch (error) {
      submit.disabled = false;
      top.replaceChildren(h("p", { class: "trouble", role: "alert" }, sentenceOf(error)));
      for (const [field, message] of fieldMessages(error)) {
        const text = fieldText(error, message);
        const line = /^players\[(\d+)\](?:\.(\w+))?/.exec(field);
        const later = /^hands\/(\d+)/.exec(field);
        const at = line && lines[Number(line[1])];
        if (field === "went_out") tell(wentOutNote, text, radios);
        else if (at && (line[2] === "made" || line[2] === "laid_down")) tell(at.madeNote, text, [at.made]);
        else if (at) tell(at.pointsNote, text, [at.points]);
        else if (later) top.append(h("p", { class: "field-note" }, w.breaksLater(Number(later[1]))));
      }
      (form.querySelector(".field-note:not(:empty)") ?? top).scrollIntoView({ block: "center" });
    }
  };

  const form = h(
    "form",
    { class: "card hand-form", novalidate: true, "aria-labelledby": "hand-form-title", onsubmit: entered },
    h("h2", { id: "hand-form-title", tabindex: -1 }, title),
    dealer && h("p", { class: "hint" }, dealer),
    top,
    h(
      "fieldset",
      {},
      h("legend", {}, tieBreak ? w.whoWonTieBreak : w.whoWentOut),
      tieBreak && h("p", { class: "hint" }, w.tieBreakHint(namesOf(game, playing))),
      h("div", { class: "went-out" }, radios.map((radio) => h("label", { class: "inline" }, radio, nameOf(game, radio.value)))),
      wentOutNote,
    ),
    lines.map((line) => line.element),
    submit,
    fixing && h("button", { type: "button", class: "wide", onclick: cancel }, common().cancel),
  );
  return form;
}

/** The lines of a played hand: the recorded hand's entries, or every player on their phase. */
function startsOf(game: CardGame, fixing: Hand | null): Start[] {
  if (fixing) {
    return fixing.players.map((line) => ({ playerId: line.player_id, phase: line.phase, made: line.made, points: line.went_out ? null : line.points }));
  }
  return game.players.map((player) => ({ playerId: player.id, phase: player.phase ?? 0, made: false, points: null }));
}

function playerLine(game: CardGame, start: Start, out: boolean): Line {
  const w = words();
  const id = `hand-${start.playerId}`;
  const name = nameOf(game, start.playerId);
  const madeNote = note(`${id}-made-note`);
  const pointsNote = note(`${id}-points-note`);
  const made = h("input", { id: `${id}-made`, type: "checkbox", checked: start.made, "aria-describedby": madeNote.id });
  const points = h("input", {
    id: `${id}-points`,
    type: "number",
    inputmode: "numeric",
    min: 0,
    value: start.points ?? "",
    "aria-describedby": pointsNote.id,
  });
  const [count, counter] = cardCounter(`${id}-count`, name, points, () => ({ made: made.checked, phase: start.phase }));
  const entries = h(
    "div",
    { hidden: out },
    h("label", { class: "inline" }, made, w.laidDown(start.phase)),
    madeNote,
    h("label", { for: points.id }, w.pointsLeft),
    h("div", { class: "row" }, points, count),
    pointsNote,
    counter,
  );
  const outNote = h("p", { class: "hint", hidden: !out }, w.wentOutLine);
  const element = h("fieldset", { class: "player-line" }, h("legend", {}, name), outNote, entries);
  return { element, playerId: start.playerId, made, points, madeNote, pointsNote, entries, outNote };
}

/** A line of the body: who went out laid down their phase and holds nothing. */
function entryOf(line: Line, out: string): Schemas["RecordedPlayer"] {
  if (line.playerId === out) return { player_id: line.playerId, made: true, points: 0 };
  const points = line.points.value.trim();
  return { player_id: line.playerId, made: line.made.checked, points: points === "" ? null : Number(points) };
}

function note(id: string): HTMLElement {
  return h("p", { id, class: "field-note" });
}

/** Shows `text` in a field's note and marks the fields it is about. */
function tell(at: HTMLElement, text: string, fields: HTMLInputElement[]): void {
  at.textContent = text;
  for (const field of fields) field.setAttribute("aria-invalid", "true");
}

/** The problem's sentence, without the fields it names at its start (`players[2].points: …`). */
function sentenceOf(error: unknown): string {
  const fields = error instanceof Refused ? (error.problem.errors ?? []).map((each) => each.field) : [];
  return fields.reduce((text, field) => text.replace(`${field}: `, ""), troubleText(error));
}

/** A field's message: the service writes it in English, so in Spanish the problem's own sentence. */
function fieldText(error: unknown, message: string): string {
  return language() === "es" && error instanceof Refused ? problemText(error.problem) : message;
}
