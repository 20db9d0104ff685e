"""WebKit: Debian's WebKitGTK (webkit2gtk-driver's WebKitWebDriver and its MiniBrowser) on an
Xvfb display of its own, driven over WebDriver by Selenium."""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import shutil
import signal
import subprocess
import time

from selenium import webdriver
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    StaleElementReferenceException,
    WebDriverException,
)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.select import Select
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from tests.browser.cross_engine.pages import ELEMENT_JS, DriverPage, EngineError, NotActionableYet, NotInAutomation

DISPLAY_TIMEOUT_S = 30
SCRIPT_TIMEOUT_S = 90
NOT_ACTIONABLE_YET = (ElementNotInteractableException, ElementClickInterceptedException, StaleElementReferenceException)
KEYS = {"Escape": Keys.ESCAPE, "Enter": Keys.ENTER, "Backspace": Keys.BACKSPACE, "Tab": Keys.TAB}
SCROLLED_ELEMENT_JS = f"""const el = ({ELEMENT_JS})(arguments[0]);
if (el) el.scrollIntoView({{block: "center", inline: "center"}});   // clear of any bar pinned to an edge
return el;"""


def end_with_this_process() -> None:
    """In the child, before exec: a SIGTERM when the test process ends, however it ends, so no display
    or driver outlives it (prctl PR_SET_PDEATHSIG)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


class Xvfb:
    """A virtual X display (WebKitGTK draws to X even when nobody looks); Xvfb picks a free number."""

    def __init__(self):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=[write],
            preexec_fn=end_with_this_process,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        number = b""
        deadline = time.monotonic() + DISPLAY_TIMEOUT_S
        while not number.endswith(b"\n") and time.monotonic() < deadline:
            if select.select([read], [], [], max(deadline - time.monotonic(), 0))[0]:
                chunk = os.read(read, 16)
                if not chunk:
                    break
                number += chunk
        os.close(read)
        if not number.strip():
            self.close()
            raise EngineError("Xvfb did not start")
        self.display = f":{number.decode().strip()}"

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@contextlib.contextmanager
def engine_errors():
    """WebDriver's errors as the pages' own: a refusal before acting (the element not interactable,
    covered, or replaced) is NotActionableYet, the rest EngineError."""
    try:
        yield
    except NOT_ACTIONABLE_YET as error:
        raise NotActionableYet(error.msg or str(error)) from None
    except WebDriverException as error:
        raise EngineError(error.msg or str(error)) from None


class WebKit:
    """One MiniBrowser session for the whole run; each page is a window of its own (a WebDriver
    session cannot make a fresh profile per window, so pages share caches and service workers)."""

    name = "webkit"

    def __init__(self, driver_path: str, browser_path: str, *, wasm_baseline_only: bool = False):
        self.xvfb = Xvfb()
        options = Options()
        options.binary_location = browser_path
        options.add_argument("--automation")
        env = {**os.environ, "DISPLAY": self.xvfb.display, "NO_AT_BRIDGE": "1", "GTK_A11Y": "none"}
        if wasm_baseline_only:
            env["JSC_useOMGJIT"] = "0"  # JavaScriptCore reads its options from JSC_ variables
        try:
            with engine_errors():
                service = Service(executable_path=driver_path, env=env, popen_kw={"preexec_fn": end_with_this_process})
                self.driver = webdriver.WebKitGTK(options=options, service=service)
        except EngineError:
            self.xvfb.close()
            raise
        self.driver.set_window_size(1280, 900)
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        self.version = self.driver.capabilities.get("browserVersion", "")
        self.home = self.driver.current_window_handle  # kept open: closing the last window ends the session
        self.current = self.home

    def focus(self, handle: str) -> None:
        if self.current != handle:
            self.driver.switch_to.window(handle)
            self.current = handle

    def new_page(self, returning: bool = True) -> WebKitPage:
        """A new window; every window is a returning reader's (see the class's docstring)."""
        with engine_errors():
            self.driver.switch_to.new_window("window")
            self.current = self.driver.current_window_handle
            self.driver.set_window_size(1280, 900)
        return WebKitPage(self, self.current)

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.close()


class WebKitPage(DriverPage):
    engine = "webkit"

    def __init__(self, browser: WebKit, handle: str):
        self.browser, self.handle = browser, handle
        self.driver = browser.driver

    def _element(self, steps):
        self.browser.focus(self.handle)
        element = self.driver.execute_script(SCROLLED_ELEMENT_JS, steps)
        if element is None:  # replaced or taken away since it settled
            raise NotActionableYet(f"no element for {steps}")
        return element

    def _evaluate(self, expression: str):
        self.browser.focus(self.handle)
        with engine_errors():
            return self.driver.execute_script(f"return ({expression});")

    def goto(self, url: str) -> None:
        self.browser.focus(self.handle)
        with engine_errors():
            self.driver.get(url)

    def reload(self) -> None:
        self.browser.focus(self.handle)
        with engine_errors():
            self.driver.refresh()

    @property
    def url(self) -> str:
        self.browser.focus(self.handle)
        return self.driver.current_url

    def _act(self, steps, action) -> None:
        def act():
            with engine_errors():
                action(self._element(steps))

        self.when_actionable(steps, act)

    def _click(self, steps):
        # WebDriver scrolls a target only until it shows at the screen's bottom edge, where the
        # calculator's answer bar can lie over it (ElementClickIntercepted); a thumb brings it
        # to the middle first (_element does).
        self._act(steps, lambda element: element.click())

    def _fill(self, steps, value):
        def fill(element):
            element.clear()
            if value:
                element.send_keys(value)

        self._act(steps, fill)

    def _select(self, steps, value):
        self._act(steps, lambda element: Select(element).select_by_value(value))

    def _type(self, text):
        self.browser.focus(self.handle)
        with engine_errors():
            ActionChains(self.driver).send_keys(text).perform()

    def _press(self, key):
        self._type(KEYS.get(key, key))

    def problems(self) -> list[str]:
        raise NotInAutomation(
            "WebKitWebDriver reports neither console messages nor network requests "
            "(no log endpoint, no WebDriver BiDi): console errors and requests leaving "
            "127.0.0.1 are checked in Chromium and Firefox"
        )

    def read_clipboard(self) -> str:
        """The X clipboard of the engine's display. A page's own navigator.clipboard.readText() opens
        WebKitGTK's paste pop-up, which waits for a reader that WebDriver cannot stand in for."""
        if not shutil.which("xclip"):
            raise NotInAutomation(
                "WebKit asks the reader before a page reads the clipboard, and xclip (which "
                "reads it from the display instead) is not installed: apt-get install xclip"
            )
        done = subprocess.run(
            ["xclip", "-o", "-selection", "clipboard", "-display", self.browser.xvfb.display],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
        return done.stdout

    def close(self) -> None:
        self.browser.focus(self.handle)
        with engine_errors():
            self.driver.close()
        self.browser.current = None
        self.browser.focus(self.browser.home)
