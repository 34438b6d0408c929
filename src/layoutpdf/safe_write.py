"""Writing outputs without being steered by what is already on disk.

Every writer (Markdown and JSON in batch, figure crops, the inspector's HTML and PNGs)
writes through `write_file`: the bytes go to a new file created exclusively (``O_EXCL``,
``O_NOFOLLOW``, a random name) in the target's own folder, which is then renamed over the
target. So a reader never sees half a file, a symlink planted at the target name is
replaced (never written through), and no fixed or guessable temporary name (``X.tmp``,
pid + thread id) exists for anyone to plant in advance.

Folders: the one the user names (``-o``, ``--png DIR``, ``image_dir``) is taken as given,
even when it is a symlink. A folder layoutpdf makes itself inside it (``<stem>-figures``)
is created with ``mkdir`` (which never follows a link) and refused when something other
than a real folder already sits at its name (`make_subdir`, `OutputPathError`).

`short_name` keeps output names within the file-system's 255-byte limit.
"""
from __future__ import annotations

import errno
import hashlib
import os
import secrets
import stat

from .errors import OutputPathError

MAX_STEM_BYTES = 120    # a longer stem is cut and given a hash (`short_name`)
_HASH_CHARS = 8
_DIR_FD = os.open in os.supports_dir_fd and os.replace in os.supports_dir_fd
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def short_name(stem: str, limit: int = MAX_STEM_BYTES) -> str:
    """`stem` as is when its UTF-8 form fits in `limit` bytes; else its longest prefix
    that leaves room for ``-`` and 8 hex digits of its SHA-1, so the same long name always
    gives the same short one and two long names sharing a prefix stay apart."""
    raw = stem.encode("utf-8", "surrogatepass")
    if len(raw) <= limit:
        return stem
    digest = hashlib.sha1(raw).hexdigest()[:_HASH_CHARS]
    head = raw[:limit - _HASH_CHARS - 1].decode("utf-8", "ignore")   # whole characters only
    return f"{head.rstrip('._- ')}-{digest}"


def output_dir(path: str | os.PathLike) -> str:
    """The folder the user named for outputs, created (with its parents) when missing.
    It may be a symlink (the user chose it); anything else at its name is an
    `OutputPathError` (an existing file, say)."""
    path = os.fspath(path)
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:
        raise OutputPathError(f"output folder {path!r} exists and is not a folder") from None
    except NotADirectoryError:
        raise OutputPathError(f"output folder {path!r}: a part of the path is a file") from None
    if not os.path.isdir(path):
        raise OutputPathError(f"output folder {path!r} exists and is not a folder")
    return path


def make_subdir(parent: str | os.PathLike, name: str) -> str:
    """`parent/name`, a folder of our own: created with mkdir (never through a link); an
    existing real folder is reused; a symlink or anything else there is refused."""
    path = os.path.join(os.fspath(parent), name)
    try:
        os.mkdir(path)
    except FileExistsError:
        pass
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode):
        raise OutputPathError(f"refusing to write into {path!r}: it is a symlink (layoutpdf "
                              "creates this folder itself; remove the link, or name the "
                              "folder you mean as the output folder)")
    if not stat.S_ISDIR(info.st_mode):
        raise OutputPathError(f"refusing to write into {path!r}: it exists and is not a folder")
    return path


def existing_bytes(path: str | os.PathLike) -> bytes | None:
    """The content of a regular file at `path` (never through a symlink), else None."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return None
        return fh.read()


def write_file(path: str | os.PathLike, data: bytes | str, *, own_folder: bool = False) -> None:
    """Write `data` (str: UTF-8, newlines as given) to `path` atomically: a new file
    made exclusively in the same folder, then renamed over `path` (a symlink at `path` is
    replaced, not followed). `own_folder`: the folder is one layoutpdf created (see
    `make_subdir`) and is opened without following a link."""
    path = os.fspath(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    folder, name = os.path.split(path)
    folder = folder or "."
    if not name:
        raise OutputPathError(f"{path!r} names a folder, not a file")
    if _DIR_FD:
        _write_at(folder, name, data, own_folder)
    else:   # no dir_fd (Windows): the same steps by path
        _write_by_path(folder, name, data)


def _open_folder(folder: str, own_folder: bool) -> int:
    flags = os.O_RDONLY | _DIRECTORY | (_NOFOLLOW if own_folder else 0)
    try:
        return os.open(folder, flags)
    except OSError as exc:
        if own_folder and exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise OutputPathError(f"refusing to write into {folder!r}: it is a symlink or "
                                  "not a folder") from None
        raise


def _new_file(dir_fd: int | None, folder: str, name: str) -> tuple[int, str]:
    """A new file with a random name beside `name`, created exclusively (never a link)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = f".{name[:40]}.{secrets.token_hex(8)}.part"
        try:
            if dir_fd is None:
                return os.open(os.path.join(folder, tmp), flags, 0o666), tmp
            return os.open(tmp, flags, 0o666, dir_fd=dir_fd), tmp
        except FileExistsError:
            continue
    raise OutputPathError(f"cannot create a temporary file in {folder!r}")


def _write_at(folder: str, name: str, data: bytes, own_folder: bool) -> None:
    dir_fd = _open_folder(folder, own_folder)
    try:
        fd, tmp = _new_file(dir_fd, folder, name)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        except BaseException:
            try:
                os.unlink(tmp, dir_fd=dir_fd)
            except OSError:
                pass
            raise
    finally:
        os.close(dir_fd)


def _write_by_path(folder: str, name: str, data: bytes) -> None:
    fd, tmp = _new_file(None, folder, name)
    tmp = os.path.join(folder, tmp)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, os.path.join(folder, name))
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


__all__ = ["MAX_STEM_BYTES", "existing_bytes", "make_subdir", "output_dir", "short_name",
           "write_file"]
