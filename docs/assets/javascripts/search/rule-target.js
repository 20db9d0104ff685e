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

  if (window.document$ && window.target$) {
    window.document$.subscribe(markFromAddress);   // a page loaded or swapped in
    window.target$.subscribe(mark);                // an anchor followed on the same page
  } else {
    markFromAddress();                             // without Material's bundle (Zensical)
    addEventListener("hashchange", markFromAddress);
  }
})();
