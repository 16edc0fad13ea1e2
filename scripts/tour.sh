#!/usr/bin/env bash
# `make demo`, part one: a short tour of the table-side commands (roll, odds, rules).
set -euo pipefail
cd "$(dirname "$0")/.."
sk=.venv/bin/skirmish

step() { printf '\n\033[1m$ skirmish %s\033[0m\n' "$*"; "$sk" "$@"; }

echo "== At the table: dice with every modifier explained =="
step roll shoot --tiro 4 --cover light --seed 1
echo
echo "The book's own example (§4.2), with the dice typed in from the table:"
step roll shoot --tiro 4 --weapon sei-colpi --range 8 --cover light --target-waiting \
  --fred 3 --target-rif 3 --target-fred 3 --target-cos 3 --dice 2,4,4,4,3,5
step roll melee --cos 3 --weapon coltello --fred 4 --target-rif 3 --target-fred 3 --target-cos 3 \
  --dice 2,4,4,4,3,5 --lang it
step roll reflex --rif 4 --need 2 --dice 3,5

echo
echo "== Before committing a model: exact odds =="
step odds shoot --tiro 4 --weapon sei-colpi --range 8 --cover light --target-rif 3 --target-fred 3 --target-cos 3

echo
echo "== The rulebook as data =="
step rules show sei-colpi
step rules profiles fuorilegge
