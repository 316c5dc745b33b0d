// JWTSigner refuses claims whose registered members no verifier accepts (RFC 7519 §4.1): a token signed
// with them could never be used. Each set of claims is first shown refused by our own verifier (in a token
// signed by hand), so that both sides read the registered claims one way.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureBase64
import PureJWT
import PureSHA2
import Testing

private let secret = SymmetricKey(data: [UInt8](repeating: 7, count: 32))
private let validation = JWTValidation(issuer: nil, audiences: nil, requiresExpiration: false,
                                       now: { Date(timeIntervalSince1970: 10) })

private struct TextExpiration: Encodable { var exp = "soon" }
private struct NumericSubject: Encodable { var sub = 1 }
private struct MixedAudience: Encodable { var aud: [JSONValue] = [.string("a"), .number(2)] }

@Suite("Signing checks the registered claims as verification reads them")
struct SigningClaimsCheckTests {
    let key = try! JWTKey.hs256(secret)

    @Test("claims of the wrong type: the verifier refuses them, the signer does not sign them", arguments: [
        #"{"exp":"soon"}"#, #"{"nbf":true}"#, #"{"iat":null}"#, #"{"exp":1e999}"#, #"{"nbf":-1e400}"#,
        #"{"sub":1}"#, #"{"iss":["a"]}"#, #"{"jti":{}}"#, #"{"aud":2}"#, #"{"aud":["a",2]}"#, #"{"aud":{"a":"b"}}"#,
    ])
    func refused(_ claims: String) throws {
        let input = Base64URL.encode(Array(#"{"alg":"HS256"}"#.utf8)) + "." + Base64URL.encode(Array(claims.utf8))
        let token = input + "." + Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: secret))
        #expect(throws: JWTError.self) { try JWTVerifier(keys: [key]).verify(token, as: JSONValue.self, validation: validation) }

        do {
            let signed = try JWTSigner(key: key).sign(claimsJSON: Array(claims.utf8))
            Issue.record("signed \(claims): \(signed)")
        } catch {
            guard case .invalidJSON(let message) = error.reason else { Issue.record("\(claims): \(error)"); return }
            #expect(message.hasPrefix("the claims cannot be signed: \""), "\(message)")
        }
    }

    @Test("an Encodable claims type of the wrong shape is refused the same way")
    func encodable() {
        let signer = JWTSigner(key: key)
        for sign in [{ try signer.sign(TextExpiration()) }, { try signer.sign(NumericSubject()) }, { try signer.sign(MixedAudience()) }] {
            do { _ = try sign(); Issue.record("signed") } catch {
                guard case .invalidJSON? = (error as? JWTError)?.reason else { Issue.record("\(error)"); continue }
            }
        }
    }

    @Test("claims of the right types sign and verify; unregistered members are not looked at", arguments: [
        #"{}"#, #"{"exp":4102444800,"nbf":0,"iat":1.5}"#, #"{"sub":"1","iss":"i","jti":"j","aud":"a"}"#,
        #"{"aud":["a","b"],"exp":1e15}"#, #"{"custom":{"exp":"not registered here"},"n":1e300}"#,
    ])
    func accepted(_ claims: String) throws {
        let token = try JWTSigner(key: key).sign(claimsJSON: Array(claims.utf8))
        _ = try JWTVerifier(keys: [key]).verify(token, as: JSONValue.self, validation: validation)
    }
}
