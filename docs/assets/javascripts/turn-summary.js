// The Full Player Turn Summary: a phase opened with a tap is scrolled to the top of the
// screen, so its steps start in view rather than below the fold. Wired on
// every page Material's instant navigation shows; a phase is wired once.
import { onEveryPage } from "./material-events.js";

function setup() {
  for (const phase of document.querySelectorAll("details.phase:not([data-wired])")) {
    phase.dataset.wired = "true";
    phase.querySelector("summary").addEventListener("click", function (event) {
      const opened = event.currentTarget.parentElement;
      // The click opens the phase after this handler: look once it has.
      requestAnimationFrame(function () {
        if (opened.open) opened.scrollIntoView({ block: "start" });
      });
    });
  }
}

onEveryPage(setup);
