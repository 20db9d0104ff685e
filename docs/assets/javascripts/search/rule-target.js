// The rule a link points to (…/1-7-combat/#r1-7-25) stays highlighted, as `:target` does on a
// full page load. Material's instant navigation changes the address with history.pushState,
// which `:target` does not follow, so the rule is marked with a class instead: on every page
// Material swaps in, and whenever the address's anchor changes by navigation (not when
// Material's navigation.tracking rewrites it while the reader scrolls).
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

  function markFromAddress() {
    var id = decodeURIComponent(location.hash.slice(1));
    mark(id ? document.getElementById(id) : null);
  }

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight;
  }

  // On a phone Material locks the page's scrolling while its search is open and unlocks it
  // 100 ms after a result is tapped, scrolling back to where the page was. A page that arrives
  // sooner (a fast phone, the offline copy) is scrolled to its anchor while still locked, which
  // does nothing: the reader would land at the top. Once unlocked, the rule is brought into view.
  function showTargetOnceUnlocked() {
    var body = document.body;
    if (!location.hash || !body.hasAttribute("data-md-scrolllock")) return;
    var watch = new MutationObserver(function () {
      if (body.hasAttribute("data-md-scrolllock")) return;
      watch.disconnect();
      var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target && !inView(target)) target.scrollIntoView({ block: "start" });
    });
    watch.observe(body, { attributes: true, attributeFilter: ["data-md-scrolllock"] });
  }

  if (window.document$ && window.target$) {
    window.document$.subscribe(function () {         // a page loaded or swapped in
      markFromAddress();
      showTargetOnceUnlocked();
    });
    window.target$.subscribe(mark);                // an anchor followed on the same page
  } else {
    markFromAddress();                             // without Material's bundle (Zensical)
    addEventListener("hashchange", markFromAddress);
  }
})();
