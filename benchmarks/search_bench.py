"""The question set (tests/build_scripts/search/questions.yaml) asked in the site's own search box, in
Chromium on a phone profile: a 390 x 844 touch screen with the CPU slowed 4 times
(CDP Emulation.setCPUThrottlingRate 4), the site served on 127.0.0.1 with its headers.

For each question the box gets every character but the last, then the last key is
pressed and held for 80 ms, as a typist holds a key; the figure is the time from that
key's keydown (its character appears) to the results being in the list. The site's box
(search/box.js) ranks the text as it changes. A result is a link in the list, in the order
shown; a hit is a link to one of the rule ids that answer the question: top-1 is the first
link, top-3 any of the first three. A build from before the site had a search box of its
own is asked in Material's (BOXES), so `make bench BASELINE=<ref>` compares the two.

    python -m benchmarks.search_bench [--site DIR] [--runs N] [--json]   (make bench runs it too)
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from pathlib import Path
from urllib.parse import urlparse

import yaml

from benchmarks.site_build import ROOT

QUESTIONS = ROOT / "tests" / "build_scripts" / "search" / "questions.yaml"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
CPU_SLOWDOWN = 4
KEY_HELD_MS = 80
# The search box of a build and its parts: the site's own, or Material's in builds before it.
BOXES = {
    "site": {
        "root": "[data-rule-search]",
        "input": ".rule-search__input",
        "open": "[data-rule-search-open]",
        "results": ".rule-search__output",
        "meta": ".rule-search__meta",
        "list": ".rule-search__list",
        "links": ".rule-search__list a.rule-search__link",
    },
    "material": {
        "root": "[data-md-component=search]",
        "input": ".md-search__input",
        "open": "label.md-header__button[for='__search']",
        "results": ".md-search-result",
        "meta": ".md-search-result__meta",
        "list": ".md-search-result__list",
        "links": ".md-search-result__list a.md-search-result__link",
    },
}
SITE_BOX = BOXES["site"]
SEARCH_INPUT, OPEN_SEARCH, RESULT_LINKS = SITE_BOX["input"], SITE_BOX["open"], SITE_BOX["links"]
# Resolves with the milliseconds from the next keydown to the next change of the result list
# that leaves results (or "No matching documents") in it.
PROBE_JS = """([box, timeoutMs]) => {
  const root = document.querySelector(box.results);
  const meta = document.querySelector(box.meta);
  const list = document.querySelector(box.list);
  window.__searchProbe = new Promise((resolve, reject) => {
    let pressed = null;
    document.addEventListener("keydown", (event) => { pressed = event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (pressed === null) return;
      if (list.children.length > 0 || /^No /.test(meta.textContent.trim())) {
        observer.disconnect();
        resolve(performance.now() - pressed);
      }
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    setTimeout(() => {
      observer.disconnect();
      reject(new Error("no results in time: " + meta.textContent));
    }, timeoutMs);
  });
}"""
# Resolves once the result list has not changed for `quietMs` (the answer to the text typed so
# far is in), or after `timeoutMs` at most: Material's box answers from a worker, so an answer
# to the text before the last key may otherwise arrive after that key and be taken for its answer.
SETTLED_JS = """([box, quietMs, timeoutMs]) => new Promise((resolve) => {
  const root = document.querySelector(box.results);
  let quiet = setTimeout(done, quietMs);
  const observer = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(done, quietMs); });
  const limit = setTimeout(done, timeoutMs);
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  function done() { observer.disconnect(); clearTimeout(quiet); clearTimeout(limit); resolve(); }
})"""
QUIET_MS = 250
# The box has its index and ranking: "Initializing search" has gone (the theme's words, in both boxes).
READY_JS = "meta => !/Initializing/.test(document.querySelector(meta).textContent)"
SEARCH_READY = f"({READY_JS})({SITE_BOX['meta']!r})"


def box_of(page) -> dict[str, str]:
    """The search box the page has: the site's own, or Material's (a build from before it)."""
    return SITE_BOX if page.locator(SITE_BOX["root"]).count() else BOXES["material"]


def load_questions(path: Path = QUESTIONS) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]


def rule_ids_by_address(site: Path) -> dict[str, str]:
    """'rules/1-7-combat/#r1-7-25' -> '1.7.25', from the site's rules.json."""
    return {rule["url"]: rule["id"] for rule in json.loads((site / "rules.json").read_text(encoding="utf-8"))}


def rule_of(href: str, ids: dict[str, str]) -> str | None:
    address = urlparse(href)
    return ids.get(f"{address.path.lstrip('/')}#{address.fragment}")


def open_search(browser, origin: str):
    """A phone page on the home page with the search box open and its index loaded, CPU slowed."""
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    page.goto(f"{origin}/")
    box = box_of(page)
    page.click(box["open"])
    _poll(page, f"({READY_JS})({box['meta']!r})")
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return context, page


def ask(page, query: str, timeout_ms: int = 15_000) -> tuple[float, list[str]]:
    """Type `query` (all but its last character at once, then the last key, held); the
    keystroke's latency in ms and the result links in order."""
    box = box_of(page)
    page.fill(box["input"], query[:-1])
    page.evaluate(SETTLED_JS, [box, QUIET_MS, timeout_ms])
    page.evaluate(PROBE_JS, [box, timeout_ms])
    page.keyboard.down(query[-1])
    page.wait_for_timeout(KEY_HELD_MS)
    page.keyboard.up(query[-1])
    latency = page.evaluate("window.__searchProbe")
    return latency, page.eval_on_selector_all(box["links"], "links => links.map(a => a.href)")


def ask_all(browser, origin: str, questions: list[dict], ids: dict[str, str]) -> list[dict]:
    context, page = open_search(browser, origin)
    try:
        answers = []
        for question in questions:
            latency, links = ask(page, question["q"])
            answers.append(
                {"q": question["q"], "ms": latency, "results": [rule_of(link, ids) for link in links], "links": links}
            )
        return answers
    finally:
        context.close()


def hit_rates(questions: list[dict], answers: list[dict]) -> dict[str, dict[str, float]]:
    """Top-1 and top-3 rule hit rates (0..1) for all questions, for the tuning and held-out sets,
    and for the earlier held-out set (tuning since its misses were studied)."""
    rates: dict[str, dict[str, float]] = {}
    groups = {
        "all": lambda q: True,
        "tuning": lambda q: not q.get("held_out"),
        "held-out": lambda q: q.get("held_out"),
        "earlier held-out": lambda q: q.get("was_held_out"),
    }
    for name, member in groups.items():
        pairs = [(q, a) for q, a in zip(questions, answers, strict=True) if member(q)]
        rates[name] = {
            f"top{k}": sum(bool(set(a["results"][:k]) & set(q["rules"])) for q, a in pairs) / len(pairs) for k in (1, 3)
        }
        rates[name]["questions"] = len(pairs)
    return rates


def _poll(page, expression: str, timeout_s: float = 30.0):
    from benchmarks.browser_bench import poll

    return poll(page, expression, timeout_s)


ROWS = [  # (sample, figure, unit, target)
    ("top1", "search: rule hit rate, top-1 (question set)", "%", ">= 70 %"),
    ("top3", "search: rule hit rate, top-3 (question set)", "%", ">= 90 %"),
    ("tuning top1", "search: rule hit rate, top-1, tuning questions", "%", ""),
    ("tuning top3", "search: rule hit rate, top-3, tuning questions", "%", ""),
    ("earlier held-out top1", "search: rule hit rate, top-1, earlier held-out (now tuning)", "%", ""),
    ("earlier held-out top3", "search: rule hit rate, top-3, earlier held-out (now tuning)", "%", ""),
    ("held-out top1", "search: rule hit rate, top-1, held-out questions", "%", ">= 80 %"),
    ("held-out top3", "search: rule hit rate, top-3, held-out questions", "%", ">= 90 %"),
    ("latency", "search: keystroke to results, phone (CPU x4), median", "ms", "< 30 ms"),
    ("index", "search: index, gzip", "KB", "< 300 KB"),
]


GROUPS = ("tuning", "earlier held-out", "held-out")


def figures(site: Path, origin: str, runs: int, browser=None) -> list[dict]:
    """The rows for `make bench`: hit rates (the rankings are the same every run), the keystroke
    latency over every question of every run, and the index size as gzip sends it."""
    if browser is None:
        from playwright.sync_api import sync_playwright

        from benchmarks.browser_bench import ARGS, chromium_path

        with sync_playwright() as playwright:
            own = playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
            try:
                return figures(site, origin, runs, own)
            finally:
                own.close()
    questions, ids = load_questions(), rule_ids_by_address(site)
    latencies: list[float] = []
    for _ in range(runs):
        answers = ask_all(browser, origin, questions, ids)
        latencies += [answer["ms"] for answer in answers]
    rates = hit_rates(questions, answers)
    values = {
        "top1": (rates["all"]["top1"] * 100, 1),
        "top3": (rates["all"]["top3"] * 100, 1),
        **{f"{group} top{k}": (rates[group][f"top{k}"] * 100, 1) for group in GROUPS for k in (1, 3)},
        "latency": (statistics.median(latencies), runs),
        "index": (len(gzip.compress((site / "search" / "search_index.json").read_bytes(), 6)) / 1e3, 1),
    }
    return [
        {"figure": figure, "median": values[key][0], "unit": unit, "runs": values[key][1], "target": target}
        for key, figure, unit, target in ROWS
    ]


def main(argv: list[str] | None = None) -> int:
    from benchmarks.measure_all import table
    from devtools.serve import start_server

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site", help="a built site (default: site/)")
    parser.add_argument("--runs", type=int, default=1, help="passes over the question set")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    server, origin = start_server(args.site)
    try:
        rows = figures(args.site, origin, args.runs)
    finally:
        server.shutdown()
    print(json.dumps(rows, indent=1) if args.json else table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
