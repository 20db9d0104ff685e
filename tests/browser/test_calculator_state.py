"""What the reader entered is what is answered, and it stays, on a 390-px phone: the answer bar
scrolls to the full result without losing the inputs; an edit made before the page's scripts run
is input; offline without the engine the page says so at once; the bar never covers the field
being edited nor the next; once ready the status is quiet, in the place it kept; the hazard limit asks for the
characters and the Orc scouts apart and says back how it read them; the reading setting gives the calculators where the
games differ their default.
Phone screenshots go to test-results/."""

from __future__ import annotations

import json
from urllib.parse import urlencode

from playwright.sync_api import expect

from calculators.views.catalogue import VIEWS
from tests.support.browser import (
    ALL_CALCULATOR_PAGES,
    PHONE,
    defaults,
    expected_params,
    form_values,
    set_field,
    wait_for_address,
    wait_for_engine,
    wait_for_params,
)
from tests.support.offline import SAVED_TIMEOUT_MS
from tests.support.page_hooks import hooked
from tests.support.site import ARTIFACTS

STRIKE = "calculators/strike/"


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), animations="disabled")


def an_edit(view: str) -> tuple[dict | None, dict, int | None]:
    """One input of `view` changed as a reader would first change it: (its spec, the new values, its
    row); no spec for a view without inputs (its table is the answer)."""
    spec = VIEWS[view]
    values = defaults(view)
    for field in spec["fields"]:
        if field["kind"] in ("int", "path") and not field.get("requires"):
            new = "w b" if field["kind"] == "path" else str(int(values[field["name"]] or 0) + 1)
            return field, {**values, field["name"]: new}, None
    for field in spec["fields"]:
        if field["kind"] == "bool" and not field.get("requires"):
            return field, {**values, field["name"]: "" if values[field["name"]] == "1" else "1"}, None
    if "rows" not in spec:
        return None, values, None
    field = next(f for f in spec["rows"]["fields"] if f["kind"] == "int")
    rows = [dict(row) for row in values["rows"]]
    rows[0][field["name"]] = str(int(rows[0][field["name"]] or 0) + 1)
    return field, {**values, "rows": rows}, 0


def params_shown(page, view: str) -> dict:
    return json.loads(page.get_attribute(f"#calc-{view}", "data-params"))


def test_tapping_the_answer_bar_keeps_the_inputs_the_result_and_the_address(open_returning_page):
    """On every calculator: edit a field, tap the pinned answer bar: the page scrolls to the full
    result; the inputs, the result and the address are what they were."""
    tapped = []
    for path, views in ALL_CALCULATOR_PAGES.items():
        page = open_returning_page(f"calculators/{path}/", **PHONE)
        for view in views:
            wait_for_engine(page, view)
            field, values, row = an_edit(view)
            if field is not None:
                new = values["rows"][row][field["name"]] if row is not None else values[field["name"]]
                set_field(page, view, field, new, row)
                wait_for_params(page, view, expected_params(view, values))
                address = wait_for_address(page, view, values)
            else:
                address = page.url
            result = page.inner_html(f"#calc-{view} .calc-result")
            page.tap(f"#calc-{view} .calc-summary")
            expect(page.locator(f"#calc-{view}-result")).to_be_in_viewport()
            assert page.url == address, view
            assert form_values(page, view) == values, view
            assert params_shown(page, view) == expected_params(view, values), view
            assert page.inner_html(f"#calc-{view} .calc-result") == result, view
            tapped.append(view)
            if view == "strike":
                shot(page, "strike-after-tapping-the-answer-bar.png")
    assert len(tapped) == sum(len(views) for views in ALL_CALCULATOR_PAGES.values())


def test_an_edit_made_before_the_scripts_run_is_answered_by_the_first_live_result(open_page):
    """A first visit: the page as built is on the screen and the reader changes Prowess before the
    page script has run. The script keeps the value, the focus and the caret, says the result is
    behind, and the first live result, the bar and the address are for the edit."""
    page = open_page(None, **PHONE)
    held = []
    page.route("**/calculators/calculator-page.js", lambda route: held.append(route))
    page.goto(page.guard.origin + "/" + STRIKE, wait_until="commit")
    prowess = page.locator("#calc-strike-prowess")
    prowess.fill("8")
    expect(page.locator("#calc-strike")).not_to_have_attribute("data-wired", "true")
    assert held, "the page script was not held back"
    held[0].fallback()
    expect(page.locator("#calc-strike")).to_have_attribute("data-wired", "true")
    assert page.evaluate("[document.activeElement.id, document.activeElement.selectionStart]") == [
        "calc-strike-prowess",
        1,
    ]
    edited = {**defaults("strike"), "prowess": "8"}
    if page.get_attribute("#calc-strike", "data-engine") != "ready":
        expect(page.locator("#calc-strike .calc-status")).to_contain_text("Not updated yet")
        expect(page.locator("#calc-strike .calc-summary")).to_contain_text("Not updated yet")
        shot(page, "strike-edited-before-the-engine-was-ready.png")
    wait_for_engine(page, "strike")
    wait_for_params(page, "strike", expected_params("strike", edited))
    expect(prowess).to_have_value("8")
    expect(page.locator("#calc-strike .calc-status")).to_have_text("Live: the result follows your inputs.")
    wait_for_address(page, "strike", edited)
    shot(page, "strike-first-live-result-for-the-early-edit.png")


def link_to(view: str, values: dict) -> str:
    """The query a copied link has for `view`: every input (calculators/values.js: queryEntries)."""
    kinds = {spec["name"]: spec["kind"] for spec in VIEWS[view]["fields"] + VIEWS[view].get("roll_fields", [])}
    return urlencode(
        [
            (f"{view}.{name}", ("1" if value == "1" else "0") if kinds[name] == "bool" else value)
            for name, value in values.items()
        ]
    )


def test_a_link_opened_while_the_reader_edits_keeps_the_edit_and_fills_in_the_rest(open_page):
    page = open_page(None)
    held = []
    page.route("**/calculators/calculator-page.js", lambda route: held.append(route))
    linked = {**defaults("strike"), "strike_prowess": "11", "state": "tapped"}
    page.goto(page.guard.origin + "/" + STRIKE + "?" + link_to("strike", linked), wait_until="commit")
    page.locator("#calc-strike-prowess").fill("7")
    held[0].fallback()
    wait_for_engine(page, "strike")
    expected = {**linked, "prowess": "7"}
    wait_for_params(page, "strike", expected_params("strike", expected))
    expect(page.locator("#calc-strike .calc-message")).to_contain_text("keep your values")
    wait_for_address(page, "strike", expected)


def test_offline_without_the_engine_the_page_says_so_at_once_and_offers_to_keep_it(open_page):
    """The pages are saved offline, the engine is not (a reader who never used a calculator). Opened
    offline, the calculator says at once that live answers need the engine, keeps the built
    result labelled as the default inputs', asks the header to offer keeping the calculators
    offline, and never says it is downloading."""
    page = open_page("", service_worker=True, **PHONE)
    page.wait_for_function(hooked("hooks.offlineState()?.state === 'ready'"), timeout=SAVED_TIMEOUT_MS)
    page.context.add_init_script(
        "document.addEventListener('mele:keep-offline-offer', () => { window.__keepOfflineOffered = true; })"
    )
    page.context.set_offline(True)
    page.goto(page.guard.origin + "/" + STRIKE)
    box = page.locator("#calc-strike")
    expect(box).to_have_attribute("data-engine", "offline")
    status = page.locator("#calc-strike .calc-status")
    expect(status).to_contain_text("live answers need the engine, which this device has not saved")
    expect(status).to_contain_text("Connect once, or keep the calculators offline")
    assert page.evaluate("window.__keepOfflineOffered") is True
    set_field(page, "strike", VIEWS["strike"]["fields"][0], "7")
    expect(page.locator("#calc-strike .calc-summary")).to_contain_text("live answers need the engine")
    page.wait_for_function(hooked("hooks.engineSettled()?.then(() => true)"))
    for text in (status.inner_text(), page.inner_text("#calc-strike .calc-summary")):
        assert "download" not in text.lower() and "once the engine is ready" not in text
    expect(status).to_contain_text("default inputs, worked out when the site was built")
    assert params_shown(page, "strike") == expected_params("strike", defaults("strike"))
    shot(page, "strike-offline-without-the-engine.png")
    page.guard.console_errors.clear()  # the engine's files cannot be fetched offline: the test's own doing


def test_the_answer_bar_never_covers_the_field_being_edited_nor_the_next(open_returning_page):
    page = open_returning_page(STRIKE, **PHONE)
    wait_for_engine(page, "strike")
    page.eval_on_selector("#calc-strike details.calc-more", "el => { el.open = true; }")
    overlaps = []
    for name in (
        "prowess",
        "body",
        "state",
        "strike_prowess",
        "strike_body",
        "support",
        "modifier",
        "weapon",
        "discard_on",
    ):
        control = page.locator(f"#calc-strike-{name}".replace("_", "-"))
        control.tap()
        expect(control).to_be_focused()
        # Looked at two frames after the focus: the page keeps the field clear in the frame after it.
        placed = page.evaluate(
            """(id) => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
            const bar = document.querySelector('#calc-strike .calc-summary').getBoundingClientRect();
            const fields = [...document.querySelectorAll('#calc-strike .calc-form [data-field]')]
              .filter((field) => field.getClientRects().length);
            const own = document.getElementById(id).closest('[data-field]');
            const next = fields[fields.indexOf(own) + 1];
            const covered = [own, next].filter(Boolean).map((field) => field.getBoundingClientRect())
              .some((box) => box.bottom > bar.top && box.top < bar.bottom);
            resolve({pinned: bar.bottom <= innerHeight + 1 && bar.top < innerHeight, covered});
        })))""",
            f"calc-strike-{name}".replace("_", "-"),
        )
        assert placed["pinned"], f"{name}: the answer bar is not pinned on the screen"
        if placed["covered"]:
            overlaps.append(name)
        if name == "discard_on":
            shot(page, "strike-discard-on-field-clear-of-the-bar.png")
    assert overlaps == []


def test_once_ready_the_status_is_quiet_and_the_path_pad_keeps_clear_with_the_letters(open_returning_page):
    page = open_returning_page("calculators/keying/", **PHONE)
    wait_for_engine(page, "keying")
    expect(page.locator("#calc-keying .calc-status")).to_have_text("Live: the result follows your inputs.")
    expect(page.locator("#calc-keying .calc-status")).to_have_css("background-color", "rgba(0, 0, 0, 0)")
    boxes = page.evaluate("""() => [...document.querySelectorAll('#calc-keying .calc-symbols button')]
        .map((b) => { const r = b.getBoundingClientRect(); return {top: r.top, width: r.width,
          text: b.textContent, inner: b.scrollWidth <= b.clientWidth}; })""")
    clear = next(box for box in boxes if box["text"] == "Clear")
    back = next(box for box in boxes if box["text"] == "⌫")
    assert clear["top"] == back["top"], "Clear is on a line of its own"
    assert clear["inner"] and clear["width"] >= 88
    shot(page, "keying-path-pad.png")


def test_the_hazard_limit_takes_3_characters_and_2_orc_scouts_as_a_player_says_them(open_returning_page):
    """Typed as a player says it, "3 characters and 2 Orc scouts" is five in all, a hazard limit of 4
    (not the size 3 with 2 of them scouts, a limit of 2, the form once took it for), and the answer
    says so back."""
    page = open_returning_page("calculators/hazard-limit/", **PHONE)
    scouts = page.locator("#calc-hazard-limit-orc-scouts")
    expect(scouts).to_be_visible()
    expect(page.locator("label[for=calc-hazard-limit-characters]")).to_contain_text("not counting Orc scouts")
    wait_for_engine(page, "hazard-limit")
    page.locator("#calc-hazard-limit-characters").fill("3")
    scouts.fill("2")
    wait_for_params(
        page,
        "hazard-limit",
        expected_params("hazard-limit", {**defaults("hazard-limit"), "characters": "3", "orc_scouts": "2"}),
    )
    expect(page.locator("#calc-hazard-limit .calc-summary__text")).to_have_text(
        "Hazard limit 4 · size 4: 3 other characters and 2 Orc scouts"
    )
    expect(page.locator("#calc-hazard-limit .calc-facts")).to_contain_text(
        "5 in all: 3 other characters and 2 Orc scouts"
    )


def test_controlled_by_picks_among_the_sheet_s_characters_and_follows_a_rename(open_returning_page):
    """ "Controlled by" was free text that had to repeat another row's name exactly, retyped on a
    phone: it is a choice among the sheet's other characters, which follows their names."""
    page = open_returning_page("calculators/influence/", **PHONE)
    wait_for_engine(page, "control-sheet")
    second = page.locator("#calc-control-sheet-controller-1")
    expect(second.locator("option")).to_have_text(["– none: general influence", "Character 1"])
    second.select_option("Character 1")
    values = defaults("control-sheet")
    values["rows"][1]["controller"] = "Character 1"
    wait_for_params(page, "control-sheet", expected_params("control-sheet", values))

    page.locator("#calc-control-sheet-name-0").fill("Shagrat")
    expect(second).to_have_value("Shagrat")
    values["rows"][0]["name"] = values["rows"][1]["controller"] = "Shagrat"
    wait_for_params(page, "control-sheet", expected_params("control-sheet", values))
    page.locator("#calc-control-sheet .calc-rows__add").click()
    expect(page.locator("#calc-control-sheet-controller-2 option")).to_have_text(
        ["– none: general influence", "Shagrat", "Character 2"]
    )


def test_the_reading_setting_gives_the_audience_and_the_hazard_limit_their_default(open_page):
    """Reading as the Starter game, the Audience opens with the Starter Rules ticked, with the
    Starter result before the engine is ready; switching the setting switches the default of a form
    still at its defaults; a shared link's own value wins."""
    page = open_page(None, **PHONE)
    page.context.add_init_script("localStorage.setItem('mele-rules.game', 'starter')")
    page.goto(page.guard.origin + "/calculators/audience/")
    starter = page.locator("#calc-audience-starter")
    expect(starter).to_be_checked()
    expect(page.locator("#calc-audience-revealed-against-me")).to_be_disabled()
    starter_defaults = {**defaults("audience"), "starter": "1"}
    assert params_shown(page, "audience") == expected_params("audience", starter_defaults)
    wait_for_engine(page, "audience")
    page.locator("#reading-as").click()
    expect(page.locator("html")).to_have_attribute("data-game", "standard")
    expect(starter).not_to_be_checked()
    wait_for_params(page, "audience", expected_params("audience", defaults("audience")))
    page.locator("#reading-as").click()
    expect(starter).to_be_checked()
    wait_for_params(page, "audience", expected_params("audience", starter_defaults))

    page.goto(
        page.guard.origin + "/calculators/hazard-limit/?hazard-limit.size=4&hazard-limit.orc_scouts=2"
        "&hazard-limit.halved=0&hazard-limit.starter=0"
    )
    wait_for_engine(page, "hazard-limit")
    linked = {**defaults("hazard-limit"), "characters": "2", "orc_scouts": "2"}  # a size of 4, scouts included
    wait_for_params(page, "hazard-limit", expected_params("hazard-limit", linked))
    page.goto(page.guard.origin + "/calculators/hazard-limit/")
    expect(page.locator("#calc-hazard-limit-starter")).to_be_checked()
    expect(page.locator("#calc-hazard-limit-halved")).to_be_disabled()


def test_an_edited_calculator_answers_in_the_game_the_reader_switches_to(open_returning_page):
    """Once its inputs were edited, switching the game left the result in the other game, with only
    "The defaults now follow the game you read as; Reset fills them in." to say so."""
    page = open_returning_page("calculators/hazard-limit/", **PHONE)
    wait_for_engine(page, "hazard-limit")
    if page.evaluate("document.documentElement.dataset.game") != "standard":  # left so by another test here
        page.locator("#reading-as").click()
    expect(page.locator("html")).to_have_attribute("data-game", "standard")
    page.locator("#calc-hazard-limit-orc-scouts").fill("2")
    edited = {**defaults("hazard-limit"), "orc_scouts": "2"}
    wait_for_params(page, "hazard-limit", expected_params("hazard-limit", edited))
    page.locator("#reading-as").click()
    expect(page.locator("html")).to_have_attribute("data-game", "starter")
    wait_for_params(page, "hazard-limit", expected_params("hazard-limit", {**edited, "starter": "1"}))
    expect(page.locator("#calc-hazard-limit .calc-summary__text")).to_have_text(
        "Hazard limit 5 · size 5: 3 other characters and 2 Orc scouts"
    )
    expect(page.locator("#calc-hazard-limit .calc-message")).to_have_text(
        "Now answering for the Starter game, with your inputs."
    )
    page.locator("#reading-as").click()
    wait_for_params(page, "hazard-limit", expected_params("hazard-limit", edited))


def test_reading_as_the_starter_game_disables_support_in_a_strike_and_in_each_row_of_an_attack(open_page):
    """The header's reading fills the game of every calculator whose answer depends
    on it; a Standard-only input is disabled with its reason beside it, a character's row (and one
    added later) too, and enabled again when reading as the Standard game."""
    page = open_page(None, **PHONE)
    page.context.add_init_script("localStorage.setItem('mele-rules.game', 'starter')")
    page.goto(page.guard.origin + "/" + STRIKE)
    reason = next(spec for spec in VIEWS["strike"]["fields"] if spec["name"] == "support")["requires"][0]["reason"]
    expect(page.locator("#calc-strike-starter")).to_be_checked()
    expect(page.locator("#calc-attack-starter")).to_be_checked()
    expect(page.locator("#calc-strike-support")).to_be_disabled()
    expect(page.locator("#calc-strike-support-off")).to_have_text(f"Does not apply: {reason}")
    wait_for_engine(page, "attack")
    rows = len(defaults("attack")["rows"])
    for row in range(rows):
        expect(page.locator(f"#calc-attack-support-{row}")).to_be_disabled()
        expect(page.locator(f"#calc-attack-support-{row}-off")).to_have_text(f"Does not apply: {reason}")
    page.locator("#calc-attack .calc-rows__add").click()
    expect(page.locator(f"#calc-attack-support-{rows}")).to_be_disabled()
    starter_strike = {**defaults("strike"), "starter": "1"}
    wait_for_params(page, "strike", expected_params("strike", starter_strike))
    page.locator("#reading-as").click()
    expect(page.locator("html")).to_have_attribute("data-game", "standard")
    expect(page.locator("#calc-strike-starter")).not_to_be_checked()
    expect(page.locator("#calc-strike-support")).to_be_enabled()
    expect(page.locator("#calc-strike-support-off")).to_be_hidden()
    wait_for_params(page, "strike", expected_params("strike", defaults("strike")))

    page.goto(page.guard.origin + "/calculators/influence/")  # the init script reads as the Starter game again
    expect(page.locator("#calc-control-sheet-starter")).to_be_checked()
    page.locator("#reading-as").click()
    expect(page.locator("#calc-control-sheet-starter")).not_to_be_checked()
