// The site-wide reading setting, "Reading as: Starter game / Standard game", remembered on the
// device (localStorage) and shown as <html data-game="..."> so that the pages' styles follow it
// (game.css). This module is the API the rest of the site uses:
//
//   import { currentGame, setGame, onGameChange, GAME_NAMES } from ".../game/setting.js";
//   currentGame()            "starter" or "standard"
//   setGame("starter")       chooses a game (true when it changed)
//   onGameChange(listener)   listener({game, previous}) on each change, from this page or
//                            another tab; returns a function that stops listening
//
// The same events are dispatched on `gameEvents` ("change"), for code that prefers an EventTarget.
import { createSetting, GAME_NAMES, GAMES, DEFAULT_GAME, otherGame, parseGame } from "./game-choice.js";

export { GAME_NAMES, GAMES, DEFAULT_GAME, otherGame, parseGame };

const KEY = "mele-rules.game";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => { throw new Error("no storage"); } };
  }
}

const setting = createSetting(storage(), KEY);
export const gameEvents = setting.events;

function show(game) {
  document.documentElement.dataset.game = game;
}

export function currentGame() {
  return setting.current();
}

export function setGame(game) {
  return setting.set(game);
}

export function onGameChange(listener) {
  return setting.subscribe(listener);
}

show(currentGame());
setting.subscribe(({ game }) => show(game));
addEventListener("storage", (event) => {
  if (event.key === KEY || event.key === null) setting.storageChanged(document.documentElement.dataset.game);
});
