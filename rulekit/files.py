"""Writing the files rulekit makes: one atomic write that never replaces an input.

Every file a command writes (tune's house rule, a rulebook, a game record) goes through
:func:`write_atomic`: the text is written to a temporary file in the same folder, flushed
to the disk (``fsync``), then renamed over the target (``os.replace``), so a crash or a
full disk never leaves half a file, and the old file stays whole until the new one is.

A command passes the files it reads as ``inputs``: a target that is one of them (the
same file by another name, a symbolic link to it, a hard link) is refused with an
:class:`~rulekit.errors.OutputError` naming both, before anything is written.
:func:`check_output` makes the same checks without writing, so a long command (a
``tune`` search) can refuse a bad output before it starts.

:func:`shown_path` is a file name or a typed value as a message quotes it: every control
character escaped, so a name cannot steer the terminal.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import N_, OutputError, Text, printable

#: The longest file name (one path component) most file systems accept, in bytes.
MAX_NAME_BYTES = 255


def shown_path(path) -> str:
    """``path`` (or any text a user typed) as a message shows it: control characters escaped.

    >>> shown_path("r\\x1b]0;PWNED\\x07x.yaml")
    'r\\\\x1b]0;PWNED\\\\x07x.yaml'
    """
    return printable(str(path), keep="")


def _same(a: Path, b: Path) -> bool:
    try:
        if os.path.samefile(a, b):
            return True
    except OSError:
        pass
    try:
        return a.resolve() == b.resolve()
    except (OSError, RuntimeError):
        return False


def _is_input(path: Path, inputs) -> str | None:
    for item in inputs or ():
        if item is None:
            continue
        if _same(path, Path(item)):
            return str(item)
    return None


def check_output(path, inputs=()) -> Path:
    """``path`` as a file this command may write, or :class:`OutputError` saying why not:
    it is one of ``inputs`` (the files the command reads), a folder, in a folder that does
    not exist or cannot be written, or its name is too long."""
    path = Path(path)
    shown = shown_path(path)
    same = _is_input(path, inputs)
    if same is not None:
        raise OutputError(Text(N_("will not write {file}: it is {input}, a file this command reads; "
                                  "choose another output with -o"), file=shown, input=shown_path(same)))
    if len(os.fsencode(path.name)) > MAX_NAME_BYTES:
        raise OutputError(Text(N_("cannot write {file}: the file name is longer than {limit} bytes"),
                               file=shown, limit=MAX_NAME_BYTES))
    if path.is_dir():
        raise OutputError(Text(N_("cannot write {file}: it is a folder"), file=shown))
    if path.exists() and not path.is_file() and not path.is_symlink():
        raise OutputError(Text(N_("cannot write {file}: not a regular file (a device, a named pipe…)"), file=shown))
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(Text(N_("cannot write {file}: the folder {folder} does not exist"),
                               file=shown, folder=shown_path(folder)))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(Text(N_("cannot write {file}: the folder {folder} is not writable"),
                               file=shown, folder=shown_path(folder)))
    return path


def write_atomic(path, data, inputs=(), mode: int | None = None, sync: bool = True) -> Path:
    """Write ``data`` (text, as UTF-8, or bytes) to ``path`` atomically and return the path.

    Refuses (:class:`OutputError`) a ``path`` that is one of ``inputs``; an error of the
    system (a full disk…) becomes an OutputError naming the file, and the old file is kept.
    A symbolic link is written through: the file it points to is replaced, the link kept.
    ``mode`` defaults to an ordinary file's (0666 less the umask)."""
    path = check_output(path, inputs)
    if isinstance(data, str):
        data = data.encode("utf-8")
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=target.name[:200] + ".", suffix=".tmp", dir=str(folder))
    except OSError as exc:
        raise OutputError(Text(N_("cannot write {file}: {reason}"), file=shown_path(path),
                               reason=exc.strerror or exc)) from None
    try:
        if mode is None:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)           # mkstemp makes 0600
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if sync:
                os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise OutputError(Text(N_("cannot write {file}: {reason}"), file=shown_path(path),
                                   reason=exc.strerror or exc)) from None
        raise
    return path


__all__ = ["check_output", "write_atomic", "shown_path", "MAX_NAME_BYTES"]
