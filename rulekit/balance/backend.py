"""Where the games are played: this process, local processes, or a Dask cluster.

:func:`open_backend` returns a :class:`Backend` whose :meth:`Backend.map`
calls a function on every task and returns the results **in task order**,
whatever order they finished in; a task's result depends on the task only,
so every backend gives the same answer for the same tasks.

- ``jobs=1`` and no cluster: this process;
- ``jobs=N``: a pool of N local processes (:mod:`concurrent.futures`);
- ``cluster="local"``: a Dask distributed cluster started on this machine
  (``jobs`` workers, one thread each) for the duration of the run;
- ``cluster="tcp://HOST:8786"``: the Dask scheduler at that address (its
  workers must have rulekit installed: they import the functions by name);
- ``cluster=<distributed.Client>``: a client already connected (tests use an
  in-process cluster this way).

Dask is optional (``pip install 'rulekit[cluster]'``); without it only
``--cluster`` fails, with a message saying what to install.
"""
from __future__ import annotations

import os

from ..errors import ClusterError, printable
from ..i18n import _


#: The parent's pid in a local worker process (None elsewhere: this process, a Dask worker).
_PARENT = None

#: How long connecting to a Dask scheduler may take before ``--cluster ADDRESS`` gives up.
CONNECT_TIMEOUT = "20s"
#: Beyond CONNECT_TIMEOUT, how long the whole start (the connection, the handshake and the first exchange
#: with the scheduler) may take before it is given up: a scheduler that accepts and never answers.
START_GRACE = 10.0
#: Local Dask workers (``--cluster local``) per core of this machine, at most.
WORKERS_PER_CORE = 2


def _seconds(text) -> float:
    text = str(text).strip()
    return float(text[:-1]) if text.endswith("s") else float(text)


def local_workers(jobs: int, tasks: int | None = None) -> int:
    """The workers ``--cluster local`` starts for ``jobs``: at most one per task (game) and
    :data:`WORKERS_PER_CORE` per core of this machine."""
    cap = WORKERS_PER_CORE * (os.cpu_count() or 1)
    if tasks is not None:
        cap = min(cap, max(1, tasks))
    return max(1, min(jobs or 1, cap))


class ClusterLost(ClusterError):
    """The connection to the Dask scheduler was lost during a run (the scheduler died or the network failed)."""


def _quiet_dask():
    """Silence distributed's own log lines and warnings (a lost scheduler would print a traceback on stderr;
    a busy default dashboard port, a warning): rulekit says what went wrong, once. Returns what to restore."""
    import logging
    import warnings

    saved = []
    for name in ("distributed", "distributed.client", "distributed.worker", "distributed.nanny",
                 "distributed.scheduler", "distributed.core", "distributed.comm", "tornado", "asyncio"):
        log = logging.getLogger(name)
        saved.append((log, log.level))
        log.setLevel(logging.CRITICAL + 1)
    warnings.filterwarnings("ignore", message=r"Port \d+ is already in use")
    return saved


def _restore_logs(saved) -> None:
    for log, level in saved or ():
        log.setLevel(level)


def _connect(address: str):
    """A Client of the scheduler at ``address``, or ClusterError: within CONNECT_TIMEOUT for the connection,
    and START_GRACE more for the handshake and a first exchange, whatever the scheduler does."""
    import threading

    from dask.distributed import Client

    box = {}

    def start():
        try:
            client = Client(address, timeout=CONNECT_TIMEOUT)
            client.scheduler_info()              # the first exchange: a silent scheduler never answers it
            box["client"] = client
        except BaseException as exc:             # reported by the caller's thread
            box["error"] = exc

    limit = _seconds(CONNECT_TIMEOUT) + START_GRACE
    thread = threading.Thread(target=start, name="rulekit-dask-connect", daemon=True)
    thread.start()
    thread.join(limit)
    if thread.is_alive():
        raise ClusterError(_("the Dask scheduler at {address} accepted the connection but did not answer "
                             "within {seconds} seconds: is it a Dask scheduler, and is it running?").format(
            address=printable(address, keep=""), seconds=int(limit))) from None
    if "error" in box:
        raise box["error"]
    return box["client"]


def parent_gone() -> None:
    """In a local worker whose parent has died: exit rather than play on as an orphan."""
    if _PARENT is not None and os.getppid() != _PARENT:
        os._exit(1)


def _worker_init(parent: int):
    # Ctrl-C reaches every process of the terminal's group: the parent alone
    # handles it (it cancels what is pending and stops the workers). The
    # worker starts with SIGINT blocked (see ProcessBackend), ignores it, then
    # unblocks it: a Ctrl-C during its start is dropped, not a traceback.
    import signal

    global _PARENT
    _PARENT = parent
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _block_sigint():
    import signal

    if hasattr(signal, "pthread_sigmask"):
        return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    return None


def _restore_sigmask(old):
    import signal

    if old is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)     # a Ctrl-C that came meanwhile is raised now


class Backend:
    """This process: tasks one after the other."""

    name = "serial"

    def map(self, fn, tasks, on_result=None) -> list:
        out = []
        for i, t in enumerate(tasks):
            r = fn(t)
            out.append(r)
            if on_result:
                on_result(i, r)
        return out

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False


class ProcessBackend(Backend):
    """A pool of local processes, kept open across calls to :meth:`map`."""

    name = "processes"

    def __init__(self, jobs: int):
        import concurrent.futures as cf

        self.jobs = jobs
        self.pool = None
        self._old = _block_sigint()       # the workers start with SIGINT blocked (they inherit the mask)
        try:
            try:
                self.pool = cf.ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init,
                                                   initargs=(os.getpid(),))
                self.pool.submit(int).result()   # start the workers now, while SIGINT is blocked
            finally:
                _restore_sigmask(self._old)
        except BaseException:
            self.stop()                   # a Ctrl-C while they started: leave no worker, no thread behind
            raise

    def map(self, fn, tasks, on_result=None) -> list:
        import concurrent.futures as cf

        tasks = list(tasks)
        out = [None] * len(tasks)
        futures = {self.pool.submit(fn, t): i for i, t in enumerate(tasks)}
        try:
            for fut in cf.as_completed(futures):
                i = futures[fut]
                out[i] = fut.result()
                if on_result:
                    on_result(i, out[i])
        except BaseException:
            self.stop()
            raise
        return out

    def stop(self) -> None:
        """Cancel what is pending and stop the worker processes at once."""
        pool, self.pool = self.pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for proc in processes:
            try:
                proc.terminate()
            except (OSError, ValueError):     # already gone
                pass
        # The pool's own thread sees its workers gone and ends; waiting for it here matters:
        # left running, it closes its wake-up pipe while Python exits, and the executor's
        # exit hook may then write to the closed pipe (an "Exception ignored … Bad file
        # descriptor" after the Ctrl-C message, a race in Python 3.11).
        pool.shutdown(wait=True, cancel_futures=True)
        for proc in processes:
            proc.join(timeout=1)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


class DaskBackend(Backend):
    """A Dask distributed cluster (see the module's documentation)."""

    name = "dask"

    def __init__(self, cluster, jobs: int = 1):
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError:
            raise ClusterError(_("--cluster needs Dask distributed: pip install 'rulekit[cluster]'")) from None
        self._own_cluster = None
        self._own_client = False
        self._logs = None
        if isinstance(cluster, Client):
            self.client = cluster
            self.address = "client"
            return
        self._logs = _quiet_dask()
        try:
            if cluster == "local":
                # No dashboard; the scheduler's HTTP server (which Dask starts anyway) on a free
                # port of this machine, not on 8787, which another cluster may hold.
                self._own_cluster = LocalCluster(n_workers=local_workers(jobs), threads_per_worker=1,
                                                 processes=True, dashboard_address="127.0.0.1:0",
                                                 scheduler_kwargs={"dashboard": False})
                self.client = Client(self._own_cluster)
                self.address = "local"
            else:
                self.client = _connect(cluster)
                self.address = cluster
        except (OSError, TimeoutError, ValueError) as exc:
            self.close()
            raise ClusterError(_("cannot reach the Dask scheduler at {address}: {error}").format(
                address=cluster, error=exc)) from None
        except BaseException:
            self.close()
            raise
        self._own_client = True

    def _lost(self, exc) -> bool:
        """Whether ``exc`` means the scheduler is gone (not one worker: Dask reschedules a worker's tasks)."""
        try:
            from distributed.comm.core import CommClosedError
        except ImportError:                    # pragma: no cover - a future distributed
            CommClosedError = ()
        if CommClosedError and isinstance(exc, CommClosedError):
            return True
        import concurrent.futures

        if isinstance(exc, concurrent.futures.CancelledError) and "connection" in str(exc):
            return True              # distributed's FutureCancelledError: "scheduler-connection-lost"
        return getattr(self.client, "status", "running") not in ("running", "connecting")

    def map(self, fn, tasks, on_result=None) -> list:
        from dask.distributed import as_completed

        tasks = list(tasks)
        out = [None] * len(tasks)
        # pure=False: two equal tasks are still two computations (each is cheap to tell apart anyway).
        futures = self.client.map(fn, tasks, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        try:
            try:
                for fut in as_completed(futures):
                    i = index[fut.key]
                    out[i] = fut.result()
                    if on_result:
                        on_result(i, out[i])
            except Exception as exc:
                if self._lost(exc):
                    raise ClusterLost(_("lost the connection to the Dask scheduler at {address}").format(
                        address=printable(self.address, keep=""))) from None
                if isinstance(exc, (OSError, TimeoutError)):
                    raise ClusterError(_("a Dask worker failed: {error}").format(error=exc)) from None
                raise                # the task's own error (a game that failed), as with the other backends

        except BaseException:
            try:
                self.client.cancel(futures)
            except Exception:        # the scheduler is gone: nothing to cancel there
                pass
            raise
        return out

    def close(self) -> None:
        client = getattr(self, "client", None)
        try:
            if self._own_client and client is not None:
                client.close(timeout=_seconds(CONNECT_TIMEOUT))
            if self._own_cluster is not None:
                self._own_cluster.close()
        except Exception:            # closing a client whose scheduler is gone: nothing left to close
            pass
        finally:
            _restore_logs(self._logs)
            self._logs = None



def open_backend(jobs: int = 1, cluster=None) -> Backend:
    """The backend for ``jobs`` local processes or a Dask ``cluster`` (see the module)."""
    if cluster is not None:
        return DaskBackend(cluster, jobs or (os.cpu_count() or 1))
    if jobs and jobs > 1:
        return ProcessBackend(jobs)
    return Backend()
