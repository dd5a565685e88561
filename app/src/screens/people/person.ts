// A person of the roster: their name (which can be changed everywhere), their figures in both
// games, and their games.
import { api, answer } from "../../api/client";
import { h, show } from "../../dom";
import { troubleNote } from "../../parts/trouble";
import { href } from "../../router";
import { cardFigures, diceFigures } from "./figures";
import { PAGE, personGames } from "./person_games";
import { words } from "./words";

export async function showPerson(personId: string, said = ""): Promise<void> {
  const w = words();
  const path = { path: { person_id: personId } };
  const [person, stats, games] = await Promise.all([
    answer(api.GET("/v1/people/{person_id}", { params: path })),
    answer(api.GET("/v1/people/{person_id}/stats", { params: path })),
    answer(api.GET("/v1/people/{person_id}/games", { params: { ...path, query: { limit: PAGE } } })),
  ]);

  const name = h("input", { id: "person-rename", name: "name", required: true, maxlength: 40, autocomplete: "off", value: person.name, "aria-describedby": "person-rename-hint" });
  const note = h("div", { "aria-live": "polite" });
  const form = h(
    "form",
    { class: "card pp-form", "aria-labelledby": "person-rename-title" },
    h("h2", { id: "person-rename-title" }, w.renameTitle),
    h("label", { for: "person-rename" }, w.newName),
    name,
    h("p", { id: "person-rename-hint", class: "hint" }, w.renameHint),
    note,
    h("button", { type: "submit", class: "primary" }, w.renameTitle),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    note.replaceChildren();
    try {
      const renamed = await answer(api.PATCH("/v1/people/{person_id}", { params: path, body: { name: name.value.trim() } }));
      await showPerson(personId, w.renamed(renamed.name));
    } catch (error) {
      note.replaceChildren(troubleNote(error));
    }
  });

  show(
    person.name,
    h("p", {}, h("a", { class: "pp-back", href: href({ screen: "people" }) }, h("span", { "aria-hidden": "true" }, "← "), w.backToPeople)),
    h("h1", {}, person.name),
    said && h("p", { class: "good", role: "status" }, said),
    h("p", {}, w.playing(stats.in_progress), " ", h("span", { class: "hint" }, w.finishedOnly)),
    diceFigures(stats),
    cardFigures(stats),
    personGames(personId, games),
    form,
  );
}
