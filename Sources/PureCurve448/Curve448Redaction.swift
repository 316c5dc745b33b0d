// A private key never prints its secret (Ed448) or scalar (X448): not through `description` (string
// interpolation, print, most loggers), `debugDescription` nor a `Mirror` (`dump`). An Ed448 key shows its
// public key, so a person can still tell keys apart. Embedded Swift has no reflection, so the Mirror part
// is left out there.

extension Curve448.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "Curve448.Signing.PrivateKey(redacted; public key \(hex(expanded.publicKey.prefix(8)))…)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension Curve448.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "secret": "redacted"], displayStyle: .struct)
    }
}
#endif

extension Curve448.Signing.PublicKey: CustomStringConvertible {
    public var description: String { "Curve448.Signing.PublicKey(\(hex(encoding)))" }
}

// An X25519 private key shows no public key: computing it is a scalar multiplication, which printing a key
// should not cost (and a key used only to agree never pays for it otherwise).
extension Curve448.KeyAgreement.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "Curve448.KeyAgreement.PrivateKey(redacted)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension Curve448.KeyAgreement.PrivateKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["scalar": "redacted"], displayStyle: .struct) }
}
#endif

extension Curve448.KeyAgreement.PublicKey: CustomStringConvertible {
    public var description: String { "Curve448.KeyAgreement.PublicKey(\(hex(bytes)))" }
}

private func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
    return String(decoding: out, as: UTF8.self)
}
