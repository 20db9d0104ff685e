"""Firefox: Debian's firefox-esr over WebDriver BiDi, through puppeteer-core in Node
(firefox_bridge.mjs: one JSON request per line, one JSON answer per line)."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections import deque
from pathlib import Path
from urllib.parse import urlparse

from tests.browser.cross_engine.pages import DriverPage, EngineError, NotActionableYet

BRIDGE = Path(__file__).with_name("firefox_bridge.mjs")
LAUNCH_TIMEOUT_S = 120  # a first start makes a profile; on a loaded 2-core machine that is slow
CALL_TIMEOUT_S = 90
# Firefox's own code for a load cancelled because its page navigated or closed: the search
# worker's importScripts, cut off when a test leaves the rule page at once, surfaces as an
# uncaught page error (seen in CI and in a fresh clone; Chromium reports nothing for the same
# cancelled load). A reader never sees it and nothing of the site's failed: it is not a problem.
ABORTED_LOAD = "uncaught: NS_BINDING_ABORTED"


class Firefox:
    """One Firefox for the whole run; each page opens in a browsing context of its own."""

    name = "firefox"

    def __init__(self, executable: str):
        self.process = subprocess.Popen(
            ["node", str(BRIDGE), executable],
            cwd=BRIDGE.parent,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.stderr: deque[str] = deque(maxlen=40)
        self.answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._drain_stderr, daemon=True).start()
        threading.Thread(target=self._read_answers, daemon=True).start()
        self.calls = 0
        self.version = self._answer(0, LAUNCH_TIMEOUT_S)

    def _drain_stderr(self) -> None:
        for line in self.process.stderr:
            self.stderr.append(line.rstrip())

    def _read_answers(self) -> None:
        for line in self.process.stdout:
            self.answers.put(line)
        self.answers.put("")  # the bridge has exited

    def _answer(self, call_id: int, timeout_s: float):
        try:
            line = self.answers.get(timeout=timeout_s)
        except queue.Empty:
            line = ""
        if not line:
            self.close()
            raise EngineError(
                f"Firefox bridge stopped, or gave no answer in {timeout_s:.0f} s: " + "\n".join(self.stderr)
            )
        message = json.loads(line)
        if message["id"] != call_id:
            raise EngineError(f"Firefox bridge answered call {message['id']}, expected {call_id}")
        if "error" in message:
            raise (NotActionableYet if message.get("notYet") else EngineError)(message["error"])
        return message["value"]

    def call(self, op: str, **arguments):
        self.calls += 1
        self.process.stdin.write(json.dumps({"id": self.calls, "op": op, **arguments}) + "\n")
        return self._answer(self.calls, CALL_TIMEOUT_S)

    def new_page(self, returning: bool = False) -> FirefoxPage:
        """A first visit in a fresh context, or (`returning`) a page in the run's one shared context."""
        return FirefoxPage(self, self.call("open", returning=returning))

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()  # the bridge closes Firefox and exits
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class FirefoxPage(DriverPage):
    engine = "firefox"

    def __init__(self, browser: Firefox, page_id: int):
        self.browser, self.page_id = browser, page_id

    def _call(self, op: str, **arguments):
        return self.browser.call(op, page=self.page_id, **arguments)

    def _evaluate(self, expression: str):
        return self._call("evaluate", expression=expression)

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    @property
    def url(self) -> str:
        return self._call("url")

    def _click(self, steps):
        self.when_actionable(steps, lambda: self._call("click", steps=steps))

    def _fill(self, steps, value):
        self.when_actionable(steps, lambda: self._call("fill", steps=steps, value=value))

    def _select(self, steps, value):
        self.when_actionable(steps, lambda: self._call("select", steps=steps, value=value))

    def _type(self, text):
        self._call("type", text=text)

    def _press(self, key):
        self._call("press", key=key)

    def heard(self, text: str, timeout_ms: float) -> None:
        """Until the bridge has heard of a problem containing `text`."""
        self._call("heard", text=text, timeout=timeout_ms)

    def problems(self) -> list[str]:
        events = self._call("events")
        outside = [
            url
            for url in events["requests"]
            if urlparse(url).hostname != "127.0.0.1" and not url.startswith(("data:", "blob:"))
        ]
        errors = [error for error in events["consoleErrors"] if not error.startswith(ABORTED_LOAD)]
        return errors + [f"request left 127.0.0.1: {url}" for url in outside]

    def close(self) -> None:
        self._call("close")
