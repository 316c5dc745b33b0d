// The one error type of AppStoreServer: which of Apple's checks failed, and on which certificate. Each
// check has a stable identifier (`check.identifier`, e.g. "leaf_not_valid_at_effective_date") for logs
// and alerts; the description says what went wrong and what to do.

/// Why signed App Store data was refused.
public struct AppStoreVerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The check that failed. Cases may be added in minor versions: switch with a `default:`.
    public enum Check: Hashable, Sendable {
        /// Not a compact JWS (three base64url parts, a JSON header and payload), or over the size limit.
        case malformedJWS
        /// The header's `alg` is not ES256.
        case algorithmNotES256(String)
        /// The header has no `x5c` certificate chain.
        case x5cMissing
        /// `x5c` does not hold exactly three certificates.
        case x5cLength(Int)
        /// A certificate of `x5c` could not be read.
        case certificateParse(index: Int)
        /// The leaf was not issued by the intermediate (name or signature).
        case leafNotIssuedByIntermediate
        /// The intermediate was not issued by a configured root (name or signature).
        case intermediateNotIssuedByTrustedRoot
        /// The intermediate is not a CA.
        case intermediateNotCA
        /// The leaf is a CA.
        case leafIsCA
        /// The intermediate lacks Apple's WWDR OID 1.2.840.113635.100.6.2.1.
        case intermediateMissingAppleOID
        /// The leaf lacks Apple's App Store receipt-signing OID 1.2.840.113635.100.6.11.1.
        case leafMissingAppleOID
        /// The leaf is outside its validity at the time checked.
        case leafNotValidAtEffectiveDate
        /// The intermediate is outside its validity at the time checked.
        case intermediateNotValidAtEffectiveDate
        /// The root is outside its validity at the time checked.
        case trustedRootNotValidAtEffectiveDate
        /// The leaf's key is not a P-256 key.
        case leafKeyNotP256
        /// The signature is not 64 bytes (r ‖ s).
        case jwsSignatureNot64Bytes
        /// The JWS signature does not verify with the leaf's key.
        case jwsSignatureInvalid
        /// Validation at the payload's signedDate was asked for, and the payload has none.
        case noEffectiveDate
        /// Another certificate-path failure (the PureX509 message is given).
        case certificatePath(String)
        /// The payload is not the JSON the type expects (the decoder's message is given).
        case payloadDecoding(String)
        /// The payload's bundle ID is not the configured one.
        case bundleIDMismatch(found: String?)
        /// The payload's environment is not the configured one.
        case environmentMismatch(found: String?)
        /// The payload's app Apple ID is not the configured one.
        case appAppleIDMismatch(found: Int64?)
        /// A StoreKit-testing token (Xcode or LocalTesting), refused unless decoding those unverified was
        /// asked for.
        case storeKitTestingToken
        /// The verifier's configuration is unusable (what is wrong).
        case invalidConfiguration(String)
        /// A receipt could not be read (what is wrong: base64, BER/DER, the PKCS#7 or receipt layout).
        case receiptMalformed(String)
        /// The receipt's PKCS#7 signature does not verify with its signer certificate's key over its content.
        case receiptSignatureInvalid
        /// The receipt's signer certificate does not chain to a given root at the time checked (why).
        case receiptChain(String)
        /// The receipt's SHA-1 hash does not match the device identifier given: a receipt of another device.
        case receiptDeviceHashMismatch
        /// An online check (OCSP) says a certificate of the chain is revoked (which).
        case certificateRevoked(String)
        /// An OCSP answer failed a check (its signer, the certificate it is about, the nonce, its times), or
        /// said "unknown" (what).
        case revocationCheckFailed(String)
        /// No usable OCSP answer came: the responder could not be reached, answered 5xx, tryLater or
        /// something unreadable. Retryable: the data was not found revoked (what happened).
        case revocationStatusUnavailable(String)

        /// A stable snake_case identifier, the same as the check names of the project's App Store vectors.
        public var identifier: String {
            switch self {
            case .malformedJWS: return "jws_malformed"
            case .algorithmNotES256: return "alg_not_ES256"
            case .x5cMissing: return "x5c_missing"
            case .x5cLength(let count): return "x5c_length_\(count)"
            case .certificateParse: return "certificate_parse"
            case .leafNotIssuedByIntermediate: return "leaf_not_issued_by_intermediate"
            case .intermediateNotIssuedByTrustedRoot: return "intermediate_not_issued_by_trusted_root"
            case .intermediateNotCA: return "intermediate_not_ca"
            case .leafIsCA: return "leaf_is_ca"
            case .intermediateMissingAppleOID: return "intermediate_missing_oid_1.2.840.113635.100.6.2.1"
            case .leafMissingAppleOID: return "leaf_missing_oid_1.2.840.113635.100.6.11.1"
            case .leafNotValidAtEffectiveDate: return "leaf_not_valid_at_effective_date"
            case .intermediateNotValidAtEffectiveDate: return "intermediate_not_valid_at_effective_date"
            case .trustedRootNotValidAtEffectiveDate: return "trusted_root_not_valid_at_effective_date"
            case .leafKeyNotP256: return "leaf_key_not_p256"
            case .jwsSignatureNot64Bytes: return "jws_signature_not_64_bytes"
            case .jwsSignatureInvalid: return "jws_signature_invalid"
            case .noEffectiveDate: return "no_effective_date"
            case .certificatePath: return "certificate_path"
            case .payloadDecoding: return "payload_decoding"
            case .bundleIDMismatch: return "bundle_id_mismatch"
            case .environmentMismatch: return "environment_mismatch"
            case .appAppleIDMismatch: return "app_apple_id_mismatch"
            case .storeKitTestingToken: return "storekit_testing_token"
            case .invalidConfiguration: return "configuration"
            case .receiptMalformed: return "receipt_malformed"
            case .receiptSignatureInvalid: return "receipt_signature"
            case .receiptChain: return "receipt_chain"
            case .receiptDeviceHashMismatch: return "receipt_device_hash"
            case .certificateRevoked: return "certificate_revoked"
            case .revocationCheckFailed: return "ocsp_check_failed"
            case .revocationStatusUnavailable: return "ocsp_unavailable"
            }
        }
    }

    /// The check that failed.
    public let check: Check
    /// More detail (a certificate's subject, a PureX509 message), if any.
    public let detail: String?

    /// An error for `check`.
    public init(_ check: Check, detail: String? = nil) {
        self.check = check
        self.detail = detail
    }

    public var description: String {
        let more = detail.map { " (\($0))" } ?? ""
        switch check {
        case .malformedJWS:
            return "not a compact JWS as Apple sends it\(more)"
        case .algorithmNotES256(let alg):
            return "the header's alg is \"\(alg)\"; Apple signs App Store data with ES256 only"
        case .x5cMissing:
            return "the header has no x5c certificate chain, so the signer cannot be checked"
        case .x5cLength(let count):
            return "x5c holds \(count) certificate(s); Apple sends exactly 3 (StoreKit-testing tokens from Xcode hold 1 and are not Apple-signed)"
        case .certificateParse(let index):
            return "certificate x5c[\(index)] could not be read\(more)"
        case .leafNotIssuedByIntermediate:
            return "the signing certificate (x5c[0]) was not issued by the intermediate (x5c[1])\(more)"
        case .intermediateNotIssuedByTrustedRoot:
            return "the intermediate (x5c[1]) was not issued by a configured root; configure Apple Root CA - G3 (or your test root)\(more)"
        case .intermediateNotCA:
            return "the intermediate (x5c[1]) is not a certificate authority"
        case .leafIsCA:
            return "the signing certificate (x5c[0]) is a certificate authority, which Apple's signing certificates never are"
        case .intermediateMissingAppleOID:
            return "the intermediate (x5c[1]) lacks Apple's WWDR marker extension 1.2.840.113635.100.6.2.1"
        case .leafMissingAppleOID:
            return "the signing certificate (x5c[0]) lacks Apple's App Store marker extension 1.2.840.113635.100.6.11.1"
        case .leafNotValidAtEffectiveDate:
            return "the signing certificate (x5c[0]) is not valid at the time checked\(more); Apple rotates it about every two years"
        case .intermediateNotValidAtEffectiveDate:
            return "the intermediate (x5c[1]) is not valid at the time checked\(more)"
        case .trustedRootNotValidAtEffectiveDate:
            return "the root is not valid at the time checked\(more)"
        case .leafKeyNotP256:
            return "the signing certificate's key is not P-256, so it cannot have made an ES256 signature"
        case .jwsSignatureNot64Bytes:
            return "the signature is not 64 bytes (JWS ES256 is r ‖ s, RFC 7518 §3.4; a DER signature is not accepted)"
        case .jwsSignatureInvalid:
            return "the signature does not verify with the signing certificate's key: the data was altered or not signed by Apple"
        case .noEffectiveDate:
            return "the payload has no signedDate to check the certificates at; verify at the current time or at a given date instead"
        case .certificatePath(let why):
            return "the certificate chain is not valid: \(why)"
        case .payloadDecoding(let why):
            return "the payload is not what Apple documents: \(why)"
        case .bundleIDMismatch(let found):
            return "the payload's bundleId is \(found.map { "\"\($0)\"" } ?? "missing"), not the configured bundle ID"
        case .environmentMismatch(let found):
            return "the payload's environment is \(found.map { "\"\($0)\"" } ?? "missing"), not the configured environment"
        case .appAppleIDMismatch(let found):
            return "the payload's appAppleId is \(found.map(String.init) ?? "missing"), not the configured app Apple ID"
        case .invalidConfiguration(let why):
            return "the App Store verifier cannot be configured: \(why)"
        case .receiptMalformed(let why):
            return "the receipt could not be read: \(why); give the receipt's bytes or its base64 text, whole"
        case .receiptSignatureInvalid:
            return "the receipt's signature does not verify over its content: it was altered, or signed by someone else"
        case .receiptChain(let why):
            return "the receipt's signer does not chain to the given root: \(why); App Store receipts chain to Apple Inc. Root "
                + "(AppleIncRootCertificate.cer), Xcode's to the StoreKit certificate of the project"
        case .certificateRevoked(let which):
            return "\(which) is revoked (OCSP): data it signed must not be trusted"
        case .revocationCheckFailed(let why):
            return "the revocation check failed: \(why)"
        case .revocationStatusUnavailable(let why):
            return "the revocation status could not be learnt (\(why)); try again later"
        case .receiptDeviceHashMismatch:
            return "the receipt's hash does not match the device identifier given: it belongs to another device "
                + "(identifierForVendor's 16 bytes on iOS, the MAC address's 6 on macOS)"
        case .storeKitTestingToken:
            return "a StoreKit-testing token (Xcode or LocalTesting environment) is not signed by Apple; refused unless decoding them unverified is explicitly enabled"
        }
    }
}
