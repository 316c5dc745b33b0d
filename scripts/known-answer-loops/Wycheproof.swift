// What the Wycheproof loops (ECDHWycheproof.swift, ECDSAWycheproof.swift) share, with the rules of
// Tests/TestSupport/Wycheproof.swift: a file is read whole, a flag the caller has not looked at or the
// file's notes do not define fails, and the cases run must equal the file's numberOfTests and not be zero.

import Foundation

/// A Wycheproof file (C2SP/wycheproof, testvectors_v1): its declared count, its notes (one per flag it
/// uses) and its groups, whose fields the caller declares.
struct WycheproofFile<Group: Decodable>: Decodable {
    struct Note: Decodable {}
    let numberOfTests: Int
    let notes: [String: Note]
    let testGroups: [Group]

    /// The file at `path`.
    init(path: String) throws {
        self = try JSONDecoder().decode(Self.self, from: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The flags of case `tcId` that are not in `known` or not defined in the notes, each printed; their
    /// number is the failures to count.
    func unexpectedFlags(_ flags: [String], known: Set<String>, file name: String, tcId: Int) -> Int {
        var unexpected = 0
        for flag in flags where !known.contains(flag) || notes[flag] == nil {
            print("\(name) tcId \(tcId): flag \(flag) unknown here or undefined in the file's notes")
            unexpected += 1
        }
        return unexpected
    }

    /// Prints the file's summary line (and a count that differs from numberOfTests, or zero); true when
    /// every case passed.
    func passed(file name: String, run: Int, failures: Int) -> Bool {
        var failures = failures
        if run == 0 || run != numberOfTests {
            print("\(name): ran \(run) cases, the file declares \(numberOfTests)")
            failures += 1
        }
        print("\(name): \(run) cases, \(failures == 0 ? "all passed" : "\(failures) FAILED")")
        return failures == 0
    }
}
