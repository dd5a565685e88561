// Several phones at one table, and its backup, in Chromium with two browser contexts for two
// phones: the first makes a pairing code, the second opens its link and joins the table (the
// same games, its own key), both are listed, the first takes the second off (its next call is
// refused); the first downloads the backup, a game is deleted, and bringing the backup in
// restores it (and a second time brings nothing new). Everything is read back through the API.
// Usage: node table_devices.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { chromium } from "playwright-core";
import { apiOf, dice } from "./support.mjs";
import { firstRun, layoutProblems, SIZES } from "./table_support.mjs";

const base = process.argv[2];
const call = apiOf(base);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
let checks = 0;
const check = (condition, what) => {
  assert.ok(condition, what);
  checks += 1;
};

try {
  const first = await browser.newContext({ ...SIZES[0].context, locale: "en-US", acceptDownloads: true });
  const second = await browser.newContext({ ...SIZES[0].context, locale: "en-US" });
  const ann = await first.newPage();
  const key = await firstRun(ann, base, "The cabin");
  const table = await ann.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")));
  const game = await call("POST", "/v1/games", key, { players: [{ name: "Ann" }, { name: "Bo" }] });
  await call("POST", `/v1/games/${game.id}/turns`, key, { player_id: game.players[0].id, dice: dice("8 8 8 10 W W") });

  // The first phone makes a code; the second opens its link and joins.
  await ann.goto(`${base}/#/devices`);
  await ann.locator("#pair-phone").click();
  const link = await ann.locator("#pairing-link").getAttribute("href");
  check(link.startsWith(base) && link.includes("/#/pair/"), `the pairing link opens the app: ${link}`);
  check(await ann.getByRole("img", { name: "QR code that adds a phone to this table" }).isVisible(), "the QR code is shown");
  check((await layoutProblems(ann)).length === 0, "the phones screen fits a phone");
  const bo = await second.newPage();
  await bo.goto(link);
  await bo.getByLabel("This phone's name").fill("Bo's phone");
  await bo.getByRole("button", { name: "Join the table" }).click();
  await bo.getByRole("heading", { name: "Games" }).waitFor();
  check(await bo.getByText("Table: The cabin").isVisible(), "the second phone keeps the same table");
  await bo.locator(`a[href="#/games/${game.id}"]`).waitFor();
  check(true, "the second phone sees the game");
  const boTable = await bo.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")));
  check(boTable.account_id === table.account_id && boTable.api_key !== key, "the same account, with a key of its own");

  // Both phones listed; the first takes the second off.
  await ann.reload();
  const phones = ann.locator("#phones li");
  await phones.nth(1).waitFor();
  check((await phones.count()) === 2, "two phones listed");
  check((await phones.nth(0).innerText()).includes("(this phone)"), "this phone is marked");
  await ann.getByRole("button", { name: "Take off Bo's phone" }).click();
  await ann.getByText("Bo's phone was taken off.").waitFor();
  const keys = await call("GET", `/v1/accounts/${table.account_id}/keys`, key);
  check(keys.items.length === 1, "one key left");
  await bo.reload();
  await bo.getByText("This table is no longer valid on this phone.").or(bo.getByText("a valid API key is needed")).first().waitFor();
  check(true, "the phone taken off is refused");

  // The backup: downloaded, a game deleted, brought back.
  const [download] = await Promise.all([ann.waitForEvent("download"), ann.locator("#download-backup").click()]);
  check(/^phase10-\d{4}-\d{2}-\d{2}\.json$/.test(download.suggestedFilename()), `the file's name: ${download.suggestedFilename()}`);
  const file = await download.path();
  const document = JSON.parse(await readFile(file, "utf8"));
  check(document.format === "phase10-account/1" && document.games.length === 1, "the file is the table's backup");
  await ann.getByText("The backup holds 1 game.").waitFor();
  await call("DELETE", `/v1/games/${game.id}`, key);
  await ann.locator("#backup-file").setInputFiles(file);
  await ann.getByText("Brought in 1 game and 0 people.").waitFor();
  const back = await call("GET", `/v1/games/${game.id}`, key);
  check(back.version === game.version + 1 && back.players[0].total === 34, "the game is back as it was");
  await ann.locator("#backup-file").setInputFiles(file);
  await ann.getByText("This table already had everything in that backup.").waitFor();
  check(true, "a second time brings nothing new");
  await ann.locator("#backup-file").setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("not json") });
  await ann.getByText("That file is not a backup of a table.").waitFor();
  check(true, "a file that is not a backup is said so");
} finally {
  await browser.close();
}
console.log(`two phones at one table, and its backup: ${checks} checks`);
