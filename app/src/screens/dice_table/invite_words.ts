import { wordsOf } from "../../words/language";

const en = {
  title: "Play on several phones",
  hint: "Each player can roll on their own phone: invite them, and every phone follows the game live.",
  invite: (name: string) => `Invite ${name} to their phone`,
  scan: (name: string) => `${name}: scan this with the camera, or open the link. It works once.`,
  qr: (name: string) => `QR code that lets ${name} play from their phone`,
  waitingFor: (name: string) => `${name} rolls on their phone: this one follows.`,
};

const es: typeof en = {
  title: "Jugar en varios teléfonos",
  hint: "Cada jugador puede tirar en su propio teléfono: invítalo y todos los teléfonos siguen la partida en directo.",
  invite: (name: string) => `Invitar a ${name} a su teléfono`,
  scan: (name: string) => `${name}: escanea esto con la cámara o abre el enlace. Sirve una vez.`,
  qr: (name: string) => `Código QR para que ${name} juegue desde su teléfono`,
  waitingFor: (name: string) => `${name} tira en su teléfono: este lo sigue.`,
};

export const words = wordsOf({ en, es });
