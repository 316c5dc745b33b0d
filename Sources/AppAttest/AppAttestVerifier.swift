// App Attest on the server (Apple, "Validating apps that connect to your server"): an attestation is
// checked by the nine steps Apple lists, an assertion by its signature, App ID and counter. Unlike a
// WebAuthn assertion, whose signature covers authData ‖ clientDataHash, an App Attest assertion's covers
// their SHA-256, the nonce (webauthn4j's and node-app-attest's verifiers agree, and the vectors check it). The
// authenticator data is WebAuthn's (PureWebAuthn reads it), with the trailing CBOR map newer iOS releases
// write after the credential key without setting flag ED.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PureCBOR
import PureP256
import PureSHA2
import PureWebAuthn
import PureX509

/// Which App Attest environment a key was attested in (the AAGUID says).
public enum AppAttestEnvironment: String, Sendable, Hashable {
    /// AAGUID "appattest" followed by seven zero bytes.
    case production
    /// AAGUID "appattestdevelop".
    case development

    var aaguid: [UInt8] {
        switch self {
        case .production: return Array("appattest".utf8) + [UInt8](repeating: 0, count: 7)
        case .development: return Array("appattestdevelop".utf8)
        }
    }
}

/// A verified attestation: what to store for the key.
public struct VerifiedAppAttestation: Sendable {
    /// The key ID (SHA-256 of the public key), as DCAppAttestService gives it.
    public let keyID: [UInt8]
    /// The attested P-256 public key: store it to verify the key's assertions.
    public let publicKey: P256.Signing.PublicKey
    /// The counter (0).
    public let counter: UInt32
    /// The environment the key was attested in.
    public let environment: AppAttestEnvironment
    /// The App Attest receipt (PKCS#7), for risk metrics from Apple's receipt service.
    public let receipt: [UInt8]
}

/// Verifies App Attest attestations and assertions for one app.
///
/// ```swift
/// let verifier = try AppAttestVerifier(appID: "TEAMID1234.com.example.app")
/// let attested = try verifier.verifyAttestation(object, keyID: keyID, clientDataHash: SHA256(challenge))
/// let counter = try verifier.verifyAssertion(assertion, clientData: body, publicKey: stored.publicKey,
///                                            previousCounter: stored.counter)
/// ```
public struct AppAttestVerifier: Sendable {
    /// The App ID: the team ID, a dot, the bundle ID.
    public let appID: String
    /// The environment attestations must come from.
    public let environment: AppAttestEnvironment
    /// The root the chains must lead to.
    public let root: Certificate
    let appIDHash: [UInt8]
    /// Validates chains to `root`, whose key it reads once, here, not per attestation.
    let chainValidator: X509ChainValidator

    /// A verifier for one app.
    ///
    /// - Parameters:
    ///   - appID: "TEAMID.bundle.id": a ten-character team ID, a dot, a bundle ID.
    ///   - environment: `.production` (the default) or `.development`.
    ///   - rootPEM: the root to chain to; Apple App Attestation Root CA unless a test replaces it.
    public init(appID: String, environment: AppAttestEnvironment = .production,
                rootPEM: String = AppAttestVerifier.appleAppAttestationRootCA) throws(AppAttestError) {
        let parts = appID.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 10, parts[0].utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) }),
              !parts[1].isEmpty else {
            throw AppAttestError(.invalidConfiguration("the App ID \"\(appID)\" is not TEAMID.bundle.id (a ten-character team ID of digits and capital letters, a dot, the bundle ID)"))
        }
        do { root = try Certificate(pemRepresentation: rootPEM) } catch {
            throw AppAttestError(.invalidConfiguration("the root certificate does not parse: \(error)"))
        }
        self.appID = appID
        self.environment = environment
        self.appIDHash = Array(SHA256.hash(data: Array(appID.utf8)))
        chainValidator = X509ChainValidator(trustAnchors: [root])
    }

    /// Verifies an attestation object by Apple's nine steps.
    ///
    /// - Parameters:
    ///   - attestationObject: what `attestKey(_:clientDataHash:)` returned.
    ///   - keyID: the key ID `generateKey()` returned (32 bytes, decoded from its base64).
    ///   - clientDataHash: the hash the app passed: SHA-256 of the challenge the server issued, if the app
    ///     followed Apple's step 2 (Apple's documentation sample passed the challenge's bytes themselves).
    ///   - time: when the certificates must be valid.
    public func verifyAttestation(_ attestationObject: [UInt8], keyID: [UInt8], clientDataHash: [UInt8],
                                  at time: Date = Date()) throws(AppAttestError) -> VerifiedAppAttestation {
        let object: CBORMap
        do {
            guard let map = try CBORDecoder().decode(attestationObject).mapValue else { throw AppAttestError(.malformed("not a CBOR map")) }
            object = map
        } catch let error as AppAttestError {
            throw error
        } catch {
            throw AppAttestError(.malformed("\(error)"))
        }
        guard object["fmt"]?.textStringValue == "apple-appattest" else {
            throw AppAttestError(.malformed("fmt is not \"apple-appattest\""))
        }
        guard let statement = object["attStmt"]?.mapValue, let x5c = statement["x5c"]?.arrayValue, x5c.count == 2,
              let receipt = statement["receipt"]?.byteStringValue, let authDataBytes = object["authData"]?.byteStringValue else {
            throw AppAttestError(.malformed("attStmt must hold x5c (two certificates) and receipt, and authData must be bytes"))
        }
        // Step 1: the chain, credential certificate first, to the root.
        var certificates: [Certificate] = []
        for element in x5c {
            guard let der = element.byteStringValue, let certificate = try? Certificate(derRepresentation: der) else {
                throw AppAttestError(.malformed("an x5c element is not a DER certificate"))
            }
            certificates.append(certificate)
        }
        guard let seconds = X509ChainValidator.seconds(sinceEpoch: time.timeIntervalSince1970) else {
            throw AppAttestError(.untrustedCertificateChain("the verification time is not a finite date within ±31,000 years of 1970"))
        }
        do {
            _ = try chainValidator.validate(certificates, at: seconds)
        } catch {
            throw AppAttestError(.untrustedCertificateChain("\(error)"))
        }
        let credentialCertificate = certificates[0]
        // Steps 2–4: the nonce.
        let nonce = Array(SHA256.hash(data: authDataBytes + clientDataHash))
        let certificateNonce: [UInt8]
        do { certificateNonce = try PureWebAuthn.appleNonce(in: credentialCertificate) } catch {
            throw AppAttestError(.malformed(error.reason))
        }
        guard certificateNonce == nonce else { throw AppAttestError(.nonceMismatch) }
        // Step 5: the key ID is the hash of the certificate's public key (the uncompressed point).
        let point = credentialCertificate.subjectPublicKeyInfo.subjectPublicKey
        guard Array(SHA256.hash(data: point)) == keyID else { throw AppAttestError(.keyIDMismatch) }
        let publicKey: P256.Signing.PublicKey
        do { publicKey = try P256.Signing.PublicKey(x963Representation: point) } catch {
            throw AppAttestError(.malformed("the credential certificate's key is not a P-256 key"))
        }
        // Steps 6–9: the authenticator data.
        let authenticatorData: AuthenticatorData
        do { authenticatorData = try AuthenticatorData(authDataBytes, trailingMapWithoutFlag: true) } catch {
            throw AppAttestError(.malformed("authData: \(error)"))
        }
        guard authenticatorData.rpIDHash == appIDHash else { throw AppAttestError(.appIDMismatch) }
        guard authenticatorData.signCount == 0 else { throw AppAttestError(.counterNotZero(authenticatorData.signCount)) }
        guard let attested = authenticatorData.attestedCredentialData else {
            throw AppAttestError(.malformed("authData has no attested credential data"))
        }
        guard attested.aaguid == environment.aaguid else {
            let found = attested.aaguid == AppAttestEnvironment.development.aaguid ? "development"
                : attested.aaguid == AppAttestEnvironment.production.aaguid ? "production" : "an unknown"
            throw AppAttestError(.environmentMismatch(found))
        }
        guard attested.credentialID == keyID else { throw AppAttestError(.credentialIDMismatch) }
        // The credential key in authData is the certificate's.
        guard case .ec2(.p256, let x, let y) = attested.credentialPublicKey.parameters, [0x04] + x + y == point else {
            throw AppAttestError(.malformed("the credential key in authData is not the credential certificate's"))
        }
        return VerifiedAppAttestation(keyID: keyID, publicKey: publicKey, counter: 0, environment: environment, receipt: receipt)
    }

    /// Verifies an assertion: the signature (ECDSA with SHA-256) over nonce = SHA-256(authenticatorData ‖
    /// SHA-256(clientData)) with the attested key, as Apple's step says ("valid for nonce": the nonce is
    /// hashed again by the signature), the App ID, and a counter greater than the stored one.
    ///
    /// - Parameters:
    ///   - assertion: what `generateAssertion(_:clientDataHash:)` returned (CBOR: signature, authenticatorData).
    ///   - clientData: the bytes the app hashed for the assertion (the request it protects).
    ///   - publicKey: the key stored at attestation.
    ///   - previousCounter: the counter stored for the key (0 after attestation).
    /// - Returns: the new counter, to store.
    public func verifyAssertion(_ assertion: [UInt8], clientData: [UInt8], publicKey: P256.Signing.PublicKey,
                                previousCounter: UInt32) throws(AppAttestError) -> UInt32 {
        try verifyAssertion(assertion, clientDataHash: Array(SHA256.hash(data: clientData)), publicKey: publicKey,
                            previousCounter: previousCounter)
    }

    /// Verifies an assertion given the client data's SHA-256 (what the app passed to `generateAssertion`).
    public func verifyAssertion(_ assertion: [UInt8], clientDataHash: [UInt8], publicKey: P256.Signing.PublicKey,
                                previousCounter: UInt32) throws(AppAttestError) -> UInt32 {
        let map: CBORMap
        do {
            guard let decoded = try CBORDecoder().decode(assertion).mapValue else { throw AppAttestError(.malformed("not a CBOR map")) }
            map = decoded
        } catch let error as AppAttestError {
            throw error
        } catch {
            throw AppAttestError(.malformed("\(error)"))
        }
        guard let signatureBytes = map["signature"]?.byteStringValue, let authDataBytes = map["authenticatorData"]?.byteStringValue,
              map.count == 2 else {
            throw AppAttestError(.malformed("an assertion holds exactly signature and authenticatorData"))
        }
        // An assertion's authenticator data is rpIdHash ‖ flags ‖ counter, then at most the trailing map newer
        // iOS releases write. Its flags carry AT although no attested data follows: they are not read.
        guard authDataBytes.count >= 37 else { throw AppAttestError(.malformed("authenticatorData is shorter than 37 bytes")) }
        if authDataBytes.count > 37 {
            guard let (item, end) = try? CBORDecoder().decodeFirst(authDataBytes, startingAt: 37), item.mapValue != nil,
                  end == authDataBytes.count else {
                throw AppAttestError(.malformed("authenticatorData: what follows the counter is not one CBOR map"))
            }
        }
        let rpIDHash = Array(authDataBytes[0..<32])
        let counter = authDataBytes[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signatureBytes),
              publicKey.isValidSignature(signature, for: Array(SHA256.hash(data: authDataBytes + clientDataHash))) else {
            throw AppAttestError(.invalidSignature)
        }
        guard rpIDHash == appIDHash else { throw AppAttestError(.appIDMismatch) }
        guard counter > previousCounter else { throw AppAttestError(.counterNotIncreased(stored: previousCounter, received: counter)) }
        return counter
    }
}
