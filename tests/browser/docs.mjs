// The interactive docs at /docs/ in Chromium under their Content-Security-Policy (the outside
// probe's L5): every operation of the document is drawn, one is opened and tried against the
// server ("Try it out"), and the browser refuses nothing the page needs (no CSP violation, no
// error in the page). Usage: node docs.mjs http://127.0.0.1:PORT
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const base = process.argv[2];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  const refused = [];
  page.on("console", (message) => message.type() === "error" && refused.push(message.text()));
  page.on("pageerror", (error) => refused.push(String(error)));
  const reply = await page.goto(`${base}/docs/`);
  assert.match(reply.headers()["content-security-policy"], /frame-ancestors 'none'/);
  const document = await (await fetch(`${base}/openapi.json`)).json();
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item).filter((key) => key !== "parameters"));
  await page.locator(".opblock").first().waitFor();
  assert.equal(await page.locator(".opblock").count(), operations.length, "every operation drawn");
  // Try one: the list of phases, which needs no key.
  const phases = page.locator(".opblock", { hasText: "/v1/phases" }).first();
  await phases.locator(".opblock-summary").click();
  await phases.getByRole("button", { name: "Try it out" }).click();
  await phases.getByRole("button", { name: "Execute" }).click();
  await phases.locator(".response .response-col_status", { hasText: "200" }).first().waitFor();
  assert.deepEqual(refused, [], "nothing refused by the policy, no error in the page");
} finally {
  await browser.close();
}
console.log("the docs under their CSP: every operation drawn, one tried, nothing refused");
