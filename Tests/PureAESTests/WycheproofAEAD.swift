// The shape of Wycheproof's "AeadTest" files, shared by the AES-GCM and A*CBC-HS* tests.

import TestSupport

struct AEADGroup: WycheproofTestGroup {
    let keySize: Int
    let ivSize: Int
    let tagSize: Int
    let tests: [AEADCase]
}

struct AEADCase: WycheproofTestCase {
    let tcId: Int
    let comment: String
    let flags: [String]
    let result: WycheproofResult
    let key: String
    let iv: String
    let aad: String
    let msg: String
    let ct: String
    let tag: String
}
