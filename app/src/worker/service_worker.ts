// The table app's service worker: keeps the app's own files so that it opens without a signal.
// Each file is asked of the server first and the copy kept is used only when that fails, so a
// new version shows at once. Calls to the API pass through untouched.
const worker = self as unknown as ServiceWorkerGlobalScope;

const SHELF = "phase10-table-app-v1";
const FILES = ["/", "/app/app.js", "/app/style.css", "/app/icon.svg", "/manifest.webmanifest"];

worker.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELF).then((shelf) => shelf.addAll(FILES)).then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== SHELF).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== worker.location.origin || !FILES.includes(url.pathname)) return;
  event.respondWith(
    fetch(event.request)
      .then(async (fresh) => {
        if (fresh.ok) await (await caches.open(SHELF)).put(url.pathname, fresh.clone());
        return fresh;
      })
      .catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
  );
});

export {};
