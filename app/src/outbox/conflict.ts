// A turn or hand the service refused at its number, when another phone entered something else
// there (or the game no longer takes it): what the game has and what this phone entered, side by
// side, with the person's choice: keep this phone's (it replaces the other, RULES §9) or drop it.
import { Refused } from "../api/client";
import { h } from "../dom";
import { troubleNote } from "../parts/trouble";
import type { WaitingPlay } from "./entries";
import { dropMine, keepMine } from "./outbox";
import { words } from "./words";

/** What the table says of the entry: its heading when taken, or when refused, and the entry. */
export type Said = { taken: string; refused: string; entry: string };

export function conflict(entry: WaitingPlay, said: Said): HTMLElement {
  const w = words();
  const problem = entry.stuck;
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
    h("h2", {}, taken ? said.taken : said.refused),
    taken ? h("p", {}, `${w.theirs} `, h("span", { lang: "en" }, problem.detail)) : problem && troubleNote(new Refused(problem)),
    h("p", {}, `${w.mine} ${said.entry}`),
    note,
    taken && h("button", { type: "button", class: "primary wide", id: "keep-mine", onclick: act(() => keepMine(entry)) }, w.keepMine),
    h("button", { type: "button", class: "wide", id: "drop-mine", onclick: act(() => dropMine(entry)) }, w.dropMine),
  );
}
