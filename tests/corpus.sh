#!/usr/bin/env bash
# Every row of the shared MANIFEST through the release CLI, each answer checked by the
# independent checker (check.py), with wall times. Usage: corpus.sh BINARY DATA_DIR
set -euo pipefail
bin=${1:?binary}
data=${2:?data directory}
command -v python3 >/dev/null || { echo "corpus: python3 is needed for check.py" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
rows=0
failed=0
while IFS=$'\t' read -r mode input expected _rest; do
  [[ -z "$mode" || "$mode" == \#* ]] && continue
  rows=$((rows + 1))
  answer="$out/answer"
  start=$EPOCHREALTIME
  status=0
  "$bin" solve --format "$mode" < "$data/$input" > "$answer" 2> "$out/stderr" || status=$?
  seconds=$(awk "BEGIN { print $EPOCHREALTIME - $start }")
  # Puzzles with several solutions are fine (exit 0, a warning on stderr); anything else is not.
  if [[ $status -ne 0 ]]; then
    echo "FAIL $input: exit $status: $(head -c 300 "$out/stderr")"
    failed=$((failed + 1))
    continue
  fi
  if ! python3 "$data/check.py" "$mode" "$data/$input" "$answer" > "$out/check" 2>&1; then
    echo "FAIL $input: check.py rejected the answer: $(tail -n 3 "$out/check")"
    failed=$((failed + 1))
    continue
  fi
  case "$input" in
    *royle_sudoku17_all*|*sixteen*|*multi_case*) printf 'ok   %-60s %6.3f s\n' "$input" "$seconds" ;;
  esac
done < "$data/MANIFEST.tsv"
# The 16×16 sets of sixteen/ are not in the manifest: solve them as lines and check them
# with check.py's POJ 3076 mode after a format conversion done by the CLI itself.
for set in "$data"/sixteen/*.txt; do
  rows=$((rows + 1))
  start=$EPOCHREALTIME
  if ! "$bin" solve --format line --alphabet letters < "$set" > "$out/sixteen.out" 2> "$out/stderr"; then
    echo "FAIL $set: $(head -c 300 "$out/stderr")"; failed=$((failed + 1)); continue
  fi
  seconds=$(awk "BEGIN { print $EPOCHREALTIME - $start }")
  "$bin" solve --format line --alphabet letters --output poj3076 < "$set" > "$out/sixteen.ans"
  python3 - "$set" "$out/sixteen.in" <<'PY'
import sys
lines = [l.strip() for l in open(sys.argv[1]) if l.strip()]
with open(sys.argv[2], "w") as f:
    f.write("\n\n".join("\n".join(l[i:i + 16].replace(".", "-") for i in range(0, 256, 16)) for l in lines) + "\n")
PY
  if ! python3 "$data/check.py" poj3076 "$out/sixteen.in" "$out/sixteen.ans" > "$out/check" 2>&1; then
    echo "FAIL $set: check.py rejected the answer: $(tail -n 3 "$out/check")"; failed=$((failed + 1)); continue
  fi
  printf 'ok   %-60s %6.3f s\n' "${set#"$data"/}" "$seconds"
done
echo "corpus: $rows sets, $failed failed"
[[ $failed -eq 0 ]]
