// People: the table's roster, a way to add someone, each name leading to their page.
import { api, answer, type Schemas } from "../../api/client";
import { h, show } from "../../dom";
import { href } from "../../router";
import { allPages } from "../../parts/pages";
import { day } from "./format";
import { nameForm } from "./name_form";
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

  const form = nameForm({
    id: "person-name",
    title: w.addTitle,
    label: w.name,
    hint: w.nameHint,
    button: w.add,
    send: async (name) => {
      const made = await answer(api.POST("/v1/people", { body: { name } }));
      drawList(await roster());
      return h("p", { class: "good" }, w.added(made.name));
    },
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
