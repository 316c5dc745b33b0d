#!/usr/bin/env bash
# API documentation: builds a DocC archive for each public module with the toolchain's docc (symbol graphs
# from the compiler, no plugin), warnings treated as errors, and fails if a public symbol has no doc
# comment.
#
#   scripts/docs.sh            archives in .build/docs/<Module>.doccarchive
#
# Each module's catalog is Sources/<Module>/<Module>.docc (landing page, topics). The guides in Docs/ are
# copied into the catalog of the module they belong to at build time, so they are written once.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/docs
rm -rf "$out"
mkdir -p "$out"

swift build > "$out/build.log" 2>&1 || { tail -n 40 "$out/build.log"; exit 1; }
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)

# module:guide,guide... — which Docs/ guides become articles of which module. `guide=name` copies it under
# another name (an article may not share a symbol's name: SignInWithApple.md).
catalogs="
PureJWT:JWT.md,JWE.md,KeyFormats.md,Performance.md
AppleAuth:GettingStarted.md,SignInWithApple.md=SignInWithAppleGuide.md,Migrating.md
AppleAuthURLSession:
AppleHTTP:
AppStoreServer:AppStore.md
AppStoreServerAPI:
PureP256:Security.md
PureP384:
PureP521:
PureSecp256k1:
PureECDSA:
PureCurve25519:
PureCurve448:
PureAES:
PureDeflate:
PureCBOR:
PureSHA3:
PureMLDSA:PostQuantum.md
PureWebAuthn:
AppAttest:
ApplePay:ApplePay.md=ApplePayGuide.md
PurePKCS12:
PureX509:
PureRSA:
PureSHA2:
PureBase64:
PureASN1:
PureBigInt:
"

swiftc -O scripts/docs/DocCoverage.swift -o "$out/doc-coverage" 2> "$out/doc-coverage-build.log" \
    || { cat "$out/doc-coverage-build.log"; exit 1; }

graph_dirs=()
for entry in $catalogs; do
    module=${entry%%:*}
    mkdir -p "$out/symbols/$module"
    swift-symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" \
        -output-dir "$out/symbols/$module" -minimum-access-level public -skip-synthesized-members > /dev/null
    graph_dirs+=("$out/symbols/$module")
done
"$out/doc-coverage" "${graph_dirs[@]}"

for entry in $catalogs; do
    module=${entry%%:*}
    guides=${entry#*:}
    catalog="Sources/$module/$module.docc"
    [ -d "$catalog" ] || { echo "docs: $catalog is missing"; exit 1; }
    build="$out/catalogs/$module.docc"
    mkdir -p "$(dirname "$build")"
    cp -R "$catalog" "$build"
    for guide in ${guides//,/ }; do
        cp "Docs/${guide%%=*}" "$build/${guide#*=}"
    done
    docc convert "$build" --additional-symbol-graph-dir "$out/symbols/$module" \
        --output-dir "$out/$module.doccarchive" --warnings-as-errors \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.purejwt.$module" \
        > "$out/$module.log" 2>&1 || { cat "$out/$module.log"; echo "docs: $module failed"; exit 1; }
    echo "docs: $module -> $out/$module.doccarchive"
done
