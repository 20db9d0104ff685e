// Material's inline palette script (restore the reader's light/dark choice), as a file.
(function () {
  const palette = __md_get("__palette");
  if (!palette) return;
  // A stored palette of another shape (damaged, or an older theme's) is removed, as Material's
  // bundle would fail on it (it picks the toggle by `index`): the default applies.
  const toggles = document.querySelectorAll("[data-md-color-media]");
  const known = Number.isInteger(palette.index) && palette.index >= 0 && palette.index < toggles.length
    && palette.color && typeof palette.color === "object" && typeof palette.color.media === "string"
    && (palette.color.media === "(prefers-color-scheme)"
      || [...toggles].some((toggle) => toggle.getAttribute("data-md-color-media") === palette.color.media));
  if (!known) {
    try { localStorage.removeItem(__md_scope.pathname + ".__palette"); } catch { /* storage blocked */ }
    return;
  }
  if (palette.color.media === "(prefers-color-scheme)") {
    const media = matchMedia("(prefers-color-scheme: light)");
    const input = document.querySelector(media.matches
      ? "[data-md-color-media='(prefers-color-scheme: light)']"
      : "[data-md-color-media='(prefers-color-scheme: dark)']");
    palette.color.media = input.getAttribute("data-md-color-media");
    palette.color.scheme = input.getAttribute("data-md-color-scheme");
    palette.color.primary = input.getAttribute("data-md-color-primary");
    palette.color.accent = input.getAttribute("data-md-color-accent");
  }
  for (const [key, value] of Object.entries(palette.color)) document.body.setAttribute("data-md-color-" + key, value);
})();
