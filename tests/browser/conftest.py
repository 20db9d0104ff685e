"""Browser tests: the site built with site_url set to a local test server's origin,
served on a free 127.0.0.1 port, driven in the system Chromium (or $CHROMIUM). The fixtures
are here; the constants and helpers the tests share are in tests/support/browser.py."""

from __future__ import annotations

import json

import pytest

from build_scripts.generator import GENERATORS, MKDOCS, ZENSICAL
from tests.support.browser import (
    CHROMIUM_ARGS,
    NO_SERVICE_WORKER_JS,
    OPEN_PAGES,
    Guard,
    assert_guards_clean,
    chromium_path,
    guarded_page,
    what_each_page_was_in,
)
from tests.support.served import Served, served_build


def pytest_runtest_setup(item):
    OPEN_PAGES.clear()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test's report says what each page it opened was in, and the requests each
    still had open, read as it failed (before its fixtures close the pages)."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed and OPEN_PAGES:
        report.sections.append(("the pages when the test failed", what_each_page_was_in()))


def pytest_generate_tests(metafunc):
    """A test marked `both_generators` runs on the MkDocs build and on the Zensical build (the site's
    core, in either generator); `both_generators(zensical_xfail="why")` expects its Zensical run to
    fail, strictly, for that reason."""
    marker = metafunc.definition.get_closest_marker("both_generators")
    if marker is None:
        return
    why = marker.kwargs.get("zensical_xfail")
    params = [
        pytest.param(name, marks=pytest.mark.xfail(reason=why, strict=True) if why and name == ZENSICAL else ())
        for name in GENERATORS
    ]
    metafunc.parametrize("site_generator", params, indirect=True, scope="session")


@pytest.fixture(scope="session")
def site_generator(request) -> str:
    """The generator whose build the test's pages come from: MkDocs's, unless the test runs on both."""
    return getattr(request, "param", MKDOCS)


@pytest.fixture(scope="session")
def served_site(site_generator) -> Served:
    """The run's site by `site_generator`, served (tests/support/served.py). The benchmark's test
    measures this same site (its build time included) rather than building one of its own."""
    return served_build(site_generator)


@pytest.fixture(scope="session")
def origin(served_site) -> str:
    return served_site.origin


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_ARGS}


# A first visit installs the service worker, which saves the whole reference for offline use
# (the pages, search and glossary): CPU spent again by every test that opens a page, for what
# only a few tests look at. So a test's first
# visit runs as in a browser without service workers (offline.js steps aside, as it does there),
# and the tests whose subject is the offline copy, or its notes, ask for it: test_offline.py,
# test_deploy.py, test_install.py, test_agreement.py's snapshot start, the CSP check of the
# worker, the axe sweep (the notes are on screen), offline search and rulings. Returning pages
# (open_returning_page) always have it: the snapshot start is what makes them cheap.
@pytest.fixture
def open_page(browser, origin):
    """open_page(path, service_worker=False, **context_options) -> a page in a fresh guarded
    context: a first visit, as in a browser without service workers unless the test asks for one
    (NO_SERVICE_WORKER_JS says why).

    After the test, no request may have left 127.0.0.1 and no console error may have been logged."""
    contexts, guards = [], []

    def opener(path: str = "", *, service_worker: bool = False, **options):
        context = browser.new_context(**options)
        guard = Guard()
        if service_worker:  # its tests count what reaches the network past the service worker
            context.route("**/*", guard.route)
        else:
            context.add_init_script(NO_SERVICE_WORKER_JS)
            guard.listen(context)
        contexts.append(context)
        guards.append(guard)
        return guarded_page(context, guard, origin, path)

    yield opener
    try:
        assert_guards_clean(guards)
    finally:
        for context in contexts:
            context.close()


@pytest.fixture(scope="module")
def returning_contexts(browser):
    """One browser context per set of context options for a whole test file: a returning reader.
    Once a calculator has started in it, its offline copy keeps the engine (offline.js), so later
    calculator pages start from the snapshot and the offline copy instead of downloading the
    engine and booting Python: for tests that are not about a first visit."""
    contexts: dict[str, object] = {}

    def context_for(options: dict):
        key = json.dumps(options, sort_keys=True)
        if key not in contexts:
            context = contexts[key] = browser.new_context(**options)
            context.on("request", lambda request: context.guard.record(request))
        return contexts[key]

    yield context_for
    for context in contexts.values():
        context.close()


@pytest.fixture
def open_returning_page(returning_contexts, origin):
    """open_returning_page(path, **context_options) -> a new page in the file's shared context for
    those options, guarded like open_page's. Only for tests that keep nothing in the browser's
    storage and do not count the engine's downloads (the offline copy answers them)."""
    pages, guard = [], Guard()

    def opener(path: str = "", **options):
        context = returning_contexts(options)
        context.guard = guard
        pages.append(guarded_page(context, guard, origin, path))
        return pages[-1]

    yield opener
    try:
        assert_guards_clean([guard])
    finally:
        for page in pages:
            page.close()
