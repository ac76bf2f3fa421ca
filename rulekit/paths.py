"""Where the bundled data lives, installed or in a checkout."""
from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    # In a checkout (and an editable install) the data sits at the top of the
    # repository; in a built wheel it is installed as rulekit/data/<name>.
    checkout = _HERE.parent / name
    if checkout.is_dir():
        return checkout
    return _HERE / "data" / name


RULESETS_DIR = _data_dir("rulesets")
LOCALES_DIR = _data_dir("locales")
SCHEMA_PATH = _HERE / "language" / "schema" / "ruleset.schema.json"
TEMPLATES_DIR = _HERE / "text" / "templates"


# ---------------------------------------------------------------------------
# Reading a file a user names: a regular file only, and only so much of it.

class NotRegularFile(OSError):
    """The path names a named pipe, a device, a socket...: never read, it could block or never end."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind      # "fifo", "device", "socket" or "other"


class FileTooLarge(OSError):
    """The file is larger than the limit of what is read."""

    def __init__(self, limit: int):
        super().__init__(limit)
        self.limit = limit


def read_user_file(path, max_bytes: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``max_bytes``.

    Raises :class:`IsADirectoryError`, :class:`NotRegularFile`,
    :class:`FileTooLarge`, or the :class:`OSError` of the system (no such
    file, name too long, permission...). A named pipe is opened without
    blocking and refused before anything is read from it.
    """
    import os
    import stat

    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    fd = os.open(os.fspath(path), flags)
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory")
        if not stat.S_ISREG(mode):
            kind = ("fifo" if stat.S_ISFIFO(mode) else "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                    else "socket" if stat.S_ISSOCK(mode) else "other")
            raise NotRegularFile(kind)
        if info.st_size > max_bytes:
            raise FileTooLarge(max_bytes)
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise FileTooLarge(max_bytes)
        return b"".join(chunks)
    finally:
        os.close(fd)


def is_regular_file(path) -> bool:
    """Whether ``path`` names a regular file; False for anything the system cannot look up."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def exists(path) -> bool:
    """Whether ``path`` exists; a name the system cannot even look up (too
    long...) counts as existing, so that reading it reports why."""
    try:
        return Path(path).exists()
    except OSError:
        return True
