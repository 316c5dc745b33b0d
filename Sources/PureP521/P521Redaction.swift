// A private key never prints its scalar: not through `description`, `debugDescription` nor a `Mirror`
// (`dump`). The public key is shown, so a person can still tell keys apart. Embedded Swift has no
// reflection, so the Mirror part is left out there.

extension P521.Signing.PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { core.redactedDescription(typeName: "P521.Signing.PrivateKey") }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension P521.Signing.PrivateKey: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: ["publicKey": publicKey, "privateScalar": "redacted"], displayStyle: .struct)
    }
}
#endif
