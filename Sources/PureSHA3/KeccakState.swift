// The 1600-bit Keccak state and the byte-level access the sponge needs (FIPS 202 §3.1.2): byte i of the
// state is byte i % 8 of lane i / 8, little-endian. The state lives inline (200 bytes, no heap).

/// Keccak's 5 × 5 lanes of 64 bits; lane `x + 5y` is `A[x, y]`.
@usableFromInline
package struct KeccakState: Sendable {
    @usableFromInline
    var lanes: (UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64,
                UInt64, UInt64, UInt64, UInt64, UInt64)
        = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    @inlinable
    package init() {}

    /// XORs `laneCount` little-endian 64-bit words from `input` (any alignment) into the first lanes.
    @inlinable
    mutating func xorLanes(from input: UnsafeRawPointer, laneCount: Int) {
        withUnsafeMutableBytes(of: &lanes) { state in
            for index in 0..<laneCount {
                let word = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self))
                let lane = state.load(fromByteOffset: index &* 8, as: UInt64.self)
                state.storeBytes(of: lane ^ word, toByteOffset: index &* 8, as: UInt64.self)
            }
        }
    }

    /// XORs `count` bytes from `input` into the state starting at byte `offset`.
    @inlinable
    mutating func xorBytes(from input: UnsafeRawPointer, count: Int, at offset: Int) {
        withUnsafeMutableBytes(of: &lanes) { state in
            for index in 0..<count {
                let position = offset &+ index
                let byte = UInt64(input.load(fromByteOffset: index, as: UInt8.self))
                let laneOffset = position & ~7
                let lane = state.load(fromByteOffset: laneOffset, as: UInt64.self)
                state.storeBytes(of: lane ^ (byte &<< UInt64((position & 7) &* 8)), toByteOffset: laneOffset, as: UInt64.self)
            }
        }
    }

    /// Copies `count` bytes of the state from byte `offset` on to `output`.
    @inlinable
    func copyBytes(to output: UnsafeMutableRawPointer, count: Int, from offset: Int) {
        withUnsafeBytes(of: lanes) { state in
            #if _endian(little)
            output.copyMemory(from: state.baseAddress! + offset, byteCount: count)
            #else
            for index in 0..<count {
                let position = offset &+ index
                let lane = state.load(fromByteOffset: position & ~7, as: UInt64.self)
                output.storeBytes(of: UInt8(truncatingIfNeeded: lane &>> UInt64((position & 7) &* 8)),
                                  toByteOffset: index, as: UInt8.self)
            }
            #endif
        }
    }
}
