// Figures in the app's language: a win rate as a percentage, an average to one decimal.
import { language } from "../../words/language";

/** 0.5 → "50%" ("50 %" in Spanish). */
export function percent(rate: number): string {
  return new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0 }).format(rate);
}

/** 9.8765 → "9.9" ("9,9" in Spanish). */
export function decimal(value: number): string {
  return new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/** A day, as the phone's calendar shows it. */
export function day(iso: string): string {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium" }).format(new Date(iso));
}
