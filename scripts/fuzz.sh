#!/usr/bin/env bash
# Runs one libFuzzer harness of Fuzz/ (with AddressSanitizer) for SECONDS, starting from its seed corpus.
#   scripts/fuzz.sh [--release] TARGET SECONDS [extra libFuzzer flags]   e.g. scripts/fuzz.sh FuzzJWS 600
#   scripts/fuzz.sh --list                                               the harnesses
# The default build is debug: its larger stack frames make deep-nesting limits meet a stricter stack.
# --release builds optimized (same sanitizers; Swift's overflow and bounds checks stay on, and Sources has
# no `assert`), for harnesses whose every input runs signature arithmetic: FuzzECKeys runs ~13 inputs a
# second in debug and ~750 in release, FuzzEd25519 ~48 and ~9,700, FuzzMLDSA ~72 and ~760.
# New inputs that reach new code go to .build-fuzz/corpus/TARGET (not committed); crashes to
# .build-fuzz/crashes/TARGET-*. Add every crash input as a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(FuzzKeys FuzzBase64 FuzzJWS FuzzJWKS FuzzIdentityToken FuzzNotification FuzzAppleResponses FuzzCertificates FuzzAppStore FuzzEd25519 FuzzECKeys FuzzJWTTool FuzzReceipts FuzzInflate FuzzJWE FuzzCBOR FuzzWebAuthn FuzzAppAttest FuzzMLDSA FuzzApplePay)
if [[ "${1:-}" == "--list" ]]; then printf '%s\n' "${targets[@]}"; exit 0; fi
configuration=debug
if [[ "${1:-}" == "--release" ]]; then configuration=release; shift; fi
if [[ $# -lt 2 ]]; then echo "usage: scripts/fuzz.sh [--release] TARGET SECONDS [libFuzzer flags] (TARGET: ${targets[*]})" >&2; exit 2; fi
target=$1 seconds=$2; shift 2
[[ " ${targets[*]} " == *" $target "* ]] || { echo "unknown target $target; one of: ${targets[*]}" >&2; exit 2; }

# lld because gold cannot link SwiftPM's renamed main against libFuzzer; -sanitize=fuzzer instruments
# every module (the library too) for coverage.
mkdir -p ".build-fuzz/corpus/$target" .build-fuzz/crashes
# SwiftPM 6.3 keeps a path dependency's old file list in its build plan; a library file added since the
# last fuzz build would then be "not found". The plan is cheap to regenerate.
rm -f ".build-fuzz/build/$configuration.yaml"
swift build -c "$configuration" --package-path Fuzz --scratch-path .build-fuzz/build --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld \
    > ".build-fuzz/build-$target.log" 2>&1 \
    || { grep -v -e "warning" ".build-fuzz/build-$target.log" >&2; echo "build of $target failed" >&2; exit 1; }
binary=.build-fuzz/build/$configuration/$target
# Leaks are not errors here (Foundation's caches); -rss_limit_mb guards against runaway allocation.
ASAN_OPTIONS=detect_leaks=0 "$binary" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix=".build-fuzz/crashes/$target-" -print_final_stats=1 "$@" \
    ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target"
