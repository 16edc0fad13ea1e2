# Two commands for a fresh machine: `make demo` and `make test` (README). Both are idempotent.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test lint typecheck unit bench screenshots clean messages pyodide

#: The Italian message catalogue (issue #21): its .po is the source, kept in git; its .mo is
#: compiled here (and by the wheel's build, hatch_build.py) for gettext to read.
PO := skirmish/locale/it/LC_MESSAGES/skirmish.po
MO := $(PO:.po=.mo)
#: How pybabel finds a text in the code: skirmish.translation.KEYWORDS (a test holds them equal).
KEYWORDS := -k gettext:2 -k gettext:1,1t -k ngettext:2,3 -k ngettext:1,2,3t -k pgettext:2c,3 \
	-k pgettext:1c,2,2t -k N_ -k NP_:1c,2 -k Message -k W -k Words -k _ -k NMessage:1,2

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(MO): $(PO) $(STAMP)
	$(BIN)/python hatch_build.py

#: The engine in the phone (issue #24): Pyodide from its npm package, pinned in package.json and
#: package-lock.json, installed with `npm ci` (no install scripts), and only the runtime files a
#: browser loads copied where the app serves them, /static/pyodide/ (git-ignored; its licence,
#: MPL-2.0, is static/pyodide-LICENSE.txt). Redone only when the lock file changes.
PYODIDE_DIR := skirmish/web/static/pyodide
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json
#: Those that compress well get a gzip copy beside them, served to any browser that accepts gzip
#: (web/static_files.py): 13.5 MB over the club's wifi become 6.4 (the stdlib is a zip already).
PYODIDE_GZIP := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm pyodide-lock.json
NPM_STAMP := node_modules/.installed-stamp
PYODIDE_STAMP := $(PYODIDE_DIR)/.installed-stamp

$(NPM_STAMP): package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $(NPM_STAMP)

$(PYODIDE_STAMP): $(NPM_STAMP)
	rm -rf $(PYODIDE_DIR)
	mkdir -p $(PYODIDE_DIR)
	cp $(addprefix node_modules/pyodide/,$(PYODIDE_FILES)) $(PYODIDE_DIR)/
	gzip -9 -k -n $(addprefix $(PYODIDE_DIR)/,$(PYODIDE_GZIP))
	touch $(PYODIDE_STAMP)

pyodide: $(PYODIDE_STAMP)

# After writing or changing a text in the code: add it to the catalogue (then translate it).
messages: $(STAMP)
	mkdir -p build
	$(BIN)/pybabel -q extract -F babel.cfg --no-default-keywords $(KEYWORDS) --sort-output \
		--no-location --no-wrap --project skirmish -o build/skirmish.pot .
	$(BIN)/pybabel -q update -i build/skirmish.pot -o $(PO) -l it --no-fuzzy-matching \
		--ignore-obsolete --width 100
	$(MAKE) $(MO)

# The package is left byte-compiled (issue #23): these machines set PYTHONDONTWRITEBYTECODE,
# under which an editable checkout would compile every module it imports on every start
# (`roll` measured 14.5× `python -c pass` instead of 10.9×).
demo: $(STAMP) $(MO) $(PYODIDE_STAMP)
	$(BIN)/python -m compileall -q skirmish
	@bash scripts/demo.sh

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# The package is byte-compiled first, as an installed wheel is: the suite starts `skirmish` in
# hundreds of subprocesses (the CLI, `skirmish serve`), and a machine that sets
# PYTHONDONTWRITEBYTECODE would otherwise compile every module in each of them. Three workers on
# two cores: a third of the suite waits on subprocesses, servers and phones' polls, and the third
# worker fills that time. The tests are left byte-compiled too (issue #23): every worker collects
# the whole suite, and under PYTHONDONTWRITEBYTECODE each compiled (and pytest rewrote) all ~270
# test modules again, 17.7 s of CPU per worker against 5.1 s from their byte-code; one collection
# with byte-code written (its errors, if any, are the run's own) leaves it for the workers.
unit: $(STAMP) $(MO) $(PYODIDE_STAMP)
	$(BIN)/python -m compileall -q skirmish
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -qq --collect-only -p no:xdist >/dev/null 2>&1 || true
	$(BIN)/pytest -q -n 3 --dist loadfile --no-loadscope-reorder --durations=12

test: lint typecheck unit

# The README's pictures: the phone screenshots of the browser journey
# (tests/web/browser/test_journey.py) and of table mode's two phones (test_table_mode.py), and
# the printed roster, activation cards and Gazette as the printing tests render them (every run
# renders them into its temporary folder; `make test` never writes them into the tree).
screenshots: $(STAMP)
	rm -rf build/screenshots
	SKIRMISH_SCREENSHOTS=build/screenshots $(BIN)/pytest -q tests/web/browser/test_journey.py \
		tests/web/browser/test_table_mode.py
	mkdir -p docs/screenshots
	cp build/screenshots/phone-gang.png build/screenshots/phone-standings.png docs/screenshots/
	cp build/screenshots/table-pick.png build/screenshots/table-shot.png \
		build/screenshots/table-postgame.png docs/screenshots/
	SKIRMISH_SCREENSHOTS=build/screenshots $(BIN)/pytest -q tests/printing/test_gazette_print.py \
		-k pdftoppm
	SKIRMISH_SCREENSHOTS=build/screenshots $(BIN)/pytest -q tests/printing/test_print_roster_pdf.py \
		tests/printing/test_cards_pdf.py -k screenshot
	cp build/screenshots/gazette.png build/screenshots/print-roster.png \
		build/screenshots/print-cards.png docs/screenshots/

bench: $(STAMP) $(MO) $(PYODIDE_STAMP)
	$(BIN)/python -m compileall -q skirmish
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache node_modules $(PYODIDE_DIR)
