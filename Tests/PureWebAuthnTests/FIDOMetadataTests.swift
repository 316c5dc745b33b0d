// The FIDO Metadata Service BLOB: every case of mds-blobs.json (BLOBs signed by Python's cryptography, see
// scripts/crosscheck/generate-mds-blobs.py), the embedded FIDO root, serial numbers, and registrations of the
// WebAuthn §16 vectors checked against the metadata (status reports, roots from the entry, nextUpdate).

import Foundation
import PureSHA2
import PureWebAuthn
import PureX509
import Testing
import TestSupport

struct BLOBFile: Decodable {
    struct Case: Decodable, CustomTestStringConvertible {
        let name: String
        let blob: String
        let expected: String
        let no: Int?
        var testDescription: String { name }
    }
    let root_pem: String
    let check_time: String
    let next_update: String
    let cases: [Case]

    static let file: BLOBFile = try! VectorFiles.json(BLOBFile.self, "mds-blobs.json")
    var root: Certificate { try! Certificate(pemRepresentation: root_pem) }
    var time: Date { ISO8601DateFormatter().date(from: check_time)! }

    func metadata(_ name: String, at time: Date? = nil) throws -> FIDOMetadata {
        let blob = try #require(cases.first { $0.name == name }).blob
        return try FIDOMetadata(blob: Array(blob.utf8), trustAnchors: [root], at: time ?? self.time)
    }
}

@Suite("FIDO Metadata Service BLOB (MDS3)")
struct FIDOMetadataTests {
    @Test("The embedded root is GlobalSign Root CA - R3, FIDO's MDS root")
    func root() {
        let root = FIDOMetadata.rootCertificate
        #expect(Array(SHA256.hash(data: root.derRepresentation)).hex == "cbb522d7b7f127ad6a0113865bdf1cd4102e7d0759af635a7cf4720dc963c53b")
        #expect(root.subject.description.contains("GlobalSign Root CA - R3"))
    }

    @Test("mds-blobs.json holds its 15 cases")
    func caseCount() {
        #expect(BLOBFile.file.cases.count == 15)
    }

    @Test("Each BLOB verifies, or is refused for the check the file names", arguments: BLOBFile.file.cases)
    func blob(_ blobCase: BLOBFile.Case) throws {
        let file = BLOBFile.file
        do {
            let metadata = try FIDOMetadata(blob: Array(blobCase.blob.utf8), trustAnchors: [file.root], at: file.time)
            #expect(blobCase.expected == "valid", "\(blobCase.name) verified")
            #expect(metadata.serialNumber == blobCase.no)
            #expect(metadata.nextUpdate == ISO8601DateFormatter().date(from: file.next_update + "T00:00:00Z"))
            #expect(metadata.isCurrent(at: file.time) && !metadata.isCurrent(at: metadata.nextUpdate))
            #expect(metadata.entries.count >= 7)
        } catch {
            let category = switch error.reason {
            case .malformed: "malformed"
            case .unsupportedAlgorithm: "algorithm"
            case .chainInvalid: "chain"
            case .invalidSignature: "signature"
            case .notNewer: "not newer"
            }
            #expect(category == blobCase.expected, "\(blobCase.name): \(error)")
        }
    }

    @Test("A verification time that is not a finite date is refused, not trapped on")
    func brokenTime() throws {
        let file = BLOBFile.file
        let valid = try #require(file.cases.first { $0.expected == "valid" })
        for broken in [Double.nan, .infinity, -1e300] {
            let error = #expect(throws: FIDOMetadataError.self) {
                try FIDOMetadata(blob: Array(valid.blob.utf8), trustAnchors: [file.root], at: Date(timeIntervalSince1970: broken))
            }
            guard case .chainInvalid? = error?.reason else { Issue.record("\(broken): \(String(describing: error))"); continue }
        }
    }

    @Test("The default root refuses the test BLOBs; a BLOB must be newer than the one held")
    func rootAndSerialNumber() throws {
        let file = BLOBFile.file
        let blob = Array(try #require(file.cases.first).blob.utf8)
        #expect(throws: FIDOMetadataError.self) { try FIDOMetadata(blob: blob, at: file.time) }
        let held = try file.metadata("ES256 BLOB")
        #expect(throws: FIDOMetadataError(.notNewer(received: 42, held: 43))) {
            try FIDOMetadata(blob: blob, trustAnchors: [file.root], at: file.time, replacing: held)
        }
        let newer = try FIDOMetadata(blob: Array(try #require(file.cases.first { $0.no == 44 }).blob.utf8), trustAnchors: [file.root],
                                     at: file.time, replacing: held)
        #expect(newer.serialNumber == 44)
    }

    @Test("Entries by AAGUID and by attestation certificate key identifier")
    func entries() throws {
        let metadata = try BLOBFile.file.metadata("RS256 BLOB, chain to the test root")
        let packed = try #require(metadata.entry(aaguid: try [UInt8](hex: "876ca4f52071c3e9b25509ef2cdf7ed6")))
        #expect(packed.description == "WebAuthn §16 packed.ES256")
        #expect(packed.statusReports.map(\.status) == [.fidoCertified] && packed.statusReports.map(\.effectiveDate) == ["2024-01-01"])
        #expect(packed.compromisingReport == nil)
        #expect(packed.attestationTypes == ["basic_full"])
        #expect(packed.attestationRootCertificates.map { Array(SHA256.hash(data: $0.derRepresentation)).hex }
                == ["68ff927708f5d229252ffe4a1c6842c11998d1e1fa2b46138bb5642eff9b161b"])
        #expect(metadata.entry(aaguid: [UInt8](repeating: 0, count: 16)) == nil)
        let revoked = try BLOBFile.file.metadata("a REVOKED report for packed.ES256's authenticator")
        #expect(revoked.entry(aaguid: try [UInt8](hex: "876ca4f52071c3e9b25509ef2cdf7ed6"))?.compromisingReport?.status == .revoked)
    }

    @Test("Registrations against the metadata: roots from the entry, compromised models refused, nextUpdate kept")
    func registrations() throws {
        let spec = try SpecVectors.load()
        let file = BLOBFile.file
        let relyingParty = WebAuthnRelyingParty(id: spec.common.rp_id, name: "Example", origins: [spec.common.origin])
        func register(_ name: String, metadata: String, requiresEntry: Bool = false, at time: Date? = nil) throws -> Result<VerifiedRegistration, WebAuthnError> {
            let vector = try #require(spec.vectors.first { $0.name == name })
            var policy = AttestationPolicy()
            policy.metadata = try file.metadata(metadata)
            policy.requiresMetadataEntry = requiresEntry
            let response = RegistrationResponse(id: try [UInt8](hex: vector.registration.credential_id),
                                                clientDataJSON: try [UInt8](hex: vector.registration.clientDataJSON),
                                                attestationObject: try [UInt8](hex: vector.registration.attestationObject))
            let challenge = try [UInt8](hex: vector.registration.challenge)
            do {
                return .success(try relyingParty.verifyRegistration(response, challenge: challenge,
                                                                   userVerification: .discouraged, attestationPolicy: policy, at: time ?? file.time))
            } catch {
                return .failure(error)
            }
        }
        let certified = "RS256 BLOB, chain to the test root"
        // The chains of every listed model lead to the §16.1 root that their entries name; no other root is given.
        for name in ["packed.ES256", "packed.ES384", "packed.ES512", "packed.RS256", "packed.EdDSA", "tpm.ES256", "apple.ES256", "fido-u2f.ES256"] {
            let registration = try #require(try? register(name, metadata: certified).get(), "\(name)")
            #expect(registration.attestationTrusted, "\(name)")
        }
        // Any compromising report refuses the model, even with a later UPDATE_AVAILABLE.
        #expect(throws: WebAuthnError(.authenticatorStatusRefused(model: "WebAuthn §16 packed.ES256, revoked", status: "REVOKED"))) {
            try register("packed.ES256", metadata: "a REVOKED report for packed.ES256's authenticator").get()
        }
        #expect(throws: WebAuthnError(.authenticatorStatusRefused(model: "WebAuthn §16 packed.ES256, user verification bypass, then an update",
                                                                  status: "USER_VERIFICATION_BYPASS"))) {
            try register("packed.ES256", metadata: "USER_VERIFICATION_BYPASS reported, then UPDATE_AVAILABLE").get()
        }
        // A model the metadata does not list: accepted (unvalidated chain) unless the policy requires an entry.
        #expect(try register("none.ES256", metadata: certified).get().attestationTrusted == false)
        #expect(throws: WebAuthnError(.authenticatorNotInMetadata("AAGUID 8446ccb9ab1db374750b2367ff6f3a1f"))) {
            try register("none.ES256", metadata: certified, requiresEntry: true).get()
        }
        // Once nextUpdate has passed, fetch the next BLOB.
        let late = try #require(ISO8601DateFormatter().date(from: "2026-12-01T00:00:00Z"))
        #expect(throws: WebAuthnError(.metadataOutOfDate("2026-12-01"))) {
            try register("packed.ES256", metadata: certified, at: late).get()
        }
    }
}
