// The FIDO Metadata Service BLOB (FIDO Metadata Service v3.0, §3.1.6–§3.1.7 and the relying party's rules,
// §3.2): a compact JWS whose header carries the signer's chain in `x5c` (standard base64 DER, leaf first,
// the root left out) and whose payload lists what FIDO knows of each authenticator model:
//
//   { "legalHeader": "...", "no": 80, "nextUpdate": "2026-12-01",
//     "entries": [ { "aaguid": "876ca4f5-2071-c3e9-b255-09ef2cdf7ed6",          -- FIDO2 authenticators
//                    "attestationCertificateKeyIdentifiers": ["420822eb…"],      -- U2F ones, by certificate
//                    "metadataStatement": { "description": …, "attestationRootCertificates": [base64 DER], … },
//                    "statusReports": [ { "status": "FIDO_CERTIFIED", "effectiveDate": "2024-01-01" }, … ] } ] }
//
// Verified as §3.2 says: the chain to FIDO's root (GlobalSign Root CA - R3, embedded) at the given time, the
// signature, and — when the caller passes the BLOB it holds — a serial number (`no`) above that one's.
// Certificate revocation lists are not fetched (no HTTP here; the chain's validity dates are checked).
// `nextUpdate` is when FIDO publishes the next BLOB; a registration checked against metadata past it is
// refused (RegistrationCeremony.swift), so a server that stops refreshing notices.

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

/// Why a FIDO Metadata Service BLOB was refused.
public struct FIDOMetadataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which check failed. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The BLOB is not a compact JWS with the header and payload MDS describes (what, in words).
        case malformed(String)
        /// The JWS algorithm is not a signature algorithm this library verifies with a certificate.
        case unsupportedAlgorithm(String)
        /// The signer's chain does not lead to a trusted root at the given time (why).
        case chainInvalid(String)
        /// The signature does not verify with the signer's certificate.
        case invalidSignature
        /// The BLOB's serial number is not above the one of the BLOB held (received, held).
        case notNewer(received: Int, held: Int)
    }

    /// What failed.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .malformed(let what): return "the FIDO metadata BLOB is malformed: \(what)"
        case .unsupportedAlgorithm(let alg): return "the FIDO metadata BLOB is signed with \"\(alg)\"; FIDO signs with RS256, ES256 or another certificate-backed algorithm"
        case .chainInvalid(let why): return "the FIDO metadata BLOB's certificate chain is not trusted: \(why)"
        case .invalidSignature: return "the FIDO metadata BLOB's signature does not verify with its signer's certificate"
        case .notNewer(let received, let held):
            return "the FIDO metadata BLOB's serial number (\(received)) is not above the one held (\(held)): it may be a replay of an old BLOB; keep the one held"
        }
    }
}

/// A verified FIDO Metadata Service (MDS3) BLOB: what FIDO knows of each authenticator model.
///
/// Download the BLOB from `https://mds3.fidoalliance.org/` (a few megabytes, about monthly), build this from
/// it, and give it to ``AttestationPolicy/metadata``; fetch again once ``nextUpdate`` is reached.
public struct FIDOMetadata: Sendable {
    /// FIDO's MDS root, GlobalSign Root CA - R3 (SHA-256 fingerprint cbb522d7…c963c53b), which the BLOB's
    /// chain must lead to.
    public static let rootCertificate: Certificate = {
        // The PEM is a compile-time constant checked by the tests; it cannot fail to parse.
        try! Certificate(pemRepresentation: fidoMetadataRootPEM)
    }()

    /// The largest BLOB read (the real one is about 5 MB).
    public static let maximumSize = 32 << 20

    /// The BLOB's serial number (`no`), which grows with each BLOB.
    public let serialNumber: Int
    /// When FIDO publishes the next BLOB (the start of `nextUpdate`'s day, UTC).
    public let nextUpdate: Date
    /// `nextUpdate` as the BLOB writes it ("YYYY-MM-DD").
    let nextUpdateText: String
    /// The legal header, as given.
    public let legalHeader: String?
    /// The entries, as listed.
    public let entries: [FIDOMetadataEntry]

    private let entriesByAAGUID: [[UInt8]: Int]
    private let entriesByKeyIdentifier: [[UInt8]: Int]

    /// Verifies and reads a BLOB.
    ///
    /// - Parameters:
    ///   - blob: the BLOB as downloaded (the compact JWS text, as bytes).
    ///   - trustAnchors: the roots its chain may lead to (FIDO's, by default).
    ///   - time: when its certificates must be valid.
    ///   - previous: the BLOB held now, if any: this one's serial number must be above it.
    /// - Throws: ``FIDOMetadataError`` naming the check that failed.
    public init(blob: [UInt8], trustAnchors: [Certificate] = [FIDOMetadata.rootCertificate], at time: Date = Date(),
                replacing previous: FIDOMetadata? = nil) throws(FIDOMetadataError) {
        guard blob.count <= Self.maximumSize else { throw FIDOMetadataError(.malformed("\(blob.count) bytes, over the limit of \(Self.maximumSize)")) }
        let parts = blob.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw FIDOMetadataError(.malformed("not a compact JWS (\(parts.count) parts instead of 3)")) }
        let header: BLOBHeader, signature: [UInt8]
        do {
            header = try StrictJSONDecoder().decode(BLOBHeader.self, from: try Base64URL.decode(ascii: parts[0]))
            signature = try Base64URL.decode(ascii: parts[2])
        } catch {
            throw FIDOMetadataError(.malformed("the JWS header or signature: \(error)"))
        }
        // The signer: its chain to a trusted root, then the signature by its key.
        guard let algorithm = Self.algorithms[header.alg] else { throw FIDOMetadataError(.unsupportedAlgorithm(header.alg)) }
        guard let x5c = header.x5c, !x5c.isEmpty, x5c.count <= 8 else {
            throw FIDOMetadataError(.malformed("the header has no x5c chain of 1 to 8 certificates (x5u is not fetched)"))
        }
        var chain: [Certificate] = []
        for encoded in x5c {
            do { chain.append(try Certificate(derRepresentation: try Base64.decode(encoded))) } catch {
                throw FIDOMetadataError(.malformed("an x5c certificate: \(error)"))
            }
        }
        guard let seconds = X509ChainValidator.seconds(sinceEpoch: time.timeIntervalSince1970) else {
            throw FIDOMetadataError(.chainInvalid("the verification time is not a finite date within ±31,000 years of 1970"))
        }
        do {
            _ = try X509ChainValidator(trustAnchors: trustAnchors).validate(chain, at: seconds)
        } catch {
            throw FIDOMetadataError(.chainInvalid("\(error)"))
        }
        let key: SignatureVerificationKey
        do { key = try SignatureVerificationKey(subjectPublicKeyInfo: chain[0].subjectPublicKeyInfoDER, algorithm: algorithm) } catch {
            throw FIDOMetadataError(.chainInvalid("the signer's key does not suit \(header.alg): \(error)"))
        }
        guard key.isValidJWSSignature(signature, for: Array(blob[..<parts[1].endIndex])) else { throw FIDOMetadataError(.invalidSignature) }

        // The payload, read only once signed.
        let payload: BLOBPayload
        do {
            payload = try StrictJSONDecoder(maximumSize: Self.maximumSize).decode(BLOBPayload.self, from: try Base64URL.decode(ascii: parts[1]))
        } catch {
            throw FIDOMetadataError(.malformed("the payload: \(error)"))
        }
        guard let nextUpdate = Self.date(payload.nextUpdate) else {
            throw FIDOMetadataError(.malformed("nextUpdate \"\(payload.nextUpdate)\" is not a date (YYYY-MM-DD)"))
        }
        if let previous, payload.no <= previous.serialNumber {
            throw FIDOMetadataError(.notNewer(received: payload.no, held: previous.serialNumber))
        }
        var entries: [FIDOMetadataEntry] = []
        var byAAGUID: [[UInt8]: Int] = [:], byKeyIdentifier: [[UInt8]: Int] = [:]
        for (index, raw) in payload.entries.enumerated() {
            let entry = try FIDOMetadataEntry(raw, index: index)
            if let aaguid = entry.aaguid {
                guard byAAGUID.updateValue(index, forKey: aaguid) == nil else {
                    throw FIDOMetadataError(.malformed("entry \(index) repeats the AAGUID \(raw.aaguid ?? "")"))
                }
            }
            for identifier in entry.attestationCertificateKeyIdentifiers { byKeyIdentifier[identifier] = index }
            entries.append(entry)
        }
        serialNumber = payload.no
        self.nextUpdate = nextUpdate
        nextUpdateText = payload.nextUpdate
        legalHeader = payload.legalHeader
        self.entries = entries
        entriesByAAGUID = byAAGUID
        entriesByKeyIdentifier = byKeyIdentifier
    }

    /// The entry of the authenticator model `aaguid` (16 bytes), if listed.
    public func entry(aaguid: [UInt8]) -> FIDOMetadataEntry? {
        entriesByAAGUID[aaguid].map { entries[$0] }
    }

    /// The entry listing the attestation certificate's key identifier (U2F authenticators, which have no
    /// AAGUID): its subject key identifier, or SHA-1 of its public key when it has none.
    public func entry(attestationCertificate certificate: Certificate) -> FIDOMetadataEntry? {
        entriesByKeyIdentifier[Self.keyIdentifier(of: certificate)].map { entries[$0] }
    }

    /// Whether `time` is before ``nextUpdate``, when FIDO publishes the next BLOB.
    public func isCurrent(at time: Date) -> Bool { time < nextUpdate }

    static func keyIdentifier(of certificate: Certificate) -> [UInt8] {
        if let extensionValue = certificate.extension(subjectKeyIdentifierOID)?.value,
           extensionValue.count >= 2, extensionValue[0] == 0x04, Int(extensionValue[1]) == extensionValue.count - 2 {
            return Array(extensionValue.dropFirst(2))
        }
        return Array(Insecure.SHA1.hash(data: certificate.subjectPublicKeyInfo.subjectPublicKey))
    }

    /// "YYYY-MM-DD" as the start of that day, UTC.
    static func date(_ text: String) -> Date? {
        guard text.utf8.count == 10, let seconds = RFC3339.seconds(text + "T00:00:00Z") else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The JWS algorithms a certificate's key verifies, as the COSE algorithms the verifier knows them by.
    static let algorithms: [String: COSEAlgorithm] = ["RS256": .rs256, "RS384": .rs384, "RS512": .rs512, "PS256": .ps256,
                                                      "PS384": .ps384, "PS512": .ps512, "ES256": .es256, "ES384": .es384,
                                                      "ES512": .es512, "EdDSA": .edDSA]

    struct BLOBHeader: Decodable {
        let alg: String
        let x5c: [String]?
    }

    struct BLOBPayload: Decodable {
        let legalHeader: String?
        let no: Int
        let nextUpdate: String
        let entries: [FIDOMetadataEntry.Raw]
    }
}

/// The subject key identifier extension (RFC 5280 §4.2.1.2).
let subjectKeyIdentifierOID = ASN1ObjectIdentifier(arcs: [2, 5, 29, 14])
