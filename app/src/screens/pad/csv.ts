// The pad as a spreadsheet file: the scoresheet asked for as CSV (in the app's language, which
// the client sends as Accept-Language), saved as the service names it.
import { api, answer } from "../../api/client";

/** Downloads the game's pad as CSV; the file's name. */
export async function downloadCsv(gameId: string): Promise<string> {
  const call = api.GET("/v1/games/{game_id}/scoresheet", {
    params: { path: { game_id: gameId } },
    headers: { Accept: "text/csv" },
    parseAs: "text",
  });
  const text = await answer(call);
  const disposition = (await call).response.headers.get("Content-Disposition") ?? "";
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `phase10-${gameId}.csv`;
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
