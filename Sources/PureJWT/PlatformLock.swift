// A mutex for the few places where an actor hop costs more than the work it guards (the key-set cache's
// fresh-keys snapshot, read once per verified token). FoundationEssentials has no NSLock and
// Synchronization's Mutex needs macOS 15, so this is the platform's own: pthread_mutex on Darwin and
// Linux. Where neither exists, `withLock` returns nil and callers take their actor path instead.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

package final class PlatformLock: @unchecked Sendable {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// `body`'s result under the lock.
    package func withLock<T>(_ body: () -> T) -> T? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
    #else
    package init() {}

    /// No lock on this platform: nil, and the caller uses its actor-isolated path.
    package func withLock<T>(_ body: () -> T) -> T? { nil }
    #endif
}
