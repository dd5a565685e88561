// Words every screen shares: the tabs, the games' names, what a problem says.
import { wordsOf } from "./language";

const en = {
  tabs: "Sections",
  home: "Games",
  newGame: "New game",
  people: "People",
  leaderboard: "Leaderboard",
  dice: "Phase 10 Dice",
  cards: "Phase 10 cards",
  cancel: "Cancel",
  phase: (n: number) => `Phase ${n}`,
  points: (n: number) => `${n} points`,
  unreachable: "The service cannot be reached (no signal?). Nothing was lost: try again.",
  refusedTitle: "Not accepted",
  tryAgain: "Try again",
  language: "Language",
  english: "English",
  spanish: "Español",
};

const es: typeof en = {
  tabs: "Secciones",
  home: "Partidas",
  newGame: "Nueva partida",
  people: "Personas",
  leaderboard: "Clasificación",
  dice: "Phase 10 Dados",
  cards: "Phase 10 cartas",
  cancel: "Cancelar",
  phase: (n: number) => `Fase ${n}`,
  points: (n: number) => `${n} puntos`,
  unreachable: "No se puede llegar al servicio (¿sin señal?). No se perdió nada: inténtalo de nuevo.",
  refusedTitle: "No aceptado",
  tryAgain: "Reintentar",
  language: "Idioma",
  english: "English",
  spanish: "Español",
};

export const common = wordsOf({ en, es });
