// Verification of App Store signed data by Apple's rules (as Apple's app-store-server-library does it,
// offline): ES256; exactly three certificates in x5c, of which only the first two are used, the chain
// built to the configured roots — never to the token's own third certificate; every certificate valid
// at the payload's signedDate (by default) or at the current time; Apple's marker extensions on the
// intermediate (1.2.840.113635.100.6.2.1) and the leaf (1.2.840.113635.100.6.11.1); the leaf not a CA and
// its key P-256; the signature over header.payload; then the payload's bundle ID, environment and (in
// Production) app Apple ID against the configuration, each mismatch its own error.
//
// OCSP (Apple's library can ask Apple whether the leaf was revoked) is not done: it needs a network
// request per new leaf, and the chain's validity at signedDate is what Apple's library checks offline.

import PureASN1
import PureBase64
import PureJWT
import PureP256
import PureSHA2
import PureX509

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Verifies notifications, transactions and renewal info signed by the App Store.
///
/// ```swift
/// let verifier = try SignedDataVerifier(rootCertificates: [appleRootCAG3DER], bundleID: "com.example.app",
///                                       appAppleID: 1234567890, environment: .production)
/// let notification = try verifier.verifyNotification(body: requestBody)
/// if let transaction = notification.transaction { … }
/// ```
public struct SignedDataVerifier: Sendable {
    /// When the certificates must be valid.
    public enum ValidationTime: Sendable, Hashable {
        /// At the payload's signedDate (Apple's default offline): data signed while the certificates were
        /// valid stays verifiable. A notification without one uses its transaction's.
        case signedDate
        /// At the current time: data signed by an expired leaf is refused.
        case now
        /// At a given time.
        case at(Date)
    }

    /// A notification with its nested transaction and renewal info, each verified.
    public struct VerifiedNotification: Sendable, Hashable {
        /// The notification.
        public let payload: NotificationPayload
        /// `data.signedTransactionInfo`, verified and decoded, if present.
        public let transaction: TransactionPayload?
        /// `data.signedRenewalInfo`, verified and decoded, if present.
        public let renewalInfo: RenewalInfoPayload?
        /// `appData.signedAppTransactionInfo` (RESCIND_CONSENT), verified and decoded, if present.
        public var appTransaction: AppTransactionPayload? = nil
    }

    /// The trusted roots (Apple Root CA - G3 in production).
    public let rootCertificates: [Certificate]
    /// The app's bundle ID.
    public let bundleID: String
    /// The app's Apple ID; required for Production.
    public let appAppleID: Int64?
    /// The environment the data must come from.
    public let environment: AppStoreEnvironment
    /// When the certificates must be valid.
    public let validationTime: ValidationTime
    /// Whether StoreKit-testing tokens (Xcode, LocalTesting environments) are decoded although nothing
    /// about them can be verified. Only for local development.
    public let decodesStoreKitTestingTokensWithoutVerification_INSECURE: Bool

    /// Whether the payload's environment must equal `environment` (Apple's rule, always on for the public
    /// API). The `appleauth` tool turns it off when no `--environment` is given: it checks only what it is
    /// given, and transactions from before 2022 carry no environment at all.
    package var checksEnvironment = true

    private let cache: ChainCache<String, P256.Signing.PublicKey>
    private let validator: X509ChainValidator
    private let now: @Sendable () -> Date

    /// A verifier for `bundleID` in `environment`, trusting `rootCertificates` (DER; Apple Root CA - G3,
    /// https://www.apple.com/certificateauthority/AppleRootCA-G3.cer). `appAppleID` is required for
    /// Production. `chainCacheCapacity` bounds the verified chains kept (0: none). `now` is the clock.
    public init(rootCertificates: [[UInt8]], bundleID: String, appAppleID: Int64? = nil, environment: AppStoreEnvironment,
                validationTime: ValidationTime = .signedDate, chainCacheCapacity: Int = 16,
                decodesStoreKitTestingTokensWithoutVerification_INSECURE: Bool = false,
                now: @escaping @Sendable () -> Date = { Date() }) throws(AppStoreVerificationError) {
        guard !rootCertificates.isEmpty else { throw AppStoreVerificationError(.invalidConfiguration("no root certificate; configure Apple Root CA - G3")) }
        var roots: [Certificate] = []
        for (index, der) in rootCertificates.enumerated() {
            do { roots.append(try Certificate(derRepresentation: der)) } catch {
                throw AppStoreVerificationError(.invalidConfiguration("root certificate \(index) could not be read: \(error)"))
            }
        }
        guard !bundleID.isEmpty else { throw AppStoreVerificationError(.invalidConfiguration("the bundle ID is empty")) }
        if environment == .production && appAppleID == nil {
            throw AppStoreVerificationError(.invalidConfiguration("Production requires the app's Apple ID (App Store Connect, App Information)"))
        }
        guard chainCacheCapacity >= 0 else { throw AppStoreVerificationError(.invalidConfiguration("the chain cache capacity is negative")) }
        self.rootCertificates = roots
        self.bundleID = bundleID
        self.appAppleID = appAppleID
        self.environment = environment
        self.validationTime = validationTime
        self.decodesStoreKitTestingTokensWithoutVerification_INSECURE = decodesStoreKitTestingTokensWithoutVerification_INSECURE
        self.cache = ChainCache(capacity: chainCacheCapacity)
        validator = X509ChainValidator(trustAnchors: self.rootCertificates)
        self.now = now
    }

    // MARK: Entry points

    /// Verifies the body Apple posts, `{"signedPayload": "<JWS>"}`, and the transaction and renewal
    /// info inside.
    public func verifyNotification<Body: Collection>(body: Body) throws(AppStoreVerificationError) -> VerifiedNotification
    where Body.Element == UInt8 {
        let decoded: NotificationBody
        do { decoded = try StrictJSONDecoder(maximumSize: AppStoreJWS.maximumSize + 1024).decode(NotificationBody.self, from: body) } catch {
            throw AppStoreVerificationError(.malformedJWS, detail: "the body is not {\"signedPayload\": \"…\"}: \(error)")
        }
        return try verifyNotification(signedPayload: decoded.signedPayload)
    }

    /// Verifies a notification's signedPayload and the transaction and renewal info inside.
    public func verifyNotification(signedPayload: String) throws(AppStoreVerificationError) -> VerifiedNotification {
        let payload = try verified(signedPayload, as: NotificationPayload.self)
        // Apple's rules: the app identity from data, summary or external purchase token, whichever is there.
        var bundle: String?, appID: Int64?, environmentFound: AppStoreEnvironment?
        if let data = payload.data {
            (bundle, appID, environmentFound) = (data.bundleId, data.appAppleId, data.environment)
        } else if let summary = payload.summary {
            (bundle, appID, environmentFound) = (summary.bundleId, summary.appAppleId, summary.environment)
        } else if let token = payload.externalPurchaseToken {
            (bundle, appID) = (token.bundleId, token.appAppleId)
            environmentFound = token.externalPurchaseId?.hasPrefix("SANDBOX") == true ? .sandbox : .production
        } else if let appData = payload.appData {
            (bundle, appID, environmentFound) = (appData.bundleId, appData.appAppleId, appData.environment)
        }
        try checkApp(bundleID: bundle, appAppleID: appID, environment: environmentFound, checksAppAppleID: true)
        let transaction = try payload.data?.signedTransactionInfo.map { (jws) throws(AppStoreVerificationError) in try verifyTransaction(jws) }
        let renewal = try payload.data?.signedRenewalInfo.map { (jws) throws(AppStoreVerificationError) in try verifyRenewalInfo(jws) }
        var verified = VerifiedNotification(payload: payload, transaction: transaction, renewalInfo: renewal)
        verified.appTransaction = try payload.appData?.signedAppTransactionInfo.map { (jws) throws(AppStoreVerificationError) in
            try verifyAppTransaction(jws)
        }
        return verified
    }

    /// Verifies a signed app transaction (StoreKit's AppTransaction, Get App Transaction Info, a
    /// RESCIND_CONSENT notification's appData), with the certificates checked at its receiptCreationDate
    /// (it has no signedDate); the bundle ID, the app Apple ID (Production) and the environment
    /// (`receiptType`) as Apple's library checks them.
    public func verifyAppTransaction(_ signedAppTransaction: String) throws(AppStoreVerificationError) -> AppTransactionPayload {
        let payload = try verified(signedAppTransaction, as: AppTransactionPayload.self)
        try checkApp(bundleID: payload.bundleId, appAppleID: payload.appAppleId, environment: payload.receiptType, checksAppAppleID: true)
        return payload
    }

    /// Verifies the body of a Retention Messaging realtime request Apple posts, `{"signedPayload": "<JWS>"}`.
    public func verifyRealtimeRequest<Body: Collection>(body: Body) throws(AppStoreVerificationError) -> RealtimeRequestPayload
    where Body.Element == UInt8 {
        let decoded: NotificationBody
        do { decoded = try StrictJSONDecoder(maximumSize: AppStoreJWS.maximumSize + 1024).decode(NotificationBody.self, from: body) } catch {
            throw AppStoreVerificationError(.malformedJWS, detail: "the body is not {\"signedPayload\": \"…\"}: \(error)")
        }
        return try verifyRealtimeRequest(signedPayload: decoded.signedPayload)
    }

    /// Verifies a realtime request's signedPayload: the app Apple ID (Production) and the environment, as
    /// Apple's library checks them (the request names no bundle ID).
    public func verifyRealtimeRequest(signedPayload: String) throws(AppStoreVerificationError) -> RealtimeRequestPayload {
        let payload = try verified(signedPayload, as: RealtimeRequestPayload.self)
        try checkApp(bundleID: nil, appAppleID: payload.appAppleId, environment: payload.environment, checksAppAppleID: true, checksBundleID: false)
        return payload
    }

    /// Verifies a signed transaction (StoreKit 2, the App Store Server API, a notification's
    /// signedTransactionInfo).
    public func verifyTransaction(_ signedTransaction: String) throws(AppStoreVerificationError) -> TransactionPayload {
        let payload = try verified(signedTransaction, as: TransactionPayload.self)
        try checkApp(bundleID: payload.bundleId, appAppleID: nil, environment: payload.environment, checksAppAppleID: false)
        return payload
    }

    /// Verifies signed subscription renewal info.
    public func verifyRenewalInfo(_ signedRenewalInfo: String) throws(AppStoreVerificationError) -> RenewalInfoPayload {
        let payload = try verified(signedRenewalInfo, as: RenewalInfoPayload.self)
        guard !checksEnvironment || payload.environment == environment else {
            throw AppStoreVerificationError(.environmentMismatch(found: payload.environment?.rawValue))
        }
        return payload
    }

    /// How many verified chains are cached.
    public var cachedChainCount: Int { cache.count }

    // MARK: Checks

    /// Apple's app checks; `found` nil with `checksBundleID` false: a payload that names no bundle ID.
    private func checkApp(bundleID found: String?, appAppleID foundID: Int64?, environment foundEnvironment: AppStoreEnvironment?,
                          checksAppAppleID: Bool, checksBundleID: Bool = true) throws(AppStoreVerificationError) {
        guard !checksBundleID || found == bundleID else { throw AppStoreVerificationError(.bundleIDMismatch(found: found)) }
        if checksAppAppleID && environment == .production && foundID != appAppleID {
            throw AppStoreVerificationError(.appAppleIDMismatch(found: foundID))
        }
        guard !checksEnvironment || foundEnvironment == environment else {
            throw AppStoreVerificationError(.environmentMismatch(found: foundEnvironment?.rawValue))
        }
    }

    /// The payload of `token` as `T`, after the header, chain and signature checks.
    private func verified<T: Decodable>(_ token: String, as type: T.Type) throws(AppStoreVerificationError) -> T {
        let jws = try AppStoreJWS(token)
        if environment == .xcode || environment == .localTesting {
            guard decodesStoreKitTestingTokensWithoutVerification_INSECURE else { throw AppStoreVerificationError(.storeKitTestingToken) }
            return try decode(jws.payload, as: T.self)
        }
        guard let alg = jws.header.alg, alg == "ES256" else { throw AppStoreVerificationError(.algorithmNotES256(jws.header.alg ?? "(none)")) }
        guard let x5c = jws.header.x5c else { throw AppStoreVerificationError(.x5cMissing) }
        guard x5c.count == 3 else { throw AppStoreVerificationError(.x5cLength(x5c.count)) }

        let time: Date
        switch validationTime {
        case .signedDate:
            guard let signed = jws.signedDate() else { throw AppStoreVerificationError(.noEffectiveDate) }
            time = signed
        case .now: time = now()
        case .at(let date): time = date
        }
        guard let seconds = X509ChainValidator.seconds(sinceEpoch: time.timeIntervalSince1970) else {
            throw AppStoreVerificationError(.invalidConfiguration("the verification time is not a finite date within ±31,000 years of 1970"))
        }
        let leafKey = try chainLeafKey(x5c[0], x5c[1], at: seconds)

        guard jws.signature.count == 64 else { throw AppStoreVerificationError(.jwsSignatureNot64Bytes) }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: jws.signature),
              leafKey.isValidSignature(signature, for: jws.signingInput) else {
            throw AppStoreVerificationError(.jwsSignatureInvalid)
        }
        return try decode(jws.payload, as: T.self)
    }

    private func decode<T: Decodable>(_ payload: [UInt8], as type: T.Type) throws(AppStoreVerificationError) -> T {
        do { return try StrictJSONDecoder(maximumSize: AppStoreJWS.maximumSize).decode(T.self, from: payload) } catch {
            throw AppStoreVerificationError(.payloadDecoding(error.description))
        }
    }

    /// The leaf's key once leaf → intermediate → a configured root is valid at `time` by Apple's rules;
    /// from the cache when this chain was verified before.
    private func chainLeafKey(_ leafBase64: String, _ intermediateBase64: String, at time: Int64) throws(AppStoreVerificationError) -> P256.Signing.PublicKey {
        let cacheKey = leafBase64 + "." + intermediateBase64
        let wallClock = X509ChainValidator.seconds(sinceEpoch: now().timeIntervalSince1970) ?? time   // a broken clock: the verification time
        if let key = cache.leafKey(for: cacheKey, at: time, now: wallClock) { return key }

        var certificates: [Certificate] = []
        for (index, text) in [leafBase64, intermediateBase64].enumerated() {
            do { certificates.append(try Certificate(derRepresentation: try Base64.decode(text))) } catch {
                throw AppStoreVerificationError(.certificateParse(index: index), detail: "\(error)")
            }
        }
        let (leaf, intermediate) = (certificates[0], certificates[1])
        let chain: ValidatedCertificateChain
        do {
            chain = try validator.validate(certificates, at: time)
        } catch {
            throw Self.check(for: error)
        }
        guard intermediate.extension(Self.intermediateMarker) != nil else { throw AppStoreVerificationError(.intermediateMissingAppleOID) }
        guard leaf.extension(Self.leafMarker) != nil else { throw AppStoreVerificationError(.leafMissingAppleOID) }
        guard leaf.basicConstraints?.isCertificateAuthority != true else { throw AppStoreVerificationError(.leafIsCA) }
        let key: P256.Signing.PublicKey
        do { key = try P256.Signing.PublicKey(derRepresentation: leaf.subjectPublicKeyInfo.derRepresentation) } catch {
            throw AppStoreVerificationError(.leafKeyNotP256, detail: "\(error)")
        }
        let anchor = chain.trustAnchor
        cache.insert(ChainCache.Entry(leafKey: key, validFrom: max(leaf.notBefore, intermediate.notBefore, anchor.notBefore),
                                      validUntil: min(leaf.notAfter, intermediate.notAfter, anchor.notAfter), insertedAt: wallClock),
                     for: cacheKey, now: wallClock)
        return key
    }

    /// Apple's names for path failures: by the certificate that failed and why.
    private static func check(for error: X509Error) -> AppStoreVerificationError {
        let detail = error.description
        switch (error.reason, error.certificateIndex) {
        case (.notValidAtTime, 0?): return AppStoreVerificationError(.leafNotValidAtEffectiveDate, detail: detail)
        case (.notValidAtTime, 1?): return AppStoreVerificationError(.intermediateNotValidAtEffectiveDate, detail: detail)
        case (.notValidAtTime, 2?): return AppStoreVerificationError(.trustedRootNotValidAtEffectiveDate, detail: detail)
        case (.issuerMismatch, 0?), (.signatureInvalid, 0?): return AppStoreVerificationError(.leafNotIssuedByIntermediate, detail: detail)
        case (.noTrustedIssuer, 1?), (.signatureInvalid, 1?): return AppStoreVerificationError(.intermediateNotIssuedByTrustedRoot, detail: detail)
        case (.notACertificateAuthority, 1?), (.keyUsageForbidsCertificateSigning, 1?), (.pathLengthExceeded, 1?):
            return AppStoreVerificationError(.intermediateNotCA, detail: detail)
        default: return AppStoreVerificationError(.certificatePath(detail))
        }
    }

    static let intermediateMarker = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113635, 100, 6, 2, 1])
    static let leafMarker = ASN1ObjectIdentifier(arcs: [1, 2, 840, 113635, 100, 6, 11, 1])
}

extension SignedDataVerifier {
    /// The chain the online checks ask about for a JWS this verifier accepted: its leaf and intermediate
    /// (x5c[0], x5c[1]) and the configured root that issued the intermediate (never x5c[2]).
    package func onlineCheckChain(_ jws: String) throws(AppStoreVerificationError) -> [Certificate] {
        let parsed = try AppStoreJWS(jws)
        guard let x5c = parsed.header.x5c, x5c.count == 3 else { throw AppStoreVerificationError(.x5cMissing) }
        var certificates: [Certificate] = []
        for (index, text) in x5c.prefix(2).enumerated() {
            do { certificates.append(try Certificate(derRepresentation: try Base64.decode(text))) } catch {
                throw AppStoreVerificationError(.certificateParse(index: index), detail: "\(error)")
            }
        }
        guard let root = rootCertificates.first(where: { $0.subject == certificates[1].issuer }) else {
            throw AppStoreVerificationError(.intermediateNotIssuedByTrustedRoot)
        }
        return certificates + [root]
    }
}
