#!/usr/bin/env bash
# Builds the seed corpora fuzz/corpus/<target> at run time from the shared data (read only:
# nothing is written there), the curated seeds in fuzz/seeds/<target>/ and the saved findings
# in fuzz/regressions/<target>/. Idempotent: seeds have fixed names, so a rerun rewrites them
# and leaves what libFuzzer added.
#
#   formats       text files of every format (whole when small, the first lines when large)
#   engines,      'T' + given density + relation density + 8-byte thinning seed + one puzzle
#   trace,        text + NUL + bytes for the limits: the structured decoder reads the puzzle
#   differential, and keeps all its givens and relations (density ff) or about half (80);
#   grade         see fuzz/src/case.rs (grade takes the 9×9 ones, not 16×16)
#   validate,     no seeds: their structured input is not text, and any bytes make a case
#   generate
set -euo pipefail
data=$(cd "${1:?usage: seed-corpus.sh DATA_DIR}" && pwd)
cd "$(dirname "$0")"
targets=$(awk '/^\[\[bin\]\]/ { bin = 1 } bin && /^name/ { gsub(/"/, "", $3); print $3; bin = 0 }' Cargo.toml)
for t in $targets; do mkdir -p "corpus/$t"; done

# The first bytes (at most 4096, the -max_len of the runs) of FILE as seed NAME of TARGET.
seed_file() { head -c 4096 "$data/$3" > "corpus/$1/seed-$2"; }

# One puzzle (text on stdin) as a structured seed of TARGET named NAME, at DENSITY (hex),
# then a NUL and bytes for the target's limits and budgets (zeros would mean node limit 0).
limits='\x9f\x3c\x51\xe2\x07\xb4\x66\x2d\x83\x1a\xc9\x55\x30\xee\x74\x08\x91\x4b\xd2\x6f'
seed_puzzle() {
    local target=$1 name=$2 density=$3
    { printf "T\\x$density\\x$density\\0\\0\\0\\0\\0\\0\\0\\0"; cat; printf "\\0$limits"; } \
        > "corpus/$target/seed-$name-$density"
}

# formats: every judge input of the manifest but the many derived CQOI ones (five of those),
# and the first lines of the big line-format sets.
manifest_inputs=$(awk -F'\t' '!/^#/ && NF >= 2 { print $2 }' "$data/MANIFEST.tsv")
# (No `head` after a pipe: under pipefail the writer it cuts off fails with SIGPIPE.)
{ grep -v derived <<< "$manifest_inputs"; grep derived <<< "$manifest_inputs" | sed -n 1,5p; } |
    while read -r input; do seed_file formats "${input//\//_}" "$input"; done
for set in bench9/puzzles2_17_clue bench9/puzzles7_serg_benchmark sixteen/public_120_AP.txt; do
    head -n 3 "$data/$set" > "corpus/formats/seed-${set//\//_}"
done

# The structured targets: 9×9 classic (hard and easy), 9×9 inequality (CQOI), 16×16 classic.
structured="engines trace differential grade"
multi=("$data"/cqoi2013/derived/multi/*.in)
for density in ff 80; do
    for t in $structured; do
        for set in norvig_top95 norvig_easy50; do
            head -n 2 "$data/poj3074/$set.in" | tail -n 1 | seed_puzzle "$t" "$set" "$density"
        done
        seed_puzzle "$t" cqoi-sample1 "$density" < "$data/cqoi2013/sample1.in"
        seed_puzzle "$t" cqoi-multi "$density" < "${multi[0]}"
        head -n 1 "$data/sixteen/generated_200_AP.txt" | seed_puzzle "$t" sixteen "$density"
    done
done

# Curated seeds and saved findings.
for t in $targets; do
    for dir in seeds regressions; do
        if [ -d "$dir/$t" ]; then
            for f in "$dir/$t"/*; do
                [ -f "$f" ] && cp "$f" "corpus/$t/$dir-$(basename "$f")"
            done
        fi
    done
done
for t in $targets; do echo "fuzz/corpus/$t: $(ls "corpus/$t" | wc -l) inputs"; done
