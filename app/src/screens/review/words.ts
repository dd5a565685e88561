import { wordsOf } from "../../words/language";

export type LabelName = "best" | "good" | "inaccuracy" | "mistake" | "blunder";

const en = {
  title: "Review",
  backToPad: "Back to the score pad",
  about: (make: boolean): string =>
    make
      ? "Every choice of dice held against exact best play for the chance to make the phase."
      : "Every choice of dice held against exact best play for the whole solitaire game: the points still to come.",
  print: "Print",
  players: "Players",
  player: "Player",
  accuracy: "Accuracy",
  luck: "Luck",
  decisions: "Choices",
  label: (label: LabelName) =>
    ({ best: "best", good: "good", inaccuracy: "inaccuracy", mistake: "mistake", blunder: "blunder" })[label],
  // A label as the heading of a count: "Blunders".
  labelTitle: (label: LabelName) =>
    ({ best: "Best", good: "Good", inaccuracy: "Inaccuracies", mistake: "Mistakes", blunder: "Blunders" })[label],
  // "8 best", "2 blunders"
  counted: (label: LabelName, n: number) =>
    `${n} ${({ best: "best", good: "good", inaccuracy: n === 1 ? "inaccuracy" : "inaccuracies", mistake: n === 1 ? "mistake" : "mistakes", blunder: n === 1 ? "blunder" : "blunders" })[label]}`,
  noDecisions: "no choices yet",
  mistakesFirst: "The costliest choices first",
  noMistakes: "Every choice was the best one.",
  everyTurn: "Every turn",
  noTurns: "No turn has been scored yet.",
  turn: (number: number, name: string, phase: number) => `Turn ${number} · ${name} · phase ${phase}`,
  turnFigures: (before: string, after: string, luck: string) => `${before} before the first roll, ${after} at the end; luck ${luck}`,
  firstRoll: "First roll",
  reroll: (n: number) => `Roll ${n}`,
  count: (n: number) => ["none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][n] ?? String(n),
  // "Kept 7 7 W and rolled six", "Stopped on 8 8 8 10 W W", "Rolled all ten"
  chose: (kept: string, rolled: number) =>
    rolled === 0 ? `Stopped on ${kept}` : kept ? `Kept ${kept} and rolled ${en.count(rolled)}` : `Rolled all ${en.count(rolled)}`,
  // "keeping 7 7 7 W and rolling five was 74%"
  best: (kept: string, rolled: number, value: string) =>
    rolled === 0
      ? `stopping was ${value}`
      : kept
        ? `keeping ${kept} and rolling ${en.count(rolled)} was ${value}`
        : `rolling all ${en.count(rolled)} was ${value}`,
  sameAsBest: "the best choice",
  points: (points: string) => `${points} points`,
  toCome: (points: string) => `${points} points to come`,
  phases: (phases: string) => `${phases} phases`,
};

const es: typeof en = {
  title: "Repaso",
  backToPad: "Volver a la hoja de puntos",
  about: (make: boolean): string =>
    make
      ? "Cada elección de dados frente al juego perfecto exacto, para la probabilidad de completar la fase."
      : "Cada elección de dados frente al juego perfecto exacto de toda la partida solitaria: los puntos que faltan por llegar.",
  print: "Imprimir",
  players: "Jugadores",
  player: "Jugador",
  accuracy: "Precisión",
  luck: "Suerte",
  decisions: "Elecciones",
  label: (label: LabelName) =>
    ({ best: "la mejor", good: "buena", inaccuracy: "imprecisión", mistake: "error", blunder: "error grave" })[label],
  labelTitle: (label: LabelName) =>
    ({ best: "Las mejores", good: "Buenas", inaccuracy: "Imprecisiones", mistake: "Errores", blunder: "Errores graves" })[label],
  counted: (label: LabelName, n: number) =>
    `${n} ${({ best: n === 1 ? "mejor" : "mejores", good: n === 1 ? "buena" : "buenas", inaccuracy: n === 1 ? "imprecisión" : "imprecisiones", mistake: n === 1 ? "error" : "errores", blunder: n === 1 ? "error grave" : "errores graves" })[label]}`,
  noDecisions: "aún sin elecciones",
  mistakesFirst: "Las elecciones más caras primero",
  noMistakes: "Cada elección fue la mejor.",
  everyTurn: "Todos los turnos",
  noTurns: "Aún no se ha anotado ningún turno.",
  turn: (number: number, name: string, phase: number) => `Turno ${number} · ${name} · fase ${phase}`,
  turnFigures: (before: string, after: string, luck: string) => `${before} antes de la primera tirada, ${after} al final; suerte ${luck}`,
  firstRoll: "Primera tirada",
  reroll: (n: number) => `Tirada ${n}`,
  count: (n: number) => ["ninguno", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"][n] ?? String(n),
  chose: (kept: string, rolled: number) =>
    rolled === 0 ? `Se plantó con ${kept}` : kept ? `Guardó ${kept} y tiró ${es.count(rolled)}` : `Tiró los ${es.count(rolled)}`,
  best: (kept: string, rolled: number, value: string) =>
    rolled === 0
      ? `plantarse daba ${value}`
      : kept
        ? `guardar ${kept} y tirar ${es.count(rolled)} daba ${value}`
        : `tirar los ${es.count(rolled)} daba ${value}`,
  sameAsBest: "la mejor elección",
  points: (points: string) => `${points} puntos`,
  toCome: (points: string) => `${points} puntos por venir`,
  phases: (phases: string) => `${phases} fases`,
};

export const words = wordsOf({ en, es });
