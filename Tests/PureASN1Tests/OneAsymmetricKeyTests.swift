// PKCS#8 version 1 (OneAsymmetricKey, RFC 5958 §2) with attributes and a public key, which OpenSSL does not
// write by default: built here from the RFC's structure with literal DER, then parsed and re-serialized.

import PureASN1
import Testing
import TestSupport

@Suite("PKCS#8 v2 (OneAsymmetricKey)")
struct OneAsymmetricKeyTests {
    /// SEQUENCE {
    ///   INTEGER 1,
    ///   SEQUENCE { OID id-ecPublicKey, OID prime256v1 },
    ///   OCTET STRING (4 bytes 30 02 05 00, a stand-in inner key),
    ///   [0] { SEQUENCE { OID 1.2.3, SET { NULL } } },    -- attributes
    ///   [1] IMPLICIT BIT STRING (unused 0, 04 01 02) }
    private let version1Hex = "3030" + "020101"
        + "3013" + "06072a8648ce3d0201" + "06082a8648ce3d030107"
        + "0404" + "30020500"
        + "a00a" + "3008" + "06022a03" + "31020500"
        + "8104" + "00040102"

    @Test("attributes and public key are read and written back byte for byte")
    func version1() throws {
        let der = try [UInt8](hex: version1Hex)
        let key = try PKCS8PrivateKey(derEncoded: der)
        #expect(key.version == 1)
        #expect(key.algorithm.namedCurve == .prime256v1)
        #expect(key.privateKey.hex == "30020500")
        #expect(key.attributes?.hex == "a00a300806022a0331020500")
        #expect(key.publicKey?.hex == "040102")
        #expect(key.derRepresentation == der)
    }

    @Test("a version 0 key may not carry a public key")
    func version0WithPublicKey() throws {
        var der = try [UInt8](hex: version1Hex)
        der[4] = 0   // INTEGER 1 → INTEGER 0
        #expect(throws: ASN1Error.self) { try PKCS8PrivateKey(derEncoded: der) }
    }

    @Test("versions other than 0 and 1 are refused")
    func otherVersions() throws {
        var der = try [UInt8](hex: version1Hex)
        der[4] = 2
        let error = try #require(throws: ASN1Error.self) { try PKCS8PrivateKey(derEncoded: der) }
        #expect(error.description.contains("version 2"))
    }
}
