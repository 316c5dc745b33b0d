// The public API: `Base64` (RFC 4648 §4, padded) and `Base64URL` (§5, unpadded, as JWS uses it).

/// Standard base64 (RFC 4648 §4): alphabet `A–Z a–z 0–9 + /`, padded with '='.
///
/// Decoding is strict: characters outside the alphabet, missing or misplaced padding, and non-zero
/// unused trailing bits are all rejected with a `Base64Error` that gives the byte offset. For PEM bodies,
/// whose lines are broken, use `decodeIgnoringWhitespace(_:)`, the one explicit lenient entry point.
public enum Base64 {
    /// The base64 encoding of `bytes`, padded.
    @inlinable public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        withBuffer(bytes) { Base64Alphabet.standard.encodeToString($0) }
    }

    /// The base64 encoding of `bytes` as ASCII bytes, padded.
    @inlinable public static func encodeToBytes<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        withBuffer(bytes) { Base64Alphabet.standard.encodeToBytes($0) }
    }

    /// Decodes strict, padded base64 text.
    @inlinable public static func decode<Text: StringProtocol>(_ text: Text) throws(Base64Error) -> [UInt8] {
        try decode(ascii: text.utf8)
    }

    /// Decodes strict, padded base64 held as ASCII bytes.
    @inlinable public static func decode<ASCII: Sequence>(ascii: ASCII) throws(Base64Error) -> [UInt8] where ASCII.Element == UInt8 {
        try withBuffer(ascii) { (buffer) throws(Base64Error) in try Base64Alphabet.standard.decode(buffer) }
    }

    /// Decodes padded base64 after skipping spaces, tabs, CR and LF, for PEM bodies and wrapped text.
    /// Everything else is as strict as `decode(_:)`; error offsets count the skipped bytes too.
    @inlinable public static func decodeIgnoringWhitespace<Text: StringProtocol>(_ text: Text) throws(Base64Error) -> [UInt8] {
        try withBuffer(text.utf8) { (buffer) throws(Base64Error) in
            try Base64Alphabet.standard.decodeIgnoringWhitespace(buffer)
        }
    }
}

/// Base64url (RFC 4648 §5) without padding, as JWS and JWT use it (RFC 7515 §2): alphabet
/// `A–Z a–z 0–9 - _`.
///
/// Decoding is strict: any '=', any character outside the alphabet, an impossible length, and non-zero
/// unused trailing bits are rejected with a `Base64Error` that gives the byte offset.
public enum Base64URL {
    /// The unpadded base64url encoding of `bytes`.
    @inlinable public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        withBuffer(bytes) { Base64Alphabet.url.encodeToString($0) }
    }

    /// The unpadded base64url encoding of `bytes` as ASCII bytes.
    @inlinable public static func encodeToBytes<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        withBuffer(bytes) { Base64Alphabet.url.encodeToBytes($0) }
    }

    /// The length of the unpadded encoding of `byteCount` bytes.
    package static func encodedCount(_ byteCount: Int) -> Int { Base64Alphabet.url.encodedCount(byteCount) }

    /// Appends the unpadded encoding of `bytes` to `output`, writing in place (no intermediate array): for
    /// assembling a token in one buffer.
    package static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        let count = Base64Alphabet.url.encodedCount(bytes.count), start = output.count
        output.append(contentsOf: repeatElement(0, count: count))
        bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { buffer in
                Base64Alphabet.url.encode(input, into: UnsafeMutableBufferPointer(rebasing: buffer[start..<(start + count)]))
            }
        }
    }

    /// Decodes strict, unpadded base64url text.
    @inlinable public static func decode<Text: StringProtocol>(_ text: Text) throws(Base64Error) -> [UInt8] {
        try decode(ascii: text.utf8)
    }

    /// Decodes strict, unpadded base64url held as ASCII bytes (e.g. a slice of a token, without copying
    /// it first).
    @inlinable public static func decode<ASCII: Sequence>(ascii: ASCII) throws(Base64Error) -> [UInt8] where ASCII.Element == UInt8 {
        try withBuffer(ascii) { (buffer) throws(Base64Error) in try Base64Alphabet.url.decode(buffer) }
    }
}

/// Runs `body` over the bytes of `bytes`, in place when they are contiguous, else over a copy. Inlinable,
/// with the public entry points, so that callers get it specialized to their collection type: a generic
/// call across the module boundary cost more than the decoding of a JWT header.
@inlinable
func withBuffer<Bytes: Sequence, Result, Failure: Error>(
    _ bytes: Bytes, _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
) throws(Failure) -> Result where Bytes.Element == UInt8 {
    let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
        Swift.Result { () throws(Failure) in try body(buffer) }
    }
    let outcome = inPlace ?? Array(bytes).withUnsafeBufferPointer { buffer in
        Swift.Result { () throws(Failure) in try body(buffer) }
    }
    return try outcome.get()
}
