// Material's inline palette script (restore the reader's light/dark choice), as a file.
(function () {
  const palette = __md_get("__palette");
  if (!palette || !palette.color) return;
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
