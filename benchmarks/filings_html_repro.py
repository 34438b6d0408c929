#!/usr/bin/env python3
"""Minimal reproductions of the failure classes filings_html.py finds in our chunks (issue 39).

Each case is one statement table on one page, written by filings_html_gen.Writer with a
fixed style and a few rows, printed by headless Chromium; the case names the rows that
should be answer-bearing and prints what our pipeline makes of them.

    python benchmarks/filings_html_repro.py                 # every case: ok / FAIL per row
    python benchmarks/filings_html_repro.py leader_dots -v  # one case, with its Markdown
    python benchmarks/filings_html_repro.py --html /tmp/r   # also write each case's HTML and PDF
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import filings_html as bench  # noqa: E402
import filings_html_gen as gen  # noqa: E402

PLAIN = dict(kind="10-K", font="arial", size_pt=9, dollar_cell=True, paren_cell=False, zebra="", header_band="",
             leader_dots=False, zero="\u2014", footnotes=False, narrow_labels=False, valign="bottom",
             two_level=False, split_statement=False, repeat_header=False, footer=False, toc_link=False,
             total_rules=True)
INCOME_ROWS = gen.INCOME[:3] + gen.INCOME[9:15]
WEIGHTED = gen.INCOME[-1]
RECEIVABLE = gen.BALANCE[4]
COMMON = gen.BALANCE[26]

QUARTERS = [("Three Months Ended June 30,", ["2023", "2022"]), ("Six Months Ended June 30,", ["2023", "2022"])]

# name -> (what it shows, style fields, rows, label width %)
CASES = {
    "leader_dots": ("a statement whose labels end in leader dots is refused as a table of contents "
                    "(extract/tables._plausible, LEADER_ROWS): labels come out as one paragraph, the "
                    "amounts as runs of bare numbers", dict(leader_dots=True), INCOME_ROWS, 52),
    "label_column_prose": ("the whole label column is cut off as 'prose of the column beside it' "
                           "(extract/tables._without_column_prose/_prose_columns): the last label wraps "
                           "below its amounts (valign top) in a line of >= 6 words, and _label_column "
                           "fails because '$ 1,234' cells are no number to table_grid.is_number; labels "
                           "then come out as paragraphs and bold totals as headings, after a table of "
                           "bare amounts", dict(valign="top", font="calibri", size_pt=10, two_level=True,
                                                total_rules=False), gen.INCOME, 52),
    "amounts_under_total_rules_dropped": ("the subtotal rules over one amount column make a 'rules' "
                                          "region that extract/framed_text.framed_prose takes for a framed "
                                          "box of prose (tables._ruled_grids blocks it); its words are "
                                          "withheld from the text finder and vanish from the output: the "
                                          "rows keep their first amount only (answer-bearing, not complete)",
                                          dict(valign="top", font="calibri", size_pt=10, paren_cell=True,
                                               two_level=True), INCOME_ROWS + [WEIGHTED], 52),
    "last_row_wraps_below": ("the last row's label wraps below its amounts (valign top): the wrapped "
                             "line lies outside the table region (table_words.aligned_regions ends the run "
                             "at the last line of two phrases) and follows the table as text",
                             dict(valign="top", dollar_cell=False), INCOME_ROWS + [WEIGHTED], 52),
    "wrapped_line_cuts_table": ("valign top: a label's wrapped line in the middle of a statement (no "
                                "amounts on it, one long phrase) is neither a row nor a group label to "
                                "table_words.aligned_regions, so the run ends there: the statement is cut "
                                "in two and the line falls between them as text",
                                dict(valign="top", dollar_cell=False, narrow_labels=True),
                                gen.BALANCE[1:4] + [RECEIVABLE] + gen.BALANCE[5:8] + [COMMON]
                                + gen.BALANCE[27:30], 32),
    "continuation_starts_with_dollar": ("valign top: the wrapped line '$27' of 'Accounts receivable, net "
                                        "of allowance ... of $31 and' becomes a row of its own "
                                        "(table_grid._continues refuses a line whose first phrase "
                                        "matches NUMBER, though the line above ends in ' and')",
                                        dict(valign="top", font="arial", size_pt=8, dollar_cell=False),
                                        gen.BALANCE[1:8], 52),
    "colon_line_valign_bottom": ("valign bottom: the label's first lines ('... par value: 900 shares "
                                 "authorized; 486 and 491') cut the statement in two as above; the scorer "
                                 "still finds the label before its amounts in reading order, so this one "
                                 "passes: a structural defect only",
                                 dict(narrow_labels=True), gen.BALANCE[17:21] + [COMMON] + gen.BALANCE[27:30], 32),
    "first_word_outside_box": ("a long level-0 label among indented rows: the region's left edge is "
                               "the indented short phrases' (table_words.aligned_regions boxes short "
                               "phrases only); build_grid keeps words by centre, so 'Net' is dropped and "
                               "'increase (decrease) ...' joins the row above as its wrapped line",
                               dict(valign="top", font="calibri", size_pt=10, dollar_cell=False),
                               gen.CASH[14:17] + gen.CASH[19:22] + gen.CASH[24:], 52),
    "semicolon_clause_valign_top": ("valign top, narrow labels: 'value: 900 shares authorized;' / '486 and "
                                    "491 shares issued and' became a row of its own (table_numbers.goes_on: a "
                                    "line starting with a figure after a semicolon did not go on)",
                                    dict(valign="top", narrow_labels=True, font="calibri", size_pt=9),
                                    gen.BALANCE[17:21] + [COMMON] + gen.BALANCE[27:30], 32),
}


def case_document(name):
    """(html, truth) of one case: its table alone on a page, under its title block."""
    _, fields, rows, width = CASES[name]
    style = gen.Style(**dict(PLAIN, **fields))
    w = gen.Writer(style, random.Random(39), "NORTHWIND HOLDINGS, INC.", first_page=52)
    groups = QUARTERS if style.two_level else [("Year Ended December 31,", ["2023", "2022", "2021"])]
    w.table(gen.Table("Consolidated Statements of Operations", "(In millions, except per share data)",
                      groups, rows, width), (name,))
    return w.html(), w.truth


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*", help="case names (default: all): " + ", ".join(CASES))
    ap.add_argument("-v", action="store_true", help="print our Markdown of each case")
    ap.add_argument("--html", help="write each case's HTML and PDF into this folder")
    a = ap.parse_args()
    exe = bench.find_engine("chromium")
    if exe is None:
        print("skipped: no chromium on PATH")
        return 0
    fb = bench.load_scorer()
    version = bench.engine_version(exe)
    for name in a.cases or CASES:
        html_text, truth = case_document(name)
        pdf = bench.print_pdf(exe, version, html_text, "repro-" + name)
        if a.html:
            os.makedirs(a.html, exist_ok=True)
            shutil.copy(pdf, os.path.join(a.html, name + ".pdf"))
            with open(os.path.join(a.html, name + ".html"), "w", encoding="utf-8") as fh:
                fh.write(html_text)
        chunks = fb.CHUNKERS["ours"](pdf)
        normed = [fb.norm(c["text"]) for c in chunks]
        items = bench.items_of(fb, truth)
        bad = [it for it in items if not any(fb.answer_bearing(t, it) for t in normed)]
        print("%s: %d of %d rows answer-bearing  [%s]" % (name, len(items) - len(bad), len(items), pdf))
        print("  " + CASES[name][0])
        for it in bad:
            print("  FAIL %r %s" % (it["label"], it["numbers"]))
        for it in items:
            if it not in bad and not any(bench.row_complete(fb, t, it) for t in normed):
                print("  INCOMPLETE %r %s" % (it["label"], it["all_numbers"]))
        if a.v:
            import layoutpdf
            print(layoutpdf.parse(pdf).to_markdown())
    return 0


if __name__ == "__main__":
    sys.exit(main())
