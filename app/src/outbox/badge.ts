// The number of entries waiting, always on screen while there are any (above every screen): how
// many, whether the phone has a signal, and the way to an entry that needs the person.
import { h } from "../dom";
import { href } from "../router";
import { onWaitingChange, waiting } from "./outbox";
import { words } from "./words";

export function startBadge(): void {
  const badge = document.getElementById("waiting");
  if (!badge) return;
  const draw = async () => {
    const all = await waiting();
    const w = words();
    badge.hidden = all.length === 0;
    const stuck = all.find((entry) => entry.stuck);
    badge.replaceChildren(
      h("span", { id: "waiting-count" }, w.waiting(all.length)),
      " · ",
      stuck ? h("a", { href: href({ screen: "game", gameId: stuck.gameId }) }, `${w.needsYou}: ${w.open}`) : navigator.onLine ? w.sending : w.noSignal,
    );
  };
  onWaitingChange(() => void draw());
  window.addEventListener("online", () => void draw());
  window.addEventListener("offline", () => void draw());
  void draw();
}
