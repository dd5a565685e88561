// What the browser tests share: the API called as an app would, dice as the API takes them, and
// the pages of a PDF.

/** A caller of the API at `base`: `(method, path, key, body)` → the JSON answered, or throws. */
export function apiOf(base) {
  return async (method, path, key, body) => {
    const headers = { "Content-Type": "application/json" };
    if (key) headers.Authorization = `Bearer ${key}`;
    const reply = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** "10 10 W 3" as the API's dice. */
export const dice = (text) =>
  text.split(" ").map((v) => (v === "W" ? { value: "W" } : { value: Number(v) }));

/** The number of pages of a PDF: each page object says "/Type /Page" (the tree, "/Type /Pages"). */
export function pageCount(pdf) {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) || []).length;
}

/** Plays digital turns of game `gameId` through the API until it is finished or `turns` are
 * scored: each roll again is the advice's best choice, except every third turn, which keeps the
 * first roll, and every fifth, which rolls the low dice again (choices a review calls wrong). */
export async function playDigital(call, key, gameId, turns) {
  let game = await call("GET", `/v1/games/${gameId}`, key);
  for (let i = 0; i < turns && game.status !== "finished"; i++) {
    let turn = await call("POST", `/v1/games/${gameId}/turns`, key, { player_id: game.current_player_id });
    while (turn.state === "rolling") {
      const path = `/v1/games/${gameId}/turns/${turn.number}`;
      const advice = await call("GET", `${path}/advice`, key);
      const reroll = i % 3 === 2 ? [] : i % 5 === 4 ? ["L1", "L2", "L3", "L4"] : advice.reroll;
      turn = reroll.length ? await call("POST", `${path}/rolls`, key, { reroll }) : await call("POST", `${path}/score`, key, {});
    }
    game = turn.game;
  }
  return game;
}
