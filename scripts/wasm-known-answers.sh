#!/usr/bin/env bash
# Runs known answers on wasm32: the stdlib-only modules (PureSHA2, PureBase64, PureBigInt, PureASN1,
# PureRSA, PureECDSA, PureP256, PureP521, PureCurve25519, PureAES, PureDeflate, PureCBOR, PureSHA3, PureMLDSA, PureCurve448) compiled as Embedded Swift for wasm32-unknown-none-wasm with the toolchain's Embedded
# standard library, linked with wasm-ld into one module with scripts/wasm/ (the checks, a minimal runtime,
# the generated vectors), and run under WasmKit (`wasmkit` in the toolchain). 32-bit Int, no libc, no
# Foundation. Exit 0: every check passed.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(PureSHA2 PureBase64 PureBigInt PureASN1 PureRSA PureECDSA PureP256 PureP521 PureCurve25519 PureAES PureDeflate PureCBOR PureSHA3 PureMLDSA PureCurve448)   # in dependency order
target=wasm32-unknown-none-wasm
out=.build-embedded/wasm
mkdir -p "$out"
flags=(-target "$target" -enable-experimental-feature Embedded -wmo -parse-as-library -Osize
       -Xfrontend -disable-stack-protector -package-name PureJWT -I "$out")

objects=()
timings=()
for module in "${modules[@]}"; do
    start=$SECONDS
    swiftc "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -c Sources/"$module"/*.swift -o "$out/$module.o" > "$out/$module.log" 2>&1 \
        || { echo "FAIL $module for $target:"; grep -E "error:" "$out/$module.log" | sort -u | head -20; exit 1; }
    objects+=("$out/$module.o")
    timings+=("$module $((SECONDS - start)) s")
done
echo "wasm32 compiles: $(IFS=,; echo "${timings[*]}" | sed 's/,/, /g')"
# The runtime defines `free`, which the compiler warns is reserved; that is the point here.
swiftc "${flags[@]}" -enable-experimental-feature Extern -module-name KnownAnswers \
    -c scripts/wasm/KnownAnswers.swift scripts/wasm/Runtime.swift scripts/wasm/KnownAnswerVectors.swift \
    -o "$out/KnownAnswers.o" > "$out/KnownAnswers.log" 2>&1 \
    || { grep -E "error:" "$out/KnownAnswers.log" | sort -u | head -20; exit 1; }
wasm-ld "$out/KnownAnswers.o" "${objects[@]}" -o "$out/known-answers.wasm" \
    --no-entry --export=_start --initial-memory=134217728 > "$out/link.log" 2>&1 \
    || { cat "$out/link.log"; exit 1; }
echo "wasm32: $(wc -c < "$out/known-answers.wasm") bytes; running under WasmKit"
wasmkit run "$out/known-answers.wasm"
