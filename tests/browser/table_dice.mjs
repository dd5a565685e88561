// The table app in Chromium: a whole tabletop dice game of three, by taps only, at a phone's
// size with touch and at a laptop's: the first run, the roll-off, a miss, an undo, advice asked
// and followed, a phase 8 turn in colors, a fix of an older turn; then the app's standings
// against what the API answers. Usage: node table_dice.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { apiOf } from "./support.mjs";
import { firstRun, rowsOf, SIZES } from "./table_support.mjs";

const base = process.argv[2];
const call = apiOf(base);

// Dice that make each phase (all ten, rollable with the standard dice).
const MAKES = {
  1: "5 5 5 6 6 6 1 2 3 4",
  2: "1 1 1 2 5 6 7 8 9 10",
  3: "1 1 1 1 5 6 7 8 9 10",
  4: "1 2 3 4 5 6 7 8 9 10",
  5: "1 2 3 4 5 6 7 8 9 10",
  6: "1 2 3 4 5 6 7 8 9 10",
  7: "5 5 5 5 6 6 W W 1 2",
  9: "5 5 5 5 5 1 1 2 3 10",
  10: "5 5 5 5 5 1 1 1 2 10",
};
// Phase 8: the rulebook's seven orange dice, and three others in their colors.
const PHASE_8 = [["orange", "9 8 10 7 8 10 4"], ["blue", "1 3"], ["red", "2"]];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  for (const size of SIZES) await playDiceGame(size);
} finally {
  await browser.close();
}

async function playDiceGame(size) {
  console.log(`--- a dice game of three at ${size.name}`);
  const context = await browser.newContext({ ...size.context, locale: "en-US" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const key = await firstRun(page, base, `Dice table ${size.name}`);
  const tap = (name) => page.getByRole("button", { name, exact: true }).click();

  // A new game: three new players, seated by the roll-off (Bo and Cy tie on 9, Bo rolls higher).
  await page.getByRole("navigation").getByRole("link", { name: "New game" }).click();
  for (const name of ["Ana", "Bo", "Cy"]) {
    await page.getByLabel("A new player's name").fill(name);
    await tap("Add");
  }
  await tap("Roll off for the seats");
  await page.getByLabel("Ana rolled").selectOption("7");
  await page.getByLabel("Bo rolled").selectOption("9");
  await page.getByLabel("Cy rolled").selectOption("9");
  await tap("Seat by the roll");
  await page.getByText("Bo, Cy tie: they roll again.").waitFor();
  await page.getByLabel("Bo rolled").selectOption("10");
  await page.getByLabel("Cy rolled").selectOption("6");
  await tap("Seat by the roll");
  await tap("Start the game");
  await page.getByRole("heading", { name: "Bo's turn" }).waitFor();
  const gameId = page.url().split("/").pop();
  const game = await call("GET", `/v1/games/${gameId}`, key);
  assert.deepEqual(game.players.map((p) => p.name), ["Bo", "Cy", "Ana"]);
  console.log("seated by the roll-off: Bo, Cy, Ana");

  const enter = async (text, color) => {
    if (color) await tap(color);
    for (const face of text.split(" ")) await tap(color ? `Add ${face} ${color}` : `Add ${face}`);
  };
  const current = async () => {
    const heading = await page.getByRole("heading", { name: /'s turn$/ }).textContent();
    const needs = await page.getByText(/^Phase \d+:/).textContent();
    return { name: heading.replace(/'s turn$/, ""), phase: Number(needs.match(/^Phase (\d+)/)[1]) };
  };
  const record = async (who, phase) => {
    if (phase === 8) for (const [color, faces] of PHASE_8) await enter(faces, color);
    else await enter(MAKES[phase]);
    await tap("Record the turn");
    await page.getByRole("heading", { name: new RegExp(`^${who} made phase ${phase}: \\d+ points$`) }).waitFor();
  };

  // Bo makes phase 1; Cy's turn is recorded, then undone; Ana misses.
  await record("Bo", 1);
  await record("Cy", 1);
  await tap("Undo this turn");
  await page.getByRole("heading", { name: "Cy's turn" }).waitFor();
  await page.getByText("Turn 2 undone: its dice are back to correct.").waitFor();
  assert.equal((await call("GET", `/v1/games/${gameId}`, key)).players[1].total, 0);
  assert.equal(await page.locator("button.die:not(.empty)[id^=die-]").count(), 10);
  console.log("an undo takes Cy's turn back, its dice back on the table");
  await tap("Record the turn");
  await page.getByRole("heading", { name: /^Cy made phase 1: \d+ points$/ }).waitFor();
  await tap("Missed: record a failed turn");
  await page.getByRole("heading", { name: "Ana missed phase 1" }).waitFor();
  await page.getByText("No dice were entered (a missed turn).").waitFor();
  console.log("a miss, explained");

  // Bo asks what to roll again with dice that do not make phase 2, and follows the advice.
  await enter("1 1 1 2 5 5 9 9 10 10");
  await page.getByText("What should I roll again?").click();
  await page.getByLabel("Rolls left").selectOption("2");
  await tap("Ask");
  const said = await page.locator("#advice-said").textContent();
  const advice = await call("POST", "/v1/advice", null, {
    phase: 2, rolls_left: 2, goal: "make",
    dice: "1 1 1 2 5 5 9 9 10 10".split(" ").map((v) => ({ value: Number(v) })),
  });
  assert.equal(said, advice.summary);
  await page.getByText(`Chance to make the phase: ${(advice.chance * 100).toFixed(1).replace(/\.0$/, "")}%`).waitFor();
  await tap("Roll those again (enter their new faces)");
  assert.equal(await page.locator("button.die:not(.empty)[id^=die-]").count(), 10 - advice.reroll.length);
  console.log(`advice: "${said}"; ${advice.reroll.length} dice taken up to roll again`);
  await tap("Clear the dice");
  await record("Bo", 2);

  // Everyone plays on to the end, phase 8 in colors.
  let turns = 0;
  while (!(await page.getByRole("heading", { name: / won$/ }).isVisible())) {
    const { name, phase } = await current();
    await record(name, phase);
    turns += 1;
    assert.ok(turns < 60, "the game should end");
  }
  console.log(`played to the end in ${turns} more turns`);

  // A fix of an older turn: Cy's phase 1 (turn 2, its number again after the undo) made with other dice, for another score.
  await page.getByText(/^Turns \(\d+\)$/).click();
  await tap("Fix turn 2");
  await page.getByRole("heading", { name: "Fixing turn 2 (Cy)" }).waitFor();
  await tap("Clear the dice");
  await enter("10 10 10 9 9 9 1 2 3 4");
  await tap("Save the fix");
  await page.getByRole("heading", { name: "Turn 2 fixed: Cy made phase 1: 57 points" }).waitFor();
  console.log("turn 2 fixed: Cy's phase 1 now 57 points");

  // The app's standings are the API's.
  const sheet = await call("GET", `/v1/games/${gameId}/scoresheet`, key);
  const shown = await page.locator(".standings li").allTextContents();
  for (const line of sheet.players) {
    const row = shown.find((text) => text.startsWith(line.name));
    assert.ok(row?.endsWith(String(line.grand_total)), `${line.name}: ${row} against ${line.grand_total}`);
  }
  const winners = sheet.players.filter((p) => sheet.winners.includes(p.player_id)).map((p) => p.name);
  await page.getByRole("heading", { name: `${winners.join(", ")} won` }).waitFor();
  console.log(`standings as the API's: ${sheet.players.map((p) => `${p.name} ${p.grand_total}`).join(", ")}`);

  // The leaderboard and a person's figures, as the app shows them, are the API's.
  await page.getByRole("navigation").getByRole("link", { name: "Leaderboard" }).click();
  await page.getByRole("group", { name: "Which game" }).getByRole("button", { name: "Phase 10 Dice" }).click();
  const board = await call("GET", "/v1/leaderboard?game=dice", key);
  const rows = await rowsOf(page.getByRole("table", { name: "Phase 10 Dice" }));
  assert.deepEqual(rows.slice(1).map((row) => row.slice(0, 4)), board.items.map((item) => [String(item.rank), item.name, String(item.games), String(item.wins)]));
  await page.getByRole("link", { name: "Cy", exact: true }).click();
  const cy = game.players.find((p) => p.name === "Cy").person_id;
  const stats = await call("GET", `/v1/people/${cy}/stats`, key);
  const phases = await rowsOf(page.getByRole("table", { name: "Dice, phase by phase" }));
  assert.deepEqual(phases.slice(1).map((row) => row.slice(1, 3)), stats.dice.phases.map((p) => [String(p.attempts), String(p.made)]));
  console.log(`the leaderboard and Cy's figures as the API's: ${stats.dice.games} game, ${stats.dice.wins} win`);
  if (size.name === "phone") await playDigitalTurns(page, tap, key);
  assert.deepEqual(errors, []);
  await context.close();
}

/** A game where the app rolls, for the same people: the roll-off by the server, a roll, the
 * advisor's dice taken up and rolled again, then the turn scored. */
async function playDigitalTurns(page, tap, key) {
  await page.getByRole("navigation").getByRole("link", { name: "New game" }).click();
  for (const name of ["Ana", "Bo"]) await page.getByLabel(name, { exact: true }).check();
  await page.getByLabel("The app rolls for everyone (and rolls off for the seats)").check();
  await tap("Start the game");
  const heading = page.getByRole("heading", { name: /'s turn$/ });
  await heading.waitFor();
  const gameId = page.url().split("/").pop();
  await tap("Roll the dice");
  await page.getByText("2 rolls left").waitFor();
  assert.equal(await page.locator("[data-die]").count(), 10);
  await tap("What should I roll again?");
  const turn = (await call("GET", `/v1/games/${gameId}/turns`, key)).items.at(-1);
  const advice = await call("GET", `/v1/games/${gameId}/turns/${turn.number}/advice?goal=make`, key);
  await page.getByText(advice.summary).waitFor();
  assert.equal(await page.locator("[data-die][aria-pressed=true]").count(), advice.reroll.length);
  if (advice.reroll.length > 0) {
    await tap(`Roll ${advice.reroll.length} again`);
    await page.getByText("1 roll left").waitFor();
  }
  await tap("Stop and score");
  await page.locator("#turn-result").waitFor();
  const scored = (await call("GET", `/v1/games/${gameId}/turns/${turn.number}`, key));
  assert.equal(scored.state, "scored");
  const name = (await call("GET", `/v1/games/${gameId}`, key)).players.find((p) => p.id === scored.player_id).name;
  const said = scored.made ? `${name} made phase 1: ${scored.score} points` : `${name} missed phase 1`;
  await page.getByRole("heading", { name: said }).waitFor();
  console.log(`a digital turn: rolled, the advisor's ${advice.reroll.length} dice rolled again, scored: ${said}`);
}
