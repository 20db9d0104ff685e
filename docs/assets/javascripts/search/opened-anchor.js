// A page opened at an anchor (a citation's link, a result opened in a new tab) lands on it, as
// the browser does, and stays there until the reader moves. Zensical's instant navigation (0.0.73)
// puts a page back where its history entry says once the anchor is laid out, and for a page just
// opened that entry says the top, which its own scroll tracking wrote a moment before: the page is
// then landed on its anchor once more. A reload or Back keeps the place the browser restores.
import { anchorId } from "./anchor.js";

const READER_MOVES = ["pointerdown", "touchstart", "wheel", "keydown"];

// Whether to land on the anchor again: the page was opened by a link or the address bar, the
// reader has not moved, the address is still the one it opened at, and the anchor is off the screen.
export function landAgain({ navigation, readerMoved, openedAt, address, anchorOnScreen }) {
  return navigation === "navigate" && !readerMoved && address === openedAt && !anchorOnScreen;
}

function onScreen(element) {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < innerHeight;
}

export function keepTheOpenedAnchor() {
  const id = anchorId(location.hash);
  const navigation = performance.getEntriesByType("navigation")[0]?.type;
  if (!id || navigation !== "navigate") return;
  const openedAt = location.href;
  let readerMoved = false;
  const stop = () => {
    readerMoved = true;
    removeEventListener("scroll", watch);
    for (const type of READER_MOVES) removeEventListener(type, stop, true);
  };
  const watch = () => {
    const element = document.getElementById(id);
    if (!element) return;
    const state = { navigation, readerMoved, openedAt, address: location.href, anchorOnScreen: onScreen(element) };
    if (location.href !== openedAt) stop();
    else if (landAgain(state)) {
      stop();
      element.scrollIntoView({ block: "start" });
    }
  };
  for (const type of READER_MOVES) addEventListener(type, stop, { capture: true, passive: true });
  addEventListener("scroll", watch, { passive: true });
}
