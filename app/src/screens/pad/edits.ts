// The game's changed entries (RULES §9): which turn or hand, when, and what it said before and
// after, in words.
import type { Schemas } from "../../api/client";
import { h } from "../../dom";
import { common } from "../../words/common";
import { when } from "../../parts/when";
import { words } from "./words";

type Edit = Schemas["Edit"];
type Entered = Schemas["Entered"];

export function edits(list: Edit[], names: Map<string, string>): HTMLElement {
  const w = words();
  return h(
    "section",
    {},
    h("h2", { id: "pad-edits" }, w.edits),
    list.length === 0
      ? h("p", { class: "hint" }, w.noEdits)
      : h(
          "ol",
          { class: "plain pp-edits", "aria-labelledby": "pad-edits" },
          list.map((edit) =>
            h(
              "li",
              { class: "card" },
              h("h3", {}, title(edit, names)),
              h("p", { class: "hint" }, h("time", { datetime: edit.created_at }, when(edit.created_at))),
              h("p", {}, h("strong", {}, `${w.before}: `), entered(edit.before, names)),
              h("p", {}, h("strong", {}, `${w.after}: `), entered(edit.after, names)),
            ),
          ),
        ),
  );
}

function title(edit: Edit, names: Map<string, string>): string {
  const w = words();
  if (edit.entry === "turn" && "dice" in edit.after) return w.turnEdited(edit.number, names.get(edit.after.player_id) ?? w.someone);
  return w.handEdited(edit.number);
}

/** An entry as it was entered: a turn's dice, or a hand's lines. */
function entered(entry: Entered, names: Map<string, string>): string {
  const w = words();
  const name = (id: string) => names.get(id) ?? w.someone;
  if ("dice" in entry) {
    if (entry.dice.length === 0) return w.failedTurn;
    return w.dice(entry.dice.map((die) => (die.color ? `${die.value} ${w.color(die.color)}` : String(die.value))).join(separator(entry.dice)));
  }
  if (!entry.players || entry.players.length === 0) return w.tieBreakWon(name(entry.went_out));
  const lines = entry.players.map((line) =>
    w.handLine(name(line.player_id), line.made, line.cards ? w.cardsHeld(line.cards.length) : common().points(line.points ?? 0)),
  );
  return [w.wentOutFirst(name(entry.went_out)), ...lines].join("; ");
}

/** Dice with colors are told apart by commas ("8 red, 8 blue"), plain ones by spaces. */
function separator(dice: Schemas["Die"][]): string {
  return dice.some((die) => die.color) ? ", " : " ";
}
