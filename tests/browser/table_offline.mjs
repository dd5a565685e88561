// A table with no signal, in Chromium (two browser contexts for two phones): offline, 8 turns of a
// game and a new game with 3 turns are entered by taps, the page is reloaded offline (the app
// comes from its service worker, the entries from IndexedDB), the connection returns: every entry
// is recorded exactly once and in order (read back through the API). Then another phone enters a
// turn differently while this one is offline: both are shown, and the person keeps this phone's
// (it replaces the other's), and, the next time, drops it.
// Usage: node table_offline.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { apiOf, dice } from "./support.mjs";
import { firstRun, photograph, SIZES } from "./table_support.mjs";

const base = process.argv[2];
const call = apiOf(base);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
let checks = 0;
const check = (condition, what) => {
  assert.ok(condition, what);
  checks += 1;
  console.log(`ok: ${what}`);
};

/** The faces of a turn as the API keeps them ("1 2 3"). */
const faces = (turn) => turn.dice.map((die) => die.value).join(" ");

try {
  const phone = await browser.newContext({ ...SIZES[0].context, locale: "en-US" });
  const page = await phone.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const key = await firstRun(page, base, "The cabin");
  const tap = (name) => page.getByRole("button", { name, exact: true }).click();
  const enter = async (text) => {
    if (text === "missed") return tap("Missed: record a failed turn");
    for (const face of text.split(" ")) await tap(`Add ${face}`);
    await tap("Record the turn");
  };
  const waitingCount = () => page.locator("#waiting-count").textContent();

  // A game read once with a signal: the app keeps it, and its service worker the app.
  const game = await call("POST", "/v1/games", key, { players: [{ name: "Ann" }, { name: "Bo" }] });
  await page.goto(`${base}/#/games/${game.id}`);
  await page.getByRole("heading", { name: "Ann's turn" }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.getByRole("heading", { name: "Ann's turn" }).waitFor();
  check(await page.evaluate(() => navigator.serviceWorker.controller !== null), "the service worker keeps the app");

  // No signal: 8 turns by taps.
  await phone.setOffline(true);
  const EIGHT = ["5 5 5 6 6 6", "1 2 3", "missed", "1 1 2", "4 4 4 9 9 9", "missed", "2 3 4", "7 7 8"];
  for (const [i, turn] of EIGHT.entries()) {
    const who = i % 2 === 0 ? "Ann" : "Bo";
    await page.getByRole("heading", { name: `${who}'s turn` }).waitFor();
    await enter(turn);
    await page.locator("#waiting-turns li").nth(i).waitFor();
  }
  check((await waitingCount()) === "8 entries waiting to be sent", "8 entries waiting, always on screen");
  check(await page.locator("#offline").isVisible(), "the table says it has no signal");

  // A new game, offline, with 3 turns.
  await page.getByRole("navigation").getByRole("link", { name: "New game" }).click();
  for (const name of ["Cy", "Dee"]) {
    await page.getByLabel("A new player's name").fill(name);
    await tap("Add");
  }
  await tap("Start the game");
  await page.getByRole("heading", { name: "Cy's turn" }).waitFor();
  const newGameId = page.url().split("/").pop();
  for (const [i, turn] of ["10 10 10 3 3 3", "missed", "6 6 6 1 1 1"].entries()) {
    await page.getByRole("heading", { name: `${i % 2 === 0 ? "Cy" : "Dee"}'s turn` }).waitFor();
    await enter(turn);
    await page.locator("#waiting-turns li").nth(i).waitFor();
  }
  check((await waitingCount()) === "12 entries waiting to be sent", "a game and its 3 turns wait too");
  await photograph(page, "offline");

  // Reloaded offline: the app and the entries are still there.
  await page.reload();
  await page.getByRole("heading", { name: "Dee's turn" }).waitFor().catch(async (e) => { await page.screenshot({ path: "/tmp/reload.png", fullPage: true }); throw e; });
  check((await waitingCount()) === "12 entries waiting to be sent", "a reload offline keeps every entry");
  check((await page.locator("#waiting-turns li").count()) === 3, "the new game's turns are listed as waiting");

  // The signal returns: everything is sent, once, in order.
  await phone.setOffline(false);
  await page.locator("#waiting").waitFor({ state: "hidden", timeout: 30_000 });
  const first = await call("GET", `/v1/games/${game.id}/turns?limit=100`, key);
  check(
    JSON.stringify(first.items.map((t) => (t.dice.length ? faces(t) : "missed"))) === JSON.stringify(EIGHT),
    "the 8 turns are recorded once each, in order",
  );
  const second = await call("GET", `/v1/games/${newGameId}/turns?limit=100`, key);
  check(second.items.length === 3 && second.items[0].made && faces(second.items[2]) === "6 6 6 1 1 1", "the game started offline and its 3 turns are recorded");
  const games = await call("GET", "/v1/games?limit=100", key);
  check(games.items.length === 2, "no game made twice");

  // Another phone of the table enters a turn while this one has no signal.
  const account = await page.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")));
  const code = (await call("POST", `/v1/accounts/${account.account_id}/pairings`, key)).code;
  const other = await browser.newContext({ ...SIZES[1].context, locale: "en-US" });
  const bo = await other.newPage();
  await bo.goto(`${base}/#/pair/${code}`);
  await bo.getByRole("button", { name: "Join the table" }).click();
  await bo.getByRole("heading", { name: "Games" }).waitFor();
  const otherKey = await bo.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")).api_key);

  for (const [mine, theirs, choice] of [["7 7 7 8 8 8", "1 5 6", "Keep this phone's"], ["5 5 5 6 6 6", "9 9 9 10 10 10", "Drop this phone's"]]) {
    const before = (await call("GET", `/v1/games/${game.id}/turns?limit=100`, key)).items.length;
    const next = before % 2 === 0 ? "Ann" : "Bo";
    await page.goto(`${base}/#/games/${game.id}`);
    await page.reload();
    await page.getByRole("heading", { name: `${next}'s turn` }).waitFor();
    await phone.setOffline(true);
    await enter(mine);
    await page.locator("#waiting-turns li").first().waitFor();
    await bo.goto(`${base}/#/games/${game.id}`);
    await bo.reload();
    await bo.getByRole("heading", { name: `${next}'s turn` }).waitFor();
    for (const face of theirs.split(" ")) await bo.getByRole("button", { name: `Add ${face}`, exact: true }).click();
    await bo.getByRole("button", { name: "Record the turn", exact: true }).click();
    await bo.locator("#turn-result").waitFor();
    await phone.setOffline(false);
    await page.locator("#conflict").waitFor({ timeout: 30_000 });
    const shown = await page.locator("#conflict").innerText();
    if (choice.startsWith("Keep")) await photograph(page, "conflict");
    check(shown.includes(theirs) && shown.includes(mine), `both turns are shown: ${shown.replace(/\s+/g, " ")}`);
    await tap(choice);
    await page.locator("#waiting").waitFor({ state: "hidden", timeout: 30_000 });
    const turns = (await call("GET", `/v1/games/${game.id}/turns?limit=100`, otherKey)).items;
    const last = turns.at(-1);
    check(turns.length === before + 1, "one turn there, not two");
    if (choice.startsWith("Keep")) check(faces(last) === mine && last.edited === 1, "this phone's turn replaced the other's");
    else check(faces(last) === theirs && last.edited === 0, "this phone's turn was dropped");
  }
  assert.deepEqual(errors, []);
} finally {
  await browser.close();
}
console.log(`a table with no signal, and two phones: ${checks} checks`);
