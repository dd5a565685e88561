import { wordsOf } from "../../words/language";

const en = {
  waiting: "Waiting to be sent",
  waitingHint: "Kept on this phone and sent in order when the service can be reached; the points count then.",
  offline: "No signal: the game as this phone last saw it. Hands entered now are kept and sent later.",
  taken: (n: number) => `Another phone entered hand ${n} differently`,
  refused: (n: number) => `Hand ${n} was refused`,
  endWhenSent: "These hands may end the game: the service works out how when they are sent.",
};

const es: typeof en = {
  waiting: "Por enviar",
  waitingHint: "Guardadas en este teléfono y enviadas en orden cuando se pueda llegar al servicio; los puntos cuentan entonces.",
  offline: "Sin señal: la partida como la vio este teléfono por última vez. Las manos anotadas ahora se guardan y se envían después.",
  taken: (n) => `Otro teléfono anotó la mano ${n} de otra manera`,
  refused: (n) => `La mano ${n} fue rechazada`,
  endWhenSent: "Estas manos pueden terminar la partida: el servicio calcula cómo cuando se envíen.",
};

export const words = wordsOf({ en, es });
