// The ruling sheet: collect rules from any page, attach a calculator's odds,
// and state a ruling on /ruling/ that one link reproduces. See ruling/*.js; this file
// only wires them to each page, including pages that Material's instant navigation
// swaps in without a reload. Every page loads only the "Add to ruling" buttons and the
// tray's count; the rest loads where it is needed (bytes are a phone's cost).
import { onEveryPage } from "./material-events.js";
import { listenForAdds, showCollected } from "./ruling/collect.js";
import { say } from "./ruling/notify.js";
import { subscribe, takeRepairNote } from "./ruling/store.js";
import { setUpTray, trayOnPage } from "./ruling/tray.js";

const later = {};   // module path -> its import, once needed

function whenNeeded(path, needed, use) {
  if (!later[path] && !needed) return;
  later[path] ||= import(path);
  later[path].then(use);
}

function onPage() {
  const repaired = takeRepairNote();
  if (repaired) say(repaired);
  showCollected();
  trayOnPage();
  whenNeeded("./ruling/odds.js", document.querySelector(".calculator[data-config]"), (odds) => odds.addOddsButtons());
  whenNeeded("./ruling/ruling-page.js", document.getElementById("ruling"), (page) => page.rulingPageOnPage());
}

setUpTray();
listenForAdds();
subscribe(() => showCollected());
onEveryPage(onPage);
