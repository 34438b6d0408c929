"""The words of a page's text layer as the page shows them.

MuPDF puts a (synthetic) space wherever the pen moves more than 0.15 em between two glyphs
(`SPACE_DIST` in its text device) and nowhere else. That misses words some producers place
apart without a space character on a tighter gap (or with advance widths that overstate
the glyphs, so every gap reads smaller), and it spaces out every letter of a letter-spaced
(tracked) line. Both are decided here from the glyph gaps of the line itself, the way
pdfminer's word margin does: a line's typical gap is its letter gap (kerning plus any
tracking); a gap clearly wider than that, relative to the font size and to the spread of
the line's letter gaps, is a word space. Spaces are only added on lines whose text layer
has none of its own, in fonts the producer never writes a space in on that page, and
only MuPDF's own spaces are ever taken out, so a producer's spaces are always kept. Tight kerning (`AV`, `To`) only ever narrows a gap, and a spread
of kerned gaps raises the bar, so a kerned word is never split.

Where the letter gaps and the word gaps of a line form two groups apart (`_bimodal`), the
wider group is the word spaces however narrow it is: a caption set glyph by glyph with
tight word spacing, or in a font whose advance widths overstate its glyphs, leaves word
gaps under any fixed bar, but never as narrow as its own letter gaps.

Also here: accents drawn as separate glyphs (`accents.compose`), ligatures expanded,
soft hyphens removed (a line-final one, where the word was broken, is the hyphen drawn),
non-breaking, thin and other fixed-width spaces made plain spaces, and TeX's doubled
single quotes (two turned or two raised commas, `‘‘` and `’’`, where the font had no
double-quote ligature) made the double quotes they print as.
"""
from __future__ import annotations

import re
import statistics

import pymupdf

from .accents import COMBINING, compose, has_accent

SPACE_DIST_EM = 0.15     # MuPDF's own threshold: gaps wider than this already got a space
WORD_GAP_EM = 0.1        # a gap this much wider than the line's letter gap is a word space...
SPREAD_FACTOR = 4.0      # ... and this many times the spread of the line's letter gaps
MIN_GAPS = 6             # fewer gaps in a line: no statistics, nothing inferred
LONG_RUN = 18            # runs of letters this long on two lines of a page, or one run
VERY_LONG_RUN = 30       # this long, make the page's glyph gaps worth a look
SAME_BASELINE_EM = 0.2   # glyphs whose baselines differ more (scripts) are not compared
SAME_SIZE = 0.1
MEAN_WORD = 8            # words of a line that average this many characters are run together
MAX_TRACKING_EM = 0.6    # wider even gaps are columns or cells, not letter-spacing
MIN_WORD_GAPS = 2        # fewer wide gaps in a line are not taken for its word spaces...
ALIKE = 0.6              # ... nor are gaps of unlike widths (the narrowest under this share)
TRACKED_SHARE = 0.6      # a line whose words are this often single letters is tracked
# two groups of gaps apart (`_bimodal`): the wide group starts this many times the spread of
# the narrow group's upper half above its widest member, and at least this far (in em)
APART_SPREADS = 3.0
MIN_APART_EM = 0.03

LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl",
             "\ufb05": "st", "\ufb06": "st"}
FIXED_SPACES = "\u00a0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f"
INVISIBLE = "\u200b\u2060\ufeff"          # zero-width space, word joiner, BOM
_TABLE = str.maketrans({**LIGATURES, **{c: " " for c in FIXED_SPACES},
                        **{c: "" for c in INVISIBLE}})
_DOUBLED_QUOTES = re.compile("\u2018\u2018|\u2019\u2019")
_FOLDED_QUOTES = {"\u2018\u2018": "\u201c", "\u2019\u2019": "\u201d"}
_SPECIAL = re.compile("[\u00ad" + "".join(LIGATURES) + FIXED_SPACES + INVISIBLE + "]|"
                      + _DOUBLED_QUOTES.pattern)
_DRAWN_HYPHEN = re.compile(r"(?<=[^\W\d_])\u00ad(?=[^\W\d_])")   # between letters: drawn
_LONG_RUN = re.compile(rf"[^\W\d_]{{{LONG_RUN},}}")
_LETTER_SPACED = re.compile(r"(?:(?<!\S)[^\W\d_] ){3,}[^\W\d_](?!\S)")
_SPECIAL_OR_ACCENT = re.compile("[" + re.escape("\u00ad" + "".join(LIGATURES) + FIXED_SPACES
                                                + INVISIBLE + "".join(COMBINING)) + "]|"
                                + _DOUBLED_QUOTES.pattern)
# scripts written without spaces between words: no space is ever inferred next to them
_UNSPACED = re.compile("[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u2e80-\u9fff\uac00-\ud7ff"
                       "\uf900-\ufaff\uff00-\uffef\U00020000-\U0003134f]")


def normalise(text: str, line_end: bool = True) -> str:
    """Ligatures expanded, soft hyphens removed, special spaces made plain. A soft hyphen
    in a PDF's text is a glyph the page draws: one that ends a line (`line_end`: the text
    is the line's last), where a word was broken, is that hyphen, '-', for the paragraph
    join to undo; so is one between two letters (`Arabic\u00adLatin`, as some producers
    encode every hyphen). Others (before a space, at a word's start) are dropped."""
    if not _SPECIAL.search(text):
        return text
    if "\u00ad" in text:
        stripped = text.rstrip(" ")
        if line_end and stripped.endswith("\u00ad"):
            text = stripped[:-1] + "-" + text[len(stripped):]
        text = _DRAWN_HYPHEN.sub("-", text).replace("\u00ad", "")
    return text.translate(_TABLE)


def fold_quotes(text: str) -> str:
    """TeX's doubled single quotes as the double quotes they print as: two backquotes and
    two quotes typeset in a font without the double-quote ligatures come out as two turned
    (or two raised) commas, `‘‘word’’`; two such commas in a row are never anything else."""
    return _DOUBLED_QUOTES.sub(lambda m: _FOLDED_QUOTES[m.group()], text) if "\u2018" in text \
        or "\u2019" in text else text


def fix_text(textpage: pymupdf.TextPage, raw: dict) -> dict:
    """The page's dict (`extractDICT`, or a rawdict) with span texts corrected in place:
    spaces inferred, accents composed (both from the glyphs of `textpage`, read only on
    pages that need them), then every span normalised (`normalise`)."""
    accents, spaces, special, lines = _scan(raw)
    wanted = lines if spaces else [key for key in lines if key in accents]
    if wanted:
        rawdict = raw if _has_chars(raw) else textpage.extractRAWDICT()
        spaced = _fonts_with_spaces(rawdict) if spaces else set()
        for b, l in wanted:
            _fix_line(raw["blocks"][b]["lines"][l], rawdict["blocks"][b]["lines"][l],
                      spaces, (b, l) in accents, spaced)
    for b, l in special:
        spans = raw["blocks"][b]["lines"][l]["spans"]
        texts = [sp.get("text", "") for sp in spans]
        _normalise_line(texts, [k for k, t in enumerate(texts) if _SPECIAL.search(t)], spans)
    return raw


def _scan(raw: dict) -> tuple[set, bool, list, list]:
    """One pass over the page's spans: the horizontal lines with separate accents, whether
    spaces are inferred on this page (runs of letters too long to be words on two lines,
    or one far too long, or a letter-spaced line), the lines holding characters to
    normalise, and every horizontal line (block, line)."""
    accents: set = set()
    special: list = []
    lines: list = []
    long_runs, spaces = 0, False
    for b, block in enumerate(raw.get("blocks", ())):
        if block.get("type", 0) != 0:
            continue
        for l, ln in enumerate(block.get("lines", ())):
            spans = ln.get("spans", ())
            horizontal = abs(ln.get("dir", (1.0, 0.0))[1]) < 0.05 and not ln.get("wmode", 0)
            if horizontal:
                lines.append((b, l))
            # spans joined by newlines: no pattern matches a newline or a run across one,
            # so the line is worth a look exactly when one of its spans is
            if not worth_a_look("\n".join([sp.get("text", "") for sp in spans])):
                continue
            text = "".join(sp.get("text", "") for sp in spans)
            if _SPECIAL.search(text):
                special.append((b, l))
            if not horizontal:
                continue
            if has_accent(text):
                accents.add((b, l))
            run = max((len(m) for m in _LONG_RUN.findall(text)), default=0)
            long_runs += run > 0
            spaces = spaces or long_runs >= 2 or run >= VERY_LONG_RUN \
                or _LETTER_SPACED.search(text) is not None
    return accents, spaces, special, lines


def worth_a_look(text: str) -> bool:
    """A character to normalise or a separate accent, a run of letters too long to be a
    word, or a letter-spaced run (L E T T E R S): what `_scan` looks closer at. The two
    runs are searched for only where the words split at white space allow them (a run of
    letters lies within one such word; a letter-spaced run is four one-letter words in a
    row): the regular expressions cost ~4 µs a line, the split a fraction of that."""
    if _SPECIAL_OR_ACCENT.search(text):
        return True
    words = text.split()
    if any(len(w) >= LONG_RUN for w in words) and _LONG_RUN.search(text):
        return True
    singles = 0
    for w in words:
        singles = singles + 1 if len(w) == 1 else 0
        if singles == 4:
            return _LETTER_SPACED.search(text) is not None
    return False


def _normalise_line(texts: list[str], special: list[int], spans: list[dict]) -> None:
    """Normalise the spans of one line that need it, each seeing the characters next to
    it in the spans around (a soft hyphen may end one span, its word go on in the next)."""
    last = max((k for k, t in enumerate(texts) if t.strip()), default=-1)
    for k in special:
        before = next((t[-1] for t in reversed(texts[:k]) if t), "")
        after = next((t[0] for t in texts[k + 1:] if t), "")
        text = normalise(before + texts[k] + after, line_end=k == last and not after.strip())
        text = text[len(before):len(text) - len(after)] if after else text[len(before):]
        spans[k]["text"] = fold_quotes(text)     # within the span: its context keeps its length


def _has_chars(raw: dict) -> bool:
    for block in raw.get("blocks", ()):
        for ln in block.get("lines", ()):
            for sp in ln.get("spans", ()):
                return "chars" in sp
    return False


def _fonts_with_spaces(rawdict: dict) -> set[str]:
    """Fonts in which the page's producer writes space characters of its own: where it
    does, a gap without one is no word space, and none is inferred in that font."""
    out: set[str] = set()
    for block in rawdict.get("blocks", ()):
        for ln in block.get("lines", ()):
            for s in ln.get("spans", ()):
                if s.get("font") not in out and any(c["c"] == " " and not c.get("synthetic")
                                                    for c in s.get("chars", ())):
                    out.add(s.get("font"))
    return out


def _fix_line(ln: dict, raw_ln: dict, spaces: bool, accents: bool, spaced: set[str]) -> None:
    chars: list[dict] = []
    owner: list[int] = []
    raw_spans = raw_ln.get("spans", ())
    if len(raw_spans) != len(ln.get("spans", ())):
        return                                      # not the same line: leave it
    for k, s in enumerate(raw_spans):
        for c in s.get("chars", ()):
            chars.append(dict(c, size=s.get("size", 0.0), font=s.get("font", "")))
            owner.append(k)
    texts = [c["c"] for c in chars]
    changed = compose(chars, texts) if accents else False
    own_spaces = any(s.get("font") in spaced for s in raw_spans)
    if spaces and respace(chars, texts, _run_together("".join(texts)) and not own_spaces):
        changed = True
    if not changed:
        return
    for k, s in enumerate(ln["spans"]):
        s["text"] = "".join(t for t, o in zip(texts, owner) if o == k)


def _run_together(text: str) -> bool:
    """The line reads as words run together: its words average `MEAN_WORD` characters."""
    words = text.split()
    return bool(words) and sum(map(len, words)) >= MEAN_WORD * len(words)


def respace(chars: list[dict], texts: list[str], run_together: bool = True) -> bool:
    """Decide the word spaces of one line from its glyph gaps (texts changed in place:
    a space added before a glyph, or a synthetic space emptied). Spaces are added only
    on a line whose words run together (`run_together`) and that has no space of its
    own. True if any changed."""
    pairs = _gaps(chars, texts)
    if len(pairs) < MIN_GAPS:
        return False
    gaps = [g for _, _, g, _ in pairs]
    letter = max(statistics.median(gaps), 0.0)   # kerning narrows gaps: measure from unkerned
    # the noise of unkerned gaps (kerned pairs only lie below): the wider half's median
    spread = statistics.median([g - letter for g in gaps if g >= letter] or [0.0])
    bar = letter + max(WORD_GAP_EM, SPREAD_FACTOR * spread)
    add = run_together and not any(t == " " and not c.get("synthetic") for c, t in zip(chars, texts))
    changed = False
    if add:
        found = _wide(pairs, texts, bar)
        if not _word_gaps(found, pairs, texts):
            apart = _bimodal([g for _, _, g, between in pairs if not between])
            found = _wide(pairs, texts, apart) if apart is not None and apart < bar else []
            if found and not _between_words(found, pairs, texts, apart):
                found = []
        if _word_gaps(found, pairs, texts):
            for _, j in found:
                texts[j] = " " + texts[j]
            changed = True
    if SPACE_DIST_EM <= letter <= MAX_TRACKING_EM and _letter_by_letter("".join(texts)):
        for i, j, gap, between in pairs:     # MuPDF spaced out every letter: tracking
            if between and gap < bar and texts[i].isalpha() and texts[j].isalpha():
                for k in between:
                    texts[k] = ""
                changed = True
    return changed


def _wide(pairs, texts: list[str], bar: float) -> list[tuple[int, int]]:
    """The gaps of a line at least `bar` wide with no space in them, between glyphs of
    scripts that space their words."""
    return [(i, j) for i, j, gap, between in pairs
            if not between and gap >= bar and _spaced_script(texts[i], texts[j])]


def _bimodal(gaps: list[float]) -> float | None:
    """The bar between two groups of a line's gaps, when they fall apart: the narrow
    group (at least half the gaps: the letter gaps, kerned ones below) and the wide one
    (at least `MIN_WORD_GAPS`: the word gaps), split at the widest step between two gaps
    in order. They are apart when that step is wider than the narrow group reaches above
    its median, `APART_SPREADS` times its spread and `MIN_APART_EM`, and wider than the
    wide group's own range (a line has one word space). None when the gaps are one
    group: a word spacing as tight as the letter spacing says nothing."""
    g = sorted(gaps)
    n = len(g)
    splits = range(max(1, (n + 1) // 2), n - MIN_WORD_GAPS + 1)
    if n < MIN_GAPS or not splits:
        return None
    k = max(splits, key=lambda k: g[k] - g[k - 1])
    step, lower, upper = g[k] - g[k - 1], g[:k], g[k:]
    middle = statistics.median(lower)
    spread = statistics.median([x - middle for x in lower if x >= middle])
    if step < max(MIN_APART_EM, APART_SPREADS * spread, lower[-1] - middle) or upper[-1] - upper[0] > step:
        return None
    return (lower[-1] + upper[0]) / 2


def _between_words(found: list[tuple[int, int]], pairs, texts: list[str], apart: float) -> bool:
    """The wide gaps of the wider group fall between words, not at glyphs whose widths are
    wrong: a glyph with a wrong advance width (or side bearing) leaves a wide gap after (or
    before) itself wherever it occurs (`Shorel i ne`, `Tra ve rsa l`), while a word space
    falls between letters set closely elsewhere on the line. At least half of the wide
    gaps (and `MIN_WORD_GAPS`) must show it: the glyph before the gap is followed, or the
    glyph after it preceded, by a letter gap somewhere else on the line."""
    closed_after = {texts[i] for i, _, g, between in pairs if not between and g < apart}
    closed_before = {texts[j] for _, j, g, between in pairs if not between and g < apart}
    shown = sum(texts[i] in closed_after or texts[j] in closed_before for i, j in found)
    return shown >= max(MIN_WORD_GAPS, len(found) / 2)


def _word_gaps(found: list[tuple[int, int]], pairs, texts: list[str]) -> bool:
    """The wide gaps found are a line's word spaces: at least `MIN_WORD_GAPS` of them,
    after different letters and all about as wide (one space width per line, justified
    or not), unlike the wide gap a glyph with a wrong advance width or rounded positions
    leaves after itself wherever it occurs (`LineEv ents::HydroLineEv ent`)."""
    if len(found) < MIN_WORD_GAPS or len({texts[i] for i, _ in found}) < 2:
        return False
    wanted = set(found)
    widths = [g for i, j, g, _ in pairs if (i, j) in wanted]
    return min(widths) >= ALIKE * max(widths)


def _letter_by_letter(text: str) -> bool:
    """Most of the line's words are single letters (L E T T E R S): MuPDF's reading of a
    tracked line, not a line of short words or symbols."""
    words = text.split()
    return len(words) >= 4 and sum(len(w) == 1 and w.isalpha() for w in words) >= TRACKED_SHARE * len(words)


def _gaps(chars: list[dict], texts: list[str]) -> list[tuple[int, int, float, list[int]]]:
    """(glyph, next glyph, gap in em, synthetic spaces between) for consecutive glyphs of
    one baseline and size with nothing or only MuPDF's spaces between them."""
    out = []
    prev, between = None, []
    for j, t in enumerate(texts):
        if t == "":
            continue
        if t == " " and chars[j].get("synthetic"):
            between.append(j)
            continue
        if not t.strip():                          # the producer's own space
            prev, between = None, []
            continue
        if prev is not None:
            a, b = chars[prev], chars[j]
            size = max(a["size"], b["size"], 1e-3)
            if abs(a["size"] - b["size"]) <= SAME_SIZE * size and \
                    abs(a["origin"][1] - b["origin"][1]) <= SAME_BASELINE_EM * size:
                out.append((prev, j, (b["bbox"][0] - a["bbox"][2]) / size, between))
        prev, between = j, []
    return out


def _spaced_script(a: str, b: str) -> bool:
    """Both glyphs belong to scripts that separate words by spaces."""
    return bool(a) and bool(b) and not _UNSPACED.match(a[-1]) and not _UNSPACED.match(b[0]) \
        and (a[-1].isalnum() or a[-1] in ".,;:!?)]") and (b[0].isalnum() or b[0] in "([")
