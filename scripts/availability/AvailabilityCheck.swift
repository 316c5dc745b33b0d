// AvailabilityCheck: fails when the package's sources use a declaration that Apple's platforms introduced
// after the minimums in Package.swift, outside a matching `if #available` / `guard #available` or an
// `@available` declaration.
//
// Linux does not enforce availability, so a package that builds and passes here can fail to compile on a
// Mac. This program redoes the compiler's check from two inputs that the toolchain on Linux can produce:
//
// - the declarations' availability: symbol graphs from `swift-symbolgraph-extract` for the standard
//   library, _Concurrency, _StringProcessing, Synchronization, Dispatch and Foundation (its Linux symbol
//   graphs carry Apple's availability for Foundation's Swift API); a member inherits its type's
//   availability (`memberOf`), the package's own `@available` declarations are added;
// - the references: `swiftc -frontend -dump-ast -dump-ast-format json`, one file per source file, which
//   names every referenced declaration by USR (`decl_usr`, conformances' `protocol`) and every type by its
//   mangled name (which contains the nominal type's USR).
//
// The availability a reference enjoys is the package's minimum, raised by the `@available` attributes of
// the declarations around it, by the `then` branch of `if #available(...)`, and by the statements after
// `guard #available(...) else { ... }` in the same block. `*` leaves a platform at its minimum, as the
// compiler does.
//
// Not seen: code that `#if` leaves out on Linux (`#if canImport(Darwin)` branches, `#if os(macOS)`).
//
// Usage: availability-check --package PACKAGE.json --symbols DIR --ast DIR [--expect FILE]
//   PACKAGE.json: `swift package dump-package` (its `platforms`)
//   --ast DIR: one folder per module, each holding FILE.json dumps with `filename` naming the source
//   --expect FILE: self-test mode; the violations found must be exactly the lines of FILE
//     ("file-name:line: symbol") — proves the check still finds what it must.
// Exit 0: no violation; 1: violations (printed as path:line:column: error: ...); 2: bad input.

import Foundation

// MARK: Versions and platforms

struct Version: Comparable, CustomStringConvertible {
    var components: [Int]

    init?(_ text: String) {
        let parts = text.split(separator: ".").map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        components = parts.map { $0! }
        while components.count < 3 { components.append(0) }
    }

    init(major: Int, minor: Int, patch: Int) { components = [major, minor, patch] }

    static func < (a: Version, b: Version) -> Bool { a.components.lexicographicallyPrecedes(b.components) }

    var description: String {
        components[2] == 0 ? "\(components[0]).\(components[1])" : components.map(String.init).joined(separator: ".")
    }
}

/// The Apple platforms Package.swift can name. The raw values are the domains of symbol graphs and of
/// `@available` / `#available`.
enum Platform: String, CaseIterable {
    case macOS, iOS, tvOS, watchOS, visionOS
}

/// Introduction versions per platform; a platform that is absent has no requirement.
typealias Availability = [Platform: Version]

func raised(_ a: Availability, by b: Availability) -> Availability {
    a.merging(b) { Swift.max($0, $1) }
}

/// visionOS availability the compiler infers from iOS when a declaration names no visionOS version:
/// visionOS 1 shipped with iOS 17, visionOS 2 with iOS 18, and both went to 26 together.
func withInferredVisionOS(_ a: Availability) -> Availability {
    guard a[.visionOS] == nil, let iOS = a[.iOS] else { return a }
    var result = a
    let major = iOS.components[0]
    if major >= 26 {
        result[.visionOS] = iOS
    } else if major >= 18 {
        result[.visionOS] = Version(major: major - 16, minor: iOS.components[1], patch: 0)
    } else if major == 17 {
        result[.visionOS] = Version(major: 1, minor: 0, patch: 0)
    }
    return result
}

// MARK: Input

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("availability-check: \(message)\n".utf8))
    exit(2)
}

func loadJSON(_ path: String) -> Any {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    do { return try JSONSerialization.jsonObject(with: data) } catch { fail("\(path) is not JSON: \(error)") }
}

func files(in directory: String, suffix: String) -> [String] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
        fail("cannot list \(directory)")
    }
    return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory + "/" + $0 }
}

var arguments: [String: String] = [:]
do {
    var rest = CommandLine.arguments.dropFirst()
    while let flag = rest.popFirst() {
        guard flag.hasPrefix("--"), let value = rest.popFirst() else { fail("usage: see the header of AvailabilityCheck.swift") }
        arguments[String(flag.dropFirst(2))] = value
    }
}
guard let packagePath = arguments["package"], let symbolsPath = arguments["symbols"], let astPath = arguments["ast"] else {
    fail("usage: availability-check --package PACKAGE.json --symbols DIR --ast DIR [--expect FILE]")
}

// The package's minimums. A platform Package.swift does not name gets SwiftPM's oldest supported default,
// which no modern API meets, so it is checked too.
var minimums: Availability = [
    .macOS: Version(major: 10, minor: 13, patch: 0), .iOS: Version(major: 12, minor: 0, patch: 0),
    .tvOS: Version(major: 12, minor: 0, patch: 0), .watchOS: Version(major: 4, minor: 0, patch: 0),
    .visionOS: Version(major: 1, minor: 0, patch: 0),
]
if let package = loadJSON(packagePath) as? [String: Any], let platforms = package["platforms"] as? [[String: Any]] {
    let names: [String: Platform] = ["macos": .macOS, "ios": .iOS, "tvos": .tvOS, "watchos": .watchOS, "visionos": .visionOS]
    for entry in platforms {
        guard let name = entry["platformName"] as? String, let platform = names[name] else { continue }
        guard let text = entry["version"] as? String, let version = Version(text) else {
            fail("Package.swift: platform \(name) has no readable version")
        }
        minimums[platform] = version
    }
} else {
    fail("\(packagePath): no `platforms` array (run `swift package dump-package`)")
}

// MARK: The declarations' availability (symbol graphs)

struct Symbol {
    var title: String
    var module: String
    var isType: Bool
    var availability: Availability
    /// Path and declaration text: two symbols with the same signature are overloads the compiler ranks
    /// by availability.
    var signature: String = ""
}

var symbols: [String: Symbol] = [:]
var parentOf: [String: String] = [:]
let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"]

for path in files(in: symbolsPath, suffix: ".symbols.json") {
    guard let graph = loadJSON(path) as? [String: Any],
          let module = (graph["module"] as? [String: Any])?["name"] as? String,
          let list = graph["symbols"] as? [[String: Any]] else { fail("\(path) is not a symbol graph") }
    for entry in list {
        guard let identifier = (entry["identifier"] as? [String: Any])?["precise"] as? String else { continue }
        var availability: Availability = [:]
        for item in entry["availability"] as? [[String: Any]] ?? [] {
            guard let domain = item["domain"] as? String, let platform = Platform(rawValue: domain),
                  let introduced = item["introduced"] as? [String: Any],
                  let major = introduced["major"] as? Int else { continue }
            availability[platform] = Version(major: major, minor: introduced["minor"] as? Int ?? 0, patch: introduced["patch"] as? Int ?? 0)
        }
        let title = (entry["names"] as? [String: Any])?["title"] as? String ?? identifier
        let pathComponents = entry["pathComponents"] as? [String] ?? [title]
        let kind = (entry["kind"] as? [String: Any])?["identifier"] as? String ?? ""
        let declaration = (entry["declarationFragments"] as? [[String: Any]] ?? []).compactMap { $0["spelling"] as? String }.joined()
        symbols[identifier] = Symbol(title: pathComponents.joined(separator: "."), module: module,
                                     isType: typeKinds.contains(kind), availability: withInferredVisionOS(availability),
                                     signature: pathComponents.joined(separator: ".") + "|" + declaration)
    }
    for relation in graph["relationships"] as? [[String: Any]] ?? [] {
        guard relation["kind"] as? String == "memberOf",
              let source = relation["source"] as? String, let target = relation["target"] as? String else { continue }
        parentOf[source] = target
    }
}
guard symbols.count > 10_000 else { fail("only \(symbols.count) symbols in \(symbolsPath): the symbol graphs are missing") }

var effectiveCache: [String: Availability] = [:]
func effectiveAvailability(_ usr: String, depth: Int = 0) -> Availability {
    if let known = effectiveCache[usr] { return known }
    var result = symbols[usr]?.availability ?? [:]
    if depth < 16, let parent = parentOf[usr] { result = raised(result, by: effectiveAvailability(parent, depth: depth + 1)) }
    effectiveCache[usr] = result
    return result
}

/// Whether `availability` asks for more than the minimums on some platform.
func exceedsMinimums(_ availability: Availability) -> Bool {
    availability.contains { platform, version in minimums[platform].map { version > $0 } ?? false }
}

/// The declarations that need more than the package's minimums, by USR.
var late: [String: (symbol: Symbol, availability: Availability)] = [:]
var oldSignatures: Set<String> = []
for (usr, symbol) in symbols {
    let availability = effectiveAvailability(usr)
    if exceedsMinimums(availability) { late[usr] = (symbol, availability) } else { oldSignatures.insert(symbol.signature) }
}
// A new declaration with an old twin of the same signature (Swift 6 made `&*` a FixedWidthInteger
// requirement beside the old extension operator) is not a problem: on an older system the compiler
// picks the twin. Linux's type checker picks the new one, so its USR is what the AST names.
for (usr, entry) in late where oldSignatures.contains(entry.symbol.signature) { late[usr] = nil }

// MARK: The package's own @available declarations

/// The availability an AST node's attributes give it (`@available(macOS 15, iOS 18, *)`).
func declaredAvailability(_ node: [String: Any]) -> Availability {
    var availability: Availability = [:]
    for attribute in node["attrs"] as? [[String: Any]] ?? [] {
        guard attribute["_kind"] as? String == "available_attr",
              let domain = attribute["domain"] as? String, let platform = Platform(rawValue: domain),
              let text = attribute["introduced"] as? String, let version = Version(text) else { continue }
        availability[platform] = version
    }
    return availability
}

/// The availability an `if`/`guard` condition list establishes (`#available(macOS 15, iOS 18, *)`).
func conditionAvailability(_ node: [String: Any]) -> Availability {
    var availability: Availability = [:]
    for condition in node["conditions"] as? [[String: Any]] ?? [] where condition["_kind"] as? String == "#available" {
        for query in condition["queries"] as? [[String: Any]] ?? [] {
            guard let domain = query["domain"] as? String, let platform = Platform(rawValue: domain),
                  let text = query["version"] as? String, let version = Version(text) else { continue }
            availability[platform] = version
        }
    }
    return availability
}

struct SourceFile {
    var module: String
    var path: String
    var ast: [String: Any]
}

var sources: [SourceFile] = []
guard let moduleFolders = try? FileManager.default.contentsOfDirectory(atPath: astPath) else { fail("cannot list \(astPath)") }
for module in moduleFolders.sorted() {
    for path in files(in: astPath + "/" + module, suffix: ".json") {
        guard let ast = loadJSON(path) as? [String: Any], let source = ast["filename"] as? String else {
            fail("\(path) is not a -dump-ast JSON file")
        }
        sources.append(SourceFile(module: module, path: source, ast: ast))
    }
}
guard !sources.isEmpty else { fail("no AST dumps under \(astPath)") }

func collectOwnDeclarations(_ value: Any, module: String, inherited: Availability) {
    if let node = value as? [String: Any] {
        let availability = raised(inherited, by: declaredAvailability(node))
        if let usr = node["usr"] as? String, !usr.isEmpty, exceedsMinimums(availability) {
            let name = ((node["name"] as? [String: Any])?["base_name"] as? [String: Any])?["name"] as? String ?? usr
            late[usr] = (Symbol(title: name, module: module, isType: node["_kind"] as? String != "func_decl",
                                availability: availability), availability)
        }
        for (key, child) in node where key != "attrs" { collectOwnDeclarations(child, module: module, inherited: availability) }
    } else if let list = value as? [Any] {
        for child in list { collectOwnDeclarations(child, module: module, inherited: inherited) }
    }
}
for source in sources { collectOwnDeclarations(source.ast, module: source.module, inherited: [:]) }

// Mangled type names contain a nominal type's USR without its "s:" prefix ("$ss7UInt128VD" holds
// "s7UInt128V"). Only the late types are searched for. The search is by substring, so a standard
// substitution can also match inside a name: TaskExecutor's is "Sch", and a type of ours named Sch… is
// reported as using it (the remedy so far has been another name).
let lateTypeFragments: [(fragment: String, usr: String)] = late.compactMap { usr, entry in
    guard entry.symbol.isType, usr.hasPrefix("s:") else { return nil }
    return (String(usr.dropFirst(2)), usr)
}
var typeStringCache: [String: [String]] = [:]
func lateTypes(in mangled: String) -> [String] {
    if let known = typeStringCache[mangled] { return known }
    let found = lateTypeFragments.filter { mangled.contains($0.fragment) }.map(\.usr)
    typeStringCache[mangled] = found
    return found
}

// MARK: The walk

struct Violation: Hashable {
    var path: String
    var offset: Int
    var usr: String
}

var violations: Set<Violation> = []
var referencesChecked = 0

final class LineTable {
    let lineStarts: [Int]
    init(path: String) {
        let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        lineStarts = starts
    }
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}

func check(_ usr: String, context: Availability, at offset: Int, in file: String) {
    referencesChecked += 1
    guard let entry = late[usr] else { return }
    for (platform, needed) in entry.availability {
        guard let minimum = minimums[platform] else { continue }
        let guaranteed = Swift.max(minimum, context[platform] ?? minimum)
        if needed > guaranteed {
            violations.insert(Violation(path: file, offset: offset, usr: usr))
            return
        }
    }
}

func walk(_ value: Any, context: Availability, offset: Int, file: String) {
    if let list = value as? [Any] {
        for child in list { walk(child, context: context, offset: offset, file: file) }
        return
    }
    guard let node = value as? [String: Any] else { return }
    let kind = node["_kind"] as? String
    let here = ((node["range"] as? [String: Any])?["start"] as? Int) ?? offset
    let context = raised(context, by: declaredAvailability(node))

    for (key, child) in node {
        switch (key, child) {
        case ("decl_usr", let usr as String), ("protocol", let usr as String):
            if !usr.isEmpty { check(usr, context: context, at: here, in: file) }
        case (_, let mangled as String) where mangled.hasPrefix("$s"):
            for usr in lateTypes(in: mangled) { check(usr, context: context, at: here, in: file) }
            referencesChecked += 1
        case ("then_stmt", _) where kind == "if_stmt":
            walk(child, context: raised(context, by: conditionAvailability(node)), offset: here, file: file)
        case ("elements", let elements as [Any]), ("items", let elements as [Any]):
            // A block: `guard #available` raises the availability of the statements after it.
            var running = context
            for element in elements {
                walk(element, context: running, offset: here, file: file)
                if let statement = element as? [String: Any], statement["_kind"] as? String == "guard_stmt" {
                    running = raised(running, by: conditionAvailability(statement))
                }
            }
        case ("attrs", _):
            continue
        default:
            walk(child, context: context, offset: here, file: file)
        }
    }
}

for source in sources {
    walk(source.ast, context: [:], offset: 0, file: source.path)
}
guard referencesChecked > 100 else { fail("only \(referencesChecked) references seen: the AST dumps look empty") }

// MARK: Report

var tables: [String: LineTable] = [:]
struct Report: Comparable {
    var path: String, line: Int, column: Int, message: String, expectKey: String
    static func < (a: Report, b: Report) -> Bool { (a.path, a.line, a.column, a.message) < (b.path, b.line, b.column, b.message) }
}
var reports: [Report] = []
for violation in violations {
    let table = tables[violation.path] ?? LineTable(path: violation.path)
    tables[violation.path] = table
    let position = table.position(of: violation.offset)
    guard let entry = late[violation.usr] else { continue }
    let needs = Platform.allCases.compactMap { platform -> String? in
        guard let version = entry.availability[platform], let minimum = minimums[platform], version > minimum else { return nil }
        return "\(platform.rawValue) \(version)"
    }.joined(separator: ", ")
    let floor = Platform.allCases.compactMap { platform in minimums[platform].map { "\(platform.rawValue) \($0)" } }.joined(separator: ", ")
    let message = "'\(entry.symbol.title)' (\(entry.symbol.module)) needs \(needs); the package's minimums are \(floor). "
        + "Use it inside `if #available` with a fallback, or raise `platforms:` in Package.swift."
    let name = (violation.path as NSString).lastPathComponent
    reports.append(Report(path: violation.path, line: position.line, column: position.column, message: message,
                          expectKey: "\(name):\(position.line): \(entry.symbol.title)"))
}
reports.sort()

if let expectPath = arguments["expect"] {
    guard let text = try? String(contentsOfFile: expectPath, encoding: .utf8) else { fail("cannot read \(expectPath)") }
    let expected = Set(text.split(separator: "\n").map { String($0) }.filter { !$0.isEmpty && !$0.hasPrefix("#") })
    let found = Set(reports.map(\.expectKey))
    guard !expected.isEmpty else { fail("\(expectPath) expects nothing: a self-test must expect violations") }
    if expected == found {
        print("availability-check self-test: the \(found.count) expected violations found, no others")
        exit(0)
    }
    for missing in expected.subtracting(found).sorted() { print("self-test: not found: \(missing)") }
    for extra in found.subtracting(expected).sorted() { print("self-test: unexpected: \(extra)") }
    exit(1)
}

for report in reports {
    print("\(report.path):\(report.line):\(report.column): error: \(report.message)")
}
if reports.isEmpty {
    print("availability-check: \(sources.count) files, \(referencesChecked) references, none needs more than "
        + Platform.allCases.compactMap { p in minimums[p].map { "\(p.rawValue) \($0)" } }.joined(separator: ", "))
    exit(0)
}
print("availability-check: \(reports.count) uses of declarations newer than the package's minimums")
exit(1)
