// The passkey and App Attest settings, from environment variables; each malformed one stops the server at
// startup naming it (exit 2), as the other settings do.
//
//   WEBAUTHN_RP_ID         the relying party ID (default: PUBLIC_URL's host)
//   WEBAUTHN_RP_NAME       the name browsers show (default: the RP ID)
//   WEBAUTHN_ORIGINS       comma-separated web and android:apk-key-hash: origins (default: PUBLIC_URL's origin)
//   WEBAUTHN_ATTESTATION   none (default) | direct — then WEBAUTHN_TRUST_ROOTS (a PEM file) is required and
//                          none and self attestation are refused
//   APPATTEST_APP_ID       TEAMID.bundle.id: turns the App Attest routes on
//   APPATTEST_ENVIRONMENT  production (default) | development
//   APPATTEST_ROOT_PEM     a PEM file replacing Apple's App Attestation root (tests)

import AppAttest
import Foundation
import PureWebAuthn
import PureX509

/// How passkeys are registered and checked.
public struct WebAuthnSettings: Sendable {
    /// The relying party: its ID, name and origins.
    public var relyingParty: WebAuthnRelyingParty
    /// Whether registrations ask for attestation (direct) and must chain to `trustRoots`.
    public var requiresAttestation: Bool
    /// The roots attestations must chain to when `requiresAttestation`.
    public var trustRoots: [Certificate]

    /// Settings given directly (tests, or a server that reads them from elsewhere).
    public init(relyingParty: WebAuthnRelyingParty, requiresAttestation: Bool = false, trustRoots: [Certificate] = []) {
        self.relyingParty = relyingParty
        self.requiresAttestation = requiresAttestation
        self.trustRoots = trustRoots
    }

    /// The attestation policy registrations are checked with.
    var attestationPolicy: AttestationPolicy {
        AttestationPolicy(trustAnchors: trustRoots, requiresTrustedAttestation: requiresAttestation)
    }
}

/// How App Attest objects are checked.
public struct AppAttestSettings: Sendable {
    /// The verifier for the app (its App ID, environment and root).
    public var verifier: AppAttestVerifier

    /// Settings for `verifier`.
    public init(verifier: AppAttestVerifier) {
        self.verifier = verifier
    }
}

extension WebAuthnSettings {
    /// The settings from `environment`, with defaults from `publicURL`.
    static func fromEnvironment(_ environment: [String: String], publicURL: String) throws -> WebAuthnSettings {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let url = URL(string: publicURL), let host = url.host, let scheme = url.scheme else {
            throw ConfigurationError("PUBLIC_URL \"\(publicURL)\" has no host to make the passkey relying party ID of; set WEBAUTHN_RP_ID")
        }
        let rpID = value("WEBAUTHN_RP_ID") ?? host
        guard !rpID.isEmpty, rpID.utf8.count <= 253, !rpID.contains(where: { $0 == "/" || $0 == ":" || $0.isWhitespace }) else {
            throw ConfigurationError("WEBAUTHN_RP_ID is \"\(rpID)\": give a domain (example.com), not a URL")
        }
        let defaultOrigin = scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
        let origins = (value("WEBAUTHN_ORIGINS") ?? defaultOrigin).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for origin in origins {
            let web = (origin.hasPrefix("https://") || origin.hasPrefix("http://")) && URL(string: origin)?.host != nil
                && URL(string: origin)?.path.isEmpty == true
            guard web || (origin.hasPrefix("android:apk-key-hash:") && origin.count > 21) else {
                throw ConfigurationError("WEBAUTHN_ORIGINS has \"\(origin)\": give web origins (https://example.com, no path) or android:apk-key-hash: origins, comma-separated")
            }
        }
        guard !origins.isEmpty else { throw ConfigurationError("WEBAUTHN_ORIGINS is empty: give at least one origin") }
        let relyingParty = WebAuthnRelyingParty(id: rpID, name: value("WEBAUTHN_RP_NAME") ?? rpID, origins: origins)
        switch value("WEBAUTHN_ATTESTATION") ?? "none" {
        case "none":
            return WebAuthnSettings(relyingParty: relyingParty, requiresAttestation: false, trustRoots: [])
        case "direct":
            guard let file = value("WEBAUTHN_TRUST_ROOTS") else {
                throw ConfigurationError("WEBAUTHN_ATTESTATION is direct but WEBAUTHN_TRUST_ROOTS is not set: give a PEM file of the attestation roots to trust")
            }
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ConfigurationError("WEBAUTHN_TRUST_ROOTS: cannot read \(file)")
            }
            let blocks = text.components(separatedBy: "-----END CERTIFICATE-----").dropLast().map { $0 + "-----END CERTIFICATE-----" }
            var roots: [Certificate] = []
            for block in blocks {
                guard let root = try? Certificate(pemRepresentation: block) else {
                    throw ConfigurationError("WEBAUTHN_TRUST_ROOTS: \(file) holds a certificate that does not parse")
                }
                roots.append(root)
            }
            guard !roots.isEmpty else { throw ConfigurationError("WEBAUTHN_TRUST_ROOTS: \(file) holds no PEM certificate") }
            return WebAuthnSettings(relyingParty: relyingParty, requiresAttestation: true, trustRoots: roots)
        case let other:
            throw ConfigurationError("WEBAUTHN_ATTESTATION is \"\(other)\": give none (the default) or direct")
        }
    }
}

extension AppAttestSettings {
    /// The settings from `environment`, or nil when APPATTEST_APP_ID is not set.
    static func fromEnvironment(_ environment: [String: String]) throws -> AppAttestSettings? {
        func value(_ name: String) -> String? {
            environment[name].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let appID = value("APPATTEST_APP_ID") else { return nil }
        let appEnvironment: AppAttestEnvironment
        switch value("APPATTEST_ENVIRONMENT") ?? "production" {
        case "production": appEnvironment = .production
        case "development": appEnvironment = .development
        case let other: throw ConfigurationError("APPATTEST_ENVIRONMENT is \"\(other)\": give production (the default) or development")
        }
        var rootPEM = AppAttestVerifier.appleAppAttestationRootCA
        if let file = value("APPATTEST_ROOT_PEM") {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw ConfigurationError("APPATTEST_ROOT_PEM: cannot read \(file)") }
            rootPEM = text
        }
        do {
            return AppAttestSettings(verifier: try AppAttestVerifier(appID: appID, environment: appEnvironment, rootPEM: rootPEM))
        } catch {
            throw ConfigurationError("APPATTEST_APP_ID or APPATTEST_ROOT_PEM: \(error)")
        }
    }
}
