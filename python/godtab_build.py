"""The build backend of pyproject.toml (PEP 517): a wheel holding godtab.py
and its metadata, made with the standard library alone, so that
`pip install ./python` works offline and with --no-build-isolation on a
machine with neither the `wheel` package nor a recent setuptools (which
need it, or bring it, to build a wheel). The module is one pure-Python
file: nothing to compile. Not installed itself."""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

_HERE = os.path.dirname(os.path.abspath(__file__))
_MODULES = ["godtab.py"]


def _project():
    """[project]'s name, version, description, requires-python (strings)."""
    with open(os.path.join(_HERE, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    table = text.split("[project]", 1)[1].split("\n[", 1)[0]
    found = dict(re.findall(r'^([a-z-]+) = "([^"]*)"$', table, re.M))
    return {k: found.get(k, "") for k in ("name", "version", "description", "requires-python")}


def _metadata():
    p = _project()
    lines = ["Metadata-Version: 2.1", "Name: " + p["name"], "Version: " + p["version"], "Summary: " + p["description"]]
    if p["requires-python"]:
        lines.append("Requires-Python: " + p["requires-python"])
    return "\n".join(lines) + "\n"


def _dist_info():
    p = _project()
    return "%s-%s.dist-info" % (p["name"], p["version"])


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = os.path.join(metadata_directory, _dist_info())
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    name = "%s-%s-py3-none-any.whl" % (p["name"], p["version"])
    info = _dist_info()
    files = []
    for module in _MODULES:
        with open(os.path.join(_HERE, module), "rb") as f:
            files.append((module, f.read()))
    files.append((info + "/METADATA", _metadata().encode()))
    files.append((info + "/WHEEL", b"Wheel-Version: 1.0\nGenerator: godtab_build\nRoot-Is-Purelib: true\n"
                                   b"Tag: py3-none-any\n"))
    files.append((info + "/top_level.txt", b"godtab\n"))
    record = [_record_line(n, d) for n, d in files] + [info + "/RECORD,,"]
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as whl:
        for n, d in files:
            whl.writestr(zipfile.ZipInfo(n, date_time=(1980, 1, 1, 0, 0, 0)), d, zipfile.ZIP_DEFLATED)
    return name


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    base = "%s-%s" % (p["name"], p["version"])
    with tarfile.open(os.path.join(sdist_directory, base + ".tar.gz"), "w:gz") as tar:
        for n in _MODULES + ["godtab_build.py", "pyproject.toml"]:
            tar.add(os.path.join(_HERE, n), arcname=base + "/" + n)
        pkg_info = _metadata().encode()
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(pkg_info)
        tar.addfile(ti, io.BytesIO(pkg_info))
    return base + ".tar.gz"
