"""Financial statements as filings typeset them (issue 39): borderless statements whose only
rules underline the sums in the amount columns, two-level period/measure headers, and
the chunks of a long reconciliation table -- drawn here with PyMuPDF (Helvetica, points,
top-left origin)."""
from __future__ import annotations

import pymupdf

from layoutpdf.render.markdown import header_labels
from layoutpdf.split.splitter import Splitter
from test_tables import Page, parse

AMOUNTS = (450, 540)             # right edges of the two amount columns
SIGN_X = (380, 470)              # the "$" set apart at the left of each amount cell

ASSETS = [("Cash and cash equivalents", "1,677.8", "450.0", "$"), ("Receivables", "1,615.1", "1,679.7", ""),
          ("Inventories", "1,426.3", "1,559.3", ""), ("Total current assets", "4,719.2", "3,689.0", "sub"),
          ("Goodwill", "13,923.2", "13,995.8", ""), ("Total assets", "18,642.4", "17,684.8", "total")]
LIABILITIES = [("Accounts payable", "3,247.7", "2,854.1", "$"),
               ("Current portion of long-term debt", "2,331.5", "1,396.5", ""),
               ("Notes payable", "279.0", "1,468.7", ""), ("Other current liabilities", "1,633.3", "1,367.8", ""),
               ("Total current liabilities", "7,491.5", "7,087.1", "sub"), ("Long-term debt", "10,929.0", "11,624.8", ""),
               ("Deferred income taxes", "1,947.1", "2,031.0", ""), ("Total liabilities", "20,367.6", "20,742.9", "sub"),
               ("Retained earnings", "15,982.1", "14,996.7", ""),
               ("Common stock in treasury, at cost, shares of 144.8 and 152.7", "(6,433.3)", "(6,779.0)", ""),
               ("Accumulated other comprehensive loss", "(2,914.4)", "(2,625.4)", ""),
               ("Total equity", "6,634.4", "5,592.3", "sub"),
               ("Total liabilities and equity", "27,002.0", "26,335.2", "total")]


def _statement_rows(p: Page, y: float, rows, pitch: float = 12.7) -> float:
    """Rows of a statement: label at the left, amounts right-aligned; a thin rule under
    each amount of a row that closes a group (a subtotal follows), a thick one spanning
    both amount columns under a total, "$" on the first row and the totals."""
    for label, a, b, kind in rows:
        indent = 8 if kind == "sub" else 0
        p.text(40 + indent, y, label)
        for x, v, sx in zip(AMOUNTS, (a, b), SIGN_X):
            p.text(x, y, v, right=True)
            if kind in ("$", "total"):
                p.text(sx, y, "$")
        if kind == "total":
            p.page.draw_rect(pymupdf.Rect(SIGN_X[0], y + 2.5, AMOUNTS[1] + 4, y + 4.7),
                             color=None, fill=(0, 0, 0))
        y += pitch
        if kind == "sub":
            pass
        elif kind != "total" and rows.index((label, a, b, kind)) + 1 < len(rows) \
                and rows[rows.index((label, a, b, kind)) + 1][3] == "sub":
            for x, sx in zip(AMOUNTS, SIGN_X):
                p.page.draw_rect(pymupdf.Rect(sx, y - 10.2, x + 4, y - 9.8), color=None, fill=(0, 0, 0))
    return y


def _balance_sheet(header_gap: float = 0, period: bool = False) -> bytes:
    doc = pymupdf.open()
    p = Page(doc)
    up = header_gap + (22 if period else 0)
    p.text(250, 60 - up, "Consolidated Balance Sheets", bold=True)
    p.text(220, 73 - up, "EXAMPLE FOODS, INC. AND SUBSIDIARIES")
    p.text(245, 86 - up, "(In Millions, Except Par Value)")
    if period:                   # over both date columns, centred on the right one
        p.text(AMOUNTS[1] - 95, 78 - header_gap, "As of the end of May,")
    for x, d in zip(AMOUNTS, ("May 31, 2020", "May 26, 2019")):
        p.text(x, 100 - header_gap, d, bold=True, right=True)
        p.hline(x - 65, x + 4, 102 - header_gap)
    p.text(40, 113, "ASSETS")
    p.text(40, 126, "Current assets:")
    y = _statement_rows(p, 139, ASSETS)
    p.text(40, y + 12, "LIABILITIES AND EQUITY")
    p.text(40, y + 25, "Current liabilities:")
    y = _statement_rows(p, y + 38, LIABILITIES)
    p.text(40, y + 2, "See accompanying notes to consolidated financial statements.")
    return doc.tobytes()


def _rows_of(d) -> list[tuple[str, ...]]:
    return [r for t in d.tables for r in t.rows]


def test_rules_under_the_amounts_are_no_table_without_the_labels():
    """The sum rules of a statement underline the amount columns only: the rows between
    its thick total rules are the statement's rows, each with its label (not a table of
    bare numbers beside a paragraph of labels), and the note under the statement does not
    make the label column prose."""
    d = parse(pymupdf.open("pdf", _balance_sheet()))
    rows = _rows_of(d)
    for label, a, b, _ in ASSETS + LIABILITIES:
        assert any(r[0] == label and a in r[1] and b in r[2] for r in rows), label
    md = d.to_markdown()
    assert "| Total current liabilities | 7,491.5 | 7,087.1 |" in md
    assert "|  | 2,331.5 |" not in md


def test_a_statement_is_one_table_across_its_section_labels():
    """"LIABILITIES AND EQUITY" alone on its row between the assets and the liabilities is
    a row of the statement (no colon, unlike a group label), and the dates over the amount
    columns are its header also where a section label ("ASSETS") stands between them and
    the first row."""
    for gap in (0, 4):
        d = parse(pymupdf.open("pdf", _balance_sheet(gap)))
        assert len(d.tables) == 1, gap
        rows = d.tables[0].rows
        assert rows[0][1:] == ("May 31, 2020", "May 26, 2019"), gap
        assert ("LIABILITIES AND EQUITY", "", "") in rows
        assert [r[0] for r in rows if r[0].startswith("Total")] == \
            [label for label, *_ in ASSETS + LIABILITIES if label.startswith("Total")]


# -- a two-level header: periods over measures --------------------------------------------
MEASURES = ["EBITDA", "EBIT", "Net", "EPS"]          # "Net" / "Income", "EPS" / "(Diluted" / "US cents)"
PERIODS = ["Twelve Months Ended June 30, 2022", "Twelve Months Ended June 30, 2023"]
ITEMS = ["Net income attributable to the company", "Tax expense", "Interest expense, net",
         "Depreciation and amortization", "Integration plan costs", "Net loss on disposals",
         "Impact of hyperinflation", "Property and other losses, net", "Conflict impacts",
         "Pension settlements", "Other", "Amortization of acquired intangibles",
         "Tax effect of above items", "Restructuring", "Impairments", "Litigation",
         "Currency effects", "Hedging results", "Interest income", "Share-based payments",
         "Acquisition costs", "Divestiture costs", "Insurance recoveries", "Legal settlements",
         "Adjusted EBITDA, EBIT, Net income and EPS"]


def _reconciliation(rule: bool = True, rows: list[str] = ITEMS) -> bytes:
    """An earnings release's non-GAAP reconciliation: two periods, each centred over its
    four measure columns (a vertical rule between the groups when `rule`), measure labels
    wrapped over up to three lines in their column, amounts right-aligned."""
    doc = pymupdf.open()
    p = Page(doc)
    p.text(40, 50, "Reconciliation of Non-GAAP Measures", bold=True, size=12)
    right = [[245, 290, 335, 380], [440, 485, 530, 575]]
    top = 70
    p.hline(40, 580, top - 12)
    for g, period in enumerate(PERIODS):
        mid = (right[g][0] - 30 + right[g][3]) / 2
        p.text(mid - pymupdf.get_text_length(period, fontsize=8) / 2, top, period, size=8)
        for x, m in zip(right[g], MEASURES):
            label = {"Net": ["Net", "Income"], "EPS": ["EPS", "(Diluted", "US cents)"]}.get(m, [m])
            for k, part in enumerate(label):
                y = top + 36 - 8 * (len(label) - 1 - k)
                p.text(x, y, part, size=8, right=True)
    p.text(40, top + 36, "($ million)", size=8)
    p.hline(40, 580, top + 40)
    if rule:
        p.vline(397, top - 10, top + 42 + 14 * len(rows))
    p.hline(40, 580, top + 42 + 14 * len(rows))
    y = top + 52
    for n, item in enumerate(rows):
        p.text(40, y, item, size=8)
        for g in range(2):
            for c, x in enumerate(right[g]):
                v = f"{(n + 1) * (c + 3) * (g + 2):,}" if c < 3 else f"{(n + 1) * 0.7 * (g + 1):.1f}"
                p.text(x, y, v, size=8, right=True)
        y += 14
    return doc.tobytes()


def _header_of(d) -> list[str]:
    t = d.tables[0]
    return header_labels([list(r) for r in t.rows], t.header_rows, t.spans)


def test_period_labels_span_the_columns_under_them():
    """Each period label spans the four measure columns it is centred over -- not the row
    label column -- and a measure label wrapped over lines in its column ("EPS" /
    "(Diluted" / "US cents)") is that column's label alone, with or without a rule
    between the groups."""
    for rule in (True, False):
        d = parse(pymupdf.open("pdf", _reconciliation(rule)))
        assert len(d.tables) == 1
        labels = _header_of(d)
        assert labels[0] == "($ million)"
        assert labels[1:] == [f"{period} / {m}" for period in PERIODS
                              for m in ("EBITDA", "EBIT", "Net Income", "EPS (Diluted US cents)")], rule


def test_reconciliation_rows_are_packed_under_a_compact_header():
    """A table of many narrow rows is cut into few chunks: each later piece repeats a
    compact header -- its context line and the column labels within a quarter of the
    budget, periods told apart by the words that differ ("2023 / EBITDA") -- and takes
    many rows."""
    d = parse(pymupdf.open("pdf", _reconciliation()))
    splitter = Splitter(chunk_size=256)
    chunks = [c for c in splitter.split_markdown(d.to_markdown()) if c.table_rows]
    rows = [b - a + 1 for c in chunks for _, a, b in c.table_rows]
    assert sum(rows) == len(ITEMS)
    assert len(chunks) <= 6 and min(rows[1:-1]) >= 5
    for c in chunks[1:]:
        head = c.text[:c.text.index("\n|---")]
        sep = c.text[c.text.index("|---"):].split("\n")[0]
        assert splitter.count_tokens(head + "\n" + sep) <= 0.25 * 256
        assert head.startswith("Reconciliation of Non-GAAP Measures ")
        assert "(continued)" in head
        # whole measure labels, not the last word of each ("Income", "cents)")
        assert head.endswith("| EBITDA | EBIT | Net Income | EPS | EBITDA | EBIT | Net Income | EPS |")


# -- the context a continued table repeats --------------------------------------------------
def test_continued_header_keeps_the_words_that_tell_columns_apart():
    """A header too long for the context share is cut to the words that differ between
    its labels ("2022", "2023"), not to the last words of each ("30, 2022")."""
    from layoutpdf.split._table_header import repeated_header
    from layoutpdf.split.tokenizers import get_tokenizer
    tok = get_tokenizer("cl100k_base")
    header = ("|  | Twelve Months Ended June 30, 2022 |  |  | Twelve Months Ended June 30, 2023 |  |  |\n"
              "|---|---|---|---|---|---|---|")
    cut = "Segment Information (continued)\n\n|  | 30, 2022 |  |  | 30, 2023 |  |  |\n|---|---|---|---|---|---|---|"
    limit = tok.count(cut)                   # room for the last two words of each label
    out = repeated_header(header, "Segment Information", tok, limit)
    assert tok.count(out) <= limit
    assert out == "Segment Information (continued)\n\n|  | 2022 |  |  | 2023 |  |  |\n|---|---|---|---|---|---|---|"


def test_the_context_line_stops_at_the_tables_heading():
    """The lines above a section heading open the section before it: a table under
    "#### Segment Information" repeats its heading, not the short paragraph that ends the
    previous section."""
    md = ("## Share repurchases\n\nThe company bought back 41 million shares in fiscal 2023.\n\n"
          "#### Segment Information\n\n" + "\n".join(
              ["|  | 2023 | 2022 |", "|---|---|---|"] +
              [f"| Segment number {k} | {k * 1000:,} | {k * 900:,} |" for k in range(1, 40)]))
    chunks = Splitter(chunk_size=128).split_markdown(md)
    later = [c for c in chunks if c.table_rows and not c.text.startswith(("## ", "#### ", "The "))]
    assert later
    for c in later:
        assert c.text.startswith("Segment Information (continued)\n\n|  | 2023 | 2022 |")


def test_short_prose_lines_beside_a_table_are_no_label_column():
    """Prose set in a narrow page column beside a small table, a few words a line at the
    table's baselines: its lines have the table's numbers on their left, not on their
    right, so they are no column of row labels -- the prose stays out of the table."""
    doc = pymupdf.open()
    p = Page(doc)
    words = ("under the rules that apply to all parts of the sums you roll over see the "
             "notes for more on such sums paid out under court orders and the lump sum "
             "paid out of a plan").split()
    y, k = 120.0, 0
    p.text(330, y - 13, "see the rules for it now")
    rows = [("110 or under", "410"), ("111-120", "360"), ("121-130", "310"), ("131-140", "260"),
            ("141 or older", "210"), ("151 or older", "160")]
    for label, value in rows:
        p.text(60, y, label)
        p.text(230, y, value, right=True)
        n = 4 if k % 3 else 5
        p.text(330, y, " ".join(words[k * 4:k * 4 + n]))
        y += 12
        k += 1
    p.text(330, y, "paid from a plan last year")
    d = parse(doc)
    assert [t.rows for t in d.tables] == [tuple(rows)]


# -- a cash flow statement: long labels, nil dashes, wrapped labels -------------------------
CASH_FLOWS = [("Net earnings, including earnings attributable to redeemable and noncontrolling interests",
               "2,210.8", "1,786.2", "2,163.0"),
              ("Adjustments to reconcile net earnings to net cash provided by operating activities:", "", "", ""),
              ("  Depreciation and amortization", "594.7", "620.1", "618.8"),
              ("  After-tax earnings from joint ventures", "(91.1)", "(72.0)", "(84.7)"),
              ("  Pension and other postretirement benefit plan contributions", "(31.1)", "(28.8)", "(31.8)"),
              ("  Divestitures loss", "-", "30.0", "-"),
              ("  Restructuring, impairment, and other exit costs", "43.6", "235.7", "126.0"),
              ("  Changes in current assets and liabilities, excluding the effects of acquisitions", "", "", ""),
              ("    and divestitures", "793.9", "(7.5)", "542.1"),
              ("    Net cash provided by operating activities", "3,676.2", "2,807.0", "2,841.0"),
              ("Cash Flows - Investing Activities", "", "", ""),
              ("  Purchases of land, buildings, and equipment", "(460.8)", "(537.6)", "(622.7)"),
              ("  Proceeds from divestitures", "-", "26.4", "-"),
              ("    Net cash used by investing activities", "(486.2)", "(556.5)", "(8,685.4)")]


def _cash_flows() -> bytes:
    doc = pymupdf.open()
    p = Page(doc)
    p.text(230, 60, "Consolidated Statements of Cash Flows", bold=True)
    p.text(210, 73, "EXAMPLE FOODS, INC. AND SUBSIDIARIES")
    rights = (470, 525, 580)
    for x, year in zip(rights, ("2020", "2019", "2018")):
        p.text(x, 92, year, bold=True, right=True)
    y = 105
    p.text(36, y, "Cash Flows - Operating Activities")
    for label, *values in CASH_FLOWS:
        y += 12.7
        indent = 36 + 4.5 * (len(label) - len(label.lstrip()))
        p.text(indent, y, label.strip(), size=9)
        for x, v in zip(rights, values):
            if v:
                p.text(x, y, v, size=9, right=True)
    p.text(36, y + 14, "See accompanying notes to consolidated financial statements.", size=9)
    return doc.tobytes()


def test_a_cash_flow_statement_keeps_every_label_on_its_row():
    """Labels longer than a short piece, a long group label ending with a colon and a
    section label alone on their rows, a label wrapped onto the line of its amounts one
    row, and nil amounts set as a lone dash: one table, every amount on the row of its
    label, the years over it (the section label under them is the first row)."""
    d = parse(pymupdf.open("pdf", _cash_flows()))
    assert len(d.tables) == 1
    rows = d.tables[0].rows
    assert rows[:2] == (("", "2020", "2019", "2018"), ("Cash Flows - Operating Activities", "", "", ""))
    expected, k = [], 0
    while k < len(CASH_FLOWS):
        label, *values = CASH_FLOWS[k]
        wraps = not any(values) and CASH_FLOWS[k + 1][0].strip()[:1].islower()
        if wraps:                           # the label's second line carries its amounts
            k += 1
            label, values = f"{label.strip()} {CASH_FLOWS[k][0].strip()}", CASH_FLOWS[k][1:]
        expected.append((label.strip(), *values))
        k += 1
    assert len(expected) == len(CASH_FLOWS) - 1
    for row in expected:
        assert row in rows, row


def test_a_period_label_over_the_dates_spans_them():
    """A single label line over the date columns ("As of the end of May," over "May 31,
    2020" and "May 26, 2019"), however it is centred, is the upper level of the header and
    spans both amount columns -- not the label column."""
    d = parse(pymupdf.open("pdf", _balance_sheet(4, period=True)))
    assert len(d.tables) == 1
    t = d.tables[0]
    assert header_labels([list(r) for r in t.rows], t.header_rows, t.spans)[1:] == \
        ["As of the end of May, / May 31, 2020", "As of the end of May, / May 26, 2019"]


# -- a header of three rows: periods, wrapped measure labels, the stub label -----------------
SEGMENT_MEASURES = [["Net sales"], ["EBIT"], ["EBIT /", "Sales %"], ["EBIT /", "Funds %"]]
SEGMENT_ROWS = [("Flexibles", "11,151", "1,517", "13.6", "18.2"), ("Rigid Packaging", "3,393", "289", "8.5", "9.7"),
                ("Other", "-", "(105)", "", ""), ("Total segments", "14,544", "1,701", "11.7", "16.3")]


def _segment_table() -> bytes:
    """An earnings release's segment table: a period label centred over each group of
    four measure columns with one rule under both periods over the amount columns only
    (not under the label column), a vertical rule between the groups, measure labels
    wrapped upwards from the stub label's line ("Adjusted results"), then the full-width
    rule that closes the header."""
    doc = pymupdf.open()
    p = Page(doc)
    p.text(40, 50, "Segment Information", bold=True, size=12)
    right = [[230, 285, 335, 390], [445, 500, 550, 605]]
    p.hline(36, 610, 60)
    for g, period in enumerate(PERIODS):
        mid = (right[g][0] - 40 + right[g][3]) / 2
        p.text(mid - pymupdf.get_text_length(period, fontsize=8) / 2, 72, period, size=8)
        for x, label in zip(right[g], SEGMENT_MEASURES):
            for k, part in enumerate(label):
                p.text(x, 98 - 10 * (len(label) - 1 - k), part, size=8, right=True)
    p.hline(175, 610, 77)                 # under both periods, over the amount columns only
    p.vline(403, 62, 170)
    p.text(40, 98, "Adjusted results", size=8)
    p.hline(36, 610, 103)
    y = 116
    for label, *values in SEGMENT_ROWS:
        p.text(40, y, label, size=8)
        for g in range(2):
            for x, v in zip(right[g], values):
                if v:
                    p.text(x, y, v, size=8, right=True)
        y += 13
    p.hline(36, 610, y - 6)
    return doc.tobytes()


def test_a_rule_under_the_periods_over_the_amount_columns_is_inside_the_header():
    """The header runs down to the rule drawn across the whole table, label column
    included; the rule under the period labels over the amount columns only separates
    two header levels, and each period keeps the columns up to the next period label."""
    d = parse(pymupdf.open("pdf", _segment_table()))
    assert len(d.tables) == 1
    t = d.tables[0]
    assert t.header_rows == 3
    labels = _header_of(d)
    assert labels[0] == "Adjusted results"
    for g, period in enumerate(PERIODS):
        assert [lb.split(" / ")[0] for lb in labels[1 + 4 * g:5 + 4 * g]] == [period] * 4
        assert labels[1 + 4 * g] == f"{period} / Net sales"
    assert t.rows[t.header_rows][0] == "Flexibles"
