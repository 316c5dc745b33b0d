#!/usr/bin/env bash
# Compiles the stdlib-only modules (PureSHA2, PureBase64, PureBigInt, PureASN1, PureRSA, PureECDSA, PureP256,
# PureP384, PureP521, PureSecp256k1, PureCurve25519, PureX509, PureAES, PureDeflate, PureCBOR, PureSHA3, PureCurve448, PureMLDSA, PurePKCS12) as Embedded Swift for a 64-bit ARM target and a 32-bit one,
# with the Embedded standard libraries that ship in
# the toolchain (lib/swift/embedded/). It catches what those modules must not use: Foundation, reflection,
# dynamic casts, untyped throws in hot paths, and code that only compiles with a 64-bit Int. It compiles;
# it does not run anything (no board or emulator here).
#
# Unoptimized (-Onone): Embedded Swift's restrictions are enforced by the mandatory passes, which run at
# every optimization level, and an unoptimized compile takes a quarter of the time (P-521's unrolled field
# arithmetic alone is two minutes at -Osize). The optimized Embedded build is scripts/wasm-known-answers.sh,
# which compiles these modules at -Osize for wasm32 and runs them.
#
#   bash scripts/embedded-build.sh          # exit 0: every module compiled for every target
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(PureSHA2 PureBase64 PureBigInt PureASN1 PureRSA PureECDSA PureP256 PureP384 PureP521 PureSecp256k1 PureCurve25519 PureX509 PureAES PureDeflate PureCBOR PureSHA3 PureCurve448 PureMLDSA PurePKCS12)   # in dependency order
targets=(aarch64-none-none-elf armv7em-none-none-eabi)
out=.build-embedded
# One target's modules, in order (each needs the ones before it); its lines go to $out/$target.result.
build_target() {
    local target=$1 status=0
    mkdir -p "$out/$target"
    for module in "${modules[@]}"; do
        if swiftc -target "$target" -enable-experimental-feature Embedded -wmo -parse-as-library -Onone \
            -package-name PureJWT -module-name "$module" -I "$out/$target" \
            -emit-module -emit-module-path "$out/$target/$module.swiftmodule" \
            -c Sources/"$module"/*.swift -o "$out/$target/$module.o" > "$out/$target/$module.log" 2>&1; then
            echo "ok   $module for $target"
        else
            echo "FAIL $module for $target:"; grep -E "error:" "$out/$target/$module.log" | sort -u | head -20
            status=1
        fi
    done
    return $status
}
# The targets side by side (a whole-module compile uses one core; CI has two), reported in order.
pids=()
for target in "${targets[@]}"; do
    mkdir -p "$out"
    build_target "$target" > "$out/$target.result" 2>&1 &
    pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
    wait "${pids[$i]}" || status=1
    cat "$out/${targets[$i]}.result"
done
exit $status
