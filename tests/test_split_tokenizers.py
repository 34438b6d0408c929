import hashlib
import os
import pickle
import threading

import pytest

from layoutpdf.errors import LayoutPDFError
from layoutpdf.split import TokenizerUnavailableError, ensure_tiktoken_cache, get_tokenizer
from layoutpdf.split import tokenizers as tk

CL100K_URL = "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken"
R50K_URL = "https://openaipublic.blob.core.windows.net/encodings/r50k_base.tiktoken"


@pytest.fixture
def no_network(monkeypatch):
    """Fail the test if tiktoken tries to read a URL."""
    import tiktoken.load

    def boom(blobpath):
        raise AssertionError(f"tiktoken tried to read {blobpath}")

    monkeypatch.setattr(tiktoken.load, "read_file", boom)


def test_ensure_cache_points_at_llama_index_when_unset(monkeypatch):
    monkeypatch.delenv("TIKTOKEN_CACHE_DIR", raising=False)
    path = ensure_tiktoken_cache()
    assert path is not None and os.environ["TIKTOKEN_CACHE_DIR"] == path
    assert path.replace(os.sep, "/").endswith("llama_index/core/_static/tiktoken_cache")
    assert os.path.isfile(os.path.join(path, hashlib.sha1(CL100K_URL.encode()).hexdigest()))


def test_ensure_cache_keeps_user_choice(monkeypatch, tmp_path):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    assert ensure_tiktoken_cache() == str(tmp_path)
    assert os.environ["TIKTOKEN_CACHE_DIR"] == str(tmp_path)


def test_ensure_cache_without_llama_index(monkeypatch):
    monkeypatch.delenv("TIKTOKEN_CACHE_DIR", raising=False)
    monkeypatch.setattr(tk.importlib.util, "find_spec", lambda name: None)
    assert ensure_tiktoken_cache() is None
    assert "TIKTOKEN_CACHE_DIR" not in os.environ


def test_counts_match_tiktoken(no_network):
    tok = get_tokenizer("cl100k_base")
    enc = tk.load_encoding("cl100k_base")
    text = "Structure-aware splitting keeps $x^2$ with its sentence.[^1]"
    assert tok.count(text) == len(enc.encode_ordinary(text)) > 5
    assert tok.count("") == 0
    assert tok.count("hello world") == 2


def test_special_token_text_is_counted_not_rejected():
    tok = get_tokenizer("cl100k_base")
    assert tok.count("a <|endoftext|> b") > 3


def test_o200k_and_model_names(no_network):
    assert get_tokenizer("o200k_base").count("hello world") == 2
    assert get_tokenizer("gpt-4o").count("hello world") == 2


def test_tokenizer_pickles_by_name():
    tok = get_tokenizer("cl100k_base")
    data = pickle.dumps(tok)
    assert len(data) < 200                     # the encoding itself is not pickled
    back = pickle.loads(data)
    assert back.name == "cl100k_base" and back._encode is None
    assert back.count("a quick test of pickling") == tok.count("a quick test of pickling")


def test_unknown_encoding_error_names_the_fix():
    with pytest.raises(TokenizerUnavailableError) as info:
        get_tokenizer("no_such_encoding")
    msg = str(info.value)
    assert isinstance(info.value, LayoutPDFError)
    assert "no_such_encoding" in msg and "offline" in msg
    assert "TIKTOKEN_CACHE_DIR" in msg and "llama-index-core" in msg


def test_uncached_encoding_fails_without_download(no_network, monkeypatch, tmp_path):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    with pytest.raises(TokenizerUnavailableError, match="r50k_base.*not cached"):
        get_tokenizer("r50k_base")
    with pytest.raises(TokenizerUnavailableError, match="gpt2"):
        get_tokenizer("gpt2")


def test_empty_cache_dir_means_no_cache(no_network, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")
    with pytest.raises(TokenizerUnavailableError, match="disables the cache"):
        get_tokenizer("p50k_base")


def test_corrupt_cache_file_is_reported_and_kept(no_network, monkeypatch, tmp_path):
    bad = tmp_path / hashlib.sha1(R50K_URL.encode()).hexdigest()
    bad.write_bytes(b"not an encoding")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    with pytest.raises(TokenizerUnavailableError, match="corrupt"):
        get_tokenizer("r50k_base")
    assert bad.exists()                         # tiktoken would have deleted it


def test_callable_tokenizers():
    assert get_tokenizer(str.split).count("three small words") == 3
    assert get_tokenizer(lambda s: len(s)).count("abcd") == 4
    assert get_tokenizer(lambda s: tuple(s)).count("abc") == 3
    with pytest.raises(TypeError):
        get_tokenizer(lambda s: True).count("x")
    with pytest.raises(TypeError):
        get_tokenizer(42)


def test_tokenizer_instance_passes_through():
    tok = get_tokenizer("cl100k_base")
    assert get_tokenizer(tok) is tok


def test_concurrent_counting_is_consistent():
    tok = pickle.loads(pickle.dumps(get_tokenizer("cl100k_base")))   # lazy re-creation
    text = "Threads share one cached encoding. " * 20
    expected = get_tokenizer("cl100k_base").count(text)
    results = []

    def work():
        results.extend(tok.count(text) for _ in range(20))

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 160
