// The new game as it is being set up: kept while the screen is drawn again, and until it starts.
import type { Schemas } from "../../api/client";
import { newId } from "../../outbox/entries";

export type Seat = { name: string; personId: string | null };

export type Draft = {
  /** The id the new game will have, chosen here: sent again (no answer came), it is the same game. */
  id: string;
  game: "dice" | "cards";
  seats: Seat[];
  mode: Schemas["Mode"];
  edition: Schemas["Edition"];
  layout: Schemas["DiceLayout"];
  cardEdition: Schemas["CardEdition"];
  phases: number[];
  tenHands: boolean;
  dealer: number;
  name: string;
  /** The roll-off at a table, while it is on: each seated player's rolls (by name), and who
   * still tie. */
  rollOff: Map<string, number[]> | null;
  tie: string[];
};

function fresh(): Draft {
  return {
    id: newId(),
    game: "dice",
    seats: [],
    mode: "tabletop",
    edition: "mattel-2011",
    layout: "standard",
    cardEdition: "standard",
    phases: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    tenHands: false,
    dealer: 0,
    name: "",
    rollOff: null,
    tie: [],
  };
}

export let draft: Draft = fresh();

export function resetDraft(): void {
  draft = fresh();
}
