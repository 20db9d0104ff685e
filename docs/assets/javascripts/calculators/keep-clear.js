// The answer bar is pinned to the screen's bottom while the reader edits the form: the field
// being edited, and the next one, are scrolled clear of it (and of the header above).
const GAP_PX = 8;

function fieldOf(element) {
  return element.closest("[data-field]") || element;
}

// The next field in the form after `wrap`, if it is shown (not inside a folded disclosure).
function nextField(wrap) {
  const form = wrap.closest("form");
  if (!form) return null;
  const fields = [...form.querySelectorAll("[data-field]")].filter((field) => field.getClientRects().length);
  return fields[fields.indexOf(wrap) + 1] || null;
}

export function keepClear(element, bar) {
  const wrap = fieldOf(element);
  const barBox = bar.getBoundingClientRect();
  if (!barBox.height || barBox.top >= innerHeight) return; // the bar is not on the screen
  const header = document.querySelector(".md-header");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  const own = wrap.getBoundingClientRect();
  const next = nextField(wrap);
  const bottom = Math.max(own.bottom, next ? next.getBoundingClientRect().bottom : own.bottom);
  // The bar rests at the screen's bottom; the room above it, below the header.
  let by = bottom + GAP_PX - barBox.top;
  if (by > 0) by = Math.min(by, own.top - top - GAP_PX); // never push the edited field under the header
  else if (own.top < top + GAP_PX) by = own.top - top - GAP_PX;
  else return;
  if (by) window.scrollBy(0, by);
}
