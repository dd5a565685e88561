// The table app's pad and people screens in a real browser (Debian's headless Chromium, driven by
// playwright-core), on a phone (390×844, touch) and a laptop (1280×800), in English and Spanish.
// The table is made in the page (the first run); a finished dice game of two (each turn sent
// until the game ends, one turn then replaced) and a finished card game of phase 1 (its hand
// replaced) are made through the API with the table's key. Then each screen is held to what the
// API answers: the pad's standings and grid to the scoresheet, its chart's last points to the
// grand totals, its CSV download to the scoresheet as CSV, its share link (shown, copied, with
// an SVG QR code) to a live pad that opens, its edits to the game's edits; the roster to
// GET /v1/people after a person is added in the page; a person's figures to GET …/stats; a
// rename shown on the person, the roster, the pad and the leaderboard; the leaderboard of both
// games (a two-button switch) to GET /v1/leaderboard; a rematch to a new game of the same people.
// On every screen: nothing wider than the screen, every control at least 44 px each way, every
// scroll box reachable by keyboard and named.
// With SCREENSHOTS=DIR: each screen, phone and laptop, light and dark, English and Spanish, there.
//
// Usage: node table_pad_people.mjs http://127.0.0.1:PORT   (CHROMIUM: the browser, default /usr/bin/chromium)

import assert from "node:assert/strict";
import { mkdir, readFile } from "node:fs/promises";
import { chromium } from "playwright-core";
import { layoutProblems, rowsOf } from "./table_support.mjs";

const base = process.argv[2];
if (!base) throw new Error("usage: node table_pad_people.mjs BASE_URL");
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const screenshots = process.env.SCREENSHOTS;

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const LAPTOP = { viewport: { width: 1280, height: 800 } };

// The app's words these checks look for, in both languages.
const WORDS = {
  en: {
    locale: "en-US",
    points: (n) => `${n} points`,
    winner: "winner",
    gridDice: "The pad, phase by phase",
    gridCards: "The pad, hand by hand",
    phase: (n) => `Phase ${n}`,
    hand: (n) => `Hand ${n}`,
    rows: ["Five Phase Bonus", "Five Phase Total", "First Finish Bonus", "Failures", "Grand total"],
    phasesDone: "Phases done",
    totalPoints: "Total points",
    made: (p) => `phase ${p} made`,
    missed: (p) => `phase ${p} missed`,
    wentOut: "went out",
    chart: "Running totals",
    chartLine: (name, total, count) => `${name}: ${total} after ${count} turns`,
    print: "Print",
    csv: "Download CSV",
    makeLink: "Make a link",
    copy: "Copy the link",
    copied: "The link is copied.",
    qr: /^QR code/,
    edits: "Changed entries",
    turnEdited: (n, name) => `Turn ${n} (${name})`,
    handEdited: (n) => `Hand ${n}`,
    back: "Back to the game",
    people: "People",
    roster: /^The roster/,
    personName: "Name",
    add: "Add",
    added: (name) => `${name} is on the roster.`,
    newName: "New name",
    rename: "Rename",
    dice: "Phase 10 Dice",
    cards: "Phase 10 cards",
    figures: {
      dice: ["Games", "Wins", "Win rate", "Average grand total", "Best grand total", "Five Phase Bonuses", "First Finish Bonuses"],
      cards: ["Games", "Wins", "Win rate", "Hands", "Went out", "Average points", "Fewest points"],
    },
    phasesDice: "Dice, phase by phase",
    phasesCards: "Cards, phase by phase",
    rematch: (title) => `Rematch: ${title}`,
    leaderboard: "Leaderboard",
    whichGame: "Which game",
  },
  es: {
    locale: "es-ES",
    points: (n) => `${n} puntos`,
    winner: "ganador",
    gridDice: "La hoja, fase por fase",
    gridCards: "La hoja, mano por mano",
    phase: (n) => `Fase ${n}`,
    hand: (n) => `Mano ${n}`,
    rows: ["Bono de cinco fases", "Total de cinco fases", "Bono por terminar primero", "Fallos", "Total final"],
    phasesDone: "Fases hechas",
    totalPoints: "Puntos totales",
    made: (p) => `fase ${p} hecha`,
    missed: (p) => `fase ${p} sin hacer`,
    wentOut: "salió",
    chart: "Totales",
    chartLine: (name, total, count) => `${name}: ${total} tras ${count} turnos`,
    print: "Imprimir",
    csv: "Descargar CSV",
    makeLink: "Crear un enlace",
    copy: "Copiar el enlace",
    copied: "El enlace está copiado.",
    qr: /^Código QR/,
    edits: "Anotaciones corregidas",
    turnEdited: (n, name) => `Turno ${n} (${name})`,
    handEdited: (n) => `Mano ${n}`,
    back: "Volver a la partida",
    people: "Personas",
    roster: /^La lista/,
    personName: "Nombre",
    add: "Agregar",
    added: (name) => `${name} está en la lista.`,
    newName: "Nombre nuevo",
    rename: "Cambiar el nombre",
    dice: "Phase 10 Dados",
    cards: "Phase 10 cartas",
    figures: {
      dice: ["Partidas", "Victorias", "Porcentaje de victorias", "Total final medio", "Mejor total final", "Bonos de cinco fases", "Bonos por terminar primero"],
      cards: ["Partidas", "Victorias", "Porcentaje de victorias", "Manos", "Salió", "Puntos de media", "Menos puntos"],
    },
    phasesDice: "Dados, fase por fase",
    phasesCards: "Cartas, fase por fase",
    rematch: (title) => `Revancha: ${title}`,
    leaderboard: "Clasificación",
    whichGame: "Qué juego",
  },
};

let checks = 0;
const equal = (actual, expected, what) => {
  assert.deepEqual(actual, expected, what);
  checks += 1;
};
const ok = (value, what) => {
  assert.ok(value, what);
  checks += 1;
};

/** "10 10 W 2:orange" as the API's dice. */
const dice = (text) =>
  text ? text.split(" ").map((each) => {
    const [value, color] = each.split(":");
    return { value: value === "W" ? "W" : Number(value), ...(color ? { color } : {}) };
  }) : [];

// Ann makes every phase at her first try but one (she fails once on phase 3), with more than
// 220 in phases 1 to 5: the Five Phase Bonus. Bo makes phases 1 to 3, then fails to the end.
const ANN = {
  1: "10 10 10 9 9 9", 2: "10 10 10 4 5 6 7", 3: "10 10 10 10 3 4 5 6", 4: "4 5 6 7 8 9 10",
  5: "3 4 5 6 7 8 9 10", 6: "2 3 4 5 6 7 8 9 10", 7: "10 10 10 10 9 9 W W",
  8: "2:orange 4:orange W:orange 5:orange 8:orange 9:orange 10:orange", 9: "10 10 10 10 W 9 9", 10: "10 10 10 10 W 9 9 W",
};
const BO = { 1: "8 8 8 10 W W", 2: "9 9 9 1 2 3 4", 3: "10 10 10 10 1 2 3 4" };

let key = null;
async function call(method, path, body, headers = {}) {
  const reply = await fetch(base + path, {
    method,
    headers: { "Content-Type": "application/json", "Accept-Language": "en", Authorization: `Bearer ${key}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
  if (!text) return null;
  return (reply.headers.get("content-type") ?? "").includes("json") ? JSON.parse(text) : text;
}

/** A finished dice game of Ann and Bo, sent turn by turn until it ends; Bo's first turn replaced. */
async function diceGame() {
  let game = await call("POST", "/v1/games", { name: "Dice night", players: [{ name: "Ann" }, { name: "Bo" }] });
  let annFailed = false;
  for (let turns = 0; game.status !== "finished"; turns++) {
    assert.ok(turns < 40, "the dice game ends");
    const player = game.players.find((each) => each.id === game.current_player_id);
    let roll = "";
    if (player.name === "Ann") {
      if (player.phase === 3 && !annFailed) annFailed = true;
      else roll = ANN[player.phase];
    } else roll = BO[player.phase] ?? "";
    game = (await call("POST", `/v1/games/${game.id}/turns`, { player_id: player.id, dice: dice(roll) })).game;
  }
  await call("PUT", `/v1/games/${game.id}/turns/2`, { dice: dice("7 7 7 6 6 6") });
  return call("GET", `/v1/games/${game.id}`);
}

/** A finished card game of phase 1: Ann goes out in the first hand; that hand replaced. */
async function cardGame() {
  const game = await call("POST", "/v1/games", { game: "cards", name: "Card night", phases: [1], players: [{ name: "Ann" }, { name: "Bo" }] });
  const [ann, bo] = game.players;
  const hand = (points) => ({ went_out: ann.id, players: [{ player_id: ann.id, made: true, points: 0 }, { player_id: bo.id, made: false, points }] });
  await call("POST", `/v1/games/${game.id}/hands`, hand(60));
  await call("PUT", `/v1/games/${game.id}/hands/1`, hand(75));
  return call("GET", `/v1/games/${game.id}`);
}

/** What is wrong with the screen's layout: wider than the window, controls under 44 px. */
async function goTo(page, hash, heading) {
  await page.goto(`${base}/${hash}`);
  await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
  equal(await layoutProblems(page), [], `the layout of ${hash}`);
}

async function checkDicePad(page, w, game) {
  const sheet = await call("GET", `/v1/games/${game.id}/scoresheet`);
  await goTo(page, `#/games/${game.id}/pad`, game.name);
  // Standings: rank, name, total, best first.
  const standings = await page.getByRole("list", { name: w === WORDS.en ? "Standings" : "Clasificación" }).getByRole("listitem").allInnerTexts();
  const ranked = [...sheet.players].sort((a, b) => a.rank - b.rank);
  equal(
    standings.map((text) => text.replace(/\s+/g, " ").trim()),
    ranked.map((line) => `${line.rank}. ${line.name}${sheet.winners.includes(line.player_id) ? ` · ${w.winner}` : ""} ${w.points(line.grand_total)}`),
    "the dice standings",
  );
  // The grid, phase by phase, in a named scroll box.
  const box = page.getByRole("region", { name: w.gridDice });
  equal(await box.getAttribute("tabindex"), "0", "the grid's box takes the keyboard's focus");
  const rows = await rowsOf(box.getByRole("table"));
  equal(rows[0].slice(1), sheet.players.map((line) => line.name), "the grid's columns");
  const byLabel = new Map(rows.slice(1).map((row) => [row[0], row.slice(1)]));
  for (let phase = 1; phase <= 10; phase++) {
    const row = rows.slice(1).find((each) => each[0].startsWith(`${w.phase(phase)} `));
    equal(row.slice(1), sheet.players.map((line) => String(line.phases[phase - 1].score ?? "–")), `phase ${phase} on the grid`);
  }
  const [five, fiveTotal, first, failures, grand] = w.rows;
  equal(byLabel.get(five), sheet.players.map((line) => String(line.five_phase_bonus)), "the Five Phase Bonus row");
  equal(byLabel.get(fiveTotal), sheet.players.map((line) => String(line.five_phase_total)), "the Five Phase Total row");
  equal(byLabel.get(first), sheet.players.map((line) => String(line.first_finish_bonus)), "the First Finish Bonus row");
  equal(byLabel.get(failures), sheet.players.map((line) => String(line.failures)), "the failures row");
  equal(byLabel.get(grand), sheet.players.map((line) => String(line.grand_total)), "the grand total row");
  // The chart: a named image, a line per player, the legend ending on each grand total.
  const turns = (await call("GET", `/v1/games/${game.id}/turns?limit=100`)).items;
  const chart = page.getByRole("img", { name: w.chart, exact: true });
  equal(await chart.locator("polyline").count(), sheet.players.length, "a line per player");
  const legend = await page.locator(".pp-legend li").allInnerTexts();
  equal(
    legend.map((text) => text.trim()),
    sheet.players.map((line) => w.chartLine(line.name, line.grand_total, turns.filter((turn) => turn.player_id === line.player_id).length)),
    "the chart's legend",
  );
  // The way back, print.
  equal(await page.getByRole("link", { name: w.back, exact: true }).getAttribute("href"), `#/games/${game.id}`, "the link back to the game");
  await page.evaluate(() => { window.print = () => { document.body.dataset.printed = "yes"; }; });
  await page.getByRole("button", { name: w.print }).click();
  equal(await page.evaluate(() => document.body.dataset.printed), "yes", "Print prints");
  // The CSV download: the scoresheet as CSV, in the app's language.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: w.csv }).click()]);
  const csv = await readFile(await download.path(), "utf8");
  equal(csv, await call("GET", `/v1/games/${game.id}/scoresheet`, undefined, { Accept: "text/csv", "Accept-Language": w === WORDS.en ? "en" : "es" }), "the CSV downloaded");
  ok(download.suggestedFilename().endsWith(".csv"), "the CSV's file name");
  // Share: a link (copied), its QR code; the link opens the live pad.
  await page.getByRole("button", { name: w.makeLink }).click();
  const link = page.getByRole("link", { name: /\/pad\// });
  const url = await link.getAttribute("href");
  ok(url.startsWith(`${base}/pad/`), "the shared link is a live pad's");
  equal((await fetch(url)).status, 200, "the shared link opens");
  const qr = page.getByRole("img", { name: w.qr });
  ok((await qr.locator("rect").count()) > 100, "the QR code is drawn");
  equal(await qr.evaluate((element) => element.tagName.toLowerCase()), "svg", "the QR code is SVG");
  await page.getByRole("button", { name: w.copy }).click();
  await page.getByRole("status").filter({ hasText: w.copied }).waitFor();
  equal(await page.evaluate(() => navigator.clipboard.readText()), url, "the link copied");
  // The edits: Bo's turn 2, replaced.
  const edits = await call("GET", `/v1/games/${game.id}/edits`);
  const shown = page.getByRole("list", { name: w.edits }).getByRole("listitem");
  equal(await shown.count(), edits.items.length, "every edit shown");
  const bo = sheet.players[1].name;
  equal(await shown.first().getByRole("heading").innerText(), w.turnEdited(2, bo), "the edit's turn and player");
  ok((await shown.first().innerText()).includes("7 7 7 6 6 6"), "the edit's dice after");
  equal(await layoutProblems(page), [], "the pad's layout with its link shown");
}

async function checkCardPad(page, w, game) {
  const sheet = await call("GET", `/v1/games/${game.id}/scoresheet`);
  await goTo(page, `#/games/${game.id}/pad`, game.name);
  const rows = await rowsOf(page.getByRole("region", { name: w.gridCards }).getByRole("table"));
  equal(rows[0].slice(1), sheet.players.map((line) => line.name), "the card grid's columns");
  const hand = rows.find((row) => row[0] === w.hand(1));
  equal(
    hand.slice(1),
    sheet.players.map((line) => {
      const one = line.hands[0];
      return [String(one.points), one.made ? w.made(one.phase) : w.missed(one.phase), one.went_out ? w.wentOut : ""].filter(Boolean).join(" ");
    }),
    "hand 1 on the grid",
  );
  equal(rows.find((row) => row[0] === w.phasesDone).slice(1), sheet.players.map((line) => line.phases_done.join(", ") || (w === WORDS.en ? "none" : "ninguna")), "the phases done");
  equal(rows.find((row) => row[0] === w.totalPoints).slice(1), sheet.players.map((line) => String(line.total)), "the card totals");
  const standings = await page.getByRole("list", { name: w === WORDS.en ? "Standings" : "Clasificación" }).getByRole("listitem").allInnerTexts();
  equal(standings.length, sheet.players.length, "the card standings");
  ok(standings[0].includes(sheet.players.find((line) => line.rank === 1).name), "the card game's first");
  equal(await page.getByRole("list", { name: w.edits }).getByRole("listitem").first().getByRole("heading").innerText(), w.handEdited(1), "the hand replaced");
}

async function checkPeople(page, w, newcomer) {
  await goTo(page, "#/people", w.people);
  await page.getByLabel(w.personName, { exact: true }).fill(newcomer);
  await page.getByRole("button", { name: w.add, exact: true }).click();
  await page.getByText(w.added(newcomer)).waitFor();
  const roster = (await call("GET", "/v1/people?limit=100")).items;
  ok(roster.some((person) => person.name === newcomer), "the person added is on the roster");
  const links = page.getByRole("list", { name: w.roster }).getByRole("link");
  equal(await links.count(), roster.length, "everyone of the roster shown");
  for (const person of roster) {
    const link = page.getByRole("list", { name: w.roster }).locator(`a[href="#/people/${person.id}"]`);
    ok((await link.innerText()).startsWith(person.name), `${person.name} leads to their page`);
  }
  equal(await layoutProblems(page), [], "the roster's layout");
}

async function checkPerson(page, w, person) {
  const stats = await call("GET", `/v1/people/${person.id}/stats`);
  await goTo(page, `#/people/${person.id}`, stats.name);
  const percent = (rate) => new Intl.NumberFormat(w.locale, { style: "percent", maximumFractionDigits: 0 }).format(rate).replace(/\s+/g, " ");
  const decimal = (value) => new Intl.NumberFormat(w.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const d = stats.dice;
  const c = stats.cards;
  equal(await rowsOf(page.getByRole("table", { name: w.dice, exact: true })), w.figures.dice.map((label, i) => [label, String([d.games, d.wins, percent(d.win_rate), decimal(d.average_total), d.best_total ?? "—", d.five_phase_bonuses, d.first_finish_bonuses][i])]), "the dice figures");
  equal(await rowsOf(page.getByRole("table", { name: w.cards, exact: true })), w.figures.cards.map((label, i) => [label, String([c.games, c.wins, percent(c.win_rate), c.hands, c.went_out, decimal(c.average_total), c.best_total ?? "—"][i])]), "the card figures");
  const dicePhases = await rowsOf(page.getByRole("table", { name: w.phasesDice }));
  equal(dicePhases.slice(1), d.phases.map((phase) => [w.phase(phase.phase), String(phase.attempts), String(phase.made), decimal(phase.expected_made)]), "the dice phases: made against best play");
  const cardPhases = await rowsOf(page.getByRole("table", { name: w.phasesCards }));
  equal(cardPhases.slice(1), c.phases.map((phase) => [w.phase(phase.phase), String(phase.attempts), String(phase.made)]), "the card phases");
  const games = (await call("GET", `/v1/people/${person.id}/games?limit=20`)).items;
  for (const game of games) ok(await page.locator(`a[href="#/games/${game.id}"]`).count(), `their game ${game.id} is listed`);
  equal(await page.getByRole("button", { name: /^(Rematch|Revancha)/ }).count(), games.filter((game) => game.status === "finished").length, "a rematch for each finished game");
}

async function checkRename(page, w, person, name) {
  await goTo(page, `#/people/${person.id}`, (await call("GET", `/v1/people/${person.id}`)).name);
  await page.getByLabel(w.newName).fill(name);
  await page.getByRole("button", { name: w.rename, exact: true }).click();
  await page.getByRole("heading", { level: 1, name, exact: true }).waitFor();
  equal((await call("GET", `/v1/people/${person.id}`)).name, name, "renamed in the API");
}

async function checkLeaderboard(page, w, name) {
  await goTo(page, "#/leaderboard", w.leaderboard);
  const group = page.getByRole("group", { name: w.whichGame });
  for (const [game, label] of [["dice", w.dice], ["cards", w.cards]]) {
    const button = group.getByRole("button", { name: label });
    await button.click();
    await page.getByRole("table", { name: label }).waitFor();
    equal(await button.getAttribute("aria-pressed"), "true", `${game} chosen`);
    equal(await group.getByRole("button", { name: game === "dice" ? w.cards : w.dice }).getAttribute("aria-pressed"), "false", "the other not");
    const board = await call("GET", `/v1/leaderboard?game=${game}`);
    const rows = await rowsOf(page.getByRole("table", { name: label }));
    const percent = (rate) => new Intl.NumberFormat(w.locale, { style: "percent", maximumFractionDigits: 0 }).format(rate).replace(/\s+/g, " ");
    equal(rows.slice(1), board.items.map((item) => [String(item.rank), item.name, String(item.games), String(item.wins), percent(item.win_rate)]), `the ${game} leaderboard`);
    for (const item of board.items) {
      equal(await page.getByRole("table", { name: label }).getByRole("link", { name: item.name, exact: true }).getAttribute("href"), `#/people/${item.person_id}`, "a name leads to the person");
    }
    ok(rows.some((row) => row[1] === name), `the renamed ${name} on the ${game} leaderboard`);
    equal(await layoutProblems(page), [], "the leaderboard's layout");
  }
}

async function checkRematch(page, w, ann, game) {
  await goTo(page, `#/people/${ann.id}`, ann.name);
  await page.getByRole("button", { name: w.rematch(game.name) }).click();
  await page.waitForURL((url) => /#\/games\/[0-9a-f-]{36}$/.test(url.hash) && !url.hash.includes(game.id));
  const newId = new URL(page.url()).hash.split("/")[2];
  const rematch = await call("GET", `/v1/games/${newId}`);
  equal(rematch.rematch_of, game.id, "the rematch is of the game");
  equal(rematch.players.map((player) => player.person_id), game.players.map((player) => player.person_id), "the same people");
  equal(rematch.status, "in_progress", "a new game in play");
}

/** Everything, in one context (a screen size and a language); `bo` is renamed to `renameTo`. */
async function pass(browser, storageState, device, lang, games, renameTo) {
  const w = WORDS[lang];
  const context = await browser.newContext({ ...device, storageState, locale: w.locale, acceptDownloads: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const page = await context.newPage();
  const failures = [];
  page.on("pageerror", (error) => failures.push(String(error)));
  try {
    const people = (await call("GET", "/v1/people?limit=100")).items;
    const ann = people.find((person) => person.name === "Ann");
    const bo = people.find((person) => person.id === games.dice.players[1].person_id);
    await checkRename(page, w, bo, renameTo);
    await checkDicePad(page, w, games.dice);
    ok((await page.getByRole("list", { name: w === WORDS.en ? "Standings" : "Clasificación" }).innerText()).includes(renameTo), "the renamed person on the pad");
    await checkCardPad(page, w, games.cards);
    await checkPeople(page, w, `${renameTo} Junior`);
    ok(await page.getByRole("link", { name: new RegExp(`^${renameTo} `) }).count(), "the renamed person on the roster");
    await checkPerson(page, w, ann);
    await checkPerson(page, w, bo);
    await checkLeaderboard(page, w, renameTo);
    await checkRematch(page, w, ann, games.dice);
    equal(failures, [], "no error in the page");
  } finally {
    await context.close();
  }
}

async function takeScreenshots(browser, storageState, games, people) {
  await mkdir(screenshots, { recursive: true });
  const screens = {
    "pad-dice": `#/games/${games.dice.id}/pad`,
    "pad-cards": `#/games/${games.cards.id}/pad`,
    people: "#/people",
    person: `#/people/${people.ann.id}`,
    leaderboard: "#/leaderboard",
  };
  for (const [size, device] of [["390", PHONE], ["1280", LAPTOP]]) {
    for (const lang of ["en", "es"]) {
      for (const colorScheme of ["light", "dark"]) {
        const context = await browser.newContext({ ...device, storageState, locale: WORDS[lang].locale, colorScheme });
        const page = await context.newPage();
        for (const [name, hash] of Object.entries(screens)) {
          await page.goto(`${base}/${hash}`);
          await page.locator("h1").waitFor();
          if (name === "pad-dice") {
            await page.getByRole("button", { name: WORDS[lang].makeLink }).click();
            await page.locator(".pp-qr svg").waitFor();
          }
          await page.screenshot({ path: `${screenshots}/${name}-${size}-${lang}-${colorScheme}.png`, fullPage: true });
        }
        await context.close();
      }
    }
  }
}

const browser = await chromium.launch({ executablePath, headless: true });
try {
  // The first run, in the page: the table named, its key kept on the phone.
  const first = await browser.newContext({ ...PHONE, locale: "en-US" });
  const page = await first.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel("Name of your table").fill("Pad and people");
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForFunction(() => localStorage.getItem("phase10.table") !== null);
  key = await page.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")).api_key);
  ok(key, "the first run keeps a key");
  const storageState = await first.storageState();
  await first.close();

  const games = { dice: await diceGame(), cards: await cardGame() };
  equal([games.dice.status, games.cards.status], ["finished", "finished"], "both games are over");

  await pass(browser, storageState, PHONE, "en", games, "Bob");
  await pass(browser, storageState, LAPTOP, "en", games, "Bobby");
  await pass(browser, storageState, PHONE, "es", games, "Roberto");

  if (screenshots) {
    const people = (await call("GET", "/v1/people?limit=100")).items;
    await takeScreenshots(browser, storageState, games, { ann: people.find((person) => person.name === "Ann") });
  }
  console.log(`table_pad_people: ${checks} passed, 0 failed`);
} finally {
  await browser.close();
}
