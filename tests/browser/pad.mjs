// The pad's pages in a real browser (Debian's headless Chromium, driven by playwright-core):
// the shared page shows the right numbers, follows a turn recorded through the API within a
// second, stops following once its link is revoked; the printable pad of eight players, and a
// card game's pad of 55 hands, print on one page (A4 and Letter). Screenshots of both go to docs/ when SCREENSHOTS is set.
//
// Usage: node pad.mjs http://127.0.0.1:PORT   (CHROMIUM: the browser, default /usr/bin/chromium)

import { chromium } from "playwright-core";
import { apiOf, dice, pageCount } from "./support.mjs";

const base = process.argv[2];
const screenshots = process.env.SCREENSHOTS;
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const api = apiOf(base);
if (!base) throw new Error("usage: node pad.mjs BASE_URL");

function check(ok, what) {
  if (!ok) throw new Error(`failed: ${what}`);
  console.log(`ok: ${what}`);
}



/// Records the turn of the seat's player and returns the game after it.
async function turn(key, game, seat, text) {
  const recorded = await api("POST", `/v1/games/${game.id}/turns`, key, {
    player_id: game.players[seat].id,
    dice: dice(text),
  });
  return recorded.game;
}

/// The numbers in the row of the pad whose heading is `label`, per player.
async function row(page, label) {
  return page.$$eval(
    "#pad table tr",
    (rows, label) => {
      const found = rows.find((r) => r.querySelector("th")?.textContent.trim() === label);
      return found ? [...found.querySelectorAll("td")].map((td) => td.textContent.trim()) : null;
    },
    label,
  );
}


/** The page's colors as WCAG contrast ratios: its text and each seat's line against its paper. */
async function contrasts(page) {
  return page.evaluate(() => {
    const rgb = (css) => css.match(/[\d.]+/g).slice(0, 3).map(Number);
    const luminance = ([r, g, b]) => {
      const f = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const root = getComputedStyle(document.documentElement);
    const paper = rgb(root.backgroundColor);
    const seats = [...document.querySelectorAll("svg.chart g[class^='seat-']")];
    return {
      paper: luminance(paper),
      text: ratio(rgb(root.color), paper),
      seats: seats.map((g) => ratio(rgb(getComputedStyle(g).color), paper)),
    };
  });
}

function readable(colors, scheme) {
  const dark = colors.paper < 0.05;
  check(dark === (scheme === "dark"), `the ${scheme} scheme has ${scheme} paper (luminance ${colors.paper.toFixed(3)})`);
  check(colors.text >= 7, `its text reads at ${colors.text.toFixed(1)}:1`);
  check(
    colors.seats.length === 2 && colors.seats.every((r) => r >= 4.5),
    `each player's line and name read on it: ${colors.seats.map((r) => r.toFixed(1)).join(", ")}`,
  );
}

const browser = await chromium.launch({ executablePath, headless: true });
try {
  const { api_key: key } = await api("POST", "/v1/accounts", null, { name: "Ann" });

  // A game of two, a turn each, shared by link.
  let game = await api("POST", "/v1/games", key, { players: [{ name: "Ann" }, { name: "Bo" }] });
  game = await turn(key, game, 0, "10 10 10 10 10 10");
  game = await turn(key, game, 1, "9 9 9 8 8 8");
  const link = await api("POST", `/v1/games/${game.id}/share`, key);
  check(link.url.startsWith(`${base}/pad/`), "the owner gets a link to the live pad");

  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // A refused script, style or connection is a CSP violation. (A 404 is expected: once the
  // link is revoked, the page's stream reconnects and is refused.)
  page.on("console", (m) => /Content Security Policy|Refused to/.test(m.text()) && errors.push(m.text()));
  await page.goto(link.url);
  await page.waitForFunction(() => document.body.dataset.live === "following", null, {
    timeout: 5000,
  });
  const first = await row(page, "1 set of 3 + 1 run of 4");
  const phase1 = await row(page, "2 sets of 3");
  check(JSON.stringify(phase1) === JSON.stringify(["60", "51"]), `phase 1 row shows 60 and 51: ${phase1}`);
  check(first && first.every((cell) => cell === ""), "phase 2 row is empty");
  check(await page.locator("svg.chart polyline.line").count() === 2, "the chart has a line per player");

  // A turn recorded through the API shows within a second.
  game = await turn(key, game, 0, "10 10 10 W 8 9 10");
  const started = Date.now();
  await page.waitForFunction(
    () => [...document.querySelectorAll("#pad td")].some((td) => td.textContent.trim() === "57"),
    null,
    { timeout: 1000 },
  );
  const waited = Date.now() - started;
  check(true, `the page shows the new turn ${waited} ms after the API answered`);
  const phase2 = await row(page, "1 set of 3 + 1 run of 4");
  check(phase2[0] === "57", `phase 2 of Ann is 57: ${phase2}`);

  // An old turn fixed after the fact: the page redraws and says which turn was changed.
  await api("PUT", `/v1/games/${game.id}/turns/1`, key, { dice: dice("9 9 9 9 9 9") });
  await page.waitForFunction(
    () => [...document.querySelectorAll("#pad th")].some((th) => th.textContent.trim() === "Turns Fixed"),
    null,
    { timeout: 2000 },
  );
  const fixed = await row(page, "2 sets of 3");
  check(fixed[0] === "54", `phase 1 of Ann is now 54: ${fixed}`);
  const changed = await row(page, "Turns Fixed");
  check(JSON.stringify(changed) === JSON.stringify(["1", ""]), `the pad marks Ann's turn 1: ${changed}`);

  // A person renamed in the roster is renamed on every pad, live.
  await api("PATCH", `/v1/people/${game.players[1].person_id}`, key, { name: "Bobby" });
  await page.waitForFunction(
    () => [...document.querySelectorAll("#pad th")].some((th) => th.textContent.trim() === "Bobby"),
    null,
    { timeout: 2000 },
  );
  check(true, "the page follows a person renamed in the roster");
  if (screenshots) {
    await page.screenshot({ path: `${screenshots}/live-pad.png`, fullPage: true });
  }

  // Light and dark, the pad and its chart read.
  readable(await contrasts(page), "light");
  const dark = await browser.newPage({ viewport: { width: 1000, height: 900 }, colorScheme: "dark" });
  await dark.goto(link.url);
  await dark.waitForFunction(() => document.body.dataset.live === "following", null, { timeout: 5000 });
  readable(await contrasts(dark), "dark");
  if (screenshots) {
    await dark.screenshot({ path: `${screenshots}/live-pad-dark.png`, fullPage: true });
  }
  await dark.close();

  // Revoked: the page says so and no longer follows the game.
  const revoked = await fetch(`${base}/v1/games/${game.id}/share`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${key}` },
  });
  check(revoked.status === 204, "the owner revokes the link");
  game = await turn(key, game, 1, "10 10 10 10 W W 9 10");
  await page.waitForFunction(() => document.body.dataset.live === "stopped", null, {
    timeout: 5000,
  });
  await page.waitForTimeout(1500);
  const after = await row(page, "1 set of 3 + 1 run of 4");
  check(after[1] === "", `the turn after the revocation is not shown: ${after}`);
  check(
    (await page.locator("#live-status").textContent()).includes("no longer follows"),
    "the page says its link no longer follows the game",
  );
  check(errors.length === 0, `no script error or CSP violation: ${errors.join("; ")}`);

  // The printable pad of eight players, on one sheet of A4 and of Letter.
  const names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"].map((name) => ({ name }));
  let eight = await api("POST", "/v1/games", key, { players: names });
  for (let seat = 0; seat < 8; seat++) eight = await turn(key, eight, seat, "10 10 10 10 10 10");
  const printed = await browser.newPage();
  await printed.setExtraHTTPHeaders({ Authorization: `Bearer ${key}`, Accept: "text/html" });
  await printed.goto(`${base}/v1/games/${eight.id}/scoresheet`);
  for (const format of ["A4", "Letter"]) {
    const pdf = await printed.pdf({ format, preferCSSPageSize: false });
    check(pageCount(pdf) === 1, `the pad of eight players prints on one ${format} page (${pageCount(pdf)})`);
  }
  // The longest card game there is (six players, each going out in turn until one has made
  // every phase: 55 hands) prints on one sheet too.
  const six = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"].map((name) => ({ name }));
  let cards = await api("POST", "/v1/games", key, { game: "cards", players: six });
  let hands = 0;
  while (cards.status !== "finished") {
    const out = hands % 6;
    const players = cards.players.map((p, i) => ({
      player_id: p.id,
      made: i === out,
      points: i === out ? 0 : 60,
    }));
    cards = (await api("POST", `/v1/games/${cards.id}/hands`, key, {
      went_out: cards.players[out].id,
      players,
    })).game;
    hands += 1;
  }
  const long = await browser.newPage();
  await long.setExtraHTTPHeaders({ Authorization: `Bearer ${key}`, Accept: "text/html" });
  await long.goto(`${base}/v1/games/${cards.id}/scoresheet`);
  for (const format of ["A4", "Letter"]) {
    const pdf = await long.pdf({ format });
    check(pageCount(pdf) === 1, `a card game of ${hands} hands prints on one ${format} page (${pageCount(pdf)})`);
  }
  if (screenshots) {
    await printed.emulateMedia({ media: "print" });
    await printed.setViewportSize({ width: 794, height: 1123 });
    await printed.screenshot({ path: `${screenshots}/printed-pad.png`, fullPage: true });
  }
} finally {
  await browser.close();
}
