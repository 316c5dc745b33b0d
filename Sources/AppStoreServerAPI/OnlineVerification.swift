// Verification with online revocation checks: SignedDataVerifier's checks first (offline, as always),
// then OCSP for the chain of every JWS involved — a notification's own and those of the transaction,
// renewal info or app transaction inside it — through an AppStoreOCSPChecker, whose cache makes the second
// and later checks of Apple's current certificates free. Apple signs all of them with the same chain, so
// one or two OCSP exchanges cover a notification.

import AppStoreServer
import PureJWT
import PureX509

extension SignedDataVerifier {
    /// Verifies the body Apple posts, then checks every certificate chain in it online.
    public func verifyNotification<Body: Collection & Sendable>(body: Body, onlineChecks: AppStoreOCSPChecker) async throws(AppStoreVerificationError)
        -> VerifiedNotification where Body.Element == UInt8 {
        let verified = try verifyNotification(body: body)
        try await checkOnline(notification: verified, signedPayload: nil, body: Array(body), onlineChecks)
        return verified
    }

    /// Verifies a notification's signedPayload, then checks every certificate chain in it online.
    public func verifyNotification(signedPayload: String, onlineChecks: AppStoreOCSPChecker) async throws(AppStoreVerificationError) -> VerifiedNotification {
        let verified = try verifyNotification(signedPayload: signedPayload)
        try await checkOnline(notification: verified, signedPayload: signedPayload, body: nil, onlineChecks)
        return verified
    }

    /// Verifies a signed transaction, then checks its chain online.
    public func verifyTransaction(_ signedTransaction: String, onlineChecks: AppStoreOCSPChecker) async throws(AppStoreVerificationError) -> TransactionPayload {
        let payload = try verifyTransaction(signedTransaction)
        try await onlineChecks.check(chain: onlineCheckChain(signedTransaction))
        return payload
    }

    /// Verifies signed renewal info, then checks its chain online.
    public func verifyRenewalInfo(_ signedRenewalInfo: String, onlineChecks: AppStoreOCSPChecker) async throws(AppStoreVerificationError) -> RenewalInfoPayload {
        let payload = try verifyRenewalInfo(signedRenewalInfo)
        try await onlineChecks.check(chain: onlineCheckChain(signedRenewalInfo))
        return payload
    }

    /// Verifies a signed app transaction, then checks its chain online.
    public func verifyAppTransaction(_ signedAppTransaction: String, onlineChecks: AppStoreOCSPChecker) async throws(AppStoreVerificationError) -> AppTransactionPayload {
        let payload = try verifyAppTransaction(signedAppTransaction)
        try await onlineChecks.check(chain: onlineCheckChain(signedAppTransaction))
        return payload
    }

    /// Every distinct chain of the notification and the signed data inside it, checked online.
    private func checkOnline(notification: VerifiedNotification, signedPayload: String?, body: [UInt8]?,
                             _ checker: AppStoreOCSPChecker) async throws(AppStoreVerificationError) {
        var tokens: [String] = []
        if let signedPayload {
            tokens.append(signedPayload)
        } else if let body, let decoded = try? StrictJSONDecoder(maximumSize: body.count + 1).decode(NotificationBody.self, from: body) {
            tokens.append(decoded.signedPayload)
        }
        tokens += [notification.payload.data?.signedTransactionInfo, notification.payload.data?.signedRenewalInfo,
                   notification.payload.appData?.signedAppTransactionInfo].compactMap { $0 }
        var seen: Set<[UInt8]> = []
        for token in tokens {
            let chain = try onlineCheckChain(token)
            guard seen.insert(chain.flatMap(\.derRepresentation)).inserted else { continue }
            try await checker.check(chain: chain)
        }
    }
}
