// A review's figures in words: a value as its goal tells it, and a choice beside the best one in
// a sentence ("Kept 7 7 W and rolled six: 61%; keeping 7 7 7 W and rolling five was 74%").
import type { Schemas } from "../../api/client";
import { language } from "../../words/language";
import { words } from "./words";

type RolledDie = Schemas["RolledDie"];
export type Decision = Schemas["DecisionReview"];

/** What a position or a choice is worth: a chance for make, the points still to come for the
 * game. */
export function worth(value: number, make: boolean): string {
  if (make) return percent(value, 0);
  return words().toCome(value.toLocaleString(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }));
}

/** A roll's or a turn's luck, signed: the chance it added for make, the points for the game. */
export function swing(value: number, make: boolean): string {
  if (make) return percent(value, 0, "exceptZero");
  return words().points(signed(value, 1));
}

/** A fraction as a percentage in the reader's language ("74%", "74 %"). */
export function percent(fraction: number, digits: number, signDisplay: "auto" | "exceptZero" = "auto"): string {
  return fraction.toLocaleString(language(), { style: "percent", minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay });
}

/** A player's luck over the game: for make, the phases it made them above (or below) what
 * their play was worth; for the game, points. */
export function gameLuck(value: number, make: boolean): string {
  return make ? words().phases(signed(value, 2)) : words().points(signed(value, 1));
}

function signed(value: number, digits: number): string {
  return value.toLocaleString(language(), { maximumFractionDigits: digits, minimumFractionDigits: digits, signDisplay: "exceptZero" });
}

/** The dice a choice keeps on the table, highest first and wilds last: "7 7 W". */
function kept(dice: RolledDie[], reroll: number[]): string {
  const faces = dice.filter((_, at) => !reroll.includes(at)).map((die) => die.value);
  const rank = (face: number | "W") => (face === "W" ? 0 : face);
  return faces.sort((a, b) => rank(b) - rank(a)).join(" ");
}

/** The choice made and, when it was not the best, the best one. */
export function choiceSentence(dice: RolledDie[], decision: Decision, make: boolean): string {
  const w = words();
  const chosen = `${w.chose(kept(dice, decision.reroll), decision.reroll.length)}: ${worth(decision.value_chosen, make)}`;
  if (decision.label === "best") return `${chosen} (${w.sameAsBest})`;
  return `${chosen}; ${w.best(kept(dice, decision.best_reroll), decision.best_reroll.length, worth(decision.value_best, make))}`;
}
