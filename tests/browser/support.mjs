// What the browser tests share: the API called as an app would, dice as the API takes them, and
// the pages of a PDF.

/** A caller of the API at `base`: `(method, path, key, body)` → the JSON answered, or throws. */
export function apiOf(base) {
  return async (method, path, key, body) => {
    const headers = { "Content-Type": "application/json" };
    if (key) headers.Authorization = `Bearer ${key}`;
    const reply = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await reply.text();
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** "10 10 W 3" as the API's dice. */
export const dice = (text) =>
  text.split(" ").map((v) => (v === "W" ? { value: "W" } : { value: Number(v) }));

/** The number of pages of a PDF: each page object says "/Type /Page" (the tree, "/Type /Pages"). */
export function pageCount(pdf) {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) || []).length;
}
