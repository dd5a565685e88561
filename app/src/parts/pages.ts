// Every page of a paginated list (turns, hands, edits, the roster, the leaderboard), followed by
// `next_cursor`.
import { api, answer, type Schemas } from "../api/client";

type Page<T> = { items: T[]; next_cursor: string | null };

/** The items of every page, in order: `page` asks for the page after `cursor` (the first: none). */
export async function allPages<T>(page: (cursor: string | undefined) => Promise<Page<T>>, most = 100): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let asked = 0; asked < most; asked++) {
    const got = await page(cursor);
    items.push(...got.items);
    if (!got.next_cursor) break;
    cursor = got.next_cursor;
  }
  return items;
}

/** Every turn of a dice game, oldest first. */
export function allTurns(gameId: string): Promise<Schemas["Turn"][]> {
  return allPages((cursor) => answer(api.GET("/v1/games/{game_id}/turns", { params: { path: { game_id: gameId }, query: { limit: 100, cursor } } })));
}

/** Every hand of a card game, oldest first. */
export function allHands(gameId: string): Promise<Schemas["Hand"][]> {
  return allPages((cursor) => answer(api.GET("/v1/games/{game_id}/hands", { params: { path: { game_id: gameId }, query: { limit: 100, cursor } } })));
}
