// Encoding, RFC 4648 §4 and §5: every 3 bytes become 4 characters; a final 1 or 2 bytes become 2 or 3
// characters, followed by "==" or "=" where the alphabet is padded.

extension Base64Alphabet {
    /// The encoded length of `byteCount` bytes.
    func encodedCount(_ byteCount: Int) -> Int {
        let groups = byteCount / 3, remainder = byteCount % 3
        if remainder == 0 { return groups * 4 }
        return groups * 4 + (padded ? 4 : remainder + 1)
    }

    /// Writes the encoding of `input` to `out`, which holds exactly `encodedCount(input.count)` bytes.
    func encode(_ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) {
        var read = 0, written = 0
        let fullGroups = input.count / 3
        for _ in 0..<fullGroups {
            let bits = UInt32(input[read]) << 16 | UInt32(input[read &+ 1]) << 8 | UInt32(input[read &+ 2])
            out[written] = character(for: bits >> 18)
            out[written &+ 1] = character(for: bits >> 12)
            out[written &+ 2] = character(for: bits >> 6)
            out[written &+ 3] = character(for: bits)
            read &+= 3
            written &+= 4
        }
        switch input.count &- read {
        case 1:
            let bits = UInt32(input[read]) << 16
            out[written] = character(for: bits >> 18)
            out[written &+ 1] = character(for: bits >> 12)
            if padded {
                out[written &+ 2] = Self.paddingCharacter
                out[written &+ 3] = Self.paddingCharacter
            }
        case 2:
            let bits = UInt32(input[read]) << 16 | UInt32(input[read &+ 1]) << 8
            out[written] = character(for: bits >> 18)
            out[written &+ 1] = character(for: bits >> 12)
            out[written &+ 2] = character(for: bits >> 6)
            if padded { out[written &+ 3] = Self.paddingCharacter }
        default:
            break
        }
    }

    @usableFromInline
    func encodeToString(_ input: UnsafeBufferPointer<UInt8>) -> String {
        let count = encodedCount(input.count)
        return String(unsafeUninitializedCapacity: count) { out in
            encode(input, into: out)
            return count
        }
    }

    @usableFromInline
    func encodeToBytes(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let count = encodedCount(input.count)
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            encode(input, into: out)
            initialized = count
        }
    }
}
