// A digital game's review: each player's accuracy, luck and labels, the costliest choices
// first, then every turn roll by roll; it prints like the pad.
import { api, answer, type Schemas } from "../../api/client";
import { h, show } from "../../dom";
import { gameTitle } from "../../parts/game_title";
import { href } from "../../router";
import { choiceSentence, gameLuck, percent, swing, worth, type Decision } from "./sentences";
import { words, type LabelName } from "./words";

type Review = Schemas["GameReview"];
type TurnReview = Schemas["TurnReview"];

const LABELS: LabelName[] = ["best", "good", "inaccuracy", "mistake", "blunder"];

export async function showReview(gameId: string): Promise<void> {
  const path = { path: { game_id: gameId } };
  const [game, review] = await Promise.all([
    answer(api.GET("/v1/games/{game_id}", { params: path })),
    reviewOf(gameId),
  ]);
  const w = words();
  const names = new Map(game.players.map((player) => [player.id, player.name]));
  const nameOf = (id: string) => names.get(id) ?? "";
  const make = review.goal === "make";
  const title = gameTitle(game);
  show(
    `${w.title} · ${title}`,
    h("p", { class: "no-print" }, h("a", { class: "pp-back", href: href({ screen: "pad", gameId }) }, h("span", { "aria-hidden": "true" }, "← "), w.backToPad)),
    h("h1", {}, `${w.title} · ${title}`),
    h("p", { class: "hint" }, w.about(make)),
    review.note && h("p", { class: "card", role: "note" }, review.note),
    h("div", { class: "no-print" }, h("button", { type: "button", onclick: () => window.print() }, w.print)),
    players(review, nameOf),
    costliest(review, nameOf, make),
    everyTurn(review, nameOf, make),
  );
}

/** The review as JSON (the operation also answers a printable page, which the type allows for). */
async function reviewOf(gameId: string): Promise<Review> {
  const review = await answer(api.GET("/v1/games/{game_id}/review", { params: { path: { game_id: gameId } }, headers: { Accept: "application/json" } }));
  if (typeof review === "string") throw new Error("the review came as text, not JSON");
  return review;
}

/** Each player's figures: accuracy and luck, then the choices counted by label. */
function players(review: Review, nameOf: (id: string) => string): HTMLElement {
  const w = words();
  const make = review.goal === "make";
  const counted = (player: Review["players"][number]) =>
    LABELS.filter((label) => player.labels[label] > 0).map((label) => w.counted(label, player.labels[label]));
  const line = (player: Review["players"][number]) => {
    const accuracy = player.accuracy === null || player.accuracy === undefined ? w.noDecisions : percent(player.accuracy / 100, 1);
    return h(
      "li",
      {},
      h("strong", {}, nameOf(player.player_id)),
      h("span", {}, `${w.accuracy}: ${accuracy} · ${w.luck}: ${gameLuck(player.luck, make)}`),
      h("span", { class: "hint" }, `${w.decisions}: ${[String(player.decisions), ...counted(player)].join(" · ")}`),
    );
  };
  return h("section", { class: "card" }, h("h2", {}, w.players), h("ul", { class: "plain review-players" }, review.players.map(line)));
}

/** Every choice that was not the best, the costliest first. */
function costliest(review: Review, nameOf: (id: string) => string, make: boolean): HTMLElement {
  const w = words();
  const missed = review.turns.flatMap((turn) =>
    turn.rolls.flatMap((roll) => (roll.decision && roll.decision.label !== "best" ? [{ turn, dice: roll.dice, decision: roll.decision }] : [])),
  );
  missed.sort((a, b) => b.decision.error - a.decision.error);
  const line = ({ turn, dice, decision }: { turn: TurnReview; dice: Schemas["RolledDie"][]; decision: Decision }) =>
    h("li", {}, h("strong", {}, `${w.turn(turn.number, nameOf(turn.player_id), turn.phase)} · ${w.label(decision.label)}`), h("br"), choiceSentence(dice, decision, make));
  return h("section", { class: "card" }, h("h2", {}, w.mistakesFirst), missed.length ? h("ol", { class: "review-list" }, missed.map(line)) : h("p", {}, w.noMistakes));
}

/** Every scored turn, roll by roll. */
function everyTurn(review: Review, nameOf: (id: string) => string, make: boolean): HTMLElement {
  const w = words();
  const turn = (t: TurnReview) =>
    h(
      "li",
      {},
      h("strong", {}, w.turn(t.number, nameOf(t.player_id), t.phase)),
      h("br"),
      w.turnFigures(worth(t.value_before, make), worth(t.result, make), swing(t.luck, make)),
      h(
        "ol",
        {},
        t.rolls.map((roll, k) =>
          h("li", {}, `${k === 0 ? w.firstRoll : w.reroll(k + 1)} (${w.luck.toLowerCase()} ${swing(roll.luck, make)})`, roll.decision && [": ", choiceSentence(roll.dice, roll.decision, make)]),
        ),
      ),
    );
  return h("section", { class: "card" }, h("h2", {}, w.everyTurn), review.turns.length ? h("ol", { class: "review-list" }, review.turns.map(turn)) : h("p", {}, w.noTurns));
}
