// The ruling sheet (issue 16): collect rules from any page, attach a calculator's odds,
// and state a ruling on /ruling/ that one link reproduces. See ruling/*.js; this file
// only wires them to each page, including pages that Material's instant navigation
// swaps in without a reload.
import { listenForAdds, showCollected } from "./ruling/collect.js";
import { addOddsButtons, listenForOdds } from "./ruling/odds.js";
import { rulingPageOnPage } from "./ruling/page.js";
import { subscribe } from "./ruling/store.js";
import { setUpTray, trayOnPage } from "./ruling/tray.js";

function onPage() {
  showCollected();
  addOddsButtons();
  trayOnPage();
  rulingPageOnPage();
}

setUpTray();
listenForAdds();
listenForOdds();
subscribe(() => showCollected());
if (window.document$) window.document$.subscribe(onPage);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
else onPage();
