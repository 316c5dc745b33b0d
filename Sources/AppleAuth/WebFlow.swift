// The web flow ("Incorporating Sign in with Apple into other platforms", Apple's documentation): the
// browser goes to {base}/auth/authorize with response_type "code id_token" and response_mode "form_post";
// Apple POSTs code, id_token, state and — on the first authorization only — user (a JSON object with the
// name and email) to the redirect URI.
//
// The server keeps `state` (single use; it ties the callback to the browser that started) and the raw
// nonce; the URL carries the nonce's SHA-256 in hex, which Apple echoes in the identity token, so the
// token is checked with `AppleNonceCheck.raw(rawNonce)`.

import PureBase64
import PureJWT
import PureSHA2

/// What the web flow asks Apple for.
public enum AppleScope: String, Sendable, Hashable, CaseIterable {
    /// The user's name, sent once, in the first callback's `user` field.
    case name
    /// The user's email (or a private relay address).
    case email
}

/// An authorization request to send the browser to, with the values to remember until the callback.
public struct AppleAuthorizationRequest: Sendable, Hashable {
    /// Where to redirect the browser.
    public let url: String
    /// The state sent in the authorization request, echoed by Apple. Keep it server-side (e.g. in the
    /// session), compare it with the callback's, then forget it: it is single-use.
    public let state: String
    /// Keep server-side; verify the identity token with `.raw(rawNonce)`. Not in the URL: only its hash is.
    public let rawNonce: String
}

extension AppleAuthorizationRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AppleAuthorizationRequest(\(url.prefix { $0 != "?" }), state and nonce redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["url": String(url.prefix { $0 != "?" }) + "?…", "state": "redacted", "rawNonce": "redacted"], displayStyle: .struct)
    }
}

/// The name Apple sends on the first authorization only: store it then, it never comes again.
public struct AppleUserInfo: Sendable, Hashable, Decodable {
    /// The name the user chose to share (either part may be absent).
    public struct Name: Sendable, Hashable, Decodable {
        /// The given name.
        public let firstName: String?
        /// The family name.
        public let lastName: String?
    }

    /// The name, when the user shared it.
    public let name: Name?
    /// The email address (possibly a private relay address).
    public let email: String?
}

/// Apple's form_post to the redirect URI.
public struct AppleAuthorizationCallback: Sendable, Hashable {
    /// The authorization code, single-use, valid for five minutes.
    public let code: String
    /// The identity token (a JWS).
    public let idToken: String
    /// The state Apple echoed; compare with the one kept from the request.
    public let state: String
    /// Present on the first authorization only.
    public let user: AppleUserInfo?

    /// Parses the POST body (application/x-www-form-urlencoded). A body with `error` (e.g.
    /// "user_cancelled_authorize"), without code, id_token or state, with a field twice, or with a `user`
    /// that is not Apple's JSON is refused with `.invalidCallback`.
    public init(formBody: String) throws(AppleAuthError) {
        guard formBody.utf8.count <= 64 * 1024 else { throw AppleAuthError(.invalidCallback("the body is over 64 KiB")) }
        guard let fields = FormEncoding.decode(formBody) else {
            throw AppleAuthError(.invalidCallback("the body is not a form (a bad %-escape, invalid UTF-8, or a field twice)"))
        }
        if let error = fields["error"] {
            throw AppleAuthError(.invalidCallback("Apple reported \"\(error)\" (user_cancelled_authorize: the user cancelled)"))
        }
        func field(_ name: String) throws(AppleAuthError) -> String {
            guard let value = fields[name], !value.isEmpty else { throw AppleAuthError(.invalidCallback("no \"\(name)\" field")) }
            return value
        }
        code = try field("code")
        idToken = try field("id_token")
        state = try field("state")
        if let userJSON = fields["user"], !userJSON.isEmpty {
            do { user = try StrictJSONDecoder(maximumSize: 16 * 1024).decode(AppleUserInfo.self, from: userJSON) } catch {
                throw AppleAuthError(.invalidCallback("\"user\" is not Apple's user JSON: \(error)"))
            }
        } else {
            user = nil
        }
    }

    /// Whether the callback's state is `expected` (compared in constant time: a state is a secret of the
    /// browser's session).
    public func hasState(_ expected: String) -> Bool {
        let (a, b) = (Array(state.utf8), Array(expected.utf8))
        guard a.count == b.count else { return false }   // lengths are public (the server made the state)
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}

extension AppleAuthorizationCallback: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "AppleAuthorizationCallback(code, id_token and state redacted, user \(user == nil ? "absent" : "present"))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["code": "redacted", "idToken": "redacted", "state": "redacted", "user": user as Any], displayStyle: .struct)
    }
}

enum WebFlow {
    /// 32 random bytes, base64url: a state or raw nonce.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<4 { withUnsafeBytes(of: generator.next()) { bytes += $0 } }
        return Base64URL.encode(bytes)
    }

    static func authorizationURL(baseURL: String, clientID: String, redirectURI: String, scopes: [AppleScope],
                                 state: String, hashedNonce: String) -> String {
        var query = [("client_id", clientID), ("redirect_uri", redirectURI), ("response_type", "code id_token"),
                     ("response_mode", "form_post")]
        if !scopes.isEmpty { query.append(("scope", scopes.map(\.rawValue).joined(separator: " "))) }
        query += [("state", state), ("nonce", hashedNonce)]
        return baseURL + "/auth/authorize?" + query.map { "\($0.0)=\(percentEncoded($0.1))" }.joined(separator: "&")
    }

    /// RFC 3986 §2.3: unreserved characters stay, every other byte is %XX (a space is %20, not "+").
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func hashedNonce(_ rawNonce: String) -> String {
        SHA256.hash(data: Array(rawNonce.utf8)).description
    }
}
