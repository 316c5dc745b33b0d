// A private key never prints its seed or expanded key: not through `description`, `debugDescription` nor a
// `Mirror` (`dump`). The public key's first bytes are shown, so a person can still tell keys apart.
// Embedded Swift has no reflection, so the Mirror part is left out there.

import PureSHA2

extension MLDSAPrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "\(ParameterSet.algorithm.rawValue) private key (redacted; public key \(hexString(key.publicKey.encoded.prefix(8)))…)"
    }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension MLDSAPrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "seed": "redacted"], displayStyle: .struct)
    }
}
#endif

#if !hasFeature(Embedded)
extension MLDSAPublicKey: CustomReflectable {
    /// The encoding, not the expanded matrix the key keeps (30 KB of numbers in a `dump`).
    public var customMirror: Mirror {
        Mirror(self, children: ["rawRepresentation": description], displayStyle: .struct)
    }
}
#endif

extension MLDSAPublicKey: CustomStringConvertible {
    public var description: String {
        "\(ParameterSet.algorithm.rawValue) public key (\(hexString(key.encoded.prefix(8)))…)"
    }
}
