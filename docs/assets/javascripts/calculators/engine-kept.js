// Whether this device has kept the calculators' engine for offline use: every file a start
// downloads is in the engine's offline copy (its Cache Storage cache, named in engine.json).
// Asked only offline, to say at once that live answers need the engine rather than show a
// download that cannot happen.
const MANIFEST = new URL("../../engine/engine.json", import.meta.url); // this file is assets/javascripts/calculators/
const SITE = new URL("../../../", import.meta.url);

export async function engineKeptOffline() {
  if (!self.caches) return false;
  try {
    const manifest = await (await fetch(MANIFEST)).json();
    if (!manifest.offlineCache) return false;
    const cache = await caches.open(manifest.offlineCache);
    const kept = await Promise.all(manifest.boot.map((file) => cache.match(new URL(file.url, SITE).href)));
    return kept.every(Boolean);
  } catch {
    return false; // the manifest is not stored either, or storage is refused: nothing is kept
  }
}
