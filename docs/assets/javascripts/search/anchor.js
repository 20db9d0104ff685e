// Reading the anchor an address or a link names, for rule-target.js.

// The element id an address's anchor names ("#r1-7-25" -> "r1-7-25"), or null: no anchor, or a
// malformed %-escape typed by hand.
export function anchorId(hash) {
  try {
    return decodeURIComponent(hash.slice(1)) || null;
  } catch {
    return null;
  }
}

// The address a followed link leads to when it names an anchor on another page of this site,
// else null (an anchor on this page, another site, or no anchor).
export function anchorElsewhere(href, pageHref) {
  const url = new URL(href, pageHref);
  const page = new URL(pageHref);
  return url.origin === page.origin && url.pathname !== page.pathname && url.hash ? url : null;
}
