"""A word processor's paragraph with a first-line indent (half an inch) set ragged right:
its first line starts in from the margin and, ending where the next word did not fit, can
sit near the middle of the column (an exhibit's definitions: "“Change of control” means
..."). It is the paragraph's first line, not a centred heading over flush text: the line
breaker broke it there because the next line's first word did not fit. A short centred
label over flush text still opens its own block."""
from __future__ import annotations

import pymupdf

import layoutpdf

TEXT = ("\"Change of control\" means the occurrence of any of the following: (a) the consummation "
        "of any transaction, including notwithstanding anything to the contrary any merger or consolidation "
        "resulting in any person becoming the beneficial owner, directly or indirectly, of more than 50% of "
        "our voting stock or other voting stock into which our voting stock is reclassified, consolidated, "
        "exchanged or changed, measured by voting power rather than number of shares.")
OTHER = ("The notes are redeemable at our option at any time and from time to time, in whole or in part, "
         "at the redemption prices described in the indenture, plus accrued and unpaid interest.")
LEFT, RIGHT, INDENT, SIZE = 36.0, 577.0, 36.0, 10.0


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, fontname="tiro", fontsize=SIZE)


def _wrapped(text: str, indent: float, hanging: float = 0.0) -> list[tuple[float, str]]:
    """Greedy line breaks to the measure, as a word processor sets ragged-right text: the
    first line `indent` in from the margin, the others `hanging`."""
    lines, cur, x0 = [], [], LEFT + indent
    for word in text.split():
        if cur and _width(" ".join(cur + [word])) > RIGHT - x0:
            lines.append((x0, " ".join(cur)))
            cur, x0 = [], LEFT + hanging
        cur.append(word)
    return lines + [(x0, " ".join(cur))]


def _page(head: str | None = None, text: str = TEXT) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 60.0
    for x0, line in _wrapped(OTHER, INDENT):
        page.insert_text((x0, y), line, fontname="tiro", fontsize=SIZE)
        y += 14
    y += 14
    if head:
        page.insert_text(((LEFT + RIGHT - _width(head)) / 2, y), head, fontname="tiro", fontsize=SIZE)
        y += 14
    for x0, line in _wrapped(text, 0 if head else INDENT):
        page.insert_text((x0, y), line, fontname="tiro", fontsize=SIZE)
        y += 14
    return doc.tobytes()


def test_an_indented_first_line_near_the_middle_is_its_paragraphs_first_line():
    first = _wrapped(TEXT, INDENT)[0]
    gap = RIGHT - (first[0] + _width(first[1]))
    assert gap > 2 * SIZE, "the fixture's first line must end clear of the margin, as if centred"
    d = layoutpdf.parse(_page())
    paras = [e for e in d.elements if "Change of control" in e.text]
    assert len(paras) == 1 and paras[0].text.rstrip().endswith("number of shares."), \
        [e.text[:60] for e in d.elements]


def test_a_short_centred_label_over_flush_text_opens_its_own_block():
    d = layoutpdf.parse(_page("Definitions"))
    assert any(e.text.strip() == "Definitions" for e in d.elements), [e.text[:40] for e in d.elements]


WIDE = "The company reported results for the period and the following discussion summarizes them in detail. " * 3
JUSTIFIED = ("We regard our trademarks, service marks, copyrights, patents, domain names, trade dress, trade "
             "secrets, proprietary technologies and similar intellectual property as important to our success. "
             "We use a combination of patent, trademark, copyright and trade secret laws and confidentiality "
             "agreements to protect our proprietary intellectual property.")


def _justified_page() -> bytes:
    """A justified paragraph with a first-line indent (a browser's `text-indent`, as EDGAR
    filings print) under a paragraph set wider, so the column reaches past the indented
    paragraph's measure by about its indent: the first line then sits near the column's
    middle, though it is not centred on the lines under it."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    css = "p{font-family:serif;font-size:8pt;line-height:13pt;margin:0;text-align:justify} p.i{text-indent:22pt}"
    page.insert_htmlbox(pymupdf.Rect(17.5, 40, 595.5, 90), f"<p>{WIDE}</p>", css=css)
    page.insert_htmlbox(pymupdf.Rect(17.5, 90, 574.2, 300), f"<p class='i'>{JUSTIFIED}</p>", css=css)
    return doc.tobytes()


def test_a_justified_paragraphs_indented_first_line_stays_with_it_in_a_wider_column():
    d = layoutpdf.parse(_justified_page())
    paras = [e for e in d.elements if "We regard our trademarks" in e.text]
    assert len(paras) == 1 and paras[0].text.rstrip().endswith("intellectual property."), \
        [e.text[:50] for e in d.elements]


ITEM = ("To my knowledge, this report does not contain any untrue statement of a material fact or omit to "
        "state a material fact necessary to make the statements made, in light of the circumstances under "
        "which such statements were made, not misleading with respect to the period covered by this report;")


THIRD = ("I have disclosed, based on our most recent evaluation of internal control over financial reporting, "
         "to the registrant's auditors and the audit committee all deficiencies.")


def _hanging_page() -> bytes:
    """A certification's numbered items (Exhibit 31): the number set alone at the margin, the
    item's text beside it and its later lines under the text (a hanging indent), ragged
    right."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 80.0
    for number, text in (("1.", "I have reviewed this Annual Report on Form 10-K of Example Co., Inc.;"), ("2.", ITEM),
                         ("3.", THIRD)):
        page.insert_text((LEFT + 27, y), number, fontname="tiro", fontsize=SIZE)
        for x0, line in _wrapped(text, 43.0, 43.0):
            page.insert_text((x0, y), line, fontname="tiro", fontsize=SIZE)
            y += 14
        y += 8
    return doc.tobytes()


def test_a_hanging_indents_lines_stay_with_the_items_first_line():
    first = _wrapped(ITEM, 43.0, 43.0)[0]
    assert RIGHT - (first[0] + _width(first[1])) > 1.5 * SIZE, "the fixture's first line must end short"
    d = layoutpdf.parse(_hanging_page())
    items = [e for e in d.elements if "To my knowledge" in e.text]
    assert len(items) == 1 and items[0].text.rstrip().endswith("covered by this report;"), \
        [e.text[:50] for e in d.elements]


REFERENCES = (("[4] HPE (2024) HPE Slingshot interconnect. Available at",
               "https://www.hpe.com/us/en/compute/hpc/slingshot-interconnect.html."),
              ("[5] LUSTRE (2024) Lustre file system. Available at https://www.lustre.org/.",))


def test_a_line_back_out_of_a_hanging_indent_opens_the_next_entry():
    """References set with a hanging indent: each entry's later lines indented under its
    first; the next entry starts back at the margin, even after a line of the entry before
    that ends short of the edge."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 60), OTHER[:110], fontname="tiro", fontsize=SIZE)
    y = 96.0
    for entry in REFERENCES:
        for k, line in enumerate(entry):
            page.insert_text((LEFT + (18 if k else 0), y), line, fontname="tiro", fontsize=SIZE)
            y += 14
        y += 4
    d = layoutpdf.parse(doc.tobytes())
    fifth = [e for e in d.elements if "LUSTRE" in e.text]
    assert fifth and fifth[0].text.startswith("[5]"), [e.text[:40] for e in d.elements]
    fourth = [e for e in d.elements if "HPE" in e.text]
    assert fourth and "slingshot-interconnect.html" in fourth[0].text, [e.text[:40] for e in d.elements]


# words drawn at random from a filing's sentence: the next line opens with a word of wide
# letters ("management") whose width, estimated from its row's average character, would
# have fit after the first line by a point or two
WIDE_NEXT = ("a to members operate have we consumers we content various the well of includes memorandum and "
             "memorandum management members this content we merchandise management well utilize includes "
             "proprietary operate to to and operate we that merchandise efficient recommend third developed "
             "fast and developed merchandise devices of third to to efficient includes and our consumers that "
             "to includes to a technology.")


def test_a_first_line_whose_next_word_has_wide_letters_stays_with_its_paragraph():
    (x0, first), (_, second) = _wrapped(WIDE_NEXT, INDENT)[:2]
    word = second.split()[0]
    estimate = _width(second) * len(word) / len(second)
    room = RIGHT - (x0 + _width(first)) - 0.25 * SIZE
    assert estimate < room < _width(word), "the estimate must fit where the word did not"
    doc = pymupdf.open(stream=_page(text=WIDE_NEXT))
    page = doc[0]                # a line above set to the full measure (the paragraph's own
    line = OTHER[:118]           # ragged lines end short of it, as Netflix's do)
    page.insert_text((RIGHT - _width(line), 40), line, fontname="tiro", fontsize=SIZE)
    d = layoutpdf.parse(doc.tobytes())
    paras = [e for e in d.elements if e.text.startswith("a to members")]
    assert len(paras) == 1 and paras[0].text.rstrip().endswith("a technology."), [e.text[:40] for e in d.elements]
