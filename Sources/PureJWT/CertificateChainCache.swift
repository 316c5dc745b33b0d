// Verified certificate chains, remembered so that the next token (or receipt) from the same signing
// certificate skips the chain's signature checks and certificate parsing: what Apple's own library does for
// signed data. Key: the certificates' bytes as sent (x5c[0] and x5c[1]; a receipt's certificate set and
// signer). An entry holds the leaf's key and the window in which every certificate of the chain, the root
// included, is valid; it answers only for a time inside that window — exactly the times at which the full
// validation would pass. JWS entries are also never used after the window ends by the wall clock, so they
// never outlive the certificates; receipts, checked at their creation date by design, skip that rule.
// Bounded: at most `capacity` entries, expired ones dropped first, then the oldest. Package API: the App
// Store verifiers and Apple Pay's token verifier share it.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Sendable by its lock: `entries` is only touched inside `lock.withLock`.
package final class ChainCache<Key: Hashable & Sendable, LeafKey: Sendable>: @unchecked Sendable {
    package struct Entry {
        package let leafKey: LeafKey
        /// Seconds since 1970: the latest notBefore and earliest notAfter of leaf, intermediate and root.
        package let validFrom: Int64
        package let validUntil: Int64
        package let insertedAt: Int64
        /// Whether the entry is dropped first once the wall clock passes `validUntil` (JWS chains; not
        /// receipt chains, which stay useful for old receipts).
        package var dropsWhenExpired = true

        package init(leafKey: LeafKey, validFrom: Int64, validUntil: Int64, insertedAt: Int64, dropsWhenExpired: Bool = true) {
            self.leafKey = leafKey
            self.validFrom = validFrom
            self.validUntil = validUntil
            self.insertedAt = insertedAt
            self.dropsWhenExpired = dropsWhenExpired
        }
    }

    private let lock = PlatformLock()
    private var entries: [Key: Entry] = [:]
    package let capacity: Int

    package init(capacity: Int) { self.capacity = capacity }

    /// The leaf key for the chain `key`, if cached and valid at `time` (and, when `now` is given, while the
    /// wall clock is inside its window).
    package func leafKey(for key: Key, at time: Int64, now: Int64?) -> LeafKey? {
        guard capacity > 0 else { return nil }
        return lock.withLock {
            guard let entry = entries[key], entry.validFrom <= time, time <= entry.validUntil, now.map({ $0 <= entry.validUntil }) ?? true else {
                return nil
            }
            return entry.leafKey
        } ?? nil
    }

    package func insert(_ entry: Entry, for key: Key, now: Int64) {
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

    package var count: Int { lock.withLock { entries.count } ?? 0 }
}
