#!/usr/bin/env bash
# Known answers whose loops are too long for the debug test run, on the release build of the modules:
# RFC 7748 §5.2's X25519 iterated 1,000,000 times (the expected value is in
# Tests/PureCurve25519Tests/Vectors/x25519_vectors.json; the debug tests run 1,000 iterations).
#
#   bash scripts/known-answer-loops.sh          # exit 0: every known answer matched
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --target PureCurve25519 >/dev/null
bin=$(swift build -c release --show-bin-path)
out=.build-known-answers
mkdir -p "$out"
objects=()
for module in PureCurve25519 PureSHA2 PureASN1 PureBase64 PureBigInt; do
    objects+=("$bin/$module.build"/*.o)
done
swiftc -O scripts/known-answer-loops/main.swift -I "$bin/Modules" "${objects[@]}" -o "$out/known-answer-loops"
expected=$(sed -n 's/.*"1000000": "\([0-9a-f]*\)".*/\1/p' Tests/PureCurve25519Tests/Vectors/x25519_vectors.json)
[[ ${#expected} == 64 ]] || { echo "no 1,000,000-iteration value in x25519_vectors.json"; exit 1; }
"$out/known-answer-loops" 1000000 "$expected"
