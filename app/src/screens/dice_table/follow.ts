// Following a game live while its table is on screen: the game's event stream (GET …/events,
// read through the generated client as a stream, so that the key goes in its header), each
// change another phone makes drawing the table again.
import { api } from "../../api/client";

let following: { gameId: string; stop: AbortController } | null = null;

/** Follows the game from `version` on, calling `changed` at each of its changes; a game
 * already followed is left as it is. */
export function followGame(gameId: string, version: number, changed: () => void): void {
  if (following?.gameId === gameId) return;
  stopFollowing();
  const stop = new AbortController();
  following = { gameId, stop };
  void read(gameId, version, changed, stop.signal).finally(() => {
    if (following?.stop === stop) following = null;
  });
}

/** Stops following (the table left the screen). */
export function stopFollowing(): void {
  following?.stop.abort();
  following = null;
}

async function read(gameId: string, version: number, changed: () => void, signal: AbortSignal): Promise<void> {
  try {
    const { response } = await api.GET("/v1/games/{game_id}/events", { params: { path: { game_id: gameId }, query: { after: version } }, parseAs: "stream", signal });
    if (!response.ok || !response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      pending += value;
      let end;
      while ((end = pending.indexOf("\n\n")) >= 0) {
        const event = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (/^id: /m.test(event)) changed();
      }
    }
  } catch {
    // Cut off (no signal, or the table left the screen): the next drawing follows again.
  }
}
