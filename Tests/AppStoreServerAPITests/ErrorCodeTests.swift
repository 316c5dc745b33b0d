// The App Store Server API's error codes against Apple's list (Vectors/api_errors.json, from Apple's Swift
// client): all 87 named, each with Apple's number, name, summary and documentation link; unknown codes kept.

import AppStoreServerAPI
import Foundation
import PureJWT
import Testing
import TestSupport

private struct AppleErrors: Decodable {
    let errors: [Entry]
    struct Entry: Decodable { let code: Int64; let swiftCase: String; let appleName: String; let doc: String; let summary: String }
}

@Suite("App Store Server API error codes")
struct ErrorCodeTests {
    @Test("every code of Apple's list is named, with Apple's name, summary and page; no other is")
    func everyCode() throws {
        let entries = try VectorFiles.json(AppleErrors.self, "api_errors.json").errors
        #expect(entries.count == 87)
        for entry in entries {
            let code = AppStoreAPIErrorCode(rawValue: entry.code)
            #expect(code.name == entry.appleName && code.summary == entry.summary && code.documentationURL == entry.doc, "\(entry.code)")
        }
        #expect(AppStoreAPIErrorCode.allKnown.map(\.rawValue) == entries.map(\.code).sorted())
        // A few constants by their Swift names, as Apple's Swift client names them.
        #expect(AppStoreAPIErrorCode.transactionIdNotFound.rawValue == 4_040_010)
        #expect(AppStoreAPIErrorCode.rateLimitExceeded.rawValue == 4_290_000)
        #expect(AppStoreAPIErrorCode.generalInternal.rawValue == 5_000_000)
    }

    @Test("an unknown code decodes, is kept, and prints as its number")
    func unknownCode() throws {
        struct Body: Decodable { let errorCode: AppStoreAPIErrorCode; let errorMessage: String }
        let body = try StrictJSONDecoder().decode(Body.self, from: Array(#"{"errorCode": 4049999, "errorMessage": "new"}"#.utf8))
        #expect(body.errorCode.rawValue == 4_049_999 && body.errorCode.name == nil && body.errorCode.description == "4049999")
        #expect(AppStoreAPIErrorCode.transactionIdNotFound.description == "4040010 TransactionIdNotFoundError")
        #expect(String(decoding: try JSONEncoder().encode(AppStoreAPIErrorCode.generalInternal), as: UTF8.self) == "5000000")
    }
}
