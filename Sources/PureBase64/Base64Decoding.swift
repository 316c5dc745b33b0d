// Strict decoding, RFC 4648 §3.3 ("implementations MUST reject the encoded data if it contains characters
// outside the base alphabet") and §3.5 (canonical encoding: the unused bits of the last character are zero).
//
// Accepted layouts, with n the input length and m = n minus the trailing '=' characters:
//   base64     n % 4 == 0; at most two '=', only at the very end; m % 4 ∈ {0, 2, 3} follows.
//   base64url  no '=' anywhere; m % 4 ∈ {0, 2, 3} (a remainder of 1 encodes no whole byte).
// In both, a final group of 2 characters must have the low 4 bits of its last character zero, and a
// final group of 3 the low 2 bits. Everything else throws, with the offset of the first bad byte.
//
// Timing: characters are converted by arithmetic (Base64Alphabet.value(of:)), so decoding valid input
// takes time that depends on its length only. Invalid input exits early; where it stops may reveal where
// the first bad byte is, which is an error in any case.

extension Base64Alphabet {
    /// Decodes `input` under this alphabet's strict rules.
    @usableFromInline
    func decode(_ input: UnsafeBufferPointer<UInt8>) throws(Base64Error) -> [UInt8] {
        let count = input.count
        var paddingCount = 0
        if padded {
            while paddingCount < count && input[count &- 1 &- paddingCount] == Self.paddingCharacter {
                paddingCount &+= 1
            }
        }
        let dataCount = count &- paddingCount
        let fullGroups = dataCount / 4
        let remainder = dataCount % 4

        // Characters first: an alien byte is a more useful report than the length it causes.
        @inline(__always) func value(_ offset: Int) -> UInt32 { self.value(of: input[offset]) }
        var output = [UInt8](repeating: 0, count: fullGroups &* 3 &+ 2)
        var error: Base64Error?
        output.withUnsafeMutableBufferPointer { out in
            var read = 0, written = 0
            // Eight characters at a time while whole blocks remain (Base64BlockDecoding.swift). The last
            // block's 8-byte store ends 2 bytes past its 6, which `output`'s 2 spare bytes absorb. A block
            // with a byte outside the alphabet stops this loop; the loop below then finds and reports it.
            if let source = input.baseAddress, let target = out.baseAddress {
                while read &+ 8 <= fullGroups &* 4 && decodeBlock(source + read, into: target + written) {
                    read &+= 8
                    written &+= 6
                }
            }
            while read < fullGroups &* 4 {
                let a = value(read), b = value(read &+ 1), c = value(read &+ 2), d = value(read &+ 3)
                // Only a byte outside the alphabet (an error, whatever the secret) takes this exit.
                guard (a | b | c | d) & Self.invalidBit == 0 else {
                    error = locateBadCharacter(input, from: read, before: dataCount)
                    return
                }
                let bits = a << 18 | b << 12 | c << 6 | d
                out[written] = UInt8(truncatingIfNeeded: bits >> 16)
                out[written &+ 1] = UInt8(truncatingIfNeeded: bits >> 8)
                out[written &+ 2] = UInt8(truncatingIfNeeded: bits)
                read &+= 4
                written &+= 3
            }
        }
        if let error { throw error }

        for offset in (fullGroups &* 4)..<dataCount where value(offset) & Self.invalidBit != 0 {
            throw locateBadCharacter(input, from: offset, before: dataCount)
        }

        // Then the length and the padding.
        if padded {
            if paddingCount > 2 {
                throw Base64Error(encoding: encoding, reason: .misplacedPadding, offset: dataCount)
            }
            if count % 4 != 0 {
                throw Base64Error(encoding: encoding, reason: .missingPadding, offset: count)
            }
        } else if remainder == 1 {
            throw Base64Error(encoding: encoding, reason: .truncated, offset: count)
        }

        // The final partial group: 2 characters give 1 byte, 3 give 2.
        let base = fullGroups &* 4
        var produced = fullGroups &* 3
        if remainder == 2 {
            let a = value(base), b = value(base &+ 1)
            guard b & 0x0F == 0 else {
                throw Base64Error(encoding: encoding, reason: .nonZeroTrailingBits, offset: base &+ 1)
            }
            output[produced] = UInt8(truncatingIfNeeded: a << 2 | b >> 4)
            produced &+= 1
        } else if remainder == 3 {
            let a = value(base), b = value(base &+ 1), c = value(base &+ 2)
            guard c & 0x03 == 0 else {
                throw Base64Error(encoding: encoding, reason: .nonZeroTrailingBits, offset: base &+ 2)
            }
            let bits = a << 10 | b << 4 | c >> 2
            output[produced] = UInt8(truncatingIfNeeded: bits >> 8)
            output[produced &+ 1] = UInt8(truncatingIfNeeded: bits)
            produced &+= 2
        }
        output.removeLast(output.count &- produced)
        return output
    }

    /// The error for the first byte at or after `start` (and before `end`) that is outside the alphabet.
    /// Called only once such a byte is known to exist.
    private func locateBadCharacter(_ input: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Base64Error {
        var offset = start
        while offset < end && value(of: input[offset]) & Self.invalidBit == 0 { offset &+= 1 }
        let byte = offset < end ? input[offset] : 0
        if byte == Self.paddingCharacter {
            return Base64Error(encoding: encoding, reason: padded ? .misplacedPadding : .unexpectedPadding, offset: offset)
        }
        return Base64Error(encoding: encoding, reason: .invalidCharacter(byte), offset: offset)
    }

    /// Decodes `input` after skipping spaces, tabs, CR and LF; error offsets refer to `input` as given.
    @usableFromInline
    func decodeIgnoringWhitespace(_ input: UnsafeBufferPointer<UInt8>) throws(Base64Error) -> [UInt8] {
        var kept = [UInt8]()
        kept.reserveCapacity(input.count)
        for byte in input where !isWhitespace(byte) { kept.append(byte) }
        do {
            return try kept.withUnsafeBufferPointer { (buffer) throws(Base64Error) in try decode(buffer) }
        } catch {
            // Map the offset in the filtered text back to the original.
            var seen = 0, original = input.count
            for (offset, byte) in input.enumerated() where !isWhitespace(byte) {
                if seen == error.offset { original = offset; break }
                seen &+= 1
            }
            throw Base64Error(encoding: error.encoding, reason: error.reason, offset: original)
        }
    }

    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
