// The table app: draws the screen the address names, and the tabs a thumb reaches.
import { h, show } from "./dom";
import { troubleNote } from "./parts/trouble";
import { href, place, type Place } from "./router";
import { showFirstRun } from "./screens/first_run/first_run";
import { showHome } from "./screens/home/home";
import { showNewGame } from "./screens/new_game/new_game";
import { showGame } from "./screens/game";
import { showPad } from "./screens/pad/pad";
import { showReview } from "./screens/review/review";
import { showPeople } from "./screens/people/people";
import { showPerson } from "./screens/people/person";
import { showLeaderboard } from "./screens/people/leaderboard";
import { showDevices } from "./screens/devices/devices";
import { showPairing } from "./screens/pair/pair";
import { showInvite } from "./screens/invite/invite";
import { stopFollowing } from "./screens/dice_table/follow";
import { startBadge } from "./outbox/badge";
import { onWaitingChange, startSending } from "./outbox/outbox";
import { table } from "./table";
import { common } from "./words/common";
import { language } from "./words/language";

async function draw(): Promise<void> {
  document.documentElement.lang = language();
  const here = place();
  if (here.screen === "pair") {
    drawTabs(null);
    showPairing(here.code, () => void draw());
    return;
  }
  if (!table()) {
    drawTabs(null);
    // Invited to a game before this phone has a table: named first, then the invite.
    showFirstRun(() => {
      if (here.screen !== "invite") location.hash = href({ screen: "home" });
      void draw();
    });
    return;
  }
  if (here.screen !== "game") stopFollowing();
  drawTabs(here);
  try {
    await screenOf(here);
  } catch (error) {
    show(common().refusedTitle, h("h1", {}, common().refusedTitle), troubleNote(error), h("button", { type: "button", onclick: () => void draw() }, common().tryAgain));
  }
}

function screenOf(here: Place): Promise<void> {
  switch (here.screen) {
    case "home":
      return showHome();
    case "new_game":
      return showNewGame();
    case "game":
      return showGame(here.gameId);
    case "pad":
      return showPad(here.gameId);
    case "review":
      return showReview(here.gameId);
    case "people":
      return showPeople();
    case "person":
      return showPerson(here.personId);
    case "leaderboard":
      return showLeaderboard();
    case "devices":
      return showDevices();
    case "pair":
      return Promise.resolve();
    case "invite":
      return showInvite(here.code, here.playerId);
  }
}

/** The tabs at the bottom of the screen, the current one marked for a screen reader. */
function drawTabs(here: Place | null): void {
  const tabs = document.getElementById("tabs");
  if (!tabs) return;
  const w = common();
  tabs.setAttribute("aria-label", w.tabs);
  if (!here) return tabs.replaceChildren();
  const tab = (to: Place, label: string) =>
    h("a", { href: href(to), "aria-current": here.screen === to.screen ? "page" : false }, label);
  tabs.replaceChildren(
    tab({ screen: "home" }, w.home),
    tab({ screen: "new_game" }, w.newGame),
    tab({ screen: "people" }, w.people),
    tab({ screen: "leaderboard" }, w.leaderboard),
  );
}

window.addEventListener("hashchange", () => void draw());
startSending();
startBadge();
// What is sent or refused while a game is on screen shows on it: drawn again once the entries
// sent in a burst are through (at most every half second), not once per entry.
let redrawing: number | null = null;
onWaitingChange(() => {
  if (place().screen !== "game" || redrawing !== null) return;
  redrawing = window.setTimeout(() => {
    redrawing = null;
    void draw();
  }, 500);
});
if ("serviceWorker" in navigator) void navigator.serviceWorker.register("/sw.js", { scope: "/" });
void draw();
