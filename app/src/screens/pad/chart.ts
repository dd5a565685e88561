// The chart of running totals: a line per player, drawn as inline SVG at the width of the
// screen it is drawn on (one unit a pixel, so its text reads the same on a phone and a laptop),
// told apart by color and by dash, with a legend beside it and, for a screen reader, a name
// and a description that say what the lines say.
import type { Schemas } from "../../api/client";
import { h, svg } from "../../dom";
import { words } from "./words";

/** A player's running totals: the first is 0, the start; then one after each turn or hand. */
export type Series = { id: string; name: string; totals: number[] };

/** Dice: the player's total in the game as it was right after each of their scored turns. */
export function diceSeries(sheet: Schemas["DiceScoresheet"], turns: Schemas["Turn"][]): Series[] {
  const series = sheet.players.map((line) => ({ id: line.player_id, name: line.name, totals: [0] }));
  for (const turn of turns) {
    if (turn.state !== "scored") continue;
    const player = turn.game.players.find((each) => each.id === turn.player_id);
    const line = series.find((each) => each.id === turn.player_id);
    if (player && line) line.totals.push(player.total);
  }
  return series;
}

/** Cards: the penalty points so far, hand by hand. */
export function cardSeries(sheet: Schemas["CardScoresheet"]): Series[] {
  return sheet.players.map((line) => {
    let total = 0;
    return { id: line.player_id, name: line.name, totals: [0, ...line.hands.map((hand) => (total += hand.points))] };
  });
}

const DASHES = ["", "9 4", "2 4", "12 4 2 4", "5 5", "14 3 3 3 3 3", "1 3", "7 2 2 2"];
const FONT = 12;

/** The chart and its legend, `width` pixels wide. */
export function chart(series: Series[], dice: boolean, width: number): HTMLElement {
  const w = words();
  const rounds = Math.max(0, ...series.map((each) => each.totals.length - 1));
  const heading = h("h2", { id: "pad-chart" }, w.chart);
  if (rounds === 0) return h("section", {}, heading, h("p", { class: "hint" }, w.noChart));

  const values = series.flatMap((each) => each.totals);
  const height = Math.round(Math.min(340, Math.max(220, width * 0.6)));
  const [top, bottom] = [10, 38];
  const plotHeight = height - top - bottom;
  const yStep = nice((Math.max(10, ...values) - Math.min(0, ...values)) / Math.max(2, Math.floor(plotHeight / 36)));
  const yMax = Math.ceil(Math.max(10, ...values) / yStep) * yStep;
  const yMin = Math.floor(Math.min(0, ...values) / yStep) * yStep;
  const yTicks: number[] = [];
  for (let tick = yMin; tick <= yMax; tick += yStep) yTicks.push(tick);
  const left = Math.max(...yTicks.map((tick) => String(tick).length)) * FONT * 0.62 + 12;
  const right = 12;
  const plotWidth = width - left - right;
  const x = (i: number) => left + (plotWidth * i) / rounds;
  const y = (total: number) => top + (plotHeight * (yMax - total)) / (yMax - yMin);
  const xStep = Math.max(1, Math.ceil(nice((rounds * 34) / plotWidth)));
  const xTicks: number[] = [];
  for (let tick = xStep; tick <= rounds; tick += xStep) xTicks.push(tick);

  const text = (content: string, props: Record<string, string | number>) =>
    svg("text", { "font-size": FONT, fill: "currentColor", ...props }, document.createTextNode(content));
  const description = [
    dice ? w.chartDice(rounds) : w.chartCards(rounds),
    ...series.map((each) => `${w.chartLine(each.name, last(each.totals), each.totals.length - 1, dice)}.`),
  ].join(" ");

  const drawing = svg(
    "svg",
    {
      class: "pp-chart-svg",
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      role: "img",
      "aria-labelledby": "pad-chart-title",
      "aria-describedby": "pad-chart-desc",
    },
    svg("title", { id: "pad-chart-title" }, document.createTextNode(w.chart)),
    svg("desc", { id: "pad-chart-desc" }, document.createTextNode(description)),
    svg(
      "g",
      { class: "pp-chart-grid" },
      ...yTicks.map((tick) => svg("line", { x1: left, x2: width - right, y1: y(tick), y2: y(tick), stroke: "currentColor", "stroke-width": tick === 0 ? 1.2 : 0.6 })),
      svg("line", { x1: left, x2: left, y1: top, y2: top + plotHeight, stroke: "currentColor", "stroke-width": 1.2 }),
    ),
    svg(
      "g",
      { class: "pp-chart-axis" },
      ...yTicks.map((tick) => text(String(tick), { x: left - 6, y: y(tick) + FONT / 3, "text-anchor": "end" })),
      ...xTicks.map((tick) => text(String(tick), { x: x(tick), y: top + plotHeight + FONT + 4, "text-anchor": "middle" })),
      text(dice ? w.axisDice(rounds) : w.axisCards(rounds), { x: left + plotWidth / 2, y: height - 4, "text-anchor": "middle" }),
    ),
    ...series.map((each, seat) =>
      svg(
        "g",
        { class: `pp-seat-${seat % 8}` },
        svg("polyline", {
          points: each.totals.map((total, i) => `${x(i).toFixed(1)},${y(total).toFixed(1)}`).join(" "),
          fill: "none",
          stroke: "currentColor",
          "stroke-width": 2.5,
          "stroke-linejoin": "round",
          "stroke-dasharray": DASHES[seat % DASHES.length] || "none",
        }),
        svg("circle", { cx: x(each.totals.length - 1), cy: y(last(each.totals)), r: 4, fill: "currentColor" }),
      ),
    ),
  );
  return h(
    "section",
    {},
    heading,
    h("figure", { class: "chart pp-chart" }, drawing, h("figcaption", {}, legend(series, dice))),
  );
}

function legend(series: Series[], dice: boolean): HTMLElement {
  const w = words();
  return h(
    "ul",
    { class: "pp-legend" },
    series.map((each, seat) => {
      const swatch = svg(
        "svg",
        { class: `pp-swatch pp-seat-${seat % 8}`, viewBox: "0 0 36 12", width: 36, height: 12, "aria-hidden": "true", focusable: "false" },
        svg("line", { x1: 2, x2: 34, y1: 6, y2: 6, stroke: "currentColor", "stroke-width": 3, "stroke-dasharray": DASHES[seat % DASHES.length] || "none" }),
      );
      return h("li", {}, swatch, h("span", {}, w.chartLine(each.name, last(each.totals), each.totals.length - 1, dice)));
    }),
  );
}

function last(totals: number[]): number {
  return totals[totals.length - 1] ?? 0;
}

/** The round step at or above `rough`: 1, 2 or 5 times a power of ten. */
function nice(rough: number): number {
  if (rough <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((each) => each * power >= rough) ?? 10;
  return step * power;
}
