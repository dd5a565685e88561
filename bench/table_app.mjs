// The table app's speed, in Chromium (Debian's, by playwright-core from tests/browser):
//  1. the first load's bytes over the wire (every response of the app's first screen, headers
//     included, as Chromium counts them);
//  2. DOMContentLoaded and the first screen drawn, on a throttled phone profile (1.6 Mbps down,
//     750 kbps up, 150 ms round trip, CPU 4× slower), against the blank pad page (HTML from the
//     server, no script) loaded the same way in the same run;
//  3. a turn's result on screen after the server's answer: from the end of the answer to
//     `POST …/turns` to the result drawn, against the answer's own time (request sent to
//     answer ended), same turns.
// Medians of RUNS runs (default 7). Usage: node bench/table_app.mjs http://127.0.0.1:PORT
import { createRequire } from "node:module";

const require = createRequire(new URL("../tests/browser/package.json", import.meta.url));
const { chromium } = require("playwright-core");

const base = process.argv[2];
const runs = Number(process.env.RUNS ?? 7);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const post = async (path, body, key) => {
  const reply = await fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key ? { Authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
  return reply.json();
};

const account = await post("/v1/accounts", { name: "Bench table" });
const table = JSON.stringify({ account_id: account.id, name: account.name, api_key: account.api_key });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });

/** A fresh phone (no cache), throttled as a slow phone on a slow network. */
async function slowPhone() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript((kept) => localStorage.setItem("phase10.table", kept), table);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false, latency: 150, downloadThroughput: (1.6e6 / 8), uploadThroughput: (750e3 / 8),
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  return { context, page, cdp };
}

async function load(path, drawn) {
  const { context, page, cdp } = await slowPhone();
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event) => { bytes += event.encodedDataLength; });
  await page.goto(base + path);
  await page.locator(drawn).first().waitFor();
  const drawnAt = await page.evaluate(() => performance.now());
  const loaded = await page.evaluate(() => performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd);
  await page.waitForLoadState("networkidle");
  await context.close();
  return { bytes, loaded, drawnAt };
}

const app = [];
const pad = [];
for (let i = 0; i < runs; i++) {
  app.push(await load("/", "#screen h1"));
  pad.push(await load("/pad/blank?players=4", "h1"));
}

// Turns: a tabletop game of two, each turn entered by taps on the phone (throttled).
const game = await post("/v1/games", { game: "dice", players: [{ name: "Ana" }, { name: "Bo" }] }, account.api_key);
const { context, page } = await slowPhone();
await page.goto(`${base}/#/games/${game.id}`);
await page.locator("#record").waitFor();
await page.evaluate(() => {
  window.drawnAt = [];
  new MutationObserver(() => {
    if (document.getElementById("turn-result") && window.drawnAt.length < window.turnsSent) window.drawnAt.push(performance.now());
  }).observe(document.getElementById("screen"), { childList: true, subtree: true });
  window.turnsSent = 0;
});
const turns = [];
for (let i = 0; i < 2 * runs; i++) {
  for (const face of ["1", "2", "3"]) await page.locator(`#face-${face}`).click();
  await page.evaluate(() => { window.turnsSent += 1; });
  await page.locator("#record").click();
  await page.waitForFunction((n) => window.drawnAt.length >= n, i + 1);
  turns.push(await page.evaluate((n) => {
    const answer = performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/turns") && e.initiatorType === "fetch").at(-1);
    return { render: window.drawnAt[n] - answer.responseEnd, answer: answer.responseEnd - answer.requestStart };
  }, i));
}
await context.close();
await browser.close();

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${Math.round(n)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
const appLoaded = median(app.map((r) => r.loaded));
const padLoaded = median(pad.map((r) => r.loaded));
const appDrawn = median(app.map((r) => r.drawnAt));
const render = median(turns.map((t) => t.render));
const answered = median(turns.map((t) => t.answer));
console.log(`| first load over the wire | ${kb(median(app.map((r) => r.bytes)))} | blank pad ${kb(median(pad.map((r) => r.bytes)))} | ${ratio(median(app.map((r) => r.bytes)), median(pad.map((r) => r.bytes)))} |`);
console.log(`| DOMContentLoaded, throttled phone | ${ms(appLoaded)} | blank pad ${ms(padLoaded)} | ${ratio(appLoaded, padLoaded)} |`);
console.log(`| first screen drawn (home), throttled phone | ${ms(appDrawn)} | blank pad's h1 ${ms(median(pad.map((r) => r.drawnAt)))} | ${ratio(appDrawn, median(pad.map((r) => r.drawnAt)))} |`);
console.log(`| a turn's result drawn after the answer (CPU 4× slower) | ${ms(render)} | the answer itself ${ms(answered)} | ${ratio(render, answered)} |`);
