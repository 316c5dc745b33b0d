// AES Key Wrap (RFC 3394 §2.2, NIST SP 800-38F §6.2 "KW"): JWE's A128KW, A192KW and A256KW.
//
// The key to wrap is n ≥ 2 64-bit blocks; wrapping runs 6n AES encryptions that chain them with the
// integrity value A (initially A6A6A6A6A6A6A6A6), and unwrapping runs them backwards and checks that A
// comes back. The check is one OR of XORs over all eight bytes, with no early exit, and the unwrapped
// bytes are wiped before a failure is thrown, so a wrong wrapped key tells nothing but "wrong".

extension AES {
    /// AES Key Wrap (RFC 3394), as in swift-crypto: wraps keys of 16 bytes or more, in steps of 8.
    public enum KeyWrap {
        /// RFC 3394 §2.2.3.1's default initial value.
        static let initialValue: UInt64 = 0xA6A6_A6A6_A6A6_A6A6

        /// `keyToWrap` wrapped under `kek` (16, 24 or 32 bytes): 8 bytes longer than the key.
        public static func wrap(_ keyToWrap: SymmetricKey, using kek: SymmetricKey) throws(AESError) -> [UInt8] {
            let plaintext = keyToWrap.withUnsafeBytes { Array($0) }
            guard plaintext.count >= 16, plaintext.count % 8 == 0 else {
                throw AESError(.incorrectKeyWrapSize("a key to wrap is a multiple of 8 bytes, at least 16; this one is \(plaintext.count) bytes"))
            }
            let schedule = try AESExpandedKey(key: AES.keyBytes(kek))
            let n = plaintext.count / 8
            var output = [UInt8](repeating: 0, count: 8 + plaintext.count)
            output.withUnsafeMutableBytes { out in
                plaintext.withUnsafeBytes { out.baseAddress!.advanced(by: 8).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                var a = initialValue
                var block = (UInt64(0), UInt64(0))
                withUnsafeMutableBytes(of: &block) { blockBytes in
                    let b = blockBytes.baseAddress!
                    for j in 0..<6 {
                        for i in 1...n {
                            b.storeBytes(of: a.bigEndian, as: UInt64.self)
                            b.storeBytes(of: out.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
                            schedule.encryptBlocks(b, count: 1, into: b)
                            a = UInt64(bigEndian: b.load(as: UInt64.self)) ^ UInt64(n * j + i)
                            out.storeBytes(of: b.load(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8 * i, as: UInt64.self)
                        }
                    }
                    blockBytes.initializeMemory(as: UInt8.self, repeating: 0)
                }
                out.storeBytes(of: a.bigEndian, as: UInt64.self)
            }
            return output
        }

        /// The key inside `wrappedKey`, unwrapped with `kek`. Throws
        /// ``AESError/Reason/authenticationFailure`` when the integrity check fails (wrong key-encryption
        /// key, or altered bytes), and nothing of the unwrapped bytes is returned.
        public static func unwrap<WrappedKey: Sequence>(_ wrappedKey: WrappedKey, using kek: SymmetricKey) throws(AESError) -> SymmetricKey
        where WrappedKey.Element == UInt8 {
            let wrapped = Array(wrappedKey)
            guard wrapped.count >= 24, wrapped.count % 8 == 0 else {
                throw AESError(.incorrectKeyWrapSize("a wrapped key is a multiple of 8 bytes, at least 24; this one is \(wrapped.count) bytes"))
            }
            let schedule = try AESExpandedKey(key: AES.keyBytes(kek))
            let n = wrapped.count / 8 - 1
            var registers = Array(wrapped[8...])
            let a = registers.withUnsafeMutableBytes { r -> UInt64 in
                var a = wrapped.withUnsafeBytes { UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)) }
                var block = (UInt64(0), UInt64(0))
                withUnsafeMutableBytes(of: &block) { blockBytes in
                    let b = blockBytes.baseAddress!
                    for j in stride(from: 5, through: 0, by: -1) {
                        for i in stride(from: n, through: 1, by: -1) {
                            b.storeBytes(of: (a ^ UInt64(n * j + i)).bigEndian, as: UInt64.self)
                            b.storeBytes(of: r.loadUnaligned(fromByteOffset: 8 * (i - 1), as: UInt64.self), toByteOffset: 8, as: UInt64.self)
                            schedule.decryptBlocks(b, count: 1, into: b)
                            a = UInt64(bigEndian: b.load(as: UInt64.self))
                            r.storeBytes(of: b.load(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8 * (i - 1), as: UInt64.self)
                        }
                    }
                    blockBytes.initializeMemory(as: UInt8.self, repeating: 0)
                }
                return a
            }
            guard a ^ initialValue == 0 else {
                for index in registers.indices { registers[index] = 0 }
                throw AESError(.authenticationFailure)
            }
            return SymmetricKey(data: registers)
        }
    }
}
