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
  devices: "Phones and backup",
  offline: "No signal: the list of games needs the service. A game at the table can start, and its turns and hands are kept on this phone until they can be sent.",
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
  devices: "Teléfonos y copia",
  offline: "Sin señal: la lista de partidas necesita el servicio. Se puede empezar una partida en la mesa, y sus turnos y manos se guardan en este teléfono hasta que se puedan enviar.",
};

export const words = wordsOf({ en, es });
