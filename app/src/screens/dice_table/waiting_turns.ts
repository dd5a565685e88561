// The turns of this game waiting to be sent, and, when the service refused one because another
// phone entered that turn differently, both of them side by side with the person's choice.
import type { Schemas } from "../../api/client";
import { h, type Child } from "../../dom";
import { conflict } from "../../outbox/conflict";
import type { WaitingTurn } from "../../outbox/entries";
import { words } from "./waiting_words";

type DiceGame = Schemas["DiceGame"];

/** The seat whose turn it is once the waiting turns are played: the one after the last. */
export function seatAfter(game: DiceGame, queued: WaitingTurn[]): number | null {
  const last = queued.at(-1);
  if (!last) return null;
  return (last.seat + 1) % game.players.length;
}

/** Dice in short ("8 8 8 10 W W"), or "missed". */
function shown(dice: Schemas["Die"][]): string {
  return dice.length ? dice.map((die) => `${die.value}${die.color ? ` ${die.color}` : ""}`).join(" ") : words().noDice;
}

export function waitingTurns(game: DiceGame, queued: WaitingTurn[]): Child {
  if (queued.length === 0) return null;
  const w = words();
  const nameIn = (seat: number) => game.players.find((p) => p.seat === seat)?.name ?? "";
  const stuck = queued.find((turn) => turn.stuck);
  return h(
    "section",
    { class: "card", id: "waiting-turns" },
    stuck && conflict(stuck, { taken: w.taken(stuck.number), refused: w.refused(stuck.number), entry: w.line(stuck.number, nameIn(stuck.seat), shown(stuck.dice)) }),
    h("h2", {}, w.waiting),
    h("p", { class: "hint" }, w.waitingHint),
    h("ol", { class: "plain" }, queued.map((turn) => h("li", { class: "waiting-turn" }, w.line(turn.number, nameIn(turn.seat), shown(turn.dice))))),
  );
}
