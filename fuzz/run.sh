#!/usr/bin/env bash
# Runs fuzz targets one after another (one process at a time: the machines have 2 cores and
# other builds run beside), each for SECONDS, built with SANITIZER (none: several times
# faster; address: the ASan pass) and debug assertions, then prints the executions per
# target from libFuzzer's final statistics. Exits 1 when a target failed; its input is in
# fuzz/artifacts/<target>/ and its log in fuzz/target/logs/<target>.log.
#
#   fuzz/run.sh SECONDS SANITIZER TARGET...
set -uo pipefail
seconds=${1:?usage: run.sh SECONDS SANITIZER TARGET...}
sanitizer=${2:?usage: run.sh SECONDS SANITIZER TARGET...}
shift 2
cd "$(dirname "$0")/.."
flags=(-s "$sanitizer" -a --target-dir "fuzz/target/$sanitizer")
logs=fuzz/target/logs
mkdir -p "$logs"
echo "building the fuzz targets (sanitizer: $sanitizer)"
cargo +nightly fuzz build "${flags[@]}" || exit 1
summary=()
failed=0
for target in "$@"; do
    log=$logs/$target.log
    echo "fuzzing $target for ${seconds}s (log: $log)"
    start=$(date +%s)
    cargo +nightly fuzz run "${flags[@]}" "$target" "fuzz/corpus/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 > "$log" 2>&1
    status=$?
    elapsed=$(( $(date +%s) - start ))
    runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    [ -n "$runs" ] || runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
    if [ "$status" = 0 ]; then
        result=ok
    else
        result="FAILED ($(grep -m1 -o 'Test unit written to .*' "$log" || echo "exit $status"))"
        grep -m1 -A3 "panicked at" "$log" || tail -n 20 "$log"
        failed=1
    fi
    summary+=("$(printf '%-14s %12s %8s  %s' "$target" "${runs:-?}" "${elapsed}s" "$result")")
done
printf '%-14s %12s %8s  %s\n' target executions time result
printf '%s\n' "${summary[@]}"
exit "$failed"
