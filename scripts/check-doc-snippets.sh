#!/usr/bin/env bash
# Type-checks the Swift code blocks of README.md, Docs/*.md and the DocC catalogs' pages against the package's current API, so that
# the guides cannot drift from it: each ```swift block becomes the body of its own `async throws` function
# returning Any, so that a handler's `return` reads as it would in an app (its `import` lines moved to the
# top), after a context file, scripts/doc-snippets/NAME.swift, that
# declares what the guide's prose assumes (a `token`, a `pem`, a claims type) — declarations only, never
# run. A block that is not meant to compile alone (a Package.swift fragment, code for a framework this
# package does not build against) has the line `<!-- snippet: not compiled: WHY -->` just before it; a block
# that is a handler's body returning a status has `<!-- snippet: returns TYPE -->`, TYPE from the context.
#   scripts/check-doc-snippets.sh          exit 0 when every block type-checks
# Needs the debug build's modules (.build/debug/Modules): `swift build` first (CI runs it after the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
modules=.build/debug/Modules
[[ -d $modules ]] || { echo "no $modules: run swift build first" >&2; exit 2; }
work=.build/doc-snippets
mkdir -p "$work"
failed=0 checked=0 skipped=0
for doc in README.md Docs/*.md Sources/*/*.docc/*.md; do
    grep -q '^ *```swift' "$doc" || continue
    # A catalog's page is named for its catalog (Sources/PureAES/PureAES.docc/PureAES.md: PureAES.docc).
    case "$doc" in
        Sources/*) name=$(basename "$(dirname "$doc")" .docc).docc ;;
        *) name=$(basename "$doc" .md) ;;
    esac
    context=scripts/doc-snippets/$name.swift
    [[ -f $context ]] || { echo "$doc has Swift blocks but no $context: add one declaring what its snippets assume" >&2; failed=1; continue; }
    source=$work/$name.swift
    # Blocks become functions named after the doc and the block's first line in the doc.
    awk -v name="${name//./_}" -v doc="$doc" '
        /^ *<!-- snippet: not compiled/ { skip = 1; next }
        /^ *<!-- snippet: returns [A-Za-z_.]+ -->/ { returns = $4; next }
        /^ *```swift/ {
            inblock = 1; n++; line[n] = NR; body[n] = ""; skipped[n] = skip; type[n] = returns ? returns : "Any"
            skip = 0; returns = ""; match($0, /^ */); indent = RLENGTH; next
        }
        /^ *```/ && inblock { inblock = 0; next }
        inblock {
            $0 = substr($0, 1, indent) ~ /^ *$/ ? substr($0, indent + 1) : $0   # a block in a list item, unindented
            if ($0 ~ /^import [A-Za-z_0-9]+[[:space:]]*(\/\/.*)?$/) { split($0, words, /[[:space:]]+/); imports["import " words[2]] = 1; next }
            body[n] = body[n] $0 "\n"; next
        }
        { if ($0 !~ /^[[:space:]]*$/) { skip = 0; returns = "" } }
        END {
            for (i in imports) print i
            for (k = 1; k <= n; k++) {
                if (skipped[k]) { printf "// %s, the block at line %d: not compiled\n", doc, line[k]; continue }
                printf "// %s, the block at line %d\nfunc snippet_%s_line%d() async throws -> %s {\n%s    fatalError()\n}\n", doc, line[k], name, line[k], type[k], body[k]
            }
        }' "$doc" > "$source.blocks"
    blocks=$(grep -c '^func snippet_' "$source.blocks" || true)
    skips=$(grep -c ': not compiled$' "$source.blocks" || true)
    { cat "$context"; cat "$source.blocks"; } > "$source"
    checked=$((checked + blocks)) skipped=$((skipped + skips))
    if ! swiftc -typecheck -parse-as-library -module-name "DocSnippets${name//./_}" -I "$modules" -module-cache-path "$work/module-cache" "$source" > "$work/$name.log" 2>&1; then
        grep -E "error:" "$work/$name.log" | sort -u | head -20
        echo "$doc: its Swift blocks do not type-check against the API ($source, lines from the context first)"
        failed=1
    fi
done
(( checked > 0 )) || { echo "no Swift block was checked" >&2; exit 1; }
if (( failed )); then
    echo "doc snippets: FAILED (above); $checked blocks in all, $skipped marked not compiled"
else
    echo "doc snippets: $checked blocks type-checked, $skipped marked not compiled"
fi
exit $failed
