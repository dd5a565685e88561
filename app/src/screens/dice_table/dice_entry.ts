// The ten dice as they lie at the end of a turn, entered by tapping faces: a die tapped again is
// taken away; where the phase needs colors (phase 8), each face is entered in the color chosen.
import type { Schemas } from "../../api/client";
import { h } from "../../dom";
import { words } from "./words";

export type Color = Schemas["Color"];
export type Face = number | "W";
export type EnteredDie = { value: Face; color: Color | null };

/** The dice entered so far, the color the next one takes, and the dice the advisor would roll. */
export type Entry = { dice: EnteredDie[]; color: Color; reroll: number[] };

export const COLORS: Color[] = ["red", "orange", "blue", "green"];
const FACES: Face[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "W"];

export function emptyEntry(): Entry {
  return { dice: [], color: "red", reroll: [] };
}

/** The entry as the API takes dice: colors only where the phase needs them. */
export function diceOf(entry: Entry, withColors: boolean): Schemas["Die"][] {
  return entry.dice.map((die) => (withColors && die.color ? { value: die.value, color: die.color } : { value: die.value }));
}

/** A die's face in words: "7", or "7 red" where colors count. */
export function faceText(die: { value: Face; color?: Color | null }): string {
  return die.color ? `${die.value} ${words().colors[die.color]}` : String(die.value);
}

/** The entry's controls: the ten places, the color (if needed) and the faces to tap. */
export function diceEntry(entry: Entry, withColors: boolean, changed: () => void): HTMLElement {
  const w = words();
  const places = Array.from({ length: 10 }, (_, index) => {
    const die = entry.dice[index];
    if (!die) return h("button", { type: "button", class: "die empty", disabled: true, "aria-label": w.emptyDie(index) }, "·");
    const classes = ["die", withColors && die.color ? die.color : "", entry.reroll.includes(index) ? "reroll" : ""].join(" ");
    return h("button", { type: "button", id: `die-${index}`, class: classes, "aria-label": w.die(index, faceText(withColors ? die : { value: die.value })),
      onclick: () => { entry.dice.splice(index, 1); entry.reroll = []; changed(); } }, String(die.value));
  });
  const full = entry.dice.length >= 10;
  // Six high dice show 5 to 10, four low dice 1 to 4 or W: a face no die left can show is off.
  const high = entry.dice.filter((die) => typeof die.value === "number" && die.value >= 5).length;
  const room = (face: Face) => (typeof face === "number" && face >= 5 ? high < 6 : entry.dice.length - high < 4);
  return h(
    "fieldset",
    { class: "entry" },
    h("legend", {}, w.diceOnTable(entry.dice.length)),
    h("div", { class: "dice" }, places),
    h("p", { class: "hint" }, w.tapToRemove),
    withColors && h("div", { class: "colors", role: "group", "aria-label": w.color },
      COLORS.map((color) => h("button", { type: "button", id: `color-${color}`, class: `die ${color}`, "aria-pressed": entry.color === color ? "true" : "false",
        onclick: () => { entry.color = color; changed(); } }, w.colors[color]))),
    h("div", { class: "faces" },
      FACES.map((face) => h("button", { type: "button", id: `face-${face}`, class: `die ${withColors ? entry.color : ""}`, disabled: full || !room(face),
        "aria-label": w.addFace(faceText({ value: face, color: withColors ? entry.color : null })),
        onclick: () => { entry.dice.push({ value: face, color: withColors ? entry.color : null }); entry.reroll = []; changed(); } }, String(face)))),
    h("button", { type: "button", id: "clear-dice", disabled: entry.dice.length === 0, onclick: () => { entry.dice = []; entry.reroll = []; changed(); } }, w.clear),
  );
}
