// The reading setting's logic, without the page: which game a stored or linked value names, and a
// setting over any storage (localStorage on the site, a stand-in in tests) that tells its
// listeners when the game changes. setting.js makes the site's one setting from it.

export const GAMES = Object.freeze(["starter", "standard"]);
// Tournaments and experienced players play the Standard game (0.2.6: "We recommend that
// experienced MELE players use all of the Standard Rules"); a reader who has not chosen sees it.
export const DEFAULT_GAME = "standard";
export const GAME_NAMES = Object.freeze({ starter: "Starter game", standard: "Standard game" });

/** "starter" or "standard" for a value that names one (any case, surrounding spaces), else null. */
export function parseGame(value) {
  const game = typeof value === "string" ? value.trim().toLowerCase() : "";
  return GAMES.includes(game) ? game : null;
}

export function otherGame(game) {
  return game === "starter" ? "standard" : "starter";
}

/** A setting kept under `key` in `storage` (getItem/setItem; either may throw, as a browser's
 *  may in a private window: the setting then lives as long as the page). `events` receives a
 *  "change" event ({detail: {game, previous}}) on every change. */
export function createSetting(storage, key, events = new EventTarget()) {
  let memory = null;

  function stored() {
    if (memory) return memory;
    try {
      const kept = storage.getItem(key);
      const game = parseGame(kept);
      if (kept !== null && !game) storage.removeItem(key); // damaged, or not ours: the default from now on
      return game || DEFAULT_GAME;
    } catch {
      return DEFAULT_GAME;
    }
  }

  function announce(game, previous) {
    events.dispatchEvent(new CustomEvent("change", { detail: { game, previous } }));
  }

  return {
    events,
    current: stored,
    /** Chooses `game`; returns false (and changes nothing) when it is not a game or already chosen. */
    set(game) {
      const chosen = parseGame(game);
      const previous = stored();
      if (!chosen || chosen === previous) return false;
      try {
        storage.setItem(key, chosen);
        memory = null;
      } catch {
        memory = chosen;
      }
      announce(chosen, previous);
      return true;
    },
    /** Another tab changed the stored value: tell the listeners, if the game is not the one they know. */
    storageChanged(known) {
      const game = stored();
      if (game !== known) announce(game, known);
    },
    /** Calls `listener({game, previous})` on each change; returns a function that stops it. */
    subscribe(listener) {
      const handler = (event) => listener(event.detail);
      events.addEventListener("change", handler);
      return () => events.removeEventListener("change", handler);
    },
  };
}
