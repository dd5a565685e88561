// A digital dice game across two phones, in Chromium with two browser contexts (two tables):
// the game's phone invites Bo's seat by its QR code's link, Bo's phone joins it, and each
// player rolls on their own phone (roll, tap two dice, roll them again, score), while the other
// phone follows live, without a reload. Read back through the API.
// Usage: node table_digital_phones.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { apiOf } from "./support.mjs";
import { firstRun, SIZES } from "./table_support.mjs";

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
  const annPhone = await (await browser.newContext({ ...SIZES[0].context, locale: "en-US" })).newPage();
  const boPhone = await (await browser.newContext({ ...SIZES[0].context, locale: "en-US" })).newPage();
  const errors = [];
  for (const page of [annPhone, boPhone]) page.on("pageerror", (error) => errors.push(String(error)));
  const key = await firstRun(annPhone, base, "Ann's table");
  const game = await call("POST", "/v1/games", key, { game: "dice", mode: "digital", players: [{ name: "Ann" }, { name: "Bo" }] });
  await annPhone.goto(`${base}/#/games/${game.id}`);
  await annPhone.getByRole("heading", { name: /'s turn$/ }).waitFor();

  // Ann's phone invites Bo's seat; Bo's phone (a table of its own) opens the link and joins.
  await annPhone.getByText("Play on several phones").click();
  await annPhone.getByRole("button", { name: "Invite Bo to their phone" }).click();
  await annPhone.getByRole("img", { name: "QR code that lets Bo play from their phone" }).waitFor();
  check(true, "a QR code for Bo's phone");
  const link = await annPhone.locator("#seat-invite-link").getAttribute("href");
  await boPhone.goto(link);
  await boPhone.getByLabel("Name of your table").fill("Bo's table");
  await boPhone.getByRole("button", { name: "Start" }).click();
  await boPhone.getByRole("button", { name: "Play from this phone" }).click();
  await boPhone.getByRole("heading", { name: /'s turn$/ }).waitFor();
  check(boPhone.url().endsWith(`/#/games/${game.id}`), "Bo's phone joined the game");

  // Four turns, each rolled on its player's phone and followed live on the other.
  for (let turn = 1; turn <= 4; turn++) {
    const now = await call("GET", `/v1/games/${game.id}`, key);
    const player = now.players.find((p) => p.id === now.current_player_id);
    const [rolls, follows] = player.name === "Bo" ? [boPhone, annPhone] : [annPhone, boPhone];
    await rolls.getByRole("heading", { name: `${player.name}'s turn` }).waitFor();
    await follows.getByText(`${player.name} rolls on their phone: this one follows.`).waitFor();
    await rolls.getByRole("button", { name: "Roll the dice" }).click();
    const dice = rolls.locator("[data-die]");
    await dice.nth(9).waitFor();
    await follows.locator("[data-die]").nth(9).waitFor({ state: "attached" }).catch(() => {});
    await dice.nth(0).click();
    await dice.nth(1).click();
    await rolls.getByRole("button", { name: "Roll 2 again" }).click();
    await rolls.getByRole("button", { name: "Stop and score" }).click();
    await rolls.locator("#turn-result").waitFor();
    // The other phone shows the turn scored, without a reload.
    await follows.getByText(`Turns (${turn})`).waitFor({ timeout: 15_000 });
    check(true, `turn ${turn}, rolled on ${player.name}'s phone, followed live on the other`);
  }
  const turns = await call("GET", `/v1/games/${game.id}/turns?limit=100`, key);
  check(turns.items.length === 4 && turns.items.every((t) => t.state === "scored" && t.rolls.length === 2), "four turns of two rolls each");
  const claimed = (await call("GET", `/v1/games/${game.id}`, key)).players.find((p) => p.name === "Bo").claimed;
  check(claimed, "Bo's seat is played from Bo's phone");
  assert.deepEqual(errors, []);
} finally {
  await browser.close();
}
console.log(`a digital game across two phones: ${checks} checks`);
