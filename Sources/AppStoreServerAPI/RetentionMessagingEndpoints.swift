// The Retention Messaging API (same server, same token): images and messages the App Store may show a
// customer who is about to cancel a subscription, the default message per product and locale, the URL of
// the server Apple asks in real time, and Apple's performance test of that server. Uploading sets a value
// under an identifier you choose, so uploads, configurations and deletions are retried; starting a
// performance test is not.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The review state of an uploaded image or message.
public struct RetentionMessagingState: RawRepresentable, Codable, Hashable, Sendable {
    /// The raw value, e.g. "APPROVED".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Waiting for review.
    public static let pending = Self(rawValue: "PENDING")
    /// Approved: it can be shown.
    public static let approved = Self(rawValue: "APPROVED")
    /// Rejected in review.
    public static let rejected = Self(rawValue: "REJECTED")
}

/// An image's size class.
public struct RetentionMessagingImageSize: RawRepresentable, Codable, Hashable, Sendable {
    /// The raw value, e.g. "FULL_SIZE".
    public let rawValue: String
    /// Any value, including ones this version does not name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The message's main image.
    public static let fullSize = Self(rawValue: "FULL_SIZE")
    /// A bullet point's image.
    public static let bulletPoint = Self(rawValue: "BULLET_POINT")
}

/// A message to upload: a header, a body, and optionally an image and bullet points.
public struct RetentionMessage: Codable, Hashable, Sendable {
    /// The header text.
    public var header: String
    /// The body text.
    public var body: String
    /// The main image.
    public var image: Image?
    /// Where the header goes relative to the image ("ABOVE_IMAGE", "BELOW_IMAGE").
    public var headerPosition: String?
    /// Bullet points.
    public var bulletPoints: [BulletPoint]?

    /// An uploaded image, referred to by its identifier, with its alternative text.
    public struct Image: Codable, Hashable, Sendable {
        /// The image's identifier (lowercase UUID).
        public var imageIdentifier: String
        /// The alternative text.
        public var altText: String
        /// An image reference.
        public init(imageIdentifier: UUID, altText: String) {
            self.imageIdentifier = AppStoreServerAPIClient.text(imageIdentifier)
            self.altText = altText
        }
    }

    /// One bullet point: text and an image.
    public struct BulletPoint: Codable, Hashable, Sendable {
        /// The text.
        public var text: String
        /// The image's identifier (lowercase UUID).
        public var imageIdentifier: String
        /// The image's alternative text.
        public var altText: String
        /// A bullet point.
        public init(text: String, imageIdentifier: UUID, altText: String) {
            self.text = text
            self.imageIdentifier = AppStoreServerAPIClient.text(imageIdentifier)
            self.altText = altText
        }
    }

    /// A message.
    public init(header: String, body: String, image: Image? = nil, headerPosition: String? = nil, bulletPoints: [BulletPoint]? = nil) {
        self.header = header
        self.body = body
        self.image = image
        self.headerPosition = headerPosition
        self.bulletPoints = bulletPoints
    }
}

/// Get Image List's answer.
public struct RetentionImageListResponse: Codable, Hashable, Sendable {
    /// Each uploaded image.
    public var imageIdentifiers: [Item]?
    /// One image.
    public struct Item: Codable, Hashable, Sendable {
        /// Its identifier.
        public var imageIdentifier: UUID?
        /// Its review state.
        public var imageState: RetentionMessagingState?
        /// Its size class.
        public var imageSize: RetentionMessagingImageSize?
    }
}

/// Get Message List's answer.
public struct RetentionMessageListResponse: Codable, Hashable, Sendable {
    /// Each uploaded message.
    public var messageIdentifiers: [Item]?
    /// One message.
    public struct Item: Codable, Hashable, Sendable {
        /// Its identifier.
        public var messageIdentifier: UUID?
        /// Its review state.
        public var messageState: RetentionMessagingState?
    }
}

/// Get Default Message's answer.
public struct RetentionDefaultMessageResponse: Codable, Hashable, Sendable {
    /// The default message's identifier.
    public var messageIdentifier: UUID?
}

/// Get Realtime URL's answer.
public struct RetentionRealtimeURLResponse: Codable, Hashable, Sendable {
    /// The URL Apple calls in real time.
    public var realtimeURL: String?
}

/// A performance test's settings, as Apple reports them.
public struct RetentionPerformanceTestConfig: Codable, Hashable, Sendable {
    /// Requests in flight at once.
    public var maxConcurrentRequests: Int?
    /// Requests in all.
    public var totalRequests: Int?
    /// The test's length, in milliseconds.
    public var totalDuration: Int64?
    /// The slowest acceptable answer, in milliseconds.
    public var responseTimeThreshold: Int?
    /// The lowest acceptable success rate, in percent.
    public var successRateThreshold: Int?
}

/// Initiate Performance Test's answer.
public struct RetentionPerformanceTestResponse: Codable, Hashable, Sendable {
    /// The test's settings.
    public var config: RetentionPerformanceTestConfig?
    /// The test's identifier, to ask for its results.
    public var requestId: String?
}

/// Get Performance Test Results' answer.
public struct RetentionPerformanceTestResultResponse: Codable, Hashable, Sendable {
    /// The test's settings.
    public var config: RetentionPerformanceTestConfig?
    /// The URL tested.
    public var target: String?
    /// "PASS", "FAIL" or "PENDING".
    public var result: String?
    /// The share of successful answers, in percent.
    public var successRate: Int?
    /// Requests not yet answered.
    public var numPending: Int?
    /// Answer times in milliseconds.
    public var responseTimes: ResponseTimes?
    /// Failed requests, by kind ("TIMED_OUT": 1, …).
    public var failures: [String: Int]?

    /// Answer times in milliseconds.
    public struct ResponseTimes: Codable, Hashable, Sendable {
        /// The mean.
        public var average: Int64?
        /// The median.
        public var p50: Int64?
        /// The 90th percentile.
        public var p90: Int64?
        /// The 95th percentile.
        public var p95: Int64?
        /// The 99th percentile.
        public var p99: Int64?
    }
}

extension AppStoreServerAPIClient {
    /// Upload Image: PUT /inApps/v1/messaging/image/{imageIdentifier}[?imageSize=…] with the PNG bytes.
    /// Sets the image under your identifier: retried.
    public func uploadImage(_ png: [UInt8], imageIdentifier: UUID, imageSize: RetentionMessagingImageSize? = nil) async throws(AppStoreAPIError) {
        guard !png.isEmpty else { throw AppStoreAPIError(.invalidRequest("the image is empty")) }
        _ = try await send("PUT", "/inApps/v1/messaging/image/" + Self.text(imageIdentifier),
                           query: imageSize.map { [("imageSize", $0.rawValue)] } ?? [], body: .bytes(png, contentType: "image/png"), .repeatable)
    }

    /// Delete Image: DELETE /inApps/v1/messaging/image/{imageIdentifier}. Retried.
    public func deleteImage(imageIdentifier: UUID) async throws(AppStoreAPIError) {
        _ = try await send("DELETE", "/inApps/v1/messaging/image/" + Self.text(imageIdentifier), .repeatable)
    }

    /// Get Image List: GET /inApps/v1/messaging/image/list. A read: retried.
    public func imageList() async throws(AppStoreAPIError) -> RetentionImageListResponse {
        try await send("GET", "/inApps/v1/messaging/image/list", .repeatable, as: RetentionImageListResponse.self)
    }

    /// Upload Message: PUT /inApps/v1/messaging/message/{messageIdentifier} with the message as JSON.
    /// Sets the message under your identifier: retried.
    public func uploadMessage(_ message: RetentionMessage, messageIdentifier: UUID) async throws(AppStoreAPIError) {
        _ = try await send("PUT", "/inApps/v1/messaging/message/" + Self.text(messageIdentifier), body: .json(message), .repeatable)
    }

    /// Delete Message: DELETE /inApps/v1/messaging/message/{messageIdentifier}. Retried.
    public func deleteMessage(messageIdentifier: UUID) async throws(AppStoreAPIError) {
        _ = try await send("DELETE", "/inApps/v1/messaging/message/" + Self.text(messageIdentifier), .repeatable)
    }

    /// Get Message List: GET /inApps/v1/messaging/message/list. A read: retried.
    public func messageList() async throws(AppStoreAPIError) -> RetentionMessageListResponse {
        try await send("GET", "/inApps/v1/messaging/message/list", .repeatable, as: RetentionMessageListResponse.self)
    }

    /// Configure Default Message: PUT /inApps/v1/messaging/default/{productId}/{locale} with
    /// `{"messageIdentifier": "…"}`. Sets a value: retried.
    public func configureDefaultMessage(productID: String, locale: String, messageIdentifier: UUID) async throws(AppStoreAPIError) {
        struct Body: Encodable { let messageIdentifier: String }
        _ = try await send("PUT", try Self.defaultMessagePath(productID, locale), body: .json(Body(messageIdentifier: Self.text(messageIdentifier))),
                           .repeatable)
    }

    /// Delete Default Message: DELETE /inApps/v1/messaging/default/{productId}/{locale}. Retried.
    public func deleteDefaultMessage(productID: String, locale: String) async throws(AppStoreAPIError) {
        _ = try await send("DELETE", try Self.defaultMessagePath(productID, locale), .repeatable)
    }

    /// Get Default Message: GET /inApps/v1/messaging/default/{productId}/{locale}. A read: retried.
    public func defaultMessage(productID: String, locale: String) async throws(AppStoreAPIError) -> RetentionDefaultMessageResponse {
        try await send("GET", try Self.defaultMessagePath(productID, locale), .repeatable, as: RetentionDefaultMessageResponse.self)
    }

    /// Configure Realtime URL: PUT /inApps/v1/messaging/realtime/url with `{"realtimeURL": "…"}` (https).
    /// Sets a value: retried.
    public func configureRealtimeURL(_ realtimeURL: String) async throws(AppStoreAPIError) {
        guard realtimeURL.lowercased().hasPrefix("https://"), realtimeURL.utf8.count <= 2048 else {
            throw AppStoreAPIError(.invalidRequest("the realtime URL must be an https:// URL of at most 2,048 bytes, not \"\(realtimeURL.prefix(100))\""))
        }
        struct Body: Encodable { let realtimeURL: String }
        _ = try await send("PUT", "/inApps/v1/messaging/realtime/url", body: .json(Body(realtimeURL: realtimeURL)), .repeatable)
    }

    /// Delete Realtime URL: DELETE /inApps/v1/messaging/realtime/url. Retried.
    public func deleteRealtimeURL() async throws(AppStoreAPIError) {
        _ = try await send("DELETE", "/inApps/v1/messaging/realtime/url", .repeatable)
    }

    /// Get Realtime URL: GET /inApps/v1/messaging/realtime/url. A read: retried.
    public func realtimeURL() async throws(AppStoreAPIError) -> RetentionRealtimeURLResponse {
        try await send("GET", "/inApps/v1/messaging/realtime/url", .repeatable, as: RetentionRealtimeURLResponse.self)
    }

    /// Initiate Performance Test: POST /inApps/v1/messaging/performanceTest with
    /// `{"originalTransactionId": "…"}` (a sandbox subscription's). Starts a test: sent again only when the
    /// connection never opened.
    public func initiatePerformanceTest(originalTransactionID: String) async throws(AppStoreAPIError) -> RetentionPerformanceTestResponse {
        struct Body: Encodable { let originalTransactionId: String }
        _ = try Self.segment(originalTransactionID, "original transaction ID")
        return try await send("POST", "/inApps/v1/messaging/performanceTest", body: .json(Body(originalTransactionId: originalTransactionID)),
                              .singleUse, as: RetentionPerformanceTestResponse.self)
    }

    /// Get Performance Test Results: GET /inApps/v1/messaging/performanceTest/result/{requestId}. A read:
    /// retried.
    public func performanceTestResults(requestID: String) async throws(AppStoreAPIError) -> RetentionPerformanceTestResultResponse {
        try await send("GET", "/inApps/v1/messaging/performanceTest/result/" + Self.segment(requestID, "performance test request ID"), .repeatable,
                       as: RetentionPerformanceTestResultResponse.self)
    }

    private static func defaultMessagePath(_ productID: String, _ locale: String) throws(AppStoreAPIError) -> String {
        "/inApps/v1/messaging/default/" + (try segment(productID, "product ID")) + "/" + (try segment(locale, "locale"))
    }
}
