// The card table of the table app, played whole in a real browser (Debian's headless Chromium,
// driven by playwright-core), on a phone (390×844, touch) and on a laptop (1280×800): the first
// run names the table in the app; a card game of four on phases 1 and 2 is created through the
// API with the key the app kept (the new-game screen is not the subject here); then every hand is
// entered by taps and typing on the app: points counted with the card counter, a hand refused
// (impossible points) with the message beside the field at fault and nothing typed lost, an older
// hand fixed (and a fix cancelled, the coming hand's entries kept), a tie on the last phase and
// its tie-break hand, an undo, a fix refused because it would break a later hand, the standings
// against the score pad's totals, the rematch. Each screen is checked for overflow, targets under
// 44 px and inputs without a label.
// With SCREENSHOTS set (a folder), the screen goes there at 390 and 1280 px, English and Spanish,
// light and dark.
//
// Usage: node table_cards.mjs http://127.0.0.1:PORT   (CHROMIUM: the browser, default /usr/bin/chromium)

import assert from "node:assert/strict";
import { chromium } from "playwright-core";
import { apiOf } from "./support.mjs";

const base = process.argv[2];
if (!base) throw new Error("usage: node table_cards.mjs BASE_URL");
const api = apiOf(base);
const screenshots = process.env.SCREENSHOTS;
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const PLAYERS = ["Ann", "Bo", "Cy", "Di"];

const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  laptop: { viewport: { width: 1280, height: 800 } },
};

let steps = 0;
function step(what) {
  steps += 1;
  console.log(`ok ${steps} - ${what}`);
}

/** What is wrong with the screen: overflow, small targets, inputs nobody can name. */
async function screenProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    if (document.documentElement.scrollWidth > window.innerWidth) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    }
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
    for (const target of document.querySelectorAll("#screen button, #screen a.button, #screen input:not([type=checkbox]):not([type=radio]), #screen label.inline")) {
      if (!shown(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.height < 44 || box.width < 44) problems.push(`"${target.textContent || target.id}" is ${box.width}×${box.height} px`);
    }
    for (const input of document.querySelectorAll("#screen input, #screen select")) {
      if (!input.labels?.length && !input.getAttribute("aria-label")) problems.push(`input ${input.id || input.name} has no label`);
    }
    return problems;
  });
}

async function checkScreen(page, where) {
  assert.deepEqual(await screenProblems(page), [], where);
}

/** The card table on `page`, played with taps on a touch screen, clicks otherwise. */
function tableOf(page, touch) {
  const press = (locator) => (touch ? locator.tap() : locator.click());
  const line = (name) => page.getByRole("group", { name, exact: true });
  const points = (name) => line(name).getByLabel("Points of the cards left");
  const laidDown = (name) => line(name).getByRole("checkbox", { name: /^Laid down phase \d+$/ });
  return {
    press,
    line,
    points,
    laidDown,
    lead: () => page.locator("p.lead").innerText(),
    /** Chooses who went out, then each other player's line: laid down or not, points. */
    async fill(out, lines) {
      await press(page.getByRole("group", { name: /^Who went out/ }).getByRole("radio", { name: out, exact: true }));
      for (const [name, [made, held]] of Object.entries(lines)) {
        if ((await laidDown(name).isChecked()) !== made) await press(laidDown(name));
        await points(name).fill(String(held));
      }
    },
    async send(button, heading) {
      await press(page.getByRole("button", { name: button, exact: true }));
      if (heading) await page.getByRole("heading", { name: heading, exact: true }).waitFor();
    },
    /** The standings as the app shows them: name → total. */
    async standings() {
      const totals = {};
      for (const item of await page.getByRole("list", { name: "Standings" }).getByRole("listitem").all()) {
        const text = await item.innerText();
        totals[await item.locator("strong").first().innerText()] = Number(/(\d+) points\s*$/.exec(text)[1]);
      }
      return totals;
    },
  };
}

/** A four-player card game played whole on `device`. */
async function playOn(browser, device) {
  const context = await browser.newContext({ ...DEVICES[device], locale: "en-US" });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  const t = tableOf(page, device === "phone");

  await page.goto(base);
  await page.getByLabel("Name of your table").fill(`Card night (${device})`);
  await t.press(page.getByRole("button", { name: "Start" }));
  await page.getByRole("heading", { level: 1, name: "Games" }).waitFor();
  const key = await page.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")).api_key);
  const game = await api("POST", "/v1/games", key, { game: "cards", phases: [1, 2], players: PLAYERS.map((name) => ({ name })) });
  step(`${device}: first run in the app, a card game of four on phases 1 and 2 made with its key`);

  await page.goto(`${base}/#/games/${game.id}`);
  await page.getByRole("heading", { level: 1, name: "Ann · Bo · Cy · Di" }).waitFor();
  assert.equal(await t.lead(), "In play · Hand 1 · Ann deals");
  assert.deepEqual(await t.standings(), { Ann: 0, Bo: 0, Cy: 0, Di: 0 });
  assert.equal(await page.getByRole("link", { name: "Score pad" }).getAttribute("href"), `#/games/${game.id}/pad`);
  await checkScreen(page, `${device}: the new game`);
  step(`${device}: the table shows the title, hand 1, who deals, the standings and the pad's link`);

  // Hand 1: Bo's points counted on the card counter; Cy's 7 points refused.
  await t.fill("Ann", { Cy: [false, 7], Di: [false, 60] });
  assert.equal(await t.line("Ann").getByText("Went out: no cards left, 0 points.").isVisible(), true);
  assert.equal(await t.points("Ann").isVisible(), false);
  await t.press(t.laidDown("Bo"));
  await t.press(t.line("Bo").getByRole("button", { name: "Count cards" }));
  const counter = page.getByRole("group", { name: "Count Bo's cards" });
  await counter.getByLabel("Cards 1–9").fill("3");
  await counter.getByLabel("Skips").fill("1");
  assert.equal(await t.points("Bo").inputValue(), "30");
  await checkScreen(page, `${device}: the hand form with the counter open`);
  step(`${device}: Bo's 3 cards of 1–9 and a Skip counted to 30 points`);

  await t.send("Record hand");
  const alert = page.getByRole("alert");
  await alert.waitFor();
  assert.match(await alert.innerText(), /Cy's 7 points are not a sum of cards/);
  assert.equal(await t.points("Cy").getAttribute("aria-invalid"), "true");
  const note = page.locator(`[id="${await t.points("Cy").getAttribute("aria-describedby")}"]`);
  assert.match(await note.innerText(), /Cy's 7 points are not a sum of cards/);
  assert.equal(await t.line("Cy").locator(".field-note").filter({ hasText: "7 points" }).count(), 1);
  const [field, beside] = [await t.points("Cy").boundingBox(), await note.boundingBox()];
  assert.ok(beside.y >= field.y && beside.y - (field.y + field.height) < 60, "the note is right under Cy's points");
  assert.equal(await page.getByRole("radio", { name: "Ann", exact: true }).isChecked(), true);
  assert.equal(await t.laidDown("Bo").isChecked(), true);
  assert.deepEqual(
    [await t.points("Bo").inputValue(), await t.points("Cy").inputValue(), await t.points("Di").inputValue(), await counter.getByLabel("Cards 1–9").inputValue()],
    ["30", "7", "60", "3"],
  );
  await checkScreen(page, `${device}: the refused hand`);
  step(`${device}: 7 points refused, the message beside Cy's points and at the top, everything typed kept`);

  await t.points("Cy").fill("50");
  await t.send("Record hand", "Hand 1 recorded");
  assert.match(await page.getByRole("status").innerText(), /Bo laid down phase 1 · 30 points/);
  assert.deepEqual(await t.standings(), { Ann: 0, Bo: 30, Cy: 50, Di: 60 });
  assert.equal(await t.lead(), "In play · Hand 2 · Bo deals");
  step(`${device}: hand 1 recorded: Ann out, Bo made phase 1 with 30, Cy 50, Di 60`);

  // Hand 2: Cy goes out; Di lays down phase 1; Ann and Bo miss phase 2.
  await t.fill("Cy", { Ann: [false, 55], Bo: [false, 50], Di: [true, 20] });
  await t.send("Record hand", "Hand 2 recorded");
  assert.deepEqual(await t.standings(), { Ann: 55, Bo: 80, Cy: 50, Di: 80 });
  step(`${device}: hand 2 recorded: Cy out, Di made phase 1 with 20`);

  // Fix hand 1: Di held 55, not 60.
  await t.press(page.getByRole("button", { name: "Fix hand 1" }));
  await page.getByRole("heading", { name: "Fix hand 1" }).waitFor();
  assert.equal(await page.getByRole("radio", { name: "Ann", exact: true }).isChecked(), true);
  assert.equal(await t.laidDown("Bo").isChecked(), true);
  assert.deepEqual([await t.points("Bo").inputValue(), await t.points("Cy").inputValue(), await t.points("Di").inputValue()], ["30", "50", "60"]);
  await checkScreen(page, `${device}: fixing hand 1`);
  await t.points("Di").fill("55");
  await t.send("Save hand 1", "Hand 1 fixed");
  assert.deepEqual(await t.standings(), { Ann: 55, Bo: 80, Cy: 50, Di: 75 });
  assert.match(await page.getByRole("list", { name: "Hands" }).innerText(), /Di\s+1 ✗ not laid down\s+55/);
  step(`${device}: hand 1 fixed with "Fix": Di's 60 became 55, the standings followed`);

  // Hand 3: Ann goes out on phase 2 (55), Cy lays phase 2 down holding 5 (55): a tie.
  await t.fill("Ann", { Bo: [false, 50], Cy: [true, 5], Di: [false, 50] });
  await t.press(page.getByRole("button", { name: "Fix hand 2" }));
  await page.getByRole("heading", { name: "Fix hand 2" }).waitFor();
  await t.press(page.getByRole("button", { name: "Cancel" }));
  await page.getByRole("heading", { name: "Hand 3", exact: true }).waitFor();
  assert.equal(await page.getByRole("radio", { name: "Ann", exact: true }).isChecked(), true);
  assert.equal(await t.laidDown("Cy").isChecked(), true);
  assert.deepEqual([await t.points("Bo").inputValue(), await t.points("Cy").inputValue(), await t.points("Di").inputValue()], ["50", "5", "50"]);
  step(`${device}: hand 3 typed, hand 2 opened to fix and cancelled: hand 3 still as typed`);
  await t.send("Record hand", "Hand 3 recorded");
  assert.equal(await t.lead(), "Tie-break hand · Di deals");
  assert.match(await page.locator("#screen").innerText(), /Ann and Cy tied/);
  assert.deepEqual(await t.standings(), { Ann: 55, Bo: 130, Cy: 55, Di: 125 });
  const tieBreak = page.getByRole("group", { name: /^Who went out first in the tie-break/ });
  assert.deepEqual(await tieBreak.getByRole("radio").evaluateAll((radios) => radios.map((r) => r.labels[0].innerText)), ["Ann", "Cy"]);
  await checkScreen(page, `${device}: the tie-break hand`);
  step(`${device}: hand 3: Ann and Cy both done with phase 2 at 55: only they play the tie-break`);

  await t.press(tieBreak.getByRole("radio", { name: "Ann" }));
  await t.send("Record tie-break", "Hand 4 recorded");
  assert.equal(await t.lead(), "Finished · Ann won");
  page.once("dialog", (dialog) => dialog.accept());
  await t.press(page.getByRole("button", { name: "Undo hand 4" }));
  await page.getByRole("heading", { name: "Hand 4 undone" }).waitFor();
  assert.equal(await t.lead(), "Tie-break hand · Di deals");
  await t.press(page.getByRole("group", { name: /^Who went out first/ }).getByRole("radio", { name: "Cy" }));
  await t.send("Record tie-break", "Hand 4 recorded");
  assert.equal(await t.lead(), "Finished · Cy won");
  assert.equal(await page.getByRole("button", { name: "Record hand" }).count(), 0);
  await checkScreen(page, `${device}: the finished game`);
  step(`${device}: the tie-break recorded, undone, recorded again: Cy won`);

  // A fix that would break a later hand: Cy missing phase 2 in hand 3 ends the game there.
  await t.press(page.getByRole("button", { name: "Fix hand 3" }));
  await page.getByRole("heading", { name: "Fix hand 3" }).waitFor();
  await t.press(t.laidDown("Cy"));
  await t.points("Cy").fill("50");
  await t.send("Save hand 3");
  await page.getByText("The change would break hand 4.").waitFor();
  assert.match(await page.getByRole("alert").innerText(), /hand 4/);
  assert.equal(await t.laidDown("Cy").isChecked(), false);
  assert.equal(await t.points("Cy").inputValue(), "50");
  await t.press(page.getByRole("button", { name: "Cancel" }));
  await page.getByRole("heading", { name: "Fix hand 3" }).waitFor({ state: "detached" });
  step(`${device}: a fix breaking hand 4 refused, the form kept, then cancelled`);

  const pad = await api("GET", `/v1/games/${game.id}/scoresheet`, key);
  const padTotals = Object.fromEntries(pad.players.map((player) => [player.name, player.total]));
  assert.deepEqual(await t.standings(), padTotals);
  assert.deepEqual(padTotals, { Ann: 55, Bo: 130, Cy: 55, Di: 125 });
  assert.deepEqual(pad.winners, [game.players[2].id]);
  step(`${device}: the standings equal the score pad's totals, Cy the winner`);

  await t.press(page.getByRole("button", { name: "Rematch" }));
  await page.waitForURL((url) => url.hash.startsWith("#/games/") && !url.hash.includes(game.id));
  await page.getByRole("button", { name: "Record hand" }).waitFor();
  const rematch = await api("GET", `/v1/games/${new URL(page.url()).hash.split("/")[2]}`, key);
  assert.equal(rematch.rematch_of, game.id);
  assert.equal(await t.lead(), `In play · Hand 1 · ${rematch.players.find((p) => p.id === rematch.dealer_id).name} deals`);
  step(`${device}: the rematch opens a new game of the same four`);

  assert.deepEqual(errors, []);
  await context.close();
  return { key, gameId: game.id, rematchId: rematch.id };
}

/** The screen in both languages and both schemes, at 390 and 1280 px: the finished game, a hand of
 * it being fixed (refused), the rematch's first hand. */
async function takeScreenshots(browser, { key, gameId, rematchId }) {
  const said = {
    en: { fix: "Fix hand 2", count: "Count cards", save: "Save hand 2", points: "Points of the cards left" },
    es: { fix: "Corregir la mano 2", count: "Contar cartas", save: "Guardar la mano 2", points: "Puntos en la mano" },
  };
  for (const device of ["phone", "laptop"]) {
    for (const [locale, lang] of [["en-US", "en"], ["es-ES", "es"]]) {
      for (const colorScheme of ["light", "dark"]) {
        const context = await browser.newContext({ ...DEVICES[device], locale, colorScheme });
        await context.addInitScript((kept) => localStorage.setItem("phase10.table", kept), JSON.stringify({ account_id: "x", name: "Card night", api_key: key }));
        const page = await context.newPage();
        const name = `${screenshots}/cards-${device}-${lang}-${colorScheme}`;
        await page.goto(`${base}/#/games/${gameId}`);
        await page.getByRole("button", { name: said[lang].fix }).waitFor();
        await page.screenshot({ path: `${name}-finished.png`, fullPage: true });
        await page.getByRole("button", { name: said[lang].fix }).click();
        await page.getByRole("group", { name: "Bo", exact: true }).getByRole("button", { name: said[lang].count }).click();
        await page.getByRole("group", { name: "Di", exact: true }).getByLabel(said[lang].points).fill("7");
        await page.getByRole("button", { name: said[lang].save }).click();
        await page.getByRole("alert").waitFor();
        await checkScreen(page, `${device} ${lang} ${colorScheme}: the refused fix`);
        await page.screenshot({ path: `${name}-fixing.png`, fullPage: true });
        await page.goto(`${base}/#/games/${rematchId}`);
        await page.getByRole("radio").first().click();
        await page.screenshot({ path: `${name}-new.png`, fullPage: true });
        await context.close();
      }
    }
  }
  step(`screenshots in ${screenshots}`);
}

const browser = await chromium.launch({ executablePath, headless: true });
try {
  let played;
  for (const device of Object.keys(DEVICES)) played = await playOn(browser, device);
  if (screenshots) await takeScreenshots(browser, played);
  console.log(`${steps} passed, 0 failed`);
} finally {
  await browser.close();
}
