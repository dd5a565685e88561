// People: the table's roster, a way to add someone, each name leading to their page.
import { api, answer, type Schemas } from "../../api/client";
import { h, show } from "../../dom";
import { troubleNote } from "../../parts/trouble";
import { href } from "../../router";
import { allPages } from "../../parts/pages";
import { day } from "./format";
import { words } from "./words";

type Person = Schemas["Person"];

function roster(): Promise<Person[]> {
  return allPages((cursor) => answer(api.GET("/v1/people", { params: { query: { limit: 100, cursor } } })));
}

export async function showPeople(): Promise<void> {
  const w = words();
  const list = h("section");
  const drawList = (people: Person[]) =>
    list.replaceChildren(
      h("h2", { id: "people-roster" }, w.roster(people.length)),
      people.length === 0
        ? h("p", {}, w.nobody)
        : h("ul", { class: "games pp-people", "aria-labelledby": "people-roster" }, people.map((person) => h("li", {}, h("a", { href: href({ screen: "person", personId: person.id }) }, h("strong", {}, person.name), " ", h("span", { class: "hint" }, w.since(day(person.created_at))))))),
    );
  drawList(await roster());

  const name = h("input", { id: "person-name", name: "name", required: true, maxlength: 40, autocomplete: "off", "aria-describedby": "person-name-hint" });
  const note = h("div", { "aria-live": "polite" });
  const form = h(
    "form",
    { class: "card pp-form", "aria-labelledby": "people-add" },
    h("h2", { id: "people-add" }, w.addTitle),
    h("label", { for: "person-name" }, w.name),
    name,
    h("p", { id: "person-name-hint", class: "hint" }, w.nameHint),
    note,
    h("button", { type: "submit", class: "primary" }, w.add),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    note.replaceChildren();
    try {
      const made = await answer(api.POST("/v1/people", { body: { name: name.value.trim() } }));
      name.value = "";
      drawList(await roster());
      note.replaceChildren(h("p", { class: "good" }, w.added(made.name)));
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    }
    name.focus();
  });

  show(
    w.title,
    h("h1", {}, w.title),
    h("p", { class: "hint" }, w.lead),
    form,
    list,
    h("p", {}, h("a", { class: "button", href: href({ screen: "leaderboard" }) }, w.toLeaderboard)),
  );
}
