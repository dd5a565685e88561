// What the table app's browser tests share: the two screens they use, and the first run.

/** A phone (390×844, touch) and a laptop (1280×800). */
export const SIZES = [
  { name: "phone", context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  { name: "laptop", context: { viewport: { width: 1280, height: 800 } } },
];

/** What is wrong with the screen's layout: a page wider than the window, a control smaller
 * than 44×44 px (a checkbox or radio by its label, which takes the tap), a scroll box a keyboard
 * cannot reach or that has no name. */
export async function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${window.innerWidth}`);
    for (const element of document.querySelectorAll("#screen a, #screen button, #screen input, #screen select, #screen summary, #screen [tabindex='0']")) {
      const tapped = element.matches("input[type=checkbox], input[type=radio]") ? element.closest("label") ?? element : element;
      const box = tapped.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (element.closest(".visually-hidden")) continue;
      if (box.height < 44 || box.width < 44) problems.push(`${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 30)}" is ${box.width.toFixed(0)}×${box.height.toFixed(0)}`);
    }
    for (const box of document.querySelectorAll("#screen .scroll")) {
      if (box.getAttribute("tabindex") !== "0" || box.getAttribute("role") !== "region" || !box.getAttribute("aria-label")) problems.push("a scroll box a keyboard cannot reach, or without a name");
    }
    return problems;
  });
}

/** The cells of a table's rows, as the page shows them (spaces folded). */
export function rowsOf(table) {
  return table.evaluate((element) =>
    [...element.querySelectorAll("tr")].map((row) => [...row.cells].map((cell) => cell.innerText.replace(/\s+/g, " ").trim())),
  );
}

/** Opens the app at `base`, names the table, and answers the key the app kept on the device. */
export async function firstRun(page, base, tableName) {
  await page.goto(base + "/");
  await page.getByLabel("Name of your table").fill(tableName);
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("heading", { name: "Games" }).waitFor();
  return page.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")).api_key);
}

/** A picture of the whole page for docs/ (when SCREENSHOTS names a folder): the window made as
 * tall as the page for it, so that the bar and the tabs (which stay on screen as it scrolls) are
 * where the page starts and ends. */
export async function photograph(page, name) {
  if (!process.env.SCREENSHOTS) return;
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  await page.screenshot({ path: `${process.env.SCREENSHOTS}/app-${name}-phone.png` });
  await page.setViewportSize(size);
}
