// Whether a page a new deploy took over may reload itself now: not twice within `againAfterMs`
// (a deploy that keeps taking over would reload it without end). The time of the last reload is
// kept in the storage `storageOf()` gives (the tab's sessionStorage, whose very access throws
// where it is refused); a storage that cannot be read or written answers no, since a page that
// cannot remember its reload could reload without end.
export const RELOAD_GUARD = "offline-reloaded-at";

export function mayReloadNow(storageOf, now, againAfterMs) {
  try {
    const storage = storageOf();
    const kept = Number(storage.getItem(RELOAD_GUARD) || 0);
    const lastReload = Number.isFinite(kept) ? kept : 0; // a damaged value is replaced below
    if (!(now - lastReload > againAfterMs)) return false;
    storage.setItem(RELOAD_GUARD, String(now));
    return true;
  } catch {
    return false;
  }
}
