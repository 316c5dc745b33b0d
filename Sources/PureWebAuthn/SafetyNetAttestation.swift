// The android-safetynet attestation statement format (WebAuthn §8.5): the statement is `{ver, response}`,
// `response` a compact JWS (RFC 7515 §7.1) that Google Play services signed with RS256, the signer's
// certificate chain in its header's `x5c` (standard base64 DER, leaf first). Its payload:
//
//   { "nonce": base64(SHA-256(authData ‖ clientDataHash)),   -- standard base64, with padding
//     "timestampMs": 1565424262773,                           -- when Google answered, ms since 1970
//     "ctsProfileMatch": true, "basicIntegrity": true,        -- the device's integrity verdicts
//     "apkPackageName": "com.google.android.gms", ... }
//
// §8.5 requires the leaf to be issued to attest.android.com and ctsProfileMatch to be true; the policy may
// relax the latter to basicIntegrity, and bounds the timestamp's age. Google retired SafetyNet in 2025;
// devices registered with it still present these statements, which is why they are verified.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureASN1
import PureBase64
import PureCBOR
import PureJWT
import PureSHA2
import PureX509

/// The parts of a SafetyNet response JWS, strictly parsed.
struct SafetyNetResponse {
    struct Header: Decodable {
        let alg: String
        let x5c: [String]
    }

    struct Payload: Decodable {
        let nonce: String
        let timestampMs: Int64
        let ctsProfileMatch: Bool
        let basicIntegrity: Bool
    }

    /// A SafetyNet response is a few kilobytes; this bounds a hostile one.
    static let maximumSize = 64 * 1024

    let header: Header
    let payload: Payload
    let signingInput: [UInt8]
    let signature: [UInt8]

    init(_ bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count <= Self.maximumSize else {
            throw AttestationStatements.invalid("android-safetynet: the response is \(bytes.count) bytes, over the limit of \(Self.maximumSize)")
        }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw AttestationStatements.invalid("android-safetynet: the response is not a compact JWS (\(parts.count) parts instead of 3)")
        }
        do {
            header = try StrictJSONDecoder(maximumSize: Self.maximumSize).decode(Header.self, from: try Base64URL.decode(ascii: parts[0]))
            payload = try StrictJSONDecoder(maximumSize: Self.maximumSize).decode(Payload.self, from: try Base64URL.decode(ascii: parts[1]))
            signature = try Base64URL.decode(ascii: parts[2])
        } catch {
            throw AttestationStatements.invalid("android-safetynet: the response JWS is malformed: \(error)")
        }
        signingInput = Array(bytes[..<parts[1].endIndex])
    }
}

extension AttestationStatements {
    /// The host name a SafetyNet signing certificate must be issued to (§8.5).
    static let safetyNetHostName = "attest.android.com"

    /// §8.5: `ver` and `response`; the JWS's signature by its leaf certificate, issued to attest.android.com;
    /// the nonce; the integrity verdict and the timestamp as the policy asks.
    static func verifyAndroidSafetyNet(_ object: AttestationObject, clientDataHash: [UInt8], policy: AttestationPolicy,
                                       time: Int64) throws(WebAuthnError) -> VerifiedStatement {
        let statement = object.statement
        guard let version = statement["ver"]?.textStringValue, !version.isEmpty, let responseBytes = statement["response"]?.byteStringValue,
              statement.count == 2 else {
            throw invalid("android-safetynet: the statement must hold exactly a non-empty \"ver\" and \"response\"")
        }
        let response = try SafetyNetResponse(responseBytes)
        guard response.header.alg == "RS256" else {
            throw invalid("android-safetynet: the response is signed with \(response.header.alg); SafetyNet signs with RS256")
        }
        var ders: [[UInt8]] = []
        for encoded in response.header.x5c.prefix(9) {
            guard let der = try? Base64.decode(encoded) else { throw invalid("android-safetynet: an x5c entry of the response is not base64") }
            ders.append(der)
        }
        let certificates = try certificateChain(ders, format: "android-safetynet")
        let key = try SignatureVerificationKey(subjectPublicKeyInfo: certificates[0].subjectPublicKeyInfoDER, algorithm: .rs256)
        guard key.isValidSignature(response.signature, for: response.signingInput) else {
            throw invalid("android-safetynet: the response's signature does not verify with its leaf certificate's key")
        }
        guard try certificateNames(certificates[0]).contains(safetyNetHostName) else {
            throw invalid("android-safetynet: the response's certificate is not issued to \(safetyNetHostName)")
        }
        let expectedNonce = Base64.encode(SHA256.hash(data: object.authenticatorData.bytes + clientDataHash))
        guard response.payload.nonce == expectedNonce else {
            throw invalid("android-safetynet: the response's nonce is not base64(SHA-256(authData ‖ clientDataHash))")
        }
        if policy.safetyNetRequiresCTSProfileMatch {
            guard response.payload.ctsProfileMatch else {
                throw invalid("android-safetynet: ctsProfileMatch is false: the device failed Android's compatibility checks")
            }
        } else {
            guard response.payload.basicIntegrity else {
                throw invalid("android-safetynet: basicIntegrity is false: the device may be tampered with")
            }
        }
        if let maximumAge = policy.safetyNetMaximumAge {
            let age = time - response.payload.timestampMs / 1000
            guard age <= maximumAge, age >= -maximumAge else {
                throw invalid("android-safetynet: the response's timestampMs is \(age) s from the verification time, more than the policy's \(maximumAge) s")
            }
        }
        return VerifiedStatement(type: .basic, certificates: certificates)
    }

    /// The DNS names of the subject alternative name extension (2.5.29.17), or the subject's common name
    /// when there is no such extension.
    static func certificateNames(_ certificate: Certificate) throws(WebAuthnError) -> [String] {
        guard let alternativeNames = certificate.extension(subjectAlternativeNameOID) else {
            return certificate.subject.commonName.map { [$0] } ?? []
        }
        do {
            return try DER.parse(alternativeNames.value).sequence { (names) throws(ASN1Error) -> [String] in
                var dnsNames: [String] = []
                while !names.isEmpty {
                    let name = try names.next("GeneralName")
                    // dNSName [2] IA5String, implicitly tagged.
                    if name.tag == .contextSpecific(2, constructed: false) { dnsNames.append(String(decoding: name.content, as: UTF8.self)) }
                }
                return dnsNames
            }
        } catch {
            throw invalid("the certificate's subject alternative name extension is malformed: \(error)")
        }
    }
}

/// The subject alternative name extension (RFC 5280 §4.2.1.6).
let subjectAlternativeNameOID = ASN1ObjectIdentifier(arcs: [2, 5, 29, 17])
