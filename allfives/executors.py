"""Where the long commands' work runs: one ``concurrent.futures.Executor``
for ``allfives tournament``, ``puzzles generate``, ``puzzles check`` and
bench/strength.py.

- ``InProcess``: here, one task after another (``--jobs 1``, or one task);
- ``LocalProcesses``: ``--jobs N`` worker processes of this machine;
- ``OnCluster``: a Dask cluster (``--scheduler tcp://HOST:8786``) through
  its client, the workers on any machines (docs/CLUSTER.md). Dask's
  ``distributed`` package, an optional extra (``pip install
  allfives[cluster]``), is imported only then.

Each caller maps its tasks through ``Executor.map``, which gives the results
in the tasks' order wherever they ran: a task's seed is in its arguments, so
a run gives the same results on one process, on many, or on a cluster (and
Dask plays again, elsewhere, the tasks of a worker that dies), as long as
every worker runs the same code: on a cluster each task first checks that
(``code_digest``).
"""

from __future__ import annotations

import hashlib
import logging
import signal
import socket
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager, nullcontext
from functools import cache, partial
from multiprocessing import Pool
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from .errors import AllFivesError

if TYPE_CHECKING:  # Dask is imported only for --scheduler (``cluster``)
    from distributed import Client
    from distributed import Future as DaskFuture

T = TypeVar("T")
P = ParamSpec("P")

# Seconds to wait for the scheduler before giving up: a wrong address or a
# scheduler not started should say so soon, not after Dask's own 30 s.
CONNECT_TIMEOUT = 5
EXTRA = "pip install 'allfives[cluster]'"


class ClusterError(AllFivesError):
    """The cluster cannot be used: Dask missing, the scheduler not reached,
    or a worker running other code."""


class InProcess(Executor):
    """Runs each task in this process when asked for its result: ``map`` is
    the built-in, lazy ``map``, so results come one by one, in order."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as e:
            future.set_exception(e)
        return future

    def map(self, fn: Callable[..., T], *iterables: Iterable[Any], timeout: float | None = None,
            chunksize: int = 1) -> Iterator[T]:
        return map(fn, *iterables)


class LocalProcesses(Executor):
    """``jobs`` worker processes of this machine (a ``multiprocessing.Pool``).

    A terminal's Ctrl-C reaches the whole process group: the workers ignore
    it, and the main process stops them (leaving the ``with`` terminates
    them, as any finished run's results are in by then; no task is left to
    finish first). SIGINT is held back while they start, so none gets it
    unprepared."""

    def __init__(self, jobs: int) -> None:
        with _sigint_held():
            self._pool = Pool(jobs, initializer=_ignore_sigint)

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        future.set_running_or_notify_cancel()
        self._pool.apply_async(fn, args, kwargs, callback=future.set_result,
                               error_callback=future.set_exception)
        return future

    def map(self, fn: Callable[..., T], *iterables: Iterable[Any], timeout: float | None = None,
            chunksize: int = 1) -> Iterator[T]:
        """The results in order as they come (``Pool.imap``; ``timeout`` is not supported)."""
        return self._pool.imap(_apply, ((fn, args) for args in zip(*iterables, strict=True)),
                               chunksize)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if wait and not cancel_futures:
            self._pool.close()
            self._pool.join()
        else:
            self._pool.terminate()

    def __exit__(self, exc_type: type[BaseException] | None, exc_val: BaseException | None,
                 exc_tb: TracebackType | None) -> None:
        self._pool.terminate()


class OnCluster(Executor):
    """A Dask cluster through its ``client``, each task first checking that
    its worker runs the same ``allfives`` code as this process (a worker
    with other code would play other games)."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._remote: Executor = client.get_executor()
        self._code = code_digest()
        self._mapped: list[DaskFuture[Any]] = []

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        return self._remote.submit(partial(_on_same_code, self._code, fn), *args, **kwargs)

    def map(self, fn: Callable[..., T], *iterables: Iterable[Any], timeout: float | None = None,
            chunksize: int = 1) -> Iterator[T]:
        """Every task submitted at once, the results in order as they come
        (``timeout`` is not supported; ``shutdown`` cancels what is left).
        Not the client's own executor's ``map``: waiting on its futures
        calls into Dask's event loop, and a Ctrl-C in such a call can print
        a traceback from Dask's thread; ``as_completed`` waits on a plain
        threading condition."""
        futures = self._client.map(partial(_on_same_code, self._code, fn),
                                   *(list(tasks) for tasks in iterables), pure=False)
        self._mapped.extend(futures)
        return _in_order(self._client, futures)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if not wait or cancel_futures:
            self._client.cancel(self._mapped)
        self._remote.shutdown(wait=wait and not cancel_futures)


def _in_order(client: Client, futures: list[DaskFuture[Any]]) -> Iterator[Any]:
    """The ``client``'s futures' results in their order, each as soon as it
    and those before it are in; a task's error is raised."""
    from distributed import as_completed

    position = {future.key: i for i, future in enumerate(futures)}
    arrived: dict[int, Any] = {}
    following = 0
    for future, result in as_completed(futures, loop=client.loop, with_results=True):
        arrived[position[future.key]] = result
        while following in arrived:
            yield arrived.pop(following)
            following += 1


@cache
def code_digest() -> str:
    """SHA-256 of the package's Python sources, by path: the code a worker runs."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _on_same_code(code: str, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` on a worker, once its code is known to be ``code``."""
    if code_digest() != code:
        raise ClusterError(f"the worker on {socket.gethostname()} runs other allfives code "
                           "than this machine: install the same commit on every worker")
    return fn(*args, **kwargs)


@contextmanager
def executor(jobs: int, scheduler: str | None = None,
             tasks: int | None = None) -> Iterator[Executor]:
    """The executor for ``tasks`` tasks (None: not known) while the block
    runs: the Dask cluster at ``scheduler`` if given, else ``jobs`` local
    processes (at most one a task), or this process for one job or one task.
    Raises ``ClusterError`` when the cluster cannot be used.

    >>> with executor(jobs=1, tasks=3) as here:
    ...     type(here).__name__, list(here.map(abs, [-1, 2, -3]))
    ('InProcess', [1, 2, 3])
    """
    if scheduler is not None:
        with cluster(scheduler) as remote:
            yield remote
    elif jobs <= 1 or (tasks is not None and tasks <= 1):
        yield InProcess()
    else:
        with LocalProcesses(jobs if tasks is None else min(jobs, tasks)) as local:
            yield local


@contextmanager
def cluster(scheduler: str) -> Iterator[Executor]:
    """The executor of a Dask client connected to ``scheduler`` (an address
    such as ``tcp://HOST:8786``), closed when the block ends, its tasks not
    yet done cancelled."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"--scheduler needs Dask's distributed package: {EXTRA}") from None
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, ValueError, TypeError) as e:
        said = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {said}") from None
    remote = OnCluster(client)
    dropped = True  # until the block ends normally: by Ctrl-C or an error
    try:
        yield remote
        dropped = False
    finally:
        with _unlogged() if dropped else nullcontext():
            remote.shutdown(wait=False)
            client.close()


@contextmanager
def _unlogged() -> Iterator[None]:
    """No log records while a run is dropped: Dask's thread logs tracebacks
    about the results it was fetching when their connection is closed, no
    news to whoever pressed Ctrl-C (or is told why the run stopped)."""
    before = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(before)


def _apply(call: tuple[Callable[..., T], tuple[Any, ...]]) -> T:
    fn, args = call
    return fn(*args)


@contextmanager
def _sigint_held() -> Iterator[None]:
    """SIGINT blocked in this thread (kept pending, not lost); processes
    started meanwhile begin with it blocked."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _ignore_sigint() -> None:
    """In each worker: Ctrl-C is for the main process to answer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
