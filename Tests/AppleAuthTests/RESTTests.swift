// Apple's REST requests (form bodies) and responses (tokens and errors), against recorded responses.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AppleAuth
import Testing
import TestSupport

private struct Examples: Decodable {
    struct Example: Decodable {
        let endpoint: String
        let http_status: Int
        let body: [String: Value]?
    }
    enum Value: Codable {
        case string(String), number(Int), bool(Bool)
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) { self = .bool(b) } else if let n = try? c.decode(Int.self) { self = .number(n) } else { self = .string(try c.decode(String.self)) }
        }
        func encode(to encoder: any Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self { case .string(let s): try c.encode(s); case .number(let n): try c.encode(n); case .bool(let b): try c.encode(b) }
        }
    }
    let examples: [Example]
}

@Suite("Apple REST")
struct RESTTests {
    /// A request's body as the UTF-8 text it was made from.
    private func text(_ request: AppleHTTPRequest) -> String { String(decoding: request.bodyBytes, as: UTF8.self) }

    @Test("form encoding of + = & % /, spaces and non-ASCII")
    func formEncoding() {
        let request = AppleRequests.exchange(code: "a+b=c&d%e/f g", clientID: "com.example.web", clientSecret: "s.e.c-r*e_t",
                                             redirectURI: "https://example.com/callback?x=ü")
        #expect(text(request) == "client_id=com.example.web&client_secret=s.e.c-r*e_t&code=a%2Bb%3Dc%26d%25e%2Ff+g"
                 + "&grant_type=authorization_code&redirect_uri=https%3A%2F%2Fexample.com%2Fcallback%3Fx%3D%C3%BC")
        #expect(request.method == "POST" && request.url == "https://appleid.apple.com/auth/token")
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test("redirect_uri only when given; refresh and revoke bodies")
    func requests() {
        #expect(!text(AppleRequests.exchange(code: "c", clientID: "i", clientSecret: "s")).contains("redirect_uri"))
        #expect(text(AppleRequests.refresh("r", clientID: "i", clientSecret: "s"))
                == "client_id=i&client_secret=s&grant_type=refresh_token&refresh_token=r")
        let revoke = AppleRequests.revoke("t", hint: .accessToken, clientID: "i", clientSecret: "s")
        #expect(revoke.url == "https://appleid.apple.com/auth/revoke")
        #expect(text(revoke) == "client_id=i&client_secret=s&token=t&token_type_hint=access_token")
    }

    @Test("every recorded response decodes to its values or error")
    func responses() throws {
        let examples = try VectorFiles.json(Examples.self, "apple_token_endpoint_responses.json").examples
        #expect(examples.count == 7)
        for example in examples {
            let body = try example.body.map { try JSONEncoder().encode($0) } ?? Data()
            if example.endpoint.contains("/auth/revoke") {
                if example.http_status == 200 {
                    #expect(throws: Never.self) { try AppleResponses.revocation(status: 200, body: Data()) }
                    #expect(throws: Never.self) { try AppleResponses.revocation(status: 200, body: Data(#"{"success":true}"#.utf8)) }
                } else {
                    let error = try #require(try #require(throws: AppleAuthError.self) {
                        try AppleResponses.revocation(status: example.http_status, body: body)
                    }.appleError)
                    #expect(error.code == .invalidClient)
                    #expect(error.description.contains("client_id is not the client secret's sub"))
                }
                continue
            }
            if example.http_status == 200 {
                let tokens = try AppleResponses.token(status: 200, body: body)
                #expect(!tokens.accessToken.isEmpty && tokens.idToken != nil)
                #expect(tokens.expiresIn == 3600 || tokens.expiresIn == 300)   // a number in one, the string "300" in the other
            } else {
                let error = try #require(try #require(throws: AppleAuthError.self) {
                    try AppleResponses.token(status: example.http_status, body: body)
                }.appleError)
                #expect(error.code == .invalidGrant && error.status == 400)
                if case .string(let description)? = example.body?["error_description"] { #expect(error.errorDescription == description) }
            }
        }
    }

    @Test("unknown error codes are kept; a non-JSON error body is reported")
    func unknownErrors() throws {
        let unknownError = try #require(throws: AppleAuthError.self) {
            try AppleResponses.token(status: 400, body: Data(#"{"error":"brand_new"}"#.utf8))
        }
        #expect(unknownError.category == .appleError)
        let unknown = try #require(unknownError.appleError)
        #expect(unknown.code == .other("brand_new") && unknown.likelyCauses.isEmpty)
        let htmlError = try #require(throws: AppleAuthError.self) {
            try AppleResponses.token(status: 502, body: Data("<html>bad gateway</html>".utf8))
        }
        #expect(htmlError.category == .transport)   // a 5xx is Apple unable to serve, not Apple refusing
        let html = try #require(htmlError.appleError)
        #expect(html.status == 502 && html.errorDescription == "<html>bad gateway</html>")
    }
}
