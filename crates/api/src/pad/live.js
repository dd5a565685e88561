// The live pad: follows the game through this page's link and redraws the pad on every change.
// Served by the binary; no library, no build step.
(() => {
  "use strict";
  const base = location.pathname.replace(/\/+$/, "");
  const pad = document.getElementById("pad");
  const status = document.getElementById("live-status");
  // The page's words, in its language, and that language for each redraw.
  const words = status.dataset;
  const lang = encodeURIComponent(document.documentElement.lang || "en");
  const changes = [
    "game_created", "turn_started", "dice_rolled", "turn_scored", "turn_undone",
    "game_finished", "seat_claimed", "hand_recorded", "hand_undone", "turn_edited",
    "hand_edited", "game_renamed", "player_changed", "game_deleted",
  ];
  let stream = null;
  const stop = () => {
    if (stream) stream.close();
    status.textContent = words.stopped;
    document.body.dataset.live = "stopped";
  };
  // One redraw at a time; a change during one asks for another after it.
  let drawing = false;
  let again = false;
  const redraw = async () => {
    if (drawing) { again = true; return; }
    drawing = true;
    try {
      do {
        again = false;
        const reply = await fetch(base + "/table?lang=" + lang, { cache: "no-store" });
        if (!reply.ok) { stop(); return; }
        pad.innerHTML = await reply.text();
        document.body.dataset.version = reply.headers.get("ETag") || "";
      } while (again);
    } finally {
      drawing = false;
    }
  };
  stream = new EventSource(base + "/events");
  for (const change of changes) stream.addEventListener(change, redraw);
  stream.addEventListener("open", () => {
    status.textContent = words.following;
    document.body.dataset.live = "following";
  });
  // A revoked or expired link ends the stream, and reconnecting is refused: the source closes.
  stream.addEventListener("error", () => {
    if (stream.readyState === EventSource.CLOSED) stop();
  });
})();
