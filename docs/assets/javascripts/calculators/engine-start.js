// Starts the engine as soon as a calculator page's head has been read (overrides/main.html
// loads this file there), before the page's other scripts: its downloads and the worker's
// start overlap the page's own loading. calculator-page.js gets the same engine (worker-client.js keeps one).
import { engine } from "./worker-client.js";

engine();
