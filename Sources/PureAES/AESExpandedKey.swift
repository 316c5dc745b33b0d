// AES key expansion (FIPS 197 §5.2) into bitsliced round keys, and the block cipher on bit planes.

/// An AES key expanded for encryption and decryption: the round keys, each spread over the bit planes of
/// eight blocks (BitslicedState.swift), so that AddRoundKey is eight XORs.
///
/// Expansion runs SubWord through the same S-box circuit as the rounds, so it is constant-time too. The
/// round keys are as secret as the key; the schedule is never printed.
package struct AESExpandedKey: Sendable {
    /// Nr: 10, 12 or 14.
    package let rounds: Int
    /// Nr + 1 round keys.
    let roundKeys: [AESSlices]

    /// The schedule of a 16-, 24- or 32-byte key.
    package init<Key: Collection>(key: Key) throws(AESError) where Key.Element == UInt8 {
        let bytes = Array(key)
        guard bytes.count == 16 || bytes.count == 24 || bytes.count == 32 else {
            throw AESError(.incorrectKeySize(expected: [16, 24, 32], found: bytes.count))
        }
        self.init(validatedKey: bytes)
    }

    init(validatedKey key: [UInt8]) {
        let nk = key.count / 4
        rounds = nk + 6
        // The words w[i] of §5.2, byte 0 in the most significant position.
        var words = [UInt32](repeating: 0, count: 4 * (rounds + 1))
        for i in 0..<nk {
            words[i] = UInt32(key[4 * i]) << 24 | UInt32(key[4 * i + 1]) << 16 | UInt32(key[4 * i + 2]) << 8 | UInt32(key[4 * i + 3])
        }
        var roundConstant: UInt32 = 0x01
        for i in nk..<words.count {
            var temp = words[i - 1]
            if i % nk == 0 {
                temp = substituteWord(temp << 8 | temp >> 24) ^ (roundConstant << 24)
                // Rcon doubles in GF(2^8); the constant is public.
                roundConstant = (roundConstant << 1) ^ ((roundConstant >> 7) * 0x11B)
            } else if nk > 6 && i % nk == 4 {
                temp = substituteWord(temp)
            }
            words[i] = words[i - nk] ^ temp
        }
        var keys: [AESSlices] = []
        keys.reserveCapacity(rounds + 1)
        for round in 0...rounds {
            keys.append(bitslicedRoundKey(words[4 * round], words[4 * round + 1], words[4 * round + 2], words[4 * round + 3]))
        }
        roundKeys = keys
    }

    /// Encrypts the 8 blocks held in `state` (FIPS 197 §5.1, Figure 5). Not inlined, so that the
    /// branch audit (scripts/audit-branches.sh) can find it: its only jumps are the round loop's.
    @inline(never)
    package func encrypt(_ state: inout AESSlices) {
        roundKeys.withUnsafeBufferPointer { keys in
            state.formXOR(keys[0])
            // A repeat loop (Nr − 1 ≥ 9 rounds): no guard in front of it for the audit to trip on.
            var round = 1
            repeat {
                state.substituteBytes()
                state.shiftRows()
                state.mixColumns()
                state.formXOR(keys[round])
                round += 1
            } while round < rounds
            state.substituteBytes()
            state.shiftRows()
            state.formXOR(keys[rounds])
        }
    }

    /// Decrypts the 8 blocks held in `state` (FIPS 197 §5.3, Figure 12); not inlined, as `encrypt`.
    @inline(never)
    package func decrypt(_ state: inout AESSlices) {
        roundKeys.withUnsafeBufferPointer { keys in
            state.formXOR(keys[rounds])
            var round = rounds - 1
            repeat {
                state.shiftRowsInverse()
                state.substituteBytesInverse()
                state.formXOR(keys[round])
                state.mixColumnsInverse()
                round -= 1
            } while round > 0
            state.shiftRowsInverse()
            state.substituteBytesInverse()
            state.formXOR(keys[0])
        }
    }

    /// Encrypts `count` (1 … 8) 16-byte blocks from `input` to `output` (which may be the same memory).
    package func encryptBlocks(_ input: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer) {
        var state = AESSlices(loading: input, count: count)
        encrypt(&state)
        state.store(to: output, count: count)
    }

    /// Decrypts `count` (1 … 8) 16-byte blocks from `input` to `output` (which may be the same memory).
    package func decryptBlocks(_ input: UnsafeRawPointer, count: Int, into output: UnsafeMutableRawPointer) {
        var state = AESSlices(loading: input, count: count)
        decrypt(&state)
        state.store(to: output, count: count)
    }

    /// One block: `block` encrypted.
    package func encrypt(block: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 16)
        block.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { encryptBlocks(input.baseAddress!, count: 1, into: $0.baseAddress!) }
        }
        return output
    }
}

/// SubWord (§5.2): the S-box on each byte of `word`, through the bitsliced circuit (byte k of the word
/// in bit k of lane 0 of each plane).
func substituteWord(_ word: UInt32) -> UInt32 {
    @inline(__always) func plane(_ j: Int) -> Plane {
        var bits: UInt64 = 0
        for k in 0..<4 { bits |= UInt64((word >> (8 * k + j)) & 1) << k }
        return Plane(bits, 0)
    }
    var slices = AESSlices(plane(0), plane(1), plane(2), plane(3), plane(4), plane(5), plane(6), plane(7))
    slices.substituteBytes()
    let planes = [slices.q0, slices.q1, slices.q2, slices.q3, slices.q4, slices.q5, slices.q6, slices.q7]
    var result: UInt32 = 0
    for j in 0..<8 {
        for k in 0..<4 { result |= UInt32(truncatingIfNeeded: (planes[j][0] >> k) & 1) << (8 * k + j) }
    }
    return result
}

/// The round key made of four schedule words, spread over the planes: byte (row r, column c) of the
/// round key is word c's byte r, and its bit j fills the nibble at bit 16·r + 4·c of plane j in both
/// lanes (the same key for every block). Masks, no branches: the words are secret.
func bitslicedRoundKey(_ w0: UInt32, _ w1: UInt32, _ w2: UInt32, _ w3: UInt32) -> AESSlices {
    var planes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    @inline(__always) func spread(_ word: UInt32, column c: UInt64) {
        for row in UInt64(0)..<4 {
            let byte = UInt64((word >> (24 - 8 * UInt32(row))) & 0xFF)
            let nibble: UInt64 = 0xF << (16 * row + 4 * c)
            @inline(__always) func bit(_ j: UInt64) -> UInt64 { (0 &- ((byte >> j) & 1)) & nibble }
            planes.0 |= bit(0); planes.1 |= bit(1); planes.2 |= bit(2); planes.3 |= bit(3)
            planes.4 |= bit(4); planes.5 |= bit(5); planes.6 |= bit(6); planes.7 |= bit(7)
        }
    }
    spread(w0, column: 0)
    spread(w1, column: 1)
    spread(w2, column: 2)
    spread(w3, column: 3)
    return AESSlices(Plane(repeating: planes.0), Plane(repeating: planes.1), Plane(repeating: planes.2),
                     Plane(repeating: planes.3), Plane(repeating: planes.4), Plane(repeating: planes.5),
                     Plane(repeating: planes.6), Plane(repeating: planes.7))
}
