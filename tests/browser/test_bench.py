"""`make bench` produces every figure: the benchmark, run once (runs=1), measures the site the
browser tests built and serve (its build figure is that build's time, made by the benchmark's
own timed build, benchmarks/site_build.py), rather than building a copy of its own. Timings are
not judged here (the machines are shared); what a first view downloads is.

Some figures are measured on less than `make bench` gives them, by the same code: the Slow 4G
first visit is given the Fast 4G visit's own sample (the throttle only changes how long the same
bytes take, and a second visit costs the run as much CPU again); the search box is asked the first
question of each of the question set's sets, tuning, earlier held-out and held-out (the whole set,
at the phone's CPU slowdown, is `make bench`'s longest part); each calculator is called a few times
in CPython rather than a thousand; Firefox and WebKit each make one input change rather than a run
of them, and WebKit runs WebAssembly on its baseline compiler alone, as the cross-engine tests run
it (as Chromium here runs with the tests' flags). The hit-rate targets over the whole set are checked by tests/build_scripts/search/test_hit_rates.py,
with the site's own ranking (search/rank.js) on the built index."""

from __future__ import annotations

import ast
import functools
import math

import pytest

from benchmarks import browser_bench, engines_bench, measure_all, network, search_bench
from tests.browser.cross_engine import engines

QUESTIONS_ASKED = 1  # of the tuning questions, as many earlier held-out ones and as many held-out ones
ENGINE_CALLS = 10  # of each calculator in CPython, for its row
UPDATE_VALUES = range(3, 4)  # one input change in Firefox and in WebKit, for their rows
ALL_QUESTIONS = search_bench.load_questions


def a_few_questions() -> list[dict]:
    questions = ALL_QUESTIONS()
    sets = (
        lambda q: not q.get("held_out") and not q.get("was_held_out"),
        lambda q: q.get("was_held_out"),
        lambda q: q.get("held_out"),
    )
    return [q for member in sets for q in [q for q in questions if member(q)][:QUESTIONS_ASKED]]


def fast_4g_for_both(measure):
    """network.first_live_result, measured once on Fast 4G for each host (gzip, Brotli) and given
    again for Slow 4G."""
    samples = {}

    def first_live_result(browser, origin: str, profile: str) -> dict:
        assert profile in network.PROFILES, profile
        if origin not in samples:
            samples[origin] = measure(browser, origin, "Fast 4G")
        return samples[origin]

    return first_live_result


def test_the_benchmark_prints_every_figure(browser, served_site, monkeypatch):
    monkeypatch.setattr(network, "first_live_result", fast_4g_for_both(network.first_live_result))
    monkeypatch.setattr(search_bench, "load_questions", a_few_questions)
    monkeypatch.setattr(
        measure_all, "engine_figures", functools.partial(measure_all.engine_figures, repeat=ENGINE_CALLS)
    )
    monkeypatch.setattr(engines_bench, "UPDATE_VALUES", UPDATE_VALUES)
    monkeypatch.setattr(engines, "launch", functools.partial(engines.launch, wasm_baseline_only=True))
    served = measure_all.Build(
        served_site.site, served_site.origin, [served_site.build_seconds]
    )  # served by the tests: close() leaves it
    rows = measure_all.figures(runs=1, browser=browser, served=served)
    names = [row["figure"] for row in rows]
    expected = [
        "build (parse + render + mkdocs build + postbuild)",
        "total site size",
        "offline copy saved on a first visit",
    ] + [figure for _, figure, *_ in browser_bench.ROWS]
    expected += [figure for _, figure, *_ in search_bench.ROWS]
    for figure in expected:
        assert figure in names, f"make bench lacks: {figure}"
    assert any(name.startswith("engine call: strike") for name in names)
    for engine in engines_bench.ENGINES:  # engine start and input to result in Firefox and WebKit
        if not engines.missing(engine):
            for _, figure, *_ in engines_bench.ROWS:
                assert f"{engine}: {figure}" in names, f"make bench lacks: {engine}: {figure}"
    for row in rows:
        assert math.isfinite(row["median"]), row  # a figure with no sample has no median
        assert row["runs"] >= 1, row

    by_name = {row["figure"]: row["median"] for row in rows}
    assert by_name["first view: home page (gzip)"] < 400
    assert by_name["first view: rule page 1.7 (gzip)"] < 400
    assert by_name["first view: engine files loaded, home + rule page"] == 0
    assert by_name["engine start, warm: from the snapshot (1 = yes)"] == 1
    assert by_name["first visit, home + rule page: engine files, 30 s"] == 0
    assert by_name["first visit, home page: transferred in 30 s"] < 2
    assert by_name["first visit, rule page 1.7: transferred in 30 s"] < 2
    assert by_name["first visit, Fast 4G: transferred before it"] < 5
    for host in ("", ", Brotli"):
        split = (
            by_name[f"first visit, Fast 4G{host}: the wasm's last byte"]
            + by_name[f"first visit, Fast 4G{host}: from it to the result"]
        )
        assert math.isclose(split, by_name[f"first visit, Fast 4G{host}: first live result"], abs_tol=1e-6), host
    # The host that sends Brotli sends less of the engine (its copies are about 20 % smaller).
    assert (
        by_name["first visit, Fast 4G, Brotli: transferred before it"]
        < 0.9 * by_name["first visit, Fast 4G: transferred before it"]
    )
    assert by_name["search: rule hit rate, top-3 (question set)"] > 0, "the search box answered"
    assert by_name["search: index, gzip"] < 300

    lines = measure_all.table(rows).splitlines()
    assert lines[0] == measure_all.HEADER and len(lines) == len(rows) + 1


def test_the_benchmarks_chromium_runs_no_page_of_its_own_beside_the_measured_one(playwright):
    """The browser `make bench` measures in (browser_bench.ARGS): a new tab has no page of Chromium's
    own window beside it (its address bar's pop-up was two), and Playwright's own disabled features
    stay disabled (Chromium reads only the last --disable-features; --enable-automation lets the
    protocol say the command line)."""
    browser = playwright.chromium.launch(
        executable_path=browser_bench.chromium_path(), args=[*browser_bench.ARGS, "--enable-automation"]
    )
    try:
        browser.new_context().new_page().goto("about:blank")
        session = browser.new_browser_cdp_session()
        targets = session.send("Target.getTargets")["targetInfos"]
        assert [target["type"] for target in targets] == ["page"], targets
        switches = session.send("Browser.getBrowserCommandLine")["arguments"]
        disabled = [
            switch.partition("=")[2].split(",") for switch in switches if switch.startswith("--disable-features=")
        ]
        assert set(disabled[0]) <= set(disabled[-1]), set(disabled[0]) - set(disabled[-1])
    finally:
        browser.close()


def test_a_first_visit_that_does_not_answer_says_which_requests_are_still_open(browser, served_site, monkeypatch):
    """A first visit that ends without its page wired names the requests it was still waiting on, not
    only the selector: here over a network of 1 KB/s, on which the page's scripts take minutes."""
    monkeypatch.setitem(network.PROFILES, "Crawl", (1e3, 1e3, 100))
    monkeypatch.setattr(network, "FIRST_RESULT_TIMEOUT_S", 0.5)
    with pytest.raises(TimeoutError) as ended:
        network.first_live_result(browser, served_site.origin, "Crawl")
    said, _, still_open = str(ended.value).partition("; requests open: ")
    assert said == "Crawl: the calculator's form was not wired after 0.5 s", str(ended.value)
    paths = ast.literal_eval(still_open)
    assert paths and all(path.startswith("/") for path in paths), still_open
