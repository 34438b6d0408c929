"""How filings_office_gen's statements are set in a word processor: tab-stop paragraphs or
tables with rules only over totals, a text box of highlights, the page header and footer,
and the flat ODF document around them (LibreOffice reads it and exports the PDF).

Every function takes the generator's Writer (`w`): its style `w.s`, its random generator,
its style registry (`w.para`, `w.span`, `w.style`) and its rows printed (`w.record`)."""
from __future__ import annotations

from xml.sax.saxutils import escape

FONTS = {"times": "Liberation Serif", "arial": "Liberation Sans", "calibri": "DejaVu Sans",
         "arial_narrow": "Liberation Sans Narrow"}
CHAR_EM = {"times": 0.48, "arial": 0.52, "calibri": 0.58, "arial_narrow": 0.44}  # mean width, in ems
HIGHLIGHTS = [("Revenue", "item"), ("Operating cash flow", "item"), ("Diluted EPS", "eps"),
              ("Share repurchases", "item")]
WORD_BLUE = "#2f5496"
INDENT = 0.15          # inches per level of a sub-item
TAB = "<text:tab/>"
BREAK = "<text:line-break/>"


class Geometry:
    """Where a statement's columns stand on the text width (inches from the left margin)."""

    def __init__(self, style, ncols: int):
        self.width = 8.5 - 2 * style.margin_in
        widest = 8 * style.size_pt * CHAR_EM[style.font] * 1.2 / 72      # '(99,999)' in digits
        self.col = max(0.8 if ncols > 3 else 0.95, widest + (0.35 if style.dollar == "own" else 0.15))
        self.label_end = self.width - ncols * self.col
        self.ncols = ncols

    def amount_stop(self, j: int, kind: str = "right") -> float:
        """A right stop ends the amount at the column's right; a decimal stop stands where
        the cents begin, so that '2.45' and '16.6%' end inside the column too."""
        return self.label_end + (j + 1) * self.col - (0.3 if kind == "decimal" else 0.08)

    def dollar_stop(self, j: int) -> float:
        return self.label_end + j * self.col + 0.12

    def span_centre(self, first: int, n: int) -> float:
        return self.label_end + (first + n / 2) * self.col - 0.04


def label_lines(label: str, room_in: float, style) -> list[str]:
    """The label broken by hand where it would run past room_in inches (word by word)."""
    per_char = style.size_pt * CHAR_EM[style.font] / 72
    cap = max(12, int(room_in / per_char))
    lines, line = [], ""
    for word in label.split():
        if line and len(line) + 1 + len(word) > cap:
            lines.append(line)
            line = word
        else:
            line = (line + " " + word).strip()
    return lines + [line]


def tab_stop(pos: float, kind: str, leader: str = "") -> str:
    kind_xml = 'style:type="char" style:char="."' if kind == "decimal" else 'style:type="%s"' % kind
    fill = (' style:leader-style="%s" style:leader-text="%s"' % ("dotted" if leader == "." else "solid", leader)
            if leader else "")
    return '<style:tab-stop style:position="%.3fin" %s%s/>' % (pos, kind_xml, fill)


# ------------------------------------------------------------------------------------------
# statements
# ------------------------------------------------------------------------------------------
def statement(w, st, split_at: int | None) -> None:
    """The statement in the style's layout, continued on the next page after split_at rows."""
    how = w.s.layout if w.s.layout != "mixed" else w.rng.choice(["tabs", "table"])
    bounds = [(0, len(st.rows))] if split_at is None else [(0, split_at), (split_at, len(st.rows))]
    first_data = True
    for k, (a, b) in enumerate(bounds):
        if k:
            w.new_page()
        head = not k or w.s.repeat_header
        if head:
            w.title_block(st, continued=bool(k))
        extra = {how} | ({"continued"} if k else set())
        if how == "tabs":
            first_data = tab_part(w, st, a, b, head, first_data, extra)
        else:
            first_data = table_part(w, st, a, b, head, first_data, extra)


def columns(st) -> list[str]:
    return [c for _, cols in st.groups for c in cols]


def tab_header(w, st, geo: Geometry) -> None:
    """A period line centred over its years (two-level) and a line of column labels at the
    amount stops, bold and underlined the way a typist rules a header."""
    s = w.s
    if s.two_level and any(g for g, _ in st.groups):
        stops, first, parts = "", 0, []
        for g, cols in st.groups:     # a period wider than its columns goes on two lines
            stops += tab_stop(geo.span_centre(first, len(cols)), "center")
            parts.append(label_lines(g, len(cols) * geo.col - 0.1, s))
            first += len(cols)
        depth = max(len(x) for x in parts)
        for k in range(depth):
            w.p(w.para(tabs=stops), "".join(TAB + w.span(x[k] if k < len(x) else "", bold=True) for x in parts))
    labels = columns(st) if s.two_level else st.flat
    stops = "".join(tab_stop(geo.amount_stop(j), "right") for j in range(len(labels)))
    w.p(w.para(tabs=stops), "".join(TAB + w.span(c, bold=True, under="single") for c in labels))


def row_tabs(w, geo: Geometry, margin: float, leader: bool) -> str:
    """Tab stops of an amount row, relative to the paragraph's indent: per column an
    optional left stop for '$' and the amount's decimal or right stop; the label's leader
    fills up to the first of them."""
    s, out = w.s, []
    for j in range(geo.ncols):
        if s.dollar == "own":
            out.append(tab_stop(geo.dollar_stop(j) - margin, "left", s.leader if leader and not j else ""))
        out.append(tab_stop(geo.amount_stop(j, s.number_tab) - margin, s.number_tab,
                            s.leader if leader and not j and s.dollar != "own" else ""))
    return "".join(out)


def amounts_text(w, values, role: str, dollar: bool, under: str) -> str:
    out = ""
    for v in values:
        if w.s.dollar == "own":
            out += TAB + ("$" if dollar else "")
        out += TAB + w.span(w.amount(v, role, dollar), under=under)
    return out


def tab_part(w, st, a: int, b: int, head: bool, first_data: bool, extra: set) -> bool:
    """Rows a..b as tab-stop paragraphs; returns whether the next row with amounts is the
    statement's first (it carries the '$')."""
    geo = Geometry(w.s, len(columns(st)))
    if head:
        tab_header(w, st, geo)
    for k in range(a, b):
        label, level, role = st.rows[k]
        margin = level * INDENT
        if role == "head":
            w.p(w.para(margin=margin), escape(label))
            continue
        values = w.draw_values(role, geo.ncols)
        dollar, over, grand = w.row_flags(st, k, role, level, first_data)
        first_data = False
        leader = bool(w.s.leader)
        first_stop = geo.dollar_stop(0) if w.s.dollar == "own" else geo.label_end
        lines = label_lines(label, first_stop - margin - INDENT - (0.35 if leader else 0.1), w.s)
        bold = role in ("total", "negtotal") and level == 0
        under = "double" if grand else "single" if over else ""
        amounts = amounts_text(w, values, role, dollar, under)
        spans = [w.span(x, bold=bold) for x in lines]
        if w.s.wrap == "first" and len(spans) > 1:
            inner = spans[0] + amounts + BREAK + BREAK.join(spans[1:])
        else:
            inner = BREAK.join(spans[:-1] + [spans[-1] + amounts])
        w.p(w.para(margin=margin + INDENT, hang=INDENT, tabs=row_tabs(w, geo, margin + INDENT, leader)), inner)
        tags = set(extra) | ({"wrapped_label"} if len(lines) > 1 else set()) | ({"leader"} if leader else set())
        w.record(st, label, level, role, values, tags)
    return first_data


def cell(w, inner: str, top: str = "", bottom: str = "", align: str = "end", span: int = 1) -> str:
    valign = "bottom" if w.s.wrap == "last" else "top"
    props = ('<style:table-cell-properties style:vertical-align="%s" fo:padding="0.02in" fo:border="none"%s%s/>'
             % (valign, ' fo:border-top="%s"' % top if top else "", ' fo:border-bottom="%s"' % bottom if bottom else ""))
    name = w.style("table-cell", props)
    spanned = ' table:number-columns-spanned="%d"' % span if span > 1 else ""
    return ('<table:table-cell table:style-name="%s"%s office:value-type="string">%s</table:table-cell>%s'
            % (name, spanned, inner, "<table:covered-table-cell/>" * (span - 1)))


def table_header(w, st, per: int, rule: str) -> list[str]:
    rows = []
    if w.s.two_level and any(g for g, _ in st.groups):
        cells = [cell(w, "")]
        for g, cols in st.groups:
            cells.append(cell(w, '<text:p text:style-name="%s">%s</text:p>' % (
                w.para(align="center", bold=True), escape(g)), bottom=rule, span=per * len(cols)))
        rows.append(cells)
    labels = columns(st) if w.s.two_level else st.flat
    rows.append([cell(w, "")] + [cell(w, '<text:p text:style-name="%s">%s</text:p>' % (
        w.para(align="center", bold=True), escape(c)), bottom=rule, span=per) for c in labels])
    return ["<table:table-row>%s</table:table-row>" % "".join(r) for r in rows]


def table_columns(w, geo: Geometry, per: int) -> str:
    widths = [geo.label_end] + ([0.16, geo.col - 0.16] if per == 2 else [geo.col]) * geo.ncols
    return "".join('<table:table-column table:style-name="%s"/>' % w.style(
        "table-column", '<style:table-column-properties style:column-width="%.3fin"/>' % x) for x in widths)


def table_part(w, st, a: int, b: int, head: bool, first_data: bool, extra: set) -> bool:
    """Rows a..b as a table without borders but a rule under the header, a rule under the
    amounts over each total and a double rule under the grand total."""
    s = w.s
    geo = Geometry(s, len(columns(st)))
    per = 2 if s.dollar == "own" else 1
    brk = ' fo:break-before="page"' if w.first_on_page else ""
    w.first_on_page = False
    tstyle = w.style("table", '<style:table-properties style:width="%.3fin" table:align="left"%s/>' % (geo.width, brk))
    rule, double = "0.5pt solid #000000", "1.5pt double #000000"
    rows = table_header(w, st, per, rule) if head else []
    for k in range(a, b):
        label, level, role = st.rows[k]
        bold = role in ("total", "negtotal") and level == 0
        lab = cell(w, '<text:p text:style-name="%s">%s</text:p>' % (
            w.para(align="start", margin=level * INDENT + INDENT, hang=INDENT), w.span(label, bold=bold)))
        if role == "head":
            rows.append("<table:table-row>%s%s</table:table-row>" % (lab, cell(w, "", span=per * geo.ncols)))
            continue
        values = w.draw_values(role, geo.ncols)
        dollar, over, grand = w.row_flags(st, k, role, level, first_data)
        first_data = False
        bottom = double if grand else rule if over else ""
        cells = [lab]
        for v in values:
            if per == 2:
                cells.append(cell(w, '<text:p text:style-name="%s">%s</text:p>' % (
                    w.para(), "$" if dollar else ""), bottom=bottom, align="start"))
            cells.append(cell(w, '<text:p text:style-name="%s">%s</text:p>' % (
                w.para(align="end", right=0.1 if per == 2 else 0), escape(w.amount(v, role, dollar))),
                bottom=bottom))
        rows.append("<table:table-row>%s</table:table-row>" % "".join(cells))
        room = geo.label_end - level * INDENT - 2 * INDENT
        tags = set(extra) | ({"wrapped_label"} if len(label_lines(label, room, s)) > 1 else set())
        w.record(st, label, level, role, values, tags)
    w.body.append('<table:table table:name="T%d" table:style-name="%s">%s%s</table:table>' % (
        len(w.body), tstyle, table_columns(w, geo, per), "".join(rows)))
    return first_data


# ------------------------------------------------------------------------------------------
# text box, page furniture, the document
# ------------------------------------------------------------------------------------------
def text_box(w) -> str:
    """A shaded, framed box of highlights anchored to the first paragraph, at the right of
    the text, the prose flowing on its left: each measure's name over its amount (a line
    break between them; LibreOffice takes right tab stops in a frame for left ones)."""
    from filings_office_gen import Statement
    st = Statement("Highlights", "", [], [], [], ("text_box",))
    frame = w.style("graphic", '<style:graphic-properties style:wrap="parallel" style:horizontal-pos="right" '
                    'style:horizontal-rel="paragraph" style:vertical-pos="top" style:vertical-rel="paragraph" '
                    'fo:border="0.5pt solid #000000" fo:padding="0.06in" draw:fill="solid" draw:fill-color="#eeeeee" '
                    'fo:margin-left="0.12in"/>')
    rows = ['<text:p text:style-name="%s">%s</text:p>' % (w.para(bold=True), "Second Quarter at a Glance")]
    first_on_page, w.first_on_page = w.first_on_page, False
    for label, role in HIGHLIGHTS:
        v = w.nums.value(role)
        txt = ("$" if role != "eps" or w.rng.random() < 0.5 else "") + fmt(v, role) + ("" if role == "eps" else " million")
        rows.append('<text:p text:style-name="%s">%s%s%s</text:p>' % (
            w.para(), escape(label), BREAK, w.span(txt, bold=True)))
        w.record(st, label, 0, role, [v], set())
    w.first_on_page = first_on_page
    return ('<draw:frame draw:style-name="%s" draw:name="Highlights" text:anchor-type="paragraph" '
            'svg:width="2.3in" draw:z-index="0"><draw:text-box fo:min-height="0.5in">%s</draw:text-box></draw:frame>'
            % (frame, "".join(rows)))


def fmt(v, role: str) -> str:
    from filings_html_gen import fmt_value
    return fmt_value(v, role)


def furniture(w) -> tuple[str, str]:
    """(header, footer) of the master page: the company (and the document's name at a right
    tab) in the header area; 'Page X of Y', 'X' or 'Company | X' in the footer area."""
    s = w.s
    name = w.company.title().replace("Inc.", "Inc.").replace("Plc", "plc")
    width = 8.5 - 2 * s.margin_in
    doc = "Form 10-K 2023" if s.kind == "10-K" else "Second Quarter 2023 Results"
    number = '<text:page-number text:select-page="current">1</text:page-number>'
    header = ""
    if s.header:
        text = escape(name) + (TAB + escape(doc) if s.header == "company_title" else "")
        header = '<style:header><text:p text:style-name="Header">%s</text:p></style:header>' % text
    if s.footer == "page_of":
        text, align = "Page %s of <text:page-count>1</text:page-count>" % number, "Footer"
    elif s.footer == "page":
        text, align = number, "Footer"
    else:
        text, align = escape(name) + " | " + number, "FooterRight"
    footer = '<style:footer><text:p text:style-name="%s">%s</text:p></style:footer>' % (align, text)
    styles = ('<style:style style:name="Header" style:family="paragraph" style:parent-style-name="Standard">'
              '<style:paragraph-properties><style:tab-stops>%s</style:tab-stops></style:paragraph-properties>'
              '<style:text-properties fo:font-size="%spt"/></style:style>'
              '<style:style style:name="Footer" style:family="paragraph" style:parent-style-name="Standard">'
              '<style:paragraph-properties fo:text-align="center"/><style:text-properties fo:font-size="%spt"/></style:style>'
              '<style:style style:name="FooterRight" style:family="paragraph" style:parent-style-name="Standard">'
              '<style:paragraph-properties fo:text-align="end"/><style:text-properties fo:font-size="%spt"/></style:style>'
              % (tab_stop(width, "right"), s.size_pt - 1, s.size_pt - 1, s.size_pt - 1))
    return header + footer, styles


def common_styles(w) -> str:
    s = w.s
    colour = ' fo:color="%s"' % WORD_BLUE
    head = "".join('<style:style style:name="Heading_20_%d" style:display-name="Heading %d" style:family="paragraph" '
                   'style:parent-style-name="Standard" style:default-outline-level="%d"><style:paragraph-properties '
                   'fo:margin-top="0.12in" fo:margin-bottom="0.06in" fo:keep-with-next="always"/><style:text-properties '
                   'fo:font-size="%spt" fo:font-weight="bold"%s/></style:style>' % (k, k, k, s.size_pt + 4 - k, colour)
                   for k in (1, 2))
    return ('<style:default-style style:family="paragraph"><style:paragraph-properties fo:orphans="2" fo:widows="2"/>'
            '<style:text-properties style:font-name="F" fo:font-size="%spt" fo:language="en" fo:country="US"/>'
            '</style:default-style><style:style style:name="Standard" style:family="paragraph" style:class="text">'
            '<style:paragraph-properties fo:margin-bottom="0.04in"/></style:style>%s' % (s.size_pt, head))


NS = " ".join('xmlns:%s="urn:oasis:names:tc:opendocument:xmlns:%s"' % kv for kv in (
    ("office", "office:1.0"), ("style", "style:1.0"), ("text", "text:1.0"), ("table", "table:1.0"),
    ("draw", "drawing:1.0"), ("fo", "xsl-fo-compatible:1.0"), ("svg", "svg-compatible:1.0")))


def document_xml(w) -> str:
    s = w.s
    master, furniture_styles = furniture(w)
    layout = ('<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="8.5in" '
              'fo:page-height="11in" fo:margin-top="0.5in" fo:margin-bottom="0.5in" fo:margin-left="%sin" '
              'fo:margin-right="%sin"/><style:header-style><style:header-footer-properties fo:min-height="0in" '
              'fo:margin-bottom="0.25in"/></style:header-style><style:footer-style><style:header-footer-properties '
              'fo:min-height="0in" fo:margin-top="0.25in"/></style:footer-style></style:page-layout>'
              % (s.margin_in, s.margin_in))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<office:document %s office:version="1.2" '
            'office:mimetype="application/vnd.oasis.opendocument.text"><office:font-face-decls>'
            '<style:font-face style:name="F" svg:font-family="\'%s\'"/></office:font-face-decls>'
            '<office:styles>%s%s</office:styles><office:automatic-styles>%s%s</office:automatic-styles>'
            '<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">%s'
            '</style:master-page></office:master-styles><office:body><office:text>%s</office:text></office:body>'
            '</office:document>\n' % (NS, FONTS[s.font], common_styles(w), furniture_styles, layout,
                                      "".join(w.styles.values()), master, "".join(w.body)))
