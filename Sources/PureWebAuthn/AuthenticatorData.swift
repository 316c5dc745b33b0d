// Authenticator data (WebAuthn §6.1), the bytes every WebAuthn signature covers:
//
//   rpIdHash 32 | flags 1 | signCount 4 (big-endian)
//   [attested credential data, if flag AT: aaguid 16 | credentialIdLength 2 | credentialId | COSE key (CBOR)]
//   [extensions, if flag ED: a CBOR map]
//
// Flags (§6.1): bit 0 UP (user present), bit 2 UV (user verified), bit 3 BE (backup eligible), bit 4 BS
// (backed up), bit 6 AT (attested credential data), bit 7 ED (extension data); bits 1 and 5 are reserved.

import PureCBOR

/// Parsed authenticator data (WebAuthn §6.1), strictly: every part the flags announce must be present and
/// well-formed, and nothing may follow them.
public struct AuthenticatorData: Sendable {
    /// The flags byte's bits (§6.1).
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// UP: the user was present.
        public static let userPresent = Flags(rawValue: 0x01)
        /// UV: the user was verified (PIN, biometrics).
        public static let userVerified = Flags(rawValue: 0x04)
        /// BE: the credential may be backed up (synced): a multi-device credential. Never changes for a credential.
        public static let backupEligible = Flags(rawValue: 0x08)
        /// BS: the credential is backed up now.
        public static let backedUp = Flags(rawValue: 0x10)
        /// AT: attested credential data follows the counter.
        public static let attestedCredentialData = Flags(rawValue: 0x40)
        /// ED: an extensions map ends the data.
        public static let extensionData = Flags(rawValue: 0x80)
    }

    /// Attested credential data (§6.5.1): present in registrations.
    public struct AttestedCredentialData: Sendable {
        /// The authenticator model's AAGUID (16 bytes; all zero when the authenticator does not say).
        public let aaguid: [UInt8]
        /// The credential ID.
        public let credentialID: [UInt8]
        /// The credential public key as a COSE key.
        public let credentialPublicKey: COSEKey
        /// The COSE key's bytes as the authenticator wrote them: what a server stores.
        public let credentialPublicKeyBytes: [UInt8]
    }

    /// The longest credential ID accepted (§7.1 step 24: 1023 bytes).
    public static let maximumCredentialIDLength = 1023

    /// All the bytes, as signed.
    public let bytes: [UInt8]
    /// SHA-256 of the RP ID the credential is scoped to.
    public let rpIDHash: [UInt8]
    /// The flags.
    public let flags: Flags
    /// The signature counter (0 from authenticators that keep none, such as passkeys).
    public let signCount: UInt32
    /// The attested credential data, when flag AT is set.
    public let attestedCredentialData: AttestedCredentialData?
    /// The authenticator extension outputs, when flag ED is set.
    public let extensions: CBORMap?

    /// Parses authenticator data.
    ///
    /// - Parameters:
    ///   - bytes: the authenticator data, as signed.
    ///   - trailingMapWithoutFlag: accept a CBOR map after the attested credential data when flag ED is
    ///     clear (App Attest's authenticator data carries one in newer iOS releases); WebAuthn's never does.
    ///     The map is returned as ``extensions``.
    public init(_ bytes: [UInt8], trailingMapWithoutFlag: Bool = false) throws(WebAuthnError) {
        self.bytes = bytes
        guard bytes.count >= 37 else {
            throw WebAuthnError(.malformedAuthenticatorData("\(bytes.count) bytes; at least 37 are needed"))
        }
        rpIDHash = Array(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = UInt32(bytes[33]) << 24 | UInt32(bytes[34]) << 16 | UInt32(bytes[35]) << 8 | UInt32(bytes[36])
        if flags.contains(.backedUp), !flags.contains(.backupEligible) {
            throw WebAuthnError(.malformedAuthenticatorData("flag BS (backed up) is set without BE (backup eligible), which §6.3.3 forbids"))
        }
        var position = 37
        if flags.contains(.attestedCredentialData) {
            guard bytes.count >= position + 18 else {
                throw WebAuthnError(.malformedAuthenticatorData("flag AT is set but the attested credential data is cut short"))
            }
            let aaguid = Array(bytes[position..<position + 16])
            let idLength = Int(bytes[position + 16]) << 8 | Int(bytes[position + 17])
            position += 18
            guard idLength <= AuthenticatorData.maximumCredentialIDLength else {
                throw WebAuthnError(.credentialIDTooLong(idLength))
            }
            guard bytes.count >= position + idLength else {
                throw WebAuthnError(.malformedAuthenticatorData("the credential ID (\(idLength) bytes) runs past the end"))
            }
            let credentialID = Array(bytes[position..<position + idLength])
            position += idLength
            let keyStart = position
            let item: CBOR
            do { (item, position) = try CBORDecoder().decodeFirst(bytes, startingAt: position) } catch {
                throw WebAuthnError(.malformedAuthenticatorData("the credential public key: \(error)"))
            }
            let key: COSEKey
            do { key = try COSEKey(item) } catch { throw WebAuthnError(.invalidCredentialPublicKey("\(error)")) }
            attestedCredentialData = AttestedCredentialData(aaguid: aaguid, credentialID: credentialID, credentialPublicKey: key,
                                                            credentialPublicKeyBytes: Array(bytes[keyStart..<position]))
        } else {
            attestedCredentialData = nil
        }
        if flags.contains(.extensionData) || (trailingMapWithoutFlag && position < bytes.count) {
            let item: CBOR
            do { (item, position) = try CBORDecoder().decodeFirst(bytes, startingAt: position) } catch {
                throw WebAuthnError(.malformedAuthenticatorData("the extensions: \(error)"))
            }
            guard let map = item.mapValue else {
                throw WebAuthnError(.malformedAuthenticatorData("the extensions are not a CBOR map"))
            }
            extensions = map
        } else {
            extensions = nil
        }
        guard position == bytes.count else {
            throw WebAuthnError(.malformedAuthenticatorData("\(bytes.count - position) bytes follow what the flags announce"))
        }
    }
}
