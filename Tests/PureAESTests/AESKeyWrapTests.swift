// AES Key Wrap against Wycheproof (every case of aes_wrap_test.json), NIST's KW response files (every
// record of KW_AE/KW_AD for AES-128 and AES-256), and the refusals.

import PureAES
import Testing
import TestSupport

private struct WrapGroup: WycheproofTestGroup {
    let keySize: Int
    let tests: [WrapCase]
}

private struct WrapCase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let key: String
    let msg: String
    let ct: String
}

@Suite("AES Key Wrap")
struct AESKeyWrapTests {
    @Test("Wycheproof aes_wrap_test.json: every case (8-byte keys refused)")
    func wycheproof() throws {
        let run = try Wycheproof.run(
            "aes_wrap_test.json", groups: WrapGroup.self,
            knownFlags: ["CounterOverflow", "EmptyKey", "InvalidWrappingSize", "ModifiedIv", "Normal", "ShortKey", "WrongDataSize"],
            acceptable: .reject
        ) { _, test in
            let kek = SymmetricKey(data: try [UInt8](hex: test.key))
            let message = try [UInt8](hex: test.msg), wrapped = try [UInt8](hex: test.ct)
            let unwrapped = try AES.KeyWrap.unwrap(wrapped, using: kek)
            #expect(unwrapped == SymmetricKey(data: message), "tcId \(test.tcId)")
            #expect(try AES.KeyWrap.wrap(SymmetricKey(data: message), using: kek) == wrapped, "tcId \(test.tcId)")
            return unwrapped == SymmetricKey(data: message)
        }
        #expect(run == 165)
    }

    @Test("NIST KW_AE and KW_AD, AES-128 and AES-256: every record",
          arguments: ["128", "256"])
    func nist(_ size: String) throws {
        let wrapRecords = NISTResponseFile.records(try VectorFiles.text("KW_AE_\(size).txt")).filter { $0.has("K") }
        for record in wrapRecords {
            let kek = SymmetricKey(data: try [UInt8](hex: record.value("K")))
            let wrapped = try AES.KeyWrap.wrap(SymmetricKey(data: try [UInt8](hex: record.value("P"))), using: kek)
            #expect(wrapped == (try [UInt8](hex: record.value("C"))), "KW_AE_\(size) line \(record.line)")
        }
        #expect(wrapRecords.count == 500)
        let unwrapRecords = NISTResponseFile.records(try VectorFiles.text("KW_AD_\(size).txt")).filter { $0.has("K") }
        var refused = 0
        for record in unwrapRecords {
            let kek = SymmetricKey(data: try [UInt8](hex: record.value("K")))
            let unwrapped = try? AES.KeyWrap.unwrap(try [UInt8](hex: record.value("C")), using: kek)
            if record.has("P") {
                #expect(unwrapped == SymmetricKey(data: try [UInt8](hex: record.value("P"))), "KW_AD_\(size) line \(record.line)")
            } else {
                refused += 1
                #expect(unwrapped == nil, "KW_AD_\(size) line \(record.line): a FAIL record unwrapped")
            }
        }
        #expect(unwrapRecords.count == 500)
        #expect(refused == 100)   // the Readme: 20 FAIL per 100 trials
    }

    @Test("refusals: key sizes, wrapped sizes, key-encryption key sizes")
    func refusals() {
        let kek = SymmetricKey(data: [UInt8](repeating: 1, count: 16))
        for size in [0, 8, 15, 17, 20] {
            #expect(throws: AESError.self) { try AES.KeyWrap.wrap(SymmetricKey(data: [UInt8](repeating: 2, count: size)), using: kek) }
        }
        for size in [0, 8, 16, 23, 25, 31] {
            #expect(throws: AESError.self) { try AES.KeyWrap.unwrap([UInt8](repeating: 2, count: size), using: kek) }
        }
        #expect(throws: AESError(.incorrectKeySize(expected: [16, 24, 32], found: 20))) {
            try AES.KeyWrap.wrap(SymmetricKey(data: [UInt8](repeating: 2, count: 16)), using: SymmetricKey(data: [UInt8](repeating: 1, count: 20)))
        }
        #expect(throws: AESError(.authenticationFailure)) { try AES.KeyWrap.unwrap([UInt8](repeating: 2, count: 24), using: kek) }
    }
}
