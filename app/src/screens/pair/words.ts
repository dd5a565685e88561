import { wordsOf } from "../../words/language";

const en = {
  title: "Join a table",
  lead: "Another phone at the table made this link: join, and this phone keeps the same games.",
  replaces: (name: string) => `This phone keeps the table “${name}” now. Joining switches it to the other table (“${name}” stays on the phones that keep it).`,
  phoneName: "This phone's name",
  phoneHint: "So that the table's phones can be told apart, and one taken off if it is lost.",
  phoneDefault: "Phone",
  join: "Join the table",
};

const es: typeof en = {
  title: "Unirse a una mesa",
  lead: "Otro teléfono de la mesa hizo este enlace: únete y este teléfono tendrá las mismas partidas.",
  replaces: (name: string) => `Este teléfono guarda ahora la mesa «${name}». Al unirte pasa a la otra mesa («${name}» sigue en los teléfonos que la guardan).`,
  phoneName: "Nombre de este teléfono",
  phoneHint: "Para distinguir los teléfonos de la mesa, y quitar uno si se pierde.",
  phoneDefault: "Teléfono",
  join: "Unirse a la mesa",
};

export const words = wordsOf({ en, es });
