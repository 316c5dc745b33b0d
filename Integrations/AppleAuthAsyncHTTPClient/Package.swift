// swift-tools-version:6.0
//
// AppleAuthAsyncHTTPClient: an AppleHTTPTransport on AsyncHTTPClient, for servers that already use it
// (Vapor and Hummingbird applications do). A separate package, depending on PureJWT by path here, so that
// PureJWT itself keeps no dependencies; published, it would be its own repository.
import PackageDescription

let package = Package(
    name: "AppleAuthAsyncHTTPClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "AppleAuthAsyncHTTPClient", targets: ["AppleAuthAsyncHTTPClient"]),
    ],
    dependencies: [
        .package(name: "PureJWT", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.100.0"),
    ],
    targets: [
        .target(
            name: "AppleAuthAsyncHTTPClient",
            dependencies: [
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "AppleAuthAsyncHTTPClientTests",
            dependencies: [
                "AppleAuthAsyncHTTPClient",
                .product(name: "AppleAuth", package: "PureJWT"),
                .product(name: "AppStoreServerAPI", package: "PureJWT"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "PureP256", package: "PureJWT"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
