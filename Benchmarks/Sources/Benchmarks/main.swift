// swift run -c release --package-path Benchmarks [Benchmarks --filter TEXT --json PATH --runs N]
//
// Prints one table: operation, our time, the peer, the peer's time, and the ratio ours/peer (lower is
// better), all measured in this run. `--json PATH` also writes the rows as
// [{"name", "ours_ns", "peer", "peer_ns", "ratio"}]; `--filter TEXT` keeps rows whose name contains TEXT.
// `--runs N` measures the whole selection N times over and prints, per row, the run with the median
// ratio and the range of the ratios (this machine has quiet and slow stretches minutes apart, so one
// run can mislead); the JSON rows are then the median runs, with "ratio_min" and "ratio_max" added.
// `--ours-only N` runs only our side of each selected row, N times, and prints the time per operation:
// for profilers (`perf record`), which should not see the peer's code. `--mallocs` prints heap allocations
// per operation of both sides instead of timing them. The "jwt-kit set" rows also
// report heap allocations per operation ("ours_mallocs", "peer_mallocs" in the JSON).

import Foundation

// Allocation counting needs malloc-interposer loaded before main: start again with it preloaded (once).
// The interposer then sits under every allocation of both sides alike (one relaxed load while not counting).
if !AllocationCounter.works, ProcessInfo.processInfo.environment["PUREJWT_BENCHMARKS_PRELOADED"] == nil,
   let library = AllocationCounter.libraryPath {
    #if os(macOS)
    setenv("DYLD_INSERT_LIBRARIES", library, 1)
    #else
    setenv("LD_PRELOAD", library, 1)
    #endif
    setenv("PUREJWT_BENCHMARKS_PRELOADED", "1", 1)
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    execv(executable, CommandLine.unsafeArgv)
    FileHandle.standardError.write(Data("could not restart with the allocation counter preloaded; mallocs are not counted\n".utf8))
}

var filter: String?
var jsonPath: String?
var runs = 1
var oursOnlyIterations: Int?
var mallocsOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--filter": filter = arguments.popFirst()
    case "--json": jsonPath = arguments.popFirst()
    case "--runs":
        guard let text = arguments.popFirst(), let count = Int(text), count >= 1 else {
            FileHandle.standardError.write(Data("--runs needs a whole number of at least 1\n".utf8))
            exit(2)
        }
        runs = count
    case "--ours-only":
        guard let text = arguments.popFirst(), let count = Int(text), count >= 1 else {
            FileHandle.standardError.write(Data("--ours-only needs a whole number of at least 1\n".utf8))
            exit(2)
        }
        oursOnlyIterations = count
    case "--mallocs":
        mallocsOnly = true
    case "--help", "-h":
        print("usage: Benchmarks [--filter TEXT] [--json PATH] [--runs N] [--ours-only N] [--mallocs]")
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
    + P256Benchmarks.comparisons() + P384Benchmarks.comparisons() + P521Benchmarks.comparisons() + Ed25519Benchmarks.comparisons()
    + AppReceiptBenchmarks.comparisons() + AESBenchmarks.comparisons() + KeyAgreementBenchmarks.comparisons() + JWEBenchmarks.comparisons()
    + MLDSABenchmarks.comparisons()
let selected = all.filter { filter == nil || $0.name.contains(filter!) }
let soloRows = (MLDSABenchmarks.soloRows() + Secp256k1Benchmarks.soloRows() + Curve448Benchmarks.soloRows()).filter { filter == nil || $0.name.contains(filter!) }
// The JWT and AppleAuth rows need keys loaded and cross-checked with jwt-kit first; skip that when the filter
// already matched other rows and cannot match these (their names all contain "JWT", "Apple" or "secret").
let asyncNames = ["WebAuthn", "App Attest", "jwt-kit", "Signing", "Verifying", "JWT", "Apple", "secret", "token", "verify", "sign", "HS256", "RS256", "ES256", "App Store", "notification", "Apple Pay"]
let wantsAsync = filter.map { text in selected.isEmpty || asyncNames.contains { $0.contains(text) || text.contains($0) } } ?? true
let asyncRows = wantsAsync
    ? (await JWTBenchmarks.comparisons() + JWTKitSetBenchmarks.comparisons() + AppleAuthBenchmarks.comparisons()
       + AppStoreBenchmarks.comparisons() + AppStoreAPIBenchmarks.comparisons() + AppStoreOCSPBenchmarks.comparisons()
       + WebAuthnBenchmarks.comparisons() + WebAuthnRegistrationBenchmarks.comparisons() + AppAttestBenchmarks.comparisons()
       + JWTMLDSABenchmarks.comparisons() + ApplePayBenchmarks.comparisons())
        .filter { filter == nil || $0.name.contains(filter!) }
    : []
if selected.isEmpty && asyncRows.isEmpty && soloRows.isEmpty {
    FileHandle.standardError.write(Data("no benchmark name contains '\(filter ?? "")'\n".utf8))
    exit(1)
}

// `--mallocs`: heap allocations per operation of both sides of every selected row, no timing.
if mallocsOnly {
    for comparison in selected {
        let ours = await AllocationCounter.perCall(100) { comparison.ours() }, theirs = await AllocationCounter.perCall(100) { comparison.theirs() }
        print(comparison.name, ours.map { String(format: "%.1f", $0) } ?? "?", "vs", theirs.map { String(format: "%.1f", $0) } ?? "?")
    }
    for comparison in asyncRows {
        let ours = await AllocationCounter.perCall(100, comparison.ours), theirs = await AllocationCounter.perCall(100, comparison.theirs)
        print(comparison.name, ours.map { String(format: "%.1f", $0) } ?? "?", "vs", theirs.map { String(format: "%.1f", $0) } ?? "?")
    }
    exit(0)
}

if let iterations = oursOnlyIterations {
    for comparison in selected {
        print(comparison.name, formatTime(Harness.time(iterations, comparison.ours)))
    }
    for comparison in asyncRows {
        print(comparison.name, formatTime(await Harness.timeAsync(iterations, comparison.ours)))
    }
    for row in soloRows {
        print(row.name, formatTime(Harness.time(iterations, row.ours)))
    }
    exit(0)
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

@MainActor func printHeader() {
    print(pad("operation", 22) + pad("ours", 12, right: true) + "  " + pad("peer", 14) + pad("peer time", 12, right: true)
          + pad("ours/peer", 11, right: true) + pad("ours MB/s", 11, right: true)
          + (runs > 1 ? pad("ratio range", 17, right: true) : ""))
}

@MainActor func printRow(_ row: Row, range: (Double, Double)? = nil) {
    let throughput = row.bytes > 0 ? String(format: "%.0f", Double(row.bytes) / row.oursNanoseconds * 1e3) : ""
    let spread = range.map { pad(formatRatio($0.0) + "–" + formatRatio($0.1), 17, right: true) } ?? ""
    let mallocs = row.oursMallocs.map { ours in "  mallocs/op \(String(format: "%.1f", ours)) vs \(row.peerMallocs.map { String(format: "%.1f", $0) } ?? "?")" }
        ?? (row.name.hasPrefix("jwt-kit set") ? "  mallocs/op not counted (interposer not loaded)" : "")
    print(pad(row.name, 22) + pad(formatTime(row.oursNanoseconds), 12, right: true) + "  " + pad(row.peer, 14)
          + pad(formatTime(row.peerNanoseconds), 12, right: true) + pad(formatRatio(row.ratio), 11, right: true)
          + pad(throughput, 11, right: true) + spread + mallocs)
}

// Each pass measures the whole selection; with one pass, rows are printed as they are measured.
var passes: [[Row]] = []
if runs == 1 { printHeader() }
for pass in 1...runs {
    if runs > 1 { FileHandle.standardError.write(Data("run \(pass) of \(runs)\n".utf8)) }
    var passRows: [Row] = []
    for comparison in selected {
        let row = Harness.measure(comparison)
        passRows.append(row)
        if runs == 1 { printRow(row) }
    }
    for comparison in asyncRows {
        let row = await Harness.measure(comparison)
        passRows.append(row)
        if runs == 1 { printRow(row) }
    }
    passes.append(passRows)
}

var rows: [Row] = []
var ranges: [String: (Double, Double)] = [:]
if runs == 1 {
    rows = passes[0]
} else {
    printHeader()
    for index in passes[0].indices {
        let samples = passes.map { $0[index] }.sorted { $0.ratio < $1.ratio }
        let median = samples[samples.count / 2]
        ranges[median.name] = (samples.first!.ratio, samples.last!.ratio)
        rows.append(median)
        printRow(median, range: ranges[median.name])
    }
}

// Rows with no peer: our time alone, the median over the passes.
var soloTimes: [(String, Double)] = []
if !soloRows.isEmpty {
    print("\n" + pad("operation (no peer)", 22) + pad("ours", 12, right: true))
    for row in soloRows {
        let times = (0..<runs).map { _ in Harness.measureAlone(row.ours) }.sorted()
        soloTimes.append((row.name, times[times.count / 2]))
        print(pad(row.name, 22) + pad(formatTime(times[times.count / 2]), 12, right: true))
    }
}

if let jsonPath {
    let soloObjects: [[String: Any]] = soloTimes.map { ["name": $0.0, "ours_ns": $0.1, "peer": "none"] }
    let objects = soloObjects + rows.map { row -> [String: Any] in
        var object: [String: Any] = ["name": row.name, "ours_ns": row.oursNanoseconds, "peer": row.peer,
                                     "peer_ns": row.peerNanoseconds, "ratio": row.ratio]
        if let (low, high) = ranges[row.name] { object["ratio_min"] = low; object["ratio_max"] = high }
        if let ours = row.oursMallocs, let peer = row.peerMallocs { object["ours_mallocs"] = ours; object["peer_mallocs"] = peer }
        return object
    }
    do {
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: jsonPath))
    } catch {
        FileHandle.standardError.write(Data("could not write \(jsonPath): \(error)\n".utf8))
        exit(1)
    }
}
