import { wordsOf } from "../../words/language";

const en = {
  inPlay: "In play",
  finished: "Finished",
  noGames: "No game yet: start one.",
  round: (n: number) => `round ${n}`,
  hand: (n: number) => `hand ${n}`,
  lastRound: "last round",
  tieBreak: "tie-break hand",
  won: (names: string) => `won by ${names}`,
  table: (name: string) => `Table: ${name}`,
};

const es: typeof en = {
  inPlay: "En juego",
  finished: "Terminadas",
  noGames: "Aún no hay partidas: empieza una.",
  round: (n: number) => `ronda ${n}`,
  hand: (n: number) => `mano ${n}`,
  lastRound: "última ronda",
  tieBreak: "mano de desempate",
  won: (names: string) => `ganó ${names}`,
  table: (name: string) => `Mesa: ${name}`,
};

export const words = wordsOf({ en, es });
