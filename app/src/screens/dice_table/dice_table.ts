// A dice game at the table: whose turn it is and what their phase needs, the dice entered by
// tapping, what the turn came to, undo, fixing any older turn, and the advisor.
import { api, answer, Unreachable, type Schemas } from "../../api/client";
import { h, redraw, show, type Child } from "../../dom";
import { gameTitle, type DiceGame } from "../../parts/game_title";
import { dicePhases, phaseNeeds, type Phase } from "../../parts/phase_words";
import { allTurns } from "../../parts/pages";
import { troubleNote } from "../../parts/trouble";
import { go, href } from "../../router";
import { adviceBox, type Asked } from "./advice";
import { diceEntry, diceOf, emptyEntry, type Entry } from "./dice_entry";
import { digitalTurn, type Again } from "./digital_turn";
import { standings } from "./standings";
import { turnList } from "./turn_list";
import { turnResult } from "./turn_result";
import { keep, waiting } from "../../outbox/outbox";
import type { WaitingTurn } from "../../outbox/entries";
import { offlineGame } from "../../outbox/offline_game";
import { keepSeen } from "../../outbox/shelf";
import { seatAfter, waitingTurns } from "./waiting_turns";
import { followGame } from "./follow";
import { inviteSeats } from "./invite_seat";
import { words as inviteWords } from "./invite_words";
import { playsSeat } from "../../parts/seats";
import { words as waitingWords } from "./waiting_words";
import { words } from "./words";

type Turn = Schemas["Turn"];

/** What the table has on the go for one game, kept while its screen is drawn again. */
type AtTable = { entry: Entry; asked: Asked; fixing: Turn | null; shown: Turn | null; fixed: boolean; undone: number | null; trouble: unknown };

const tables = new Map<string, AtTable>();

function atTable(gameId: string): AtTable {
  let kept = tables.get(gameId);
  if (!kept) {
    kept = { entry: emptyEntry(), asked: { rollsLeft: 2, advice: null, trouble: null }, fixing: null, shown: null, fixed: false, undone: null, trouble: null };
    tables.set(gameId, kept);
  }
  return kept;
}

/** The dice table; `known` are the game's turns when the caller has them (no need to ask), and
 * `offline` says the game is as this phone last saw it. */
export async function showDiceTable(game: DiceGame, known?: Turn[], offline = false): Promise<void> {
  const [phases, turns] = await Promise.all([dicePhases(), known ?? allTurns(game.id)]);
  if (!offline && game.version > 0) await keepSeen({ game, turns });
  const queued = (await waiting()).filter((entry): entry is WaitingTurn => entry.kind === "turn" && entry.gameId === game.id);
  const at = atTable(game.id);
  const w = words();
  const nameOf = (playerId: string) => game.players.find((player) => player.id === playerId)?.name ?? "";
  // Draws the table again: at once from a turn just recorded or rolled (its answer holds the
  // game after it), else from the game and its turns asked again.
  const again: Again = async (focus, turn) => {
    if (turn && turn.game.game === "dice") {
      await showDiceTable(turn.game, [...turns.filter((t) => t.number !== turn.number), turn]);
    } else {
      try {
        const fresh = await answer(api.GET("/v1/games/{game_id}", { params: { path: { game_id: game.id } } }));
        if (fresh.game !== "dice") return;
        await showDiceTable(fresh);
      } catch (error) {
        const kept = error instanceof Unreachable ? await offlineGame(game.id) : undefined;
        if (!kept || !("turns" in kept)) throw error;
        await showDiceTable(kept.game, kept.turns, true);
      }
    }
    document.getElementById(focus)?.focus();
  };
  const latest = turns.at(-1);
  const card = h("section", { class: "card", id: "turn" });
  const rolling = latest?.state === "rolling" ? latest : undefined;
  const table: Table = { game, turns, queued, offline: offline || game.version === 0 };
  const stuck = queued.some((turn) => turn.stuck);
  // A digital game is followed live: another phone's roll shows here as it happens.
  if (game.mode === "digital" && !table.offline && game.status !== "finished") followGame(game.id, game.version, () => void again("turn"));
  const drawCard = () => redraw(card, ...turnCard(table, phases, at, rolling, nameOf, drawCard, again));
  drawCard();
  const undo = latest && at.shown && at.shown.number === latest.number && game.mode === "tabletop"
    ? h("button", { type: "button", id: "undo", onclick: () => void undoTurn(game, latest.number, at, again) }, w.undo)
    : null;
  show(
    gameTitle(game),
    h("h1", {}, gameTitle(game)),
    h("p", { class: "hint" }, status(game)),
    table.offline && h("p", { class: "card", role: "status", id: "offline" }, waitingWords().offline),
    standings(afterWaiting(game, queued)),
    at.undone !== null && h("p", { class: "card", role: "status" }, w.undone(at.undone)),
    at.shown && turnResult(at.shown, nameOf(at.shown.player_id), at.fixed ? w.fixedTurn(at.shown.number) : "", ...(undo ? [undo] : [])),
    // An entry that needs the person comes first: the table waits for it.
    stuck && waitingTurns(game, queued),
    game.status === "finished" && !at.fixing ? finished(game) : card,
    !stuck && waitingTurns(game, queued),
    inviteSeats(game),
    turnList(turns, nameOf, game.mode === "tabletop" ? (turn) => { at.fixing = turn; at.entry = entryOf(turn); at.trouble = null; void again("turn"); } : null),
    h("p", {}, h("a", { class: "button wide", href: href({ screen: "pad", gameId: game.id }) }, w.pad)),
  );
}

function status(game: DiceGame): string {
  const w = words();
  if (game.status === "finished") return w.finished;
  if (game.status === "last_round") return w.lastRound;
  return w.round(game.round);
}

function finished(game: DiceGame): HTMLElement {
  const w = words();
  const winners = game.players.filter((player) => game.winners.includes(player.id)).map((player) => player.name);
  const rematch = async () => {
    const next = await answer(api.POST("/v1/games/{game_id}/rematch", { params: { path: { game_id: game.id } } }));
    go({ screen: "game", gameId: next.id });
  };
  const review = game.mode === "digital" && h("a", { class: "button wide", id: "review", href: href({ screen: "review", gameId: game.id }) }, w.review);
  return h("section", { class: "card result made" }, h("h2", {}, w.won(winners.join(", "))), review, h("button", { type: "button", class: "primary wide", id: "rematch", onclick: () => void rematch() }, w.rematch));
}

/** The game as the standings show it: with turns waiting, the one to play is the seat after
 * the last of them (their scores come when they are sent). */
function afterWaiting(game: DiceGame, queued: WaitingTurn[]): DiceGame {
  const seat = seatAfter(game, queued);
  return seat === null ? game : { ...game, current_player_id: game.players[seat]?.id ?? null };
}

/** The game on the table: as read (or last seen, `offline`), and its turns waiting to be sent. */
type Table = { game: DiceGame; turns: Turn[]; queued: WaitingTurn[]; offline: boolean };

/** The card of the turn being entered (or of the older turn being fixed). */
function turnCard(table: Table, phases: Phase[], at: AtTable, rolling: Turn | undefined, nameOf: (id: string) => string, drawCard: () => void, again: Again): Child[] {
  const w = words();
  const { game, queued } = table;
  const fixing = at.fixing;
  const playerId = fixing?.player_id ?? afterWaiting(game, queued).current_player_id;
  const player = game.players.find((p) => p.id === playerId);
  if (!player) return [];
  if (!fixing && game.mode === "digital" && table.offline) return [h("p", {}, waitingWords().needsSignal)];
  if (!fixing && game.mode === "digital" && !playsSeat(game, player)) return [h("h2", {}, w.turnOf(player.name)), h("p", { role: "status", id: "follows" }, inviteWords().waitingFor(player.name))];
  if (!fixing && game.mode === "digital") return digitalTurn(game, phases, player, rolling, async (turn) => { at.shown = turn; at.fixed = false; at.undone = null; await again("turn-result", turn); }, again);
  const phase = fixing?.phase ?? player.phase;
  const groups = phases.find((p) => p.phase === phase)?.groups ?? [];
  const withColors = groups.some((group) => group.kind === "color");
  const number = (table.turns.at(-1)?.number ?? 0) + queued.length + 1;
  // Kept on the phone, to be sent in order: offline, or behind turns that wait already.
  const keepTurn = async (dice: Schemas["Die"][]) => {
    at.entry = emptyEntry();
    at.asked = { rollsLeft: 2, advice: null, trouble: null };
    at.shown = null;
    await keep({ kind: "turn", gameId: game.id, number, seat: player.seat, dice });
  };
  const send = async (dice: Schemas["Die"][]) => {
    at.trouble = null;
    if (!fixing && (table.offline || queued.length > 0)) return keepTurn(dice);
    try {
      const turn = fixing
        ? await answer(api.PUT("/v1/games/{game_id}/turns/{number}", { params: { path: { game_id: game.id, number: fixing.number } }, body: { dice } }))
        : await answer(api.POST("/v1/games/{game_id}/turns", { params: { path: { game_id: game.id } }, body: { player_id: player.id, dice, number } }));
      at.shown = turn;
      at.fixed = fixing !== null;
      at.undone = null;
      at.fixing = null;
      at.entry = emptyEntry();
      at.asked = { rollsLeft: 2, advice: null, trouble: null };
      await again("turn-result", fixing ? undefined : turn);
    } catch (error) {
      if (!fixing && error instanceof Unreachable) return keepTurn(dice);
      at.trouble = error;
      drawCard();
    }
  };
  return [
    h("h2", {}, fixing ? w.fixing(fixing.number, nameOf(fixing.player_id)) : w.turnOf(player.name)),
    h("p", {}, w.needs(phase, phaseNeeds(groups))),
    diceEntry(at.entry, withColors, drawCard),
    at.trouble !== null && troubleNote(at.trouble),
    h("button", { type: "button", id: "record", class: "primary wide", disabled: at.entry.dice.length === 0, onclick: () => void send(diceOf(at.entry, withColors)) }, fixing ? w.save : w.record),
    fixing
      ? h("button", { type: "button", id: "cancel-fix", class: "wide", onclick: () => { at.fixing = null; at.entry = emptyEntry(); at.trouble = null; drawCard(); } }, w.cancel)
      : h("button", { type: "button", id: "missed", class: "wide", onclick: () => void send([]) }, w.missed),
    !fixing && adviceBox(at.entry, at.asked, phase, game.dice_layout, drawCard),
  ];
}

async function undoTurn(game: DiceGame, number: number, at: AtTable, again: Again): Promise<void> {
  await answer(api.DELETE("/v1/games/{game_id}/turns/{number}", { params: { path: { game_id: game.id, number } } }));
  // The undone turn's dice come back, so that one wrong die is all there is to correct.
  if (at.shown) at.entry = entryOf(at.shown);
  at.shown = null;
  at.undone = number;
  await again("turn");
}

function entryOf(turn: Turn): Entry {
  return { dice: turn.dice.map((die) => ({ value: die.value, color: die.color ?? null })), color: "red", reroll: [] };
}
