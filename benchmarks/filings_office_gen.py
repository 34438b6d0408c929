"""Synthetic SEC filings and earnings releases as an office suite writes them (issue 39).

Annual reports and earnings releases are often typed in Word or LibreOffice and exported to
PDF. Their statements keep the content of the EDGAR-HTML ones (filings_html_gen: the same
statements, values, companies and prose) but are laid out with a word processor's habits,
each drawn independently from a seeded random generator:

- statements set with TAB STOPS instead of tables: a right or decimal tab per amount column,
  optionally a left tab for a '$' of its own, and a leader fill ('....' or '____') from the
  label to the first amount; or as a word-processor table whose cells have no borders but a
  rule over totals (and a double rule under the grand total);
- labels too long for the label area broken by hand (a line break) with the amounts on the
  label's last line, or on its first; indented sub-items (paragraph indent);
- '$' attached ('$1,234'), spaced ('$ 1,234') or at a tab of its own; parentheses for
  negatives; a dash for zero; rules over totals drawn as underlined amounts;
- a two-level header (period centred over its years) or one line of column labels;
- Heading 1/2 paragraph styles (Word's blue) or bold centred body text for titles;
- a page header with the company (and the document's name) and a footer 'Page X of Y',
  'X' or 'Company | X' in the header/footer areas; a text box of highlights beside the
  opening prose of an earnings release; a statement continued on the next page.

`make_document(i, seed)` returns (fodt, truth, style): fodt is a flat ODF text document
(LibreOffice converts it to PDF), truth one dict per printed row with a number: label, the
row's printed amounts, statement, tags (page: None, found in the PDF by the benchmark).
"""
from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from xml.sax.saxutils import escape

import filings_html_gen as html_gen
import filings_office_layout as layout
from filings_office_layout import FONTS
from filings_html_gen import BALANCE, CASH, COMPANIES, INCOME, PROSE, RECON, SEGMENTS, Numbers, fmt_value



@dataclass(frozen=True)
class Style:
    kind: str             # "10-K" or "earnings"
    font: str
    size_pt: float
    layout: str           # "tabs", "table" or "mixed" (drawn per statement)
    number_tab: str       # amount tab stops: "decimal" or "right"
    leader: str           # tab fill from the label to the first amount: "", "." or "_" (tab stops only)
    dollar: str           # "attached" ($1,234), "spaced" ($ 1,234) or "own" (own tab stop / cell)
    zero: str             # how a zero prints
    wrap: str             # a long label broken by hand: amounts on its "last" or "first" line
    total_rule: bool      # rule over the amounts of totals (underline in tabs, border in tables)
    double_under: bool    # double rule under the grand total
    two_level: bool       # period centred over its years (else one line of column labels)
    header: str           # page header: "", "company" or "company_title"
    footer: str           # page footer: "page_of" (Page X of Y), "page" (X) or "company_page"
    headings: bool        # titles in Heading styles (else bold centred body text)
    text_box: bool        # earnings release: highlights in a text box beside the opening prose
    split_statement: bool  # cash flows / reconciliation continued on the next page
    repeat_header: bool   # the continuation repeats title and column header
    margin_in: float


def draw_style(rng: random.Random, kind: str) -> Style:
    c = rng.random
    return Style(kind=kind, font=rng.choice(sorted(FONTS)), size_pt=rng.choice([9, 10, 10, 11]),
                 layout=rng.choice(["tabs", "tabs", "table", "mixed"]),
                 number_tab=rng.choice(["decimal", "right"]),
                 leader=rng.choice(["", "", ".", "_"]), dollar=rng.choice(["attached", "spaced", "own"]),
                 zero=rng.choice(html_gen.ZERO_DASHES), wrap="last" if c() < 0.7 else "first",
                 total_rule=c() < 0.7, double_under=c() < 0.5, two_level=c() < 0.6,
                 header=rng.choice(["", "company", "company_title"]),
                 footer=rng.choice(["page_of", "page_of", "page", "company_page"]),
                 headings=c() < 0.5, text_box=c() < 0.6, split_statement=c() < 0.5,
                 repeat_header=c() < 0.5, margin_in=rng.choice([0.75, 1.0]))


@dataclass
class Statement:
    title: str
    unit: str
    groups: list          # [(period label, [column labels])]
    flat: list            # one-line column labels (style.two_level False)
    rows: list            # [(label, level, role)]
    tags: tuple


class Writer:
    """One document: automatic styles, body paragraphs, the rows printed."""

    def __init__(self, style: Style, rng: random.Random, company: str):
        self.s, self.rng, self.company = style, rng, company
        self.nums = Numbers(rng)
        self.styles: dict[str, str] = {}     # xml -> name
        self.body: list[str] = []
        self.truth: list[dict] = []
        self.first_on_page = False

    # -- styles -------------------------------------------------------------------------
    def style(self, family: str, props: str, parent: str = "") -> str:
        """The name of an automatic style with these properties, registered once."""
        key = family + parent + props
        if key not in self.styles:
            name = "%s%d" % (family[0].upper(), len(self.styles) + 1)
            par = ' style:parent-style-name="%s"' % parent if parent else ""
            self.styles[key] = '<style:style style:name="%s" style:family="%s"%s>%s</style:style>' % (
                name, family, par, props)
        return self.styles[key].split('"')[1]

    def para(self, align: str = "start", bold: bool = False, italic: bool = False, size: float = 0,
             margin: float = 0, hang: float = 0, tabs: str = "", parent: str = "Standard", right: float = 0) -> str:
        brk = ' fo:break-before="page"' if self.first_on_page else ""
        self.first_on_page = False
        pp = ('<style:paragraph-properties fo:text-align="%s" fo:margin-left="%.3fin" fo:text-indent="%.3fin"'
              ' fo:margin-right="%.3fin" fo:margin-top="0in" fo:margin-bottom="0.02in"%s>%s</style:paragraph-properties>'
              % (align, margin, -hang, right, brk, "<style:tab-stops>%s</style:tab-stops>" % tabs if tabs else ""))
        tp = "<style:text-properties%s%s%s/>" % (' fo:font-weight="bold"' if bold else "",
                                                ' fo:font-style="italic"' if italic else "",
                                                ' fo:font-size="%spt"' % size if size else "")
        return self.style("paragraph", pp + tp, parent)

    def span(self, text: str, bold: bool = False, under: str = "") -> str:
        if not (bold or under):
            return escape(text)
        props = (' fo:font-weight="bold"' if bold else "") + (
            ' style:text-underline-style="solid" style:text-underline-width="auto" style:text-underline-color='
            '"font-color"%s' % (' style:text-underline-type="double"' if under == "double" else "") if under else "")
        name = self.style("text", "<style:text-properties%s/>" % props)
        return '<text:span text:style-name="%s">%s</text:span>' % (name, escape(text))

    def p(self, style: str, inner: str, heading: int = 0) -> None:
        if heading:
            self.body.append('<text:h text:style-name="%s" text:outline-level="%d">%s</text:h>' % (
                style, heading, inner))
        else:
            self.body.append('<text:p text:style-name="%s">%s</text:p>' % (style, inner))

    def new_page(self) -> None:
        self.first_on_page = True

    # -- prose and titles ---------------------------------------------------------------
    def heading(self, text: str, level: int) -> None:
        if self.s.headings:
            self.p(self.para(parent="Heading_20_%d" % level), escape(text), heading=level)
        else:
            self.p(self.para(bold=True, size=self.s.size_pt + (2 if level == 1 else 1)), escape(text))

    def prose(self, heading: str, paragraphs: list[str], box: str = "") -> None:
        self.heading(heading, 1)
        for k, text in enumerate(paragraphs):
            style = self.para(align="justify")
            self.p(style, (box if k == 0 else "") + escape(text))

    def title_block(self, st: Statement, continued: bool) -> None:
        name = st.title + (" (Continued)" if continued else "")
        self.p(self.para(align="center", bold=True), escape(self.company))
        if self.s.headings:
            self.p(self.para(align="center", parent="Heading_20_2"), escape(name), heading=2)
        else:
            self.p(self.para(align="center", bold=True), escape(name.upper()))
        self.p(self.para(align="center", italic=True), escape(st.unit))

    # -- amounts ------------------------------------------------------------------------
    def amount(self, v, role: str, dollar: bool) -> str:
        """The amount as typed: '(1,234)', '$1,234', '$ 1,234', a dash for zero; with
        the 'own' habit the '$' goes to a tab stop of its own (not here)."""
        negative = role in ("neg", "negtotal") and v is not None
        txt = self.s.zero if v is None else fmt_value(v, role, negative) + (")" if negative else "")
        if dollar and self.s.dollar != "own":
            txt = ("$" if self.s.dollar == "attached" else "$ ") + txt
        return txt

    def draw_values(self, role: str, ncols: int) -> list:
        return [None if role == "zero" and (j == 0 or self.rng.random() < 0.5) else self.nums.value(role)
                for j in range(ncols)]

    def record(self, st: Statement, label: str, level: int, role: str, values: list, tags: set) -> None:
        printed = [(self.s.zero if v is None else fmt_value(v, role)) for v in values]
        tags = set(st.tags) | tags | {role if role in ("total", "negtotal", "eps") else "item"}
        if level:
            tags.add("indented")
        if None in values:
            tags.add("dash_zero")
        self.truth.append({"label": label, "printed": printed, "statement": st.title, "page": None,
                           "tags": sorted(tags)})

    def row_flags(self, st: Statement, k: int, role: str, level: int, first_data: bool):
        """(dollar signs on the row, rule over its amounts, double rule under them)."""
        dollar = first_data or role in ("total", "eps") and level == 0 or role == "eps"
        nxt = next((r for _, _, r in st.rows[k + 1:] if r != "head"), None)
        over = self.s.total_rule and nxt in ("total", "negtotal")     # ruled under: the next is a total
        grand = self.s.double_under and role in ("total", "negtotal") and k == len(st.rows) - 1
        return dollar, over, grand


def statements(kind: str, rng: random.Random) -> list[Statement]:
    years = ["2023", "2022", "2021"]
    if kind == "10-K":
        period = [("Year Ended December 31,", years)]
        return [Statement("Consolidated Statements of Operations", "(In millions, except per share data)",
                          period, years, INCOME, ("income",)),
                Statement("Consolidated Balance Sheets", "(In millions, except par value)",
                          [("December 31,", years[:2])], years[:2], BALANCE, ("balance",)),
                Statement("Consolidated Statements of Cash Flows", "(In millions)", period, years, CASH,
                          ("cash_flow",)),
                Statement("Revenue and Operating Income by Segment", "(In millions)",
                          [("Revenue", years[:2]), ("Operating income", years[:2])],
                          ["Rev. 2023", "Rev. 2022", "OI 2023", "OI 2022"], SEGMENTS, ("segment",))]
    quarters = [("Three Months Ended June 30,", years[:2]), ("Six Months Ended June 30,", years[:2])]
    flat = ["Q2 2023", "Q2 2022", "YTD 2023", "YTD 2022"]
    return [Statement("Condensed Consolidated Statements of Income (Unaudited)",
                      "(In millions, except per share data)", quarters, flat, INCOME, ("income",)),
            Statement("Condensed Consolidated Balance Sheets (Unaudited)", "(In millions)",
                      [("", ["June 30, 2023", "December 31, 2022"])], ["June 30, 2023", "Dec. 31, 2022"],
                      BALANCE, ("balance",)),
            Statement("Reconciliation of GAAP to Non-GAAP Financial Measures (Unaudited)",
                      "(In millions, except per share data and percentages)", quarters, flat, RECON,
                      ("reconciliation",))]


def make_document(i: int, seed: int = 39, overrides: dict | None = None):
    """Document i of the set: (fodt, truth rows, style); overrides replace drawn style fields."""
    rng = random.Random(seed * 1000 + i + 500)
    kind = "earnings" if i % 3 == 2 else "10-K"
    s = draw_style(rng, kind)
    if overrides:
        s = replace(s, **overrides)
    company = COMPANIES[i % len(COMPANIES)]
    w = Writer(s, rng, company)
    if kind == "10-K":
        w.prose("Item 7. Management\u2019s Discussion and Analysis of Financial Condition and Results of "
                "Operations", PROSE[:3])
        w.prose("Critical Accounting Estimates", PROSE[3:4])
    else:
        w.p(w.para(align="center", bold=True, size=s.size_pt + 4),
            escape("%s REPORTS SECOND QUARTER 2023 RESULTS" % company))
        box = layout.text_box(w) if s.text_box else ""
        w.prose("Second Quarter Highlights", PROSE[:2], box)
    sts = statements(kind, rng)
    for st in sts:
        if st.rows is SEGMENTS:
            w.new_page()
            w.prose("Note 15. Segment Information", PROSE[4:5])
        else:
            w.new_page()
        split = st.rows in (CASH, RECON) and s.split_statement
        layout.statement(w, st, split_at=len(st.rows) * 3 // 5 if split else None)
    if kind == "earnings":
        w.prose("Use of Non-GAAP Financial Measures", PROSE[2:3])
    return layout.document_xml(w), w.truth, asdict(s)
