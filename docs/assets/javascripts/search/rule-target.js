// The rule a link points to (…/1-7-combat/#r1-7-25) stays highlighted, as `:target` does on a
// full page load. Material's instant navigation changes the address with history.pushState,
// which `:target` does not follow, so the rule is marked with a class instead: on every page
// Material swaps in, and whenever the address's anchor changes by navigation (not when
// Material's navigation.tracking rewrites it while the reader scrolls).
//
// A link followed to another page's anchor also lands on that anchor, as a full page load
// does. Material scrolls to the anchor only when nothing touched the new history entry before
// the page arrived; but the old page's anchor tracking (and the search, as it closes) rewrite
// it whenever the reader scrolled or tapped just before, which is how a thumb moves: the
// reader then landed at the top of the page, and the address lost its anchor.
(function () {
  if (window.__ruleTarget) return;
  window.__ruleTarget = true;
  var CLASS = "rule--target";
  document.documentElement.classList.add("rule-targets");   // search.css: the class, not :target, shows the rule

  function mark(element) {
    var old = document.querySelectorAll("." + CLASS);
    for (var i = 0; i < old.length; i++) if (old[i] !== element) old[i].classList.remove(CLASS);
    if (element && element.classList.contains("rule")) element.classList.add(CLASS);
  }

  // The element an address's anchor names, or null (none, or a malformed %-escape typed by hand).
  function elementOf(hash) {
    try {
      var id = decodeURIComponent(hash.slice(1));
      return id ? document.getElementById(id) : null;
    } catch (error) {
      return null;
    }
  }

  function markFromAddress() {
    mark(elementOf(location.hash));
  }

  // The link to another page's anchor that the reader followed last, until that page is in.
  var followed = null;
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    var url = new URL(link.href, location.href);
    var elsewhere = url.origin === location.origin && url.pathname !== location.pathname;
    followed = elsewhere && url.hash ? url : null;
  }, true);
  // Back and forward restore the reader's place. (Material itself follows the anchor by setting
  // location.hash, which also fires popstate, for the very address the link named.)
  addEventListener("popstate", function () {
    if (followed && followed.href !== location.href) followed = null;
  });

  // On a phone Material's search locks the page's scrolling while it is open, and as it closes
  // its overlay shrinks back from a circle wider than the screen. Until both are over, a scroll
  // does nothing (locked) or pans the screen over a page that is briefly wider than it, which
  // snaps back when the overlay is gone: the reader would land at the top, or half-way. So the
  // anchor is brought into view once the page is unlocked and as wide as the screen again.
  var SETTLE_MS = 1500;
  function whenSettled(then) {
    var deadline = performance.now() + SETTLE_MS;
    (function check() {
      var root = document.documentElement;
      var settled = !document.body.hasAttribute("data-md-scrolllock") && root.scrollWidth <= root.clientWidth;
      if (settled || performance.now() > deadline) then();
      else requestAnimationFrame(check);
    })();
  }

  function landOnFollowedAnchor() {
    var link = followed;
    followed = null;
    if (!link || link.pathname !== location.pathname) return;
    var target = elementOf(link.hash);
    if (!target) return;
    if (location.hash !== link.hash) history.replaceState(history.state, "", link.href);
    mark(target);
    whenSettled(function () {
      target.scrollIntoView({ block: "start" });
      // Tell Material the reader arrived at an anchor, as a fragment navigation does: its anchor
      // tracking then leaves the address alone until the reader scrolls, instead of renaming it
      // after the section heading above the rule a quarter of a second later.
      dispatchEvent(new HashChangeEvent("hashchange", { oldURL: link.href, newURL: link.href }));
    });
  }

  if (window.document$ && window.target$) {
    window.document$.subscribe(function () {         // a page loaded or swapped in
      markFromAddress();
      landOnFollowedAnchor();
    });
    window.target$.subscribe(mark);                // an anchor followed on the same page
  } else {
    markFromAddress();                             // without Material's bundle (Zensical)
    addEventListener("hashchange", markFromAddress);
  }
})();
