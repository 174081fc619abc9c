"""godtab from Python: open a database, solve pocket, floppy, taquin and
3x3x3 queries, read distributions.

Standard library only: ctypes over libgodtab.so (common/catalog/query.h).
The library is $GODTAB_LIB when set; else, for this file in a source tree,
the tree's build/libgodtab.so.*; else the one installed beside this module
(PREFIX/lib or PREFIX/lib64 above its site-packages, or LIBDIR's multiarch
folder); else the system's (ctypes.util.find_library("godtab"), the
loader's paths: libgodtab.so.MAJOR).

    import godtab
    with godtab.Database() as db:                 # --db / $GODTAB_DB / the default
        print(db.solve("pocket", "R U R' U'"))     # ("U R U' R'", 4): pocket's default table, pocket-htm
        print(db.solve("pocket-qtm", "R2 U"))      # a table by name
        print(db.distribution("pocket-htm"))       # [1, 9, 54, ...]

A puzzle is a table name (godtab-gen --list) or a family name, which
stands for its default table as in godtab-solve ("pocket": pocket-htm,
"floppy": floppy-htm, "taquin": taquin-3x3).

Errors raise godtab.Error, whose .code is the documented exit code
(docs/exit-codes.md) and .kind its name ("malformed", "missing", ...).
Malformed input (exit code 2) raises godtab.MalformedError, an Error that
is also a ValueError: among others, any text holding a NUL byte ("R\\x00U"),
which is refused, never answered as the text before it.
"""

import ctypes
import ctypes.util
import glob
import os
import sys

QUERY_MOVES = 0
QUERY_STATE = 1
_MAX_DEPTH = 64


class _ParseError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("line", ctypes.c_int), ("column", ctypes.c_int),
                ("offset", ctypes.c_int), ("length", ctypes.c_int), ("message", ctypes.c_char * 256)]


_STATE_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64, ctypes.c_char_p, ctypes.c_char_p)


_SONAME = "libgodtab.so.0"


def _installed_beside():
    """The library of the PREFIX this module is installed under: from
    PREFIX/lib/pythonX.Y/site-packages (or dist-packages), PREFIX/lib,
    PREFIX/lib64 and PREFIX/lib/<multiarch>."""
    here = os.path.dirname(os.path.abspath(__file__))
    prefix = os.path.normpath(os.path.join(here, "..", "..", ".."))
    arch = getattr(sys.implementation, "_multiarch", None)
    for libdir in ["lib", "lib64"] + ([os.path.join("lib", arch)] if arch else []):
        path = os.path.join(prefix, libdir, _SONAME)
        if os.path.exists(path):
            return path
    return None


def _find_library():
    explicit = os.environ.get("GODTAB_LIB")
    if explicit:
        return explicit
    here = os.path.dirname(os.path.abspath(__file__))
    built = sorted(glob.glob(os.path.join(here, "..", "build", "libgodtab.so.*.*")))
    if built and os.path.exists(os.path.join(here, "..", "common", "godtab.h")):  # a source tree's build
        return built[-1]
    return _installed_beside() or ctypes.util.find_library("godtab") or _SONAME


library_path = _find_library()  # the libgodtab loaded (a path, or a name for the loader)


def _load(path):
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError("godtab: cannot load the C library %s (%s); set GODTAB_LIB to libgodtab.so's path"
                          % (path, e)) from e
    vp, cp, ip = ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int
    sigs = {
        "gt_strerror": (cp, [ip]),
        "gt_exit_code": (ip, [ip]),
        "gt_exit_kind": (cp, [ip]),
        "gt_version_text": (None, [cp, ctypes.c_size_t]),
        "gt_db_default_path": (cp, [cp]),
        "gt_db_open": (ip, [ctypes.POINTER(vp), cp, ip]),
        "gt_db_close": (None, [vp]),
        "gt_query_open": (ip, [vp, cp, ctypes.POINTER(vp)]),
        "gt_query_close": (None, [vp]),
        "gt_query_solve": (ip, [vp, ip, cp, ctypes.c_size_t, cp, ctypes.c_size_t, ctypes.POINTER(ip),
                                ctypes.POINTER(_ParseError)]),
        "gt_query_distribution": (ip, [vp, ctypes.POINTER(ctypes.c_uint64), ip, ctypes.POINTER(ip)]),
        "gt_query_at_depth": (ip, [vp, ip, ctypes.c_uint64, _STATE_FN, vp, ctypes.POINTER(ctypes.c_uint64)]),
        "gt_query_gods_number": (ip, [vp]),
        "gt_query_open_load": (ip, [vp, cp, ip, ctypes.POINTER(vp)]),
        "gt_query_solve_timed": (ip, [vp, ip, cp, ctypes.c_size_t, ctypes.c_double, cp, ctypes.c_size_t,
                                      ctypes.POINTER(ip), ctypes.POINTER(_ParseError)]),
    }
    for name, (res, args) in sigs.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    return lib


_lib = _load(library_path)


class _DbOptions(ctypes.Structure):
    """gt_db_options: the library reads no environment variable; like the
    programs, the binding passes its own in."""
    _fields_ = [(f, ctypes.c_char_p) for f in ("godtab_db", "xdg_data_home", "home", "map_size")]


_lib.gt_db_set_options.restype, _lib.gt_db_set_options.argtypes = None, [ctypes.POINTER(_DbOptions)]
_lib.gt_db_set_options(ctypes.byref(_DbOptions(*(os.environb.get(v) for v in (
    b"GODTAB_DB", b"XDG_DATA_HOME", b"HOME", b"GODTAB_MAP_SIZE")))))


_GT_ERR_PARSE = -3


class Error(Exception):
    """A godtab error: .code is the exit code, .kind its name, .rc the GT_ERR_* value."""

    def __new__(cls, rc, message=None):
        if cls is Error and rc == _GT_ERR_PARSE:
            cls = MalformedError
        return super().__new__(cls, rc, message)

    def __init__(self, rc, message=None):
        self.rc = rc
        self.code = _lib.gt_exit_code(rc)
        self.kind = _lib.gt_exit_kind(self.code).decode()
        super().__init__(message or _lib.gt_strerror(rc).decode())


class MalformedError(Error, ValueError):
    """Malformed input (exit code 2, "malformed"): a bad move or state, or
    text holding a NUL byte. Also a ValueError."""


def _check(rc, err=None):
    if rc != 0:
        text = err.message.decode(errors="replace") if err is not None and err.message else None
        raise Error(rc, text)


def _text(value, what):
    """value (str or bytes) as the bytes handed to the library. A name is
    read by the library up to a NUL byte, so one inside it is refused here
    (query text goes with its length: the library refuses it itself)."""
    if isinstance(value, str):
        data = value.encode()
    elif isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
    else:
        raise TypeError("godtab: the %s must be str or bytes, not %s" % (what or "query", type(value).__name__))
    if what is not None and b"\0" in data:
        raise Error(_GT_ERR_PARSE, "a NUL byte at column %d of the %s" % (data.index(b"\0") + 1, what))
    return data


def version():
    """godtab's version line, as the programs' --version print it."""
    buf = ctypes.create_string_buffer(192)
    _lib.gt_version_text(buf, len(buf))
    return buf.value.decode()


class Database:
    """A godtab database opened read-only; tables are loaded on first use."""

    def __init__(self, path=None):
        """path: the database; else $GODTAB_DB; else, for this file in a
        source tree, the tree's tables/godtab.lmdb; else the library's
        default ($XDG_DATA_HOME/godtab/godtab.lmdb)."""
        self._db = ctypes.c_void_p()
        tree_db = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tables", "godtab.lmdb")
        if not path and not os.environ.get("GODTAB_DB") and os.path.isdir(tree_db):
            path = os.path.normpath(tree_db)
        self._tables = {}
        self._cube3 = None
        self.path = _lib.gt_db_default_path(_text(path, "database path") if path else None).decode()
        _check(_lib.gt_db_open(ctypes.byref(self._db), self.path.encode(), 0))

    def close(self):
        for q in self._tables.values():
            _lib.gt_query_close(q)
        self._tables.clear()
        if self._cube3:
            _lib.gt_query_close(self._cube3)
            self._cube3 = None
        if self._db:
            _lib.gt_db_close(self._db)
            self._db = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _table(self, name):
        if name not in self._tables:
            q = ctypes.c_void_p()
            _check(_lib.gt_query_open(self._db, _text(name, "table name"), ctypes.byref(q)))
            self._tables[name] = q
        return self._tables[name]

    def solve(self, table, query, state=False, timeout=0.0):
        """One optimal solution of a scramble (or, state=True, a state written
        out: facelets, a taquin board) with the table named, a family's
        default table ("pocket": pocket-htm), a searched family ("cube3") or
        a table built from a definition file ("skewb"): (moves, length).
        timeout: seconds for a searched family (0: none). query is str or
        bytes; a NUL byte in it raises MalformedError."""
        out = ctypes.create_string_buffer(4096)
        dist, err = ctypes.c_int(), _ParseError()
        text = _text(query, None)
        rc = _lib.gt_query_solve_timed(self._table(table), QUERY_STATE if state else QUERY_MOVES, text, len(text),
                                       float(timeout), out, len(out), ctypes.byref(dist), ctypes.byref(err))
        _check(rc, err)
        return out.value.decode(), dist.value

    def distribution(self, table):
        """The table's count of states at each distance 0..God's number."""
        counts, top = (ctypes.c_uint64 * (_MAX_DEPTH + 1))(), ctypes.c_int()
        _check(_lib.gt_query_distribution(self._table(table), counts, len(counts), ctypes.byref(top)))
        return [counts[d] for d in range(top.value + 1)]

    def at_depth(self, table, depth, limit=0):
        """The states exactly `depth` moves from the goal, in index order, at
        most `limit` (0: all): a list of (index, state, scramble), the state
        in the family's syntax (facelets, a board) and a scramble reaching it."""
        found = []

        def keep(_user, index, state, scramble):
            found.append((index, state.decode(), scramble.decode()))
            return 0

        n = ctypes.c_uint64()
        _check(_lib.gt_query_at_depth(self._table(table), depth, limit, _STATE_FN(keep), None, ctypes.byref(n)))
        return found

    def antipodes(self, table, limit=0):
        """The states at God's number (at most `limit`; 0: all)."""
        return self.at_depth(table, _lib.gt_query_gods_number(self._table(table)), limit)

    def solve_cube3(self, query, state=False, timeout=0.0, corners_only=False):
        """An optimal HTM solution of a 3x3x3 scramble (or 54 facelets):
        (moves, length). Needs the tables of `godtab-gen cube3` (with only
        cube3-corners built, the corners alone: exact but slow past ~12)."""
        if self._cube3 is None:
            q = ctypes.c_void_p()
            _check(_lib.gt_query_open_load(self._db, b"cube3", 1 if corners_only else 0, ctypes.byref(q)))
            self._cube3 = q
        out = ctypes.create_string_buffer(256)
        dist, err = ctypes.c_int(), _ParseError()
        text = _text(query, None)
        rc = _lib.gt_query_solve_timed(self._cube3, QUERY_STATE if state else QUERY_MOVES, text, len(text),
                                       float(timeout), out, len(out), ctypes.byref(dist), ctypes.byref(err))
        _check(rc, err)
        return out.value.decode(), dist.value
