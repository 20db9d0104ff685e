// The rule a link points to (…/1-7-combat/#r1-7-25) stays highlighted, as `:target` does on a
// full page load. Material's instant navigation changes the address with history.pushState,
// which `:target` does not follow, so the rule is marked with a class instead: on every page
// Material swaps in, and whenever the address's anchor changes by navigation. The address
// keeps naming the rule a reader landed on: the site leaves Material's navigation.tracking
// off, which renamed it after the section heading above as soon as the page scrolled.
//
// A link followed to another page's anchor also lands on that anchor, as a full page load
// does. Material scrolls to the anchor only when nothing touched the new history entry before
// the page arrived; but a scroll or a tap just before, which is how a thumb moves, could
// rewrite it: the reader then landed at the top of the page.
//
// A rule that opens a sub-heading lands with the heading in view below the sticky header, so
// that the reader sees what the rule is under: its scroll margin makes room for the heading.
import { onAnchorFollowed, onEveryPage } from "../material-events.js";
import { anchorElsewhere, anchorId } from "./anchor.js";
import { keepTheOpenedAnchor } from "./opened-anchor.js";

const CLASS = "rule--target";
document.documentElement.classList.add("rule-targets");   // search.css: the class, not :target, shows the rule
keepTheOpenedAnchor();

function mark(element) {
  for (const old of document.querySelectorAll("." + CLASS)) if (old !== element) old.classList.remove(CLASS);
  if (element && element.classList.contains("rule")) element.classList.add(CLASS);
}

function elementOf(hash) {
  const id = anchorId(hash);
  return id ? document.getElementById(id) : null;
}

function markFromAddress() {
  mark(elementOf(location.hash));
}

// The link to another page's anchor that the reader followed last, until that page is in.
let followed = null;
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[href]");
  if (!link || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
  followed = anchorElsewhere(link.href, location.href);
}, true);
// Back and forward restore the reader's place. (Material itself follows the anchor by setting
// location.hash, which also fires popstate, for the very address the link named.)
addEventListener("popstate", () => {
  if (followed && followed.href !== location.href) followed = null;
});

// Each rule right under a heading scrolls to where its heading would: the heading's own scroll
// margin (below the sticky header) plus the heading's height and the space under it.
function makeRoomForHeadings() {
  for (const heading of document.querySelectorAll(".md-typeset :is(h2, h3, h4, h5, h6)")) {
    const rule = ruleUnder(heading);
    if (!rule) continue;
    const room = rule.getBoundingClientRect().top - heading.getBoundingClientRect().top;
    if (room > 0 && room < innerHeight / 3) {
      rule.style.scrollMarginTop = `${parseFloat(getComputedStyle(heading).scrollMarginTop) + room}px`;
    }
  }
}

// The rule a heading opens: the first rule after it, if no other heading comes first.
function ruleUnder(heading) {
  for (let next = heading.nextElementSibling; next; next = next.nextElementSibling) {
    if (/^H[1-6]$/.test(next.tagName)) return null;
    if (next.classList.contains("rule") && next.id) return next;
  }
  return null;
}

let roomPending = false;
addEventListener("resize", () => {
  if (roomPending) return;
  roomPending = true;
  requestAnimationFrame(() => {
    roomPending = false;
    makeRoomForHeadings();
  });
});

function landOnFollowedAnchor() {
  const link = followed;
  followed = null;
  if (!link || link.pathname !== location.pathname) return;
  const target = elementOf(link.hash);
  if (!target) return;
  if (location.hash !== link.hash) history.replaceState(history.state, "", link.href);
  mark(target);
  target.scrollIntoView({ block: "start" });
}

onEveryPage(() => {         // a page loaded or swapped in
  makeRoomForHeadings();
  markFromAddress();
  landOnFollowedAnchor();
});
onAnchorFollowed(mark);     // an anchor followed on the same page
