// A private key never prints its scalar: not through `description` (string interpolation, print, most
// loggers), `debugDescription` (`String(reflecting:)`, the debugger's summary) nor a `Mirror` (`dump`,
// which otherwise lists every stored property — the scalar in two forms). The public key is shown, so a
// person can still tell keys apart. Embedded Swift has no reflection, so the Mirror part is left out there.

extension P256.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { core.redactedDescription(typeName: "P256.Signing.PrivateKey") }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension P256.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "privateScalar": "redacted"], displayStyle: .struct)
    }
}
#endif
