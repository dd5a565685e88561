// The hands of this game waiting to be sent, the game as the coming hand's form sees it once they
// are played, and, when the service refused one because another phone entered that hand
// differently, both of them side by side with the person's choice.
import { h, type Child } from "../../dom";
import type { CardGame } from "../../parts/game_title";
import { conflict } from "../../outbox/conflict";
import type { WaitingHand } from "../../outbox/entries";
import { isPlayer, nameOf } from "./names";
import { words as waitingWords } from "./waiting_words";
import { words } from "./words";

/** The game once the waiting hands are played, for the coming hand's form: each player on the
 * phase they move to, the deal passed on. Null when a waiting hand may end the game (a tie-break
 * hand, or a player past the last phase): the service says how when they are sent. The standings
 * stay as the service last answered them; the points come when the hands are sent. */
export function afterWaiting(game: CardGame, queued: WaitingHand[]): CardGame | null {
  let after = game;
  for (const hand of queued) {
    const lines = hand.body.players;
    if (after.status !== "in_progress" || !lines) return null;
    const players = after.players.map((player) => {
      const line = lines.find((entry) => isPlayer(player, entry.player_id));
      const at = after.phases.indexOf(player.phase ?? 0);
      const moves = after.ten_hands || line?.made === true;
      return moves ? { ...player, phase: after.phases[at + 1] ?? null } : player;
    });
    if (players.some((player) => player.phase === null)) return null;
    const dealer = after.players.find((player) => player.id === after.dealer_id);
    const next = dealer && after.players.find((player) => player.seat === (dealer.seat + 1) % after.players.length);
    after = { ...after, players, hands: after.hands + 1, dealer_id: next?.id ?? null };
  }
  return after;
}

/** "Hand 3 · Ann went out", as the hand list says it. */
function line(game: CardGame, hand: WaitingHand): string {
  const w = words();
  const out = nameOf(game, hand.body.went_out);
  return hand.body.players ? w.handTitle(hand.number, out) : w.tieBreakTitle(hand.number, out);
}

export function waitingHands(game: CardGame, queued: WaitingHand[]): Child {
  if (queued.length === 0) return null;
  const w = waitingWords();
  const stuck = queued.find((hand) => hand.stuck);
  return h(
    "section",
    { class: "card", id: "waiting-hands" },
    stuck && conflict(stuck, { taken: w.taken(stuck.number), refused: w.refused(stuck.number), entry: line(game, stuck) }),
    h("h2", {}, w.waiting),
    h("p", { class: "hint" }, w.waitingHint),
    h("ol", { class: "plain" }, queued.map((hand) => h("li", { class: "waiting-hand" }, line(game, hand)))),
    !stuck && !afterWaiting(game, queued) && h("p", {}, w.endWhenSent),
  );
}
