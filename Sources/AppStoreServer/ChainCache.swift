// Verified certificate chains, remembered so that the next token (or receipt) from the same signing
// certificate skips the chain's signature checks and certificate parsing: what Apple's own library does for
// signed data. Key: the certificates' bytes as sent (x5c[0] and x5c[1]; a receipt's certificate set and
// signer). An entry holds the leaf's key and the window in which every certificate of the chain, the root
// included, is valid; it answers only for a time inside that window — exactly the times at which the full
// validation would pass. JWS entries are also never used after the window ends by the wall clock, so they
// never outlive the certificates; receipts, checked at their creation date by design, skip that rule.
// Bounded: at most `capacity` entries, expired ones dropped first, then the oldest.

import PureJWT
import PureP256

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Sendable by its lock: `entries` is only touched inside `lock.withLock`.
final class ChainCache<Key: Hashable & Sendable, LeafKey: Sendable>: @unchecked Sendable {
    struct Entry {
        let leafKey: LeafKey
        /// Seconds since 1970: the latest notBefore and earliest notAfter of leaf, intermediate and root.
        let validFrom: Int64
        let validUntil: Int64
        let insertedAt: Int64
        /// Whether the entry is dropped first once the wall clock passes `validUntil` (JWS chains; not
        /// receipt chains, which stay useful for old receipts).
        var dropsWhenExpired = true
    }

    private let lock = PlatformLock()
    private var entries: [Key: Entry] = [:]
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// The leaf key for the chain `key`, if cached and valid at `time` (and, when `now` is given, while the
    /// wall clock is inside its window).
    func leafKey(for key: Key, at time: Int64, now: Int64?) -> LeafKey? {
        guard capacity > 0 else { return nil }
        return lock.withLock {
            guard let entry = entries[key], entry.validFrom <= time, time <= entry.validUntil, now.map({ $0 <= entry.validUntil }) ?? true else {
                return nil
            }
            return entry.leafKey
        } ?? nil
    }

    func insert(_ entry: Entry, for key: Key, now: Int64) {
        guard capacity > 0 else { return }
        _ = lock.withLock {
            if entries.count >= capacity {
                entries = entries.filter { now <= $0.value.validUntil || !$0.value.dropsWhenExpired }
                if entries.count >= capacity, let oldest = entries.min(by: { $0.value.insertedAt < $1.value.insertedAt }) {
                    entries[oldest.key] = nil
                }
            }
            entries[key] = entry
        }
    }

    var count: Int { lock.withLock { entries.count } ?? 0 }
}
