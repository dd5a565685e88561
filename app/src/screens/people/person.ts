// A person of the roster: their name (which can be changed everywhere), their figures in both
// games, and their games.
import { api, answer } from "../../api/client";
import { h, show } from "../../dom";
import { href } from "../../router";
import { cardFigures, diceFigures } from "./figures";
import { nameForm } from "./name_form";
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

  const form = nameForm({
    id: "person-rename",
    title: w.renameTitle,
    label: w.newName,
    hint: w.renameHint,
    button: w.renameTitle,
    value: person.name,
    send: async (name) => {
      const renamed = await answer(api.PATCH("/v1/people/{person_id}", { params: path, body: { name } }));
      await showPerson(personId, w.renamed(renamed.name));
      return null;
    },
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
