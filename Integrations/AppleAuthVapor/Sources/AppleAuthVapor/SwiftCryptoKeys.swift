// `import Vapor` re-exports swift-crypto, so in a Vapor app `SymmetricKey` is swift-crypto's, and
// `.hs256(SymmetricKey(data: secret))` would not type-check against PureJWT's `JWTKey.hs256`, which takes
// PureSHA2's. These overloads take the key a Vapor user already holds; the bytes are copied once, when the
// key is made.

import PureJWT
import PureSHA2
import Vapor

extension JWTKey {
    /// An HS256 key from swift-crypto's `SymmetricKey` (what `SymmetricKey(data:)` makes in a Vapor app);
    /// at least 32 bytes (RFC 7518 §3.2).
    public static func hs256(_ key: Vapor.SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hs256(PureSHA2.SymmetricKey(data: key.withUnsafeBytes { Array($0) }), keyID: keyID)
    }

    /// An HS384 key from swift-crypto's `SymmetricKey`; at least 48 bytes.
    public static func hs384(_ key: Vapor.SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hs384(PureSHA2.SymmetricKey(data: key.withUnsafeBytes { Array($0) }), keyID: keyID)
    }

    /// An HS512 key from swift-crypto's `SymmetricKey`; at least 64 bytes.
    public static func hs512(_ key: Vapor.SymmetricKey, keyID: String? = nil) throws(JWTError) -> JWTKey {
        try hs512(PureSHA2.SymmetricKey(data: key.withUnsafeBytes { Array($0) }), keyID: keyID)
    }
}
