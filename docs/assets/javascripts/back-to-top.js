// "Back to top" (Material's navigation.top), which shows while the reader scrolls up, takes the
// place of the header's title and of no control: offline.css centres it on the title's box, whose
// width changes with what stands beside it (the reading setting, the gavel, the search).
import { onEveryPage } from "./material-events.js";

let observed = null;
const observer = new ResizeObserver(fit);

function fit() {
  const title = document.querySelector(".md-header__title");
  if (!title) return;
  const box = title.getBoundingClientRect();
  document.documentElement.style.setProperty("--site-title-left", `${box.left}px`);
  document.documentElement.style.setProperty("--site-title-width", `${box.width}px`);
}

onEveryPage(() => {
  const title = document.querySelector(".md-header__title");
  if (title && title !== observed) {
    observer.disconnect();
    observer.observe(title);
    observed = title;
  }
  fit();
});
addEventListener("resize", fit, { passive: true });
