// Private-key containers never print their secret bytes. Their default `description` and `dump` list
// every stored property, the private scalar among them; these print the algorithm or curve and say the
// key is redacted. Embedded Swift has no reflection, so the Mirror parts are left out there.

extension PKCS8PrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// The algorithm and version; the private key is redacted.
    public var description: String { "PKCS8PrivateKey(\(algorithm.keyDescription), version \(version), private key redacted)" }
    /// Same as `description`.
    public var debugDescription: String { description }
}

extension SEC1ECPrivateKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// The curve, when named; the private key is redacted.
    public var description: String {
        "SEC1ECPrivateKey(" + (curve.map { "\($0.nameAndDottedForm), " } ?? "") + "private key redacted)"
    }
    /// Same as `description`.
    public var debugDescription: String { description }
}

extension ECPrivateKeyMaterial: CustomStringConvertible, CustomDebugStringConvertible {
    /// The curve; the private key is redacted.
    public var description: String { "ECPrivateKeyMaterial(\(curve.nameAndDottedForm), private key redacted)" }
    /// Same as `description`.
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension PKCS8PrivateKey: CustomReflectable {
    /// The algorithm and version; the private key is redacted.
    public var customMirror: Mirror {
        Mirror(self, children: ["algorithm": algorithm.keyDescription, "version": version, "privateKey": "redacted"], displayStyle: .struct)
    }
}

extension SEC1ECPrivateKey: CustomReflectable {
    /// The curve; the private key is redacted.
    public var customMirror: Mirror {
        Mirror(self, children: ["curve": curve?.nameAndDottedForm as Any, "privateKey": "redacted"], displayStyle: .struct)
    }
}

extension ECPrivateKeyMaterial: CustomReflectable {
    /// The curve; the private key is redacted.
    public var customMirror: Mirror {
        Mirror(self, children: ["curve": curve.nameAndDottedForm, "privateKey": "redacted"], displayStyle: .struct)
    }
}
#endif
