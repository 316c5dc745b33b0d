// SHA-1 (FIPS 180-4 §6.1), for one purpose: App Store app receipts signed until 2023 carry SHA-1
// signatures (sha1WithRSAEncryption, by "Apple Worldwide Developer Relations" intermediates and the
// Apple Inc. Root of 2006), and a receipt's device hash is SHA-1 by Apple's definition. SHA-1 is broken
// for collision resistance (SHAttered, 2017; chosen-prefix collisions, 2020): nothing new may be signed
// or trusted with it, which is why it sits under `Insecure`, as swift-crypto names it, and why the
// package's JWS and X.509 paths refuse it unless a receipt verifier asks.
//
// Straightforward FIPS 180-4 code: 80 rounds of the four functions over a 16-word rolling schedule.
// Hashes public data (receipts), so no constant-time concern.

/// Algorithms that are no longer safe for new uses, kept for reading old data.
public enum Insecure {}

extension Insecure {
    /// SHA-1 (FIPS 180-4), for verifying App Store receipts signed with it and their device hashes only.
    public struct SHA1: HashFunction {
        public typealias Digest = SHA1Digest
        public static let blockByteCount = 64

        private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        private var buffer = [UInt8]()
        private var length: UInt64 = 0   // bytes absorbed
        /// The 16-word rolling message schedule, allocated once per hasher rather than per block.
        private var schedule = [UInt32](repeating: 0, count: 16)

        /// A new computation.
        public init() { buffer.reserveCapacity(64) }

        /// Absorbs the bytes.
        public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
            length &+= UInt64(bufferPointer.count)
            var index = 0
            if !buffer.isEmpty {
                let take = min(64 - buffer.count, bufferPointer.count)
                buffer.append(contentsOf: bufferPointer[0..<take])
                index = take
                guard buffer.count == 64 else { return }
                let block = buffer
                block.withUnsafeBytes { compress($0) }
                buffer.removeAll(keepingCapacity: true)
            }
            while bufferPointer.count - index >= 64 {
                compress(UnsafeRawBufferPointer(rebasing: bufferPointer[index..<index + 64]))
                index += 64
            }
            buffer.append(contentsOf: bufferPointer[index...])
        }

        /// The digest of everything absorbed (`self` unchanged).
        public func finalize() -> SHA1Digest {
            var copy = self
            // §5.1.1: a 1 bit, zeros to 56 mod 64 bytes, the length in bits big-endian.
            var tail: [UInt8] = [0x80] + [UInt8](repeating: 0, count: (55 - buffer.count + 64) % 64)
            let bits = length &* 8
            for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
            let saved = length
            tail.withUnsafeBytes { copy.update(bufferPointer: $0) }
            copy.length = saved
            return SHA1Digest(state: copy.state)
        }

        /// One 64-byte block (§6.1.2).
        private mutating func compress(_ block: UnsafeRawBufferPointer) {
            var w = schedule
            schedule = []   // hands the storage to `w` unshared, so writing it copies nothing
            defer { schedule = w }
            for t in 0..<16 {
                w[t] = UInt32(block[4 * t]) << 24 | UInt32(block[4 * t + 1]) << 16 | UInt32(block[4 * t + 2]) << 8 | UInt32(block[4 * t + 3])
            }
            var (a, b, c, d, e) = state
            for t in 0..<80 {
                if t >= 16 {
                    let x = w[(t - 3) & 15] ^ w[(t - 8) & 15] ^ w[(t - 14) & 15] ^ w[t & 15]
                    w[t & 15] = x << 1 | x >> 31
                }
                let f: UInt32, k: UInt32
                switch t {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t & 15]
                e = d
                d = c
                c = b << 30 | b >> 2
                b = a
                a = temp
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }

    /// The 20-byte result of `Insecure.SHA1`. `==` compares every byte.
    public struct SHA1Digest: Digest {
        public static let byteCount = 20
        private let words: (UInt32, UInt32, UInt32, UInt32, UInt32)

        init(state: (UInt32, UInt32, UInt32, UInt32, UInt32)) {
            words = (state.0.bigEndian, state.1.bigEndian, state.2.bigEndian, state.3.bigEndian, state.4.bigEndian)
        }

        public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
            try Swift.withUnsafeBytes(of: words, body)
        }

        public static func == (lhs: SHA1Digest, rhs: SHA1Digest) -> Bool {
            ((lhs.words.0 ^ rhs.words.0) | (lhs.words.1 ^ rhs.words.1) | (lhs.words.2 ^ rhs.words.2) | (lhs.words.3 ^ rhs.words.3)
                | (lhs.words.4 ^ rhs.words.4)) == 0
        }

        public func hash(into hasher: inout Hasher) {
            withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        public func makeIterator() -> DigestIterator<SHA1Digest> { DigestIterator(digest: self) }
    }
}
