// RegisteredClaims matches member names by their three bytes packed into an integer; these cases pin that
// every registered name is found with its value, and that no other name is taken for one.

@testable import PureJWT
import Testing

@Suite("Registered claims: which members are read")
struct RegisteredClaimsReadingTests {
    @Test("all seven registered claims are read from their members, among others")
    func allSeven() throws {
        let json = #"{"x":1,"iss":"issuer","sub":"subject","aud":["a","b"],"exp":1767225600,"nbf":1767220000,"#
            + #""iat":1767210000.5,"jti":"id-1","nonce":"n"}"#
        let claims = try RegisteredClaims(object: JSONNode.parseObject(Array(json.utf8)))
        #expect(claims.iss == "issuer")
        #expect(claims.sub == "subject")
        #expect(claims.aud?.values == ["a", "b"])
        #expect(claims.exp?.secondsSince1970 == 1_767_225_600)
        #expect(claims.nbf?.secondsSince1970 == 1_767_220_000)
        #expect(claims.iat?.secondsSince1970 == 1_767_210_000.5)
        #expect(claims.jti == "id-1")
    }

    @Test("names that are not registered are not read, whatever their type", arguments: [
        "Iss", "ISS", "is", "isss", "exq", "ex", "expp", "€", "\u{0}ss", "iss\u{0}", "aux", "jt",
    ])
    func otherNames(_ name: String) throws {
        var object = JSONObject()
        object.names = [name]
        object.values = [.array([.bool(true)])]    // a wrong type for every registered claim
        let claims = try RegisteredClaims(object: object)
        #expect(claims == RegisteredClaims())
    }

    @Test("each registered name with a wrong type is refused, naming it", arguments: [
        "iss", "sub", "aud", "exp", "nbf", "iat", "jti",
    ])
    func wrongType(_ name: String) throws {
        let object = try JSONNode.parseObject(Array(#"{"\#(name)":{"nested":1}}"#.utf8))
        #expect {
            try RegisteredClaims(object: object)
        } throws: { error in
            guard let error = error as? JWTError, case .claimsDecoding(let message) = error.reason else { return false }
            return message.contains("\"\(name)\"")
        }
    }

    @Test("in an object built with a name twice, the first member counts, as a lookup by name would")
    func firstOfTwo() throws {
        var object = JSONObject()
        object.names = ["sub", "sub"]
        object.values = [.string("first"), .number("7")]
        #expect(try RegisteredClaims(object: object).sub == "first")
    }
}
