// A person's figures (GET /v1/people/{id}/stats): for each game the totals, then phase by
// phase; for dice, each phase's turns made beside what best play would make of as many.
import type { Schemas } from "../../api/client";
import { h, type Child } from "../../dom";
import { common } from "../../words/common";
import { gameLuck } from "../review/sentences";
import { words as reviewWords, type LabelName } from "../review/words";
import { decimal, percent } from "./format";
import { words } from "./words";

type Stats = Schemas["PersonStats"];

/** A two-column table of figures: a row header and its value. */
function figureTable(caption: string, rows: [string, Child][]): HTMLElement {
  return h(
    "table",
    { class: "pp-figures" },
    h("caption", { class: "visually-hidden" }, caption),
    h("tbody", {}, rows.map(([label, value]) => h("tr", {}, h("th", { scope: "row" }, label), h("td", { class: "number" }, value)))),
  );
}

/** A table in a box that scrolls sideways when the phone is narrow, reachable by keyboard. */
function scrolling(label: string, table: HTMLElement): HTMLElement {
  return h("div", { class: "scroll pp-box", tabindex: 0, role: "region", "aria-label": label }, table);
}

export function diceFigures(stats: Stats): HTMLElement {
  const w = words();
  const d = stats.dice;
  const played = d.phases.some((phase) => phase.attempts > 0);
  return h(
    "section",
    {},
    h("h2", { id: "person-dice" }, common().dice),
    d.games === 0 && h("p", { class: "hint" }, w.noDiceGames),
    figureTable(common().dice, [
      [w.games, d.games],
      [w.wins, d.wins],
      [w.winRate, percent(d.win_rate)],
      [w.averageTotal, decimal(d.average_total)],
      [w.bestTotal, d.best_total ?? w.noneYet],
      [w.fivePhaseBonuses, d.five_phase_bonuses],
      [w.firstFinishBonuses, d.first_finish_bonuses],
    ]),
    played && [
      h("h3", { id: "person-dice-phases" }, w.phasesDice),
      scrolling(
        w.phasesDice,
        h(
          "table",
          { class: "pp-phases" },
          h("caption", { class: "visually-hidden" }, w.phasesDice),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, w.phase), h("th", { scope: "col", class: "number" }, w.attempts), h("th", { scope: "col", class: "number" }, w.made), h("th", { scope: "col", class: "number" }, w.bestPlay))),
          h(
            "tbody",
            {},
            d.phases.map((phase) =>
              h(
                "tr",
                {},
                h("th", { scope: "row" }, common().phase(phase.phase)),
                h("td", { class: "number" }, phase.attempts),
                h("td", { class: "number" }, phase.made),
                h("td", { class: "number" }, decimal(phase.expected_made)),
              ),
            ),
          ),
        ),
      ),
      h("p", { class: "hint" }, w.bestPlayHint),
    ],
    reviewFigures(d.review),
  );
}

/** Their choices in finished digital games held against best play (RULES §12): nothing until
 * there is a choice to count. */
function reviewFigures(review: Stats["dice"]["review"]): Child {
  if (review.decisions === 0) return null;
  const w = words();
  const r = reviewWords();
  const labels: LabelName[] = ["best", "good", "inaccuracy", "mistake", "blunder"];
  const accuracy = review.accuracy === null || review.accuracy === undefined ? w.noneYet : percent(review.accuracy / 100);
  return [
    h("h3", { id: "person-dice-review" }, w.reviewTitle),
    figureTable(w.reviewTitle, [
      [w.reviewedChoices, review.decisions],
      [r.accuracy, accuracy],
      [r.luck, gameLuck(review.luck, true)],
      ...labels.map((label): [string, Child] => [r.labelTitle(label), review.labels[label]]),
    ]),
    h("p", { class: "hint" }, w.reviewHint),
  ];
}

export function cardFigures(stats: Stats): HTMLElement {
  const w = words();
  const c = stats.cards;
  const played = c.phases.some((phase) => phase.attempts > 0);
  return h(
    "section",
    {},
    h("h2", { id: "person-cards" }, common().cards),
    c.games === 0 && h("p", { class: "hint" }, w.noCardGames),
    figureTable(common().cards, [
      [w.games, c.games],
      [w.wins, c.wins],
      [w.winRate, percent(c.win_rate)],
      [w.hands, c.hands],
      [w.wentOut, c.went_out],
      [w.averagePoints, decimal(c.average_total)],
      [w.bestPoints, c.best_total ?? w.noneYet],
    ]),
    played && [
      h("h3", {}, w.phasesCards),
      scrolling(
        w.phasesCards,
        h(
          "table",
          { class: "pp-phases" },
          h("caption", { class: "visually-hidden" }, w.phasesCards),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, w.phase), h("th", { scope: "col", class: "number" }, w.handsPlayed), h("th", { scope: "col", class: "number" }, w.made))),
          h(
            "tbody",
            {},
            c.phases.map((phase) =>
              h("tr", {}, h("th", { scope: "row" }, common().phase(phase.phase)), h("td", { class: "number" }, phase.attempts), h("td", { class: "number" }, phase.made)),
            ),
          ),
        ),
      ),
    ],
  );
}
