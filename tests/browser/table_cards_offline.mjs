// A card table with no signal, in Chromium: offline, 3 hands of a card game read once with a
// signal, and a card game started offline with 2 hands, entered on the hand form; the page is
// reloaded offline; the connection returns: every hand is recorded exactly once and in order
// (read back through the API). Then another phone of the table records the coming hand while
// this one has no signal and enters it differently: both are shown, and this phone's is kept.
// Usage: node table_cards_offline.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { apiOf } from "./support.mjs";
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

try {
  const phone = await browser.newContext({ ...SIZES[0].context, locale: "en-US" });
  const page = await phone.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const key = await firstRun(page, base, "The caravan");
  const line = (name) => page.getByRole("group", { name, exact: true });
  const lead = () => page.locator("p.lead").innerText();
  const waitingCount = () => page.locator("#waiting-count").textContent();
  /** Enters a hand on the form: who went out, and the others' lines (laid down, points). */
  const enter = async (out, lines) => {
    await page.getByRole("group", { name: /^Who went out/ }).getByRole("radio", { name: out, exact: true }).click();
    for (const [name, [made, points]] of Object.entries(lines)) {
      const laidDown = line(name).getByRole("checkbox", { name: /^Laid down phase \d+$/ });
      if ((await laidDown.isChecked()) !== made) await laidDown.click();
      await line(name).getByLabel("Points of the cards left").fill(String(points));
    }
    await page.getByRole("button", { name: "Record hand", exact: true }).click();
  };
  /** Who went out of each hand of a game, and each player's points, as the API keeps them. */
  const recorded = async (gameId) => {
    const game = await call("GET", `/v1/games/${gameId}`, key);
    const name = (id) => game.players.find((p) => p.id === id).name;
    const hands = (await call("GET", `/v1/games/${gameId}/hands?limit=100`, key)).items;
    return hands.map((hand) => `${hand.number} ${name(hand.went_out)} ${hand.players.map((p) => p.points).join(",")}`);
  };

  // A card game read once with a signal: the app keeps it, and its service worker the app.
  const game = await call("POST", "/v1/games", key, { game: "cards", players: [{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }] });
  await page.goto(`${base}/#/games/${game.id}`);
  await page.getByRole("heading", { name: "Hand 1" }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.getByRole("heading", { name: "Hand 1" }).waitFor();

  // No signal: 3 hands on the form, each numbered after those waiting, the deal passing on.
  await phone.setOffline(true);
  const THREE = [
    ["Ann", { Bo: [false, 75], Cy: [true, 10] }],
    ["Bo", { Ann: [false, 60], Cy: [false, 55] }],
    ["Cy", { Ann: [true, 15], Bo: [false, 85] }],
  ];
  for (const [i, [out, lines]] of THREE.entries()) {
    await page.getByRole("heading", { name: `Hand ${i + 1}` }).waitFor();
    await enter(out, lines);
    await page.locator("#waiting-hands li").nth(i).waitFor();
  }
  await page.getByRole("heading", { name: "Hand 4" }).waitFor();
  check((await lead()).includes("Ann deals"), `the deal passes on while the hands wait: ${await lead()}`);
  const phaseOf = async (name) => (await line(name).getByRole("checkbox").getAttribute("aria-label")) ?? (await line(name).locator("label.inline").innerText());
  check((await phaseOf("Bo")).endsWith("phase 2") && (await phaseOf("Cy")).endsWith("phase 3"), "the coming hand's form has each player on the phase the waiting hands move them to");
  check((await waitingCount()) === "3 entries waiting to be sent", "3 hands waiting, always on screen");
  check(await page.locator("#offline").isVisible(), "the table says it has no signal");
  await photograph(page, "offline-cards");

  // A card game started offline, with 2 hands.
  await page.getByRole("navigation").getByRole("link", { name: "New game" }).click();
  await page.getByRole("radio", { name: "Phase 10 (cards)" }).click();
  for (const name of ["Dee", "Eve"]) {
    await page.getByLabel("A new player's name").fill(name);
    await page.getByRole("button", { name: "Add", exact: true }).click();
  }
  await page.getByRole("button", { name: "Start the game", exact: true }).click();
  await page.getByRole("heading", { name: "Hand 1" }).waitFor();
  const newGameId = page.url().split("/").pop();
  await enter("Dee", { Eve: [false, 70] });
  await page.getByRole("heading", { name: "Hand 2" }).waitFor();
  await enter("Eve", { Dee: [true, 15] });
  await page.locator("#waiting-hands li").nth(1).waitFor();
  check((await waitingCount()) === "6 entries waiting to be sent", "a card game and its 2 hands wait too");

  // Reloaded offline: the app and the entries are still there.
  await page.reload();
  await page.getByRole("heading", { name: "Hand 3" }).waitFor();
  check((await waitingCount()) === "6 entries waiting to be sent", "a reload offline keeps every hand");
  check((await page.locator("#waiting-hands li").allInnerTexts()).join(" / ") === "Hand 1 · Dee went out / Hand 2 · Eve went out", "the new game's hands are listed as waiting, by name");

  // The signal returns: everything is sent, once, in order.
  await phone.setOffline(false);
  await page.locator("#waiting").waitFor({ state: "hidden", timeout: 30_000 });
  check(JSON.stringify(await recorded(game.id)) === JSON.stringify(["1 Ann 0,75,10", "2 Bo 60,0,55", "3 Cy 15,85,0"]), "the 3 hands are recorded once each, in order");
  check(JSON.stringify(await recorded(newGameId)) === JSON.stringify(["1 Dee 0,70", "2 Eve 15,0"]), "the game started offline and its 2 hands are recorded");
  check((await call("GET", "/v1/games?limit=100", key)).items.length === 2, "no game made twice");

  // Another phone of the table records hand 4 while this one has no signal and enters it too.
  await page.goto(`${base}/#/games/${game.id}`);
  await page.getByRole("heading", { name: "Hand 4" }).waitFor();
  await phone.setOffline(true);
  await enter("Ann", { Bo: [false, 90], Cy: [false, 65] });
  await page.locator("#waiting-hands li").first().waitFor();
  const players = Object.fromEntries(game.players.map((p) => [p.name, p.id]));
  await call("POST", `/v1/games/${game.id}/hands`, key, {
    went_out: players.Bo,
    players: [
      { player_id: players.Ann, made: false, points: 50 },
      { player_id: players.Bo, made: true, points: 0 },
      { player_id: players.Cy, made: false, points: 55 },
    ],
  });
  await phone.setOffline(false);
  await page.locator("#conflict").waitFor({ timeout: 30_000 });
  const shown = (await page.locator("#conflict").innerText()).replace(/\s+/g, " ");
  check(shown.includes("Another phone entered hand 4 differently") && shown.includes("Bo went out") && shown.includes("This phone entered: Hand 4 · Ann went out"), `both hands are shown: ${shown}`);
  await photograph(page, "conflict-cards");
  await page.getByRole("button", { name: "Keep this phone's" }).click();
  await page.locator("#waiting").waitFor({ state: "hidden", timeout: 30_000 });
  const hands = await recorded(game.id);
  check(hands.length === 4 && hands[3] === "4 Ann 0,90,65", `this phone's hand replaced the other's: ${hands[3]}`);
  assert.deepEqual(errors, []);
} finally {
  await browser.close();
}
console.log(`a card table with no signal: ${checks} checks`);
