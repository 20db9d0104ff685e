// Rule permalinks copy a citation; corrected words show the source's text on tap.
// Material's instant navigation swaps pages without reloading, so everything here is
// attached once to the document (event delegation); the ruling sheet imports copyText and
// announce to copy and speak the same way.
import { show } from "./message-area.js";

// The rule's own address: its page and its anchor, nothing else. The address bar may
// carry a search's highlight (?h=strike) or other state the reader must not receive.
function ruleAddress(link) {
  const url = new URL(link.getAttribute("href"), window.location.href);
  return url.origin + url.pathname + url.hash;
}

// "MELE 1.7.24, reference 0.1.0": the rule and the edition of the site it is cited from.
function citationFor(link) {
  return link.dataset.citation + " — " + ruleAddress(link);
}

export function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    return navigator.clipboard.writeText(text).catch(function () { return copyWithSelection(text); });
  }
  return copyWithSelection(text);
}

function copyWithSelection(text) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok;
  try { ok = document.execCommand("copy"); } catch { ok = false; }
  area.remove();
  return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
}

export function announce(message) {
  show(message, { id: "rule-copied", urgent: true, timeoutMs: 2500 });
}

document.addEventListener("click", function (event) {
  const link = event.target.closest && event.target.closest("a.rule-num");
  if (link) {
    event.preventDefault();
    const citation = citationFor(link);
    history.replaceState(history.state, "", ruleAddress(link));
    copyText(citation).then(
      function () { announce("Copied: " + citation); },
      function () { announce(citation); }
    );
    return;
  }
  const erratum = event.target.closest && event.target.closest("ins.erratum");
  if (erratum) erratum.classList.toggle("erratum--open");
});

document.addEventListener("keydown", function (event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const erratum = event.target.closest && event.target.closest("ins.erratum");
  if (erratum) {
    event.preventDefault();
    erratum.classList.toggle("erratum--open");
  }
});
