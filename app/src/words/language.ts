// The app's two languages: the phone's, unless the table chose the other (kept on the device).

export type Language = "en" | "es";

const CHOSEN = "phase10.language";

/** The language the app speaks now. */
export function language(): Language {
  const chosen = localStorage.getItem(CHOSEN);
  if (chosen === "en" || chosen === "es") return chosen;
  const phone = navigator.languages.find((tag) => /^(en|es)\b/i.test(tag)) ?? "en";
  return phone.toLowerCase().startsWith("es") ? "es" : "en";
}

/** Speaks `chosen` from now on. */
export function choose(chosen: Language): void {
  localStorage.setItem(CHOSEN, chosen);
  document.documentElement.lang = chosen;
}

/** A screen's words in both languages, the Spanish held to the English's shape by the type. */
export function wordsOf<T>(both: { en: T; es: T }): () => T {
  return () => both[language()];
}
