// The switch between the app's two languages (the phone's is the default).
import { h } from "../dom";
import { common } from "../words/common";
import { choose, language, type Language } from "../words/language";

export function languageSwitch(): HTMLElement {
  const w = common();
  const option = (value: Language, label: string) => h("option", { value, selected: language() === value, lang: value }, label);
  const select = h("select", { id: "language", onchange: () => { choose(select.value === "es" ? "es" : "en"); window.dispatchEvent(new HashChangeEvent("hashchange")); } }, option("en", w.english), option("es", w.spanish));
  return h("p", { class: "language" }, h("label", { for: "language" }, w.language), select);
}
