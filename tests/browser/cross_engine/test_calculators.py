"""The calculators in each engine: every calculator, filled in through its form, shows a live
result equal to CPython's (the agreement scenarios that reach every kind of input it has), and a shared link
brings back its inputs and its answer. The calculators are visited as a reader moves between
them (tests/browser/tour.py): one engine start per engine."""

from __future__ import annotations

import contextlib
import functools
import threading

import pytest

from devtools.serve import QuietServer, QuietSiteHandler
from tests.browser.cross_engine import hooks
from tests.browser.cross_engine.pages import NotInAutomation, problems_since_last_asked
from tests.browser.cross_engine.scenario_steps import check_live_results, live_scenarios
from tests.browser.tour import CalculatorTour
from tests.support.browser import ALL_CALCULATOR_PAGES as PAGES
from tests.support.browser import (
    Guard,
    assert_result_shown,
    defaults,
    expected_params,
    fill_view,
    form_values,
    guarded_page,
    wait_for_engine,
    wait_for_params,
)
from tests.support.page_hooks import hooked
from tests.support.site import BROWSER_SITE


def assert_no_new_problems(page) -> None:
    """No console error and no request off 127.0.0.1 since the last check, where the engine's
    automation reports them (WebKit's does not: test_reading.py says why). The tour's page outlives
    the tests, so each test checks its own share."""
    with contextlib.suppress(NotInAutomation):
        problems = problems_since_last_asked(page)
        assert not problems, f"{page.engine}: {problems[:5]}"


@pytest.fixture(scope="module")
def calculator_tour(engine, engine_browser, origin, request):
    if engine == "chromium":
        context = request.getfixturevalue("returning_contexts")({})
        context.guard = Guard()
        page = guarded_page(context, context.guard, origin, None)
        page.engine = engine
    else:
        page = engine_browser.new_page(True)
    yield CalculatorTour(page, origin)
    page.close()


@pytest.mark.parametrize("page_name", sorted(PAGES))
def test_every_calculator_agrees_with_cpython(calculator_tour, page_name):
    """A returning reader's page. The engine starts once per engine in this file, as a first visit
    does (WebKit's shared profile may have it kept already: the snapshot start); test_offline.py
    starts it from the offline copy's snapshot in every engine."""
    page = calculator_tour.visit(page_name)
    views = page.evaluate(hooks.VIEWS_ON_PAGE_JS)
    assert sorted(views) == sorted(PAGES[page_name])
    check_live_results(page, views)
    assert page.evaluate(hooked("hooks.engineTimings().starts")) == 1, "one engine for the whole tour"
    assert_no_new_problems(page)


def test_a_shared_link_restores_its_inputs_and_answer(calculator_tour, origin):
    """The link made on the tour's page, then opened in it as a reader pastes it into the address
    bar: a page load, one engine start (from the snapshot once the tour's offline copy keeps the
    engine; the link's reading is the same either way) where a second page added one."""
    name, values = live_scenarios("strike")[0]
    page = calculator_tour.visit("strike")
    wait_for_engine(page, "strike")
    fill_view(page, "strike", values)
    wait_for_params(page, "strike", expected_params("strike", values))
    page.click(f"#calc-strike {hooks.SHARE_BUTTON}")
    page.wait_for_function(f"document.querySelector('#calc-strike').getAttribute('{hooks.SHARE_URL_ATTRIBUTE}')")
    link = page.get_attribute("#calc-strike", hooks.SHARE_URL_ATTRIBUTE)
    assert link.startswith(f"{origin}/calculators/strike/?"), link

    calculator_tour.leave()
    page.goto(link)  # the views in the worker read the link
    wait_for_engine(page, "strike")
    assert_result_shown(page, "strike", values, name)
    assert form_values(page, "strike") == values, name
    assert_no_new_problems(page)


# Stands in for a reader who types into the page as built, before its scripts have run: a classic
# script at the end of the body runs as the page is parsed, before any module script.
EARLY_EDIT_JS = """const input = document.getElementById("calc-strike-prowess");
input.focus();
input.value = "8";
input.setSelectionRange(1, 1);
input.dispatchEvent(new Event("input", { bubbles: true }));
document.documentElement.dataset.earlyEdit = document.getElementById("calc-strike").dataset.wired ? "late" : "early";
"""
EARLY_EDIT_PATH = "/early-edit-for-the-test.js"


class EarlyEditHandler(QuietSiteHandler):
    """The site, with the strike page ending in the early edit's script."""

    def do_GET(self):
        path = self.path.partition("?")[0]
        if path == EARLY_EDIT_PATH:
            self.answer("text/javascript", EARLY_EDIT_JS.encode())
        elif path == "/calculators/strike/":
            page = (BROWSER_SITE / "calculators" / "strike" / "index.html").read_text(encoding="utf-8")
            self.answer(
                "text/html; charset=utf-8",
                page.replace("</body>", f'<script src="{EARLY_EDIT_PATH}"></script></body>').encode(),
            )
        else:
            super().do_GET()

    def answer(self, content_type: str, body: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextlib.contextmanager
def early_edit_site():
    server = QuietServer(("127.0.0.1", 0), functools.partial(EarlyEditHandler, directory=str(BROWSER_SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_an_edit_made_before_the_scripts_run_is_what_the_first_live_result_answers(engine_page, origin):
    """A first visit in which the reader changed Prowess before the page script ran: the script
    keeps the value and the focus, and the first live result (and the address) answers it."""
    with early_edit_site() as edited_origin:
        page = engine_page(None)
        page.goto(f"{edited_origin}/calculators/strike/")
        assert page.evaluate("document.documentElement.dataset.earlyEdit") == "early"
        wait_for_engine(page, "strike")
        edited = {**defaults("strike"), "prowess": "8"}
        wait_for_params(page, "strike", expected_params("strike", edited))
        assert form_values(page, "strike") == edited
        assert page.evaluate("document.activeElement.id") == "calc-strike-prowess"
        page.wait_for_function(
            "document.querySelector('#calc-strike .calc-status').textContent.trim()"
            " === 'Live: the result follows your inputs.'"
        )
        page.wait_for_function("new URLSearchParams(location.search).get('strike.prowess') === '8'")
