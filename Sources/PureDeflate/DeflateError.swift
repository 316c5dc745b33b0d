// The one error type of PureDeflate: what was wrong with a compressed stream, and where.

/// Why a DEFLATE stream (RFC 1951) was refused.
public struct DeflateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The decompressed data would exceed the limit the caller set (the limit).
        case outputTooLarge(limit: Int)
        /// The stream ended inside a block.
        case truncated
        /// A block header with the reserved type 3.
        case invalidBlockType
        /// A stored block whose length and its one's complement disagree.
        case storedLengthMismatch
        /// A dynamic block's code lengths do not form a valid prefix code (over-subscribed, incomplete,
        /// no end-of-block code, a repeat with nothing to repeat or past the end, too many codes).
        case invalidCodeLengths
        /// A length or distance symbol that RFC 1951 reserves (286, 287; 30, 31), or a bit pattern no
        /// code has.
        case invalidSymbol
        /// A back-reference further back than the data decompressed so far.
        case distanceTooFarBack
        /// Bytes after the final block.
        case trailingData
        /// A negative output limit.
        case invalidLimit
    }

    /// What was wrong.
    public let reason: Reason
    /// The byte offset in the compressed input where it was found.
    public let offset: Int

    /// An error for `reason` at `offset`.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String {
        let at = " (at compressed byte \(offset))"
        switch reason {
        case .outputTooLarge(let limit):
            return "the data decompresses to more than \(limit) bytes, the limit set\(at); raise the limit only for a sender you trust"
        case .truncated: return "the compressed data ends inside a block\(at); it was cut short"
        case .invalidBlockType: return "a DEFLATE block has the reserved type 3\(at); the data is not raw DEFLATE (zlib and gzip headers are not accepted)"
        case .storedLengthMismatch: return "a stored block's length does not match its complement\(at); the data is corrupted"
        case .invalidCodeLengths: return "a block's Huffman code lengths are not a valid prefix code\(at); the data is corrupted"
        case .invalidSymbol: return "a length or distance code RFC 1951 does not define\(at); the data is corrupted"
        case .distanceTooFarBack: return "a back-reference points before the start of the data\(at); the data is corrupted"
        case .trailingData: return "bytes follow the final DEFLATE block\(at)"
        case .invalidLimit: return "the output limit must not be negative"
        }
    }
}
