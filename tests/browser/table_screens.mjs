// Every screen of the table app, and the pads people open by link, in Chromium: at a phone's
// size in English and Spanish, light and dark, and in light at a laptop's and the narrowest
// phone's (360 px). Each is checked by axe-core (no serious or critical violation), with no
// error in the page, no request answered 4xx or 5xx, nothing wider than the screen and every
// control 44 px or more. With SCREENSHOTS set to a folder, each screen is photographed there
// (English and light at a phone's and a laptop's size; Spanish and dark at a phone's) for the
// README.
// Usage: [SCREENSHOTS=dir] node table_screens.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { chromium } from "playwright-core";
import { apiOf, dice, playDigital } from "./support.mjs";
import { layoutProblems, SIZES } from "./table_support.mjs";

const base = process.argv[2];
const shots = process.env.SCREENSHOTS;
const call = apiOf(base);
const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

// A table with what every screen shows: a dice game with its next player on phase 8, a card
// game some hands in, a finished dice game, a digital game played to its end (reviewed), its
// people and a live link.
const account = await call("POST", "/v1/accounts", null, { name: "The Garcías" });
const key = account.api_key;
const table = JSON.stringify({ account_id: account.id, name: account.name, api_key: key });
const MAKES = ["5 5 5 6 6 6 1 2 3 4", "1 1 1 2 5 6 7 8 9 10", "1 1 1 1 5 6 7 8 9 10", "1 2 3 4 5 6 7 8 9 10",
  "1 2 3 4 5 6 7 8 9 10", "1 2 3 4 5 6 7 8 9 10", "5 5 5 5 6 6 W W 1 2"];
const ORANGE_8 = [9, 8, 10, 7, 8, 10, 4].map((value) => ({ value, color: "orange" }))
  .concat([{ value: 1, color: "blue" }, { value: 3, color: "blue" }, { value: 2, color: "red" }]);
const TENS = ["5 5 5 5 5 1 1 2 3 10", "5 5 5 5 5 1 1 1 2 10"];

async function playTurns(game, count, diceFor) {
  for (let i = 0; i < count; i++) {
    const now = await call("GET", `/v1/games/${game.id}`, key);
    if (now.status === "finished") return now;
    const player = now.players.find((p) => p.id === now.current_player_id);
    await call("POST", `/v1/games/${game.id}/turns`, key, { player_id: player.id, dice: diceFor(player.phase, i) });
  }
  return call("GET", `/v1/games/${game.id}`, key);
}
const makes = (phase) => (phase === 8 ? ORANGE_8 : dice(phase <= 7 ? MAKES[phase - 1] : TENS[phase - 9]));

const finished = await call("POST", "/v1/games", key, { game: "dice", name: "Sunday", players: [{ name: "Ana" }, { name: "Bo" }, { name: "Cy" }] });
// Bo makes phase 1 with tens and nines, so that the totals differ.
await playTurns(finished, 40, (phase, i) => (i === 4 ? [] : i === 1 ? dice("10 10 10 9 9 9 1 2 3 4") : makes(phase)));
const people = await call("GET", "/v1/people", key);
const seat = (name) => ({ person_id: people.items.find((p) => p.name === name).id });
const inPlay = await call("POST", "/v1/games", key, { game: "dice", players: [seat("Ana"), seat("Bo"), seat("Cy")] });
await playTurns(inPlay, 21, (phase, i) => (i === 1 ? [] : makes(phase)));
const cards = await call("POST", "/v1/games", key, { game: "cards", players: [seat("Ana"), seat("Bo"), seat("Cy"), { name: "Dee" }] });
const cardPlayers = cards.players.map((p) => p.id);
for (const [out, points] of [[0, [0, 25, 60, 15]], [1, [10, 0, 55, 5]]]) {
  await call("POST", `/v1/games/${cards.id}/hands`, key, {
    went_out: cardPlayers[out],
    players: cardPlayers.map((id, i) => ({ player_id: id, made: i !== 2, points: points[i] })),
  });
}
const digital = await call("POST", "/v1/games", key, { mode: "digital", players: [seat("Ana"), seat("Bo")] });
await playDigital(call, key, digital.id, 400);
const share = await call("POST", `/v1/games/${finished.id}/share`, key);
const ana = people.items.find((p) => p.name === "Ana");

// Each screen: its name, where it is, and what to do there before it is checked.
const SCREENS = [
  { name: "first-run", path: "/", fresh: true },
  { name: "home", path: "/#/" },
  { name: "new-game", path: "/#/new" },
  { name: "dice-turn", path: `/#/games/${inPlay.id}`, act: enterPhase8 },
  { name: "dice-result", path: `/#/games/${inPlay.id}`, act: recordPhase8, after: undoLatestTurn },
  { name: "card-hand", path: `/#/games/${cards.id}` },
  { name: "pad", path: `/#/games/${finished.id}/pad` },
  { name: "review", path: `/#/games/${digital.id}/review` },
  { name: "people", path: "/#/people" },
  { name: "person", path: `/#/people/${ana.id}` },
  { name: "leaderboard", path: "/#/leaderboard" },
  { name: "devices", path: "/#/devices", act: pairAPhone },
  { name: "pair", path: "/#/pair/K3X9M-7QD2A-H8WNC-5RT0E", fresh: true },
  { name: "live-pad", path: new URL(share.url).pathname, page: true },
  { name: "blank-pad", path: "/pad/blank?players=4", page: true },
];

async function pairAPhone(page) {
  await page.locator("#pair-phone").click();
  await page.locator("#pairing-code").waitFor();
}

async function enterPhase8(page) {
  await page.getByRole("button", { name: /^(orange|naranja)$/ }).click();
  for (const face of ["9", "8", "10", "7"]) await page.locator(`#face-${face}`).click();
}
async function recordPhase8(page) {
  const colors = { orange: [9, 8, 10, 7, 8, 10, 4], blue: [1, 3], red: [2] };
  for (const [color, faces] of Object.entries(colors)) {
    await page.locator(`#color-${color}`).click();
    for (const face of faces) await page.locator(`#face-${face}`).click();
  }
  await page.locator("#record").click();
  await page.locator("#turn-result").waitFor();
}

/** Takes back the turn `recordPhase8` recorded, so that the next screen finds the game as before. */
async function undoLatestTurn() {
  const turns = await call("GET", `/v1/games/${inPlay.id}/turns?limit=100`, key);
  await call("DELETE", `/v1/games/${inPlay.id}/turns/${turns.items.at(-1).number}`, key);
}

/** The narrowest phone the app is made for (checked, not photographed). */
const SMALL_PHONE = { name: "small phone", context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } };

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
const failures = [];
let checked = 0;
try {
  for (const [locale, lang] of [["en-US", "en"], ["es-ES", "es"]]) {
    for (const scheme of ["light", "dark"]) {
      // Every combination at a phone's size; the other sizes in light only (the dark scheme
      // changes colors, not the layout, and its colors are checked at a phone's size).
      for (const size of scheme === "light" ? [...SIZES, SMALL_PHONE] : [SIZES[0]]) {
        const photograph = shots && size !== SMALL_PHONE && ((lang === "en" && scheme === "light") || (lang === "es" && scheme === "dark" && size.name === "phone"));
        for (const screen of SCREENS) await check(screen, { locale, lang, scheme, size, photograph });
      }
    }
  }
} finally {
  await browser.close();
}
assert.deepEqual(failures, [], failures.join("\n"));
console.log(`${SCREENS.length} screens, 3 sizes, 2 languages, 2 schemes: ${checked} checks, no serious or critical axe violation, no layout problem`);

async function check(screen, { locale, lang, scheme, size, photograph }) {
  const context = await browser.newContext({ ...size.context, locale, colorScheme: scheme, bypassCSP: true });
  if (!screen.fresh && !screen.page) await context.addInitScript((kept) => localStorage.setItem("phase10.table", kept), table);
  const page = await context.newPage();
  const where = `${screen.name} (${size.name}, ${lang}, ${scheme})`;
  checked += 1;
  if (process.env.VERBOSE) console.log(where);
  page.on("pageerror", (error) => failures.push(`${where}: ${error}`));
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${where}: ${response.url()} answered ${response.status()}`);
  });
  await page.goto(base + screen.path + (screen.page ? `${screen.path.includes("?") ? "&" : "?"}lang=${lang}` : ""));
  await page.locator("h1").first().waitFor();
  if (!screen.page) await page.locator("#screen h1").waitFor();
  if (screen.act) await screen.act(page);
  await page.waitForLoadState("networkidle");
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  });
  for (const violation of found) failures.push(`${where}: ${violation}`);
  if (!screen.page) for (const problem of await layoutProblems(page)) failures.push(`${where}: ${problem}`);
  if (photograph) {
    const file = `${shots}/app-${screen.name}-${size.name}${lang === "es" ? "-es-dark" : ""}.png`;
    // The tabs stay at the foot of the screen as it scrolls; a picture of the whole page shows
    // them where the page ends.
    if (!screen.page) await page.addStyleTag({ content: "#tabs { position: static !important; }" });
    await page.screenshot({ path: file, fullPage: true });
  }
  await context.close();
  if (screen.after) await screen.after();
}
