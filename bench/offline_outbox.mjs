// The table app's outbox in Chromium: 50 turns entered by taps with the network off, then the
// time from the network's return to the last of them recorded (the bar of entries waiting gone,
// and the API holding all 50). Baseline, in the same run and the same page: 50 turns of another
// game sent by the page itself, one after another (fetch, with their numbers), as fast as the
// server answers. Medians of ROUNDS rounds (5 by default).
// Usage: node bench/offline_outbox.mjs http://127.0.0.1:PORT   (run from tests/browser's modules:
//   NODE_PATH=tests/browser/node_modules, or cd tests/browser && node ../../bench/offline_outbox.mjs …)
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../tests/browser/package.json"));
const { chromium } = require("playwright-core");

const base = process.argv[2];
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const ENTRIES = 50;

async function call(method, path, key, body) {
  const headers = { "Content-Type": "application/json" };
  if (key) headers.Authorization = `Bearer ${key}`;
  const reply = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
const outbox = [];
const direct = [];
try {
  for (let round = 0; round < ROUNDS; round++) {
    const account = await call("POST", "/v1/accounts", null, { name: `Outbox ${round}` });
    const key = account.api_key;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript((kept) => localStorage.setItem("phase10.table", kept), JSON.stringify({ account_id: account.id, name: account.name, api_key: key }));
    const page = await context.newPage();
    const game = await call("POST", "/v1/games", key, { players: [{ name: "Ann" }, { name: "Bo" }] });
    await page.goto(`${base}/#/games/${game.id}`);
    await page.getByRole("heading", { name: "Ann's turn" }).waitFor();
    await context.setOffline(true);
    for (let i = 0; i < ENTRIES; i++) {
      await page.getByRole("button", { name: "Missed: record a failed turn", exact: true }).click();
      await page.locator("#waiting-turns li").nth(i).waitFor();
    }
    const start = performance.now();
    await context.setOffline(false);
    if (process.env.TRACE) {
      for (;;) {
        const got = (await call("GET", `/v1/games/${game.id}/turns?limit=100`, key)).items.length;
        console.log(`${(performance.now() - start).toFixed(0)} ms: ${got} recorded`);
        if (got === ENTRIES) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await page.locator("#waiting").waitFor({ state: "hidden", timeout: 60_000 });
    outbox.push(performance.now() - start);
    const turns = await call("GET", `/v1/games/${game.id}/turns?limit=100`, key);
    if (turns.items.length !== ENTRIES) throw new Error(`${turns.items.length} turns recorded, not ${ENTRIES}`);

    const other = await call("POST", "/v1/games", key, { players: [{ name: "Ann" }, { name: "Bo" }] });
    direct.push(await page.evaluate(async ({ game, key, entries }) => {
      const start = performance.now();
      for (let number = 1; number <= entries; number++) {
        const reply = await fetch(`/v1/games/${game.id}/turns`, { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body: JSON.stringify({ player_id: game.players[(number - 1) % 2].id, number }) });
        if (reply.status !== 201) throw new Error(`turn ${number}: ${reply.status}`);
      }
      return performance.now() - start;
    }, { game: other, key, entries: ENTRIES }));
    await context.close();
  }
} finally {
  await browser.close();
}
const [sent, baseline] = [median(outbox), median(direct)];
console.log(`${ENTRIES} entries kept offline, from the network's return to the last recorded: median ${sent.toFixed(0)} ms (rounds ${outbox.map((t) => t.toFixed(0)).join(", ")})`);
console.log(`baseline, the same page sending ${ENTRIES} turns itself: median ${baseline.toFixed(0)} ms (rounds ${direct.map((t) => t.toFixed(0)).join(", ")}); ratio ${(sent / baseline).toFixed(2)}×`);
