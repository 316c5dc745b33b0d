#!/usr/bin/env bash
# Availability check: no declaration newer than Package.swift's `platforms:` minimums is used outside
# `#available` / `@available`. Linux does not enforce availability; a Mac does, at compile time.
#
#   scripts/availability-check.sh            check the package's Sources/
#
# Steps: a debug build (for the modules' interfaces), symbol graphs of the toolchain's modules (each
# declaration's availability on Apple's platforms), a JSON AST dump of every source file (what each file
# references), then scripts/availability/AvailabilityCheck.swift compares the two. It first checks its own
# fixture (scripts/availability/Fixture.swift), whose violations must be found exactly, so a check that
# has stopped seeing anything fails instead of passing.
set -euo pipefail
cd "$(dirname "$0")/.."

work=.build/availability
rm -rf "$work"
mkdir -p "$work/symbols" "$work/ast" "$work/fixture-ast/Fixture"

swift build > "$work/build.log" 2>&1 || { tail -n 40 "$work/build.log"; exit 1; }
bin=$(swift build --show-bin-path)
modules="$bin/Modules"
[ -d "$modules" ] || modules="$bin"
triple=$(swiftc -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)

# The package name SwiftPM compiles with (`package` access across modules must match it).
package_name=$(grep -o '"-package-name","[^"]*"' "$(dirname "$bin")/../debug.yaml" 2>/dev/null | head -n 1 | cut -d'"' -f4 || true)
[ -n "$package_name" ] || package_name=$(basename "$PWD" | tr '[:upper:]' '[:lower:]')

# The steps below are single-threaded processes, independent of one another: they run as many at a time
# as there are cores (`limited`), and `collect` waits for each (a failed one fails the script).
jobs_at_once=$(nproc 2>/dev/null || echo 2)
pids=()
limited() {
    while (( $(jobs -rp | wc -l) >= jobs_at_once )); do wait -n; done
    "$@" &
    pids+=($!)
}
collect() {
    for pid in "${pids[@]}"; do wait "$pid"; done
    pids=()
}

for module in Swift _Concurrency _StringProcessing Synchronization Dispatch Foundation FoundationEssentials FoundationNetworking; do
    limited swift-symbolgraph-extract -module-name "$module" -target "$triple" -output-dir "$work/symbols" \
        -minimum-access-level public > /dev/null
done

swift package dump-package > "$work/package.json"

build_checker() {
    swiftc -O scripts/availability/AvailabilityCheck.swift -o "$work/availability-check" 2> "$work/checker-build.log" \
        || { cat "$work/checker-build.log"; exit 1; }
}
limited build_checker

# dump MODULE OUTPUT-DIR FILES...: one JSON AST per file, type-checked as part of its module.
dump() {
    local module=$1 out=$2; shift 2
    local mode=-parse-as-library primaries=() outputs=()
    for file in "$@"; do
        primaries+=(-primary-file "$file")
        outputs+=(-o "$out/$(basename "$file" .swift).json")
        [ "$(basename "$file")" = main.swift ] && mode=""
    done
    swiftc -frontend -dump-ast -dump-ast-format json "${primaries[@]}" "${outputs[@]}" $mode \
        -module-name "$module" -package-name "$package_name" -swift-version 6 -target "$triple" \
        -D SWIFT_PACKAGE -D DEBUG -I "$modules" -module-cache-path "$work/module-cache" \
        2> "$work/$module.log" || { cat "$work/$module.log"; exit 1; }
}

# Self-test first: the fixture's unguarded uses must be found, and nothing else.
dump Fixture "$work/fixture-ast/Fixture" "$PWD/scripts/availability/Fixture.swift"
collect   # the symbol graphs and the checker
printf '{"platforms":[{"platformName":"macos","version":"13.0"},{"platformName":"ios","version":"16.0"},{"platformName":"tvos","version":"16.0"},{"platformName":"watchos","version":"9.0"},{"platformName":"visionos","version":"1.0"}]}' \
    > "$work/fixture-package.json"
"$work/availability-check" --package "$work/fixture-package.json" --symbols "$work/symbols" \
    --ast "$work/fixture-ast" --expect scripts/availability/Fixture.expected

for dir in Sources/*/; do
    module=$(basename "$dir")
    mkdir -p "$work/ast/$module"
    limited dump "$module" "$work/ast/$module" $(find "$PWD/$dir" -name '*.swift' | sort)
done
collect
"$work/availability-check" --package "$work/package.json" --symbols "$work/symbols" --ast "$work/ast"
