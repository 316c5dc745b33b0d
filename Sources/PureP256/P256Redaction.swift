// A private key never prints its scalar: not through `description` (string interpolation, print, most
// loggers), `debugDescription` (`String(reflecting:)`, the debugger's summary) nor a `Mirror` (`dump`,
// which otherwise lists every stored property — the scalar in two forms). The public key is shown, so a
// person can still tell keys apart. Embedded Swift has no reflection, so the Mirror part is left out there.

extension P256.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "P256.Signing.PrivateKey(redacted; public key x963 \(hex(publicKey.x963Representation.prefix(9)))…)"
    }

    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension P256.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "privateScalar": "redacted"], displayStyle: .struct)
    }
}
#endif

private func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
    return String(decoding: out, as: UTF8.self)
}
