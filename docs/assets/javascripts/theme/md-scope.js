// Material for MkDocs' start-up helpers, the same as its inline script, loaded
// from a file so the site works under a Content-Security-Policy without
// 'unsafe-inline'. The page's base URL comes from the script tag's data-scope.
__md_scope = new URL(document.currentScript.dataset.scope, location);
__md_hash = (e) => [...e].reduce((e, _) => (e << 5) - e + _.charCodeAt(0), 0);
__md_get = (e, _ = localStorage, t = __md_scope) => JSON.parse(_.getItem(t.pathname + "." + e));
__md_set = (e, _, t = localStorage, a = __md_scope) => {
  try { t.setItem(a.pathname + "." + e, JSON.stringify(_)); } catch { /* storage full or blocked */ }
};
