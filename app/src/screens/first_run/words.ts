import { wordsOf } from "../../words/language";

const en = {
  title: "Keep Phase 10 at this table",
  lead: "Both games, dice and cards, checked against the rules and kept on the score pad.",
  tableName: "Name of your table",
  tableHint: "Your family, club or group: for example “The Garcías”.",
  start: "Start",
  kept: "This phone keeps the table's key; nobody else needs one.",
};

const es: typeof en = {
  title: "Lleva el Phase 10 en esta mesa",
  lead: "Los dos juegos, dados y cartas, comprobados según las reglas y anotados en la hoja.",
  tableName: "Nombre de tu mesa",
  tableHint: "Tu familia, club o grupo: por ejemplo «Los García».",
  start: "Empezar",
  kept: "Este teléfono guarda la llave de la mesa; nadie más la necesita.",
};

export const words = wordsOf({ en, es });
