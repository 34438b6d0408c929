"""Token counting for the splitter, offline-safe.

tiktoken downloads an encoding file the first time it is used and caches it under
``$TIKTOKEN_CACHE_DIR/<sha1 of the blob URL>``. We never let it reach the network: before
calling ``tiktoken.get_encoding`` we check that every file the encoding needs is in the
cache (and has the expected sha256, because tiktoken deletes a mismatching cached file and
then downloads). llama-index-core ships cl100k_base and o200k_base in its package data;
`ensure_tiktoken_cache` points tiktoken there when the user has not chosen a cache.
"""
from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import tempfile
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence, Union

from ..errors import LayoutPDFError

log = logging.getLogger(__name__)

_BLOB = "https://openaipublic.blob.core.windows.net/"
# encoding name -> files it loads: (blob URL, expected sha256), as in tiktoken_ext/openai_public.py
_R50K = (_BLOB + "encodings/r50k_base.tiktoken",
         "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930")
_P50K = (_BLOB + "encodings/p50k_base.tiktoken",
         "94b5ca7dff4d00767bc256fdd1b27e5b17361d7b8a5f968547f9f23eb70d2069")
_CL100K = (_BLOB + "encodings/cl100k_base.tiktoken",
           "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7")
_O200K = (_BLOB + "encodings/o200k_base.tiktoken",
          "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d")
KNOWN_ENCODING_FILES: dict[str, tuple[tuple[str, str], ...]] = {
    "gpt2": ((_BLOB + "gpt-2/encodings/main/vocab.bpe",
              "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5"),
             (_BLOB + "gpt-2/encodings/main/encoder.json",
              "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783")),
    "r50k_base": (_R50K,),
    "p50k_base": (_P50K,),
    "p50k_edit": (_P50K,),
    "cl100k_base": (_CL100K,),
    "o200k_base": (_O200K,),
    "o200k_harmony": (_O200K,),
}

_LOCK = threading.RLock()
_ENCODINGS: dict[str, Any] = {}        # encoding name -> tiktoken.Encoding
_VERIFIED: set[tuple[str, float]] = set()  # (cache path, mtime) whose sha256 matched


class TokenizerUnavailableError(LayoutPDFError):
    """A tokenizer encoding could not be loaded (offline, unknown name, missing cache)."""


def _unavailable(name: str, why: str) -> TokenizerUnavailableError:
    return TokenizerUnavailableError(
        f"tiktoken encoding {name!r} could not be loaded offline: {why}. To fix it, set "
        f"TIKTOKEN_CACHE_DIR to a directory holding the cached encoding file, or install "
        f"llama-index-core (pip install 'layoutpdf[llama-index]'), which ships cl100k_base "
        f"and o200k_base, or pass chunk tokenizer= a callable that counts tokens.")


def _llama_index_cache_dir() -> str | None:
    try:
        spec = importlib.util.find_spec("llama_index.core")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for root in spec.submodule_search_locations:
        path = os.path.join(root, "_static", "tiktoken_cache")
        if os.path.isdir(path):
            return path
    return None


def ensure_tiktoken_cache() -> str | None:
    """Point TIKTOKEN_CACHE_DIR at llama-index-core's bundled cache if the user set none.

    Returns the TIKTOKEN_CACHE_DIR in effect afterwards (None if still unset). Never touches
    the network and never imports llama_index.
    """
    with _LOCK:
        if "TIKTOKEN_CACHE_DIR" not in os.environ:
            path = _llama_index_cache_dir()
            if path is not None:
                os.environ["TIKTOKEN_CACHE_DIR"] = path
                log.debug("TIKTOKEN_CACHE_DIR set to llama-index-core's cache %s", path)
        return os.environ.get("TIKTOKEN_CACHE_DIR")


def tiktoken_cache_dir() -> str:
    """The directory tiktoken reads cached files from (same rules as tiktoken.load)."""
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        return os.environ["TIKTOKEN_CACHE_DIR"]
    if "DATA_GYM_CACHE_DIR" in os.environ:
        return os.environ["DATA_GYM_CACHE_DIR"]
    return os.path.join(tempfile.gettempdir(), "data-gym-cache")


def _cache_path(url: str) -> str:
    return os.path.join(tiktoken_cache_dir(), hashlib.sha1(url.encode()).hexdigest())


def _check_cached(name: str, files: tuple[tuple[str, str], ...]) -> None:
    if tiktoken_cache_dir() == "":
        raise _unavailable(name, "TIKTOKEN_CACHE_DIR is empty, which disables the cache")
    for url, sha256 in files:
        path = _cache_path(url)
        if not os.path.isfile(path):
            raise _unavailable(name, f"{os.path.basename(url)} is not cached at {path}")
        key = (path, os.path.getmtime(path))
        if key in _VERIFIED:
            continue
        with open(path, "rb") as f:
            ok = hashlib.sha256(f.read()).hexdigest() == sha256
        if not ok:   # tiktoken would delete it and download again
            raise _unavailable(name, f"the cached file {path} is corrupt (sha256 mismatch)")
        _VERIFIED.add(key)


@contextmanager
def _no_download() -> Iterator[None]:
    """Make tiktoken's URL reader fail instead of downloading (for plugin encodings)."""
    import tiktoken.load as tl

    original = tl.read_file

    def refuse(blobpath: str) -> bytes:
        if "://" in blobpath:
            raise OSError(f"download of {blobpath} refused (offline)")
        return original(blobpath)

    tl.read_file = refuse
    try:
        yield
    finally:
        tl.read_file = original


def _resolve_name(name: str) -> str:
    import tiktoken

    if name in KNOWN_ENCODING_FILES or name in tiktoken.list_encoding_names():
        return name
    try:       # a model name such as "gpt-4o"
        return tiktoken.encoding_name_for_model(name)
    except KeyError:
        raise _unavailable(name, "it is neither a known tiktoken encoding nor a model "
                                 f"name (known: {', '.join(tiktoken.list_encoding_names())})"
                           ) from None


def load_encoding(name: str) -> Any:
    """The tiktoken Encoding `name`, loaded once per process, never from the network."""
    enc = _ENCODINGS.get(name)
    if enc is not None:
        return enc
    with _LOCK:
        enc = _ENCODINGS.get(name)
        if enc is not None:
            return enc
        try:
            import tiktoken
        except ImportError as exc:
            raise _unavailable(name, "tiktoken is not installed (pip install tiktoken)") from exc
        ensure_tiktoken_cache()
        real = _resolve_name(name)
        files = KNOWN_ENCODING_FILES.get(real)
        if files is not None:
            _check_cached(name, files)
        try:
            with _no_download():
                enc = tiktoken.get_encoding(real)
        except Exception as exc:   # plugin encodings, unreadable cache files
            raise _unavailable(name, f"{type(exc).__name__}: {exc}") from exc
        _ENCODINGS[name] = enc
        return enc


class Tokenizer:
    """Counts tokens. Subclasses: a tiktoken encoding, or a user callable."""

    name: str = "tokenizer"

    def count(self, text: str) -> int:
        raise NotImplementedError

    def __call__(self, text: str) -> int:
        return self.count(text)


class TiktokenTokenizer(Tokenizer):
    """A tiktoken encoding by name; picklable (the Encoding is re-created lazily)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._encode: Callable[[str], list[int]] | None = None

    def _load(self) -> Callable[[str], list[int]]:
        self._encode = load_encoding(self.name).encode_ordinary
        return self._encode

    def count(self, text: str) -> int:
        if not text:
            return 0
        encode = self._encode or self._load()
        return len(encode(text))

    def __getstate__(self) -> dict[str, Any]:
        return {"name": self.name}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.name = state["name"]
        self._encode = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TiktokenTokenizer) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("tiktoken", self.name))

    def __repr__(self) -> str:
        return f"TiktokenTokenizer({self.name!r})"


class CallableTokenizer(Tokenizer):
    """Wraps `fn(text)` returning a token sequence (its length is counted) or an int."""

    def __init__(self, fn: Callable[[str], Union[Sequence[Any], int]]) -> None:
        self.fn = fn
        self.name = getattr(fn, "__name__", type(fn).__name__)

    def count(self, text: str) -> int:
        if not text:
            return 0
        result = self.fn(text)
        if isinstance(result, bool):
            raise TypeError("tokenizer callable returned a bool, expected a sequence or int")
        if isinstance(result, int):
            return result
        return len(result)

    def __repr__(self) -> str:
        return f"CallableTokenizer({self.fn!r})"


TokenizerSpec = Union[str, Tokenizer, Callable[[str], Union[Sequence[Any], int]]]


def get_tokenizer(encoding: TokenizerSpec = "cl100k_base") -> Tokenizer:
    """A Tokenizer for a tiktoken encoding (or model) name, a callable, or a Tokenizer.

    Names are loaded eagerly so a missing encoding fails here, with
    TokenizerUnavailableError, not in the middle of splitting.
    """
    if isinstance(encoding, Tokenizer):
        return encoding
    if isinstance(encoding, str):
        tok = TiktokenTokenizer(encoding)
        tok._load()
        return tok
    if callable(encoding):
        return CallableTokenizer(encoding)
    raise TypeError(f"tokenizer must be an encoding name, a callable or a Tokenizer, "
                    f"not {type(encoding).__name__}")
