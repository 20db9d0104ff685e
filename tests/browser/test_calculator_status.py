"""A calculator's status on a 390-px phone: one line while the engine loads (its progress drawn
along that line's foot, not on a row of its own) and one line once it is ready, the same height
in both, so that the form below keeps its place and little room goes above it. Keying's path pad
keeps Clear on ⌫'s row, with room around its word."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import PHONE, expect, hold_back, wait_for_engine
from tests.support.site import ARTIFACTS

# The status's box, its text's box and line height, whether the text is shown whole, the
# progress bar's box (or None when it is not drawn), and the top of the form under it.
STATUS_JS = """(view) => {
    const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: r.height}; };
    const status = document.querySelector(`#calc-${view} .calc-status`);
    const text = status.querySelector(".calc-status__text");
    const progress = status.querySelector(".calc-status__progress");
    const style = getComputedStyle(status);
    return {
        status: box(status),
        padding: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom),
        text: box(text),
        lineHeight: parseFloat(getComputedStyle(text).lineHeight),
        whole: text.scrollWidth <= text.clientWidth,
        words: text.textContent,
        progress: progress.getClientRects().length ? box(progress) : null,
        form: box(document.querySelector(`#calc-${view} .calc-form`)),
    };
}"""


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), animations="disabled")


@pytest.mark.parametrize("view", ["strike", "keying"])
def test_the_status_is_one_line_of_one_height_loading_and_ready(open_page, view):
    page = open_page(None, **PHONE)
    release_the_wasm = hold_back(page, "**/pyodide.asm.wasm")  # the loading state lasts until it comes
    page.goto(f"{page.guard.origin}/calculators/{view}/", wait_until="commit")  # its load waits for the wasm
    status = page.locator(f"#calc-{view} .calc-status")
    expect(page.locator(f"#calc-{view}")).to_have_attribute("data-engine", "loading")
    expect(status).to_contain_text(re.compile(r"Loading the engine: [0-9.]+ of [0-9.]+ MB"))
    loading = page.evaluate(STATUS_JS, view)
    shot(page, f"{view}-status-loading.png")
    expect(page.locator(f"#calc-{view}").get_by_role("progressbar", name="Loading the engine")).to_be_visible()
    release_the_wasm()
    wait_for_engine(page, view)
    expect(status).to_have_text("Live: the result follows your inputs.")
    ready = page.evaluate(STATUS_JS, view)
    shot(page, f"{view}-status-ready.png")

    for moment, seen in (("loading", loading), ("ready", ready)):
        assert seen["whole"], f"{moment}: the status's words are cut: {seen['words']!r}"
        assert seen["text"]["height"] <= seen["lineHeight"] + 1, f"{moment}: more than one line: {seen}"
        assert seen["status"]["height"] <= seen["lineHeight"] + seen["padding"] + 1, f"{moment}: {seen}"
    assert loading["progress"], "the download's progress is not drawn"
    assert (
        loading["status"]["top"]
        <= loading["progress"]["top"]
        < loading["progress"]["bottom"]
        <= loading["status"]["bottom"]
    ), f"the progress is not drawn inside the status line: {loading}"
    assert ready["progress"] is None, "the progress is still drawn once the engine is ready"
    assert abs(ready["status"]["height"] - loading["status"]["height"]) < 0.5, (loading, ready)
    assert abs(ready["form"]["top"] - loading["form"]["top"]) < 0.5, (loading, ready)


def test_keyings_clear_keeps_its_row_with_room_around_its_word(open_returning_page):
    page = open_returning_page("calculators/keying/", **PHONE)
    wait_for_engine(page, "keying")
    placed = page.evaluate("""() => {
        const box = (el) => el.getBoundingClientRect();
        const clear = document.querySelector('#calc-keying .calc-symbols__clear');
        const back = document.querySelector('#calc-keying .calc-symbols__back');
        const word = document.createRange();
        word.selectNodeContents(clear);
        const style = getComputedStyle(clear);
        return {clearTop: box(clear).top, backTop: box(back).top, left: word.getBoundingClientRect().left - box(clear).left,
                right: box(clear).right - word.getBoundingClientRect().right,
                padding: [parseFloat(style.paddingLeft), parseFloat(style.paddingRight)]};
    }""")
    assert placed["clearTop"] == placed["backTop"], f"Clear is on a line of its own: {placed}"
    assert min(placed["padding"]) >= 8 and min(placed["left"], placed["right"]) >= 8, placed


def test_without_scripts_the_status_says_the_result_is_the_builds(open_page):
    page = open_page(None, java_script_enabled=False, **PHONE)
    page.goto(f"{page.guard.origin}/calculators/strike/")
    # The words are in a <noscript>, which Playwright's text matching skips: the rendered text is read.
    expect(page.locator("#calc-strike .calc-status")).to_have_text(
        "Showing the result for the default inputs, worked out when the site was built. Live updates need JavaScript.",
        use_inner_text=True,
    )
