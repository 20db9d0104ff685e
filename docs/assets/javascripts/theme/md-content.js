// Material's inline content script (open the tab named in the URL hash), as a file.
(function () {
  const target = document.getElementById(location.hash.slice(1));
  if (target && target.name) target.checked = target.name.startsWith("__tabbed_");
})();
