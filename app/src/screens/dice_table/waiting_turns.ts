// The turns of this game waiting to be sent, and, when the service refused one because another
// phone entered that turn differently, both of them side by side with the person's choice: keep
// this phone's (it replaces the other, RULES §9) or drop it.
import { Refused, type Schemas } from "../../api/client";
import { h, type Child } from "../../dom";
import { troubleNote } from "../../parts/trouble";
import type { WaitingTurn } from "../../outbox/entries";
import { dropMine, keepMine } from "../../outbox/outbox";
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
    stuck && conflict(stuck, nameIn(stuck.seat)),
    h("h2", {}, w.waiting),
    h("p", { class: "hint" }, w.waitingHint),
    h("ol", { class: "plain" }, queued.map((turn) => h("li", { class: "waiting-turn" }, w.line(turn.number, nameIn(turn.seat), shown(turn.dice))))),
  );
}

function conflict(turn: WaitingTurn, name: string): HTMLElement {
  const w = words();
  const problem = turn.stuck;
  const taken = problem?.code === "entry_taken";
  const note = h("div");
  const act = (work: () => Promise<void>) => async () => {
    try {
      await work();
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    }
  };
  return h(
    "div",
    { class: "conflict", role: "alert", id: "conflict" },
    h("h2", {}, taken ? w.taken(turn.number) : w.refused(turn.number)),
    taken ? h("p", {}, `${w.theirs} `, h("span", { lang: "en" }, problem.detail)) : problem && troubleNote(new Refused(problem)),
    h("p", {}, `${w.mine} ${w.line(turn.number, name, shown(turn.dice))}`),
    note,
    taken && h("button", { type: "button", class: "primary wide", id: "keep-mine", onclick: act(() => keepMine(turn)) }, w.keepMine),
    h("button", { type: "button", class: "wide", id: "drop-mine", onclick: act(() => dropMine(turn)) }, w.dropMine),
  );
}
