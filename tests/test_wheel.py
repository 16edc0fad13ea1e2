"""A wheel built from the repository works installed outside the source tree: the rules
tables, templates, scenarios and migrations ship inside it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(out),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("skirmish-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    return target


def run_installed(installed: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(installed), "SKIRMISH_LANG": "en"}
    return subprocess.run(
        [sys.executable, "-m", "skirmish", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )


@pytest.mark.slow
def test_wheel_contains_the_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("skirmish/rules/data/") and n.endswith(".json") for n in names)
    assert any(n.startswith("skirmish/scenarios/") and n.endswith(".toml") for n in names)
    assert any(n.startswith("skirmish/templates/") for n in names)
    # the web app's pages, stylesheet and vendored htmx with its licence (issue #11)
    assert {
        "skirmish/web/templates/base.html",
        "skirmish/web/static/site.css",
        "skirmish/web/static/htmx-2.0.4.min.js",
        "skirmish/web/static/htmx-LICENSE.txt",
    } <= set(names)
    # installable (issue #24): the service worker, the offline page and the icons
    assert {
        "skirmish/web/sw.js",
        "skirmish/web/templates/offline.html",
        "skirmish/web/static/icons/skirmish.svg",
        "skirmish/web/static/icons/skirmish-512.png",
        "skirmish/web/static/icons/skirmish-maskable-512.png",
    } <= set(names)
    assert not any(n.startswith("tests/") for n in names)
    # the Italian catalogue, compiled by the build (hatch_build.py, issue #21), and its source
    assert {
        "skirmish/locale/it/LC_MESSAGES/skirmish.mo",
        "skirmish/locale/it/LC_MESSAGES/skirmish.po",
    } <= set(names)


@pytest.mark.slow
def test_installed_wheel_runs_outside_the_source_tree(installed: Path, tmp_path: Path) -> None:
    where = run_installed(installed, "--help", cwd=tmp_path)
    assert where.returncode == 0, where.stderr
    probe = subprocess.run(
        [sys.executable, "-c", "import skirmish; print(skirmish.__file__)"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert probe.stdout.strip().startswith(str(installed)), probe.stdout

    weapons = run_installed(installed, "rules", "weapons", "--json", cwd=tmp_path)
    assert weapons.returncode == 0, weapons.stderr
    assert {w["id"] for w in json.loads(weapons.stdout)} >= {"six-shooter", "knife"}

    scenarios = run_installed(installed, "scenario", "list", "--json", cwd=tmp_path)
    assert scenarios.returncode == 0, scenarios.stderr
    assert len(json.loads(scenarios.stdout)) == 7

    shot = run_installed(
        installed, "roll", "shoot", "--tiro", "4", "--seed", "1", "--json", cwd=tmp_path
    )
    assert shot.returncode == 0, shot.stderr
    assert json.loads(shot.stdout)["dice"]

    # Italian from the wheel's compiled catalogue, without Babel compiling anything at run time
    unknown = run_installed(installed, "rules", "show", "nowhere", "--lang", "it", cwd=tmp_path)
    assert unknown.returncode != 0
    assert unknown.stderr.startswith("Errore: "), unknown.stderr
