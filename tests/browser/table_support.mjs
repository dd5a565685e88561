// What the table app's browser tests share: the two screens they use, and the first run.

/** A phone (390×844, touch) and a laptop (1280×800). */
export const SIZES = [
  { name: "phone", context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  { name: "laptop", context: { viewport: { width: 1280, height: 800 } } },
];

/** Opens the app at `base`, names the table, and answers the key the app kept on the device. */
export async function firstRun(page, base, tableName) {
  await page.goto(base + "/");
  await page.getByLabel("Name of your table").fill(tableName);
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("heading", { name: "Games" }).waitFor();
  return page.evaluate(() => JSON.parse(localStorage.getItem("phase10.table")).api_key);
}
