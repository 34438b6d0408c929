"""Generated 10-Q page with a statement printed from HTML by an EDGAR converter (issue 39 B;
Pfizer 2023 Q2 10-Q page 11, "EDGRpdf Service w/ EO.Pdf"), for `test_filings_column_rules`.
Each header cell is ruled over and under by its own border: the rules run across the label
column and across each amount column, broken at the narrow `$` cells between them by more
than an em and a half, so that they read like the heads of tables set side by side. Under
them, rows: a label, then a `$` (first and total rows) and an amount in each column; a
group label ending in a colon is indented under a row and its amounts, as the "Adjustments
to reconcile ..." line is."""
from __future__ import annotations

import pymupdf

SIZE = 7.4
LEFT = 19.0
LABEL_RULE = (23.6, 450.9)
AMOUNT_RULES = ((463.7, 521.8), (534.6, 592.6))
SIGNS = (458.9, 529.7)
HEADS = (("July 2,", "2023"), ("July 3,", "2022"))
GROUP = ("Adjustments to reconcile net income before allocation to noncontrolling interests to net cash "
         "provided by/(used in) operating activities:")
INDENT = 4.1            # pt: the group label's indent under the row above it
ROWS = (("Net income before allocation to noncontrolling interests", ("7,894", "17,781"), True),
        ("Discontinued operations, net of tax", ("(1)", "26"), False),
        ("Net income from continuing operations before allocation to noncontrolling interests", ("7,895", "17,756"), False),
        ("Depreciation and amortization", ("3,060", "2,362"), False),
        ("Asset write-offs and impairments", ("327", "58"), False),
        ("Deferred taxes", ("(1,471)", "(3,461)"), False),
        ("Share-based compensation expense", ("253", "373"), False),
        ("Other adjustments, net", ("(317)", "1,270"), False),
        ("Net cash provided by/(used in) operating activities", ("4", "14,711"), False),
        ("Purchases of property, plant and equipment", ("(2,053)", "(1,394)"), False),
        ("Purchases of short-term investments", ("(21,006)", "(18,937)"), False),
        ("Net cash provided by/(used in) investing activities", ("(22,170)", "(10,746)"), False),
        ("Cash and cash equivalents, at end of period", ("2,698", "1,824"), True))


def _rules(page: pymupdf.Page, y: float, amounts_only: bool = False) -> None:
    for x0, x1 in AMOUNT_RULES + (() if amounts_only else (LABEL_RULE,)):
        page.draw_line((x0, y), (x1, y), color=(0, 0, 0), width=0.7)


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, "tiro", SIZE), y), text, fontname="tiro", fontsize=SIZE)


def column_rules_statement_pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k, text in enumerate(("PFIZER INC. AND SUBSIDIARY COMPANIES",
                              "CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS")):
        width = pymupdf.get_text_length(text, "tiro", 9.0)
        page.insert_text((306 - width / 2, 42 + 11 * k), text, fontname="tiro", fontsize=9.0)
    _rules(page, 77.3)
    y = 87.0
    _right(page, 556.0, y - 1, "Six Months Ended")
    _rules(page, 88.7, amounts_only=True)
    for line in range(2):
        y = 97.0 + 8.0 * line
        for (x0, x1), head in zip(AMOUNT_RULES, HEADS):
            _right(page, x1 - 1, y, head[line])
    page.insert_text((LEFT, y), "(MILLIONS)", fontname="tiro", fontsize=SIZE)
    _rules(page, 107.6)
    y = 116.0
    for label, amounts, sign in ROWS:
        y += 10.8
        if label == "Depreciation and amortization":
            page.insert_text((LEFT + INDENT, y), GROUP, fontname="tiro", fontsize=SIZE)
            y += 10.8
        page.insert_text((LEFT + (2 * INDENT if label == "Depreciation and amortization" else 0), y),
                         label, fontname="tiro", fontsize=SIZE)
        for (x0, x1), x_sign, amount in zip(AMOUNT_RULES, SIGNS, amounts):
            if sign:
                page.insert_text((x_sign, y), "$", fontname="tiro", fontsize=SIZE)
            _right(page, x1 - 2, y, amount)
    _rules(page, y + 3.0)
    page.insert_text((290, y + 60), "See Accompanying Notes.", fontname="tiro", fontsize=9.0)
    return doc.tobytes()


DEBT_ROWS = (("Notes due 2024 (3.9% for 2022)", ("-", "2,250"), True),
             ("Notes due 2025 (3.9% for 2023 and 0.8% for 2022)", ("3,750", "750"), False),
             ("Notes due 2026 (3.7% for 2023 and 2.9% for 2022)", ("6,000", "3,000"), False),
             ("Notes due 2027 (2.1% for 2023 and 2022)", ("1,017", "1,000"), False),
             ("Notes due 2028 (4.6% for 2023 and 4.8% for 2022)", ("5,660", "1,660"), False),
             ("Notes due 2029 (3.5% for 2023 and 2022)", ("1,750", "1,750"), False),
             ("Notes due 2030-2034 (4.1% for 2023 and 2.9% for 2022)", ("12,000", "4,000"), False),
             ("Total long-term debt, principal amount", ("60,963", "32,080"), True),
             ("Net fair value adjustments related to hedging and purchase accounting", ("892", "959"), False),
             ("Net unamortized discounts, premiums and debt issuance costs", ("(499)", "(175)"), False),
             ("Other long-term debt", ("-", "20"), False),
             ("Total long-term debt, carried at historical proceeds, as adjusted", ("61,356", "32,884"), True))
DEBT_SIGNS = (438.4, 514.3)
DEBT_RIGHTS = (504.1, 580.2)


def long_labels_debt_pdf() -> bytes:
    """A note's debt table (Pfizer 2023 Q2 10-Q page 22): no rules, line items longer than a
    cell's usual few words ("Notes due 2030-2034 (4.1% for 2023 and 2.9% for 2022)") in the
    first column, `$` cells set well left of their amounts, two date columns."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 100.0), "The following outlines our senior unsecured long-term debt and the "
                     "weighted-average stated interest rate by maturity:", fontname="tiro", fontsize=9.0)
    for (head, foot), right in zip((("July 2,", "2023"), ("December 31,", "2022")), DEBT_RIGHTS):
        _right(page, right, 112.0, head)
        _right(page, right, 120.0, foot)
    page.insert_text((LEFT, 120.0), "(MILLIONS)", fontname="tiro", fontsize=SIZE)
    y = 120.0
    for label, amounts, sign in DEBT_ROWS:
        y += 11.6
        page.insert_text((LEFT, y), label, fontname="tiro", fontsize=9.0)
        for x_sign, right, amount in zip(DEBT_SIGNS, DEBT_RIGHTS, amounts):
            if sign:
                page.insert_text((x_sign, y), "$", fontname="tiro", fontsize=9.0)
            page.insert_text((right - pymupdf.get_text_length(amount, "tiro", 9.0), y), amount,
                             fontname="tiro", fontsize=9.0)
    page.insert_text((LEFT, y + 30), "* Our long-term debt is generally redeemable by us at any time at "
                     "varying redemption prices plus accrued and unpaid interest.", fontname="tiro", fontsize=8.0)
    return doc.tobytes()


PRODUCT_GROUPS = (("Primary Care", ("5,810", "20,979"),
                   (("Paxlovid", "COVID-19 in certain high-risk patients", ("143", "8,115")),
                    ("Premarin family", "Symptoms of menopause", ("95", "115")),
                    ("BMP2", "Bone graft for spinal fusion", ("84", "75")),
                    ("Nimenrix", "Active immunization against invasive meningococcal ACWY disease", ("38", "65")))),
                  ("Specialty Care", ("3,653", "3,358"),
                   (("Vyndaqel family", "ATTR-CM and polyneuropathy", ("782", "552")),
                    ("Sulperazon", "Bacterial infections", ("177", "210")),
                    ("Genotropin", "Replacement of human growth hormone", ("74", "91")),
                    ("BeneFIX", "Hemophilia B", ("106", "113")),
                    ("Medrol", "Anti-inflammatory glucocorticoid", ("80", "79")))),
                  ("Oncology", ("2,956", "3,088"),
                   (("Ibrance", "HR-positive/HER2-negative metastatic breast cancer", ("1,247", "1,320")),
                    ("Inlyta", "Advanced RCC", ("262", "274")),
                    ("Bosulif", "Philadelphia chromosome-positive chronic myelogenous leukemia", ("154", "156")))))
PRODUCT_ROWS = tuple(row for _, _, rows in PRODUCT_GROUPS for row in rows)
# each cell's border: (x0, x1); 7.4 pt of padding unruled between cells
PRODUCT_CELLS = ((18.2, 174.8), (182.2, 392.2), (399.6, 439.4), (446.8, 486.7))


def _cell_rules(page: pymupdf.Page, y: float, spanned: bool = False) -> None:
    """A row's borders, cell by cell; `spanned`: its label cell spans both text columns."""
    cells = (((PRODUCT_CELLS[0][0], PRODUCT_CELLS[1][1]),) + PRODUCT_CELLS[2:]) if spanned else PRODUCT_CELLS
    for x0, x1 in cells:
        page.draw_line((x0, y), (x1, y), color=(0, 0, 0), width=0.6)


def cell_borders_pdf() -> bytes:
    """A note's product revenue table (Pfizer 2023 Q2 10-Q page 38) printed from HTML by an
    EDGAR converter: each cell bordered on its own, so a ruled row's rule is four pieces
    broken a few points apart at the same places; the header and each group's row (its
    subtotal) ruled above and below, its label cell spanning both text columns (product,
    indication), the products between them not ruled; two amount columns."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 100.0), "The following provides detailed revenue information for several of "
                     "our major products:", fontname="tiro", fontsize=9.0)
    y = 122.0
    for (x0, x1), head in zip(PRODUCT_CELLS, ("PRODUCT", "PRIMARY INDICATION OR CLASS", "2023", "2022")):
        if x0 > 300:
            _right(page, x1 - 1, y, head)
        else:
            page.insert_text((x0 + 1, y), head, fontname="tibo", fontsize=SIZE)
    _cell_rules(page, y + 3.0)
    for group, totals, rows in PRODUCT_GROUPS:
        y += 12.0
        _cell_rules(page, y - 9.0, spanned=True)
        page.insert_text((LEFT + 1, y), group, fontname="tibo", fontsize=SIZE)
        for (x0, x1), amount in zip(PRODUCT_CELLS[2:], totals):
            page.insert_text((x0 - 5.0, y), "$", fontname="tibo", fontsize=SIZE)
            _right(page, x1 - 2, y, amount)
        _cell_rules(page, y + 3.0, spanned=True)
        for label, indication, amounts in rows:
            y += 12.0
            page.insert_text((LEFT + 9, y), label, fontname="tiro", fontsize=SIZE)
            page.insert_text((PRODUCT_CELLS[1][0] + 1, y), indication, fontname="tiro", fontsize=SIZE)
            for (x0, x1), amount in zip(PRODUCT_CELLS[2:], amounts):
                _right(page, x1 - 2, y, amount)
    page.insert_text((LEFT, y + 30), "(a) Revenues of the products are presented net of returns.",
                     fontname="tiro", fontsize=8.0)
    return doc.tobytes()
