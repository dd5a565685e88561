// The pad itself, as on paper: a dice game phase by phase, a card game hand by hand, a column
// per player. Wider than a phone with many players: it scrolls sideways in a box a keyboard can
// reach (a region with a name), the row headers staying put.
import type { Schemas } from "../../api/client";
import { h, type Child } from "../../dom";
import { common } from "../../words/common";
import { words } from "./words";

type DiceSheet = Schemas["DiceScoresheet"];
type CardSheet = Schemas["CardScoresheet"];
type Line = Schemas["ScoresheetLine"];

/** The grid of a game's pad, under its heading, in its scroll box. */
export function grid(sheet: DiceSheet | CardSheet): HTMLElement {
  const w = words();
  const title = sheet.game === "dice" ? w.gridDice : w.gridCards;
  const table = sheet.game === "dice" ? diceTable(sheet) : cardTable(sheet);
  return h(
    "section",
    {},
    h("h2", { id: "pad-grid" }, title),
    h("div", { class: "scroll pp-grid", tabindex: 0, role: "region", "aria-label": title }, table),
  );
}

function header(first: string, names: string[]): HTMLElement {
  return h("thead", {}, h("tr", {}, h("th", { scope: "col" }, first), names.map((name) => h("th", { scope: "col", class: "number" }, name))));
}

function row(label: Child, cells: Child[], kind = ""): HTMLElement {
  return h("tr", { class: kind || false }, h("th", { scope: "row" }, label), cells.map((cell) => h("td", { class: "number" }, cell)));
}

function diceTable(sheet: DiceSheet): HTMLElement {
  const w = words();
  const lines = sheet.players;
  const phase = (n: number) =>
    row(
      [h("span", { class: "pp-phase" }, common().phase(n)), h("span", { class: "hint pp-label" }, w.dicePhase[n - 1])],
      lines.map((line) => score(line, n)),
    );
  const sum = (label: string, of: (line: Line) => number, kind = "pp-sum") => row(label, lines.map(of), kind);
  const solitaire = lines.length === 1;
  return h(
    "table",
    { class: lines.length > 3 ? "pp-pad pp-many" : "pp-pad" },
    h("caption", { class: "visually-hidden" }, w.gridDice),
    header(w.phaseColumn, lines.map((line) => line.name)),
    h(
      "tbody",
      {},
      [1, 2, 3, 4, 5].map(phase),
      sum(w.fivePhaseBonus, (line) => line.five_phase_bonus, ""),
      sum(w.fivePhaseTotal, (line) => line.five_phase_total),
      [6, 7, 8, 9, 10].map(phase),
      sum(w.firstFinishBonus, (line) => line.first_finish_bonus, ""),
      sum(w.failures, (line) => line.failures, ""),
      solitaire && sum(w.penalty, (line) => line.penalty, ""),
      sum(w.grandTotal, (line) => line.grand_total, "pp-grand"),
    ),
  );
}

function score(line: Line, phase: number): Child {
  const made = line.phases.find((each) => each.phase === phase)?.score;
  if (made === null || made === undefined) return h("span", { class: "pp-empty", title: words().notMade }, "–");
  return made;
}

function cardTable(sheet: CardSheet): HTMLElement {
  const w = words();
  const lines = sheet.players;
  const numbers = [...new Set(lines.flatMap((line) => line.hands.map((hand) => hand.number)))].sort((a, b) => a - b);
  const tieBreaks = new Set(sheet.hands.filter((hand) => hand.tie_break).map((hand) => hand.number));
  const hand = (n: number) =>
    row(
      [h("span", { class: "pp-phase" }, w.hand(n)), tieBreaks.has(n) && h("span", { class: "hint pp-label" }, w.tieBreak)],
      lines.map((line) => handCell(line.hands.find((each) => each.number === n), tieBreaks.has(n))),
    );
  return h(
    "table",
    { class: lines.length > 3 ? "pp-pad pp-many" : "pp-pad" },
    h("caption", { class: "visually-hidden" }, w.gridCards),
    header(w.handColumn, lines.map((line) => line.name)),
    h(
      "tbody",
      {},
      numbers.map(hand),
      row(w.phasesDone, lines.map((line) => (line.phases_done.length ? line.phases_done.join(", ") : w.none)), "pp-sum"),
      row(w.workingOn, lines.map((line) => (line.phase === null ? w.allDone : common().phase(line.phase))), ""),
      row(w.totalPoints, lines.map((line) => line.total), "pp-grand"),
    ),
  );
}

function handCell(hand: Schemas["HandScore"] | undefined, tieBreak: boolean): Child {
  const w = words();
  if (!hand) return h("span", { class: "hint" }, w.notPlayed);
  return [
    h("strong", {}, hand.points),
    !tieBreak && h("span", { class: `pp-note ${hand.made ? "good" : "bad"}` }, hand.made ? w.madePhase(hand.phase) : w.missedPhase(hand.phase)),
    hand.went_out && h("span", { class: "pp-note" }, w.wentOut),
  ];
}
