// A digital game's review in the table app, in Chromium at a phone's size and a laptop's: a
// game of two played to its end through the API (some choices the advice's, some not), then
// from the finished table to its review by taps: each player's figures are the API's, the
// costliest choice comes first and is said in a sentence, every turn is there, and printing
// leaves out the buttons; the person's figures add up the review; the API's printable page of
// the review says the same.
// (Its pictures for docs/ are table_screens.mjs's, in every language and scheme.)
// Usage: node table_review.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { apiOf, playDigital } from "./support.mjs";
import { firstRun, layoutProblems, SIZES } from "./table_support.mjs";

const base = process.argv[2];
const call = apiOf(base);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  for (const size of SIZES) {
    const context = await browser.newContext(size.context);
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    const key = await firstRun(page, base, `Review ${size.name}`);
    const created = await call("POST", "/v1/games", key, { mode: "digital", players: [{ name: "Ana" }, { name: "Bo" }] });
    const game = await playDigital(call, key, created.id, 400);
    assert.equal(game.status, "finished", "the game was played to its end");
    const review = await call("GET", `/v1/games/${game.id}/review`, key);

    await page.goto(`${base}/#/games/${game.id}`);
    await page.locator("#review").click();
    await page.getByRole("heading", { level: 1, name: /^Review/ }).waitFor();
    // Each player's figures: accuracy, luck, choices and their labels, as the API counts them.
    const lines = await page.locator(".review-players > li").allInnerTexts();
    assert.equal(lines.length, review.players.length);
    for (const [i, player] of review.players.entries()) {
      const name = game.players.find((p) => p.id === player.player_id).name;
      const labels = ["best", "good", "inaccuracy", "mistake", "blunder"].filter((label) => player.labels[label] > 0);
      const plural = { best: "best", good: "good", inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
      const counted = (label) => `${player.labels[label]} ${player.labels[label] === 1 ? label : plural[label]}`;
      const choices = [String(player.decisions), ...labels.map(counted)].join(" · ");
      const accuracy = (player.accuracy / 100).toLocaleString("en", { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
      const luck = player.luck.toLocaleString("en", { maximumFractionDigits: 2, minimumFractionDigits: 2, signDisplay: "exceptZero" });
      const shown = lines[i].split("\n").map((part) => part.trim());
      assert.deepEqual(shown, [name, `Accuracy: ${accuracy} · Luck: ${luck} phases`, `Choices: ${choices}`]);
    }
    // The costliest choice first, in a sentence naming what was kept and what was best.
    const costliest = review.turns
      .flatMap((turn) => turn.rolls.filter((roll) => roll.decision && roll.decision.label !== "best").map((roll) => ({ turn, decision: roll.decision })))
      .sort((a, b) => b.decision.error - a.decision.error)[0];
    const first = (await page.locator("ol.review-list").first().locator(":scope > li").first().innerText()).replace(/\s+/g, " ");
    assert.match(first, new RegExp(`^Turn ${costliest.turn.number} · `), first);
    assert.match(first, /(Kept .+ and rolled \w+|Stopped on .+|Rolled all \w+): \d+%; (keeping .+ and rolling \w+|stopping|rolling all \w+) was \d+%$/, first);
    const turns = await page.locator("ol.review-list").nth(1).locator(":scope > li").count();
    assert.equal(turns, review.turns.length, "every scored turn");
    assert.deepEqual(await layoutProblems(page), []);
    // On paper: no buttons, no way back.
    await page.emulateMedia({ media: "print" });
    assert.equal(await page.getByRole("button", { name: "Print" }).isVisible(), false);
    assert.equal(await page.locator("a.pp-back").isVisible(), false);
    await page.emulateMedia({ media: "screen" });

    // Ana's figures add up her finished game's review: as many choices, the same accuracy.
    const people = await call("GET", "/v1/people", key);
    const ana = people.items.find((person) => person.name === "Ana");
    const stats = await call("GET", `/v1/people/${ana.id}/stats`, key);
    const seat = game.players.find((player) => player.person_id === ana.id);
    const reviewed = review.players.find((player) => player.player_id === seat.id);
    assert.equal(stats.dice.review.decisions, reviewed.decisions);
    await page.goto(`${base}/#/people/${ana.id}`);
    await page.getByRole("heading", { level: 3, name: "Their choices, held against best play" }).waitFor();
    const figure = async (name) => (await page.locator("#person-dice-review + table tr", { hasText: name }).locator("td").innerText()).trim();
    assert.equal(await figure("Choices reviewed"), String(reviewed.decisions));
    assert.equal(await figure("Accuracy"), (reviewed.accuracy / 100).toLocaleString("en", { style: "percent", maximumFractionDigits: 0 }));
    assert.equal(await figure("Blunders"), String(reviewed.labels.blunder));
    assert.deepEqual(await layoutProblems(page), []);

    // The printable page of the same review, as the API gives it to a browser.
    const printable = await context.newPage();
    await printable.setExtraHTTPHeaders({ Authorization: `Bearer ${key}` });
    const reply = await printable.goto(`${base}/v1/games/${game.id}/review`);
    assert.equal(reply.headers()["content-type"], "text/html; charset=utf-8");
    await printable.getByRole("heading", { level: 1, name: /^Review · / }).waitFor();
    const printedFirst = (await printable.locator("ol.review-list").first().locator(":scope > li").first().innerText()).replace(/\s+/g, " ");
    assert.equal(printedFirst, first, "the page says the costliest choice as the app does");
    const pageWidth = await printable.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(pageWidth <= 0, `the printable page is ${pageWidth} px too wide`);
    assert.deepEqual(errors, []);
    await context.close();
  }
} finally {
  await browser.close();
}
console.log("the review of a finished digital game: figures as the API's, the costliest choice first, every turn, printable; the person's review figures; the API's printable page");
