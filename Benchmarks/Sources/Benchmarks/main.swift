// swift run -c release --package-path Benchmarks [Benchmarks --filter TEXT --json PATH]
//
// Prints one table: operation, our time, the peer, the peer's time, and the ratio ours/peer (lower is
// better), all measured in this run. `--json PATH` also writes the rows as
// [{"name", "ours_ns", "peer", "peer_ns", "ratio"}]; `--filter TEXT` keeps rows whose name contains TEXT.

import Foundation

var filter: String?
var jsonPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--filter": filter = arguments.popFirst()
    case "--json": jsonPath = arguments.popFirst()
    case "--help", "-h":
        print("usage: Benchmarks [--filter TEXT] [--json PATH]")
        exit(0)
    default:
        FileHandle.standardError.write(Data("unknown argument '\(argument)'; try --help\n".utf8))
        exit(2)
    }
}

#if DEBUG
FileHandle.standardError.write(Data("warning: a debug build; run with -c release for meaningful figures\n".utf8))
#endif

let all = SHA2Benchmarks.comparisons() + RSABenchmarks.comparisons() + BigIntBenchmarks.comparisons()
    + P256Benchmarks.comparisons()
let selected = all.filter { filter == nil || $0.name.contains(filter!) }
// The JWT and AppleAuth rows need keys loaded and cross-checked with jwt-kit first; skip that when the filter
// already matched other rows and cannot match these (their names all contain "JWT", "Apple" or "secret").
let asyncNames = ["JWT", "Apple", "secret", "token", "verify", "sign", "HS256", "RS256", "ES256"]
let wantsAsync = filter.map { text in selected.isEmpty || asyncNames.contains { $0.contains(text) || text.contains($0) } } ?? true
let asyncRows = wantsAsync
    ? (await JWTBenchmarks.comparisons() + AppleAuthBenchmarks.comparisons()).filter { filter == nil || $0.name.contains(filter!) }
    : []
if selected.isEmpty && asyncRows.isEmpty {
    FileHandle.standardError.write(Data("no benchmark name contains '\(filter ?? "")'\n".utf8))
    exit(1)
}

func formatTime(_ ns: Double) -> String {
    if ns >= 1_000_000 { return String(format: "%.2f ms", ns / 1_000_000) }
    if ns >= 1_000 { return String(format: "%.2f µs", ns / 1_000) }
    return String(format: "%.0f ns", ns)
}

func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

/// Two decimals, or three significant digits below 0.1 (the big-integer rows are 10–100× faster than
/// their peer, and 0.01 would hide the difference between 60× and 100×).
func formatRatio(_ ratio: Double) -> String {
    ratio >= 0.1 ? String(format: "%.2f", ratio) : String(format: "%.4f", ratio)
}

print(pad("operation", 22) + pad("ours", 12, right: true) + "  " + pad("peer", 14) + pad("peer time", 12, right: true)
      + pad("ours/peer", 11, right: true) + pad("ours MB/s", 11, right: true))
var rows: [Row] = []
for comparison in selected {
    let row = Harness.measure(comparison)
    rows.append(row)
    let throughput = row.bytes > 0 ? String(format: "%.0f", Double(row.bytes) / row.oursNanoseconds * 1e3) : ""
    print(pad(row.name, 22) + pad(formatTime(row.oursNanoseconds), 12, right: true) + "  " + pad(row.peer, 14)
          + pad(formatTime(row.peerNanoseconds), 12, right: true) + pad(formatRatio(row.ratio), 11, right: true)
          + pad(throughput, 11, right: true))
}

for comparison in asyncRows {
    let row = await Harness.measure(comparison)
    rows.append(row)
    print(pad(row.name, 22) + pad(formatTime(row.oursNanoseconds), 12, right: true) + "  " + pad(row.peer, 14)
          + pad(formatTime(row.peerNanoseconds), 12, right: true) + pad(formatRatio(row.ratio), 11, right: true))
}

if let jsonPath {
    let objects = rows.map { row -> [String: Any] in
        ["name": row.name, "ours_ns": row.oursNanoseconds, "peer": row.peer, "peer_ns": row.peerNanoseconds,
         "ratio": row.ratio]
    }
    do {
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: jsonPath))
    } catch {
        FileHandle.standardError.write(Data("could not write \(jsonPath): \(error)\n".utf8))
        exit(1)
    }
}
