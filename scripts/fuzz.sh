#!/usr/bin/env bash
# Runs one libFuzzer harness of Fuzz/ (with AddressSanitizer) for SECONDS, starting from its seed corpus.
#   scripts/fuzz.sh [--release] TARGET SECONDS [extra libFuzzer flags]   e.g. scripts/fuzz.sh FuzzJWS 600
#   scripts/fuzz.sh --list                                               the harnesses
#   scripts/fuzz.sh [--release] --build-only [TARGET]                    builds one harness, or every one
#   scripts/fuzz.sh [--release] --no-build TARGET SECONDS […]            runs the harness as last built
# (scripts/fuzz-smoke.sh, which CI runs, builds them all at once and then runs two at a time.)
# The default build is debug: its larger stack frames make deep-nesting limits meet a stricter stack.
# --release builds optimized (same sanitizers; Swift's overflow and bounds checks stay on, and Sources has
# no `assert`), for harnesses whose every input runs signature arithmetic: FuzzECKeys runs ~13 inputs a
# second in debug and ~750 in release, FuzzEd25519 ~48 and ~9,700, FuzzMLDSA ~72 and ~760.
# FuzzCurve448 runs in release too.
# New inputs that reach new code go to .build-fuzz/corpus/TARGET (not committed); crashes to
# .build-fuzz/crashes/TARGET-*. Add every crash input as a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(FuzzKeys FuzzBase64 FuzzJWS FuzzJWKS FuzzIdentityToken FuzzNotification FuzzAppleResponses FuzzCertificates FuzzAppStore FuzzEd25519 FuzzCurve448 FuzzECKeys FuzzJWTTool FuzzReceipts FuzzInflate FuzzJWE FuzzCBOR FuzzWebAuthn FuzzAppAttest FuzzMLDSA FuzzApplePay)
if [[ "${1:-}" == "--list" ]]; then printf '%s\n' "${targets[@]}"; exit 0; fi
configuration=debug build=yes run=yes
while [[ "${1:-}" == --* ]]; do
    case "$1" in
        --release) configuration=release ;;
        --build-only) run=no ;;
        --no-build) build=no ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
usage="usage: scripts/fuzz.sh [--release] [--build-only | --no-build] TARGET SECONDS [libFuzzer flags] (TARGET: ${targets[*]})"
if [[ $run == yes && $# -lt 2 || $run == no && ($build == no || $# -gt 1) ]]; then echo "$usage" >&2; exit 2; fi
target=${1:-} seconds=${2:-}
(( $# >= 2 )) && shift 2 || shift $#
[[ -z "$target" || " ${targets[*]} " == *" $target "* ]] || { echo "unknown target $target; one of: ${targets[*]}" >&2; exit 2; }

# lld because gold cannot link SwiftPM's renamed main against libFuzzer; -sanitize=fuzzer instruments
# every module (the library too) for coverage.
mkdir -p ".build-fuzz/corpus/$target" .build-fuzz/crashes
# SwiftPM 6.3 keeps a path dependency's old file list in its build plan; a library file added since the
# last fuzz build would then be "not found". The plan is cheap to regenerate.
if [[ $build == yes ]]; then
    rm -f ".build-fuzz/build/$configuration.yaml"
    log=".build-fuzz/build-${target:-all}-$configuration.log"
    swift build -c "$configuration" --package-path Fuzz --scratch-path .build-fuzz/build ${target:+--product "$target"} \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld > "$log" 2>&1 \
        || { grep -v -e "warning" "$log" >&2; echo "build of ${target:-the harnesses} failed" >&2; exit 1; }
fi
[[ $run == yes ]] || exit 0
binary=.build-fuzz/build/$configuration/$target
[[ -x "$binary" ]] || { echo "$binary is not built: scripts/fuzz.sh $([[ $configuration == release ]] && echo "--release ")--build-only $target builds it" >&2; exit 1; }
# Leaks are not errors here (Foundation's caches); -rss_limit_mb guards against runaway allocation.
ASAN_OPTIONS=detect_leaks=0 "$binary" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix=".build-fuzz/crashes/$target-" -print_final_stats=1 "$@" \
    ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target"
