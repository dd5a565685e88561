// The form that names a person: adding one to the roster, or renaming one everywhere. What the
// service refuses (a name taken, a name that is not one) is said under the field, and the name
// typed stays.
import { h } from "../../dom";
import { troubleNote } from "../../parts/trouble";

export type NameForm = {
  id: string;
  title: string;
  label: string;
  hint: string;
  button: string;
  value?: string;
  /** Sends the name; what it answers is shown under the field (nothing: the screen moved on). */
  send: (name: string) => Promise<HTMLElement | null>;
};

export function nameForm({ id, title, label, hint, button, value, send }: NameForm): HTMLFormElement {
  const name = h("input", { id, name: "name", required: true, maxlength: 40, autocomplete: "off", value, "aria-describedby": `${id}-hint` });
  const note = h("div", { "aria-live": "polite" });
  const form = h(
    "form",
    { class: "card pp-form", "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, title),
    h("label", { for: id }, label),
    name,
    h("p", { id: `${id}-hint`, class: "hint" }, hint),
    note,
    h("button", { type: "submit", class: "primary" }, button),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    note.replaceChildren();
    try {
      const said = await send(name.value.trim());
      if (said) {
        name.value = "";
        note.replaceChildren(said);
      }
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    }
    name.focus();
  });
  return form;
}
