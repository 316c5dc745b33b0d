// The paginated endpoints (transaction history, refund history, notification history) as AsyncSequences:
// each page is fetched when the iteration asks for it, with the previous page's token, until Apple says
// there is no more. A failed page ends the iteration with its error; iterating again starts over.

/// The pages of a paginated App Store Server API call, fetched one at a time as they are iterated. Each
/// element is one page, as Apple sent it; the iteration throws `AppStoreAPIError`.
public struct AppStoreAPIPages<Page: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page

    /// Fetches the page at a token (nil: the first) and returns it with the next page's token (nil: the last).
    package typealias Fetch = @Sendable (String?) async throws(AppStoreAPIError) -> (page: Page, next: String?)

    private let fetch: Fetch
    /// The most pages one iteration fetches (Apple's history pages hold 20 transactions; 100,000 pages is
    /// two million): a server that always answers hasMore would otherwise keep a loop going for ever.
    public let maximumPages: Int

    package init(maximumPages: Int = 100_000, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.maximumPages = maximumPages
    }

    public func makeAsyncIterator() -> Iterator { Iterator(fetch: fetch, maximumPages: maximumPages) }

    /// Fetches the next page when asked.
    public struct Iterator: AsyncIteratorProtocol {
        private let fetch: Fetch
        private let maximumPages: Int
        private var token: String?
        private var fetched = 0
        private var finished = false
        private var previousTokens: Set<String> = []

        init(fetch: @escaping Fetch, maximumPages: Int) {
            self.fetch = fetch
            self.maximumPages = maximumPages
        }

        /// The next page, or nil after the last.
        public mutating func next() async throws -> Page? {
            guard !finished else { return nil }
            guard fetched < maximumPages else {
                finished = true
                throw AppStoreAPIError(.invalidResponse("more than \(maximumPages) pages: the iteration stopped"))
            }
            let result: (page: Page, next: String?)
            do { result = try await fetch(token) } catch {
                finished = true
                throw error
            }
            fetched += 1
            if let next = result.next {
                // A token seen before would loop for ever.
                guard previousTokens.insert(next).inserted else {
                    finished = true
                    throw AppStoreAPIError(.invalidResponse("Apple answered a page token it had already given (\(next)): the iteration stopped"))
                }
                token = next
            } else {
                finished = true
            }
            return result.page
        }
    }
}
