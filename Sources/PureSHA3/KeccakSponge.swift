// The sponge construction of FIPS 202 §4 over Keccak-f[1600], with the SHA-3 and SHAKE domain separation
// and pad10*1 (§5.1, §6.1–6.2) folded into one byte: the suffix bits 01 (SHA-3) or 1111 (SHAKE) and the
// first padding bit make 0x06 or 0x1F, the last padding bit is 0x80 at the end of the block.

/// A Keccak sponge: absorb any number of bytes, then squeeze any number of bytes.
///
/// Running time depends on the number of bytes absorbed and squeezed, never on their values.
@usableFromInline
package struct KeccakSponge: Sendable {
    @usableFromInline var state = KeccakState()
    /// The rate r / 8 in bytes: 168 (SHAKE128), 136 (SHA3-256, SHAKE256), 104 (SHA3-384), 72 (SHA3-512).
    @usableFromInline let rate: Int
    /// The domain suffix with the first padding bit: 0x06 for SHA-3, 0x1F for SHAKE.
    @usableFromInline let suffix: UInt8
    /// Absorbing: bytes of the current block taken so far. Squeezing: bytes of the current block given out.
    @usableFromInline var position = 0
    @usableFromInline var isSqueezing = false

    @inlinable
    package init(rate: Int, suffix: UInt8) {
        self.rate = rate
        self.suffix = suffix
    }

    /// Absorbs `input`. Must not be called once squeezing has started.
    @inlinable
    package mutating func absorb(_ input: UnsafeRawBufferPointer) {
        precondition(!isSqueezing, "a Keccak sponge cannot absorb after it has been squeezed")
        guard var pointer = input.baseAddress, input.count > 0 else { return }
        var remaining = input.count
        if position > 0 {
            let take = min(remaining, rate &- position)
            state.xorBytes(from: pointer, count: take, at: position)
            position &+= take
            pointer += take
            remaining &-= take
            guard position == rate else { return }
            state.permute()
            position = 0
        }
        let laneCount = rate &>> 3
        while remaining >= rate {
            state.xorLanes(from: pointer, laneCount: laneCount)
            state.permute()
            pointer += rate
            remaining &-= rate
        }
        if remaining > 0 {
            state.xorBytes(from: pointer, count: remaining, at: 0)
            position = remaining
        }
    }

    /// Pads the absorbed message and switches to squeezing. Called once, by the first `squeeze`.
    @inlinable
    mutating func finishAbsorbing() {
        var suffix = self.suffix
        state.xorBytes(from: &suffix, count: 1, at: position)
        var last: UInt8 = 0x80
        state.xorBytes(from: &last, count: 1, at: rate &- 1)
        state.permute()
        position = 0
        isSqueezing = true
    }

    /// Writes the next `output.count` bytes of the sponge's output to `output`.
    @inlinable
    package mutating func squeeze(into output: UnsafeMutableRawBufferPointer) {
        if !isSqueezing { finishAbsorbing() }
        guard var pointer = output.baseAddress else { return }
        var remaining = output.count
        while remaining > 0 {
            if position == rate {
                state.permute()
                position = 0
            }
            let take = min(remaining, rate &- position)
            state.copyBytes(to: pointer, count: take, from: position)
            position &+= take
            pointer += take
            remaining &-= take
        }
    }
}
