// Galois/Counter Mode (NIST SP 800-38D §7) on the bitsliced block cipher and the constant-time GHASH.
//
// Eight counter blocks are encrypted per pass of the cipher. The first pass also carries the blocks the
// mode needs once: H = E(K, 0^128) and E(K, J0) for the tag, so a short message costs one pass, not
// three. With a nonce other than 12 bytes J0 is GHASH(IV) under H, so H takes a pass of its own first.
//
// Decryption authenticates first: GHASH runs over the ciphertext, the tag is compared in constant time,
// and only then is any plaintext written. On failure the output is untouched and one error says only
// that authentication failed.

/// AES-GCM with one key: the expanded key, for any number of messages.
package struct AESGCMCore: Sendable {
    let schedule: AESExpandedKey

    /// GCM under a 16-, 24- or 32-byte key.
    package init<Key: Collection>(key: Key) throws(AESError) where Key.Element == UInt8 {
        schedule = try AESExpandedKey(key: key)
    }

    /// The most plaintext one nonce may encrypt: 2^39 − 256 bits (§5.2.1.1).
    /// (An `Int64`: on 32-bit targets no array reaches it, and `1 << 36` would not fit an `Int`.)
    static let maximumMessageBytes: Int64 = (1 << 36) - 32
    /// The most additional data: 2^64 − 1 bits, so under 2^61 bytes.
    static let maximumAuthenticatedBytes: Int64 = 1 << 61

    /// The counter blocks of a message and the keystream they give, eight blocks per cipher pass.
    struct Keystream {
        /// J0's first 12 bytes, then the 32-bit counter of the next block (inc32: wraps mod 2^32).
        var prefix: (UInt64, UInt32), counter: UInt32

        init(j0: UnsafeRawPointer) {
            prefix = (j0.loadUnaligned(as: UInt64.self), j0.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            counter = UInt32(bigEndian: j0.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        }

        /// Writes the next `count` counter blocks to `buffer` at `offset` blocks and advances.
        @inline(__always)
        mutating func writeCounters(_ count: Int, to buffer: UnsafeMutableRawPointer, atBlock offset: Int = 0) {
            for index in 0..<count {
                let block = buffer + 16 * (offset + index)
                block.storeBytes(of: prefix.0, as: UInt64.self)
                block.storeBytes(of: prefix.1, toByteOffset: 8, as: UInt32.self)
                block.storeBytes(of: counter.bigEndian, toByteOffset: 12, as: UInt32.self)
                counter &+= 1
            }
        }
    }

    /// Y = the first 12 bytes ‖ 0^31 ‖ 1, or GHASH of the nonce (§7.1 step 2); written to `j0`.
    func computeJ0(nonce: UnsafeRawBufferPointer, hashKey: UnsafeRawPointer, into j0: UnsafeMutableRawPointer) {
        if nonce.count == 12 {
            j0.copyMemory(from: nonce.baseAddress!, byteCount: 12)
            j0.storeBytes(of: UInt32(1).bigEndian, toByteOffset: 12, as: UInt32.self)
        } else {
            var hash = GHASH(subkey: hashKey)
            hash.absorbPadded(nonce)
            hash.absorb(high: 0, low: UInt64(nonce.count) &* 8)
            j0.storeBytes(of: hash.high.bigEndian, as: UInt64.self)
            j0.storeBytes(of: hash.low.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
    }

    /// XORs `count` bytes of `keystream` into `input`, writing to `output`.
    @inline(__always)
    static func xor(_ input: UnsafeRawPointer, _ keystream: UnsafeRawPointer, into output: UnsafeMutableRawPointer, count: Int) {
        var offset = 0
        while offset + 8 <= count {
            let word = input.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                ^ keystream.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            output.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < count {
            output.storeBytes(of: input.load(fromByteOffset: offset, as: UInt8.self) ^ keystream.load(fromByteOffset: offset, as: UInt8.self),
                              toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
    }

    /// The first pass: H, E(J0) and up to six (12-byte nonce) or seven keystream blocks, in `buffer`
    /// (128 bytes): H at block 0, E(J0) at block 1, keystream from block 2. Returns the keystream and
    /// the number of keystream blocks it holds.
    func firstPass(nonce: UnsafeRawBufferPointer, messageBytes: Int, buffer: UnsafeMutableRawPointer) -> (Keystream, Int) {
        let messageBlocks = (messageBytes + 15) / 16
        var j0 = (UInt64(0), UInt64(0))
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: 16)
        if nonce.count != 12 {
            // H is needed before J0: a pass of its own.
            schedule.encryptBlocks(buffer, count: 1, into: buffer)
        }
        withUnsafeMutableBytes(of: &j0) { computeJ0(nonce: nonce, hashKey: buffer, into: $0.baseAddress!) }
        var keystream = withUnsafeBytes(of: &j0) { Keystream(j0: $0.baseAddress!) }
        // J0 itself, then inc32(J0), ….
        keystream.writeCounters(1, to: buffer, atBlock: 1)
        let blocks = min(6, messageBlocks)
        keystream.writeCounters(blocks, to: buffer, atBlock: 2)
        if nonce.count == 12 {
            schedule.encryptBlocks(buffer, count: 2 + blocks, into: buffer)
        } else {
            schedule.encryptBlocks(buffer + 16, count: 1 + blocks, into: buffer + 16)
        }
        return (keystream, blocks)
    }

    /// Encrypts `plaintext` into `output` (same length) and returns the 16-byte tag.
    package func seal(nonce: UnsafeRawBufferPointer, plaintext: UnsafeRawBufferPointer,
                      authenticating authenticatedData: UnsafeRawBufferPointer,
                      into output: UnsafeMutableRawBufferPointer) -> [UInt8] {
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 16) { scratch -> [UInt8] in
            let buffer = scratch.baseAddress!
            // H, E(J0) and keystream: wiped when the call ends.
            defer { scratch.initializeMemory(as: UInt8.self, repeating: 0) }
            var (keystream, firstBlocks) = firstPass(nonce: nonce, messageBytes: plaintext.count, buffer: buffer)
            var hash = GHASH(subkey: buffer)
            let encryptedJ0 = (buffer.load(fromByteOffset: 16, as: UInt64.self), buffer.load(fromByteOffset: 24, as: UInt64.self))
            hash.absorbPadded(authenticatedData)

            var done = min(plaintext.count, 16 * firstBlocks)
            if done > 0 {
                AESGCMCore.xor(plaintext.baseAddress!, buffer + 32, into: output.baseAddress!, count: done)
                hash.absorbPadded(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(output)[0..<done]))
            }
            while done < plaintext.count {
                let bytes = min(128, plaintext.count - done)
                let blocks = (bytes + 15) / 16
                keystream.writeCounters(blocks, to: buffer)
                schedule.encryptBlocks(buffer, count: blocks, into: buffer)
                AESGCMCore.xor(plaintext.baseAddress! + done, buffer, into: output.baseAddress! + done, count: bytes)
                hash.absorbPadded(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(output)[done..<(done + bytes)]))
                done += bytes
            }
            hash.absorbLengths(authenticatedBytes: authenticatedData.count, ciphertextBytes: plaintext.count)
            var tag = hash.bytes
            tag.withUnsafeMutableBytes { tagBytes in
                withUnsafeBytes(of: encryptedJ0) { AESGCMCore.xor(tagBytes.baseAddress!, $0.baseAddress!, into: tagBytes.baseAddress!, count: 16) }
            }
            return tag
        }
    }

    /// Checks the 16-byte `tag` over `ciphertext` and, only if it matches, decrypts into `output` (same
    /// length) and returns true. Returns false, with `output` untouched, when the tag does not match.
    package func open(nonce: UnsafeRawBufferPointer, ciphertext: UnsafeRawBufferPointer, tag: UnsafeRawBufferPointer,
                      authenticating authenticatedData: UnsafeRawBufferPointer,
                      into output: UnsafeMutableRawBufferPointer) -> Bool {
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 16) { scratch -> Bool in
            let buffer = scratch.baseAddress!
            // H, E(J0) and keystream: wiped when the call ends.
            defer { scratch.initializeMemory(as: UInt8.self, repeating: 0) }
            var (keystream, firstBlocks) = firstPass(nonce: nonce, messageBytes: ciphertext.count, buffer: buffer)
            var hash = GHASH(subkey: buffer)
            hash.absorbPadded(authenticatedData)
            hash.absorbPadded(ciphertext)
            hash.absorbLengths(authenticatedBytes: authenticatedData.count, ciphertextBytes: ciphertext.count)
            // Tag check: (S ⊕ E(J0)) ⊕ tag, OR-ed to one word; no early exit.
            let difference = (hash.high.bigEndian ^ buffer.load(fromByteOffset: 16, as: UInt64.self) ^ tag.loadUnaligned(as: UInt64.self))
                | (hash.low.bigEndian ^ buffer.load(fromByteOffset: 24, as: UInt64.self) ^ tag.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            guard difference == 0 else { return false }

            var done = min(ciphertext.count, 16 * firstBlocks)
            if done > 0 {
                AESGCMCore.xor(ciphertext.baseAddress!, buffer + 32, into: output.baseAddress!, count: done)
            }
            while done < ciphertext.count {
                let bytes = min(128, ciphertext.count - done)
                let blocks = (bytes + 15) / 16
                keystream.writeCounters(blocks, to: buffer)
                schedule.encryptBlocks(buffer, count: blocks, into: buffer)
                AESGCMCore.xor(ciphertext.baseAddress! + done, buffer, into: output.baseAddress! + done, count: bytes)
                done += bytes
            }
            return true
        }
    }
}
