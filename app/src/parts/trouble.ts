// What a refused or failed call says to the player: the service's own sentence (it names the
// players and dice in the game's words), in Spanish where the app knows the problem's code.
import { h } from "../dom";
import { Refused, Unreachable, type Problem } from "../api/client";
import { common } from "../words/common";
import { language } from "../words/language";
import { spanishProblems } from "../words/problems";

/** The sentence that tells the player what went wrong. */
export function troubleText(error: unknown): string {
  if (error instanceof Unreachable) return common().unreachable;
  if (error instanceof Refused) return problemText(error.problem);
  return String(error instanceof Error ? error.message : error);
}

/** A problem's sentence in the app's language. */
export function problemText(problem: Problem): string {
  if (language() === "es") return spanishProblems[problem.code] ?? withoutField(problem);
  return withoutField(problem);
}

/** The service's sentence without the field it starts with ("dice[6]: …"): the app shows
 * the field's place itself. */
function withoutField(problem: Problem): string {
  const field = problem.errors?.[0]?.field;
  return field && problem.detail.startsWith(`${field}: `) ? problem.detail.slice(field.length + 2) : problem.detail;
}

/** The messages of a refused call, by the field each names (`players[1].points`, `dice[6]`). */
export function fieldMessages(error: unknown): Map<string, string> {
  const messages = new Map<string, string>();
  if (!(error instanceof Refused)) return messages;
  for (const each of error.problem.errors ?? []) messages.set(each.field, each.message);
  return messages;
}

/** An alert with what went wrong, read out by a screen reader when it appears. */
export function troubleNote(error: unknown): HTMLElement {
  // In Spanish the app's sentence is general; the service's own (English) names the player,
  // the dice and the numbers, so it follows.
  const exact = error instanceof Refused && language() === "es" && spanishProblems[error.problem.code] ? withoutField(error.problem) : null;
  return h("div", { role: "alert" }, h("p", { class: "trouble" }, troubleText(error)), exact && h("p", { class: "hint", lang: "en" }, exact));
}
