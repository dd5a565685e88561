import { wordsOf } from "../../words/language";

const en = {
  waiting: "Waiting to be sent",
  waitingHint: "Kept on this phone and sent in order when the service can be reached; scored then.",
  offline: "No signal: the game as this phone last saw it. Turns entered now are kept and sent later.",
  line: (number: number, name: string, dice: string) => `Turn ${number} · ${name} · ${dice}`,
  noDice: "missed",
  taken: (number: number) => `Another phone entered turn ${number} differently`,
  refused: (number: number) => `Turn ${number} was refused`,
  needsSignal: "A digital game needs the connection: the service rolls its dice.",
};

const es: typeof en = {
  waiting: "Por enviar",
  waitingHint: "Guardadas en este teléfono y enviadas en orden cuando se pueda llegar al servicio; se puntúan entonces.",
  offline: "Sin señal: la partida como la vio este teléfono por última vez. Los turnos anotados ahora se guardan y se envían después.",
  line: (number: number, name: string, dice: string) => `Turno ${number} · ${name} · ${dice}`,
  noDice: "fallado",
  taken: (number: number) => `Otro teléfono anotó el turno ${number} de otra manera`,
  refused: (number: number) => `El turno ${number} fue rechazado`,
  needsSignal: "Una partida digital necesita la conexión: el servicio tira los dados.",
};

export const words = wordsOf({ en, es });
