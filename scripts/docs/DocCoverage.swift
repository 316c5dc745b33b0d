// DocCoverage: every public symbol of the given symbol graphs has a doc comment.
//
// Usage: doc-coverage DIR...   (each DIR holds one module's *.symbols.json from swift-symbolgraph-extract)
// Prints each undocumented symbol as "Module: kind path" and exits 1 if there is one; exit 2 on bad input.
// Members that only restate a protocol requirement (`description`, `==`, `init(from:)`) are documented by
// the protocol and not counted when the graph marks them as implementations of a requirement.

import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("doc-coverage: \(message)\n".utf8))
    exit(2)
}

var undocumented: [String] = []
var total = 0
for directory in CommandLine.arguments.dropFirst() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { fail("cannot list \(directory)") }
    for name in names.sorted() where name.hasSuffix(".symbols.json") {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path),
              let graph = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let symbols = graph["symbols"] as? [[String: Any]] else { fail("\(path) is not a symbol graph") }
        let module = (graph["module"] as? [String: Any])?["name"] as? String ?? name
        // Implementations of a protocol requirement inherit the requirement's documentation.
        var implementations: Set<String> = []
        for relation in graph["relationships"] as? [[String: Any]] ?? [] {
            let kind = relation["kind"] as? String
            if kind == "defaultImplementationOf" || kind == "overrides", let source = relation["source"] as? String {
                implementations.insert(source)
            }
        }
        for symbol in symbols {
            guard let usr = (symbol["identifier"] as? [String: Any])?["precise"] as? String else { continue }
            total += 1
            let documented = ((symbol["docComment"] as? [String: Any])?["lines"] as? [Any])?.isEmpty == false
            if documented || implementations.contains(usr) { continue }
            let kind = (symbol["kind"] as? [String: Any])?["displayName"] as? String ?? "symbol"
            let path = (symbol["pathComponents"] as? [String] ?? [usr]).joined(separator: ".")
            undocumented.append("\(module): \(kind) \(path)")
        }
    }
}
guard total > 0 else { fail("no symbols read: the symbol graphs are missing") }
for line in undocumented.sorted() { print(line) }
if undocumented.isEmpty {
    print("doc-coverage: all \(total) public symbols documented")
    exit(0)
}
print("doc-coverage: \(undocumented.count) of \(total) public symbols have no doc comment")
exit(1)
