#!/usr/bin/env bash
# Type-checks the Swift code blocks of the guides against the current API, so that an API change cannot
# leave a guide behind. Each ```swift block becomes the body of its own `async throws` function returning
# Any (so that a handler's `return` reads as it would in an app; `import` lines move to the top), after a
# context file, scripts/doc-snippets/NAME.swift, that declares what the guide's prose assumes (a `token`, a
# `pem`, a claims type): declarations only, never run.
#   scripts/check-doc-snippets.sh
#       README.md, Docs/*.md and the DocC pages (Sources/*/*.docc/*.md), against the root package's debug
#       build (.build/debug: run `swift build` first; CI runs this after the tests)
#   scripts/check-doc-snippets.sh --package DIR --scratch-path PATH
#       DIR/README.md (an integration package or the example), and the blocks of README.md and Docs/*.md
#       marked `<!-- snippet: with DIR -->` (Vapor or Hummingbird code in the root guides), against that
#       package's debug build in PATH, its C modules' maps included (CI runs this as each integration
#       package and the example finish building). A marked block's context is
#       scripts/doc-snippets/GUIDE+PACKAGE.swift (README+AppleAuthVapor.swift).
# A block that is not meant to compile alone (a Package.swift fragment) has the line
# `<!-- snippet: not compiled: WHY -->` just before it; a block that is a
# handler's body returning a status has `<!-- snippet: returns TYPE -->`, TYPE from the context.
# Exit 0 when every block type-checks, 1 when one does not (its errors printed), 2 for usage.
set -euo pipefail
cd "$(dirname "$0")/.."
package="" scratch=""
while (( $# )); do
    case "$1" in
        --package) package=${2:?--package needs a directory}; shift 2 ;;
        --scratch-path) scratch=${2:?--scratch-path needs a directory}; shift 2 ;;
        *) echo "usage: scripts/check-doc-snippets.sh [--package DIR --scratch-path PATH]" >&2; exit 2 ;;
    esac
done

flags=()
if [[ -n $package ]]; then
    [[ -n $scratch ]] || { echo "--package needs --scratch-path (where the package was built)" >&2; exit 2; }
    package=${package%/}
    docs=("$package/README.md" README.md Docs/*.md)
    build=$(cd "$scratch" && pwd)/debug
    [[ -d $build/Modules ]] || { echo "no $build/Modules: build $package first (swift build --package-path $package --scratch-path $scratch)" >&2; exit 2; }
    build=$(cd "$build" && pwd -P)   # debug links to the triple's folder, where the C targets' maps are
    flags+=(-I "$build/Modules")
    # The C targets' module maps: SwiftPM's generated ones, and those the packages ship in include/.
    while IFS= read -r map; do flags+=(-Xcc "-fmodule-map-file=$map"); done \
        < <(find "$build" -maxdepth 3 -name module.modulemap; find "$scratch/checkouts" -path '*/Sources/*/include/module.modulemap')
    while IFS= read -r include; do flags+=(-Xcc "-I$include"); done < <(find "$scratch/checkouts" -path '*/Sources/*/include' -type d)
else
    docs=(README.md Docs/*.md Sources/*/*.docc/*.md)
    [[ -d .build/debug/Modules ]] || { echo "no .build/debug/Modules: run swift build first" >&2; exit 2; }
    flags+=(-I .build/debug/Modules)
fi

work=.build/doc-snippets
mkdir -p "$work"
failed=0 checked=0 skipped=0
# A block marked for a package is only checked in that package's run: a marker naming no package (a
# misspelt folder) would leave its block unchecked for good, so the root run refuses it.
if [[ -z $package ]]; then
    while IFS= read -r marker; do
        target=$(sed -E 's/.*<!-- snippet: with ([^ ]+) -->.*/\1/' <<< "${marker#*:}")
        [[ -f $target/Package.swift ]] || { echo "${marker%%:*}: <!-- snippet: with $target --> names no package (no $target/Package.swift)" >&2; failed=1; }
    done < <(grep -H '^ *<!-- snippet: with ' "${docs[@]}" 2>/dev/null || true)
fi
for doc in "${docs[@]}"; do
    [[ -f $doc ]] && grep -q '^ *```swift' "$doc" || continue
    # A DocC page is named for its catalog (Sources/PureAES/PureAES.docc/PureAES.md: PureAES.docc), an
    # integration's README for its folder (Integrations/AppleAuthVapor/README.md: AppleAuthVapor), a root
    # guide's blocks marked for a package for both (README.md's for Integrations/AppleAuthVapor:
    # README+AppleAuthVapor). `own` says whether the guide's unmarked blocks are checked in this run.
    own=1
    case "$doc" in
        Sources/*) name=$(basename "$(dirname "$doc")" .docc).docc ;;
        README.md | Docs/*)
            name=$(basename "$doc" .md)
            if [[ -n $package ]]; then
                grep -q "^ *<!-- snippet: with $package -->" "$doc" || continue
                name=$name+$(basename "$package") own=0
            fi ;;
        *) name=$(basename "$(dirname "$doc")") ;;
    esac
    context=scripts/doc-snippets/$name.swift
    [[ -f $context ]] || { echo "$doc has Swift blocks but no $context: add one declaring what its snippets assume" >&2; failed=1; continue; }
    identifier=${name//[.+]/_}
    source=$work/$name.swift
    awk -v name="$identifier" -v doc="$doc" -v package="$package" -v own="$own" '
        /^ *<!-- snippet: not compiled/ { skip = 1; next }
        /^ *<!-- snippet: with [A-Za-z0-9_.\/-]+ -->/ { with = $4; next }
        /^ *<!-- snippet: returns [A-Za-z_.]+ -->/ { returns = $4; next }
        /^ *```swift/ {
            inblock = 1; n++; line[n] = NR; body[n] = ""; skipped[n] = skip; type[n] = returns ? returns : "Any"
            # A block marked for a package is checked only in the run for that package, which leaves out
            # the other blocks of the guide (the root run checks them).
            elsewhere[n] = with != "" ? (with != package ? with : "") : (own ? "" : "-")   # "-": left to the root run
            skip = 0; returns = ""; with = ""; match($0, /^ */); indent = RLENGTH; next
        }
        /^ *```/ && inblock { inblock = 0; next }
        inblock {
            $0 = substr($0, 1, indent) ~ /^ *$/ ? substr($0, indent + 1) : $0   # a block in a list item, unindented
            if ($0 ~ /^import [A-Za-z_0-9]+[[:space:]]*(\/\/.*)?$/) {
                # The imports of the blocks checked in this run only.
                split($0, words, /[[:space:]]+/); if (!skipped[n] && elsewhere[n] == "") imports["import " words[2]] = 1; next
            }
            body[n] = body[n] $0 "\n"; next
        }
        { if ($0 !~ /^[[:space:]]*$/) { skip = 0; returns = ""; with = "" } }
        END {
            for (i in imports) print i
            for (k = 1; k <= n; k++) {
                if (elsewhere[k] == "-") continue
                if (skipped[k]) { printf "// %s, the block at line %d: not compiled\n", doc, line[k]; continue }
                if (elsewhere[k] != "") { printf "// %s, the block at line %d: checked with %s\n", doc, line[k], elsewhere[k]; continue }
                printf "// %s, the block at line %d\nfunc snippet_%s_line%d() async throws -> %s {\n%s    fatalError()\n}\n", doc, line[k], name, line[k], type[k], body[k]
            }
        }' "$doc" > "$source.blocks"
    checked=$((checked + $(grep -c '^func snippet_' "$source.blocks" || true)))
    skipped=$((skipped + $(grep -c ': not compiled$' "$source.blocks" || true)))
    { cat "$context"; cat "$source.blocks"; } > "$source"
    if ! swiftc -typecheck -parse-as-library -module-name "DocSnippets$identifier" "${flags[@]}" \
        -module-cache-path "$work/module-cache" "$source" > "$work/$name.log" 2>&1; then
        grep -E "error:" "$work/$name.log" | sort -u | head -20
        echo "$doc: its Swift blocks do not type-check against the API ($source, the context's lines first)"
        failed=1
    fi
done
(( checked > 0 )) || { echo "no Swift block was checked in ${docs[*]}" >&2; exit 1; }
if (( failed )); then
    echo "doc snippets: FAILED (above); $checked blocks in all, $skipped marked not compiled"
else
    echo "doc snippets: $checked blocks type-checked${package:+ against $package}, $skipped marked not compiled"
fi
exit $failed
