// One Wycheproof runner for every module's tests.
//
// A Wycheproof file (C2SP/wycheproof, testvectors_v1) has test groups, each with test cases; every case
// has an id, a comment, flags and a result: "valid", "invalid" or "acceptable". The runner:
//   - runs every case (or, where a test chooses, the first of each flag and result: `WycheproofSelection`)
//     and fails if the number of cases read differs from the file's `numberOfTests`, or none ran;
//   - fails on a flag the test has not declared it knows (new upstream flags must be looked at, not
//     silently passed), and on a flag the file's `notes` do not define;
//   - fails on an "acceptable" case unless the test says how it treats them;
//   - reports each mismatch with the case id, comment and flags.

import Foundation
import Testing

public enum WycheproofResult: String, Decodable, Sendable {
    case valid, invalid, acceptable
}

/// The fields every Wycheproof test case has. A test declares its own case type with the rest.
public protocol WycheproofTestCase: Decodable, Sendable {
    var tcId: Int { get }
    var comment: String { get }
    var flags: [String] { get }
    var result: WycheproofResult { get }
}

/// A Wycheproof test group: the shared parameters and the cases.
public protocol WycheproofTestGroup: Decodable, Sendable {
    associatedtype TestCase: WycheproofTestCase
    var tests: [TestCase] { get }
}

public struct WycheproofNote: Decodable, Sendable {
    public let bugType: String?
    public let description: String?
}

/// A whole Wycheproof file.
public struct WycheproofFile<Group: WycheproofTestGroup>: Decodable, Sendable {
    public let algorithm: String?
    public let numberOfTests: Int
    public let notes: [String: WycheproofNote]?
    public let testGroups: [Group]
}

/// How a test treats the "acceptable" cases of a file.
public enum WycheproofAcceptablePolicy: Sendable {
    /// The file must contain none; one appearing is a failure.
    case noneExpected
    /// Acceptable cases must be accepted.
    case accept
    /// Acceptable cases must be rejected.
    case reject
    /// Acceptable cases with any of these flags must be rejected, the others accepted (X25519: a zero
    /// shared secret is refused, twist and non-canonical points are not).
    case rejectFlagged(Set<String>)
}

/// Which cases of a file go through the implementation. Every case is read either way: its flags are
/// checked and the file's `numberOfTests` must equal the cases read.
public enum WycheproofSelection: Sendable {
    /// Every case.
    case every
    /// The first case of the file carrying each flag and each result: where every case would take minutes
    /// in the debug build (P-384 and P-521 verification on the generic arithmetic), a sample of every kind of
    /// case, with the test naming where the file's every case runs instead (scripts/known-answer-loops.sh).
    case firstOfEachFlagAndResult
}

public enum Wycheproof {
    /// Runs every case of the Wycheproof file `name` from the calling test's `Vectors/` folder.
    ///
    /// - Parameters:
    ///   - knownFlags: the flags this test has looked at; any other flag fails the run.
    ///   - acceptable: what the implementation must do with "acceptable" cases.
    ///   - flagsMissingFromNotes: flags the file uses without defining them in its `notes`, looked at and
    ///     allowed by name (an upstream omission; ML-DSA's verify files use `InvalidSignature` so).
    ///   - selection: which cases run through `accepts` (every case is read and its flags checked).
    ///   - accepts: runs the implementation on one case and returns whether it accepted it. Throwing
    ///     counts as rejecting.
    /// - Returns: the number of cases run through `accepts` (with `.every`, always the file's
    ///   `numberOfTests` when nothing failed).
    @discardableResult
    public static func run<Group: WycheproofTestGroup>(
        _ name: String,
        groups: Group.Type,
        knownFlags: Set<String>,
        acceptable: WycheproofAcceptablePolicy = .noneExpected,
        flagsMissingFromNotes: Set<String> = [],
        selection: WycheproofSelection = .every,
        testFile: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation,
        accepts: (Group, Group.TestCase) throws -> Bool
    ) throws -> Int {
        let file = try VectorFiles.json(WycheproofFile<Group>.self, name, testFile: testFile)
        let definedFlags = Set((file.notes ?? [:]).keys)
        var run = 0, read = 0
        var seen: Set<String> = []   // the flags and results of the cases run so far
        for group in file.testGroups {
            for test in group.tests {
                read += 1
                let label = "\(name) tcId \(test.tcId) (\(test.comment)) flags \(test.flags)"
                for flag in test.flags {
                    if !knownFlags.contains(flag) {
                        Issue.record("unknown flag '\(flag)' in \(label): look at it and add it to knownFlags",
                                     sourceLocation: sourceLocation)
                    }
                    if !definedFlags.contains(flag) && !flagsMissingFromNotes.contains(flag) {
                        Issue.record("flag '\(flag)' is not defined in the file's notes: \(label)",
                                     sourceLocation: sourceLocation)
                    }
                }
                let expected: Bool
                switch (test.result, acceptable) {
                case (.valid, _): expected = true
                case (.invalid, _): expected = false
                case (.acceptable, .accept): expected = true
                case (.acceptable, .reject): expected = false
                case (.acceptable, .rejectFlagged(let flags)): expected = flags.isDisjoint(with: test.flags)
                case (.acceptable, .noneExpected):
                    Issue.record("unexpected acceptable case \(label): decide a policy", sourceLocation: sourceLocation)
                    run += 1
                    continue
                }
                if selection == .firstOfEachFlagAndResult {
                    let kinds = Set(test.flags.map { "flag \($0)" } + ["result \(test.result.rawValue)"])
                    if kinds.isSubset(of: seen) { continue }
                    seen.formUnion(kinds)
                }
                run += 1
                let accepted: Bool
                do { accepted = try accepts(group, test) } catch { accepted = false }
                if accepted != expected {
                    Issue.record("\(label): expected \(expected ? "accept" : "reject"), got \(accepted ? "accept" : "reject")",
                                 sourceLocation: sourceLocation)
                }
            }
        }
        if run == 0 {
            Issue.record("\(name) ran zero cases", sourceLocation: sourceLocation)
        }
        if read != file.numberOfTests {
            Issue.record("\(name) has \(read) cases but declares numberOfTests = \(file.numberOfTests)",
                         sourceLocation: sourceLocation)
        }
        return run
    }
}
