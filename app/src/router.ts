// Where the app is: the part of the address after `#`, so that the back button, a reload and a
// bookmark each show the same screen. No route carries the key (a pairing code is single use,
// and in the fragment no server is sent).

export type Place =
  | { screen: "home" }
  | { screen: "new_game" }
  | { screen: "game"; gameId: string }
  | { screen: "pad"; gameId: string }
  | { screen: "review"; gameId: string }
  | { screen: "people" }
  | { screen: "person"; personId: string }
  | { screen: "leaderboard" }
  | { screen: "devices" }
  | { screen: "pair"; code: string }
  | { screen: "invite"; code: string; playerId: string };

/** The place the address names (home for one it does not know). */
export function place(hash: string = location.hash): Place {
  const [, first, id, more] = hash.replace(/^#/, "").split("/");
  if (first === "new") return { screen: "new_game" };
  if (first === "games" && id && more === "pad") return { screen: "pad", gameId: id };
  if (first === "games" && id && more === "review") return { screen: "review", gameId: id };
  if (first === "games" && id) return { screen: "game", gameId: id };
  if (first === "people" && id) return { screen: "person", personId: id };
  if (first === "people") return { screen: "people" };
  if (first === "leaderboard") return { screen: "leaderboard" };
  if (first === "devices") return { screen: "devices" };
  if (first === "pair" && id) return { screen: "pair", code: decodeURIComponent(id) };
  if (first === "invite" && id && more) return { screen: "invite", code: decodeURIComponent(id), playerId: more };
  return { screen: "home" };
}

/** The address of a place, for links. */
export function href(to: Place): string {
  switch (to.screen) {
    case "home":
      return "#/";
    case "new_game":
      return "#/new";
    case "game":
      return `#/games/${to.gameId}`;
    case "pad":
      return `#/games/${to.gameId}/pad`;
    case "review":
      return `#/games/${to.gameId}/review`;
    case "people":
      return "#/people";
    case "person":
      return `#/people/${to.personId}`;
    case "leaderboard":
      return "#/leaderboard";
    case "devices":
      return "#/devices";
    case "pair":
      return `#/pair/${encodeURIComponent(to.code)}`;
    case "invite":
      return `#/invite/${encodeURIComponent(to.code)}/${to.playerId}`;
  }
}

/** Goes to a place (the screen follows from the address's change). */
export function go(to: Place): void {
  const next = href(to);
  if (location.hash === next) window.dispatchEvent(new HashChangeEvent("hashchange"));
  else location.hash = next;
}
