// Numbers and times in the app's language.
import { language } from "../words/language";

/** A moment, as the phone's calendar shows it ("27 Nov 2026, 21:00"). */
export function when(iso: string): string {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
