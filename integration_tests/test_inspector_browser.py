"""The HTML inspector in a real browser: Debian's Chromium, headless, driven by Selenium.

Nothing is downloaded: the browser is /usr/bin/chromium and the driver /usr/bin/chromedriver
(``apt-get install chromium chromium-driver``; scripts/test.sh does it as root), so Selenium
Manager never runs. A screenshot of the report is kept in integration_tests/artifacts/.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

import layoutpdf
from layoutpdf.debug import inspect

CORPUS = Path(os.environ.get("LAYOUTPDF_CORPUS", "/work/shared/corpus/real"))
PAPER = "pdfjs_tracemonkey_pldi09.pdf"
PAGES = [0, 1, 2]
CHROMIUM = os.environ.get("LAYOUTPDF_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("LAYOUTPDF_CHROMEDRIVER", "/usr/bin/chromedriver")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROME_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--window-size=1400,1000", "--force-device-scale-factor=1")


@pytest.fixture(scope="module")
def paper() -> Path:
    path = CORPUS / PAPER
    if not path.is_file():
        pytest.skip(f"corpus PDF {path} not found (set LAYOUTPDF_CORPUS to the corpus folder)")
    return path


@pytest.fixture(scope="module")
def doc(paper):
    return layoutpdf.parse(paper, pages=PAGES)


@pytest.fixture(scope="module")
def report(doc, paper, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("inspector") / "tracemonkey.html"
    path.write_text(inspect(doc, source=paper), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                                    "(pip install -e '.[dev]')")
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    for exe, pkg in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
            pytest.skip(f"{exe} not found: apt-get install {pkg} (scripts/test.sh does it as root)")
    profile = tempfile.mkdtemp(prefix="layoutpdf-chromium-")
    options = Options()
    options.binary_location = CHROMIUM
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser, report):
    """The report freshly loaded, its images decoded."""
    browser.get(report.as_uri())
    deadline = time.time() + 30
    while time.time() < deadline:
        if browser.execute_script(
                "return document.readyState === 'complete' && "
                "Array.from(document.images).every(i => i.complete && i.naturalWidth > 0)"):
            break
        time.sleep(0.1)
    return browser


def js(driver, script: str, *args):
    return driver.execute_script(script, *args)


def current_page(driver) -> str:
    return js(driver, "return document.body.dataset.currentPage")


def send_key(driver, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).send_keys(key).perform()
    time.sleep(0.15)


def test_overlay_boxes_per_role_match_the_document(page, doc):
    counts = js(page, """
        const out = {};
        document.querySelectorAll('svg .el[data-role]').forEach(n => {
          out[n.dataset.role] = (out[n.dataset.role] || 0) + 1; });
        return out;""")
    assert Counter(counts) == Counter(e.role.value for e in doc.elements)
    per_page = js(page, """return Array.from(document.querySelectorAll('section.page')).map(
        s => s.querySelectorAll('.el[data-role]').length)""")
    assert per_page == [len(doc.page_elements(i)) for i in PAGES]
    # every box is laid out over its page image, and every page image decoded
    sizes = js(page, """return Array.from(document.querySelectorAll('.el .box')).map(r => {
        const b = r.getBoundingClientRect(); return [b.width, b.height]; })""")
    assert sizes and all(w > 0 and h > 0 for w, h in sizes)
    assert js(page, "return Array.from(document.images).map(i => i.naturalWidth > 0)") == [True] * 3
    errors = [e for e in page.get_log("browser") if e.get("level") == "SEVERE"]
    assert errors == []
    remote = js(page, """return performance.getEntriesByType('resource').map(e => e.name)
        .filter(n => !n.startsWith('data:'))""")
    assert remote == []


def test_click_a_figure_shows_its_caption_and_score(page, doc):
    from selenium.webdriver.common.by import By
    fig = next(f for f in doc.figures if f.caption and f.element_id)
    box = page.find_element(By.CSS_SELECTOR, f'.el[data-role="figure"][data-id="{fig.element_id}"]')
    js(page, "arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    details = page.find_element(By.ID, "details-body").text
    assert fig.caption[:60] in details.replace("\n", " ")
    assert f"{fig.score:.3f}" in details
    assert ("needs review" if fig.needs_review else "ok") in details
    assert fig.reasons[0] in details
    selected = js(page, "return Array.from(document.querySelectorAll('.selected')).map("
                        "n => n.dataset.kind + ':' + n.dataset.id)")
    assert f"element:{fig.element_id}" in selected and f"figure:{fig.id}" in selected
    # the caption link is drawn on the same page and leads from the caption to the figure
    link = page.find_element(By.CSS_SELECTOR, f'line.link[data-kind="caption"][data-to="{fig.id}"]')
    assert link.get_attribute("data-from") == fig.caption_element_id
    # hovering another box shows it; leaving it brings the pinned figure back
    from selenium.webdriver.common.action_chains import ActionChains
    cap = page.find_element(By.CSS_SELECTOR, f'.el[data-id="{fig.caption_element_id}"]')
    ActionChains(page).move_to_element(cap).perform()
    assert "caption" in page.find_element(By.ID, "details-body").text.split("\n")[0]
    ActionChains(page).move_to_element(page.find_element(By.ID, "legend")).perform()
    assert fig.element_id in page.find_element(By.ID, "details-body").text


def test_keyboard_moves_between_pages_and_boxes(page, doc):
    from selenium.webdriver.common.keys import Keys
    assert current_page(page) == "0"
    send_key(page, "j")
    assert current_page(page) == "1"
    top = js(page, "return document.getElementById('page-2').getBoundingClientRect().top")
    bar = js(page, "return document.querySelector('.toolbar').offsetHeight")
    assert 0 <= top <= bar + 80, (top, bar)
    send_key(page, Keys.ARROW_RIGHT)
    assert current_page(page) == "2"
    send_key(page, "j")                       # already on the last page: stays there
    assert current_page(page) == "2"
    send_key(page, "k")
    assert current_page(page) == "1"
    send_key(page, Keys.ARROW_LEFT)
    assert current_page(page) == "0"
    assert "page 1" in js(page, "return document.getElementById('page-indicator').textContent")
    # n: the next element in reading order gets focus, and its details show
    send_key(page, "n")
    first = doc.page_elements(0)[0]
    assert js(page, "return document.activeElement.dataset.id") == first.id
    send_key(page, "n")
    second = doc.page_elements(0)[1]
    assert js(page, "return document.activeElement.dataset.id") == second.id
    assert second.id in js(page, "return document.getElementById('details-body').textContent")
    # Tab moves focus between boxes too (they are focusable)
    send_key(page, Keys.TAB)
    assert js(page, "return document.activeElement.dataset.id") == doc.page_elements(0)[2].id
    send_key(page, Keys.ESCAPE)
    assert js(page, "return document.querySelectorAll('.selected').length") == 0


def test_toggles_hide_layers(page):
    from selenium.webdriver.common.by import By
    page.find_element(By.CSS_SELECTOR, 'input[data-toggle="flow"]').click()
    assert js(page, "return getComputedStyle(document.querySelector('.layer-flow')).display") == "none"
    page.find_element(By.CSS_SELECTOR, 'input[data-toggle-role="paragraph"]').click()
    assert js(page, "return getComputedStyle(document.querySelector('.el[data-role=paragraph]')).display") == "none"


def test_screenshot_artifact(page, doc):
    from selenium.webdriver.common.by import By
    fig = next(f for f in doc.figures if f.caption and f.element_id)
    box = page.find_element(By.CSS_SELECTOR, f'.el[data-id="{fig.element_id}"]')
    js(page, "arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -120)", box)
    box.click()
    ARTIFACTS.mkdir(exist_ok=True)
    ignore = ARTIFACTS / ".gitignore"
    if not ignore.exists():
        ignore.write_text("*\n", encoding="utf-8")   # artifacts never get committed
    shot = ARTIFACTS / "inspector_tracemonkey.png"
    assert page.save_screenshot(str(shot))
    assert shot.stat().st_size > 50_000             # a rendered page, not a blank window


@pytest.fixture(scope="module")
def math_report(tmp_path_factory) -> Path:
    """Two pages made here: a display equation, and a note that could not be bound."""
    import pymupdf
    from layoutpdf import BBox, Document, Element, Equation, Footnote, Issue, Layer, Page, Role
    folder = tmp_path_factory.mktemp("inspector-math")
    pdf = pymupdf.open()
    for n in range(2):
        pdf.new_page(width=612, height=792).insert_text((72, 100), f"Page {n + 1}", fontsize=14)
    pdf.save(str(folder / "math.pdf"))
    pdf.close()
    box = BBox(72, 300, 300, 330)
    doc = Document(
        source=str(folder / "math.pdf"),
        pages=(Page(index=0, width=612, height=792), Page(index=1, width=612, height=792)),
        elements=(Element("p0-eq", Role.EQUATION, Layer.BODY, 0, box, "x^2"),
                  Element("p1-note", Role.FOOTNOTE, Layer.BODY, 1, BBox(72, 700, 300, 720), "* note")),
        equations=(Equation(id="eq1", latex=r"\frac{a}{b} = x^{2}", display=True, page=0, bbox=box,
                            element_id="p0-eq"),),
        footnotes=(Footnote(id="p1-*", marker="*", text="note", page=1, bbox=BBox(72, 700, 300, 720),
                            element_id="p1-note", reasons=("no anchor found",), needs_review=True),),
        issues=(Issue("footnotes", 1, "unbound", "a note without anchor"),))
    path = folder / "math.html"
    path.write_text(inspect(doc), encoding="utf-8")
    return path


def test_equations_and_the_review_panel(browser, math_report):
    from selenium.webdriver.common.by import By
    browser.get(math_report.as_uri())
    note = browser.find_element(By.CSS_SELECTOR, '.latex[data-for="eq1"]')
    assert note.is_displayed()
    if js(browser, "return !!window.katex"):
        assert browser.find_elements(By.CSS_SELECTOR, '.latex[data-for="eq1"] .katex')
        assert note.get_attribute("title") == r"\frac{a}{b} = x^{2}"
    else:
        assert note.text == r"\frac{a}{b} = x^{2}"
    browser.find_element(By.CSS_SELECTOR, '.eq[data-id="eq1"]').click()
    assert r"\frac{a}{b} = x^{2}" in browser.find_element(By.ID, "details-body").text
    # the review list links to the page of the note and selects it
    browser.find_element(By.CSS_SELECTOR, '#review a[data-select="footnote:p1-*"]').click()
    time.sleep(0.2)
    assert current_page(browser) == "1"
    details = browser.find_element(By.ID, "details-body").text
    assert "needs review" in details and "no anchor found" in details
    assert "a note without anchor" in browser.find_element(By.ID, "issues").text
    browser.find_element(By.CSS_SELECTOR, '#issues a[data-goto="1"]').click()
    assert current_page(browser) == "1"
    assert [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"] == []
