// The shared Wycheproof runner must fail where a silent pass would hide a gap: unknown flags, a case
// count that differs from the file's, a file with no cases, an undecided "acceptable" case, and any
// mismatch between the implementation's answer and the expected result.

import Testing
import TestSupport

private struct Group: WycheproofTestGroup {
    let tests: [Case]
}
private struct Case: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let value: Int
}

@Suite("Wycheproof runner")
struct WycheproofRunnerTests {
    /// The "implementation" under test here: accepts cases whose value is 1.
    private func accepts(_ group: Group, _ test: Case) -> Bool { test.value == 1 }

    @Test("a correct implementation passes and every case runs")
    func passes() throws {
        let run = try Wycheproof.run("synthetic_ok.json", groups: Group.self, knownFlags: ["Known"], accepts: accepts)
        #expect(run == 2)
    }

    @Test("a wrong answer fails")
    func wrongAnswer() throws {
        try withKnownIssue {
            try Wycheproof.run("synthetic_ok.json", groups: Group.self, knownFlags: ["Known"]) { _, _ in true }
        }
    }

    @Test("an implementation that throws counts as rejecting")
    func throwingRejects() throws {
        struct Refused: Error {}
        try withKnownIssue {
            try Wycheproof.run("synthetic_ok.json", groups: Group.self, knownFlags: ["Known"]) { _, _ in throw Refused() }
        }
    }

    @Test("an unknown flag fails")
    func unknownFlag() throws {
        try withKnownIssue {
            try Wycheproof.run("synthetic_unknown_flag.json", groups: Group.self, knownFlags: ["Known"], accepts: accepts)
        }
    }

    @Test("a run that differs from numberOfTests fails")
    func wrongCount() throws {
        try withKnownIssue {
            try Wycheproof.run("synthetic_wrong_count.json", groups: Group.self, knownFlags: ["Known"], accepts: accepts)
        }
    }

    @Test("a file with zero cases fails")
    func empty() throws {
        try withKnownIssue {
            try Wycheproof.run("synthetic_empty.json", groups: Group.self, knownFlags: ["Known"], accepts: accepts)
        }
    }

    @Test("the first of each flag and result: those cases run, every case is read and counted")
    func selection() throws {
        var ran: [Int] = []
        let run = try Wycheproof.run("synthetic_selection.json", groups: Group.self, knownFlags: ["Known", "Second"],
                                     selection: .firstOfEachFlagAndResult) { group, test in
            ran.append(test.tcId)
            return accepts(group, test)
        }
        #expect(run == 3 && ran == [1, 3, 5])
        // A wrong answer in a selected case still fails; every case's flags are still checked.
        try withKnownIssue {
            try Wycheproof.run("synthetic_selection.json", groups: Group.self, knownFlags: ["Known", "Second"],
                               selection: .firstOfEachFlagAndResult) { _, _ in true }
        }
        try withKnownIssue {
            try Wycheproof.run("synthetic_selection.json", groups: Group.self, knownFlags: ["Known"],
                               selection: .firstOfEachFlagAndResult, accepts: accepts)
        }
    }

    @Test("acceptable cases need a policy")
    func acceptable() throws {
        try withKnownIssue {
            try Wycheproof.run("synthetic_acceptable.json", groups: Group.self, knownFlags: [], accepts: accepts)
        }
        try Wycheproof.run("synthetic_acceptable.json", groups: Group.self, knownFlags: [], acceptable: .accept, accepts: accepts)
        try withKnownIssue {
            try Wycheproof.run("synthetic_acceptable.json", groups: Group.self, knownFlags: [], acceptable: .reject, accepts: accepts)
        }
    }
}
