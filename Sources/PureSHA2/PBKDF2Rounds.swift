// PBKDF2's inner loop on the compression function (RFC 8018 §5.2 with RFC 2104's HMAC), for SHA-256,
// SHA-384 and SHA-512.
//
// Each iteration is U_j = HMAC(P, U_(j−1)): an inner hash of one key block (K ⊕ ipad) and U_(j−1), an
// outer hash of one key block (K ⊕ opad) and the inner digest. The key blocks are the same for every
// iteration, so their chaining values are computed once (`HMAC.init`); and a digest is shorter than a
// block less the padding, so each of the two hashes is then exactly one compression of a block whose
// layout is fixed:
//
//   SHA-256 (64-byte block):   digest (32) ‖ 0x80 ‖ zeros ‖ bit length 768 as 64 bits (bytes 56–63)
//   SHA-512 (128-byte block):  digest (64) ‖ 0x80 ‖ zeros ‖ bit length 1536 as 128 bits (bytes 112–127)
//   SHA-384 (128-byte block):  digest (48) ‖ 0x80 ‖ zeros ‖ bit length 1408 as 128 bits
//
// (the length counts the key block: 64 + 32 bytes, 128 + 64, 128 + 48). The loop writes each new digest
// over the front of the other block and compresses: two compressions an iteration and nothing else. The
// general path (HMAC's `update` and `finalize`, through `HashFunction`'s witness table, buffering and
// padding each time) took more than twice as long.
//
// Constant-time: the same stores and compressions whatever the password, salt or digests.

/// A hash whose PBKDF2 iterations run here, on its compression function directly.
protocol PBKDF2Compressing: HashFunction {
    associatedtype State: PBKDF2ChainingValue
    /// The chaining values after the HMAC key's inner and outer blocks: `hmac` has absorbed nothing else.
    static func keyBlockStates(_ hmac: HMAC<Self>) -> (inner: State, outer: State)
    /// The digest a final chaining value gives (SHA-384's: six of its eight words).
    static func digest(of state: State) -> Digest
    /// T = U_1 ⊕ U_2 ⊕ … ⊕ U_rounds (a requirement, so that each hash's witness is the loop specialized
    /// for its state; the extension below is the one implementation).
    static func pbkdf2Block(password: UnsafeRawBufferPointer, first: [UInt8], rounds: Int) -> [UInt8]
}

/// A chaining value of the SHA-2 compression functions.
protocol PBKDF2ChainingValue {
    mutating func compress(blocks: UnsafeRawPointer, count: Int)
}

extension SHA256State: PBKDF2ChainingValue {}
extension SHA512State: PBKDF2ChainingValue {}

extension SHA256: PBKDF2Compressing {
    static func keyBlockStates(_ hmac: HMAC<SHA256>) -> (inner: SHA256State, outer: SHA256State) {
        (hmac.inner.state, hmac.outer.state)
    }
    static func digest(of state: SHA256State) -> SHA256Digest { SHA256Digest(state: state) }
}

extension SHA384: PBKDF2Compressing {
    static func keyBlockStates(_ hmac: HMAC<SHA384>) -> (inner: SHA512State, outer: SHA512State) {
        (hmac.inner.engine.state, hmac.outer.engine.state)
    }
    static func digest(of state: SHA512State) -> SHA384Digest { SHA384Digest(state: state) }
}

extension SHA512: PBKDF2Compressing {
    static func keyBlockStates(_ hmac: HMAC<SHA512>) -> (inner: SHA512State, outer: SHA512State) {
        (hmac.inner.engine.state, hmac.outer.engine.state)
    }
    static func digest(of state: SHA512State) -> SHA512Digest { SHA512Digest(state: state) }
}

extension PBKDF2Compressing {
    /// T = U_1 ⊕ U_2 ⊕ … ⊕ U_rounds for U_1 = `first` (a digest, `byteCount` bytes) and HMAC keyed by
    /// `password`; `rounds` ≥ 1.
    static func pbkdf2Block(password: UnsafeRawBufferPointer, first: [UInt8], rounds: Int) -> [UInt8] {
        let (innerStart, outerStart) = keyBlockStates(HMAC<Self>(keyBytes: password))
        let digestBytes = Digest.byteCount, blockBytes = blockByteCount
        var t = first
        withUnsafeTemporaryAllocation(byteCount: 2 * blockBytes, alignment: 16) { blocks in
            let a = blocks.baseAddress!, b = a + blockBytes
            // Both blocks padded for a message of one key block and one digest; a's digest is U_1.
            for block in [a, b] {
                block.initializeMemory(as: UInt8.self, repeating: 0, count: blockBytes)
                block.storeBytes(of: 0x80, toByteOffset: digestBytes, as: UInt8.self)
                let bitLength = UInt64(8 * (blockBytes + digestBytes))
                block.storeBytes(of: bitLength.bigEndian, toByteOffset: blockBytes - 8, as: UInt64.self)
            }
            first.withUnsafeBytes { a.copyMemory(from: $0.baseAddress!, byteCount: digestBytes) }
            t.withUnsafeMutableBytes { sum in
                for _ in 1..<rounds {
                    var inner = innerStart
                    inner.compress(blocks: a, count: 1)
                    digest(of: inner).withUnsafeBytes { b.copyMemory(from: $0.baseAddress!, byteCount: digestBytes) }
                    var outer = outerStart
                    outer.compress(blocks: b, count: 1)
                    digest(of: outer).withUnsafeBytes { a.copyMemory(from: $0.baseAddress!, byteCount: digestBytes) }
                    // T ⊕= U_j, eight bytes at a time (every digest length here is a multiple of 8).
                    for offset in stride(from: 0, to: digestBytes, by: 8) {
                        let word = sum.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                                 ^ a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        sum.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                    }
                }
            }
            // The last U and the inner digest are key-equivalent material: not left on the stack.
            a.initializeMemory(as: UInt8.self, repeating: 0, count: 2 * blockBytes)
        }
        return t
    }
}
