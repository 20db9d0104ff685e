"""The question set (tests/build_scripts/search/questions.yaml) asked in the site's own search box, in
Chromium on a phone profile: a 390 x 844 touch screen with the CPU slowed 4 times
(CDP Emulation.setCPUThrottlingRate 4), the site served on 127.0.0.1 with its headers.

For each question the box gets every character but the last, then the last key is
pressed and held for 80 ms, as a typist holds a key; the figure is the time from that
key's keydown (its character appears) to the results being in the list. The site's box
(search/box.js) ranks the text as it changes. A result is a link in the list, in the order
shown; a rule that refers back is shown right after the rule it leans on, as its detail, and
holds one position with it; the calculator a situation opens (above the rules) holds none. A
hit is a position with a link to one of the rule ids that answer the question: top-1 is the
first position, top-3 and top-5 any of the first three and five. Each figure is given for the
whole question set, its tuning, earlier held-out and held-out questions, and each set as
written (the sets' headings in the file). A build from before the site had a search box of its
own is asked in Material's (BOXES), so `make bench BASELINE=<ref>` compares the two.

A 5 KB paste of a ruling's citations is typed the same way, its last key timed: the box reads
the first MAX_QUERY characters of it (search/words.js).

    python -m benchmarks.search_bench [--site DIR] [--runs N] [--json]   (make bench runs it too)
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
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
PASTE_SIZE = 5000
PASTES = 5  # different pastes, each timed once a run
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


SET_HEADING = re.compile(r"^\s*#\s*---\s*the (\w+) set\b")
QUESTION_LINE = re.compile(r"^\s*-\s*q:")


def load_questions(path: Path = QUESTIONS) -> list[dict]:
    """The questions, each with its `set`: "first" before the file's "the second set" heading,
    then the heading's ordinal."""
    text = path.read_text(encoding="utf-8")
    questions = yaml.safe_load(text)["questions"]
    sets, current = [], "first"
    for line in text.splitlines():
        heading = SET_HEADING.match(line)
        if heading:
            current = heading[1]
        elif QUESTION_LINE.match(line):
            sets.append(current)
    assert len(sets) == len(questions), "one `- q:` line for each question"
    return [{**question, "set": name} for question, name in zip(questions, sets, strict=True)]


def rule_ids_by_address(site: Path) -> dict[str, str]:
    """'rules/1-7-combat/#r1-7-25' -> '1.7.25', from the site's rules.json."""
    return {rule["url"]: rule["id"] for rule in json.loads((site / "rules.json").read_text(encoding="utf-8"))["rules"]}


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
    latency = type_last_key(page, query, timeout_ms)
    return latency, page.eval_on_selector_all(box_of(page)["links"], "links => links.map(a => a.href)")


def type_last_key(page, query: str, timeout_ms: int = 15_000) -> float:
    """`query` typed, all but its last character at once, then the last key, held: the ms from that
    key's keydown to the results in the list."""
    box = box_of(page)
    page.fill(box["input"], query[:-1])
    page.evaluate(SETTLED_JS, [box, QUIET_MS, timeout_ms])
    page.evaluate(PROBE_JS, [box, timeout_ms])
    page.keyboard.down(query[-1])
    page.wait_for_timeout(KEY_HELD_MS)
    page.keyboard.up(query[-1])
    return page.evaluate("window.__searchProbe")


# Each result link with whether it is a detail of the link above it, or the calculator a situation
# opens (Material's box in an earlier build has neither).
SHOWN_JS = (
    """links => links.map(a => [a.href, !!a.closest('.rule-search__item--detail'), a.hasAttribute('data-situation')])"""
)


def shown_positions(page, ids: dict[str, str]) -> list[list[str | None]]:
    """The rule ids of each position of the list, best first: a detail joins the position above
    it; a situation's calculator holds none (a link that is no rule is None)."""
    positions: list[list[str | None]] = []
    for href, detail, situation in page.eval_on_selector_all(box_of(page)["links"], SHOWN_JS):
        if situation:
            continue
        if detail and positions:
            positions[-1].append(rule_of(href, ids))
        else:
            positions.append([rule_of(href, ids)])
    return positions


def ask_all(browser, origin: str, questions: list[dict], ids: dict[str, str]) -> list[dict]:
    context, page = open_search(browser, origin)
    try:
        answers = []
        for question in questions:
            latency = type_last_key(page, question["q"])
            answers.append({"q": question["q"], "ms": latency, "positions": shown_positions(page, ids)})
        return answers
    finally:
        context.close()


GROUPS = {
    "all": lambda q: True,
    "tuning": lambda q: not q.get("held_out"),
    "earlier held-out": lambda q: q.get("was_held_out"),
    "held-out": lambda q: q.get("held_out"),
}
TOPS = (1, 3, 5)


def found_within(answer: dict, rules: list[str], k: int) -> bool:
    return any(set(position) & set(rules) for position in answer["positions"][:k])


def hit_rates(questions: list[dict], answers: list[dict]) -> dict[str, dict[str, float]]:
    """Top-1, top-3 and top-5 rule hit rates (0..1) for all questions, for the tuning and held-out
    ones, for the earlier held-out ones (tuning since their misses were studied), and for each
    set as written ("set first", "set second", ...)."""
    groups = dict(GROUPS)
    for name in dict.fromkeys(q["set"] for q in questions if "set" in q):
        groups[f"set {name}"] = lambda q, name=name: q.get("set") == name
    rates: dict[str, dict[str, float]] = {}
    for name, member in groups.items():
        pairs = [(q, a) for q, a in zip(questions, answers, strict=True) if member(q)]
        if not pairs:
            continue
        rates[name] = {f"top{k}": sum(found_within(a, q["rules"], k) for q, a in pairs) / len(pairs) for k in TOPS}
        rates[name]["questions"] = len(pairs)
    return rates


def paste_of_citations(site: Path, size: int = PASTE_SIZE, start: int = 0) -> str:
    """`size` characters of a ruling's citations as the ruling sheet writes them ("MELE 1.7.25: its
    words", its address), from the `start`-th rule on."""
    rules = json.loads((site / "rules.json").read_text(encoding="utf-8"))["rules"]
    text = ""
    for k in range(start, start + len(rules)):
        rule = rules[k % len(rules)]
        text += f"MELE {rule['id']}: {rule['text']} https://mele.example.org/{rule['url']} "
        if len(text) >= size:
            break
    return " ".join(text.split())[:size]


def paste_latencies(browser, origin: str, site: Path, pastes: int = PASTES) -> list[float]:
    """The last key of each of `pastes` different 5 KB pastes, typed as a question is."""
    context, page = open_search(browser, origin)
    try:
        return [type_last_key(page, paste_of_citations(site, start=37 * n)) for n in range(pastes)]
    finally:
        context.close()


def _poll(page, expression: str, timeout_s: float = 30.0):
    from benchmarks.browser_bench import poll

    return poll(page, expression, timeout_s)


ROWS = [  # (sample, figure, unit, target)
    ("all top1", "search: rule hit rate, top-1 (question set)", "%", ">= 70 %"),
    ("all top3", "search: rule hit rate, top-3 (question set)", "%", ">= 90 %"),
    ("all top5", "search: rule hit rate, top-5 (question set)", "%", ""),
    ("tuning top1", "search: rule hit rate, top-1, tuning questions", "%", ""),
    ("tuning top3", "search: rule hit rate, top-3, tuning questions", "%", ""),
    ("tuning top5", "search: rule hit rate, top-5, tuning questions", "%", ""),
    ("earlier held-out top1", "search: rule hit rate, top-1, earlier held-out (now tuning)", "%", ""),
    ("earlier held-out top3", "search: rule hit rate, top-3, earlier held-out (now tuning)", "%", ""),
    ("earlier held-out top5", "search: rule hit rate, top-5, earlier held-out (now tuning)", "%", ""),
    ("held-out top1", "search: rule hit rate, top-1, held-out questions", "%", ">= 75 %"),
    ("held-out top3", "search: rule hit rate, top-3, held-out questions", "%", ">= 90 %"),
    ("held-out top5", "search: rule hit rate, top-5, held-out questions", "%", ">= 95 %"),
    ("latency", "search: keystroke to results, phone (CPU x4), median", "ms", "< 30 ms"),
    ("paste", "search: keystroke after a 5 KB paste, phone (CPU x4), median", "ms", "< 50 ms"),
    ("index", "search: index, gzip", "KB", "< 300 KB"),
]


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
    pasted: list[float] = []
    for _ in range(runs):
        answers = ask_all(browser, origin, questions, ids)
        latencies += [answer["ms"] for answer in answers]
        pasted += paste_latencies(browser, origin, site)
    rates = hit_rates(questions, answers)
    values = {
        **{f"{group} top{k}": (rates[group][f"top{k}"] * 100, 1) for group in rates if group in GROUPS for k in TOPS},
        "latency": (statistics.median(latencies), runs),
        "paste": (statistics.median(pasted), len(pasted)),
        "index": (len(gzip.compress((site / "search" / "search_index.json").read_bytes(), 6)) / 1e3, 1),
    }
    rows = [
        {"figure": figure, "median": values[key][0], "unit": unit, "runs": values[key][1], "target": target}
        for key, figure, unit, target in ROWS
        if key in values
    ]
    for group in (name for name in rates if name.startswith("set ")):
        rows += [
            {
                "figure": f"search: rule hit rate, top-{k}, {group[4:]} set ({rates[group]['questions']:.0f})",
                "median": rates[group][f"top{k}"] * 100,
                "unit": "%",
                "runs": 1,
                "target": "",
            }
            for k in TOPS
        ]
    return rows


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
