// Verified certificate chains, remembered so that the next token from the same signing certificate skips
// the chain's three signature checks (two P-384 verifications and certificate parsing): what Apple's own
// library does. Key: the two certificates' bytes as sent (x5c[0] and x5c[1]). An entry holds the leaf's
// key and the window in which every certificate of the chain is valid; it is used only for a time inside
// that window and never after the window ends by the wall clock, so it never outlives the certificates.
// Bounded: at most `capacity` entries, expired ones dropped first, then the oldest.

import PureJWT
import PureP256

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Sendable by its lock: `entries` is only touched inside `lock.withLock`.
final class ChainCache: @unchecked Sendable {
    struct Entry {
        let leafKey: P256.Signing.PublicKey
        /// Seconds since 1970: the latest notBefore and earliest notAfter of leaf, intermediate and root.
        let validFrom: Int64
        let validUntil: Int64
        let insertedAt: Int64
    }

    private let lock = PlatformLock()
    private var entries: [String: Entry] = [:]
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The leaf key for the chain `key`, if cached and valid at `time` while `now` is inside its window.
    func leafKey(for key: String, at time: Int64, now: Int64) -> P256.Signing.PublicKey? {
        guard capacity > 0 else { return nil }
        return lock.withLock {
            guard let entry = entries[key], entry.validFrom <= time, time <= entry.validUntil, now <= entry.validUntil else { return nil }
            return entry.leafKey
        } ?? nil
    }

    func insert(_ entry: Entry, for key: String, now: Int64) {
        guard capacity > 0 else { return }
        _ = lock.withLock {
            if entries.count >= capacity {
                entries = entries.filter { now <= $0.value.validUntil }
                if entries.count >= capacity, let oldest = entries.min(by: { $0.value.insertedAt < $1.value.insertedAt }) {
                    entries[oldest.key] = nil
                }
            }
            entries[key] = entry
        }
    }

    var count: Int { lock.withLock { entries.count } ?? 0 }
}
