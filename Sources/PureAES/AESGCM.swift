// AES-GCM's public API (NIST SP 800-38D), shaped like swift-crypto's AES.GCM.

extension AES {
    /// AES in Galois/Counter Mode: authenticated encryption with additional data.
    ///
    /// ```swift
    /// let key = SymmetricKey(size: .bits256)
    /// let box = try AES.GCM.seal(message, using: key, authenticating: header)
    /// let opened = try AES.GCM.open(box, using: key, authenticating: header)
    /// ```
    ///
    /// Tags are 16 bytes; shorter ones are refused. A nonce must never be used twice with one key: the
    /// default, `Nonce()`, draws 12 random bytes. Nonces of other lengths (Apple Pay's 16 zero bytes) are
    /// accepted and hashed as §7.1 says. Opening checks the tag before it decrypts anything.
    public enum GCM {
        /// 12 bytes, the size GCM is designed for.
        public static let defaultNonceByteCount = 12
        /// 16 bytes.
        public static let tagByteCount = 16

        /// A GCM nonce (initialization vector).
        public struct Nonce: Sendable, Hashable, Sequence {
            let bytes: [UInt8]

            /// 12 fresh random bytes from `SystemRandomNumberGenerator`.
            public init() {
                var generator = SystemRandomNumberGenerator()
                bytes = (0..<GCM.defaultNonceByteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
            }

            /// A nonce of the given bytes: any non-empty length; 12 is the standard and fastest.
            public init<Bytes: Sequence>(data: Bytes) throws(AESError) where Bytes.Element == UInt8 {
                bytes = Array(data)
                guard !bytes.isEmpty else { throw AESError(.emptyNonce) }
            }

            /// The nonce's bytes, in order.
            public func makeIterator() -> IndexingIterator<[UInt8]> { bytes.makeIterator() }

            /// Calls `body` with the nonce's bytes.
            public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
                try bytes.withUnsafeBytes(body)
            }
        }

        /// A sealed message: nonce, ciphertext (as long as the plaintext) and 16-byte tag.
        public struct SealedBox: Sendable, Hashable {
            /// The nonce it was sealed with.
            public let nonce: Nonce
            /// The encrypted message.
            public let ciphertext: [UInt8]
            /// The authentication tag, 16 bytes.
            public let tag: [UInt8]

            /// nonce ‖ ciphertext ‖ tag, when the nonce is the standard 12 bytes (otherwise `nil`: the
            /// nonce's length could not be told from the bytes).
            public var combined: [UInt8]? {
                nonce.bytes.count == GCM.defaultNonceByteCount ? nonce.bytes + ciphertext + tag : nil
            }

            /// A box from its parts; the tag must be 16 bytes.
            public init<C: Sequence, T: Sequence>(nonce: Nonce, ciphertext: C, tag: T) throws(AESError)
            where C.Element == UInt8, T.Element == UInt8 {
                let tagBytes = Array(tag)
                guard tagBytes.count == GCM.tagByteCount else { throw AESError(.incorrectTagSize(found: tagBytes.count)) }
                self.nonce = nonce
                self.ciphertext = Array(ciphertext)
                self.tag = tagBytes
            }

            /// A box from nonce (12 bytes) ‖ ciphertext ‖ tag (16 bytes).
            public init<Bytes: Sequence>(combined: Bytes) throws(AESError) where Bytes.Element == UInt8 {
                let bytes = Array(combined)
                let overhead = GCM.defaultNonceByteCount + GCM.tagByteCount
                guard bytes.count >= overhead else { throw AESError(.combinedTooShort(found: bytes.count)) }
                nonce = try Nonce(data: bytes[0..<GCM.defaultNonceByteCount])
                ciphertext = Array(bytes[GCM.defaultNonceByteCount..<(bytes.count - GCM.tagByteCount)])
                tag = Array(bytes[(bytes.count - GCM.tagByteCount)...])
            }
        }

        /// Encrypts and authenticates `message`, and authenticates `authenticatedData` (sent in the clear).
        public static func seal<Plaintext: Sequence, AuthenticatedData: Sequence>(
            _ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil, authenticating authenticatedData: AuthenticatedData
        ) throws(AESError) -> SealedBox where Plaintext.Element == UInt8, AuthenticatedData.Element == UInt8 {
            let nonce = nonce ?? Nonce()
            let plaintext = Array(message), additional = Array(authenticatedData)
            guard Int64(plaintext.count) <= AESGCMCore.maximumMessageBytes,
                  Int64(additional.count) < AESGCMCore.maximumAuthenticatedBytes else {
                throw AESError(.messageTooLong)
            }
            let core = try AESGCMCore(key: AES.keyBytes(key))
            var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
            let tag = nonce.bytes.withUnsafeBytes { nonceBytes in
                plaintext.withUnsafeBytes { input in
                    additional.withUnsafeBytes { aad in
                        ciphertext.withUnsafeMutableBytes { output in
                            core.seal(nonce: nonceBytes, plaintext: input, authenticating: aad, into: output)
                        }
                    }
                }
            }
            return SealedBox(checkedNonce: nonce, ciphertext: ciphertext, tag: tag)
        }

        /// Encrypts and authenticates `message`.
        public static func seal<Plaintext: Sequence>(
            _ message: Plaintext, using key: SymmetricKey, nonce: Nonce? = nil
        ) throws(AESError) -> SealedBox where Plaintext.Element == UInt8 {
            try seal(message, using: key, nonce: nonce, authenticating: EmptyCollection<UInt8>())
        }

        /// Checks the box's tag over its ciphertext and `authenticatedData`, then decrypts. Throws
        /// ``AESError/Reason/authenticationFailure`` (and decrypts nothing) when anything differs.
        public static func open<AuthenticatedData: Sequence>(
            _ sealedBox: SealedBox, using key: SymmetricKey, authenticating authenticatedData: AuthenticatedData
        ) throws(AESError) -> [UInt8] where AuthenticatedData.Element == UInt8 {
            let additional = Array(authenticatedData)
            let core = try AESGCMCore(key: AES.keyBytes(key))
            var plaintext = [UInt8](repeating: 0, count: sealedBox.ciphertext.count)
            let verified = sealedBox.nonce.bytes.withUnsafeBytes { nonceBytes in
                sealedBox.ciphertext.withUnsafeBytes { input in
                    sealedBox.tag.withUnsafeBytes { tag in
                        additional.withUnsafeBytes { aad in
                            plaintext.withUnsafeMutableBytes { output in
                                core.open(nonce: nonceBytes, ciphertext: input, tag: tag, authenticating: aad, into: output)
                            }
                        }
                    }
                }
            }
            guard verified else { throw AESError(.authenticationFailure) }
            return plaintext
        }

        /// Checks the box's tag, then decrypts.
        public static func open(_ sealedBox: SealedBox, using key: SymmetricKey) throws(AESError) -> [UInt8] {
            try open(sealedBox, using: key, authenticating: EmptyCollection<UInt8>())
        }
    }
}

extension AES.GCM.SealedBox {
    /// A box whose parts were just made by `seal` (the tag is 16 bytes by construction).
    init(checkedNonce nonce: AES.GCM.Nonce, ciphertext: [UInt8], tag: [UInt8]) {
        self.nonce = nonce
        self.ciphertext = ciphertext
        self.tag = tag
    }
}
