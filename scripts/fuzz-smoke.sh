#!/usr/bin/env bash
# A short libFuzzer run of every harness of Fuzz/ from its seed corpus, as CI runs it (issue 9): a smoke run
# that replays every seed and explores a little; the long campaigns are scripts/fuzz.sh TARGET SECONDS.
#   scripts/fuzz-smoke.sh [SECONDS]       default 12 s a harness; exit 0 when no harness found a crash
# The harnesses are built in one `swift build` (their modules compile side by side, instead of one product
# after another); the four whose every input runs signature arithmetic are also built optimized (10–200×
# the inputs in the same time). Then they run as many at a time as there are cores: a run is
# single-threaded and lasts SECONDS (longer only while it replays a large seed corpus). A run that shares
# its core takes longer over each input, so an input counts as hung after 30 s here instead of fuzz.sh's
# 10 s (FuzzApplePay's slowest seed, a PKCS#12 file's key derivation, takes about 6 s alone in the debug
# build). Each harness's output is in .build-fuzz/TARGET.log; for a crash, its last lines are printed and
# scripts/fuzz.sh says where the input was saved.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-12}
jobs=$(nproc 2>/dev/null || echo 2)
release=" FuzzECKeys FuzzEd25519 FuzzCurve448 FuzzMLDSA "
mkdir -p .build-fuzz
all=($(scripts/fuzz.sh --list))
debug=() optimized=()
for target in "${all[@]}"; do
    if [[ "$release" == *" $target "* ]]; then optimized+=("$target"); else debug+=("$target"); fi
done

scripts/fuzz.sh --build-only
for target in "${optimized[@]}"; do scripts/fuzz.sh --release --build-only "$target"; done

# Runs the given harnesses, `jobs` at a time; each one's exit status goes to .build-fuzz/TARGET.status.
run() {
    local option=$1; shift
    printf '%s\n' "$@" | xargs -P "$jobs" -I '{}' bash -c \
        'scripts/fuzz.sh '"$option"' --no-build "$1" '"$seconds"' -timeout=30 > ".build-fuzz/$1.log" 2>&1; echo $? > ".build-fuzz/$1.status"' _ '{}'
}
rm -f .build-fuzz/*.status
run "" "${debug[@]}"
run --release "${optimized[@]}"

failed=0
for target in "${all[@]}"; do
    if [[ "$(cat ".build-fuzz/$target.status" 2>/dev/null)" != 0 ]]; then
        tail -n 60 ".build-fuzz/$target.log"
        echo "$target: FAILED"
        failed=1
    else
        grep -E "^(Done|stat::number_of_executed_units)" ".build-fuzz/$target.log" | sed "s/^/$target: /"
    fi
done
exit "$failed"
