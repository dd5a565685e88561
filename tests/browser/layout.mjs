// The pad's pages as a family sees them, in a real browser (Debian's headless Chromium, driven by
// playwright-core): a dice game and a card game of six players with 40-character names and tied
// totals, their live pages and printable pads, at 320, 390, 768, 1280 and 1920 px wide, in
// English and Spanish, light and dark. On each: the page is never wider than the screen, no word
// is broken inside itself (each word's client rects: one), and the chart's labels (getBBox) are
// pairwise apart and inside the SVG. The live page still follows a turn within a second, on a
// phone, in Spanish. Printed to PDF: one page per pad; the blank card pad's rows at 7 mm or more.
// With SCREENSHOTS set, the phone's and the laptop's live pages, English and Spanish, light and
// dark, go there.
//
// Usage: node layout.mjs http://127.0.0.1:PORT   (CHROMIUM: the browser, default /usr/bin/chromium)

import { chromium } from "playwright-core";
import { apiOf, dice, pageCount } from "./support.mjs";

const base = process.argv[2];
const screenshots = process.env.SCREENSHOTS;
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const api = apiOf(base);
if (!base) throw new Error("usage: node layout.mjs BASE_URL");

let checks = 0;
function check(ok, what) {
  if (!ok) throw new Error(`failed: ${what}`);
  checks += 1;
}



// Six names of 40 characters: words of every length, one word of 40, accents.
const NAMES = [
  "María Fernanda de los Ángeles Gutiérrez",
  "Wolfeschlegelsteinhausenbergerdorffvoral",
  "Jean Baptiste Emmanuel Zorg the Younger!",
  "Ana",
  "Grandpa Joe who always wins at this game",
  "Bo Bo Bo Bo Bo Bo Bo Bo Bo Bo Bo Bo Bo B",
].map((name) => name.padEnd(40, ".").slice(0, 40));

const WIDTHS = [320, 390, 768, 1280, 1920];
const LANGUAGES = ["en", "es"];
const SCHEMES = ["light", "dark"];

/** What is wrong with the page's layout, as a list of sentences (none when all is well). */
async function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) {
      problems.push(`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    // Every word of every text node shown: laid out on one line.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("svg, script, style, .visually-hidden")) continue;
      const text = node.textContent;
      for (const match of text.matchAll(/\S+/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) problems.push(`"${match[0]}" is broken over ${lines.size} lines`);
      }
    }
    // The chart's text: no two boxes overlap, every one inside the SVG.
    for (const svg of document.querySelectorAll("svg.chart")) {
      const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
      const boxes = [...svg.querySelectorAll("text")].map((t) => ({ text: t.textContent, box: t.getBBox() }));
      for (const { text, box } of boxes) {
        if (box.x < 0 || box.y < 0 || box.x + box.width > width + 0.5 || box.y + box.height > height + 0.5) {
          problems.push(`the chart's "${text}" is cut off (${box.x.toFixed(1)},${box.y.toFixed(1)} ${box.width.toFixed(1)}×${box.height.toFixed(1)} in ${width}×${height})`);
        }
      }
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i].box, boxes[j].box];
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          if (!apart) problems.push(`the chart's "${boxes[i].text}" and "${boxes[j].text}" overlap`);
        }
      }
    }
    return problems;
  });
}


const browser = await chromium.launch({ executablePath, headless: true });
try {
  const { api_key: key } = await api("POST", "/v1/accounts", null, { name: "Layout" });
  const players = NAMES.map((name) => ({ name }));

  // A dice game of six in which everyone rolls the same: tied totals all along.
  let diceGame = await api("POST", "/v1/games", key, { players, name: "Sunday at Grandma's" });
  for (const roll of ["10 10 10 10 10 10", "9 9 9 1 2 3 4"]) {
    for (let seat = 0; seat < 6; seat++) {
      diceGame = (await api("POST", `/v1/games/${diceGame.id}/turns`, key, {
        player_id: diceGame.players[seat].id,
        dice: dice(roll),
      })).game;
    }
  }
  // A card game of six in the El Chavo edition: two hands, then one fixed after the fact.
  let cardGame = await api("POST", "/v1/games", key, {
    game: "cards", edition: "el-chavo", players, name: "Club night",
  });
  const hand = (out) => ({
    went_out: cardGame.players[out].id,
    players: cardGame.players.map((p, i) => ({ player_id: p.id, made: i === out || i % 2 === 0, points: i === out ? 0 : i % 2 === 0 ? 25 : 60 })),
  });
  for (const out of [0, 3]) {
    cardGame = (await api("POST", `/v1/games/${cardGame.id}/hands`, key, hand(out))).game;
  }
  await api("PUT", `/v1/games/${cardGame.id}/hands/1`, key, hand(1));
  const links = {
    dice: (await api("POST", `/v1/games/${diceGame.id}/share`, key)).url,
    cards: (await api("POST", `/v1/games/${cardGame.id}/share`, key)).url,
  };
  const printable = {
    dice: `${base}/v1/games/${diceGame.id}/scoresheet`,
    cards: `${base}/v1/games/${cardGame.id}/scoresheet`,
  };

  for (const scheme of SCHEMES) {
    for (const lang of LANGUAGES) {
      const context = await browser.newContext({ colorScheme: scheme, locale: lang });
      const page = await context.newPage();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const game of ["dice", "cards"]) {
          for (const [kind, url, headers] of [
            ["live", `${links[game]}?lang=${lang}`, {}],
            ["printable", `${printable[game]}?lang=${lang}`, { Authorization: `Bearer ${key}`, Accept: "text/html" }],
          ]) {
            await page.setExtraHTTPHeaders(headers);
            await page.goto(url);
            const problems = await layoutProblems(page);
            check(problems.length === 0, `${game} ${kind} page, ${width} px, ${lang}, ${scheme}: ${problems.join("; ")}`);
            check((await page.getAttribute("html", "lang")) === lang, `${game} ${kind} page in ${lang}`);
            if (screenshots && kind === "live" && (width === 390 || width === 1280)) {
              const device = width === 390 ? "phone" : "laptop";
              const dark = scheme === "dark" ? "-dark" : "";
              await page.screenshot({ path: `${screenshots}/pad-${game}-${device}-${lang}${dark}.png`, fullPage: true });
            }
          }
        }
      }
      await context.close();
    }
  }
  console.log(`ok: ${checks} checks of the live and printable pads at ${WIDTHS.join(", ")} px, in ${LANGUAGES.join(" and ")}, light and dark`);

  // On a phone, in Spanish, the live page follows a turn within a second.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(`${links.dice}?lang=es`);
  await phone.waitForFunction(() => document.body.dataset.live === "following", null, { timeout: 5000 });
  check((await phone.locator("#live-status").textContent()).includes("en vivo"), "the live page says it follows, in Spanish");
  await api("POST", `/v1/games/${diceGame.id}/turns`, key, {
    player_id: diceGame.players[0].id,
    dice: dice("10 10 10 10 1 2 3 4"),
  });
  const started = Date.now();
  await phone.waitForFunction(
    () => [...document.querySelectorAll("#pad td")].some((td) => td.textContent.trim() === "147"),
    null,
    { timeout: 1000 },
  );
  console.log(`ok: the phone's page in Spanish shows the new turn ${Date.now() - started} ms after the API answered`);
  check(await phone.locator(".pad-view h1").textContent() === "Hoja de puntaje de Phase 10 Dice", "its title is Spanish");
  await phone.close();

  // Printed: each pad on one page, A4 and Letter, in both languages.
  const printed = await browser.newPage();
  await printed.setExtraHTTPHeaders({ Authorization: `Bearer ${key}`, Accept: "text/html" });
  for (const game of ["dice", "cards"]) {
    for (const lang of LANGUAGES) {
      await printed.goto(`${printable[game]}?lang=${lang}`);
      for (const format of ["A4", "Letter"]) {
        const pdf = await printed.pdf({ format });
        check(pageCount(pdf) === 1, `the ${game} pad in ${lang} prints on one ${format} page (${pageCount(pdf)})`);
      }
    }
  }
  console.log("ok: both pads print on one page, A4 and Letter, English and Spanish");

  // The blank pads: one page each, and the card pad's rows at 7 mm or more, even, the sheet full.
  const blank = await browser.newPage();
  for (const [game, range] of [["dice", [1, 8]], ["cards", [2, 6]]]) {
    for (let count = range[0]; count <= range[1]; count++) {
      for (const lang of LANGUAGES) {
        await blank.goto(`${base}/pad/blank?game=${game}&players=${count}&lang=${lang}`);
        for (const format of ["A4", "Letter"]) {
          const pdf = await blank.pdf({ format });
          check(pageCount(pdf) === 1, `the blank ${game} pad of ${count} in ${lang} prints on one ${format} page`);
        }
        if (game === "cards") {
          await blank.emulateMedia({ media: "print" });
          const heights = await blank.$$eval("table.pad tbody tr", (rows) => rows.map((r) => r.getBoundingClientRect().height * 25.4 / 96));
          await blank.emulateMedia({ media: null });
          const [least, most] = [Math.min(...heights), Math.max(...heights)];
          check(least >= 7 && most - least < 0.2, `the blank card pad of ${count}: ${heights.length} rows of ${least.toFixed(2)} to ${most.toFixed(2)} mm`);
        }
      }
    }
  }
  console.log("ok: the blank pads of 1 to 8 (dice) and 2 to 6 players (cards) print on one page; the card pad's rows are 7 mm or more and even");
  if (screenshots) {
    await blank.goto(`${base}/pad/blank?game=cards&players=6&lang=es`);
    await blank.emulateMedia({ media: "print" });
    await blank.setViewportSize({ width: 1123, height: 794 });
    await blank.screenshot({ path: `${screenshots}/blank-card-pad-es.png`, fullPage: true });
  }

  // A link that has ended: a page saying so, in the browser's language.
  const ended = await browser.newPage({ locale: "es-MX", extraHTTPHeaders: { "Accept-Language": "es-MX,es;q=0.9" } });
  const answer = await ended.goto(`${base}/pad/${"0".repeat(64)}`);
  check(answer.status() === 404, "an unknown link answers 404");
  check((await ended.locator("h1").textContent()) === "Este enlace no abre ningún juego", "and says so, in Spanish, on a page");
  console.log(`ok: ${checks} checks in all`);
} finally {
  await browser.close();
}
