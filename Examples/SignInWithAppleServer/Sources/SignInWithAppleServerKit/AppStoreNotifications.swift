// App Store Server Notifications V2 at POST /appstore/notifications, when APPSTORE_ROOT_CERTIFICATE_FILE
// is set: verified by AppStoreServer (the chain to the configured root, Apple's rules, the bundle ID, the
// environment and, in Production, the app's Apple ID), each notification recorded once by its
// notificationUUID with the subscription facts a server acts on. Apple sends Production and Sandbox
// notifications to the URLs set in App Store Connect; this route accepts both when the app's Apple ID is
// configured (Production needs it), Sandbox only otherwise. With APPSTORE_ONLINE_CHECKS=1 the signing
// certificates are also checked with OCSP (AppStoreServerAPI's AppStoreOCSPChecker, answers cached until
// their nextUpdate): revoked is refused; no usable answer is 503, so that Apple sends the notification again.

import AppleHTTP
import AppStoreServer
import AppStoreServerAPI
import Foundation

/// The App Store settings: the root certificate(s), the bundle ID and the app's Apple ID.
public struct AppStoreSettings: Sendable {
    /// APPSTORE_ROOT_CERTIFICATE_FILE's certificate (DER; Apple Root CA - G3).
    public var rootCertificates: [[UInt8]]
    /// APPSTORE_BUNDLE_ID (default: the first of APPLE_CLIENT_IDS).
    public var bundleID: String
    /// APPSTORE_APP_APPLE_ID: needed to accept Production notifications.
    public var appAppleID: Int64?
    /// APPSTORE_ONLINE_CHECKS=1: OCSP checks of the signing certificates.
    public var onlineChecks: Bool
    /// APPSTORE_OCSP_BASE_URL: sends the OCSP requests to this server instead of Apple's (tests, a proxy).
    public var ocspBaseURL: String?

    /// Settings given directly.
    public init(rootCertificates: [[UInt8]], bundleID: String, appAppleID: Int64?, onlineChecks: Bool = false, ocspBaseURL: String? = nil) {
        self.rootCertificates = rootCertificates
        self.bundleID = bundleID
        self.appAppleID = appAppleID
        self.onlineChecks = onlineChecks
        self.ocspBaseURL = ocspBaseURL
    }
}

/// The verifiers for the environments the server accepts.
struct AppStoreNotifications: Sendable {
    let verifiers: [SignedDataVerifier]
    let onlineChecks: AppStoreOCSPChecker?

    init(_ settings: AppStoreSettings, transport: any AppleHTTPTransport) throws {
        onlineChecks = settings.onlineChecks ? try AppStoreOCSPChecker(transport: transport, responderBaseURL: settings.ocspBaseURL) : nil
        var verifiers: [SignedDataVerifier] = []
        if let appAppleID = settings.appAppleID {
            verifiers.append(try SignedDataVerifier(rootCertificates: settings.rootCertificates, bundleID: settings.bundleID,
                                                    appAppleID: appAppleID, environment: .production))
        }
        verifiers.append(try SignedDataVerifier(rootCertificates: settings.rootCertificates, bundleID: settings.bundleID,
                                                environment: .sandbox))
        self.verifiers = verifiers
    }

    /// The verified notification, by the verifier of its environment (and online, when configured).
    func verify(body: [UInt8]) async throws(AppStoreVerificationError) -> SignedDataVerifier.VerifiedNotification {
        var lastError = AppStoreVerificationError(.malformedJWS)
        for verifier in verifiers {
            do {
                if let onlineChecks { return try await verifier.verifyNotification(body: body, onlineChecks: onlineChecks) }
                return try verifier.verifyNotification(body: body)
            } catch {
                // Another environment's notification: try the next verifier; anything else is final.
                guard case .environmentMismatch = error.check else { throw error }
                lastError = error
            }
        }
        throw lastError
    }
}
