"""Synthetic SEC filings as HTML, in the habits of EDGAR filing agents (issue 39).

Held-out FinanceBench filings are mostly EDGAR HTML printed to PDF by browser engines. This
module writes documents the way Workiva, Donnelley, Toppan Merrill and hand-made legacy HTML
lay out statements, each habit drawn independently from a seeded random generator, so that a
check built on them does not fit one file:

- number columns as three cells ('$' | digits | ')'), or the '$' and ')' inline;
- a label column narrow enough that long labels wrap (numbers on the last or first line);
- indented sub-items and 'Total ...' rows with rules above their numbers;
- zebra rows (background colour on every other row) and a shaded header band;
- two-level headers (period over year, or segment measure over year) via colspan;
- leader dots after labels; em dash / en dash / hyphen for zero; footnote markers in labels;
- a title block (company, statement name, unit line); 'Table of Contents' at the top of
  each page and a running footer ('52 COMPANY, INC.') under it; a statement continued on the
  next page; an earnings release's GAAP to non-GAAP reconciliation of many narrow rows; prose.

`make_document(i, seed)` returns (html, truth, style): truth is one dict per printed row that
has a number: label (as printed, without marker or dots), the row's printed cells, tags.
"""
from __future__ import annotations

import html
import random
from dataclasses import asdict, dataclass, replace

FONTS = {  # what the filing names -> what fontconfig gives here (no Calibri/Carlito installed)
    "times": "'Times New Roman', 'Liberation Serif', serif",
    "arial": "Arial, 'Liberation Sans', sans-serif",
    "calibri": "Calibri, Carlito, 'DejaVu Sans', sans-serif",
}
COMPANIES = ["NORTHWIND HOLDINGS, INC.", "CASCADE BRANDS CORPORATION", "PIEDMONT WATER COMPANY",
             "ORION SEMICONDUCTOR, INC.", "HARBOR FOODS, INC.", "ATLAS MEDICAL DEVICES PLC",
             "SUMMIT RETAIL GROUP, INC.", "VERTEX MEDIA CO."]
ZERO_DASHES = ["\u2014", "\u2013", "-"]


@dataclass(frozen=True)
class Style:
    kind: str            # "10-K" or "earnings" (press release with a reconciliation)
    font: str
    size_pt: float
    dollar_cell: bool    # '$' in a cell of its own
    paren_cell: bool     # ')' of a negative in a cell of its own
    zebra: str           # background of every other body row, "" for none
    header_band: str     # background of the header rows, "" for none
    leader_dots: bool
    zero: str            # how a zero prints
    footnotes: bool      # markers in labels, notes under the table
    narrow_labels: bool  # label column narrow: long labels wrap
    valign: str          # number cells of a wrapped row: "bottom" or "top"
    two_level: bool      # period (or measure) over year via colspan
    split_statement: bool  # cash flows (or reconciliation) continued on the next page
    repeat_header: bool  # the continuation repeats title and header
    footer: bool         # '52 COMPANY, INC.' under each page
    toc_link: bool       # 'Table of Contents' at the top of each page
    total_rules: bool    # rules above totals


def draw_style(rng: random.Random, kind: str) -> Style:
    c = rng.random
    return Style(kind=kind, font=rng.choice(sorted(FONTS)), size_pt=rng.choice([8, 8.5, 9, 10]),
                 dollar_cell=c() < 0.7, paren_cell=c() < 0.5,
                 zebra=rng.choice(["#cceeff", "#e6e6e6", "#dbe5f1"]) if c() < 0.5 else "",
                 header_band=rng.choice(["#d9d9d9", "#1f3864", "#cceeff"]) if c() < 0.4 else "",
                 leader_dots=c() < 0.3, zero=rng.choice(ZERO_DASHES), footnotes=c() < 0.5,
                 narrow_labels=c() < 0.5, valign=rng.choice(["bottom", "top"]), two_level=c() < 0.6,
                 split_statement=c() < 0.6, repeat_header=c() < 0.5, footer=c() < 0.8,
                 toc_link=c() < 0.7, total_rules=c() < 0.7)


# ---------------------------------------------------------------------------------------
# statements: (label, level, role) rows; role: head (no numbers), item, total, eps, neg
# ---------------------------------------------------------------------------------------
INCOME = [("Net revenue", 0, "item"), ("Cost of revenue", 0, "item"), ("Gross profit", 0, "total"),
          ("Operating expenses:", 0, "head"), ("Research and development", 1, "item"),
          ("Selling, general and administrative", 1, "item"),
          ("Amortization of acquired intangible assets", 1, "item"),
          ("Restructuring, impairment and other related charges, net", 1, "zero"),
          ("Total operating expenses", 2, "total"), ("Operating income", 0, "total"),
          ("Interest expense", 0, "neg"), ("Other income (expense), net", 0, "item"),
          ("Income before income taxes", 0, "total"), ("Provision for income taxes", 0, "item"),
          ("Net income", 0, "total"), ("Net income per share:", 0, "head"),
          ("Basic net income per share", 1, "eps"), ("Diluted net income per share", 1, "eps"),
          ("Weighted average shares outstanding used in computing basic and diluted net income per share",
           0, "shares")]
BALANCE = [("ASSETS", 0, "head"), ("Current assets:", 0, "head"), ("Cash and cash equivalents", 1, "item"),
           ("Short-term investments", 1, "item"),
           ("Accounts receivable, net of allowance for doubtful accounts of $31 and $27", 1, "item"),
           ("Inventories", 1, "item"), ("Prepaid expenses and other current assets", 1, "item"),
           ("Total current assets", 2, "total"), ("Property and equipment, net", 0, "item"),
           ("Operating lease right-of-use assets", 0, "item"), ("Goodwill", 0, "item"),
           ("Intangible assets, net", 0, "item"), ("Deferred income taxes", 0, "item"),
           ("Other assets", 0, "item"), ("Total assets", 0, "total"),
           ("LIABILITIES AND STOCKHOLDERS\u2019 EQUITY", 0, "head"), ("Current liabilities:", 0, "head"),
           ("Accounts payable", 1, "item"), ("Accrued compensation and benefits", 1, "item"),
           ("Current portion of long-term debt", 1, "zero"), ("Total current liabilities", 2, "total"),
           ("Long-term debt, net of current portion", 0, "item"), ("Operating lease liabilities", 0, "item"),
           ("Total liabilities", 0, "total"), ("Commitments and contingencies (Note 12)", 0, "head"),
           ("Stockholders\u2019 equity:", 0, "head"),
           ("Common stock and additional paid-in capital, $0.0001 par value: 900 shares authorized; "
            "486 and 491 shares issued and outstanding", 1, "item"),
           ("Retained earnings", 1, "item"), ("Accumulated other comprehensive loss", 1, "neg"),
           ("Total stockholders\u2019 equity", 2, "total"),
           ("Total liabilities and stockholders\u2019 equity", 0, "total")]
CASH = [("Cash flows from operating activities:", 0, "head"), ("Net income", 1, "item"),
        ("Adjustments to reconcile net income to net cash provided by operating activities:", 1, "head"),
        ("Depreciation and amortization", 2, "item"), ("Stock-based compensation expense", 2, "item"),
        ("Deferred income taxes", 2, "neg"), ("Changes in operating assets and liabilities:", 1, "head"),
        ("Accounts receivable", 2, "neg"), ("Inventories", 2, "neg"), ("Accounts payable", 2, "item"),
        ("Accrued expenses and other liabilities", 2, "item"),
        ("Net cash provided by operating activities", 3, "total"),
        ("Cash flows from investing activities:", 0, "head"), ("Purchases of property and equipment", 1, "neg"),
        ("Acquisitions, net of cash acquired", 1, "neg"), ("Purchases of marketable securities", 1, "neg"),
        ("Proceeds from maturities of marketable securities", 1, "item"),
        ("Net cash used in investing activities", 3, "negtotal"),
        ("Cash flows from financing activities:", 0, "head"), ("Repurchases of common stock", 1, "neg"),
        ("Dividends paid", 1, "neg"), ("Proceeds from issuance of long-term debt", 1, "zero"),
        ("Repayments of long-term debt", 1, "neg"), ("Net cash used in financing activities", 3, "negtotal"),
        ("Effect of exchange rate changes on cash and cash equivalents", 0, "neg"),
        ("Net increase (decrease) in cash and cash equivalents", 0, "item"),
        ("Cash and cash equivalents at beginning of period", 0, "item"),
        ("Cash and cash equivalents at end of period", 0, "total")]
SEGMENTS = [("Americas", 0, "item"), ("Europe, Middle East and Africa", 0, "item"),
            ("Asia Pacific", 0, "item"), ("Corporate and unallocated", 0, "neg"), ("Total", 0, "total")]
RECON = [("GAAP net income", 0, "item"), ("Amortization of acquired intangible assets", 1, "item"),
         ("Restructuring and related charges", 1, "item"), ("Impairment of long-lived assets", 1, "zero"),
         ("Acquisition-related costs", 1, "item"), ("Loss on extinguishment of debt", 1, "zero"),
         ("Litigation settlement", 1, "item"), ("Tax effect of non-GAAP adjustments", 1, "neg"),
         ("Non-GAAP net income", 0, "total"), ("GAAP diluted earnings per share", 0, "eps"),
         ("Amortization of acquired intangible assets per share", 1, "eps"),
         ("Restructuring and related charges per share", 1, "eps"),
         ("Tax effect of non-GAAP adjustments per share", 1, "eps"),
         ("Non-GAAP diluted earnings per share", 0, "eps"), ("GAAP operating income", 0, "item"),
         ("Stock-based compensation", 1, "item"), ("Depreciation and amortization", 1, "item"),
         ("Adjusted EBITDA", 0, "total"), ("Adjusted EBITDA margin", 0, "pct"),
         ("Net cash provided by operating activities", 0, "item"), ("Capital expenditures", 1, "neg"),
         ("Free cash flow", 0, "total")]


class Numbers:
    """Values unique within a document, so a number found near a label is that row's."""

    def __init__(self, rng: random.Random):
        # numbers printed elsewhere (label text, years, page numbers) are never a row's value
        self.rng, self.used = rng, {12, 27, 31, 486, 491, 900, 2021, 2022, 2023}

    def value(self, role: str):
        r = self.rng
        while True:
            if role == "eps":
                v = round(r.uniform(0.05, 9.5), 2)
            elif role == "pct":
                v = round(r.uniform(8, 45), 1)
            elif role == "shares":
                v = r.randint(400, 999)
            else:
                v = r.choice([r.randint(101, 999), r.randint(1000, 99999)])
            if v not in self.used:
                self.used.add(v)
                return v


def fmt_value(v, role: str, negative: bool = False) -> str:
    """'1,234', '2.45' (per share), '23.4%'; a negative opens its parenthesis here, the
    closing one goes in its own cell or after the digits (the style's choice)."""
    s = "%.2f" % v if role == "eps" else "%.1f%%" % v if role == "pct" else "{:,}".format(v)
    return "(%s" % s if negative else s


@dataclass
class Table:
    title: str              # statement name
    unit: str               # unit line
    groups: list            # [(group label or "", [column labels])]
    rows: list              # [(label, level, role)]
    label_width: int = 50   # percent


class Writer:
    """One document: pages of HTML blocks, the rows printed, the style."""

    def __init__(self, style: Style, rng: random.Random, company: str, first_page: int):
        self.s, self.rng, self.company = style, rng, company
        self.nums = Numbers(rng)
        self.pages: list[list[str]] = [[]]
        self.page_no = first_page
        self.truth: list[dict] = []
        self.note_no = 0

    # -- pages ------------------------------------------------------------------------
    def add(self, block: str):
        self.pages[-1].append(block)

    def new_page(self):
        self.pages.append([])

    def page_html(self, blocks: list[str], no: int) -> str:
        top = '<p style="margin:0 0 6pt 0"><a href="#toc">Table of Contents</a></p>' if self.s.toc_link else ""
        foot = ""
        if self.s.footer:
            name = self.company.title().replace("Inc.", "INC.").replace(", Inc", ", INC")
            foot = ('<p style="text-align:center;margin-top:14pt">%d</p><p style="text-align:right;margin:0">%s</p>'
                    % (no, html.escape(self.company)) if self.rng.random() < 0.5 else
                    '<p style="text-align:right;margin-top:14pt">%d %s</p>' % (no, html.escape(name.upper())))
        return '<div class="page">%s%s%s</div><hr style="page-break-after:always;border:0">' % (
            top, "".join(blocks), foot)

    def html(self) -> str:
        s = self.s
        css = ("@page{size:letter;margin:0.6in 0.75in} body{font-family:%s;font-size:%spt;margin:0}"
               "table{border-collapse:collapse;width:100%%} td{padding:1pt 2pt;vertical-align:%s}"
               "p{margin:4pt 0} h2{font-size:%spt;text-align:center;margin:2pt 0}"
               % (FONTS[s.font], s.size_pt, s.valign, s.size_pt + 1))
        pages = [self.page_html(b, self.page_no + i) for i, b in enumerate(self.pages) if b]
        return "<!DOCTYPE html><html><head><meta charset='utf-8'><style>%s</style></head><body>%s</body></html>" % (
            css, "".join(pages))

    # -- prose ------------------------------------------------------------------------
    def prose(self, heading: str, paragraphs: list[str]):
        self.add('<p style="font-weight:bold;margin-top:10pt">%s</p>' % html.escape(heading))
        for p in paragraphs:
            self.add('<p style="text-align:justify;text-indent:2em">%s</p>' % html.escape(p))

    # -- tables -----------------------------------------------------------------------
    def title_block(self, t: Table, continued: bool):
        name = t.title + (" (Continued)" if continued else "")
        self.add('<h2>%s</h2><h2>%s</h2><p style="text-align:center">%s</p>' % (
            html.escape(self.company), html.escape(name.upper()), html.escape(t.unit)))

    def cells_per_col(self) -> int:
        return 1 + self.s.dollar_cell + self.s.paren_cell

    def header_rows(self, t: Table) -> str:
        s, n = self.s, self.cells_per_col()
        band = ("background-color:%s;" % s.header_band) if s.header_band else ""
        color = "color:#ffffff;" if s.header_band == "#1f3864" else ""
        rule = "border-bottom:1px solid #000;"
        out = []
        if s.two_level:
            tds = ['<td style="%s"></td>' % band]
            for g, cols in t.groups:
                span = len(cols) * (n + 1) - 1
                tds.append('<td style="%s"></td>' % band)
                tds.append('<td colspan="%d" style="text-align:center;font-weight:bold;%s%s%s">%s</td>' % (
                    span, band, color, rule, html.escape(g)))
            out.append("<tr>%s</tr>" % "".join(tds))
        tds = ['<td style="%s"></td>' % band]
        for g, cols in t.groups:
            for c in cols:
                label = c if s.two_level or not g else "%s %s" % (g, c)
                tds.append('<td style="%s"></td>' % band)
                tds.append('<td colspan="%d" style="text-align:center;font-weight:bold;%s%s%s">%s</td>' % (
                    n, band, color, rule, html.escape(label)))
        out.append("<tr>%s</tr>" % "".join(tds))
        return "".join(out)

    def label_html(self, label: str, level: int, role: str, note: str) -> str:
        s = self.s
        text = html.escape(label)
        if note:
            text += note
        if s.leader_dots and role != "head":
            cap = int((30 if s.narrow_labels else 55) * 10 / s.size_pt)
            tail = len(label) % cap
            k = max(2, (cap - tail - 4) // 2)
            text += '<span style="white-space:nowrap"> %s</span>' % ("." * (2 * k))
        pad = (level + 1) * 1.0
        weight = "font-weight:bold;" if role in ("total", "negtotal") and level == 0 else ""
        return '<td style="padding-left:%sem;text-indent:-1em;%s">%s</td>' % (pad, weight, text)

    def value_cells(self, v, role: str, dollar: bool, bg: str) -> str:
        s = self.s
        negative = role in ("neg", "negtotal") and v is not None
        rule = "border-top:1px solid #000;" if role in ("total", "negtotal") and s.total_rules else ""
        txt = s.zero if v is None else fmt_value(v, role, negative)
        if negative and not s.paren_cell:
            txt += ")"
        if dollar and not s.dollar_cell:
            txt = "$" + ("\u00a0" if self.rng.random() < 0.5 else "") + txt
        cells = []
        if s.dollar_cell:
            cells.append('<td style="width:1%%;%s%s">%s</td>' % (bg, rule, "$" if dollar else ""))
        cells.append('<td style="text-align:right;white-space:nowrap;%s%s">%s</td>' % (bg, rule, html.escape(txt)))
        if s.paren_cell:
            cells.append('<td style="width:1%%;%s">%s</td>' % (bg, ")" if negative else ""))
        return "".join(cells)

    def fits(self, t: Table, rows: list) -> bool:
        """Whether the rows fit under a title block on one page: the running footer must
        close the page it belongs to, not stand alone on the next one after the browser
        breaks an over-long table by itself. Line count from label length and column width."""
        s = self.s
        char = s.size_pt * (0.56 if s.font == "calibri" else 0.5)
        measure = (612 - 108) * t.label_width / 100 - 20
        lines = sum(max(1, -(-int(len(label) * char + (level + 1) * s.size_pt) // int(measure)))
                    for label, level, _ in rows)
        return lines * s.size_pt * 1.3 + 3 * len(rows) + 160 < 792 - 86

    def table(self, t: Table, tags: tuple, split_at: int | None = None):
        if split_at is None and not self.fits(t, t.rows):
            split_at = len(t.rows) // 2         # too long for the page: continued on the next
        parts = [t.rows] if split_at is None else [t.rows[:split_at], t.rows[split_at:]]
        first_data = True
        notes = []
        for k, rows in enumerate(parts):
            if k:
                self.new_page()
            if not k or self.s.repeat_header:
                self.title_block(t, continued=bool(k))
            body = ['<table><colgroup><col style="width:%d%%">' % t.label_width]
            if not k or self.s.repeat_header:
                body.append(self.header_rows(t))
            zebra_i = 0
            for label, level, role in rows:
                part_tags = tags + (("continued",) if k else ())
                first_data = self.row(body, t, label, level, role, first_data, zebra_i, part_tags, notes)
                zebra_i += role != "head"
            body.append("</table>")
            self.add("".join(body))
        for no, text in notes:
            self.add('<p style="font-size:%spt">(%d) %s</p>' % (self.s.size_pt - 1, no, html.escape(text)))

    def row(self, body, t, label, level, role, first_data, zebra_i, tags, notes) -> bool:
        s = self.s
        n = self.cells_per_col()
        bg = ("background-color:%s;" % s.zebra) if s.zebra and zebra_i % 2 == 0 and role != "head" else ""
        note = ""
        if s.footnotes and role in ("item", "neg") and self.rng.random() < 0.15:
            self.note_no += 1
            note = rng_marker(self.rng, self.note_no)
            notes.append((self.note_no, "Includes amounts related to the %s." % label.lower()))
        tr = '<tr style="%s">' % bg + self.label_html(label, level, role, note).replace(
            '<td style="', '<td style="%s' % bg, 1)
        if role == "head":
            body.append(tr + "".join('<td colspan="%d"></td>' % (n + 1) for _ in range(sum(
                len(c) for _, c in t.groups))) + "</tr>")
            return first_data
        ncols = sum(len(c) for _, c in t.groups)
        values = []
        for j in range(ncols):
            zero = role == "zero" and (j == 0 or self.rng.random() < 0.5)
            values.append(None if zero else self.nums.value(role))
        dollar = first_data or role in ("total", "eps") and level == 0 or role == "eps"
        cells = []
        for v in values:
            cells.append('<td style="width:2%%;%s"></td>' % bg)
            cells.append(self.value_cells(v, role, dollar, bg))
        body.append(tr + "".join(cells) + "</tr>")
        printed = [(s.zero if v is None else fmt_value(v, role)) for v in values]
        row_tags = set(tags) | {role if role in ("total", "negtotal", "eps") else "item"}
        if level:
            row_tags.add("indented")
        if note:
            row_tags.add("footnote_marker")
        if bg:
            row_tags.add("zebra_shaded")
        if None in values:
            row_tags.add("dash_zero")
        if s.narrow_labels and len(label) > 34 or len(label) > 60:
            row_tags.add("wrapped_label")
        self.truth.append({"label": label, "printed": printed, "statement": t.title,
                           "page": self.page_no + len(self.pages) - 1, "tags": sorted(row_tags)})
        return False


def rng_marker(rng: random.Random, no: int) -> str:
    return rng.choice(["<sup>(%d)</sup>" % no, " (%d)" % no, "<sup>%d</sup>" % no])


PROSE = ["Our net revenue grew in every region this year, led by subscription services and by higher "
         "volumes in our largest markets; pricing actions offset most of the inflation in materials and "
         "freight that weighed on the first half.",
         "Operating expenses rose less than revenue as we completed the restructuring announced last year. "
         "Research and development spending continued to focus on the platform programmes described in Item 1.",
         "We believe that our cash, cash equivalents and short-term investments, together with cash from "
         "operations and the revolving credit facility, will be sufficient to meet our liquidity needs for at "
         "least the next twelve months.",
         "The preparation of financial statements requires estimates and assumptions that affect the amounts "
         "reported. Actual results could differ materially from those estimates, in particular for goodwill, "
         "income taxes and the allowance for doubtful accounts.",
         "We manage the business in three geographic segments. The chief operating decision maker reviews "
         "segment revenue and segment operating income, which exclude amortization, restructuring charges "
         "and other items held at corporate."]


def make_document(i: int, seed: int = 39, overrides: dict | None = None):
    """Document i of the set: (html, truth rows, style); overrides replace drawn style
    fields (to reproduce one failure with one habit switched off)."""
    rng = random.Random(seed * 1000 + i)
    kind = "earnings" if i % 3 == 2 else "10-K"
    s = draw_style(rng, kind)
    if overrides:
        s = replace(s, **overrides)
    company = COMPANIES[i % len(COMPANIES)]
    w = Writer(s, rng, company, first_page=rng.randint(2, 70) if kind == "10-K" else 1)
    lw = 32 if s.narrow_labels else 52
    years = ["2023", "2022", "2021"]
    if kind == "10-K":
        w.prose("Item 7. Management\u2019s Discussion and Analysis of Financial Condition and Results of Operations",
                PROSE[:3])
        w.prose("Critical Accounting Estimates", PROSE[3:4])
        w.new_page()
        period = [("Year Ended December 31,", years)]
        w.table(Table("Consolidated Statements of Operations", "(In millions, except per share data)",
                      period, INCOME, lw), ("income",))
        w.new_page()
        w.table(Table("Consolidated Balance Sheets", "(In millions, except par value)",
                      [("December 31,", years[:2])], BALANCE, lw), ("balance",))
        w.new_page()
        w.table(Table("Consolidated Statements of Cash Flows", "(In millions)", period, CASH, lw),
                ("cash_flow",), split_at=len(CASH) * 3 // 5 if s.split_statement else None)
        w.new_page()
        w.prose("Note 15. Segment Information", PROSE[4:5])  # each paragraph once: a repeated one is furniture
        w.table(Table("Revenue and Operating Income by Segment", "(In millions)",
                      [("Revenue", years[:2]), ("Operating income", years[:2])], SEGMENTS, 30 if s.narrow_labels else 40),
                ("segment", "two_level_header" if s.two_level else "flat_header"))
    else:
        w.add('<p style="font-size:%spt;font-weight:bold;text-align:center">%s REPORTS SECOND QUARTER 2023 RESULTS</p>'
              % (s.size_pt + 4, html.escape(company)))
        w.prose("Second Quarter Highlights", PROSE[:2])
        quarters = [("Three Months Ended June 30,", years[:2]), ("Six Months Ended June 30,", years[:2])]
        w.new_page()
        w.table(Table("Condensed Consolidated Statements of Income (Unaudited)", "(In millions, except per share data)",
                      quarters, INCOME, lw), ("income", "two_level_header" if s.two_level else "flat_header"))
        w.new_page()
        w.table(Table("Condensed Consolidated Balance Sheets (Unaudited)", "(In millions)",
                      [("", ["June 30, 2023", "December 31, 2022"])], BALANCE, lw), ("balance",))
        w.new_page()
        w.table(Table("Reconciliation of GAAP to Non-GAAP Financial Measures (Unaudited)",
                      "(In millions, except per share data and percentages)", quarters, RECON, 30 if s.narrow_labels else 40),
                ("reconciliation", "two_level_header" if s.two_level else "flat_header"),
                split_at=len(RECON) // 2 if s.split_statement else None)
        w.prose("Use of Non-GAAP Financial Measures", PROSE[2:3])
    return w.html(), w.truth, asdict(s)
