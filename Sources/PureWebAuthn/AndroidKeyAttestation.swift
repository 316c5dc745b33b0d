// The android-key attestation statement format (WebAuthn §8.4): Android's Keystore signs authData ‖
// clientDataHash with the credential key itself, and its attestation certificate (x5c's leaf, for that same
// key) carries the key description extension, 1.3.6.1.4.1.11129.2.1.17, whose layout is Android's
// (source.android.com, "Key and ID attestation", schema versions 1 to 400):
//
//   KeyDescription ::= SEQUENCE {
//       attestationVersion         INTEGER,
//       attestationSecurityLevel   ENUMERATED,     -- Software (0), TrustedEnvironment (1), StrongBox (2)
//       keyMintVersion             INTEGER,
//       keyMintSecurityLevel       ENUMERATED,
//       attestationChallenge       OCTET STRING,   -- must be clientDataHash
//       uniqueId                   OCTET STRING,
//       softwareEnforced           AuthorizationList,
//       hardwareEnforced           AuthorizationList }
//
//   AuthorizationList ::= SEQUENCE { -- every field optional, EXPLICIT, in tag order; those read here:
//       purpose          [1]   SET OF INTEGER,   -- must include KM_PURPOSE_SIGN (2)
//       allApplications  [600] NULL,            -- must be absent: the key would serve every app
//       origin           [702] INTEGER,         -- must be KM_ORIGIN_GENERATED (0): made in the Keystore
//       ... }
//
// The [600] and [702] tags are in ASN.1's high-tag-number form, which PureASN1 reads for this. Which list
// purpose and origin are read from is the policy's: both lists by default, as §8.4 allows, or only the
// hardware-enforced one (`AttestationPolicy.androidKeyRequiresHardware`).

import PureASN1
import PureCBOR
import PureX509

/// The Android key description extension (1.3.6.1.4.1.11129.2.1.17).
let androidKeyDescriptionOID = ASN1ObjectIdentifier(arcs: [1, 3, 6, 1, 4, 1, 11129, 2, 1, 17])

/// What §8.4 reads from a key description.
struct AndroidKeyDescription {
    /// An AuthorizationList's fields that §8.4 checks.
    struct Authorizations {
        var purposes: [Int] = []
        var allApplications = false
        var origin: Int?
    }

    let attestationChallenge: [UInt8]
    let softwareEnforced: Authorizations
    let hardwareEnforced: Authorizations

    init(extensionValue: [UInt8]) throws(ASN1Error) {
        var challenge: [UInt8] = []
        var lists: [Authorizations] = []
        try DER.parse(extensionValue).sequence { (fields) throws(ASN1Error) in
            _ = try fields.next("attestationVersion").smallInteger()
            _ = try fields.next("attestationSecurityLevel")
            _ = try fields.next("keyMintVersion")
            _ = try fields.next("keyMintSecurityLevel")
            challenge = Array(try fields.next("attestationChallenge").octetString())
            _ = try fields.next("uniqueId").octetString()
            for name in ["softwareEnforced", "hardwareEnforced"] {
                lists.append(try Self.authorizations(try fields.next(name)))
            }
        }
        attestationChallenge = challenge
        softwareEnforced = lists[0]
        hardwareEnforced = lists[1]
    }

    private static func authorizations(_ node: DERNode) throws(ASN1Error) -> Authorizations {
        var list = Authorizations()
        try node.sequence { (entries) throws(ASN1Error) in
            while !entries.isEmpty {
                let entry = try entries.next("AuthorizationList entry")
                guard entry.tag.tagClass == .contextSpecific, entry.tag.isConstructed else {
                    throw ASN1Error(.invalidValue("an AuthorizationList entry that is not an EXPLICIT context tag"), at: entry.offset)
                }
                switch entry.tag.tagNumber {
                case 1:
                    try entry.constructed(entry.tag) { (inner) throws(ASN1Error) in
                        try inner.next("purpose").constructed(.set) { (set) throws(ASN1Error) in
                            while !set.isEmpty { list.purposes.append(try set.next("purpose").smallInteger()) }
                        }
                    }
                case 600:
                    list.allApplications = true
                case 702:
                    list.origin = try entry.constructed(entry.tag) { (inner) throws(ASN1Error) in try inner.next("origin").smallInteger() }
                default:
                    continue
                }
            }
        }
        return list
    }
}

extension AttestationStatements {
    /// KM_PURPOSE_SIGN and KM_ORIGIN_GENERATED (Android's Keymaster/KeyMint constants).
    static let androidPurposeSign = 2, androidOriginGenerated = 0

    /// §8.4: `alg`, `sig`, `x5c`; the signature by the credential key, which the leaf certificate holds; the
    /// key description's challenge, and its authorizations.
    static func verifyAndroidKey(_ object: AttestationObject, clientDataHash: [UInt8],
                                 requireHardware: Bool) throws(WebAuthnError) -> VerifiedStatement {
        let statement = object.statement
        guard let algorithmValue = statement["alg"]?.integerValue, let signature = statement["sig"]?.byteStringValue,
              let x5c = statement["x5c"], statement.count == 3 else {
            throw invalid("android-key: the statement must hold exactly \"alg\", \"sig\" and \"x5c\"")
        }
        let certificates = try certificateChain(x5c, format: "android-key")
        let leaf = certificates[0]
        let key = try SignatureVerificationKey(subjectPublicKeyInfo: leaf.subjectPublicKeyInfoDER, algorithm: COSEAlgorithm(rawValue: algorithmValue))
        guard key.isValidSignature(signature, for: object.authenticatorData.bytes + clientDataHash) else {
            throw invalid("android-key: the signature does not verify with the attestation certificate's key")
        }
        guard try certificateKeyMatches(leaf, object.attestedCredentialData.credentialPublicKey) else {
            throw invalid("android-key: the attestation certificate's key is not the credential's public key")
        }
        guard let descriptionExtension = leaf.extension(androidKeyDescriptionOID) else {
            throw invalid("android-key: the attestation certificate has no key description extension (1.3.6.1.4.1.11129.2.1.17)")
        }
        let description: AndroidKeyDescription
        do { description = try AndroidKeyDescription(extensionValue: descriptionExtension.value) } catch {
            throw invalid("android-key: the key description extension (1.3.6.1.4.1.11129.2.1.17) is malformed: \(error)")
        }
        guard description.attestationChallenge == clientDataHash else {
            throw invalid("android-key: the key description's attestationChallenge is not the clientDataHash")
        }
        guard !description.softwareEnforced.allApplications, !description.hardwareEnforced.allApplications else {
            throw invalid("android-key: the key is usable by every application (allApplications [600] is present)")
        }
        let lists = requireHardware ? [description.hardwareEnforced] : [description.hardwareEnforced, description.softwareEnforced]
        let scope = requireHardware ? "hardware-enforced" : "software- or hardware-enforced"
        guard lists.contains(where: { $0.origin == androidOriginGenerated }) else {
            throw invalid("android-key: the key was not generated in the Keystore (no \(scope) origin [702] of KM_ORIGIN_GENERATED)")
        }
        guard lists.contains(where: { $0.purposes.contains(androidPurposeSign) }) else {
            throw invalid("android-key: the key's \(scope) purposes [1] do not include KM_PURPOSE_SIGN")
        }
        return VerifiedStatement(type: .basic, certificates: certificates)
    }
}
