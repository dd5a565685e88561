import { wordsOf } from "../../words/language";

const en = {
  title: "Play your seat",
  lead: "A game at the table invites this phone to play one seat: roll your own dice here, and follow the game live.",
  join: "Play from this phone",
};

const es: typeof en = {
  title: "Juega tu puesto",
  lead: "Una partida de la mesa invita a este teléfono a jugar un puesto: tira tus dados aquí y sigue la partida en directo.",
  join: "Jugar desde este teléfono",
};

export const words = wordsOf({ en, es });
