"""python3 -m unittest for python/godtab.py (run by `make test`): a real
database built by godtab-gen in a temporary directory, answers compared with
godtab-solve's, errors mapped to the documented exit codes."""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile

import godtab

BIN = os.environ.get("GODTAB_BIN", os.path.join(os.path.dirname(__file__), "..", "bin"))
POCKET_HTM = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]


def cli(*args, stdin=None):
    r = subprocess.run([os.path.join(BIN, "godtab-solve"), *args], input=stdin, capture_output=True, text=True)
    return r.returncode, r.stdout


class GodtabTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="godtab-py-")
        cls.path = os.path.join(cls.dir, "db")
        subprocess.run([os.path.join(BIN, "godtab-gen"), "--quiet", "--db", cls.path, "pocket", "floppy",
                        "taquin-3x3", "cube3-corners", "nnn"], check=True, capture_output=True)
        subprocess.run([os.path.join(BIN, "godtab-gen"), "--quiet", "--db", cls.path, "--def",
                        os.path.join(os.path.dirname(__file__), "..", "puzzles", "skewb.tws"), "--name", "skewb"],
                       check=True, capture_output=True)
        subprocess.run([os.path.join(BIN, "godtab-gen"), "--quiet", "--db", cls.path, "--def",
                        os.path.join(os.path.dirname(__file__), "..", "puzzles", "skewb.tws"), "--pdb", "auto",
                        "--max-memory", "8M", "--name", "skewb-pdb"], check=True, capture_output=True)
        cls.db = godtab.Database(cls.path)

    @classmethod
    def tearDownClass(cls):
        cls.db.close()
        shutil.rmtree(cls.dir)

    def test_version(self):
        self.assertRegex(godtab.version(), r"^godtab \d+\.\d+\.\d+ ")

    def test_pocket_equals_cli(self):
        for scramble in ["R U R' U'", "R2 U2 F'", "x R U2", ""]:
            for table in ["pocket-htm", "pocket-qtm"]:
                moves, n = self.db.solve(table, scramble)
                code, out = cli(table, "--db", self.path, scramble)
                self.assertEqual(code, 0)
                self.assertEqual(out, "%s(%d)\n" % (moves + " " if moves else "", n))

    def test_states(self):
        self.assertEqual(self.db.solve("pocket-htm", "UUUURRRRFFFFDDDDLLLLBBBB", state=True), ("", 0))
        moves, n = self.db.solve("taquin-3x3", "110/101/100", state=True)
        self.assertEqual(n, 5)
        self.assertEqual(cli("taquin", "--db", self.path, "110/101/100")[1], moves + " (5)\n")
        self.assertEqual(self.db.solve("floppy-htm", "R F L B"), ("B L F R", 4))

    def test_definition_table_by_name(self):
        # a table built from a definition file answers by its name, as the CLI
        moves, n = self.db.solve("skewb", "R U")
        code, out = cli("skewb", "--db", self.path, "R U")
        self.assertEqual(code, 0)
        self.assertEqual(out, "%s (%d)\n" % (moves, n))
        with self.assertRaises(godtab.MalformedError):
            self.db.solve("skewb", "R Q")
        with self.assertRaises(godtab.Error) as caught:
            self.db.solve("no-such-table", "R")
        self.assertEqual(caught.exception.kind, "missing")

    def test_pattern_databases_by_name(self):
        # no table skewb-pdb, but skewb-pdb-pdb0, ...: the search answers, as
        # long as the full table's walk and as the CLI
        for scramble in ["R U", "R U L' B R'", ""]:
            moves, n = self.db.solve("skewb-pdb", scramble)
            self.assertEqual(n, self.db.solve("skewb", scramble)[1])
            code, out = cli("skewb-pdb", "--db", self.path, scramble)
            self.assertEqual(code, 0)
            self.assertEqual(out, "%s%s(%d)\n" % (moves, " " if moves else "", n))
        with self.assertRaises(godtab.MalformedError):
            self.db.solve("skewb-pdb", "R Q")

    def test_nnn_4x4x4_by_the_tables(self):
        # a 4x4x4 past 5 moves: the reduction tables answer (godtab-gen nnn),
        # the same moves as godtab-solve nnn, far fewer than the commutators'
        code, out = cli("nnn", "--db", self.path, "--size", "4", "--json", "R U Rw F2 Uw' L B Dw")
        self.assertEqual(code, 0)
        answer = json.loads(out)
        self.assertEqual(answer["method"], "tables")
        code, facelets = cli("nnn", "--db", self.path, "--size", "4", "--random", "1", "--seed", "2")
        self.assertEqual(code, 0)
        moves, n = self.db.solve("nnn", facelets.split("\t")[0], state=True)
        code, out = cli("nnn", "--db", self.path, "--json", "--facelets", facelets.split("\t")[0])
        self.assertEqual(json.loads(out)["solution"], moves)
        self.assertLess(n, 80)

    def test_cube3_by_the_one_query_path(self):
        self.assertEqual(self.db.solve("cube3", "R U")[1], 2)

    def test_distribution(self):
        self.assertEqual(self.db.distribution("pocket-htm"), POCKET_HTM)
        self.assertEqual(sum(self.db.distribution("pocket-qtm")), 3674160)
        self.assertEqual(len(self.db.distribution("pocket-qtm")), 15)  # God's number 14

    def test_antipodes_and_depths(self):
        anti = self.db.antipodes("pocket-qtm")
        self.assertEqual(len(anti), 276)                      # the QTM antipodes (A079762)
        for index, facelets, scramble in anti[:3]:
            self.assertEqual(len(facelets), 24)
            self.assertEqual(self.db.solve("pocket-qtm", facelets, state=True)[1], 14)
            self.assertEqual(self.db.solve("pocket-qtm", scramble)[1], 14)
        two = self.db.at_depth("pocket-htm", 2, limit=5)
        self.assertEqual(len(two), 5)
        self.assertEqual(len(self.db.at_depth("pocket-htm", 2)), 54)
        self.assertEqual([i for i, _, _ in two], sorted(i for i, _, _ in two))
        self.assertEqual(self.db.at_depth("floppy-htm", 8), self.db.antipodes("floppy-htm"))

    def test_cube3(self):
        moves, n = self.db.solve_cube3("R U R' U' F2", corners_only=True)
        self.assertEqual(n, 5)
        self.assertEqual(moves, "F2 U R U' R'")
        self.assertEqual(self.db.solve_cube3("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", state=True),
                         ("", 0))

    def test_nul_refused_everywhere(self):
        # issue 26: "R\x00U" was answered as "R" (("R'", 1))
        cases = [lambda: self.db.solve("pocket-htm", "R\x00U"),
                 lambda: self.db.solve("pocket", "\x00R"),
                 lambda: self.db.solve("pocket-htm", b"R U\x00"),
                 lambda: self.db.solve("pocket-htm", "UUUURRRRFFFFDDDDLLLLBBBB\x00", state=True),
                 lambda: self.db.solve("floppy-htm", "R\x00F"),
                 lambda: self.db.solve("taquin-3x3", "110/101\x00/100", state=True),
                 lambda: self.db.solve_cube3("R U\x00F", corners_only=True),
                 lambda: self.db.solve_cube3("U" * 9 + "\x00" + "R" * 9, state=True, corners_only=True)]
        for case in cases:
            with self.assertRaises(godtab.MalformedError) as e:
                case()
            self.assertIsInstance(e.exception, godtab.Error)
            self.assertIsInstance(e.exception, ValueError)
            self.assertEqual((e.exception.code, e.exception.kind), (2, "malformed"))
            self.assertIn("a NUL byte at column", str(e.exception))
        with self.assertRaises(godtab.MalformedError) as e:
            self.db.solve("pocket-htm", "R\x00U")
        self.assertIn("a NUL byte at column 2", str(e.exception))
        # names: the library reads them to a NUL, so the binding refuses one
        for call in [lambda: self.db.solve("pocket-htm\x00x", "R"), lambda: self.db.distribution("pocket\x00"),
                     lambda: self.db.at_depth("floppy-htm\x00", 1), lambda: self.db.antipodes("pocket-qtm\x00")]:
            with self.assertRaises(godtab.MalformedError) as e:
                call()
            self.assertIn("a NUL byte at column", str(e.exception))
        with self.assertRaises(godtab.MalformedError):
            godtab.Database(self.path + "\x00/other")
        with self.assertRaises(TypeError):
            self.db.solve("pocket-htm", 3)

    def test_family_names(self):
        # issue 26: db.solve("pocket", ...) failed; a family is its default table, as in godtab-solve
        for scramble in ["R U R' U'", "R2 U2 F'"]:
            self.assertEqual(self.db.solve("pocket", scramble), self.db.solve("pocket-htm", scramble))
            code, out = cli("pocket", "--db", self.path, scramble)
            moves, n = self.db.solve("pocket", scramble)
            self.assertEqual((code, out), (0, "%s (%d)\n" % (moves, n)))
        self.assertEqual(self.db.solve("floppy", "R F L B"), ("B L F R", 4))
        self.assertEqual(self.db.solve("taquin", "110/101/100", state=True)[1], 5)
        self.assertEqual(self.db.distribution("pocket"), POCKET_HTM)
        self.assertEqual(len(self.db.antipodes("pocket")), 2644)
        with self.assertRaises(godtab.Error) as e:
            self.db.solve("cube3-corners", "R")  # read by cube3's solver, walked by none
        self.assertEqual(e.exception.code, 1)

    def test_errors(self):
        with self.assertRaises(godtab.Error) as e:
            self.db.solve("pocket-htm", "R Q")
        self.assertEqual((e.exception.code, e.exception.kind), (2, "malformed"))
        self.assertIn("unknown move 'Q' at column 3", str(e.exception))
        with self.assertRaises(godtab.Error) as e:
            self.db.solve("pocket-htm", "UUUURRRRFFFFDDDDLLLLBBBU", state=True)
        self.assertEqual(e.exception.code, 2)
        with self.assertRaises(godtab.Error) as e:
            self.db.solve("taquin-4x4", "0000/0000/0000/0000", state=True)
        self.assertEqual((e.exception.code, e.exception.kind), (4, "missing"))
        with self.assertRaises(godtab.Error) as e:
            self.db.solve("no-such-table", "R")
        self.assertEqual(e.exception.code, 4)
        with self.assertRaises(godtab.Error) as e:
            self.db.solve_cube3("UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", state=True)
        self.assertEqual((e.exception.code, e.exception.kind), (3, "impossible"))
        with self.assertRaises(godtab.Error) as e:
            godtab.Database(os.path.join(self.dir, "absent"))
        self.assertEqual(e.exception.code, 4)


HERE = os.path.dirname(os.path.abspath(__file__))


class PackagingTest(unittest.TestCase):
    """python/pyproject.toml: `pip install ./python` installs the module,
    offline, and the installed module finds the library of its PREFIX."""

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="godtab-pip-")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_wheel_holds_the_module(self):
        sys.path.insert(0, HERE)
        try:
            import godtab_build
        finally:
            sys.path.remove(HERE)
        self.assertEqual(godtab_build.get_requires_for_build_wheel(), [])
        name = godtab_build.build_wheel(self.dir)
        with zipfile.ZipFile(os.path.join(self.dir, name)) as whl:
            names = whl.namelist()
            self.assertIn("godtab.py", names)
            self.assertNotIn("test_godtab.py", names)
            self.assertNotIn("godtab_build.py", names)
            record = whl.read([n for n in names if n.endswith(".dist-info/RECORD")][0]).decode()
            self.assertIn("godtab.py,sha256=", record)
        # the package's version is the library's
        version = re.search(r"^godtab (\S+) ", godtab.version()).group(1)
        self.assertEqual(name, "godtab-%s-py3-none-any.whl" % version)

    def test_pip_install_finds_the_prefix_library(self):
        if subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True).returncode:
            self.skipTest("no pip")
        prefix = os.path.join(self.dir, "prefix")
        r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--no-deps",
                            "--no-cache-dir", "--disable-pip-version-check", "--prefix", prefix, HERE],
                           capture_output=True, text=True)
        self.assertEqual(r.returncode, 0, r.stderr)
        site = [os.path.dirname(p) for p in
                subprocess.run(["find", prefix, "-name", "godtab.py"], capture_output=True, text=True).stdout.split()]
        self.assertEqual(len(site), 1)
        self.assertFalse(os.path.exists(os.path.join(site[0], "test_godtab.py")))
        os.makedirs(os.path.join(prefix, "lib"), exist_ok=True)
        shutil.copy(godtab.library_path, os.path.join(prefix, "lib", "libgodtab.so.0"))
        env = {k: v for k, v in os.environ.items() if k not in ("GODTAB_LIB", "PYTHONPATH")}
        env["PYTHONPATH"] = site[0]
        r = subprocess.run([sys.executable, "-c", "import godtab; print(godtab.__file__); print(godtab.library_path);"
                            "print(godtab.version())"], capture_output=True, text=True, env=env, cwd=self.dir)
        self.assertEqual(r.returncode, 0, r.stderr)
        module, library, version = r.stdout.splitlines()
        self.assertEqual(os.path.dirname(module), site[0])
        self.assertEqual(library, os.path.join(prefix, "lib", "libgodtab.so.0"))
        self.assertEqual(version, godtab.version())


if __name__ == "__main__":
    unittest.main()
