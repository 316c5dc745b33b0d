// RegisteredClaims reads plain integer NumericDates without strtod; every form must give what
// Double(text) gives (the general path), and out-of-range values must still be refused.

@testable import PureJWT
import Testing

@Suite("NumericDate parsing in registered claims")
struct NumericDateParsingTests {
    @Test("integers (fast path), fractions, exponents, long and negative numbers equal Double(text)", arguments: [
        "0", "1", "1767225600", "999999999999999", "1000000000000000", "12345678901234567890",
        "1767225600.5", "1.7e9", "17E8", "-5", "-0", "0.000001",
    ])
    func sameAsDouble(_ text: String) throws {
        let object = try JSONNode.parseObject(Array(#"{"exp":\#(text)}"#.utf8))
        let claims = try RegisteredClaims(object: object)
        #expect(claims.exp?.secondsSince1970 == Double(text), "\(text)")
    }

    @Test("a number beyond Double's range is refused")
    func outOfRange() throws {
        let object = try JSONNode.parseObject(Array(#"{"exp":1e400}"#.utf8))
        #expect(throws: JWTError.self) { try RegisteredClaims(object: object) }
    }
}
