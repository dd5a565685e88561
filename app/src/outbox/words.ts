import { wordsOf } from "../words/language";

const en = {
  waiting: (n: number) => (n === 1 ? "1 entry waiting to be sent" : `${n} entries waiting to be sent`),
  noSignal: "no signal: kept on this phone",
  sending: "sending…",
  needsYou: "An entry needs you",
  open: "Open the game",
  theirs: "The game has:",
  mine: "This phone entered:",
  keepMine: "Keep this phone's",
  dropMine: "Drop this phone's",
};

const es: typeof en = {
  waiting: (n: number) => (n === 1 ? "1 anotación por enviar" : `${n} anotaciones por enviar`),
  noSignal: "sin señal: guardadas en este teléfono",
  sending: "enviando…",
  needsYou: "Una anotación te necesita",
  open: "Abrir la partida",
  theirs: "La partida tiene:",
  mine: "Este teléfono anotó:",
  keepMine: "Quedarse con el de este teléfono",
  dropMine: "Descartar el de este teléfono",
};

export const words = wordsOf({ en, es });
