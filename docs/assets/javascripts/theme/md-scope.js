// Material for MkDocs' start-up helpers, the same as its inline script, loaded
// from a file so the site works under a Content-Security-Policy without
// 'unsafe-inline'. The page's base URL comes from the script tag's data-scope.
__md_scope = new URL(document.currentScript.dataset.scope, location);
__md_hash = (e) => [...e].reduce((e, _) => (e << 5) - e + _.charCodeAt(0), 0);
// A value that cannot be read (damaged) is removed and reads as nothing stored: Material's bundle,
// which reads its settings through this, would throw on it on every page.
__md_get = (e, _, t = __md_scope) => {
  try {
    _ = _ || localStorage;
    try {
      return JSON.parse(_.getItem(t.pathname + "." + e));
    } catch {
      _.removeItem(t.pathname + "." + e);
      return null;
    }
  } catch {
    return null; /* storage blocked */
  }
};
__md_set = (e, _, t = localStorage, a = __md_scope) => {
  try { t.setItem(a.pathname + "." + e, JSON.stringify(_)); } catch { /* storage full or blocked */ }
};
