"""Framework-free, structure-aware, token-based splitting of rendered Markdown units."""
from .chunk import Chunk
from .markdown_units import units_from_markdown
from .splitter import Splitter, split_markdown, split_units
from .tokenizers import (Tokenizer, TokenizerUnavailableError, ensure_tiktoken_cache,
                         get_tokenizer)

__all__ = ["Chunk", "Splitter", "split_units", "split_markdown", "units_from_markdown",
           "get_tokenizer", "ensure_tiktoken_cache", "TokenizerUnavailableError", "Tokenizer"]
