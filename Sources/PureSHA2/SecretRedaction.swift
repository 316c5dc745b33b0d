// Keys, keyed states and key-agreement results never print their bytes. `SymmetricKey.description` and
// `SharedSecret.description` already hid them, but `dump` reads stored properties through a Mirror and
// listed every byte; an `HMAC` value holds the inner and outer hash states after the key block, which are
// as good as the key. Embedded Swift has no reflection, so the Mirror parts are left out there.

extension SymmetricKey: CustomDebugStringConvertible {
    public var debugDescription: String { description }
}

extension SharedSecret: CustomDebugStringConvertible {
    public var debugDescription: String { description }
}

extension HMAC: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "HMAC<\(H.self)>(keyed state redacted)" }
    public var debugDescription: String { description }
}

#if !hasFeature(Embedded)
extension SymmetricKey: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["bitCount": bitCount], displayStyle: .struct) }
}

extension HMAC: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["state": "redacted"], displayStyle: .struct) }
}

extension SharedSecret: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["byteCount": byteCount], displayStyle: .struct) }
}
#endif
