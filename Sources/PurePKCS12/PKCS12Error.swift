// The one error type of PurePKCS12: why a PKCS#12 file could not be read. Messages never carry the
// password or key material.

/// Why a PKCS#12 file could not be read.
public struct PKCS12Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong. Cases may be added in minor versions: switch with a `default:`.
    public enum Reason: Hashable, Sendable {
        /// The bytes are not a PKCS#12 PFX as RFC 7292 defines it (what is wrong).
        case malformed(String)
        /// An algorithm this reader does not implement (which, and what to do).
        case unsupportedAlgorithm(String)
        /// The MAC does not verify, or the decrypted contents are not padded: the password is wrong (or the
        /// file damaged).
        case wrongPassword
        /// An iteration count outside 1 … 10,000,000.
        case iterationCount(Int)
    }

    /// What was wrong.
    public let reason: Reason

    /// An error for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .malformed(let what): return "not a PKCS#12 file (RFC 7292): \(what)"
        case .unsupportedAlgorithm(let what): return "the PKCS#12 file uses \(what)"
        case .wrongPassword: return "the PKCS#12 password is wrong (the file's MAC or padding does not check), or the file is damaged"
        case .iterationCount(let count): return "the PKCS#12 file asks for \(count) iterations; 1 to 10,000,000 are accepted"
        }
    }
}
