#!/usr/bin/env bash
# `make demo`: the lead's table-side tour (scripts/tour.sh, if present), then the campaign demo.
set -euo pipefail
cd "$(dirname "$0")/.."
sk=.venv/bin/skirmish

if [ -f scripts/tour.sh ]; then
  bash scripts/tour.sh
fi

# ---------------------------------------------------------------------------------------------
# Campaign demo (issue 3): a copy of campaigns.db.example in a scratch folder, never the real one.
# ---------------------------------------------------------------------------------------------
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
cp campaigns.db.example "$scratch/campaigns.db"
export SKIRMISH_DB="$scratch/campaigns.db"

step() { printf '\n\033[1m$ skirmish %s\033[0m\n' "$*"; "$sk" "$@"; }

echo
echo "== Between games: the campaign 'Tombstone 1881' (a copy of campaigns.db.example) =="
step campaign show
step gang list
step gang show "Clanton gang"
step gang show "Apache scouts" --lang it

echo
echo "== A purchase: the availability roll (R-12), shown and logged =="
step gang buy "Apache scouts" "coltello" --for Lozen --seed 3
echo
echo "Lawmen buy weapons without a roll; a rare item, or one whose roll failed (H-03), is refused:"
step gang buy "Earp brothers" "coltello" --for "Morgan Earp"
step gang buy "Earp brothers" arco || true
step gang buy "Earp brothers" mulo || true

echo
echo "== An advance (R-11): a new skill on 2D6, with the weapon type chosen =="
step member xp "Lazy K Ranch" "Pat Garrett" 3 --reason "two eliminations"
step member advance "Lazy K Ranch" "Pat Garrett" skill --choice carabina --choice coltello \
  --choice "sei colpi" --seed 11

echo
echo "== The log, and undo =="
step log "Lazy K Ranch" --last 4
step undo "Lazy K Ranch"
step gang show "Lazy K Ranch"

echo
echo "== The club's web app (issue #11) =="
echo "The same store served to the phones: started here for a moment on a free port, read, stopped."
port="$(.venv/bin/python -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$sk" serve --port "$port" >"$scratch/serve.log" 2>&1 &
server=$!
.venv/bin/python - "$port" <<'PY'
import json, sys, time, urllib.request
base = f"http://127.0.0.1:{sys.argv[1]}"
for _ in range(100):
    try:
        rows = json.load(urllib.request.urlopen(base + "/api/v1/campaigns/Tombstone%201881/gangs"))
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("the web app did not start")
print(f"$ curl {base}/api/v1/campaigns/Tombstone%201881/gangs")
for row in rows:
    print(f"  {row['name']} ({row['faction_name']}): {row['models']} models, "
          f"treasury {row['treasury']}$, rating {row['rating']}$")
PY
kill "$server"; wait "$server" 2>/dev/null || true
echo
echo "Serve the example campaign to this machine (http://127.0.0.1:8000/), Ctrl-C to stop:"
echo "  cp campaigns.db.example tombstone.db && .venv/bin/skirmish serve --db tombstone.db"
echo "To the club's network, with the address and its QR code for the phones:"
echo "  .venv/bin/skirmish serve --db tombstone.db --host 0.0.0.0"
